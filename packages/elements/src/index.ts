/**
 * `@paylit/elements`: the checkout web components. Importing this module defines them.
 */
import './internal/module-loaders.js';
import './frame/module-frame-loaders.js';
export {
  PaylitCardFields,
  CardFieldsInvalidError,
} from './components/paylit-card-fields/paylit-card-fields.js';
export type {
  CardSubmission,
  SavedCardSubmission,
} from './components/paylit-card-fields/paylit-card-fields.js';
export { resolveLocale, format, locales, messagesFor } from './i18n/index.js';
export type { Locale, Messages } from './i18n/index.js';
export { PaylitCheckout } from './components/paylit-checkout/paylit-checkout.js';
export { PaylitInstallments } from './components/paylit-installments/paylit-installments.js';
export { checkoutContext } from './context/checkout-context.js';
export type {
  CheckoutContextValue,
  InstallmentOption,
  InstallmentsPlan,
  OrderView,
  SavedCardView,
  Selection,
} from './context/checkout-context.js';
export {
  PaylitDeclinedEvent,
  PaylitErrorEvent,
  PaylitPaymentEvent,
  PaylitRedirectEvent,
  PaylitSubmitEvent,
} from './events/payment-events.js';
export { PaylitSubscribedEvent } from './events/subscription-events.js';
export type {
  CheckoutLoadErrorCode,
  PaymentPlan,
  PaymentView,
  Submission,
} from './events/payment-events.js';
export { PaylitWalletSelect } from './components/paylit-wallet-select/paylit-wallet-select.js';
