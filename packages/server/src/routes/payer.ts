/**
 * A returning payer's saved methods, behind a payer session (`payer-session.ts`): the cards
 * and active subscriptions of the customer the session names, as the merchant's `payers.resolve`
 * lists them; a card removed at the API (`DELETE /secure_cards/{id}`), so no later order offers
 * it; a subscription cancelled (`subscriptions.cancel`). Each is a POST whose body carries the
 * session, never a query string (which logs keep). A card or subscription the customer's list
 * does not hold is refused 403 whoever's it is, a card a running subscription charges 409; a
 * second remove or cancel answers as the first.
 */
import type { Hono } from 'hono';
import {
  payerRequestSchema,
  type CancelledSubscriptionAnswer,
  type PayerSubscriptionView,
  type RemovedCardAnswer,
  type PayerCardView,
  type SavedMethodsAnswer,
} from '@paylit/core/checkout';
import { PaymentsApiError } from '../client/errors.js';
import { fromApiError, type HandlerContext } from '../context.js';
import { callHook, DEFAULT_HOOK_WAIT_MS } from '../hooks.js';
import type { HandlerEnv } from '../env.js';
import { CheckoutError } from '../middleware/errors.js';
import { readJson, validate } from '../middleware/input.js';
import { customerOfPayerSession } from '../payer-session.js';
import type { Subscriptions } from '../subscriptions/subscriptions.js';
import type { Subscription } from '../subscriptions/types.js';

/** What the merchant keeps of a customer: the ids of the cards they saved and of their subscriptions. */
export interface PayerRecord {
  savedCardIds?: readonly string[];
  subscriptionIds?: readonly string[];
}

/** What a payer removed or cancelled from the checkout, for the merchant's own records. */
export type PayerChange =
  | { type: 'card_removed'; customerId: string; cardId: string }
  | { type: 'subscription_cancelled'; customerId: string; subscription: Subscription };

export interface PayersOptions {
  /**
   * The customer's saved cards and subscriptions, by the merchant's customer id (the one the
   * payer session names), or `undefined` for no such customer. A card already removed at the
   * API may stay listed here: the routes no longer show it.
   */
  resolve: (customerId: string) => Promise<PayerRecord | undefined> | PayerRecord | undefined;
  /** Who the payer pays, as their subscriptions show it: the shop's name. */
  payee: string;
  /**
   * Hears each card removed and subscription cancelled by a payer (once each). A hook that throws
   * is logged; the change stands. One still running after `hookWaitMs` is not waited for longer.
   */
  onChange?: (change: PayerChange) => void | Promise<void>;
  /**
   * How long the payer's answer waits for `onChange`: past it the payer is answered (the change is
   * stored), `onError` hears a `HookTimeoutError`, and the hook runs on. Default 5 s.
   */
  hookWaitMs?: number;
}

/** The subscriptions a payer sees in the list; a cancelled, refused or ended one is gone from it. */
const LISTED: readonly Subscription['status'][] = ['pending', 'active', 'past_due'];

function subscriptionView(sub: Subscription, payee: string): PayerSubscriptionView {
  const { plan } = sub;
  return {
    id: sub.id,
    // Refused or ended (a cancel of one answers it as it is): no longer the payer's to cancel.
    status: LISTED.includes(sub.status)
      ? (sub.status as 'pending' | 'active' | 'past_due')
      : 'cancelled',
    method: sub.method.type,
    payee,
    ...(sub.description !== undefined ? { description: sub.description } : {}),
    frequency: plan.frequency,
    amount:
      plan.amount.type === 'FIXED'
        ? { type: 'FIXED', value: Number(plan.amount.value) }
        : { type: 'VARIABLE', max: Number(plan.amount.max) },
    currency: sub.currency,
    startDate: plan.startDate,
    ...(plan.endDate !== undefined ? { endDate: plan.endDate } : {}),
  };
}

/** How long a cancel's telling is remembered: longer than any retry of the same click. */
const TOLD_MS = 7 * 24 * 60 * 60 * 1000;

/** The API's answer for a card it no longer has (removed, or never saved). */
const gone = (error: unknown) => error instanceof PaymentsApiError && error.code === 5008;

