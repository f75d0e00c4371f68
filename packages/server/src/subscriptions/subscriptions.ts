/**
 * Subscriptions, the merchant-initiated side: `createSubscriptions(options)` makes them (a Pix
 * Automático mandate at the API, or a card saved by the first payment), charges each due period
 * exactly once with `chargeDue(asOf)`, hears the payer's bank through enrollment notifications,
 * and cancels them.
 *
 * One charge per (subscription, period), as orders have one (charges.ts): attempt `n` of a
 * period is sent as API `order_id` `<subscription>.<period>.<n>` with an idempotency key made from
 * the same parts, so the API itself refuses a second payment of one attempt (5009) and a retried
 * request (a timeout, a restart) answers the first one's outcome; `n` moves on only once the API
 * says attempt `n` was declined. Before sending, the period is claimed in the store
 * (compare-and-set on the subscription's `rev`: of two instances, one wins) and the API is asked
 * for the attempt's order id first, so a store that forgot a period, or an instance that died
 * after sending, never makes a second payment: the payment made is found and recorded.
 */
import {
  billingDates,
  countryDate,
  dueUntil,
  planSchema,
  scheduledDateFor,
  type PlanInput,
} from '@paylit/core/checkout';
import {
  createPaymentRequestSchema,
  payerSchema,
  type PaymentRecord,
  type PaymentRequestInput,
} from '@paylit/core/schemas';
import { enrollmentSubscription } from '@paylit/core/checkout';
import { planMarketProblem } from '@paylit/core/countries';
import { z } from 'zod';
import type { PaymentsClient } from '../client/payments-client.js';
import { PaymentsApiError } from '../client/errors.js';
import type { CheckoutStore } from '../store/store.js';
import { lastHeard } from '../heard.js';
import type { PeriodState, Subscription, SubscriptionEvent, SubscriptionStatus } from './types.js';
import { callHook, DEFAULT_HOOK_WAIT_MS } from '../hooks.js';
import { newRev } from '../rev.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** After a declined charge, the next try waits 1 day, then 3, then 5; declined a fourth time, the period is past due. */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [1 * DAY_MS, 3 * DAY_MS, 5 * DAY_MS];

export interface SubscriptionsOptions {
  client: PaymentsClient;
  /** The store with the subscription methods (`MemoryStore`, `RedisStore`, `PostgresStore`). */
  store: CheckoutStore;
  /** Where the API sends a mandate's status changes: the checkout handler's `/notifications` route. */
  notificationUrl?: string;
  /**
   * Hears every change of every subscription. A hook that throws is logged (`onError`); the change
   * stands. One still running after `hookWaitMs` is not waited for longer (see `hookWaitMs`).
   */
  onSubscription?: (event: SubscriptionEvent) => void | Promise<void>;
  /**
   * How long a change waits for `onSubscription` (a payer's cancel, a run of `chargeDue`, `create`)
   * before going on: the change is stored, `onError` hears a `HookTimeoutError`, the hook runs on.
   * Default 5 s.
   */
  hookWaitMs?: number;
  /** The wait before each new try of a declined period; past its length the period is past due. */
  retryScheduleMs?: readonly number[];
  /**
   * How long a period claimed by one run stays its own before another run may take it over (asking
   * the API first). Default: the client's deadline and 10 s. A shorter lease is safe too: the
   * attempt's order id and idempotency key make its payment once whoever sends it.
   */
  leaseMs?: number;
  /** A VARIABLE plan's charge for a period (at most the plan's maximum). Default: the maximum. */
  amountFor?: (subscription: Subscription, period: string) => number | Promise<number>;
  onError?: (error: unknown) => void;
}

