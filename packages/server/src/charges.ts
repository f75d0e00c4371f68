/**
 * One order, one charge, with the API as the truth about money.
 *
 * Attempts on an order are numbered 1, 2, 3…, and attempt `n` goes to the API with `order_id`
 * `<order>.<n>`. The API refuses an `order_id` it has seen (5009), so each number can make at
 * most one payment, and the number moves on only when the API says attempt `n` was REJECTED or
 * EXPIRED. Whatever the store forgets or gets wrong, a second payment would need a second
 * number, and no number is taken while an earlier one may still stand.
 *
 * The store keeps each order's state (store.ts, `ChargeState`) so that the API is asked only
 * when needed: when the store does not know the order (never paid, a restart, an evicted key,
 * a lost Redis), the API is asked what `<order>.1`, `<order>.2`… already did before anything is
 * charged; when an attempt has been with the API longer than its owner can wait, the API is
 * asked what it did. Ages are read with the store's own clock, never an instance's.
 *
 * The API's duplicate check is a backstop, not the rule: before attempt `n` is sent, its sender
 * takes the number's lease in the store (`attempt-lease:<order>.<n>`, bound once for the outcome
 * window by the store's clock), so a second tab or instance that finds the order's state lost
 * while attempt `n` is with the API waits for it instead of sending `n` again. Every state
 * converges to what the API says: an attempt whose owner is gone or could not write its outcome
 * is looked up by whichever path meets it (a Pay, the checkout view, a notification, a cancel),
 * and a write behind a made payment that fails is retried until it is written.
 */
import { isPaymentMade, isRefundedInFull } from '@paylit/core/rules';
import type { CollectedPayer } from '@paylit/core/checkout';
import type { PaymentRecord } from '@paylit/core/schemas';
import { PaymentsApiError } from './client/errors.js';
import { fromApiError, type HandlerContext } from './context.js';
import { CheckoutError } from './middleware/errors.js';
import { newRev } from './rev.js';
import type { ChargeState, PaymentLink } from './store/store.js';

/**
 * Statuses after which the order may be paid again, with the next attempt number: a payment that
 * moved no money and never will (declined, expired, or cancelled from the 3-D Secure dialog or
 * the back office).
 */
const REOPENS = new Set(['REJECTED', 'EXPIRED', 'CANCELLED']);

/** Declined attempts an order allows; the next submission is refused before it reaches the API. */
export const MAX_DECLINES = 5;

/** The API's "Order ID is duplicated": this attempt number was used already. */
const DUPLICATED_ORDER_ID = 5009;

/** At most this many attempts are looked up for one order (a bound on what a lost store costs). */
const MAX_ATTEMPTS = 100;

/** How many races on the state a submission may lose before it answers "in progress" instead of reading it for ever. */
const MAX_RACES = 50;

/** An attempt with the API: its number, the details the shopper gave, the declined attempt it retries. */
export type Charging = ChargeState & { state: 'charging' };

export interface ChargeResult {
  record: PaymentRecord;
  /** True when this submission charged nothing and answers an earlier attempt's payment. */
  replayed: boolean;
}

/** The API's `order_id` of attempt `n` of an order. */
export function attemptOrderId(orderId: string, n: number): string {
  return `${orderId}.${n}`;
}

/** The merchant's order of an API `order_id` made by `attemptOrderId`; undefined for any other. */
export function orderOfAttempt(apiOrderId: string | undefined): string | undefined {
  const match = apiOrderId === undefined ? null : /^(.+)\.[1-9]\d{0,5}$/.exec(apiOrderId);
  return match?.[1];
}

const rev = newRev;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function inProgress(message: string): CheckoutError {
  return new CheckoutError(409, { type: 'payment_in_progress', message, retryable: true });
}

function locked(): CheckoutError {
  return new CheckoutError(409, {
    type: 'order_locked',
    code: 305,
    message: `this order had ${MAX_DECLINES} declined payments and cannot be paid again; the merchant can make a new order`,
    retryable: false,
  });
}

/** What every state of an order carries over: the details the shopper gave, the late payments to settle. */
const kept = (from: { payer?: CollectedPayer | undefined; late?: string[] | undefined }) =>
  keep(from, {});

/** `to` with what `from` carries over (`kept`) set on it, in that order: no object made to be spread. */
function keep<T extends object>(
  from: { payer?: CollectedPayer | undefined; late?: string[] | undefined },
  to: T,
): T & { payer?: CollectedPayer; late?: string[] } {
  const out = to as T & { payer?: CollectedPayer; late?: string[] };
  if (from.payer) out.payer = from.payer;
  if (from.late?.length) out.late = from.late;
  return out;
}

