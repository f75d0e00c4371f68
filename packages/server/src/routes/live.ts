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
 * (a notification lost, a store without a channel), from a status lookup every `statusEveryMs`:
 * one per payment on this instance, however many connections wait on it (live-watch.ts), whose
 * answer every connection hears. At most `maxPerOrder` connections wait on one order and
 * `maxPerAddress` from one client address (the handler's client address); one more is 429
 * `rate_limited`, and a connection that ends gives its place back.
 * An order paid by another of its payments (a voucher paid late, charges.ts `reconcile`) shows
 * that payment. The stream ends with the payment's final status.
 */
import type { ServerResponse } from 'node:http';
import type { Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { z } from 'zod';
import { orderReferenceSchema, type paymentStatusAnswerSchema } from '@paylit/core/checkout';
import type { PaymentRecord } from '@paylit/core/schemas';
import { orderOfClientSecret } from '../client-secret.js';
import type { HandlerContext } from '../context.js';
import type { HandlerEnv } from '../env.js';
import { markLiveStream } from '../live.js';
import { PaymentWatches, Slots, shownFor } from '../live-watch.js';
import { directStream } from '../direct.js';
import { CheckoutError } from '../middleware/errors.js';
import { validate } from '../middleware/input.js';
import { paymentOfRequest } from './payments.js';
import { nextAction, publicPayment } from './public-payment.js';

export interface LiveRouteOptions {
  /** How often the payment's one watch asks the API for its status. Default 30 s. */
  statusEveryMs: number;
  /** How long one connection lasts before the checkout opens the next. Default 5 minutes. */
  streamMs: number;
  /** How often a comment keeps an idle connection open through proxies. Default 15 s. */
  keepAliveMs: number;
  /** The most connections waiting on one order at once, on this instance. Default 10. */
  maxPerOrder: number;
  /** The most connections from one client address at once, on this instance. Default 50. */
  maxPerAddress: number;
  /** The client as the limits count it (an IPv6 address by its /64: `addressBucket`). */
  address: (c: Context<HandlerEnv>) => string;
}

function tooMany(c: Context<HandlerEnv>, what: string, max: number): CheckoutError {
  // The checkout's live connection tries again later, waiting longer each time.
  c.header('Retry-After', '5');
  return new CheckoutError(429, {
    type: 'rate_limited',
    message: `too many live connections ${what} (at most ${max} at once); close one or try again shortly`,
    retryable: true,
  });
}

/** Where a connection's events are written. */
interface EventSink {
  write(text: string): Promise<void>;
  readonly aborted: boolean;
  onAbort(listener: () => void): void;
  close(): void;
}

/** @hono/node-server's mark of an answer the route wrote to Node's response itself. */
const ALREADY_SENT = 'x-hono-already-sent';

/**
 * Waits `ms` (the next keep-alive, or the stream's end), or until the function it hands to
 * `keep` is called (a change heard, the shopper gone): a live stream's pause between writes.
 */
export function pause(ms: number, keep: (wake: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, ms));
    keep(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Hono's `streamSSE` answer without the framing it names (`Transfer-Encoding: chunked`,
 * `Connection: keep-alive`): the server frames it, chunked for HTTP/1.1 and unframed for an
 * HTTP/1.0 request, which has no chunked coding (RFC 9112, 6.1). Named, Node sends chunk sizes
 * to an HTTP/1.0 client too.
 */
export function unframed(c: Context<HandlerEnv>, response: Response): Response {
  // From the context too: Hono merges its headers back into the answer the route returns.
  for (const name of ['Transfer-Encoding', 'Connection']) c.header(name, undefined);
  response.headers.delete('Transfer-Encoding');
  response.headers.delete('Connection');
  return response;
}

/**
 * Events written straight to Node's response, its head (`answer`, when it is not written yet)
 * with the first. A class: its methods are the prototype's, not closures made per connection.
 */
class NodeSink implements EventSink {
  readonly #outgoing: ServerResponse;
  #headers: Headers | undefined;
  #aborted: boolean;
  #listeners: (() => void)[] | undefined;

  constructor(outgoing: ServerResponse, answer?: Headers) {
    this.#outgoing = outgoing;
    this.#headers = answer;
    this.#aborted = outgoing.destroyed || outgoing.writableEnded;
    outgoing.once('close', () => this.#closed());
  }

  #closed(): void {
    this.#aborted = true;
    const listeners = this.#listeners;
    this.#listeners = undefined;
    for (const listener of listeners ?? []) listener();
  }

  get aborted(): boolean {
    return this.#aborted;
  }

  onAbort(listener: () => void): void {
    (this.#listeners ??= []).push(listener);
  }

  async write(text: string): Promise<void> {
    const outgoing = this.#outgoing;
    // Ended by a drain (serveNode's close), before its close event: nothing more is written.
    if (this.#aborted || outgoing.writableEnded) return;
    const headers = this.#headers;
    if (headers) {
      const head: Record<string, string> = {};
      headers.forEach((value, name) => {
        if (name !== ALREADY_SENT) head[name] = value;
      });
      // Not held for the life of the connection once written.
      this.#headers = undefined;
      if (!outgoing.headersSent) outgoing.writeHead(200, head);
    }
    if (!outgoing.write(text))
      await new Promise<void>((resolve) => {
        const done = () => {
          outgoing.off('drain', done);
          outgoing.off('close', done);
          resolve();
        };
        outgoing.once('drain', done);
        outgoing.once('close', done);
      });
  }

  close(): void {
    const outgoing = this.#outgoing;
    if (!outgoing.writableEnded && !outgoing.destroyed) outgoing.end();
  }
}

/** An event `payment`'s data: what the browser may see of `shown`, and what it does next. */
function eventData(shown: PaymentRecord, orderId: string): string {
  return JSON.stringify({
    payment: publicPayment(shown, orderId),
    nextAction: nextAction(shown),
  } satisfies z.input<typeof paymentStatusAnswerSchema>);
}

/**
 * A connection's events, until the payment's final status, the stream's end or the shopper gone;
 * its places given back (`release`) and its answer ended (`sink.close()`) however it ends. Made at the module's level, with what it
 * reads passed in: a function made in the route would hold the route's scope, Hono's context
 * of the request among it (its request, answer and headers), for the life of the connection.
 */
async function follow(
  ctx: HandlerContext,
  watches: PaymentWatches,
  options: LiveRouteOptions,
  orderId: string,
  record: PaymentRecord,
  release: () => void,
  sink: EventSink,
): Promise<void> {
  let wake: (() => void) | undefined;
  // What the payment's watch learnt while the loop was busy (writing), kept for its next turn.
  let latest: PaymentRecord | undefined;
  let stop: (() => void) | undefined;
  sink.onAbort(() => wake?.());
  try {
    const until = Date.now() + options.streamMs;
    // Listening before the first event is made: a change heard meanwhile is not missed.
    stop = await watches.watch(orderId, record, (heard) => {
      latest = heard;
      wake?.();
    });
    let shown = await shownFor(ctx, orderId, record);
    // The payment as last sent: its record (which the watch holds too), not its text, which
    // would be held for the life of the connection; made again only when a change is heard.
    let sent: PaymentRecord | undefined;
    for (;;) {
      if (shown !== sent) {
        const text = eventData(shown, orderId);
        // An event `payment` (the first with how long the browser waits before it reconnects).
        if (sent === undefined) await sink.write(`event: payment\ndata: ${text}\nretry: 2000\n\n`);
        else if (text !== eventData(sent, orderId))
          await sink.write(`event: payment\ndata: ${text}\n\n`);
        sent = shown;
      }
      if (shown.status !== 'PENDING' || sink.aborted) return;
      if (latest === undefined) {
        const now = Date.now();
        if (now >= until) return;
        await pause(Math.min(options.keepAliveMs, until - now), (w) => (wake = w));
        wake = undefined;
        if (sink.aborted) return;
      }
      if (latest !== undefined) {
        shown = latest;
        latest = undefined;
      } else if (Date.now() < until) await sink.write(': waiting\n\n');
    }
  } catch (error) {
    // The checkout opens the next connection; the merchant hears why this one ended.
    if (!sink.aborted) ctx.logError(error);
  } finally {
    stop?.();
    release();
    // Here rather than after the promise: no reaction held by each open connection.
    sink.close();
  }
}

/** Gives back a connection's places, by client address and by order. */
function placesGiver(perAddress: Slots, address: string, perOrder: Slots, order: string) {
  return () => {
    perAddress.give(address);
    perOrder.give(order);
  };
}

/**
 * The events written to Node's response once the middlewares have finished with the answer
 * (CORS adds `Vary` after the route), with the headers Hono then holds. Hono's context is let go
 * once the first write has its head (`NodeSink` keeps no reference to it).
 */
function afterMiddlewares(
  c: Context<HandlerEnv>,
  outgoing: ServerResponse,
  run: (sink: EventSink) => Promise<void>,
): void {
  setImmediate(() => void run(new NodeSink(outgoing, c.res.headers)));
}

/**
 * On the direct Node route (direct.ts), what writes a connection's events once its head is
 * written: made at the module's level, so that it holds no more than `follow` reads.
 */
function eventsTo(
  ctx: HandlerContext,
  watches: PaymentWatches,
  options: LiveRouteOptions,
  orderId: string,
  record: PaymentRecord,
  release: () => void,
): (outgoing: ServerResponse) => void {
  return (outgoing) =>
    void follow(ctx, watches, options, orderId, record, release, new NodeSink(outgoing));
}

export function mountLive(app: Hono<HandlerEnv>, ctx: HandlerContext, options: LiveRouteOptions) {
  const watches = new PaymentWatches(ctx, options.statusEveryMs);
  const perOrder = new Slots(options.maxPerOrder);
  const perAddress = new Slots(options.maxPerAddress);

  app.get('/payments/:id/events', async (c) => {
    // Places are taken before anything is asked of the API, and given back however it ends.
    const address = options.address(c);
    if (!perAddress.take(address)) throw tooMany(c, 'from this address', perAddress.max);
    let orderKey: string | undefined;
    let first;
    try {
      orderKey = await orderOfClientSecret(
        ctx.client,
        validate(orderReferenceSchema, c.req.query('order'), 'order'),
      );
      if (!perOrder.take(orderKey)) {
        orderKey = undefined;
        throw tooMany(c, 'for this order', perOrder.max);
      }
      first = await paymentOfRequest(ctx, c);
    } catch (error) {
      perAddress.give(address);
      if (orderKey !== undefined) perOrder.give(orderKey);
      throw error;
    }
    const release = placesGiver(perAddress, address, perOrder, orderKey as string);
    const { orderId } = first;
    c.header('Cache-Control', 'no-store');
    // Nginx and others buffer a response unless told not to.
    c.header('X-Accel-Buffering', 'no');
    if (c.req.method === 'HEAD') {
      // HEAD is GET without its content (RFC 9110, 9.3.2), and a live stream has no end to wait
      // for: the stream's head at once, after the same checks, and the places given back (a
      // probe or `curl -I` waited for the stream's end, holding its order's place).
      release();
      c.header('Content-Type', 'text/event-stream');
      c.header('Cache-Control', 'no-cache');
      return c.body(null, 200);
    }
    c.header('Content-Type', 'text/event-stream');
    c.header('Cache-Control', 'no-cache');
    // Served by the direct Node route (direct.ts): its head written once the layers are done
    // with it, then the events straight to Node's response, without Hono's context, the
    // Node adapter's request and its close listener held for the life of the connection.
    const direct = directStream(
      c,
      200,
      eventsTo(ctx, watches, options, orderId, first.record, release),
    );
    if (direct) {
      markLiveStream(c.env);
      return direct;
    }
    const run = (sink: EventSink) =>
      follow(ctx, watches, options, orderId, first.record, release, sink);
    // On Node (@hono/node-server hands its response over as `c.env.outgoing`), the events are
    // written to the response itself: a web stream between them held about 10 KiB more per open
    // connection, and cost a promise per chunk. Anywhere else, Hono's stream (streamSSE).
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing && typeof outgoing.writeHead === 'function' && !outgoing.headersSent) {
      markLiveStream(c.env);
      // Framing is Node's: chunked and kept alive for HTTP/1.1, unframed and closed for an
      // HTTP/1.0 request, which has no chunked coding (RFC 9112, 6.1). Named here, Node would
      // send chunk sizes to an HTTP/1.0 client too.
      const response = c.body(null, 200, { [ALREADY_SENT]: '1' });
      // A Response the Node adapter made itself (its global Response) it answers from its parts,
      // without looking for the mark; reading the body (null) makes it a plain Response.
      void response.body;
      // Started once the middlewares have finished with the answer (CORS adds `Vary` after
      // the route): its headers are then the ones written.
      afterMiddlewares(c, outgoing, run);
      return response;
    }
    return unframed(
      c,
      streamSSE(c, (stream) =>
        run({
          write: (text) => stream.write(text).then(() => undefined),
          get aborted() {
            return stream.aborted;
          },
          onAbort: (listener) => stream.onAbort(listener),
          close: () => {},
        }),
      ),
    );
  });
}