/** What the merchant gives to start a subscription. */
export const newSubscriptionSchema = z.strictObject({
  id: z
    .string()
    .regex(
      /^[\w\-.:]{1,80}$/,
      'must be 1 to 80 letters, digits, "_", "-", "." or ":", as an order id',
    ),
  plan: planSchema,
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as BRL'),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as BR'),
  payer: payerSchema,
  description: z.string().max(200).optional(),
  method: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('XA'), callbackUrl: z.url().optional() }),
    z.strictObject({ type: z.literal('CARD'), cardId: z.string().min(1) }),
  ]),
  /**
   * When the payer signed up (a card's first payment, made perhaps days after the order): the
   * periods billed before that day are not charged. Default: now.
   */
  signedUpAt: z.date().optional(),
});
export type NewSubscription = z.input<typeof newSubscriptionSchema> & { plan: PlanInput };

/** What one `chargeDue` did. */
export interface ChargeDueResult {
  /** Periods this run found charged (by it, or by a run that died after sending). */
  charged: { id: string; period: string; paymentId: string }[];
  declined: { id: string; period: string; paymentId?: string }[];
  pastDue: { id: string; period: string }[];
  /** Periods another run holds right now. */
  busy: number;
  /** Periods whose charge had no answer (a timeout): the next run asks the API before anything else. */
  unknown: number;
}

export interface Subscriptions {
  create(input: NewSubscription): Promise<Subscription>;
  get(id: string): Promise<Subscription | undefined>;
  /**
   * Cancels it (a Pix Automático mandate at the API too). `by`: who cancelled, as the
   * subscription records it (`cancelledBy`): the merchant unless said (the payer's saved-methods
   * route says `payer`).
   */
  cancel(id: string, options?: { by?: 'merchant' | 'payer' }): Promise<Subscription>;
  chargeDue(asOf?: Date): Promise<ChargeDueResult>;
  /** An enrollment's notification, verified (the handler's notification route calls it). */
  enrollmentHeard(record: {
    id: string;
    status: string;
    status_code?: unknown;
    external_id?: unknown;
  }): Promise<void>;
}

