/**
 * A mandate's status live (`GET /subscriptions/events?order=`, Server-Sent Events), read with the
 * checkout's `fetch` as a pending payment's is (`live-payment.ts`): each `subscription` event is
 * handed over as the server sent it, until a final status; the connection is opened again when
 * the server ends it first (after its `retry` hint), after a failure (waiting longer each time,
 * up to 30 s), and at once when the page is shown again (the payer back from their bank's app).
 */
import type { SubscriptionAnswer } from '@paylit/core/checkout';
import { followEvents } from '../paylit-pending/live-payment.js';
import type { CompanionServer } from './checkout-client.js';

/** Follows the subscription of the order `order` (its client secret) until a final status or the answered function is called. */
export function followSubscription(
  server: CompanionServer,
  order: string,
  heard: (answer: SubscriptionAnswer) => void,
): () => void {
  return followEvents<SubscriptionAnswer>(
    server,
    `/subscriptions/events?order=${encodeURIComponent(order)}`,
    'subscription',
    (answer) => answer.subscription.status !== 'PENDING',
    heard,
  );
}