/**
 * The state a finished attempt leaves: the order settled by its payment, or open for the next
 * number; after a decline, the next attempt retries it (`retryOf`, its API `order_id`).
 */
function after(
  record: PaymentRecord,
  from: {
    n: number;
    attempt: string;
    declines: number;
    payer?: CollectedPayer | undefined;
    late?: string[] | undefined;
  },
): ChargeState {
  if (!REOPENS.has(record.status))
    return keep(from, {
      state: 'settled',
      rev: rev(),
      n: from.n,
      attempt: from.attempt,
      paymentId: record.id,
      declines: from.declines,
    } as ChargeState);
  const rejected = record.status === 'REJECTED';
  const open: ChargeState & { state: 'open' } = {
    state: 'open',
    rev: rev(),
    n: from.n + 1,
    declines: from.declines + (rejected ? 1 : 0),
    lastPaymentId: record.id,
    lastAttempt: from.attempt,
  };
  if (rejected && record.order_id) open.retryOf = record.order_id;
  return keep(from, open);
}

/** The payment attempt `n` made, asked of the API; undefined when it made none. */
async function paymentOfAttempt(
  ctx: HandlerContext,
  orderId: string,
  n: number,
): Promise<PaymentRecord | undefined> {
  try {
    const found = await ctx.client.orders.retrieve(attemptOrderId(orderId, n));
    return await ctx.client.payments.retrieve(found.payment_id);
  } catch (error) {
    if (error instanceof PaymentsApiError && error.type === 'not_found') return undefined;
    throw fromApiError(error);
  }
}

async function retrieve(ctx: HandlerContext, paymentId: string): Promise<PaymentRecord> {
  try {
    return await ctx.client.payments.retrieve(paymentId);
  } catch (error) {
    throw fromApiError(error);
  }
}

/**
 * What the API says the order has, for a store that does not know it: the attempts
 * `<order>.1`, `<order>.2`… looked up in turn until one is not found, all of them (a store can
 * lose an order after two of its codes were paid, or after a new code replaced one paid late).
 * The order is settled on its first payment made and not refunded in full; any other such
 * payment is recorded as late (refunded once, by `settleLate`) and a pending code after it as
 * to cancel. With none made, a pending last attempt settles the order (it waits on the payer),
 * or one refunded in full by the merchant does (as the store had it); otherwise the order is
 * open at the next number, with the declines counted. Answers undefined
 * for an order the API has never seen.
 */
async function fromApi(ctx: HandlerContext, orderId: string): Promise<ChargeState | undefined> {
  const found: PaymentRecord[] = [];
  for (let n = 1; ; n++) {
    if (n > MAX_ATTEMPTS)
      throw new CheckoutError(409, {
        type: 'order_locked',
        message: `this order has had ${MAX_ATTEMPTS} payment attempts; the merchant can make a new order`,
        retryable: false,
      });
    const record = await paymentOfAttempt(ctx, orderId, n);
    if (!record) break;
    await ctx.store.linkPayment({ paymentId: record.id, orderId, attempt: String(n) });
    found.push(record);
  }
  const last = found.at(-1);
  if (!last) return undefined;
  const n = found.length;
  const declines = found.filter((r) => r.status === 'REJECTED').length;
  const made = found.filter((r) => isPaymentMade(r.status) && !isRefundedInFull(r));
  // With none made and not refunded: a pending last attempt (it waits on the payer), else a
  // payment the merchant refunded in full, which settled the order as the store had it.
  const keep =
    made[0] ?? (last.status === 'PENDING' ? last : found.findLast((r) => isPaymentMade(r.status)));
  if (!keep)
    return after(last, {
      n,
      attempt: '',
      declines: declines - (last.status === 'REJECTED' ? 1 : 0),
    });
  const late = made.slice(1).map((r) => r.id);
  const pending = found.findLast((r) => r.status === 'PENDING' && r.id !== keep.id);
  return {
    state: 'settled',
    rev: rev(),
    n,
    attempt: '',
    paymentId: keep.id,
    declines,
    ...(late.length ? { late } : {}),
    ...(pending ? { cancels: pending.id } : {}),
  };
}

/**
 * The periodic path: up to `limit` orders whose state still waits on the API (an attempt whose
 * owner is gone or could not write, late payments, a code to cancel; the store's
 * `unsettledCharges`) are read as any request reads them (`currentState`), so that each catches
 * up with the API even if no one opens it again. An attempt still within its in-flight time is
 * left to its owner. Answers how many were read; a failure on one is logged, and the next goes on.
 */
