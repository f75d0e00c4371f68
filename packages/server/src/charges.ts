/**
 * One order, one charge. Each order's charge state lives in the store (shared by every
 * instance): a submission charges only an order that is open; one that finds an attempt
 * in flight waits for it and answers its outcome; one that finds a payment made answers
 * that payment as the API has it now. Only a REJECTED or EXPIRED payment reopens the order.
 *
 * An attempt whose outcome is unknown (the connection dropped or timed out after the API
 * may have committed) keeps the order closed until the API is asked what that attempt did
 * (`GET /orders/<order>.<attempt>`): found, it is the order's payment; not found after
 * `outcomeWindowMs`, nothing was charged and the order opens again.
 */
import type { PaymentRecord, PaymentRequest } from '@paylit/core/schemas';
import { PaymentsApiError } from './client/errors.js';
import { fromApiError, type HandlerContext } from './context.js';
import { CheckoutError } from './middleware/errors.js';
import type { ChargeState } from './store/store.js';

/** Statuses after which the order may be paid again. */
const REOPENS = new Set(['REJECTED', 'EXPIRED']);

export interface ChargeResult {
  record: PaymentRecord;
  /** True when this submission charged nothing and answers an earlier attempt's payment. */
  replayed: boolean;
}

/** Statuses of a payment made: the order shows it instead of a form. */
const MADE = new Set(['PAID', 'AUTHORIZED', 'VERIFIED']);

/**
 * The order's payment if one is made (PAID, AUTHORIZED or VERIFIED, as the API has it now),
 * for the checkout to show instead of a form; undefined while the order is open, an attempt is
 * in flight or its payment waits for the payer.
 */
export async function paymentMade(ctx: HandlerContext, orderId: string): Promise<PaymentRecord | undefined> {
  const state = await ctx.store.getCharge(orderId);
  if (state?.state !== 'settled') return undefined;
  const record = await retrieve(ctx, state.paymentId);
  return MADE.has(record.status) ? record : undefined;
}

/** The API's `order_id` of one attempt: the merchant's order and the attempt id. */
export function attemptOrderId(orderId: string, attempt: string): string {
  return `${orderId}.${attempt}`;
}

const rev = () => crypto.randomUUID();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function inProgress(message: string): CheckoutError {
  return new CheckoutError(409, { type: 'payment_in_progress', message, retryable: true });
}

/** The state a finished attempt leaves: the order settled by its payment, or open again. */
function after(record: PaymentRecord, attempt: string): ChargeState {
  return REOPENS.has(record.status) ? { state: 'open', rev: rev(), lastPaymentId: record.id, lastAttempt: attempt } : { state: 'settled', rev: rev(), paymentId: record.id, attempt };
}

/** The payment an attempt made, asked of the API; undefined when it made none. */
async function paymentOfAttempt(ctx: HandlerContext, orderId: string, attempt: string): Promise<PaymentRecord | undefined> {
  try {
    const found = await ctx.client.orders.retrieve(attemptOrderId(orderId, attempt));
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
 * Charges `orderId` with `request` unless it was charged already; answers the payment
 * this submission made or the one it found.
 */
export async function chargeOnce(ctx: HandlerContext, orderId: string, attempt: string, create: () => Promise<PaymentRecord>): Promise<ChargeResult> {
  const { store } = ctx;
  const giveUpAt = Date.now() + ctx.charge.inFlightMs;
  let waitedFor: string | undefined;
  for (;;) {
    const state = await store.getCharge(orderId);
    if (state === undefined || state.state === 'open') {
      // An attempt this submission waited for was rejected: answer its outcome, charge nothing.
      if (state?.state === 'open' && waitedFor !== undefined && state.lastAttempt === waitedFor && state.lastPaymentId) {
        return { record: await retrieve(ctx, state.lastPaymentId), replayed: true };
      }
      const mine: ChargeState = { state: 'charging', rev: rev(), attempt, since: Date.now() };
      if (!(await store.swapCharge(orderId, state?.rev, mine))) continue; // another submission got there first
      return { record: await charge(ctx, orderId, mine, create), replayed: false };
    }
    if (state.state === 'settled') {
      const record = await retrieve(ctx, state.paymentId);
      if (!REOPENS.has(record.status)) return { record, replayed: true };
      // The payer rejected 3-D Secure, or the pending payment expired: the order is open again.
      await store.swapCharge(orderId, state.rev, after(record, state.attempt));
      waitedFor = undefined;
      continue;
    }
    // An attempt is with the API. While its owner may still be waiting for the answer, wait too.
    const age = Date.now() - state.since;
    if (!state.unknown && age < ctx.charge.inFlightMs) {
      if (Date.now() >= giveUpAt) throw inProgress('a payment for this order is in progress; try again shortly');
      waitedFor = state.attempt;
      await sleep(ctx.charge.pollMs);
      continue;
    }
    // Its owner gave up without knowing, or is gone: ask the API what that attempt did.
    const found = await paymentOfAttempt(ctx, orderId, state.attempt);
    if (found) {
      await store.linkPayment({ paymentId: found.id, orderId, attempt: state.attempt });
      await store.swapCharge(orderId, state.rev, after(found, state.attempt));
      waitedFor = state.attempt;
      continue;
    }
    if (age < ctx.charge.outcomeWindowMs) throw inProgress('the outcome of an earlier payment for this order is not known yet; try again shortly');
    await store.swapCharge(orderId, state.rev, { state: 'open', rev: rev() });
  }
}

async function charge(ctx: HandlerContext, orderId: string, mine: ChargeState & { state: 'charging' }, create: () => Promise<PaymentRecord>): Promise<PaymentRecord> {
  const { store } = ctx;
  let record: PaymentRecord;
  try {
    record = await create();
  } catch (error) {
    if (nothingDone(error)) {
      await store.swapCharge(orderId, mine.rev, { state: 'open', rev: rev() });
    } else {
      // Timed out or cut off: the API may have charged. The order stays closed until we know.
      await store.swapCharge(orderId, mine.rev, { ...mine, rev: rev(), unknown: true });
    }
    throw error instanceof PaymentsApiError ? fromApiError(error) : error;
  }
  await store.linkPayment({ paymentId: record.id, orderId, attempt: mine.attempt });
  await store.swapCharge(orderId, mine.rev, after(record, mine.attempt));
  return record;
}