export function mountPayer(
  app: Hono<HandlerEnv>,
  ctx: HandlerContext,
  payers: PayersOptions | undefined,
  subscriptions: Subscriptions,
): void {
  /** The customer the body's session names, and what the merchant keeps of them. */
  const payerOf = async (body: unknown) => {
    const { session } = validate(payerRequestSchema, body);
    const customerId = await customerOfPayerSession(ctx.client, session);
    if (!payers)
      throw new CheckoutError(404, {
        type: 'not_found',
        message:
          "this shop's server lists no saved methods: createCheckoutHandler has no payers option",
      });
    const record = (await payers.resolve(customerId)) ?? {};
    return { customerId, record };
  };
  const onChange = payers?.onChange;
  const tell = async (change: PayerChange) => {
    if (onChange)
      await callHook(
        'payers.onChange',
        () => onChange(change),
        payers?.hookWaitMs ?? DEFAULT_HOOK_WAIT_MS,
        ctx.logError,
      );
  };
  const notYours = (param: 'card' | 'subscription') =>
    new CheckoutError(403, {
      type: 'forbidden',
      message: `this ${param} is not one the payer session's customer saved`,
      param,
    });

  /** The customer's listed subscription still running (pending, active, past due) that `cardId` pays, if any. */
  const chargingSubscription = async (record: PayerRecord, cardId: string) => {
    if (typeof ctx.store.getSubscription !== 'function') return undefined;
    for (const id of record.subscriptionIds ?? []) {
      const sub = await subscriptions.get(id);
      if (
        sub !== undefined &&
        LISTED.includes(sub.status) &&
        sub.method.type === 'CARD' &&
        sub.method.cardId === cardId
      )
        return sub;
    }
    return undefined;
  };

  app.post('/payer/methods', async (c) => {
    const { record } = await payerOf(await readJson(c));
    try {
      const [cards, subs] = await Promise.all([
        Promise.all(
          (record.savedCardIds ?? []).map((id) =>
            ctx.client.cards.retrieve(id).catch((error: unknown) => {
              if (gone(error)) return undefined;
              throw error;
            }),
          ),
        ),
        typeof ctx.store.getSubscription === 'function'
          ? Promise.all((record.subscriptionIds ?? []).map((id) => subscriptions.get(id)))
          : [],
      ]);
      return c.json({
        cards: cards
          .filter((card) => card !== undefined)
          .map(({ card_id, brand, last4, expiration_month, expiration_year }): PayerCardView => ({
            card_id,
            brand,
            last4,
            expiration_month: Number(expiration_month),
            expiration_year: Number(expiration_year),
          })),
        subscriptions: subs
          .filter((sub) => sub !== undefined && LISTED.includes(sub.status))
          .map((sub) => subscriptionView(sub!, payers!.payee)),
      } satisfies SavedMethodsAnswer);
    } catch (error) {
      throw fromApiError(error);
    }
  });

  app.post('/payer/cards/:cardId/remove', async (c) => {
    const { customerId, record } = await payerOf(await readJson(c));
    const cardId = c.req.param('cardId');
    if (!(record.savedCardIds ?? []).includes(cardId)) throw notYours('card');
    // A card a running subscription charges stays: removed, every later period would be
    // declined and the merchant told past_due, as if the payer's bank had refused.
    const charged = await chargingSubscription(record, cardId);
    if (charged)
      throw new CheckoutError(409, {
        type: 'card_in_use',
        message: `this card pays subscription ${charged.id} (${charged.status}): cancel the subscription before removing the card`,
        param: 'card',
      });
    try {
      await ctx.client.cards.delete(cardId);
      await tell({ type: 'card_removed', customerId, cardId });
    } catch (error) {
      // Removed already (a second click, another tab): answered as the first was.
      if (!gone(error)) throw fromApiError(error);
    }
    return c.json({ card_id: cardId, removed: true } satisfies RemovedCardAnswer);
  });

  app.post('/payer/subscriptions/:id/cancel', async (c) => {
    const { customerId, record } = await payerOf(await readJson(c));
    const id = c.req.param('id');
    if (!(record.subscriptionIds ?? []).includes(id)) throw notYours('subscription');
    const before = await subscriptions.get(id);
    if (!before) throw notYours('subscription');
    let after: Subscription;
    try {
      after = await subscriptions.cancel(id, { by: 'payer' });
    } catch (error) {
      throw fromApiError(error);
    }
    // Two cancels at once (a double click, two tabs, two instances) both read it active before
    // and both answer the one cancelled write (its `rev`): the one that claims it tells.
    if (
      before.status !== 'cancelled' &&
      after.status === 'cancelled' &&
      (await ctx.store.claim(`told:subscription-cancelled:${id}:${after.rev}`, TOLD_MS))
    )
      await tell({ type: 'subscription_cancelled', customerId, subscription: after });
    return c.json({
      subscription: subscriptionView(after, payers!.payee),
    } satisfies CancelledSubscriptionAnswer);
  });
}
