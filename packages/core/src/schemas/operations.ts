/**
 * Requests of the operations other than create payment: capture, refund, save a card,
 * installment plans, and the sandbox's force-status tool.
 */
import { z } from 'zod';
import { paymentStatusNames, refundStatusNames } from '../codes.js';
import { country, currency, positiveAmount, text, url } from './common.js';
import { cardSchema, checkCard } from './card.js';
import { payerSchema } from './payer.js';

function amountWithCurrency(body: { amount?: number | undefined; currency?: string | undefined }, ctx: z.RefinementCtx): void {
  if (body.amount !== undefined && body.currency === undefined) ctx.addIssue({ code: 'custom', path: ['currency'], message: 'is required when amount is sent' });
  if (body.currency !== undefined && body.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'is required when currency is sent' });
}

/** Capture of an authorization: `POST /payments` with `authorization_id`. Without `amount`, the whole authorization. */
export const captureRequestSchema = z
  .strictObject({
    authorization_id: text(),
    amount: positiveAmount.optional(),
    currency: currency.optional(),
    order_id: text(125).optional(),
  })
  .superRefine(amountWithCurrency);
export type CaptureRequest = z.infer<typeof captureRequestSchema>;

/** Refund of a capture: `POST /refunds`. Without `amount`, the whole payment. */
export const refundRequestSchema = z
  .strictObject({
    payment_id: text(),
    notification_url: url(500),
    amount: positiveAmount.optional(),
    currency: currency.optional(),
    description: text(200).optional(),
  })
  .superRefine(amountWithCurrency);
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** Body of `POST /secure_cards`: a card to save, raw or encrypted. */
export const saveCardRequestSchema = z
  .strictObject({
    country,
    card: cardSchema.pick({ holder_name: true, expiration_month: true, expiration_year: true, number: true, cvv: true, encrypted_data: true }),
    payer: payerSchema,
  })
  .superRefine((body, ctx) => checkCard(body.card, ctx));
export type SaveCardRequest = z.infer<typeof saveCardRequestSchema>;

/** Body of `POST /installments-plans`: the plans for a BIN and an amount. */
export const installmentsPlanRequestSchema = z.strictObject({
  country,
  bin: z.string().regex(/^\d{6}(\d{2})?$/, 'must be the first 6 or 8 digits of the card'),
  amount: positiveAmount,
  currency,
});
export type InstallmentsPlanRequest = z.infer<typeof installmentsPlanRequestSchema>;

/** Body of the sandbox's `POST /sandbox-tools/payments`: force a pending payment or refund to a final status. */
export const forceStatusRequestSchema = z.strictObject({
  payment_id: text(),
  status: z.enum([...new Set([...paymentStatusNames, ...refundStatusNames])] as [string, ...string[]]),
});
export type ForceStatusRequest = z.infer<typeof forceStatusRequestSchema>;
