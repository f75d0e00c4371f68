/**
 * Notifications from the API: the signature over the raw body and the `X-Date` (within 5
 * minutes) checked before anything else, then each status of each record handed to the
 * merchant's hook until the hook succeeds, once, on every instance sharing the store.
 *
 * A notification is leased (`store.claim`) while the hook runs and marked done only once the
 * hook has returned. A hook that throws releases the lease and answers 500; a hook slower than
 * the lease, or a process that dies during it, leaves the lease to expire: in each case the
 * API's next try is handed over. A try that arrives while another request holds the lease is
 * answered 409, so the API tries again later. The hook may therefore see one status twice
 * (a hook that outlived its lease), never zero times.
 *
 * Only failed verifications count toward the notification limit: a genuine notification is
 * never refused by it, however many arrive and whoever else sends junk from its address.
 */
import type { Context, Hono } from 'hono';
import { parseXDate } from '@paylit/core/crypto';
import {
  enrollmentRecordSchema,
  paymentRecordSchema,
  refundRecordSchema,
  safeParse,
  type PaymentRecord,
} from '@paylit/core/schemas';
import { compiled } from '../compiled.js';
import { orderOfAttempt, reconcile } from '../charges.js';
import { fromApiError, type HandlerContext, type NotificationEvent } from '../context.js';
import type { HandlerEnv } from '../env.js';
import { CheckoutError } from '../middleware/errors.js';
import { heardKey, heardValue, RANKS, TOP_RANK } from '../heard.js';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const utf8 = new TextDecoder();

export interface NotificationRouteOptions {
  /** How long one request holds a notification while the merchant's hook runs. */
  leaseMs: number;
  /** Failed verifications allowed per client address in each window; undefined: no limit. */
  failures:
    { windowMs: number; max: number; address: (c: Context<HandlerEnv>) => string } | undefined;
}

type Kind = NotificationEvent['kind'];
type Classified = { kind: Kind; record: NotificationEvent['record'] };

function classify(body: unknown): Classified {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b.payment_id === 'string') {
    const r = safeParse(compiled(refundRecordSchema), body);
    if (r.success) return { kind: 'refund', record: r.data };
  } else if (
    typeof b.external_id === 'string' ||
    (typeof b.id === 'string' && b.id.startsWith('E-'))
  ) {
    const r = safeParse(compiled(enrollmentRecordSchema), body);
    if (r.success) return { kind: 'enrollment', record: r.data };
  } else {
    const r = safeParse(compiled(paymentRecordSchema), body);
    if (r.success) return { kind: 'payment', record: r.data };
  }
  throw new CheckoutError(400, {
    type: 'invalid_request',
    message: 'the notification is not a payment, refund or enrollment record',
  });
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The merchant order of a payment or refund: from its API `order_id` (`<order>.<n>`), else the
 * store's link, else (a refund) its payment as the API has it.
 */
async function orderOf(
  ctx: HandlerContext,
  { kind, record }: Classified,
): Promise<string | undefined> {
  if (kind === 'enrollment') return undefined;
  const fromRecord = orderOfAttempt(text(record.order_id));
  if (fromRecord !== undefined) return fromRecord;
  if (kind === 'payment') {
    const authorization = text(record.authorization_id);
    return (
      (await ctx.store.orderOfPayment(record.id)) ??
      (authorization === undefined ? undefined : await ctx.store.orderOfPayment(authorization))
    );
  }
  const paymentId = text(record.payment_id)!;
  const linked = await ctx.store.orderOfPayment(paymentId);
  if (linked !== undefined) return linked;
  try {
    return orderOfAttempt((await ctx.client.payments.retrieve(paymentId)).order_id);
  } catch (error) {
    throw fromApiError(error);
  }
}

/** Records this status of the record; true unless a status of a higher rank was recorded before. */
async function recordStatus(ctx: HandlerContext, { kind, record }: Classified): Promise<boolean> {
  const rank = RANKS[kind][record.status] ?? TOP_RANK;
  const key = (r: number) => heardKey(kind, record.id, r);
  let latest = true;
  for (let r = rank + 1; r <= TOP_RANK && latest; r++)
    latest = (await ctx.store.bound(key(r))) === undefined;
  await ctx.store.bind(
    key(rank),
    heardValue(record.status, (record as { status_code?: unknown }).status_code),
    WEEK_MS,
  );
  return latest;
}

function unauthorized(date: string | undefined): CheckoutError {
  const message =
    date === undefined
      ? 'the notification has no X-Date header'
      : parseXDate(date) === undefined
        ? "the notification's X-Date is not an ISO 8601 UTC time such as 2026-01-31T12:00:00.000Z"
        : "the notification's signature is not valid or its X-Date is more than 5 minutes from now";
  return new CheckoutError(401, { type: 'unauthorized', message });
}