export async function sweep(ctx: HandlerContext, limit = 100): Promise<number> {
  const ids = (await ctx.store.unsettledCharges?.(limit)) ?? [];
  for (const id of ids) await currentState(ctx, id).catch(ctx.logError);
  return ids.length;
}

/**
 * True when the state shows an attempt made on the order, false for none, or for the state that
 * only records that the API had no attempt of it (`open` at number 1, nothing declined).
 */
export function attempted(state: ChargeState | undefined): boolean {
  return (
    state !== undefined &&
    !(
      state.state === 'open' &&
      state.n === 1 &&
      state.declines === 0 &&
      state.lastPaymentId === undefined
    )
  );
}

/**
 * Records, for an order the store has no state of, that the API has just been asked and has no
 * attempt of it, so that neither the checkout view nor Pay asks again.
 */
export async function noAttemptYet(ctx: HandlerContext, orderId: string): Promise<void> {
  await ctx.store.swapCharge(orderId, undefined, { state: 'open', rev: rev(), n: 1, declines: 0 });
}

/**
 * The order's state, from the store or, when the store does not know the order, from the API,
 * and then written to the store (for an order the API has never seen: open at number 1), so the
 * API is asked once per order while the store remembers. Writing "open at 1" is safe even when
 * it is wrong (a store restored from a snapshot, an evicted key): the number's lease (`takeLease`)
 * and the API's duplicate check (5009) stop `<order>.1` being sent again.
 */
async function knownState(ctx: HandlerContext, orderId: string): Promise<ChargeState> {
  for (let round = 0; round < 20; round++) {
    const stored = await ctx.store.getCharge(orderId);
    if (stored) return stored;
    const found = (await fromApi(ctx, orderId)) ?? { state: 'open', rev: rev(), n: 1, declines: 0 };
    if (await ctx.store.swapCharge(orderId, undefined, found)) return found;
  }
  throw inProgress('the payment state of this order is changing; try again shortly');
}

/**
 * The order's state, recorded from what the API has of it when the store does not know it (its
 * attempts, their payments linked to it), as the checkout view does: the order API reads it for
 * an order posted back after a lost store, or one whose state was evicted, so that such an order
 * counts as attempted (it cannot change) and `GET /orders/:id` lists its payments.
 */
export function learnFromApi(ctx: HandlerContext, orderId: string): Promise<ChargeState> {
  return knownState(ctx, orderId);
}

/**
 * The order's state as the API has it: the stored state, where an attempt's owner is gone or
 * could not write its outcome (`charging` past the in-flight time, or `unknown`) looked up at
 * the API and written, and the late payments a `charging` state collected settled once it is
 * not `charging` any more. Every path that reads an order (the checkout view, a cancel, a
 * notification, a status lookup) comes here, so no state stays behind the API. `eager` (the
 * checkout view) asks about an attempt of any age: one answered while the store was away (a
 * PostgreSQL crash) shows as paid at the next reload, not after the in-flight time.
 */
async function currentState(
  ctx: HandlerContext,
  orderId: string,
  { eager = false } = {},
): Promise<ChargeState> {
  for (let round = 0; round < MAX_RACES; round++) {
    const state = await knownState(ctx, orderId);
    if (state.state === 'charging') {
      const age = (await ctx.store.now()) - state.since;
      if (!eager && !state.unknown && age < ctx.charge.inFlightMs) return state;
      const found = await paymentOfAttempt(ctx, orderId, state.n);
      if (found) {
        await ctx.store.linkPayment({ paymentId: found.id, orderId, attempt: state.attempt });
        await write(ctx, orderId, state, after(found, state), found.id);
      } else if (age >= ctx.charge.outcomeWindowMs) {
        await write(ctx, orderId, state, reopened(state));
      } else return state;
      continue;
    }
    if (state.state === 'settled' && state.cancels) {
      await cancelReplaced(ctx, orderId, state);
      continue;
    }
    if (!state.late?.length) return state;
    await settleLate(ctx, orderId, state);
  }
  throw inProgress('the payment state of this order is changing; try again shortly');
}

/**
 * The order's payment if one is made (PAID, AUTHORIZED or VERIFIED, as the API has it now),
 * for the checkout to show instead of a form; undefined while the order is open, an attempt is
 * in flight or its payment waits for the payer. A store that lost the order asks the API.
 */
export async function paymentMade(
  ctx: HandlerContext,
  orderId: string,
): Promise<PaymentRecord | undefined> {
  const record = await settledPayment(ctx, orderId);
  return record && isPaymentMade(record.status) ? record : undefined;
}

