/**
 * Standalone mode, for merchants whose backend is not Node: an order API that stores the
 * orders the checkout trusts, and back-office routes to capture, cancel, refund and
 * retrieve, all behind one bearer token. Never reachable from a shopper's browser without it.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { amountSchema } from '@paylit/core/schemas';
import { fromApiError, loadOrder, type HandlerContext } from '../context.js';
import type { HandlerEnv } from '../env.js';
import { CheckoutError } from '../middleware/errors.js';
import { readJson, validate } from '../middleware/input.js';
import { merchantOrderSchema } from '../order.js';

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
      throw new CheckoutError(401, { type: 'unauthorized', message: 'a valid bearer token is required' });
    }
    await next();
  };
}

const id = z.string().min(1).max(200);
const captureBody = z.strictObject({ amount: amountSchema.optional() });
const refundBody = z.strictObject({ amount: amountSchema.optional(), description: z.string().max(200).optional() });

/** The merchant's idempotency key for a back-office call, from the `Idempotency-Key` header. */
function keyOf(header: string | undefined): { idempotencyKey?: string } {
  if (header === undefined) return {};
  if (header.length < 1 || header.length > 42) throw new CheckoutError(400, { type: 'invalid_request', message: 'Idempotency-Key must be 1 to 42 characters', param: 'Idempotency-Key' });
  return { idempotencyKey: header };
}

export function mountBackOffice(app: Hono<HandlerEnv>, ctx: HandlerContext, token: string): void {
  const auth = bearer(token);

  app.post('/orders', auth, async (c) => {
    const order = validate(merchantOrderSchema, await readJson(c));
    await ctx.store.putOrder(order);
    return c.json({ order }, 201);
  });
  app.get('/orders/:id', auth, async (c) => c.json({ order: await loadOrder(ctx, validate(id, c.req.param('id'), 'id')), payments: await ctx.store.paymentsOfOrder(c.req.param('id')) }));

  app.get('/admin/payments/:id', auth, async (c) => {
    try {
      return c.json({ payment: await ctx.client.payments.retrieve(validate(id, c.req.param('id'), 'id')) });
    } catch (error) {
      throw fromApiError(error);
    }
  });
  app.post('/admin/payments/:id/capture', auth, async (c) => {
    const paymentId = validate(id, c.req.param('id'), 'id');
    const { amount } = validate(captureBody, c.req.header('Content-Length') === '0' ? {} : await readJson(c));
    try {
      const auth = await ctx.client.payments.retrieve(paymentId);
      const capture = await ctx.client.payments.capture(paymentId, amount === undefined ? {} : { amount, currency: auth.currency }, keyOf(c.req.header('Idempotency-Key')));
      const orderId = await ctx.store.orderOfPayment(paymentId);
      if (orderId) await ctx.store.linkPayment({ paymentId: capture.id, orderId, attempt: 'capture' });
      return c.json({ payment: capture });
    } catch (error) {
      throw fromApiError(error);
    }
  });
  app.post('/admin/payments/:id/cancel', auth, async (c) => {
    try {
      return c.json({ payment: await ctx.client.payments.cancel(validate(id, c.req.param('id'), 'id'), keyOf(c.req.header('Idempotency-Key'))) });
    } catch (error) {
      throw fromApiError(error);
    }
  });
  app.post('/admin/payments/:id/refunds', auth, async (c) => {
    const paymentId = validate(id, c.req.param('id'), 'id');
    const body = validate(refundBody, c.req.header('Content-Length') === '0' ? {} : await readJson(c));
    try {
      const payment = await ctx.client.payments.retrieve(paymentId);
      const refund = await ctx.client.refunds.create(
        {
          payment_id: paymentId,
          notification_url: `${ctx.publicUrl}/notifications`,
          ...(body.amount === undefined ? {} : { amount: body.amount, currency: payment.currency }),
          ...(body.description ? { description: body.description } : {}),
        },
        keyOf(c.req.header('Idempotency-Key')),
      );
      return c.json({ refund });
    } catch (error) {
      throw fromApiError(error);
    }
  });
}