export function mountNotifications(
  app: Hono<HandlerEnv>,
  ctx: HandlerContext,
  options: NotificationRouteOptions,
): void {
  app.post('/notifications', async (c) => {
    // The signature is over the bytes received: read as text, a leading byte order mark would
    // be gone (UTF-8 decoding drops it), and a body the API signed with it refused.
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const date = c.req.header('X-Date');
    const genuine = await ctx.client.webhooks.verifyNotification({
      date,
      authorization: c.req.header('Authorization'),
      body: bytes,
    });
    if (!genuine) {
      const limit = options.failures;
      if (
        limit &&
        (await ctx.store.hit(`rate:notifications:${limit.address(c)}`, limit.windowMs)) > limit.max
      ) {
        c.header('Retry-After', String(Math.ceil(limit.windowMs / 1000)));
        throw new CheckoutError(429, {
          type: 'rate_limited',
          message: 'too many notifications that failed verification; try again shortly',
          retryable: true,
        });
      }
      throw unauthorized(date);
    }
    let parsed: unknown;
    try {
      // A JSON text may start with the mark (RFC 8259, 8.1: a parser may ignore it); the
      // decoder drops it.
      parsed = JSON.parse(utf8.decode(bytes));
    } catch {
      throw new CheckoutError(400, {
        type: 'invalid_request',
        message: 'the notification is not JSON',
      });
    }
    const classified = classify(parsed);
    const { kind, record } = classified;
    const id = `${kind}:${record.id}:${record.status}:${String(record.status_code ?? '')}`;
    const done = `notification-done:${id}`;
    const lease = `notification:${id}`;
    const duplicate = () => c.json({ received: true, duplicate: true });
    if ((await ctx.store.bound(done)) !== undefined) return duplicate();
    if (!(await ctx.store.claim(lease, options.leaseMs))) {
      c.header('Retry-After', String(Math.ceil(options.leaseMs / 1000)));
      throw new CheckoutError(409, {
        type: 'payment_in_progress',
        message:
          'this notification is being handed to the merchant by another request; try again later',
        retryable: true,
      });
    }
    const leased = performance.now();
    // Released only while still ours: once the lease has expired another request may hold it.
    const release = async () => {
      if (performance.now() - leased < options.leaseMs) await ctx.store.release(lease);
    };
    let event: NotificationEvent;
    let unplaced: unknown;
    try {
      // Another request may have finished it between the first look and the claim.
      if ((await ctx.store.bound(done)) !== undefined) {
        await release();
        return duplicate();
      }
      const orderId = await orderOf(ctx, classified);
      const latest = await recordStatus(ctx, classified);
      const authorization = text(record.authorization_id);
      if (kind === 'payment' && orderId !== undefined && authorization !== undefined) {
        await ctx.store.linkPayment({ paymentId: record.id, orderId, attempt: 'capture' });
      }
      // A voucher paid late settles its order, and the order's other code is cancelled. One
      // that cannot be placed now (the store or the API failed midway) is still handed to the
      // merchant below, once, and the API's next try places it.
      if (kind === 'payment' && orderId !== undefined)
        unplaced = await reconcile(ctx, record as PaymentRecord).then(
          () => undefined,
          (error: unknown) => error,
        );
      if (kind === 'payment') await ctx.paymentHeard?.(record);
      if (kind === 'enrollment') await ctx.enrollmentHeard?.(record);
      event = { kind, record, orderId, latest };
    } catch (error) {
      await release();
      throw error;
    }
    // The shopper waiting on this order's payment (a Pix, a voucher) hears it, on whichever
    // instance, now that it is recorded: not after the merchant's hook, which may fail or hang
    // (the API then tries again) while the checkout would wait for the slow status lookup.
    if (kind === 'payment' && event.orderId !== undefined)
      await ctx.changes.announce(event.orderId).catch(ctx.logError);
    const handed = `notification-handed:${id}`;
    try {
      // Handed already by a try that could not place it: the try that places it does not hand
      // it again (the merchant would hear one payment twice).
      if ((await ctx.store.bound(handed)) === undefined) {
        await ctx.onNotification?.(event);
        if (unplaced !== undefined) await ctx.store.bind(handed, '1', WEEK_MS).catch(() => {});
      }
    } catch (error) {
      await release();
      ctx.logError(error);
      throw new CheckoutError(500, {
        type: 'internal_error',
        message: "the merchant's notification hook failed; the API will try again",
      });
    }
    if (unplaced !== undefined) {
      await release().catch(() => {});
      throw unplaced;
    }
    await ctx.store.bind(done, '1', WEEK_MS);
    await release();
    return c.json({ received: true });
  });
}