/** The payment the order's state settled on, as the API has it now; undefined for an order not settled. */
async function settledPayment(
  ctx: HandlerContext,
  orderId: string,
  eager = false,
): Promise<PaymentRecord | undefined> {
  const state = await currentState(ctx, orderId, { eager });
  return state.state === 'settled' ? retrieve(ctx, state.paymentId) : undefined;
}

/**
 * The order's payment the checkout shows instead of a form: one made, or a pending one that
 * gave the shopper a Pix code, a voucher or an account to pay (they pay it away from the page,
 * and come back to it). An expired one does not count: the order is open for a new one.
 */
export async function paymentShown(
  ctx: HandlerContext,
  orderId: string,
): Promise<PaymentRecord | undefined> {
  const record = await settledPayment(ctx, orderId, true);
  return record &&
    (isPaymentMade(record.status) ||
      (record.status === 'PENDING' && (record.ticket || record.bank_transfer)))
    ? record
    : undefined;
}

/**
 * The shopper leaves the page a payment of the order waits on them at (the bank's 3-D Secure
 * challenge, closed): the payment, PENDING and the order's current one, is cancelled at the API
 * (`POST /payments/{id}/cancel`) and the order is open again for the next attempt number, as
 * after a decline (not counted as one). One that is no longer pending is answered as it is.
 * If the state cannot be written after the cancel, the order is open all the same: a cancelled
 * payment reopens it wherever it is met (`REOPENS`).
 */
export async function cancelWaiting(
  ctx: HandlerContext,
  orderId: string,
  record: PaymentRecord,
): Promise<PaymentRecord> {
  const state = await currentState(ctx, orderId);
  if (record.status !== 'PENDING') return record;
  if (state.state !== 'settled' || state.paymentId !== record.id)
    throw new CheckoutError(409, {
      type: 'payment_in_progress',
      message: 'this payment is not the one the order waits on; reload the checkout',
      param: 'id',
    });
  let cancelled: PaymentRecord;
  try {
    cancelled = await ctx.client.payments.cancel(record.id);
  } catch (error) {
    // Settled meanwhile (paid, declined): what it is now.
    if (error instanceof PaymentsApiError && error.status > 0 && error.status < 500)
      return retrieve(ctx, record.id);
    throw fromApiError(error);
  }
  await persist(ctx, orderId, state, after(cancelled, state), undefined);
  return cancelled;
}

/** The attempt number of an API `order_id` made by `attemptOrderId`. */
function attemptOf(apiOrderId: string | undefined): number | undefined {
  const match = apiOrderId === undefined ? null : /\.([1-9]\d{0,5})$/.exec(apiOrderId);
  return match ? Number(match[1]) : undefined;
}

const LATE_REFUND_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A payment of the order the API says is made, heard of (a notification, a status lookup)
 * after the order moved on: a voucher paid at the counter just before it expired and reported
 * after the shopper took a new code, or paid while the shopper paid by card. The order is
 * settled on it first, and then the new code's payment, still pending, is cancelled
 * (`POST /payments/{id}/cancel`), so the shopper cannot pay twice; if the order's payment was
 * made too (before or during that cancel), the later of the two is refunded in full, once: the
 * order counts one charge. While another attempt is with the API, the payment is recorded in
 * the order's state (`late`) and settled by whoever finds that attempt's outcome. Answers true
 * when the order's state changed.
 */
export async function reconcile(ctx: HandlerContext, record: PaymentRecord): Promise<boolean> {
  const orderId = orderOfAttempt(record.order_id);
  const n = attemptOf(record.order_id);
  // A capture is its authorization's attempt, not another payment of the order.
  if (
    orderId === undefined ||
    n === undefined ||
    record.authorization_id ||
    !isPaymentMade(record.status)
  )
    return false;
  for (let round = 0; round < MAX_RACES; round++) {
    const state = await currentState(ctx, orderId);
    const placed = await place(ctx, orderId, state, record, n);
    if (placed !== undefined) return placed;
  }
  throw inProgress('the payment state of this order is changing; try again shortly');
}

/**
 * One try at placing `record` (made, attempt `n`) in the order's state `state`; undefined when
 * the state changed meanwhile and the caller reads it again.
 */
