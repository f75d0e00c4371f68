/** An order that is a subscription, paid by card: the card its first payment saved starts the subscription. */
import type { PaymentRecord } from '@paylit/core/schemas';
import type { MerchantOrder } from '../order.js';
import type { Subscriptions } from './subscriptions.js';

const MADE = new Set(['PAID', 'AUTHORIZED', 'VERIFIED']);

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
  const payer = (payment.payer ?? order.payer) as Parameters<Subscriptions['create']>[0]['payer'];
  await subscriptions.create({
    id: order.id,
    plan: order.plan,
    currency: order.currency,
    country: order.country,
    payer,
    ...(order.description !== undefined ? { description: order.description } : {}),
    method: { type: 'CARD', cardId },
  });
}
