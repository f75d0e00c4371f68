/**
 * Signing up to an order's plan by Pix Automático from the checkout.
 *
 * `POST /subscriptions`: the page sends the order's client secret, the choice (`XA`) and the
 * payer's details the order lacks (the document Pix needs). The mandate is built from the
 * merchant's order (its plan, currency, country, payer), never from the browser's amounts; the
 * enrollment is created at the API, signed, and the subscription stored (`subscriptions.create`,
 * which answers the one already made for the order when asked again). The answer is the
 * mandate's status and, when the API gave one, the bank's page where the payer authorizes it.
 *
 * `GET /subscriptions?order=` answers the same; `GET /subscriptions/events?order=` is the same
 * as Server-Sent Events (`subscription`), sent on connecting and at each change until a final
 * status, like a pending Pix's `GET /payments/:id/events`. A change is heard when the
 * enrollment's notification moves the subscription (the handler announces it through `Changes`,
 * on every instance sharing the store), and the store is read again at each keep-alive.
 *
 * Pix Automático charges are scheduled 2 to 10 days ahead, never at once: a plan whose first
 * charge is `now` has its first period charged by `chargeDue` like the others (the order's own
 * payment is not made by a mandate).
 */
import type { Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { z } from 'zod';
import {
  orderReferenceSchema,
  subscribeRequestSchema,
  type subscriptionAnswerSchema,
  type SubscriptionStatusView,
} from '@paylit/core/checkout';
import { orderOfClientSecret } from '../client-secret.js';
import { fromApiError, loadOrder, type HandlerContext } from '../context.js';
import type { HandlerEnv } from '../env.js';
import { CheckoutError } from '../middleware/errors.js';
import { readJson, validate } from '../middleware/input.js';
import type { MerchantOrder } from '../order.js';
import { payerOfSubmission } from '../payer.js';
import { markLiveStream } from '../live.js';
import { pause, unframed } from './live.js';
import { PaymentsApiError } from '../client/errors.js';
import { SubscriptionError, type Subscriptions } from '../subscriptions/subscriptions.js';
import type { Subscription } from '../subscriptions/types.js';
import { subscriptionView } from '../subscriptions/view.js';

type Answer = z.input<typeof subscriptionAnswerSchema>;

/** The key `Changes` carries for a subscription: a space never appears in an order id. */
export const subscriptionChangeKey = (id: string) => `subscription ${id}`;

/** The mandate's status as the API names an enrollment's. */
function statusOf(sub: Subscription): SubscriptionStatusView {
  switch (sub.status) {
    case 'pending':
      return 'PENDING';
    case 'rejected':
      return 'REJECTED';
    case 'cancelled':
      return 'CANCELLED';
    default:
      return 'ACTIVE';
  }
}

function answerOf(sub: Subscription): Answer {
  const status = statusOf(sub);
  return {
    subscription: {
      order: sub.id,
      method: sub.method.type,
      status,
      ...(status === 'PENDING' && sub.redirectUrl ? { redirectUrl: sub.redirectUrl } : {}),
    },
  };
}

const notFound = () =>
  new CheckoutError(404, {
    type: 'not_found',
    message: 'this order has no subscription yet',
    param: 'order',
  });

function subscribable(order: MerchantOrder): NonNullable<MerchantOrder['plan']> {
  if (!order.plan)
    throw new CheckoutError(409, {
      type: 'invalid_request',
      message: 'the order is not a subscription (it has no plan)',
      param: 'order',
    });
  if (!subscriptionView(order, order.plan).methods.includes('XA'))
    throw new CheckoutError(403, {
      type: 'method_not_allowed',
      message: `Pix Automático (XA) cannot subscribe to this order (${order.country}${order.methods ? `, methods ${order.methods.join(', ')}` : ''})`,
      param: 'method.type',
    });
  return order.plan;
}

export interface SubscribeRouteOptions {
  subscriptions: Subscriptions;
  /** How often an open connection writes a comment and reads the store again. Default 15 s. */
  keepAliveMs: number;
  /** How long one connection lasts before the checkout opens the next. */
  streamMs: number;
}

export function mountSubscribe(
  app: Hono<HandlerEnv>,
  ctx: HandlerContext,
  options: SubscribeRouteOptions,
): void {
  const { subscriptions } = options;

  const orderOf = async (c: Context<HandlerEnv>) =>
    orderOfClientSecret(ctx.client, validate(orderReferenceSchema, c.req.query('order'), 'order'));

  app.post('/subscriptions', async (c) => {
    const request = validate(subscribeRequestSchema, await readJson(c));
    const order = await loadOrder(ctx, await orderOfClientSecret(ctx.client, request.order));
    const plan = subscribable(order);
    const known = await subscriptions.get(order.id);
    if (known) {
      if (known.method.type !== 'XA')
        throw new CheckoutError(409, {
          type: 'invalid_request',
          message: 'this order already has a subscription by card',
          param: 'order',
        });
      return c.json(answerOf(known));
    }
    // Pix needs the payer's name, e-mail and document: the order's, and the page's for the rest.
    const { payer } = payerOfSubmission(order, 'redirect', request.payer, undefined);
    let sub: Subscription;
    try {
      sub = await subscriptions.create({
        id: order.id,
        plan: { ...plan, firstCharge: 'start' },
        currency: order.currency,
        country: order.country,
        payer: payer as Parameters<Subscriptions['create']>[0]['payer'],
        ...(order.description !== undefined ? { description: order.description } : {}),
        method: { type: 'XA' },
      });
    } catch (error) {
      if (error instanceof SubscriptionError)
        throw new CheckoutError(400, {
          type: 'invalid_request',
          message: error.message,
          ...(error.param ? { param: error.param } : {}),
        });
      if (error instanceof PaymentsApiError) throw fromApiError(error);
      throw error;
    }
    return c.json(answerOf(sub));
  });

  app.get('/subscriptions', async (c) => {
    const sub = await subscriptions.get(await orderOf(c));
    if (!sub) throw notFound();
    return c.json(answerOf(sub));
  });

  app.get('/subscriptions/events', async (c) => {
    const id = await orderOf(c);
    const first = await subscriptions.get(id);
    if (!first) throw notFound();
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    if (c.req.method === 'HEAD') {
      // HEAD is GET without its content (RFC 9110, 9.3.2): the stream's head at once, after the
      // same checks. Run as GET, the stream's content is read by no one, its first keep-alive
      // write never returns, and its listener was kept for the life of the process.
      c.header('Content-Type', 'text/event-stream');
      c.header('Cache-Control', 'no-cache');
      return c.body(null, 200);
    }
    markLiveStream(c.env);
    return unframed(
      c,
      streamSSE(c, async (stream) => {
        let wake: (() => void) | undefined;
        let heard = false;
        const stop = await ctx.changes.listen(subscriptionChangeKey(id), () => {
          heard = true;
          wake?.();
        });
        stream.onAbort(() => wake?.());
        try {
          const until = Date.now() + options.streamMs;
          let sub: Subscription | undefined = first;
          let sent: string | undefined;
          for (;;) {
            if (sub) {
              const answer = answerOf(sub);
              const text = JSON.stringify(answer);
              if (text !== sent) {
                await stream.write(
                  `event: subscription\ndata: ${text}\n${sent === undefined ? 'retry: 2000\n' : ''}\n`,
                );
                sent = text;
              }
              if (answer.subscription.status !== 'PENDING') return;
            }
            if (stream.aborted) return;
            const now = Date.now();
            if (now >= until) return;
            if (!heard) await pause(Math.min(options.keepAliveMs, until - now), (w) => (wake = w));
            wake = undefined;
            if (stream.aborted) return;
            if (!heard) await stream.write(': waiting\n\n');
            heard = false;
            sub = await subscriptions.get(id);
          }
        } catch (error) {
          if (!stream.aborted) ctx.logError(error);
        } finally {
          stop();
        }
      }),
    );
  });
}
