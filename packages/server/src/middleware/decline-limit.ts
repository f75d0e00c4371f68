/**
 * The decline limit: declined payments per client address, across orders, counted in the
 * store (`declines:<bucket>:<window>`, windows numbered by the store's clock), so that someone testing stolen cards on order after order is
 * stopped before the API sees more than `max` of them in `windowMs` (`scope: 'address'`); in
 * the default scope, orders with no decline yet keep their own allowance beyond that.
 *
 * - A submission **reserves** its place before it reaches the API (with its turn and the count
 *   of attempts in flight, one round trip: `store.reserve`): the hit answers the new
 *   count atomically, so of any number of submissions sent at once from one address, at most
 *   `max` are let through; one over the limit gives its reservation back (`store.unhit`) and
 *   is refused 429 without calling the API.
 * - The reservation is kept when the attempt is a decline: the answer is REJECTED; or it is
 *   PENDING with the payer (3-D Secure, a wallet's page) for a card, saved card or wallet: the
 *   payment is bound to the address's counter (`declines-held:<payment>`) and its reservation
 *   is given back, once, when the handler hears the payment was made or ended other than
 *   REJECTED (`outcome`, called by the callback, the notifications and the status route);
 *   rejected on the bank's page, it stays counted. Anything else gives it back at once: an
 *   approval, a refusal before the API (a bad secret, a 409, a 5xx), a replay of an earlier
 *   answer, a voucher, Pix or bank page left pending (not a card tested).
 * - IPv6 addresses are counted by their `/ipv6Prefix` (default 64), IPv4 by the whole address,
 *   an IPv4-mapped IPv6 address as its IPv4 address (`addressBucket`).
 * - Submissions from one address for one order wait for their turn (`declines-turn:`): the
 *   order takes one attempt to the API at a time anyway (charges.ts), so duplicates would only
 *   hold places while they wait for its answer.
 * - A refusal while the limit is full of attempts still with the API (shoppers behind one
 *   address paying at once) is retryable, with `Retry-After: 2`; one for declines counted is not.
 * - `scope` says what an address over its limit is refused (see `DeclineLimitOptions.scope`).
 *   In the default scope an order with no decline yet keeps its own allowance (its lock at five
 *   declines), one submission at a time and never beside one still with the API: the address's
 *   block never locks out an order whose own declines are under its limit. Such declines are
 *   counted apart (`declines-spare:`), for the reservation's bookkeeping only.
 *
 * Where the handler sees no client address (`unknown`: called in process, with no socket), it
 * does not apply: one shared count would let ten declines stop every shopper.
 */
import type { Context, MiddlewareHandler } from 'hono';
import {
  giveBackInOneGo,
  reserveInOneGo,
  type CheckoutStore,
  type Reservation,
  type Reserved,
} from '../store/store.js';
import { addressBucket } from './client-address.js';
import type { PaymentAnswerVariables } from '../env.js';
import { CheckoutError } from './errors.js';
import { parsedJson, type ParsedJson } from './input.js';

export interface DeclineLimitOptions {
  store: CheckoutStore;
  windowMs: number;
  /** Declines per address bucket in each window. */
  max: number;
  /** How many leading bits of an IPv6 address make one client. Default 64. */
  ipv6Prefix?: number;
  /**
   * What an address over its limit is refused. `'order'` (default): submissions for the
   * orders that already had a decline, and bursts; an order with no decline yet keeps its
   * own allowance (the order's lock at five declines), one submission at a time from that
   * address, so that a shopper behind the same carrier NAT as a card tester can still pay. The
   * price: a tester who can make orders at will gets five declines per new order, one at a time.
   * `'address'`: every submission, whatever the order, until the window ends.
   */
  scope?: 'order' | 'address';
  /** The client's address (through the proxies the merchant trusts); `unknown` without one. */
  address: (c: Context) => string;
  /** The order id a submission's `order` (its client secret) names, or undefined when it names none (at once when it is known). */
  orderOf: (reference: string) => string | undefined | Promise<string | undefined>;
  /** How long one submission may be with the API at most: another for the same order from the same address waits that long for its turn. Default 60 s. */
  inFlightMs?: number;
  /** How often a submission waiting for its turn looks again. Default 50 ms. */
  pollMs?: number;
}

