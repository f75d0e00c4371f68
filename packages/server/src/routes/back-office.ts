/**
 * Standalone mode, for merchants whose backend is not Node: an order API that stores the
 * orders the checkout trusts, and back-office routes to capture, cancel, refund and
 * retrieve, all behind one bearer token. Never reachable from a shopper's browser without it.
 * Each capture, cancel and refund happens once per operator action (its `action` id or
 * `Idempotency-Key`), one at a time per payment.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { amountSchema } from '@paylit/core/schemas';
import { PaymentsApiError } from '../client/errors.js';
import { fromApiError, type HandlerContext } from '../context.js';
import type { HandlerEnv } from '../env.js';
import { CheckoutError } from '../middleware/errors.js';
import { readJson, validate } from '../middleware/input.js';
import { mountOrders } from './orders.js';

const encoder = new TextEncoder();

function sameSecret(given: string, expected: string): boolean {
  const a = encoder.encode(given);
  const b = encoder.encode(expected);
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export function bearer(token: string): MiddlewareHandler<HandlerEnv> {
  return async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const given = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!given || !sameSecret(given, token)) {
      c.header('WWW-Authenticate', 'Bearer');
      throw new CheckoutError(401, {
        type: 'unauthorized',
        message: 'a valid bearer token is required',
      });
    }
    await next();
  };
}

const id = z.string().min(1).max(200);
/** An id the back office makes once per operator action (one click, kept across its retries). */
const action = z
  .string()
  .regex(
    /^[\w-]{8,64}$/,
    'must be 8 to 64 letters, digits, "_" or "-", made once per operator action',
  )
  .optional();
const captureBody = z.strictObject({ amount: amountSchema.optional(), action });
const cancelBody = z.strictObject({ action });
const refundBody = z.strictObject({
  amount: amountSchema.optional(),
  description: z.string().max(200).optional(),
  action,
});

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const LOCK_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The JSON body, or `{}` when there is none (a request made in process may carry no Content-Length at all). */
async function optionalJson(c: Context<HandlerEnv>): Promise<unknown> {
  if ((await c.req.text()) === '') return {};
  return readJson(c);
}

/**
 * The API's idempotency key for one operator action: from the caller's `Idempotency-Key`
 * header, else from the `action` id in the body; one of them is required, so that a
 * retried click or request never acts twice. The key is bound to its operation (what,
 * on which payment, with which body): the same key for another operation is refused
 * here, never answered with the other operation's record.
 */
async function operationKey(
  c: Context<HandlerEnv>,
  ctx: HandlerContext,
  operation: string,
  paymentId: string,
  body: { action?: string | undefined },
): Promise<string> {
  const header = c.req.header('Idempotency-Key');
  if (header !== undefined && (header.length < 1 || header.length > 64))
    throw new CheckoutError(400, {
      type: 'invalid_request',
      message: 'Idempotency-Key must be 1 to 64 characters',
      param: 'Idempotency-Key',
    });
  const given = header ?? body.action;
  if (given === undefined) {
    throw new CheckoutError(400, {
      type: 'invalid_request',
      message: `an Idempotency-Key header or an "action" id in the body is required, so that a retried ${operation} happens once`,
      param: 'action',
    });
  }
  const { action: _, ...rest } = body;
  const fingerprint = JSON.stringify([operation, paymentId, rest]);
  const bound = await ctx.store.bind(`admin-key:${given}`, fingerprint, WEEK_MS);
  if (bound !== undefined && bound !== fingerprint) {
    throw new CheckoutError(409, {
      type: 'idempotency_key_reused',
      message: `this ${header !== undefined ? 'Idempotency-Key' : 'action id'} was already used for another operation; make a new one for each action`,
      param: header !== undefined ? 'Idempotency-Key' : 'action',
    });
  }
  return given;
}

/**
 * The API's idempotency key for the action `given`, made while its payment is locked: the same
 * for every retry of the action, except past an attempt the API refused (`refused` below), which
 * moved nothing and whose refusal the API would answer to every retry of its key for 7 days (a
 * refund clicked while a Pix was PENDING, clicked again once it is PAID).
 */
async function apiKey(ctx: HandlerContext, given: string) {
  let generation = 0;
  while ((await ctx.store.bound(`admin-refused:${given}:${generation}`)) !== undefined)
    generation++;
  const parts = generation === 0 ? [given] : [given, String(generation)];
  return {
    idempotencyKey: await ctx.client.idempotencyKeyFor('back-office', ...parts),
    refused: () => ctx.store.bind(`admin-refused:${given}:${generation}`, '1', WEEK_MS),
  };
}

/**
 * The API's answer to a key it holds for another body (400 / 5001 `X-Idempotency-Key`): this
 * request did nothing, but the operation under the key may have been done, by an instance whose
 * body differs (a refund's `notification_url` is its `publicUrl`). Not a refusal: the next key
 * would do it again.
 */
const keyTaken = (error: unknown) =>
  error instanceof PaymentsApiError && error.code === 5001 && error.param === 'X-Idempotency-Key';

/** A refusal by the API itself: the request was answered, and nothing was done. */
const refusedByApi = (error: unknown) =>
  error instanceof PaymentsApiError &&
  !keyTaken(error) &&
  !error.retryable &&
  error.type !== 'timeout' &&
  error.type !== 'connection_error' &&
  error.status >= 400 &&
  error.status < 500;

/**
 * The API's refusal of an operation on `paymentId`, said with what the payment is: the API
 * answers a cancel of a PAID payment 403 / 3003 (as if the merchant had no authorization), and
 * a status that does not allow the operation 5002 without naming the status.
 */
