/**
 * `GET /payments/:id/events?order=`: a pending payment, live, as Server-Sent Events. The
 * checkout opens it while the shopper pays a Pix, a voucher or a transfer away from the page
 * (or passes 3-D Secure in a dialog), and hears the moment it is paid, expires or is declined,
 * without asking the API itself.
 *
 * Why Server-Sent Events rather than long polling: one request carries every change for the
 * life of the wait, in order, the moment it happens; it is plain HTTP (any proxy, the fetch
 * adapters, Next.js route handlers), and the browser reads it with the `fetch` the merchant gave
 * the checkout (their headers, their cookies). A connection lasts at most `streamMs` and the
 * checkout opens the next one: a serverless platform's time limit ends nothing.
 *
 * Each event `payment` is a `paymentStatusAnswerSchema` (core's checkout protocol), sent on
 * connecting and again whenever it changes. A change is heard from the notification this
 * instance or another received (live.ts, through the store's channel) and, as a safety net
 * (a notification lost, a store without a channel), from a status lookup every `statusEveryMs`.
 * An order paid by another of its payments (a voucher paid late, charges.ts `reconcile`) shows
 * that payment. The stream ends with the payment's final status.
 */
import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { z } from 'zod';
import type { paymentStatusAnswerSchema } from '@paylit/core/checkout';
import { isPaymentMade } from '@paylit/core/rules';
import type { PaymentRecord } from '@paylit/core/schemas';
import { reconcile } from '../charges.js';
import type { HandlerContext } from '../context.js';
import type { HandlerEnv } from '../env.js';
import { paymentOfRequest } from './payments.js';
import { nextAction, publicPayment } from './public-payment.js';

export interface LiveRouteOptions {
  /** How often a waiting connection asks the API for the payment's status. Default 30 s. */
  statusEveryMs: number;
  /** How long one connection lasts before the checkout opens the next. Default 5 minutes. */
  streamMs: number;
  /** How often a comment keeps an idle connection open through proxies. Default 15 s. */
  keepAliveMs: number;
}

/** The order's payment to show for `record`: the order's own when another of its payments was made. */
async function shownFor(
  ctx: HandlerContext,
  orderId: string,
  record: PaymentRecord,
): Promise<PaymentRecord> {
  if (isPaymentMade(record.status)) return record;
  const state = await ctx.store.getCharge(orderId);
  if (state?.state !== 'settled' || state.paymentId === record.id) return record;
  const settled = await ctx.client.payments.retrieve(state.paymentId);
  return isPaymentMade(settled.status) ? settled : record;
}

export function mountLive(app: Hono<HandlerEnv>, ctx: HandlerContext, options: LiveRouteOptions) {
  app.get('/payments/:id/events', async (c) => {
    const first = await paymentOfRequest(ctx, c);
    const { orderId } = first;
    const id = first.record.id;
    c.header('Cache-Control', 'no-store');
    // Nginx and others buffer a response unless told not to.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let wake: (() => void) | undefined;
      // A change heard while the loop is busy (reading the API, writing) is kept for its next turn.
      let changed = false;
      const stop = await ctx.changes.listen(orderId, () => {
        changed = true;
        wake?.();
      });
      stream.onAbort(() => wake?.());
      try {
        const until = Date.now() + options.streamMs;
        let lookedAt = Date.now();
        let record = first.record;
        let sent: string | undefined;
        for (;;) {
          const shown = await shownFor(ctx, orderId, record);
          const text = JSON.stringify({
            payment: publicPayment(shown, orderId),
            nextAction: nextAction(shown),
          } satisfies z.input<typeof paymentStatusAnswerSchema>);
          if (text !== sent) {
            await stream.writeSSE({
              event: 'payment',
              data: text,
              ...(sent === undefined ? { retry: 2000 } : {}),
            });
            sent = text;
          }
          if (shown.status !== 'PENDING' || stream.aborted) return;
          const now = Date.now();
          if (now >= until) return;
          const lookIn = lookedAt + options.statusEveryMs - now;
          if (!changed)
            await new Promise<void>((resolve) => {
              const timer = setTimeout(
                resolve,
                Math.max(0, Math.min(options.keepAliveMs, lookIn, until - now)),
              );
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
          wake = undefined;
          const woke = changed;
          changed = false;
          if (stream.aborted) return;
          if (!woke && Date.now() < lookedAt + options.statusEveryMs) {
            await stream.write(': waiting\n\n');
            continue;
          }
          const before = record.status;
          record = await ctx.client.payments.retrieve(id);
          if (!woke) {
            lookedAt = Date.now();
            // The safety net found what no notification said: the others hear it too.
            if (record.status !== before) {
              await reconcile(ctx, record).catch(ctx.logError);
              await ctx.changes.announce(orderId);
            }
          }
        }
      } catch (error) {
        // The checkout opens the next connection; the merchant hears why this one ended.
        if (!stream.aborted) ctx.logError(error);
      } finally {
        stop();
      }
    });
  });
}
