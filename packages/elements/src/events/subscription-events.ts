/**
 * The event of a subscription signed up in the checkout: its own module, so that only the
 * sign-up's chunk carries it (a one-time order's checkout never downloads it).
 */
import type { SubscriptionAnswer } from '@paylit/core/checkout';

/** A subscription as the checkout shows it: the order it is for, how it is paid, and its mandate's status. */
export type SubscriptionView = SubscriptionAnswer['subscription'];

/**
 * The payer's bank authorized the Pix Automático mandate (status `ACTIVE`): the order's plan
 * is charged each period from its start date. A mandate the bank refused or cancelled is a
 * `paylit-declined` with no payment and the mandate's status code (`300` refused, `400` cancelled).
 */
export class PaylitSubscribedEvent extends CustomEvent<{ subscription: SubscriptionView }> {
  readonly subscription: SubscriptionView;
  constructor(subscription: SubscriptionView) {
    super('paylit-subscribed', { bubbles: true, composed: true, detail: { subscription } });
    this.subscription = subscription;
  }
}

declare global {
  interface HTMLElementEventMap {
    'paylit-subscribed': PaylitSubscribedEvent;
  }
}