async function refusalOf(
  ctx: HandlerContext,
  paymentId: string,
  error: unknown,
): Promise<CheckoutError> {
  const mapped = fromApiError(error);
  if (mapped.code !== 3003 && mapped.code !== 5002) return mapped;
  let status: string;
  try {
    status = (await ctx.client.payments.status(paymentId)).status;
  } catch {
    return mapped;
  }
  if (mapped.code === 3003 && status === 'PAID') {
    return new CheckoutError(422, {
      type: 'payment_refused',
      code: 3003,
      message: 'the payment is PAID: a paid payment cannot be cancelled, only refunded',
      retryable: false,
    });
  }
  return mapped.code === 5002
    ? new CheckoutError(mapped.status, {
        ...mapped.body,
        message: `${mapped.body.message}; the payment is ${status}`,
      })
    : mapped;
}

/** How many keys past a stale refusal one request tries (`oneAtATime`). */
const STALE_TRIES = 3;

/**
 * Runs `work` with the action's API key while no other back-office operation runs on
 * `paymentId`, on any instance. `allowedIn`: the payment statuses the operation is done in, after
 * it was refused (5002) in another (a refund once PAID, a capture once AUTHORIZED).
 */
async function oneAtATime<T>(
  ctx: HandlerContext,
  paymentId: string,
  action: string,
  allowedIn: readonly string[],
  work: (key: { idempotencyKey: string }) => Promise<T>,
): Promise<T> {
  const lock = `lock:payment:${paymentId}`;
  const giveUpAt = Date.now() + ctx.charge.inFlightMs;
  while (!(await ctx.store.claim(lock, LOCK_MS))) {
    if (Date.now() >= giveUpAt)
      throw new CheckoutError(409, {
        type: 'payment_in_progress',
        message: 'another operation on this payment is under way; try again shortly',
        retryable: true,
      });
    await sleep(ctx.charge.pollMs);
  }
  try {
    for (let tries = 0; ; tries++) {
      const { idempotencyKey, refused } = await apiKey(ctx, action);
      try {
        return await work({ idempotencyKey });
      } catch (error) {
        if (!refusedByApi(error)) throw error;
        await refused();
        // A refusal for the payment's status (5002) while its status allows the operation is
        // the API's first answer to a key used before, kept: the action was refused while the
        // payment was not ready (a Pix still PENDING), and a retry under the next key did it.
        // Which keys were refused lives in the store, which a restart or a flush may have lost:
        // the next key answers what it did, or does the operation now, as a retry does.
        if (tries >= STALE_TRIES || fromApiError(error).code !== 5002) throw error;
        const status = await ctx.client.payments.status(paymentId).then(
          (answer) => answer.status,
          () => undefined,
        );
        if (status === undefined || !allowedIn.includes(status)) throw error;
      }
    }
  } catch (error) {
    if (keyTaken(error))
      throw new CheckoutError(409, {
        type: 'idempotency_key_reused',
        message:
          "the payments API holds this action's key for a request with other bytes (sent by an instance with another publicUrl, or before it changed): it may have been done; read the payment before acting again",
        code: 5001,
        retryable: false,
      });
    throw await refusalOf(ctx, paymentId, error);
  } finally {
    await ctx.store.release(lock);
  }
}

export function mountBackOffice(app: Hono<HandlerEnv>, ctx: HandlerContext, token: string): void {
  const auth = bearer(token);

  mountOrders(app, ctx, auth);

  app.get('/admin/payments/:id', auth, async (c) => {
    try {
      return c.json({
        payment: await ctx.client.payments.retrieve(validate(id, c.req.param('id'), 'id')),
      });
    } catch (error) {
      throw fromApiError(error);
    }
  });
  app.post('/admin/payments/:id/capture', auth, async (c) => {
    const paymentId = validate(id, c.req.param('id'), 'id');
    const body = validate(captureBody, await optionalJson(c));
    const action = await operationKey(c, ctx, 'capture', paymentId, body);
    return oneAtATime(ctx, paymentId, action, ['AUTHORIZED'], async (key) => {
      const auth = await ctx.client.payments.retrieve(paymentId);
      const capture = await ctx.client.payments.capture(
        paymentId,
        body.amount === undefined ? {} : { amount: body.amount, currency: auth.currency },
        key,
      );
      const orderId = await ctx.store.orderOfPayment(paymentId);
      if (orderId)
        await ctx.store.linkPayment({ paymentId: capture.id, orderId, attempt: 'capture' });
      return c.json({ payment: capture });
    });
  });
  app.post('/admin/payments/:id/cancel', auth, async (c) => {
    const paymentId = validate(id, c.req.param('id'), 'id');
    const action = await operationKey(
      c,
      ctx,
      'cancel',
      paymentId,
      validate(cancelBody, await optionalJson(c)),
    );
    // No status a cancel was refused in (5002) becomes one it is done in: a 5002 is never stale here
    // (an authorization with captures is refused whatever the key).
    return oneAtATime(ctx, paymentId, action, [], async (key) =>
      c.json({ payment: await ctx.client.payments.cancel(paymentId, key) }),
    );
  });
  app.post('/admin/payments/:id/refunds', auth, async (c) => {
    const paymentId = validate(id, c.req.param('id'), 'id');
    const body = validate(refundBody, await optionalJson(c));
    const action = await operationKey(c, ctx, 'refund', paymentId, body);
    return oneAtATime(ctx, paymentId, action, ['PAID'], async (key) => {
      const payment = await ctx.client.payments.retrieve(paymentId);
      const refund = await ctx.client.refunds.create(
        {
          payment_id: paymentId,
          notification_url: `${ctx.publicUrl}/notifications`,
          ...(body.amount === undefined ? {} : { amount: body.amount, currency: payment.currency }),
          ...(body.description ? { description: body.description } : {}),
        },
        key,
      );
      return c.json({ refund });
    });
  });
}
