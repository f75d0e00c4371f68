/**
 * The server's half of a card subscription's consent: an order that is a subscription is paid
 * by card only when the payer accepted its card-on-file terms (`method.subscribe: true`, the box
 * the checkout shows unticked), and that first payment saves the card with
 * `stored_credential_type: SUBSCRIPTION`, `stored_credential_usage: FIRST`, so that the later
 * periods can be charged with it (`USED`).
 */
import type { SubmissionMethod } from '@paylit/core/checkout';
import { CheckoutError } from '../middleware/errors.js';
import type { MerchantOrder } from '../order.js';

/** The card fields of the first payment of a subscription; none for a one-time order. Refuses a card without the payer's consent. */
export function subscriptionCardFields(
  order: Pick<MerchantOrder, 'plan'>,
  method: Extract<SubmissionMethod, { type: 'card' | 'saved_card' }>,
):
  | Record<string, never>
  | { save?: true; stored_credential_type: 'SUBSCRIPTION'; stored_credential_usage: 'FIRST' } {
  if (!order.plan) return {};
  if (method.subscribe !== true)
    throw new CheckoutError(403, {
      type: 'forbidden',
      message:
        "the order is a subscription: paying it by card needs the payer's consent to its card-on-file terms (method.subscribe: true)",
      param: 'method.subscribe',
    });
  return {
    ...(method.type === 'card' ? { save: true as const } : {}),
    stored_credential_type: 'SUBSCRIPTION',
    stored_credential_usage: 'FIRST',
  };
}
