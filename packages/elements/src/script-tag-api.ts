/**
 * What the script-tag build gives a page: the values of the page's `paylit` global (script-tag.ts)
 * and of `paylit.module.js`'s default export. Apart from the module's own named exports, which
 * also carry the names its chunks import from it (Rollup merges the modules they share into the
 * module, so the first load is a few files).
 */
export {
  PaylitCardFields,
  CardFieldsInvalidError,
} from './components/paylit-card-fields/paylit-card-fields.js';
export { resolveLocale, format, locales, messagesFor } from './i18n/index.js';
export { PaylitCheckout } from './components/paylit-checkout/paylit-checkout.js';
export { checkoutContext } from './context/checkout-context.js';
export {
  PaylitDeclinedEvent,
  PaylitErrorEvent,
  PaylitPaymentEvent,
  PaylitRedirectEvent,
  PaylitSubmitEvent,
} from './events/payment-events.js';