/** A subscription that cannot be made or changed as asked: `param` names the field. */
export class SubscriptionError extends Error {
  override name = 'SubscriptionError';
  constructor(
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const rev = newRev;
const CHARGEABLE: readonly SubscriptionStatus[] = ['active', 'past_due'];
const MADE = new Set(['PAID', 'PENDING', 'AUTHORIZED']);

/**
 * The first period `chargeDue` charges of a subscription the payer signed up to at `at`: 1 when the order's payment
 * paid the first (`firstCharge: 'now'`), else 0; for a plan whose start has passed (an order the
 * payer paid days after it was made), the period in progress on the payer's day counts as the
 * first: paid by the order's payment (`now`, so the next is charged), or charged at once
 * (`start`). The periods before the payer signed up are never charged.
 */
function firstPeriodOf(
  plan: Parameters<typeof billingDates>[0] & { firstCharge: 'now' | 'start' },
  country: string,
  at: Date,
): number {
  const paid = plan.firstCharge === 'now' ? 1 : 0;
  const inProgress = billingDates(plan, 0, countryDate(country, at)).length - 1;
  return Math.max(paid, inProgress + paid);
}

export function createSubscriptions(options: SubscriptionsOptions): Subscriptions {
  const { client, store } = options;
  const schedule = options.retryScheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS;
  const leaseMs = options.leaseMs ?? client.deadlineMs + 10_000;
  let checkedAt = new Date();
  // Built on the first charge, once: a handler that charges nothing never builds it.
  let paymentRequestSchema: ReturnType<typeof createPaymentRequestSchema> | undefined;
  const onError = options.onError ?? ((e: unknown) => console.error('paylit: subscriptions', e));
  // Checked when first used: a handler on a store of the merchant's own without them still serves orders.
  const need = <K extends 'getSubscription' | 'swapSubscription' | 'subscriptionIds'>(name: K) => {
    const method = store[name];
    if (typeof method !== 'function')
      throw new TypeError(
        `subscriptions: the store has no ${name}; MemoryStore, RedisStore and PostgresStore have the subscription methods`,
      );
    return method.bind(store) as NonNullable<CheckoutStore[K]>;
  };
  const get = (id: string) => need('getSubscription')(id);
  const swap = (id: string, expected: string | undefined, next: Subscription) =>
    need('swapSubscription')(id, expected, next);
  const subscriptionIds = (after: string, limit: number) => need('subscriptionIds')(after, limit);

  const hook = options.onSubscription;
  const hookWaitMs = options.hookWaitMs ?? DEFAULT_HOOK_WAIT_MS;
  const tell = async (event: SubscriptionEvent) => {
    if (hook) await callHook('onSubscription', () => hook(event), hookWaitMs, onError);
  };

  /** Writes `change(sub)` over the subscription as read, again on a lost race; undefined when `change` declines. */
  async function update(
    id: string,
    change: (sub: Subscription) => Subscription | undefined,
  ): Promise<Subscription | undefined> {
    for (;;) {
      const sub = await get(id);
      if (!sub) throw new SubscriptionError(`no subscription ${id}`, 'id');
      const next = change(sub);
      if (!next) return undefined;
      const written = { ...next, rev: rev() };
      if (await swap(id, sub.rev, written)) return written;
    }
  }

  async function lookup(orderId: string): Promise<PaymentRecord | undefined> {
    try {
      const found = await client.orders.retrieve(orderId);
      return await client.payments.retrieve(found.payment_id);
    } catch (error) {
      if (error instanceof PaymentsApiError && error.type === 'not_found') return undefined;
      throw error;
    }
  }

  async function amountOf(sub: Subscription, period: string): Promise<number> {
    const a = sub.plan.amount;
    if (a.type === 'FIXED') return a.value;
    const amount = options.amountFor ? await options.amountFor(sub, period) : a.max;
    if (!(amount > 0) || amount > a.max)
      throw new SubscriptionError(
        `amountFor(${sub.id}, ${period}) answered ${amount}: a charge must be more than 0 and at most the plan's maximum, ${a.max}`,
        'amount',
      );
    return amount;
  }

  /** The charge of attempt `n` of `period`, as the API takes it. */
  async function send(sub: Subscription, period: string, n: number, asOf: Date) {
    const orderId = `${sub.id}.${period}.${n}`;
    const base = {
      amount: await amountOf(sub, period),
      currency: sub.currency,
      country: sub.country,
      payment_method_flow: 'DIRECT' as const,
      payer: sub.payer,
      order_id: orderId,
      ...(sub.description !== undefined ? { description: sub.description } : {}),
    };
    const body: PaymentRequestInput =
      sub.method.type === 'XA'
        ? {
            ...base,
            payment_method_id: 'XA',
            enrollment: { id: sub.method.enrollmentId },
            scheduled_date: scheduledDateFor(period, asOf),
          }
        : {
            ...base,
            payment_method_id: 'CARD',
            card: {
              card_id: sub.method.cardId,
              stored_credential_type: 'SUBSCRIPTION',
              stored_credential_usage: 'USED',
            },
          };
    // Checked by core's rules on the run's own clock (`asOf`), as the API checks by its own: the
    // schema is built once, and `parse` reads `checkedAt` synchronously, so runs cannot mix clocks.
    checkedAt = asOf;
    paymentRequestSchema ??= createPaymentRequestSchema({ now: () => checkedAt });
    const checked = paymentRequestSchema.parse(body);
    return client.payments.create(checked, {
      idempotencyKey: await client.idempotencyKeyFor('subscription', sub.id, period, String(n)),
      validate: false,
    });
  }

  /** Records what the API says attempt `n` of `period` made, over the claim `claimRev`. */
  async function settle(
    id: string,
    period: string,
    n: number,
    record: PaymentRecord | undefined,
    asOf: Date,
    result: ChargeDueResult,
  ): Promise<void> {
    const made = record !== undefined && MADE.has(record.status);
    let event: SubscriptionEvent | undefined;
    let pastDueNow = false;
    const written = await update(id, (sub) => {
      const p = sub.periods[period];
      if (p?.state !== 'charging' || p.attempt !== n) return undefined;
      let next: PeriodState;
      if (made) {
        next = {
          state: 'paid',
          attempt: n,
          paymentId: record.id,
          status: record.status,
          amount: record.amount,
        };
      } else {
        const declines = p.declines + 1;
        const wait = schedule[declines - 1];
        next =
          wait === undefined
            ? {
                state: 'past_due',
                attempt: n,
                declines,
                ...(record ? { lastPaymentId: record.id } : {}),
              }
            : {
                state: 'retry',
                attempt: n + 1,
                declines,
                retryAt: asOf.getTime() + wait,
                ...(record ? { lastPaymentId: record.id } : {}),
              };
      }
      pastDueNow = next.state === 'past_due';
      const status: SubscriptionStatus =
        pastDueNow && sub.status === 'active' ? 'past_due' : sub.status;
      return { ...sub, status, periods: { ...sub.periods, [period]: next } };
    });
    if (!written) return;
    if (made) {
      result.charged.push({ id, period, paymentId: record.id });
      event = { type: 'charged', subscription: written, period, paymentId: record.id };
    } else {
      result.declined.push({ id, period, ...(record ? { paymentId: record.id } : {}) });
      event = {
        type: 'declined',
        subscription: written,
        period,
        ...(record ? { paymentId: record.id } : {}),
      };
    }
    await tell(event);
    if (pastDueNow) {
      result.pastDue.push({ id, period });
      await tell({ type: 'past_due', subscription: written, period });
    }
  }

  /** A subscription past its plan's end date, each period paid or past due, is `ended`. */
  async function endIfOver(id: string, asOf: Date): Promise<void> {
    const ended = await update(id, (s) => {
      const end = s.plan.endDate;
      if (end === undefined || countryDate(s.country, asOf) <= end) return undefined;
      if (!CHARGEABLE.includes(s.status)) return undefined;
      const settled = billingDates(s.plan, s.firstPeriod, end).every((d) => {
        const state = s.periods[d]?.state;
        return state === 'paid' || state === 'past_due';
      });
      return settled ? { ...s, status: 'ended' } : undefined;
    });
    if (ended) await tell({ type: 'ended', subscription: ended });
  }

  /**
   * Whether the claim on `period` (attempt `n`, made at `since`) still stands on a chargeable
   * subscription; written again (a new `rev`) so that a cancel crossing it is seen by one of the two.
   */
  async function stillClaimed(id: string, period: string, n: number, since: number) {
    for (;;) {
      const sub = await get(id);
      if (!sub || !CHARGEABLE.includes(sub.status)) return false;
      const p = sub.periods[period];
      if (p?.state !== 'charging' || p.attempt !== n || p.since !== since) return false;
      if (await swap(id, sub.rev, { ...sub, rev: rev() })) return true;
    }
  }

  /** Charges one period of one subscription at most once; see the module's comment. */
  async function chargePeriod(id: string, period: string, asOf: Date, result: ChargeDueResult) {
    for (let round = 0; round < 20; round++) {
      const sub = await get(id);
      if (!sub || !CHARGEABLE.includes(sub.status)) return;
      const p = sub.periods[period];
      if (p?.state === 'paid' || p?.state === 'past_due') return;
      if (p?.state === 'retry' && asOf.getTime() < p.retryAt) return;
      const now = await store.now();
      if (p?.state === 'charging' && now - p.since < leaseMs) {
        result.busy++;
        return;
      }
      const n = p?.attempt ?? 1;
      const claim: Subscription = {
        ...sub,
        rev: rev(),
        periods: {
          ...sub.periods,
          [period]: { state: 'charging', attempt: n, since: now, declines: p?.declines ?? 0 },
        },
      };
      if (!(await swap(id, sub.rev, claim))) continue;
      // The API first: whatever the store forgot, or a run that died after sending, shows there.
      let record = await lookup(`${id}.${period}.${n}`);
      if (record === undefined) {
        // Still ours and still chargeable, just before sending: a cancel written since the claim
        // stops the charge here (a card has no mandate at the API to refuse it).
        if (!(await stillClaimed(id, period, n, now))) return;
        try {
          record = await send(claim, period, n, asOf);
        } catch (error) {
          if (error instanceof z.ZodError || error instanceof SubscriptionError) {
            // Not sendable as it stands (a rule of core's, the merchant's amountFor): nothing was sent.
            onError(error);
            return settle(id, period, n, undefined, asOf, result);
          }
          if (error instanceof PaymentsApiError && error.code === 5009) {
            record = await lookup(`${id}.${period}.${n}`);
            if (record === undefined) return void result.unknown++;
          } else if (
            error instanceof PaymentsApiError &&
            !error.retryable &&
            error.type !== 'timeout' &&
            error.type !== 'connection_error' &&
            error.status >= 400
          ) {
            // Refused outright (the mandate cancelled, a window missed): nothing was made, a decline.
            onError(error);
            return settle(id, period, n, undefined, asOf, result);
          } else {
            // No answer: the claim stays until its lease ends, and the next run asks the API first.
            onError(error);
            result.unknown++;
            return;
          }
        }
      }
      return settle(id, period, n, record, asOf, result);
    }
  }

  /** An enrollment's notification, verified: moves its subscription on (`Subscriptions.enrollmentHeard`). */
  async function enrollmentHeard(record: Parameters<Subscriptions['enrollmentHeard']>[0]) {
    const id = typeof record.external_id === 'string' ? record.external_id : undefined;
    if (id === undefined) return;
    const sub = await get(id);
    if (!sub || sub.method.type !== 'XA' || sub.method.enrollmentId !== record.id) return;
    let type: SubscriptionEvent['type'] | undefined;
    const written = await update(id, (s) => {
      if (record.status === 'ACTIVE' && s.status === 'pending') {
        type = 'activated';
        return { ...s, status: 'active' };
      }
      if (record.status === 'REJECTED' && s.status === 'pending') {
        type = 'rejected';
        return { ...s, status: 'rejected' };
      }
      if (record.status === 'CANCELLED' && s.status !== 'cancelled') {
        type = 'cancelled';
        return {
          ...s,
          status: 'cancelled',
          cancelledBy: String(record.status_code) === '401' ? 'payer' : 'merchant',
        };
      }
      return undefined;
    });
    if (written && type) await tell({ type, subscription: written });
  }

  return {
    async create(input) {
      const parsed = newSubscriptionSchema.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const param = issue.path.join('.');
        throw new SubscriptionError(`${param || 'subscription'} ${issue.message}`, param);
      }
      const given = parsed.data;
      if (given.method.type === 'XA' && given.country !== 'BR')
        throw new SubscriptionError(
          'method.type XA (Pix Automático) is for subscriptions in BR only',
          'method.type',
        );
      // The market's rule (core's): a country the API serves, a currency it takes there, and each
      // amount of the plan in that currency's decimals. Otherwise every charge would be refused
      // here before the API saw it, and heard as a payer's decline.
      const market = planMarketProblem(given.plan.amount, given.country, given.currency);
      if (market) throw new SubscriptionError(`${market.param} ${market.message}`, market.param);
      const existing = await get(given.id);
      // A card's first payment after a Pix Automático mandate the payer's bank refused, or one
      // still waiting there: the payer turned to the card, whose subscription replaces it (the
      // waiting mandate cancelled at the API first, so that authorized late it charges nothing).
      const replaced =
        existing?.method.type === 'XA' &&
        given.method.type === 'CARD' &&
        (existing.status === 'pending' || existing.status === 'rejected')
          ? existing
          : undefined;
      if (existing && !replaced) return existing;
      if (replaced?.status === 'pending' && replaced.method.type === 'XA') {
        try {
          await client.enrollments.cancel(replaced.method.enrollmentId);
        } catch (error) {
          // Refused or cancelled at the API meanwhile: nothing left to cancel.
          if (!(error instanceof PaymentsApiError && error.code === 5002)) throw error;
        }
      }
      let method: Subscription['method'];
      let redirectUrl: string | undefined;
      let status: SubscriptionStatus = 'active';
      if (given.method.type === 'XA') {
        const enrollment = await client.enrollments.create(
          {
            country: given.country,
            payer: given.payer,
            payment_method_id: 'XA',
            external_id: given.id,
            type: 'MERCHANT_SUBSCRIPTION',
            subscription: enrollmentSubscription(given.plan, given.currency),
            ...(given.description !== undefined ? { description: given.description } : {}),
            ...(options.notificationUrl ? { notification_url: options.notificationUrl } : {}),
            ...(given.method.callbackUrl ? { callback_url: given.method.callbackUrl } : {}),
          },
          { idempotencyKey: await client.idempotencyKeyFor('enrollment', given.id) },
        );
        method = { type: 'XA', enrollmentId: enrollment.id };
        redirectUrl = enrollment.redirect_url;
        status = enrollment.status === 'ACTIVE' ? 'active' : 'pending';
      } else {
        method = { type: 'CARD', cardId: given.method.cardId };
      }
      const sub: Subscription = {
        id: given.id,
        rev: rev(),
        status,
        plan: given.plan,
        currency: given.currency,
        country: given.country,
        payer: given.payer,
        ...(given.description !== undefined ? { description: given.description } : {}),
        method,
        firstPeriod: firstPeriodOf(given.plan, given.country, given.signedUpAt ?? new Date()),
        periods: {},
        ...(redirectUrl ? { redirectUrl } : {}),
        createdAt: new Date().toISOString(),
      };
      if (!(await swap(sub.id, replaced?.rev, sub))) return (await get(sub.id))!;
      await tell({ type: 'created', subscription: sub });
      // The mandate's status heard before it was stored here: a store lost while the payer
      // answered in their bank, whose notification found no subscription, and a sign-up asked
      // again that the API answers with its first answer (PENDING).
      if (method.type === 'XA') {
        const heard = await lastHeard(store, 'enrollment', method.enrollmentId);
        if (heard && heard.status !== 'PENDING') {
          await enrollmentHeard({ ...heard, id: method.enrollmentId, external_id: sub.id });
          return (await get(sub.id)) ?? sub;
        }
      }
      return sub;
    },

    get,

    async cancel(id, { by = 'merchant' } = {}) {
      const sub = await get(id);
      if (!sub) throw new SubscriptionError(`no subscription ${id}`, 'id');
      if (sub.status === 'cancelled' || sub.status === 'rejected' || sub.status === 'ended')
        return sub;
      if (sub.method.type === 'XA') {
        try {
          await client.enrollments.cancel(sub.method.enrollmentId);
        } catch (error) {
          // Already cancelled or refused at the API (the payer was first): cancelled all the same.
          if (!(error instanceof PaymentsApiError && error.code === 5002)) throw error;
        }
      }
      const written = await update(id, (s) =>
        s.status === 'cancelled' ? undefined : { ...s, status: 'cancelled', cancelledBy: by },
      );
      if (!written) return (await get(id))!;
      await tell({ type: 'cancelled', subscription: written });
      return written;
    },

    async chargeDue(asOf = new Date()) {
      const result: ChargeDueResult = {
        charged: [],
        declined: [],
        pastDue: [],
        busy: 0,
        unknown: 0,
      };
      let after = '';
      for (;;) {
        const ids = await subscriptionIds(after, 100);
        for (const id of ids) {
          const sub = await get(id);
          if (!sub || !CHARGEABLE.includes(sub.status)) continue;
          const dates = billingDates(
            sub.plan,
            sub.firstPeriod,
            dueUntil(sub.method.type, asOf, sub.country),
          );
          for (const period of dates) {
            try {
              await chargePeriod(id, period, asOf, result);
            } catch (error) {
              onError(error);
              result.unknown++;
            }
          }
          await endIfOver(id, asOf);
        }
        if (ids.length < 100) return result;
        after = ids[ids.length - 1]!;
      }
    },

    enrollmentHeard,
  };
}
