/**
 * The redirect callback: the API sends the payer's browser here with a form of
 * `paymentId`, `status`, `date` and `signature`. The signature and its date are checked,
 * a callback is used once, and the payment is looked up: the payer goes on to the merchant's
 * return page with the status the API answered (`status=PAID`, `REJECTED`…), never the form's.
 * A lookup that fails sends the payer nowhere (502, and the callback may be sent again).
 */
import type { Hono } from 'hono';
import { callbackFormSchema, type PaymentRecord } from '@paylit/core/schemas';
import { orderOfAttempt } from '../charges.js';
import { clientSecretFor } from '../client-secret.js';
import { fromApiError, loadOrder, type HandlerContext } from '../context.js';
import type { HandlerEnv } from '../env.js';
import { CheckoutError } from '../middleware/errors.js';
import { validate } from '../middleware/input.js';
import type { MerchantOrder } from '../order.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const notFound = () =>
  new CheckoutError(404, {
    type: 'not_found',
    message: 'no payment with this id',
    param: 'paymentId',
  });

export function mountCallback(app: Hono<HandlerEnv>, ctx: HandlerContext): void {
  app.post('/callback', async (c) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new CheckoutError(400, {
        type: 'invalid_request',
        message: 'the callback must be a form',
      });
    }
    const parsed = validate(callbackFormSchema, form);
    // One canonical form: the signature is hex, compared in lower case (in constant time by
    // WebCrypto's verify), and a callback is claimed by what it says, not by how it was
    // written, so a used one re-sent in other letters or another encoding is refused.
    const fields = { ...parsed, signature: parsed.signature.toLowerCase() };
    if (!(await ctx.client.webhooks.verifyCallback(fields))) {
      throw new CheckoutError(403, {
        type: 'forbidden',
        message: "the callback's signature is not valid or has expired",
      });
    }
    const claim = `callback:${JSON.stringify([fields.paymentId, fields.date, fields.status])}`;
    if (!(await ctx.store.claim(claim, DAY_MS))) {
      throw new CheckoutError(403, {
        type: 'forbidden',
        message: 'this callback was already used',
      });
    }
    // The form's status is never trusted: the payment as the API has it now decides where the payer goes.
    let record: PaymentRecord;
    try {
      record = await ctx.client.payments.retrieve(fields.paymentId);
    } catch (error) {
      // Not a use: the payer (or the API's page) may send the same callback again once the API answers.
      await ctx.store.release(claim);
      const mapped = fromApiError(error);
      if (mapped.status === 404) throw notFound();
      throw new CheckoutError(502, {
        type: 'upstream_unavailable',
        message:
          "the payment's status could not be confirmed with the payments API; send the callback again shortly",
        retryable: true,
      });
    }
    await ctx.paymentHeard?.(record);
    // A store that does not know the payment (a restart while the payer was on the 3-D Secure
    // page, a lost store) finds its order from the attempt's API order_id, `<order>.<n>`.
    let orderId = await ctx.store.orderOfPayment(record.id);
    if (orderId === undefined) {
      orderId = orderOfAttempt(record.order_id);
      if (orderId === undefined) throw notFound();
      await ctx.store.linkPayment({
        paymentId: record.id,
        orderId,
        attempt: record.order_id!.slice(orderId.length + 1),
      });
    }
    let order: MerchantOrder | undefined;
    try {
      order = await loadOrder(ctx, orderId);
    } catch (error) {
      // An order the store lost: the payment is the API's, and the payer still goes back to the shop.
      if (!(error instanceof CheckoutError && error.status === 404)) throw error;
    }
    // A subscription's first card payment made on the bank's page starts the subscription, as
    // one made at once does (routes/payments.ts); made already, it answers the one made.
    if (order?.plan) await ctx.subscriptionPaid?.(order, record);
    const target = new URL(order?.returnUrl ?? ctx.returnUrl);
    target.searchParams.set('payment_id', fields.paymentId);
    // The client secret, not the id: the return page reads the payment with it.
    target.searchParams.set('order', await clientSecretFor(ctx.client, orderId));
    target.searchParams.set('status', record.status);
    // The return page's address carries the client secret: the browser sends no part of it on
    // (neither this answer's nor the return page's as a Referer) wherever the page leads.
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(target.href, 303);
  });
}
