/**
 * A returning payer's saved methods, between `<paylit-checkout payer-session="…">` and the
 * companion server's payer routes: the payer session secret's shape, what the browser sends
 * and what the server answers.
 *
 * | route | the browser sends | the server answers |
 * |---|---|---|
 * | `POST /payer/methods` | `payerRequestSchema` | `savedMethodsAnswerSchema` |
 * | `POST /payer/cards/:cardId/remove` | `payerRequestSchema` | `removedCardAnswerSchema` |
 * | `POST /payer/subscriptions/:id/cancel` | `payerRequestSchema` | `cancelledSubscriptionAnswerSchema` |
 *
 * A payer session is `<customer id>_payer_<expiry>_<32 hex digits>`: the merchant's customer
 * id, when it stops being good (seconds since 1970, UTC), and an HMAC-SHA256 of both under the
 * merchant's secret key with a label of its own, made by the companion server
 * (`payerSessionFor`) for a customer the merchant's site has signed in. It names the customer
 * the way an order's client secret names the order: a bare customer id reads nothing.
 */
import { z } from 'zod';
import { planFrequencies } from './plan.js';

/** The merchant's customer id, as a payer session carries it: as an order id's characters. */
export const CUSTOMER_ID_PATTERN = /^[\w\-.:]{1,80}$/;

/** A payer session secret: the customer id, the expiry (Unix seconds) and the HMAC's 32 hex digits. */
export const PAYER_SESSION_PATTERN = /^([\w\-.:]{1,80})_payer_(\d{1,12})_([0-9a-f]{32})$/;

/**
 * What the browser sends as `session`. The shape admits any text of a session's characters up
 * to its length, so that a bare customer id reaches the server and is refused there with a
 * message that asks for the secret (401 `unauthorized`).
 */
export const payerRequestSchema = z.strictObject({
  session: z
    .string()
    .regex(
      /^[\w\-.:]{1,160}$/,
      'must be a payer session secret ("<customer id>_payer_<expiry>_<32 characters>")',
    ),
});
export type PayerRequest = z.output<typeof payerRequestSchema>;

/** A saved card as the payer sees it in the list: the brand, the last four and the expiry, never more. */
export const payerCardViewSchema = z.strictObject({
  card_id: z.string(),
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expiration_month: z.number().int().min(1).max(12),
  expiration_year: z.number().int(),
});
export type PayerCardView = z.output<typeof payerCardViewSchema>;

/** The payer's side of a subscription's statuses: the ones listed, and `cancelled` once cancelled. */
export const payerSubscriptionStatuses = ['pending', 'active', 'past_due', 'cancelled'] as const;

/**
 * A subscription as the payer sees it: who is paid (`payee`, the shop's name), how often, the
 * fixed amount or the most one period may charge (the mandate's limit), and with what (Pix
 * Automático or a card).
 */
export const payerSubscriptionViewSchema = z.strictObject({
  id: z.string(),
  status: z.enum(payerSubscriptionStatuses),
  method: z.enum(['XA', 'CARD']),
  payee: z.string(),
  description: z.string().optional(),
  frequency: z.enum(planFrequencies),
  amount: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('FIXED'), value: z.number() }),
    z.strictObject({ type: z.literal('VARIABLE'), max: z.number() }),
  ]),
  currency: z.string(),
  startDate: z.string(),
  endDate: z.string().optional(),
});
export type PayerSubscriptionView = z.output<typeof payerSubscriptionViewSchema>;

export const savedMethodsAnswerSchema = z.strictObject({
  cards: z.array(payerCardViewSchema),
  subscriptions: z.array(payerSubscriptionViewSchema),
});
export type SavedMethodsAnswer = z.output<typeof savedMethodsAnswerSchema>;

/** A card removed, by this request or an earlier one: the same answer either way. */
export const removedCardAnswerSchema = z.strictObject({
  card_id: z.string(),
  removed: z.literal(true),
});
export type RemovedCardAnswer = z.output<typeof removedCardAnswerSchema>;

/** A subscription cancelled, by this request or an earlier one. */
export const cancelledSubscriptionAnswerSchema = z.strictObject({
  subscription: payerSubscriptionViewSchema,
});
export type CancelledSubscriptionAnswer = z.output<typeof cancelledSubscriptionAnswerSchema>;
