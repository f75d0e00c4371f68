// Type test (checked by `npm run typecheck:dist`): the React wrapper's components take the
// elements' properties and one typed `on<Event>` prop per event, and refuse a misspelt event,
// a handler for the wrong event class, a wrong property type and an unknown prop. Each
// `@ts-expect-error` must meet an error: an unused one fails the check.
import {
  PaylitCardFields,
  PaylitCheckout,
  PaylitInstallments,
  PaylitWalletSelect,
} from '@paylit/elements/react';
import type { PaylitDeclinedEvent, PaylitPaymentEvent } from '@paylit/elements';
import { useRef, type ComponentRef } from 'react';

const declined = (e: PaylitDeclinedEvent): string => e.code;

export function Checkout({ secret }: { secret: string }) {
  const ref = useRef<ComponentRef<typeof PaylitCheckout>>(null);
  return (
    <PaylitCheckout
      ref={ref}
      endpoint="/paylit"
      order={secret}
      lang="pt-BR"
      className="checkout"
      isolation="frame"
      fetch={(input, init) => fetch(input, init)}
      onPaylitPaid={(e) => e.payment.status}
      onPaylitAuthorized={(e: PaylitPaymentEvent) => e.payment.id}
      onPaylitDeclined={declined}
      onPaylitRedirect={(e) => e.preventDefault()}
      onPaylitError={(e) => e.detail.fields?.map((f) => f.param)}
      onPaylitSubmit={(e) => e.submission.payer?.document ?? e.submission.payer?.address?.zip_code}
    >
      <PaylitCardFields
        name="card"
        disabled={false}
        onInput={(e) => e.type}
        onChange={(e) => e.type}
      />
      <PaylitInstallments onChange={(e) => e.type} />
      <PaylitWalletSelect />
    </PaylitCheckout>
  );
}

// @ts-expect-error the payer's details a submission carries hold no card number
export const noCardInPayer = <PaylitCheckout onPaylitSubmit={(e) => e.submission.payer?.number} />;
// @ts-expect-error no such event: the prop is onPaylitPaid
export const misspeltEvent = <PaylitCheckout order="A-1" onPaylitPayed={() => {}} />;
// @ts-expect-error the paid handler gets a PaylitPaymentEvent, not a PaylitDeclinedEvent
export const wrongEventClass = <PaylitCheckout order="A-1" onPaylitPaid={declined} />;
// @ts-expect-error a declined event has no `url` (a redirect has)
export const wrongMember = <PaylitCheckout onPaylitDeclined={(e) => e.detail.url} />;
// @ts-expect-error amount is a number
export const wrongAmount = <PaylitCheckout amount="120" />;
// @ts-expect-error isolation is 'page' or 'frame'
export const wrongIsolation = <PaylitCheckout isolation="iframe" />;
// @ts-expect-error no such prop: the property is `order`
export const unknownProp = <PaylitCheckout orderId="A-1" />;
// @ts-expect-error the card fields fire no paylit-paid
export const notThisElement = <PaylitCardFields onPaylitPaid={() => {}} />;
