/**
 * The card frame's lazy parts (frame/card-frame.ts, built as `paylit.frame.js`): the frame's
 * opaque origin cannot load the script-tag file's ES module chunks (test/frame-platform.spec.ts),
 * so the marks and the encryption are inside the frame script, and these answer them at once.
 * The frame's fields are in page mode, and have no installments or outcome.
 */
import { brandMark, cvvMark } from './marks.js';
import * as encryption from './encryption.js';

const none = (what: string) => () => Promise.reject(new Error(`the card frame has no ${what}`));
/** The card fields draw brand marks and the CVV hint; the wallet picker's marks and look stay out of the frame. */
export const importMarks = (): Promise<typeof import('./marks.js')> =>
  Promise.resolve({ brandMark, cvvMark } as Partial<
    typeof import('./marks.js')
  > as typeof import('./marks.js'));
export const importCrypto = (): Promise<typeof import('./encryption.js')> =>
  Promise.resolve(encryption);
export const importPlans: () => Promise<typeof import('./installment-plans.js')> =
  none('installments');
export const importOutcome: () => Promise<
  typeof import('../components/paylit-checkout/paylit-checkout-outcome.styles.js')
> = none('outcome');
export const importFrameHost: () => Promise<typeof import('./frame-host.js')> =
  none('frame of its own');
export const importPayment: () => Promise<
  typeof import('../components/paylit-checkout/checkout-payment.js')
> = none('payment');