async function place(
  ctx: HandlerContext,
  orderId: string,
  state: ChargeState,
  record: PaymentRecord,
  n: number,
): Promise<boolean | undefined> {
  const { store } = ctx;
  if (state.state === 'charging') {
    // Its own attempt, heard of before its owner wrote it: the outcome is this payment, and
    // this path found it, so it settles the payments heard of while the attempt was out.
    if (state.n === n) {
      if (!(await write(ctx, orderId, state, after(record, state), record.id))) return undefined;
      await settleHeardMeanwhile(ctx, orderId);
      return true;
    }
    // Another attempt is with the API: remember this payment for whoever settles that one.
    if (state.late?.includes(record.id)) return false;
    const next = { ...state, rev: rev(), late: [...(state.late ?? []), record.id] };
    return (await store.swapCharge(orderId, state.rev, next)) ? false : undefined;
  }
  const rest = unlisted(state, record.id);
  // Placed already: at most its mark as late is left to take off.
  const done = async () =>
    !state.late?.includes(record.id) ||
    (await store.swapCharge(orderId, state.rev, { ...rest, rev: rev() }))
      ? false
      : undefined;
  if (state.state === 'settled' && state.paymentId === record.id) return done();
  const other = state.state === 'settled' ? await retrieve(ctx, state.paymentId) : undefined;
  if (other && isPaymentMade(other.status)) {
    // Refunded already (by another path): nothing more. Otherwise recorded first: if the
    // refund fails, whichever path meets the order next refunds it.
    if ((await store.bound(lateRefunded(record.id))) !== undefined) return done();
    if (!state.late?.includes(record.id)) {
      await store.swapCharge(orderId, state.rev, {
        ...state,
        rev: rev(),
        late: [...(state.late ?? []), record.id],
      });
      return undefined;
    }
    await refundLate(ctx, record, other);
    return done();
  }
  // Settled on this payment first: if the process stops before the other code is cancelled
  // and that code is paid too, its payment meets a settled order and is refunded.
  const next: ChargeState = {
    state: 'settled',
    rev: rev(),
    n: Math.max(n, state.state === 'open' ? state.n - 1 : state.n),
    attempt: '',
    paymentId: record.id,
    declines: state.declines,
    ...kept(rest),
    ...(other?.status === 'PENDING' ? { cancels: other.id } : {}),
  };
  if (!(await store.swapCharge(orderId, state.rev, next))) return undefined;
  await store.linkPayment({ paymentId: record.id, orderId, attempt: String(n) });
  if (next.state === 'settled' && next.cancels) await cancelReplaced(ctx, orderId, next, record);
  return true;
}

/**
 * Cancels the code a settled order replaced (`cancels`) and then takes it off the state: a
 * cancel that fails is tried again by whichever path meets the order next (`currentState`).
 */
async function cancelReplaced(
  ctx: HandlerContext,
  orderId: string,
  state: ChargeState & { state: 'settled' },
  kept?: PaymentRecord,
): Promise<void> {
  if (!state.cancels) return;
  await cancelOther(ctx, state.cancels, kept ?? (await retrieve(ctx, state.paymentId)));
  const { cancels: _, ...rest } = state;
  await ctx.store.swapCharge(orderId, state.rev, { ...rest, rev: rev() });
}

/** Cancels `other`, the code the order no longer waits on; if it was paid meanwhile, refunds it. */
async function cancelOther(
  ctx: HandlerContext,
  otherId: string,
  kept: PaymentRecord,
): Promise<void> {
  try {
    await ctx.client.payments.cancel(otherId);
    return;
  } catch (error) {
    if (!(error instanceof PaymentsApiError && error.status > 0 && error.status < 500))
      throw fromApiError(error);
  }
  // Refused: paid (or settled otherwise) meanwhile.
  const now = await retrieve(ctx, otherId);
  if (isPaymentMade(now.status)) await refundLate(ctx, now, kept);
}

/** Settles the payments the order's state collected while an attempt was out, if none is out now. */
async function settleHeardMeanwhile(ctx: HandlerContext, orderId: string): Promise<void> {
  const now = await ctx.store.getCharge(orderId);
  if (now?.late?.length && now.state !== 'charging') await currentState(ctx, orderId);
}

/** Settles the order's late payments (`late`), one by one, now that no attempt is with the API. */
async function settleLate(ctx: HandlerContext, orderId: string, state: ChargeState) {
  const id = state.late?.[0];
  if (id === undefined) return;
  const record = await retrieve(ctx, id);
  const n = attemptOf(record.order_id);
  if (isPaymentMade(record.status) && n !== undefined) {
    await place(ctx, orderId, state, record, n);
    return;
  }
  // No longer made (refunded or reversed at the API): nothing to settle.
  await ctx.store.swapCharge(orderId, state.rev, { ...unlisted(state, id), rev: rev() });
}

