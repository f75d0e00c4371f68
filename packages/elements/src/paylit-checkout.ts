/**
 * `@paylit/elements/paylit-checkout`: importing it defines `<paylit-checkout>` and, as its
 * default content, `<paylit-card-fields>`, `<paylit-installments>` and `<paylit-wallet-select>`.
 * The event classes let a page type its listeners:
 *
 * ```ts
 * import { PaylitPaymentEvent } from '@paylit/elements/paylit-checkout';
 * checkout.addEventListener('paylit-paid', (e) => e instanceof PaylitPaymentEvent && show(e.payment));
 * ```
 */
import './internal/module-loaders.js';
import './frame/module-frame-loaders.js';
export { PaylitCheckout } from './components/paylit-checkout/paylit-checkout.js';
// Defined here with the checkout, as this entry promises; the checkout alone would load them
// when it first draws one (the script-tag build's way: a card-only order never runs them).
import './components/paylit-installments/paylit-installments.js';
import './components/paylit-wallet-select/paylit-wallet-select.js';
export {
  PaylitDeclinedEvent,
  PaylitErrorEvent,
  PaylitPaymentEvent,
  PaylitRedirectEvent,
  PaylitSubmitEvent,
} from './events/payment-events.js';
export { PaylitSubscribedEvent } from './events/subscription-events.js';
