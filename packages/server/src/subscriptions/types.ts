/** What a subscription is, as the store keeps it and the merchant's hook hears it. */
import type { Plan } from '@paylit/core/checkout';
import type { PaymentRequestInput } from '@paylit/core/schemas';

/**
 * `pending`: a Pix Automático mandate the payer has not authorized yet; `active`: charged each
 * period; `past_due`: a period was declined on every try of the retry schedule (later periods are
 * still charged); `cancelled` by the merchant (`subscriptions.cancel`) or the payer (in their
 * bank, or from their saved methods: `cancel(id, {by: 'payer'})`); `rejected`: the payer
 * refused the mandate; `ended`: past its plan's end date.
 */
export type SubscriptionStatus =
  'pending' | 'active' | 'past_due' | 'cancelled' | 'rejected' | 'ended';

/** What each period is charged with: a Pix Automático mandate (an API enrollment) or a saved card. */
export type SubscriptionMethod =
  { type: 'XA'; enrollmentId: string } | { type: 'CARD'; cardId: string };

/**
 * Where one period's charge stands. Attempts are numbered 1, 2, 3…: attempt `n` of period `p`
 * (its billing date) goes to the API as `order_id` `<subscription>.<p>.<n>`, which the API takes
 * once (5009 after), and `n` moves on only when the API says attempt `n` was declined.
 * `charging`: attempt `n` is with the API since `since` (the store's clock); `paid`: attempt `n`
 * made `paymentId`; `retry`: attempt `n` is the next, not before `retryAt` (ms, the `asOf` clock
 * of `chargeDue`); `past_due`: declined on every try of the schedule.
 */
export type PeriodState =
  | { state: 'charging'; attempt: number; since: number; declines: number }
  | { state: 'paid'; attempt: number; paymentId: string; status: string; amount: number }
  | { state: 'retry'; attempt: number; declines: number; retryAt: number; lastPaymentId?: string }
  | { state: 'past_due'; attempt: number; declines: number; lastPaymentId?: string };

export interface Subscription {
  /** The merchant's id (an order's id makes a good one). Each period's API order ids start with it. */
  id: string;
  /** Changes on every write: the store writes a subscription only over the `rev` it was read with. */
  rev: string;
  status: SubscriptionStatus;
  plan: Plan;
  currency: string;
  country: string;
  /** The API's payer, sent with each charge. */
  payer: PaymentRequestInput['payer'];
  description?: string;
  method: SubscriptionMethod;
  /**
   * The first period `chargeDue` charges: 0 when the plan's first charge is at the start, 1 when
   * the order paid it; for a plan whose start had passed when the payer signed up, counted from
   * the period then in progress (the periods before are never charged).
   */
  firstPeriod: number;
  /** Each period charged or being charged, by billing date (YYYY-MM-DD). */
  periods: Record<string, PeriodState>;
  cancelledBy?: 'merchant' | 'payer';
  /** Where the payer authorizes a Pix Automático mandate, when the API gave one (REDIRECT flow). */
  redirectUrl?: string;
  createdAt: string;
}

/** What the merchant's `onSubscription` hook hears: every change of a subscription. */
export interface SubscriptionEvent {
  type:
    | 'created'
    | 'activated'
    | 'rejected'
    | 'charged'
    | 'declined'
    | 'past_due'
    | 'cancelled'
    | 'ended';
  subscription: Subscription;
  /** The period's billing date, for `charged`, `declined` and `past_due`. */
  period?: string;
  /** The payment of `charged` or `declined`. */
  paymentId?: string;
}