/** `state` without `paymentId` among its late payments. */
function unlisted(state: ChargeState, paymentId: string): ChargeState {
  const { late, ...rest } = state;
  const left = late?.filter((id) => id !== paymentId);
  return left?.length ? { ...rest, late: left } : rest;
}

/** The store's mark that a late payment was refunded (bound for a week). */
const lateRefunded = (paymentId: string) => `late-refund:${paymentId}`;

/** Refunds `late` in full, once: the order was paid by `kept` already. */
async function refundLate(
  ctx: HandlerContext,
  late: PaymentRecord,
  kept: PaymentRecord,
): Promise<void> {
  const done = lateRefunded(late.id);
  if ((await ctx.store.bound(done)) !== undefined) return;
  try {
    // The key is the late payment's: however often this runs (a crash before `done` is bound,
    // two paths at once), the API makes one refund.
    await ctx.client.refunds.create(
      {
        payment_id: late.id,
        notification_url: `${ctx.publicUrl}/notifications`,
        description: `Paid twice: the order was paid by ${kept.id}`.slice(0, 200),
      },
      { idempotencyKey: await ctx.client.idempotencyKeyFor('late-refund', late.id) },
    );
  } catch (error) {
    throw fromApiError(error);
  }
  await ctx.store.bind(done, kept.id, LATE_REFUND_MS);
}

/** The late payments of `now` that `next` does not name yet: what another path recorded meanwhile. */
function withLate(next: ChargeState, now: ChargeState | undefined): ChargeState {
  const late = [...new Set([...(next.late ?? []), ...(now?.late ?? [])])];
  return late.length ? { ...next, late } : next;
}

/**
 * Writes `next` over `from`. A lost race is not ignored: the state is read again, and `next` is
 * written unless the order has already moved past it (a state written for the same payment, or a
 * later attempt number); answers false when it could not be written. Late payments another
 * path recorded meanwhile are kept.
 */
async function write(
  ctx: HandlerContext,
  orderId: string,
  from: ChargeState,
  next: ChargeState,
  paymentId?: string,
): Promise<boolean> {
  if (await ctx.store.swapCharge(orderId, from.rev, next)) return true;
  for (let tries = 0; tries < 20; tries++) {
    const now = await ctx.store.getCharge(orderId);
    if (now && (now.n > next.n || (now.state === 'settled' && now.paymentId === paymentId)))
      return false;
    // A write that names no payment (an attempt that did nothing, a cancel) is for the state it
    // read only: not over another attempt with the same number (one that took over after the
    // outcome window while this one was still with the API).
    if (
      paymentId === undefined &&
      now &&
      (now.n !== from.n ||
        now.state !== from.state ||
        (now.state === 'charging' && from.state === 'charging' && now.attempt !== from.attempt))
    )
      return false;
    if (await ctx.store.swapCharge(orderId, now?.rev, withLate({ ...next, rev: rev() }, now)))
      return true;
  }
  throw inProgress('the payment state of this order is changing; try again shortly');
}

/** How long a write behind a made payment is retried in the background, and how often at most. */
const PERSIST_FOR_MS = 10 * 60_000;
const PERSIST_BACKOFF_MS = [100, 250, 500, 1000, 2000, 5000];

/**
 * Writes what a made (or cancelled) payment did to the order, now if the store answers, else
 * again and again in the background until it is written (or another path wrote the order past
 * it): the shopper is answered meanwhile, and any path that meets the order before then asks
 * the API (`currentState`). Late payments the written state carries are then settled.
 */
function persist(
  ctx: HandlerContext,
  orderId: string,
  from: ChargeState,
  next: ChargeState,
  paymentId: string | undefined,
  link?: PaymentLink,
): Promise<void> {
  // The store's promises followed with `then`, not awaited in async functions of their own:
  // this runs behind every payment made.
  const once = (): Promise<void> => {
    try {
      const swap = () => ctx.store.swapCharge(orderId, from.rev, next);
      return (link ? ctx.store.linkPayment(link).then(swap) : swap()).then((written) => {
        // Written over the very state `from` (this attempt's own): no other path wrote the order
        // meanwhile, so nothing was heard that is late to settle beyond what `next` carries.
        if (written)
          return next.late?.length && next.state !== 'charging'
            ? currentState(ctx, orderId).then(() => undefined)
            : undefined;
        // Written here or, for the same payment, by a path that heard of it first (its
        // notification): either way the late payments are settled now, not at the next reload.
        return write(ctx, orderId, from, next, paymentId).then(() =>
          settleHeardMeanwhile(ctx, orderId),
        );
      });
    } catch (error) {
      return Promise.reject(error as Error);
    }
  };
  const giveUpAt = Date.now() + PERSIST_FOR_MS;
  let tries = 0;
  const retry = () => {
    const timer = setTimeout(
      async () => {
        try {
          await once();
        } catch {
          if (Date.now() < giveUpAt) retry();
        }
      },
      PERSIST_BACKOFF_MS[Math.min(tries++, PERSIST_BACKOFF_MS.length - 1)],
    );
    timer.unref?.();
  };
  return once().then(undefined, (error: unknown) => {
    ctx.logError(error);
    retry();
  });
}

