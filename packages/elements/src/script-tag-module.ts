/**
 * The script-tag file's module, `paylit.module.js`: the one entry of the script-tag build, which
 * Rollup splits into the chunks beside it (Lit, core and the rest, each loaded once). `paylit.js`
 * (script-tag.ts) imports it from its own URL; a page may also load it directly with
 * `<script type="module">`. Importing it defines `<paylit-checkout>` and `<paylit-card-fields>`;
 * `<paylit-wallet-select>` and `<paylit-installments>` are chunks of their own, which a checkout
 * loads (and so defines) when it draws one or holds one: a card-only order never runs them. Its
 * values are the page's `paylit` global once it has loaded.
 */
import './internal/script-loaders.js';

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
