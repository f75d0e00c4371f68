/**
 * A payment as the browser may see it: status, amounts, card brand and last four, and
 * the next action; never the payer, the URLs, a wallet's token, or card data. A saved card's
 * id only when this payment saved it with the shopper's consent: the merchant keeps it to
 * offer the card next time (it pays only through the merchant's server, for an order that
 * lists it).
 */
import type { z } from 'zod';
import type { NextAction, paymentViewSchema } from '@paylit/core/checkout';
import type { PaymentRecord } from '@paylit/core/schemas';

export function publicPayment(
  record: PaymentRecord,
  orderId: string,
): z.input<typeof paymentViewSchema> {
  const card = record.card;
  return {
    id: record.id,
    order: orderId,
    status: record.status,
    status_code: record.status_code,
    status_detail: record.status_detail,
    amount: record.amount,
    currency: record.currency,
    country: record.country,
    payment_method_id: record.payment_method_id,
    payment_method_type: record.payment_method_type,
    payment_method_flow: record.payment_method_flow,
    ...(card
      ? {
          card: {
            brand: card.brand,
            last4: card.last4,
            expiration_month: card.expiration_month,
            expiration_year: card.expiration_year,
            ...(card.installments ? { installments: card.installments } : {}),
            ...(card.save === true && card.card_id ? { card_id: card.card_id } : {}),
          },
        }
      : {}),
    created_date: record.created_date,
    ...(record.approved_date ? { approved_date: record.approved_date } : {}),
  };
}

/** What the payer must do next: go to a page (3-D Secure, a redirect method), or nothing. */
export function nextAction(record: PaymentRecord): NextAction {
  if (record.status !== 'PENDING') return null;
  const url = record.three_dsecure?.redirect_url ?? record.redirect_url;
  return url ? { type: 'redirect', url } : null;
}