/**
 * True when the API's answer says for certain that nothing was done: a refusal, or a 5xx
 * or 429 it answered (and did not keep under the idempotency key). A timeout, a cut
 * connection or an unreadable 2xx leave the outcome unknown.
 */
function nothingDone(error: unknown): boolean {
  if (!(error instanceof PaymentsApiError)) return true;
  if (error.type === 'invalid_response') return false;
  return error.status !== 0 || error.type === 'validation_error';
}

/**
 * Charges `orderId` unless it was charged already; answers the payment this submission made or
 * the one it found. `create(n)` sends attempt number `n` to the API. `attempt` is the browser's
 * id of this submission: a retried request with it answers what it got the first time.
 */
export async function chargeOnce(
  ctx: HandlerContext,
  orderId: string,
  attempt: string,
  create: (n: number, attempt: Charging) => Promise<PaymentRecord>,
  details: {
    payer?: CollectedPayer | undefined;
    /**
     * The order's state as the caller has just read it from the store (`getCharge`), taken
     * for the first look instead of reading it again: a state changed since is refused by
     * the compare-and-set, and read again.
     */
    known?: ChargeState | undefined;
  } = {},
): Promise<ChargeResult> {
  const { store } = ctx;
  const giveUpAt = Date.now() + ctx.charge.inFlightMs;
  let waitedFor: string | undefined;
  let races = 0;
  const lost = () => {
    if (++races > MAX_RACES)
      throw inProgress('the payment state of this order is changing; try again shortly');
  };
  let known = details.known;
  for (;;) {
    const state = known ?? (await knownState(ctx, orderId));
    known = undefined;
    // Payments heard of while an attempt was with the API are settled before anything is charged.
    if (state.state !== 'charging' && state.late?.length) {
      await settleLate(ctx, orderId, state);
      lost();
      continue;
    }
    if (state.state === 'open') {
      // This submission's own attempt (a retried request), or the one it waited for, was declined: answer it.
      if (
        state.lastPaymentId &&
        (state.lastAttempt === attempt ||
          (waitedFor !== undefined && state.lastAttempt === waitedFor))
      ) {
        return { record: await retrieve(ctx, state.lastPaymentId), replayed: true };
      }
      if (state.declines >= MAX_DECLINES) throw locked();
      const payer = details.payer ?? state.payer;
      const mine: Charging = {
        state: 'charging',
        rev: rev(),
        n: state.n,
        attempt,
        since: await store.now(),
        declines: state.declines,
      };
      if (state.retryOf) mine.retryOf = state.retryOf;
      if (payer) mine.payer = payer;
      if (!(await store.swapCharge(orderId, state.rev, mine))) {
        lost(); // another submission got there first
        continue;
      }
      const made = await charge(ctx, orderId, mine, create, state.freed);
      if (made) return { record: made, replayed: false };
      lost(); // the number was taken (at the API, or by another's lease): what holds it is now in the state
      continue;
    }
    if (state.state === 'settled') {
      const record = await retrieve(ctx, state.paymentId);
      if (!REOPENS.has(record.status)) return { record, replayed: true };
      // The payer rejected 3-D Secure, the pending payment expired or was cancelled: the order is open again.
      await write(ctx, orderId, state, after(record, state));
      continue;
    }
    // An attempt is with the API. While its owner may still be waiting for the answer, wait too.
    const age = (await store.now()) - state.since;
    if (!state.unknown && age < ctx.charge.inFlightMs) {
      if (Date.now() >= giveUpAt)
        throw inProgress('a payment for this order is in progress; try again shortly');
      waitedFor = state.attempt;
      await sleep(ctx.charge.pollMs);
      continue;
    }
    // Its owner gave up without knowing, or is gone: ask the API what that attempt did.
    const found = await paymentOfAttempt(ctx, orderId, state.n);
    if (found) {
      await store.linkPayment({ paymentId: found.id, orderId, attempt: state.attempt });
      await write(ctx, orderId, state, after(found, state), found.id);
      waitedFor = state.attempt;
      continue;
    }
    if (age < ctx.charge.outcomeWindowMs)
      throw inProgress(
        'the outcome of an earlier payment for this order is not known yet; try again shortly',
      );
    // Nothing under that number after the window: open the order with the SAME number, so that
    // if the old attempt ever reaches the API after all, one of the two is refused as a duplicate.
    await write(ctx, orderId, state, reopened(state));
  }
}

