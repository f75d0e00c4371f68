/**
 * The redirect callback: the API sends the payer's browser here with a form of
 * `paymentId`, `status`, `date` and `signature`. The signature and its date are checked,
 * a callback is used once, the status is confirmed with the API (the form's is never
 * trusted), and the payer goes on to the merchant's return page.
 */
import type { Hono } from 'hono';
import { callbackFormSchema } from '@paylit/core/schemas';
import { clientSecretFor } from '../client-secret.js';
import { fromApiError, loadOrder, type HandlerContext } from '../context.js';
import type { HandlerEnv } from '../env.js';
import { CheckoutError } from '../middleware/errors.js';
import { validate } from '../middleware/input.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export function mountCallback(app: Hono<HandlerEnv>, ctx: HandlerContext): void {
  app.post('/callback', async (c) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new CheckoutError(400, { type: 'invalid_request', message: 'the callback must be a form' });
    }
    const parsed = validate(callbackFormSchema, form);
    // One canonical form: the signature is hex, compared in lower case (in constant time by
    // WebCrypto's verify), and a callback is claimed by what it says, not by how it was
    // written, so a used one re-sent in other letters or another encoding is refused.
    const fields = { ...parsed, signature: parsed.signature.toLowerCase() };
    if (!(await ctx.client.webhooks.verifyCallback(fields))) {
      throw new CheckoutError(403, { type: 'forbidden', message: 'the callback\'s signature is not valid or has expired' });
    }
    if (!(await ctx.store.claim(`callback:${JSON.stringify([fields.paymentId, fields.date, fields.status])}`, DAY_MS))) {
      throw new CheckoutError(403, { type: 'forbidden', message: 'this callback was already used' });
    }
    const orderId = await ctx.store.orderOfPayment(fields.paymentId);
    if (orderId === undefined) throw new CheckoutError(404, { type: 'not_found', message: 'no payment with this id', param: 'paymentId' });
    try {
      await ctx.client.payments.status(fields.paymentId);
    } catch (error) {
      throw fromApiError(error);
    }
    const order = await loadOrder(ctx, orderId);
    const target = new URL(order.returnUrl ?? ctx.returnUrl);
    target.searchParams.set('payment_id', fields.paymentId);
    // The client secret, not the id: the return page reads the payment with it.
    target.searchParams.set('order', await clientSecretFor(ctx.client, orderId));
    return c.redirect(target.href, 303);
  });
}
