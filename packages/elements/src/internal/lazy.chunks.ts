/**
 * The script-tag build's lazy parts: `paylit.marks.js`, `paylit.crypto.js`,
 * `paylit.installments.js`, `paylit.outcome.js` and `paylit.isolation.js` beside
 * `paylit.js`, found from the script's own URL (read while the script runs: afterwards
 * `currentScript` is gone).
 */
import { scriptBase } from './script-base.js';

const chunk = (name: string) =>
  import(/* @vite-ignore */ new URL(`paylit.${name}.js`, scriptBase).href);
export const importMarks = (): Promise<typeof import('./marks.js')> => chunk('marks');
export const importCrypto = (): Promise<typeof import('./encryption.js')> => chunk('crypto');
export const importPlans = (): Promise<typeof import('./installment-plans.js')> =>
  chunk('installments');
export const importOutcome = (): Promise<
  typeof import('../components/paylit-checkout/paylit-checkout-outcome.styles.js')
> => chunk('outcome');
export const importFrameHost = (): Promise<typeof import('./frame-host.js')> => chunk('isolation');
export const importPayment = (): Promise<
  typeof import('../components/paylit-checkout/checkout-payment.js')
> => chunk('payment');