/** The order open again for the same number, after an attempt that did nothing (`freed`, when that is sure). */
function reopened(from: Charging, freed?: string): ChargeState {
  return {
    state: 'open',
    rev: rev(),
    n: from.n,
    declines: from.declines,
    ...(from.retryOf ? { retryOf: from.retryOf } : {}),
    ...(freed ? { freed } : {}),
    ...kept(from),
  };
}

/** The attempt holding a number's lease, and since when (the store's clock). */
interface Lease {
  attempt: string;
  since: number;
}

/**
 * Takes attempt `mine.n`'s lease for `mine.attempt`, for the outcome window by the store's
 * clock: answers undefined when it is this attempt's (taken now, or by this same submission
 * sent again), else the attempt that holds it. Whatever the order's state says (lost, evicted,
 * read from a replica that lags), two submissions never both send one number.
 */
function takeLease(
  ctx: HandlerContext,
  orderId: string,
  mine: Charging,
): Promise<Lease | undefined> {
  // The store's promise followed with `then`: no async function's promise of this one's around it.
  return ctx.store
    .bind(
      `attempt-lease:${attemptOrderId(orderId, mine.n)}`,
      `${mine.since} ${mine.attempt}`,
      ctx.charge.outcomeWindowMs,
    )
    .then((held) => leaseOf(held, mine));
}

/** The lease `bind` answered: undefined when it is `mine`'s. */
function leaseOf(held: string | undefined, mine: Charging): Lease | undefined {
  if (held === undefined) return undefined;
  const space = held.indexOf(' ');
  const lease = { since: Number(held.slice(0, space)), attempt: held.slice(space + 1) };
  return lease.attempt === mine.attempt ? undefined : lease;
}

/**
 * Sends attempt `mine.n` and records what it did. Answers the payment it made, or undefined
 * when another submission holds the number or the API already had a payment under it (the
 * state then says so, and the caller looks again).
 */
async function charge(
  ctx: HandlerContext,
  orderId: string,
  mine: Charging,
  create: (n: number, attempt: Charging) => Promise<PaymentRecord>,
  freed: string | undefined,
): Promise<PaymentRecord | undefined> {
  const { store } = ctx;
  const lease = await takeLease(ctx, orderId, mine);
  if (lease && lease.attempt !== freed) {
    // Another submission took this number (its state lost since): it is with the API, or was.
    await write(ctx, orderId, mine, { ...mine, rev: rev(), ...lease });
    return undefined;
  }
  let record: PaymentRecord;
  try {
    record = await create(mine.n, mine);
  } catch (error) {
    if (error instanceof PaymentsApiError && error.code === DUPLICATED_ORDER_ID) {
      // The store was behind the API (a lost or restored store): what stands under this number?
      const found = await paymentOfAttempt(ctx, orderId, mine.n);
      if (found) {
        await store.linkPayment({ paymentId: found.id, orderId, attempt: String(mine.n) });
        await write(ctx, orderId, mine, after(found, { ...mine, attempt: '' }), found.id);
        return undefined;
      }
      // Taken, and not placed yet: in flight somewhere until the API says what it did.
      await write(ctx, orderId, mine, { ...mine, rev: rev(), unknown: true });
      throw inProgress('a payment for this order is in progress; try again shortly');
    }
    if (nothingDone(error)) {
      // Freed: the attempt that holds the number's lease, which is this one's, or the earlier
      // freed attempt's that this one passed (a lease is bound once, for the outcome window).
      await write(ctx, orderId, mine, reopened(mine, lease?.attempt ?? mine.attempt));
    } else {
      // Timed out or cut off: the API may have charged. The order stays closed until we know.
      await write(ctx, orderId, mine, { ...mine, rev: rev(), unknown: true });
    }
    throw error instanceof PaymentsApiError ? fromApiError(error) : error;
  }
  // The payment is made: the shopper is told so even if the store cannot write it down now.
  await persist(ctx, orderId, mine, after(record, mine), record.id, {
    paymentId: record.id,
    orderId,
    attempt: mine.attempt,
  });
  return record;
}
