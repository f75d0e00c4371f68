/**
 * Requests of the operations other than create payment: capture, refund, save a card,
 * installment plans, and the sandbox's force-status tool. As in every request, `amount`
 * may be a decimal string, `null` is absent and unknown fields are dropped.
 */
import { z } from 'zod';
import { paymentStatusNames, refundStatusNames } from '../codes.js';
import { country, currency, numberAsText, optional, positiveAmount, text, url } from './common.js';
import { cardSchema, checkCard } from './card.js';
import { BIN_PATTERN } from '../card/number.js';
import { checkPayerDocument, checkPayerName, payerSchema } from './payer.js';

function amountWithCurrency(
  body: { amount?: number | undefined; currency?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (body.amount !== undefined && body.currency === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['currency'],
      message: 'is required when amount is sent',
    });
  if (body.currency !== undefined && body.amount === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['amount'],
      message: 'is required when currency is sent',
    });
}

/** Capture of an authorization: `POST /payments` with `authorization_id`. Without `amount`, the whole authorization. */
export const captureRequestSchema = z
  .object({
    authorization_id: text(),
    amount: optional(positiveAmount),
    currency: optional(currency),
    order_id: optional(text(125)),
  })
  .superRefine(amountWithCurrency);
export type CaptureRequest = z.infer<typeof captureRequestSchema>;
export type CaptureRequestInput = z.input<typeof captureRequestSchema>;

/**
 * Refund of a capture: `POST /refunds`. Without `amount`, the whole payment. Without
 * `notification_url` (the API takes a refund without one), a pending refund's outcome is
 * read with `GET /refunds/{id}/status`.
 */
export const refundRequestSchema = z
  .object({
    payment_id: text(),
    notification_url: optional(url(500)),
    amount: optional(positiveAmount),
    currency: optional(currency),
    description: optional(text(200)),
  })
  .superRefine(amountWithCurrency);
export type RefundRequest = z.infer<typeof refundRequestSchema>;
export type RefundRequestInput = z.input<typeof refundRequestSchema>;

/** Body of `POST /secure_cards`: a card to save, raw or encrypted. */
export const saveCardRequestSchema = z
  .object({
    country,
    card: cardSchema.pick({
      holder_name: true,
      expiration_month: true,
      expiration_year: true,
      number: true,
      cvv: true,
      encrypted_data: true,
    }),
    payer: payerSchema,
  })
  .superRefine((body, ctx) => {
    checkCard(body.card, ctx, ['card'], body.country);
    checkPayerName(body.country, body.payer, ctx);
    checkPayerDocument(body.country, body.payer, ctx);
  });
export type SaveCardRequest = z.infer<typeof saveCardRequestSchema>;
export type SaveCardRequestInput = z.input<typeof saveCardRequestSchema>;

/** Body of `POST /installments-plans`: the plans for a BIN and an amount. */
export const installmentsPlanRequestSchema = z.object({
  country,
  bin: numberAsText(z.string().regex(BIN_PATTERN, 'must be the first 6 or 8 digits of the card')),
  amount: positiveAmount,
  currency,
});
export type InstallmentsPlanRequest = z.infer<typeof installmentsPlanRequestSchema>;
export type InstallmentsPlanRequestInput = z.input<typeof installmentsPlanRequestSchema>;

/** Body of the sandbox's `POST /sandbox-tools/payments`: force a pending payment or refund to a final status. */
export const forceStatusRequestSchema = z.object({
  payment_id: text(),
  status: z.enum([...new Set([...paymentStatusNames, ...refundStatusNames])] as [
    string,
    ...string[],
  ]),
});
export type ForceStatusRequest = z.infer<typeof forceStatusRequestSchema>;
