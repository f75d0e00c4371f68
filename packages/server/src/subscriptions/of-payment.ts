/** An order that is a subscription, paid by card: the card its first payment saved starts the subscription. */
import type { PaymentRecord } from '@paylit/core/schemas';
import type { MerchantOrder } from '../order.js';
import type { Subscriptions } from './subscriptions.js';

const MADE = new Set(['PAID', 'AUTHORIZED', 'VERIFIED']);

/** When the payment was made, as the API dated it (`2026-02-09T14:47:49.000+0000`); undefined when it says nothing readable. */
function signedUpAt(payment: PaymentRecord): Date | undefined {
  const at = new Date(String(payment.created_date ?? ''));
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * Creates the subscription of `order` (its id, plan, currency, country and the payment's payer)
 * once its first card payment is made and saved the card (`card.card_id`); nothing otherwise.
 * Creating it again answers the one made.
 */
export async function subscriptionOfPayment(
  subscriptions: Subscriptions,
  order: MerchantOrder,
  payment: PaymentRecord,
): Promise<void> {
  const cardId = payment.card?.card_id;
  if (!order.plan || !MADE.has(payment.status) || typeof cardId !== 'string') return;
  const since = signedUpAt(payment);
  const payer = (payment.payer ?? order.payer) as Parameters<Subscriptions['create']>[0]['payer'];
  await subscriptions.create({
    id: order.id,
    plan: order.plan,
    currency: order.currency,
    country: order.country,
    payer,
    ...(order.description !== undefined ? { description: order.description } : {}),
    method: { type: 'CARD', cardId },
    // The day the payer paid, not the day this runs: made again after a store loss, its
    // periods since are still owed (the API is asked before each is charged).
    ...(since ? { signedUpAt: since } : {}),
  });
}
