/**
 * The script-tag file, `paylit.js`: importing it (one `<script>` tag) defines the four elements,
 * with its lazy parts (`paylit.<name>.js`) beside it (internal/script-loaders.ts). Its values are
 * the page's `paylit` global.
 */
import './internal/script-loaders.js';

export {
  PaylitCardFields,
  CardFieldsInvalidError,
} from './components/paylit-card-fields/paylit-card-fields.js';
export { resolveLocale, format, locales, messagesFor } from './i18n/index.js';
export { PaylitCheckout } from './components/paylit-checkout/paylit-checkout.js';
export { PaylitInstallments } from './components/paylit-installments/paylit-installments.js';
export { checkoutContext } from './context/checkout-context.js';
export {
  PaylitDeclinedEvent,
  PaylitErrorEvent,
  PaylitPaymentEvent,
  PaylitRedirectEvent,
  PaylitSubmitEvent,
} from './events/payment-events.js';
export { PaylitWalletSelect } from './components/paylit-wallet-select/paylit-wallet-select.js';
