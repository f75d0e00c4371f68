/**
 * Notifications from the API: the `X-Date` within 5 minutes and the signature over the
 * raw body checked, each status of each record handed to the merchant's hook once (on
 * every instance sharing the store), and a 2xx answered. If the hook fails, the answer is
 * 500 so the API tries again.
 */
import type { Hono } from 'hono';
import { enrollmentRecordSchema, paymentRecordSchema, refundRecordSchema, safeParse } from '@paylit/core/schemas';
import type { HandlerContext, NotificationEvent } from '../context.js';
import type { HandlerEnv } from '../env.js';
import { CheckoutError } from '../middleware/errors.js';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

function classify(body: unknown): Omit<NotificationEvent, 'orderId'> & { paymentId: string | undefined } {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b.payment_id === 'string') {
    const r = safeParse(refundRecordSchema, body);
    if (r.success) return { kind: 'refund', record: r.data, paymentId: r.data.payment_id };
  } else if (typeof b.external_id === 'string' || (typeof b.id === 'string' && b.id.startsWith('E-'))) {
    const r = safeParse(enrollmentRecordSchema, body);
    if (r.success) return { kind: 'enrollment', record: r.data, paymentId: undefined };
  } else {
    const r = safeParse(paymentRecordSchema, body);
    if (r.success) return { kind: 'payment', record: r.data, paymentId: r.data.authorization_id ?? r.data.id };
  }
  throw new CheckoutError(400, { type: 'invalid_request', message: 'the notification is not a payment, refund or enrollment record' });
}

export function mountNotifications(app: Hono<HandlerEnv>, ctx: HandlerContext): void {
  app.post('/notifications', async (c) => {
    const body = await c.req.text();
    const genuine = await ctx.client.webhooks.verifyNotification({ date: c.req.header('X-Date'), authorization: c.req.header('Authorization'), body });
    if (!genuine) throw new CheckoutError(401, { type: 'unauthorized', message: 'the notification\'s signature is not valid or its X-Date is too old' });
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new CheckoutError(400, { type: 'invalid_request', message: 'the notification is not JSON' });
    }
    const { kind, record, paymentId } = classify(parsed);
    const key = `notification:${kind}:${record.id}:${record.status}:${String(record.status_code ?? '')}`;
    if (!(await ctx.store.claim(key, WEEK_MS))) return c.json({ received: true, duplicate: true });
    const orderId = paymentId === undefined ? undefined : (await ctx.store.orderOfPayment(paymentId)) ?? (await ctx.store.orderOfPayment(record.id));
    if (kind === 'payment' && orderId !== undefined && typeof record.authorization_id === 'string') {
      await ctx.store.linkPayment({ paymentId: record.id, orderId, attempt: 'capture' });
    }
    try {
      await ctx.onNotification?.({ kind, record, orderId });
    } catch (error) {
      await ctx.store.release(key);
      ctx.logError(error);
      throw new CheckoutError(500, { type: 'internal_error', message: 'the merchant\'s notification hook failed; the API will try again' });
    }
    return c.json({ received: true });
  });
}
