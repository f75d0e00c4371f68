// Type test (checked by `npm run typecheck`): the generated React 19 types accept the
// elements' attributes and typed event handlers, and refuse wrong ones. Each
// `@ts-expect-error` must meet an error: an unused one fails the check, so looser types fail
// this test.
/// <reference path="../../dist/react.d.ts" />
import type { PaylitDeclinedEvent, PaylitPaymentEvent } from '../../src/index.js';

const declined = (e: PaylitDeclinedEvent): string => e.code;

export const checkout = (
  <paylit-checkout
    endpoint="/paylit"
    order="A-1"
    lang="pt-BR"
    className="checkout"
    onpaylit-paid={(e: PaylitPaymentEvent) => e.payment.status}
    onpaylit-declined={declined}
    onpaylit-error={(e) => e.detail.kind}
  >
    <paylit-card-fields name="card" disabled={false}></paylit-card-fields>
    <paylit-installments></paylit-installments>
    <paylit-wallet-select></paylit-wallet-select>
  </paylit-checkout>
);
export const serverless = (
  <paylit-checkout
    amount={1200}
    currency="BRL"
    country="BR"
    publicKey="{}"
    fetch={(input, init) => fetch(input, init)}
  ></paylit-checkout>
);

// @ts-expect-error amount is a number
export const wrongAmount = <paylit-checkout amount="120"></paylit-checkout>;
// @ts-expect-error order is a string
export const wrongOrder = <paylit-checkout order={1042}></paylit-checkout>;
// @ts-expect-error no such prop: the attribute is `order`
export const unknownProp = <paylit-checkout orderId="A-1"></paylit-checkout>;
// @ts-expect-error the paid handler gets a PaylitPaymentEvent, not a string
export const wrongHandler = <paylit-checkout onpaylit-paid={(e: string) => e}></paylit-checkout>;
// @ts-expect-error the paid handler gets a PaylitPaymentEvent, not a PaylitDeclinedEvent
export const wrongEventClass = <paylit-checkout onpaylit-paid={declined}></paylit-checkout>;
// @ts-expect-error disabled is a boolean
export const wrongDisabled = <paylit-card-fields disabled="yes"></paylit-card-fields>;

// What these types cannot catch: TypeScript checks no JSX attribute whose name has a hyphen
// against the element's props, so a misspelt event compiles (and never fires). The wrapper's
// `onPaylitPayed` is an error (react-wrapper.tsx). If this line ever fails, say so in the README.
export const misspeltEventCompiles = <paylit-checkout onpaylit-payed={() => {}}></paylit-checkout>;
