import type { EventName } from '@lit/react';
import type {
  PaylitDeclinedEvent,
  PaylitErrorEvent,
  PaylitPaymentEvent,
  PaylitRedirectEvent,
  PaylitSubmitEvent,
} from './events/payment-events.js';
import type { PaylitSubscribedEvent } from './events/subscription-events.js';

const event = <T extends Event>(name: string) => name as EventName<T>;

/**
 * The React wrapper's event props, by tag: one per event each element's JSDoc names
 * (`@fires`, as custom-elements.json lists them), `paylit-paid` becoming `onPaylitPaid`,
 * each typed with the class the event is dispatched as.
 */
export const reactEvents = {
  'paylit-checkout': {
    onPaylitSubmit: event<PaylitSubmitEvent>('paylit-submit'),
    onPaylitPaid: event<PaylitPaymentEvent>('paylit-paid'),
    onPaylitAuthorized: event<PaylitPaymentEvent>('paylit-authorized'),
    onPaylitVerified: event<PaylitPaymentEvent>('paylit-verified'),
    onPaylitPending: event<PaylitPaymentEvent>('paylit-pending'),
    onPaylitRedirect: event<PaylitRedirectEvent>('paylit-redirect'),
    onPaylitDeclined: event<PaylitDeclinedEvent>('paylit-declined'),
    onPaylitError: event<PaylitErrorEvent>('paylit-error'),
    onPaylitSubscribed: event<PaylitSubscribedEvent>('paylit-subscribed'),
  },
  'paylit-card-fields': {
    onInput: event<Event>('input'),
    onChange: event<Event>('change'),
  },
  'paylit-installments': {
    onChange: event<Event>('change'),
  },
  'paylit-wallet-select': {},
} as const;