/** The middleware, and what the routes tell it of a payment's status when they learn it. */
export type DeclineLimit = MiddlewareHandler & {
  /** A payment's status as the API has it: a pending one's reservation is given back once it was made (or ended other than REJECTED). */
  outcome(payment: { id: string; status: string }): Promise<void>;
};

/** How long a submission may be with the API at most, for the counter of those in flight (a dead process's count expires). */
const IN_FLIGHT_MS = 5 * 60_000;

/** Methods whose PENDING is the payer deciding on a card or wallet page: their rejection there is a decline. */
const HELD_WHILE_PENDING = new Set(['card', 'saved_card', 'wallet']);

export function declineLimit({
  store,
  windowMs,
  max,
  ipv6Prefix = 64,
  scope = 'order',
  address,
  orderOf,
  inFlightMs = 60_000,
  pollMs = 50,
}: DeclineLimitOptions): DeclineLimit {
  /**
   * The refusal: for declines counted, not retryable; for a limit full of attempts still with
   * the API (shoppers behind one address paying at once), retryable in a moment, when those
   * that were not declines have given their places back.
   */
  const refusal = (c: Context, busy: boolean) => {
    if (busy) c.header('Retry-After', '2');
    return new CheckoutError(
      429,
      busy
        ? {
            type: 'rate_limited',
            message: 'too many payments from this address at once; try again in a moment',
            retryable: true,
          }
        : {
            type: 'rate_limited',
            message: `too many declined payments from this address (${max} within ${Math.round(windowMs / 60_000)} minutes); try again later`,
            retryable: false,
          },
    );
  };

  /** The submission's `order` and method type, if its body says them (the route checks it properly). */
  function submissionOf(parsed: ParsedJson): { order?: string; type?: string } {
    if ('invalid' in parsed) return {};
    const body = parsed.value as { order?: unknown; method?: { type?: unknown } } | null;
    const said: { order?: string; type?: string } = {};
    if (typeof body?.order === 'string') said.order = body.order;
    if (typeof body?.method?.type === 'string') said.type = body.method.type;
    return said;
  }

  /**
   * For `scope: 'order'`, an address over its limit: whether this submission's order keeps its
   * own allowance. Only an order with no decline when it was first let through this way (then
   * marked, so that it keeps its allowance up to its own lock), only while no other submission
   * from the address is with the API (a burst is refused whole), one at a time (the claim,
   * given back by the function answered); `busy` when only those two stand in its way.
   */
  async function exemption(
    bucket: string,
    orderId: string | undefined,
  ): Promise<(() => Promise<void>) | 'busy' | undefined> {
    if (orderId === undefined) return undefined;
    const mark = `declines-exempt:${bucket}:${orderId}`;
    const marked = (await store.bound(mark)) !== undefined;
    if (!marked && ((await store.getCharge(orderId))?.declines ?? 0) > 0) return undefined;
    if ((await store.count(`declines-inflight:${bucket}`)) > 0) return 'busy';
    const lock = `declines-exempt-busy:${bucket}`;
    if (!(await store.claim(lock, IN_FLIGHT_MS))) return 'busy';
    if (!marked) await store.bind(mark, '1', windowMs);
    return () => store.release(lock);
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const client = address(c);
    if (c.req.method !== 'POST' || client === 'unknown') return next();
    const bucket = addressBucket(client, ipv6Prefix);
    // Parsed once for this check and the route (input.ts): no promise of its own around it.
    const read = parsedJson(c);
    const submission = submissionOf(read instanceof Promise ? await read : read);
    const named = submission.order === undefined ? undefined : orderOf(submission.order);
    const orderId = named instanceof Promise ? await named : named;
    // One submission per address and order at a time: the order takes one attempt to the API
    // at a time anyway (charges.ts), so the others would only hold places while they wait for
    // its answer (twenty clicks on Pay would fill the limit). They wait here instead, in turn.
    const turn = orderId === undefined ? undefined : `declines-turn:${bucket}:${orderId}`;
    const inFlight = `declines-inflight:${bucket}`;
    // The turn, then in flight, then the reservation (so an exemption never starts beside a
    // reserved attempt), in one round trip where the store can (store.ts `reserve`). Windows
    // are numbered by the store's clock: a place is given back to the window it was taken in
    // (a 3-D Secure approved after the window turned gives nothing to the next one).
    const until = performance.now() + inFlightMs;
    const reservation: Reservation = {
      inFlight: { key: inFlight, windowMs: IN_FLIGHT_MS },
      windowed: { prefix: `declines:${bucket}`, windowMs },
    };
    if (turn) reservation.turn = { key: turn, ttlMs: inFlightMs };
    let reserved: Reserved & { turn: true };
    for (;;) {
      const r = await reserveInOneGo(store, reservation);
      if (r.turn) {
        reserved = r;
        break;
      }
      if (performance.now() > until) throw refusal(c, true);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    // What this request holds, given back together at its end (one round trip where the store can).
    const hits: string[] = [];
    const claims = turn ? [turn] : [];
    try {
      const key = `declines:${bucket}:${reserved.window}`;
      if (reserved.count <= max) {
        hits.push(key, inFlight);
        // Kept for a decline, or held while the payer decides: not given back.
        await next();
        const kept = keptAfter(c, key, submission.type);
        if (kept === true || (kept !== false && (await kept))) hits.shift();
        return;
      }
      // Places not held by attempts with the API (this one included in both counts) are declines.
      const busy = reserved.count - reserved.inFlight < max;
      await giveBackInOneGo(store, [key, inFlight], []);
      if (scope === 'address' || busy) throw refusal(c, busy);
      const done = await exemption(bucket, orderId);
      if (done === undefined || done === 'busy') throw refusal(c, done === 'busy');
      // The order's own lock is its limit now: the address's block never locks it out.
      try {
        const spare = `declines-spare:${bucket}:${reserved.window}`;
        await store.hit(spare, windowMs);
        hits.push(spare);
        await next();
        const kept = keptAfter(c, spare, submission.type);
        if (kept === true || (kept !== false && (await kept))) hits.pop();
      } finally {
        await done();
      }
    } finally {
      try {
        await giveBackInOneGo(store, hits, claims);
      } catch {
        // Left to expire, as a failure to give back always was: the counters and the turn run out by themselves.
      }
    }
  };

  /**
   * After the route ran with a place reserved in `key`: true when the place is kept (a
   * decline; or held while the payer decides, bound to the payment), false when it is to be
   * given back (an approval, a refusal before the API, a replay, a payment left pending that
   * is not a card tested). A route that fails (`next()` throws) gives it back too. A promise
   * only when the store is asked (a pending payment): no async frame around the rest.
   */
  function keptAfter(
    c: Context,
    key: string,
    type: string | undefined,
  ): boolean | Promise<boolean> {
    // What the route answered, as it made it (env.ts): reading the answer back would turn
    // the adapter's light response into a stream, at a cost per payment of its own.
    const answer =
      c.res.status === 200
        ? (c as Context<{ Variables: PaymentAnswerVariables }>).get('paylitPaymentAnswer')
        : undefined;
    const payment = answer?.replayed === true ? undefined : answer?.payment;
    if (payment?.status === 'REJECTED') return true;
    if (
      payment?.status === 'PENDING' &&
      typeof payment.id === 'string' &&
      HELD_WHILE_PENDING.has(type ?? '')
    )
      // Kept while the payer decides; `outcome` gives it back if the payment is made.
      return store
        .bind(`declines-held:${payment.id}`, key, windowMs)
        .then((held) => held === undefined);
    return false;
  }

  return Object.assign(middleware, {
    async outcome({ id, status }: { id: string; status: string }) {
      if (status === 'PENDING' || status === 'REJECTED') return;
      const key = await store.bound(`declines-held:${id}`);
      if (key === undefined) return;
      if (await store.claim(`declines-released:${id}`, windowMs)) await store.unhit(key);
    },
  });
}
