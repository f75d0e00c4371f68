// Type test (checked by `npm run typecheck`): the generated React 19 types accept the
// elements' attributes and typed event handlers, and refuse wrong ones.
/// <reference path="../../dist/react.d.ts" />
import type { PaylitDeclinedEvent, PaylitPaymentEvent } from '../../src/index.js';

export const checkout = (
  <paylit-checkout
    endpoint="/paylit"
    order="A-1"
    lang="pt-BR"
    onpaylit-paid={(e: PaylitPaymentEvent) => e.payment.status}
    onpaylit-declined={(e: PaylitDeclinedEvent) => e.code}
  >
    <paylit-card-fields name="card" disabled={false}></paylit-card-fields>
    <paylit-installments></paylit-installments>
    <paylit-wallet-select></paylit-wallet-select>
  </paylit-checkout>
);

// @ts-expect-error amount is a number
export const wrongAmount = <paylit-checkout amount="120"></paylit-checkout>;
// @ts-expect-error the paid handler gets a PaylitPaymentEvent, not a string
export const wrongHandler = <paylit-checkout onpaylit-paid={(e: string) => e}></paylit-checkout>;
