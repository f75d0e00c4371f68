/**
 * What the checkout handler remembers, behind an interface so that any number of
 * instances can share it: orders (standalone mode), which payments belong to which order,
 * each order's charge state (so an order is charged at most once), values bound once
 * (installment plans to their order, idempotency keys to their operation), one-time
 * claims (notification and callback deduplication, per-payment locks) and rate-limit counters.
 * `MemoryStore` is the default, for development (a restart forgets it; one instance only);
 * `PostgresStore` (`@paylit/server/postgres`) and `RedisStore` (`@paylit/server/redis`) outlive a
 * restart and are shared by any number of instances. Whatever a store forgets, the API is asked
 * before an order is charged (charges.ts).
 */
import type { CollectedPayer } from '@paylit/core/checkout';
import type { MerchantOrder } from '../order.js';
import type { Subscription } from '../subscriptions/types.js';

export interface PaymentLink {
  paymentId: string;
  orderId: string;
  attempt: string;
}

/**
 * Where an order's payment stands. Attempts on an order are numbered 1, 2, 3…: attempt `n`
 * is sent to the API as `order_id` `<order>.<n>`, which the API refuses to use twice (5009),
 * so each number can move money at most once, and `n` moves on only once the API says that
 * attempt `n` was REJECTED or EXPIRED (see charges.ts).
 *
 * `charging`: attempt `n` is with the API since `since` (the store's clock, `now()`), or its
 * outcome is not known yet (`unknown`); `settled`: attempt `n` made a payment (PAID,
 * AUTHORIZED, VERIFIED, or PENDING while the payer acts); `open`: the order may be paid, and
 * `n` is the number the next attempt takes. No state at all means the store does not know the
 * order (never paid, or the store lost it): the API is asked before anything is charged.
 * `declines` counts the order's REJECTED attempts. `rev` changes on every write (see `swapCharge`).
 * `payer`: the details the shopper gave for what the order lacks, kept so that a retry does not
 * ask again. `retryOf`: the API `order_id` of the declined attempt the next one retries.
 * `late`: payments of the order the API says are made that were heard of while another attempt
 * was with the API (a Pix paid after the shopper paid by card): whoever next finds the order
 * not `charging` settles the order on one of them or refunds the extra one (charges.ts).
 */
export type ChargeState = ChargeStep & { payer?: CollectedPayer; late?: string[] };

type ChargeStep =
  | {
      state: 'charging';
      rev: string;
      n: number;
      attempt: string;
      since: number;
      declines: number;
      unknown?: true;
      retryOf?: string;
    }
  | {
      state: 'settled';
      rev: string;
      n: number;
      attempt: string;
      paymentId: string;
      declines: number;
      /** A pending code this payment replaced, still to cancel at the API (charges.ts `reconcile`). */
      cancels?: string;
    }
  | {
      state: 'open';
      rev: string;
      n: number;
      declines: number;
      lastPaymentId?: string;
      lastAttempt?: string;
      retryOf?: string;
      /** The attempt that held number `n` and surely did nothing: its lease does not stop the next one. */
      freed?: string;
    };

/**
 * A store that did not answer (down, unreachable, or slower than its timeout). The handler
 * answers 503 `store_unavailable`: nothing is charged without its state recorded.
 */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export interface CheckoutStore {
  /**
   * The store's own clock, in milliseconds since the epoch (Redis `TIME`, PostgreSQL `now()`):
   * every instance reads an attempt's age with the same clock that wrote its `since`.
   */
  now(): Promise<number>;
  getOrder(id: string): Promise<MerchantOrder | undefined>;
  putOrder(order: MerchantOrder): Promise<void>;
  linkPayment(link: PaymentLink): Promise<void>;
  orderOfPayment(paymentId: string): Promise<string | undefined>;
  paymentsOfOrder(orderId: string): Promise<string[]>;
  /** The order's charge state; undefined when it was never charged. */
  getCharge(orderId: string): Promise<ChargeState | undefined>;
  /**
   * Writes `next` only if the stored state's `rev` is still `expectedRev` (undefined: no
   * state yet), atomically across instances; true when written.
   */
  swapCharge(orderId: string, expectedRev: string | undefined, next: ChargeState): Promise<boolean>;
  /**
   * Up to `limit` orders whose charge state still waits on the API: `charging`, or naming late
   * payments (`late`) or a code to cancel (`cancels`). Optional: what `sweep` reads (charges.ts);
   * without it, each such order catches up when a request reads it.
   */
  unsettledCharges?(limit: number): Promise<string[]>;
  /** A subscription (subscriptions/), or undefined. Optional, as the three below: what `createSubscriptions` needs. */
  getSubscription?(id: string): Promise<Subscription | undefined>;
  /**
   * Writes `next` only if the stored subscription's `rev` is still `expectedRev` (undefined: none
   * stored yet), atomically across instances; true when written.
   */
  swapSubscription?(
    id: string,
    expectedRev: string | undefined,
    next: Subscription,
  ): Promise<boolean>;
  /** Up to `limit` subscription ids that sort after `after` ('' for the first), in order. */
  subscriptionIds?(after: string, limit: number): Promise<string[]>;
  /** Binds `key` to `value` for `ttlMs` unless it is bound already; answers the value bound before, or undefined when this call bound it. */
  bind(key: string, value: string, ttlMs: number): Promise<string | undefined>;
  /** The value bound to `key`, if any and not expired. */
  bound(key: string): Promise<string | undefined>;
  /** True the first time `key` is claimed within `ttlMs`, false after, on every instance. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  release(key: string): Promise<void>;
  /** Counts a hit in the window `windowMs` and answers the count so far. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The count `hit` has reached for `key` in its current window, without counting; 0 when none. */
  count(key: string): Promise<number>;
  /**
   * Gives back one hit: the count goes down by one, atomically across instances, never below
   * 0, and its window stays as it was (nothing happens to a count whose window has expired).
   * Answers the count after. What a reservation taken with `hit` uses to give itself back.
   */
  unhit(key: string): Promise<number>;
  /**
   * The decline limit's reservation, in one round trip (middleware/decline-limit.ts): claims
   * `turn` for `turnMs` when one is named, and if it is held already does nothing more
   * (`{ turn: false }`); then counts a hit on `inFlight` (window `inFlightMs`) and one on
   * `${prefix}:${window}` (window `windowMs`), `window` being the number of the window of
   * `windowMs` the store's clock is in. Answers the window's number and the two counts after.
   * Optional: without it, `reserveInOneGo` makes the same calls one by one.
   */
  reserve?(reservation: Reservation): Promise<Reserved>;
  /**
   * Gives back in one round trip what a request held: `unhit` of each of `hits`, then
   * `release` of each of `claims`. Optional: without it, `giveBackInOneGo` makes the calls one by one.
   */
  giveBack?(hits: readonly string[], claims: readonly string[]): Promise<void>;
  /**
   * Tells every instance sharing the store (this one too) that an order's payment changed
   * (`message`: the order's id), so that the one holding the shopper's live connection hears
   * of a notification another received. Optional: without it, each instance hears its own, and
   * a slow status lookup finds the others' (routes/live.ts).
   */
  publish?(message: string): Promise<void>;
  /** Hears what any instance publishes until the function it answers is called. */
  subscribe?(listener: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** What `CheckoutStore.reserve` takes. */
export interface Reservation {
  /** A claim to take first; when it is held already, nothing is counted. */
  turn?: { key: string; ttlMs: number };
  inFlight: { key: string; windowMs: number };
  /** The counter of the store clock's current window: `${prefix}:${window}`. */
  windowed: { prefix: string; windowMs: number };
}

/** What `CheckoutStore.reserve` answers: the turn held by another, or the counts after the hits. */
export type Reserved =
  { turn: false } | { turn: true; window: number; count: number; inFlight: number };

/** `store.reserve`, or on a store without it the same calls one by one. */
export function reserveInOneGo(store: CheckoutStore, reservation: Reservation): Promise<Reserved> {
  // The store's own, handed on as it is: no promise of this function's around it.
  if (store.reserve) {
    try {
      return store.reserve(reservation);
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return reserveOneByOne(store, reservation);
}

async function reserveOneByOne(store: CheckoutStore, reservation: Reservation): Promise<Reserved> {
  const { turn, inFlight, windowed } = reservation;
  if (turn && !(await store.claim(turn.key, turn.ttlMs))) return { turn: false };
  let counted = false;
  try {
    const window = Math.floor((await store.now()) / windowed.windowMs);
    const held = await store.hit(inFlight.key, inFlight.windowMs);
    counted = true;
    const count = await store.hit(`${windowed.prefix}:${window}`, windowed.windowMs);
    return { turn: true, window, count, inFlight: held };
  } catch (error) {
    // Nothing is left held by a reservation that failed half-way.
    if (counted) await store.unhit(inFlight.key).catch(() => {});
    if (turn) await store.release(turn.key).catch(() => {});
    throw error;
  }
}

/** `store.giveBack`, or on a store without it the same calls one by one (each tried, the first failure thrown after). */
export function giveBackInOneGo(
  store: CheckoutStore,
  hits: readonly string[],
  claims: readonly string[],
): Promise<void> {
  if (hits.length === 0 && claims.length === 0) return Promise.resolve();
  // The store's own, handed on as it is: no promise of this function's around it.
  if (store.giveBack) {
    try {
      return store.giveBack(hits, claims);
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return giveBackOneByOne(store, hits, claims);
}

async function giveBackOneByOne(
  store: CheckoutStore,
  hits: readonly string[],
  claims: readonly string[],
): Promise<void> {
  let failed: { error: unknown } | undefined;
  for (const key of hits) await store.unhit(key).catch((error) => void (failed ??= { error }));
  for (const key of claims) await store.release(key).catch((error) => void (failed ??= { error }));
  if (failed) throw failed.error;
}

export class MemoryStore implements CheckoutStore {
  readonly #orders = new Map<string, MerchantOrder>();
  readonly #paymentOrder = new Map<string, string>();
  readonly #orderPayments = new Map<string, string[]>();
  readonly #charges = new Map<string, ChargeState>();
  readonly #subscriptions = new Map<string, Subscription>();
  readonly #claims = new Map<string, number>();
  readonly #bound = new Map<string, { value: string; until: number }>();
  readonly #hits = new Map<string, { count: number; until: number }>();
  readonly #listeners = new Set<(message: string) => void>();
  #writes = 0;

  async now() {
    return Date.now();
  }

  /** The stored order itself, frozen: the handler validates and copies what it reads. */
  async getOrder(id: string) {
    return this.#orders.get(id);
  }

  async putOrder(order: MerchantOrder) {
    this.#orders.set(order.id, deepFreeze(structuredClone(order)));
  }

  async linkPayment({ paymentId, orderId }: PaymentLink) {
    if (this.#paymentOrder.has(paymentId)) return;
    this.#paymentOrder.set(paymentId, orderId);
    this.#orderPayments.set(orderId, [...(this.#orderPayments.get(orderId) ?? []), paymentId]);
  }

  async orderOfPayment(paymentId: string) {
    return this.#paymentOrder.get(paymentId);
  }

  async paymentsOfOrder(orderId: string) {
    return [...(this.#orderPayments.get(orderId) ?? [])];
  }

  async getCharge(orderId: string) {
    const state = this.#charges.get(orderId);
    return state && { ...state };
  }

  async swapCharge(orderId: string, expectedRev: string | undefined, next: ChargeState) {
    if (this.#charges.get(orderId)?.rev !== expectedRev) return false;
    this.#charges.set(orderId, { ...next });
    return true;
  }

  async unsettledCharges(limit: number) {
    const ids: string[] = [];
    for (const [id, state] of this.#charges) {
      if (ids.length >= limit) break;
      if (unsettled(state)) ids.push(id);
    }
    return ids;
  }

  async getSubscription(id: string) {
    const sub = this.#subscriptions.get(id);
    return sub && structuredClone(sub);
  }

  async swapSubscription(id: string, expectedRev: string | undefined, next: Subscription) {
    if (this.#subscriptions.get(id)?.rev !== expectedRev) return false;
    this.#subscriptions.set(id, structuredClone(next));
    return true;
  }

  async subscriptionIds(after: string, limit: number) {
    return [...this.#subscriptions.keys()]
      .filter((id) => id > after)
      .sort()
      .slice(0, limit);
  }

  async bind(key: string, value: string, ttlMs: number) {
    const now = Date.now();
    const existing = this.#bound.get(key);
    if (existing && existing.until > now) return existing.value;
    this.#bound.set(key, { value, until: now + ttlMs });
    this.#sweepSoon(now);
    return undefined;
  }

  async bound(key: string) {
    const existing = this.#bound.get(key);
    return existing && existing.until > Date.now() ? existing.value : undefined;
  }

  async claim(key: string, ttlMs: number) {
    return this.#claim(key, ttlMs);
  }

  // The counters' work, synchronous: `reserve` and `giveBack` do several in one call without
  // a promise for each, as Redis and PostgreSQL do them in one round trip.
  #claim(key: string, ttlMs: number): boolean {
    const now = Date.now();
    const until = this.#claims.get(key);
    if (until !== undefined && until > now) return false;
    this.#claims.set(key, now + ttlMs);
    this.#sweepSoon(now);
    return true;
  }

  async release(key: string) {
    this.#claims.delete(key);
  }

  async hit(key: string, windowMs: number) {
    return this.#hit(key, windowMs);
  }

  #hit(key: string, windowMs: number): number {
    const now = Date.now();
    const entry = this.#hits.get(key);
    if (!entry || entry.until <= now) {
      this.#hits.set(key, { count: 1, until: now + windowMs });
      this.#sweepSoon(now);
      return 1;
    }
    return ++entry.count;
  }

  async count(key: string) {
    const entry = this.#hits.get(key);
    return entry && entry.until > Date.now() ? entry.count : 0;
  }

  async unhit(key: string) {
    return this.#unhit(key);
  }

  #unhit(key: string): number {
    const entry = this.#hits.get(key);
    if (!entry || entry.until <= Date.now()) return 0;
    if (entry.count > 0) entry.count--;
    return entry.count;
  }

  async reserve({ turn, inFlight, windowed }: Reservation): Promise<Reserved> {
    if (turn && !this.#claim(turn.key, turn.ttlMs)) return { turn: false };
    const window = Math.floor(Date.now() / windowed.windowMs);
    const held = this.#hit(inFlight.key, inFlight.windowMs);
    const count = this.#hit(`${windowed.prefix}:${window}`, windowed.windowMs);
    return { turn: true, window, count, inFlight: held };
  }

  async giveBack(hits: readonly string[], claims: readonly string[]) {
    for (const key of hits) this.#unhit(key);
    for (const key of claims) this.#claims.delete(key);
  }

  /** Every handler sharing this store object hears it, after the current task, as Redis's subscribers would. */
  async publish(message: string) {
    for (const listener of this.#listeners) setTimeout(() => listener(message), 0);
  }

  async subscribe(listener: (message: string) => void) {
    const own = (message: string) => listener(message);
    this.#listeners.add(own);
    return async () => void this.#listeners.delete(own);
  }

  /** How many claims, bound values and counters are held (expired ones go at the next sweep). */
  get size(): { claims: number; bound: number; hits: number } {
    return { claims: this.#claims.size, bound: this.#bound.size, hits: this.#hits.size };
  }

  /**
   * Drops every expired claim, bound value and counter. Runs by itself every 1,000 writes, or
   * once a quarter of what the store holds has been written when that is more: a walk of every
   * entry (an order's attempt lease is kept two minutes, so a busy shop holds a great many)
   * then costs each write at most four entries looked at, and at most a quarter more is held.
   */
  sweep(now = Date.now()): void {
    for (const [k, until] of this.#claims) if (until <= now) this.#claims.delete(k);
    for (const [k, v] of this.#bound) if (v.until <= now) this.#bound.delete(k);
    for (const [k, v] of this.#hits) if (v.until <= now) this.#hits.delete(k);
  }

  #sweepSoon(now: number): void {
    const held = this.#claims.size + this.#bound.size + this.#hits.size;
    if (++this.#writes < Math.max(1000, held >> 2)) return;
    this.#writes = 0;
    this.sweep(now);
  }

  async close() {}
}

/** Whether an order's state still waits on the API (`CheckoutStore.unsettledCharges`). */
export function unsettled(state: ChargeState): boolean {
  return (
    state.state === 'charging' ||
    (state.late?.length ?? 0) > 0 ||
    (state.state === 'settled' && state.cancels !== undefined)
  );
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
