/**
 * What the live connections of this instance share (routes/live.ts): one watch per payment,
 * which asks the API for its status once every `statusEveryMs` and once per change heard,
 * however many connections listen, and hands each of them what it learnt; and the bound on
 * how many connections may wait at once, per order and per client address.
 *
 * Without them each connection asked the API itself every interval: 2,000 connections on one
 * order were 2,000 status lookups every 30 s, from one page opened many times.
 */
import { isPaymentMade } from '@paylit/core/rules';
import type { PaymentRecord } from '@paylit/core/schemas';
import { reconcile } from './charges.js';
import type { HandlerContext } from './context.js';

/** The order's payment to show for `record`: the order's own when another of its payments was made. */
export async function shownFor(
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

type Heard = (shown: PaymentRecord) => void;

/** One payment's watch: its listeners, its timer, and at most one lookup at a time. */
class Watch {
  readonly listeners = new Set<Heard>();
  #record: PaymentRecord;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #looking = false;
  /** A change was heard while a lookup was under way: look again once it ends. */
  #again = false;
  /** This watch is announcing what it found itself: its own announcement is not a change to look up. */
  #announcing = false;
  #stopChanges: (() => void) | undefined;
  #closed = false;

  constructor(
    readonly ctx: HandlerContext,
    readonly orderId: string,
    record: PaymentRecord,
    readonly everyMs: number,
  ) {
    this.#record = record;
  }

  async start(): Promise<void> {
    const stop = await this.ctx.changes.listen(this.orderId, () => {
      if (!this.#announcing) void this.#look(true);
    });
    if (this.#closed) stop();
    else this.#stopChanges = stop;
    this.#schedule();
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#stopChanges?.();
  }

  #schedule(): void {
    if (this.#closed || this.#record.status !== 'PENDING') return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#look(false), this.everyMs);
  }

  /** One status lookup; `woke`: a change was heard (a notification here or on another instance). */
  async #look(woke: boolean): Promise<void> {
    if (this.#closed) return;
    if (this.#looking) {
      // The lookup under way may have been sent before the change: one more after it, not one each.
      if (woke) this.#again = true;
      else this.#schedule();
      return;
    }
    this.#looking = true;
    try {
      const before = this.#record.status;
      const record = await this.ctx.client.payments.retrieve(this.#record.id);
      this.#record = record;
      if (!woke && record.status !== before) {
        // The safety net found what no notification said: the order settles, and the others hear it.
        await reconcile(this.ctx, record).catch(this.ctx.logError);
        this.#announcing = true;
        const announced = this.ctx.changes.announce(this.orderId);
        this.#announcing = false;
        await announced;
      }
      const shown = await shownFor(this.ctx, this.orderId, record);
      if (!this.#closed) for (const heard of this.listeners) heard(shown);
    } catch (error) {
      // Logged once for every connection listening; the next interval tries again.
      this.ctx.logError(error);
    } finally {
      this.#looking = false;
      if (!woke) this.#schedule();
    }
    if (this.#again) {
      this.#again = false;
      await this.#look(true);
    }
  }
}

/** The watches of one handler's live route, one per payment while a connection listens. */
export class PaymentWatches {
  readonly #ctx: HandlerContext;
  readonly #everyMs: number;
  readonly #watches = new Map<string, Watch>();

  constructor(ctx: HandlerContext, everyMs: number) {
    this.#ctx = ctx;
    this.#everyMs = everyMs;
  }

  /**
   * Calls `heard` with the payment to show each time the payment's watch looks it up (every
   * `statusEveryMs`, and at each change heard), until the answered function is called. The
   * first listener of a payment starts its watch with `record`; the last one to leave ends it.
   */
  async watch(orderId: string, record: PaymentRecord, heard: Heard): Promise<() => void> {
    const key = `${orderId}\n${record.id}`;
    let watch = this.#watches.get(key);
    if (!watch) {
      watch = new Watch(this.#ctx, orderId, record, this.#everyMs);
      this.#watches.set(key, watch);
      watch.listeners.add(heard);
      try {
        await watch.start();
      } catch (error) {
        watch.listeners.delete(heard);
        this.#end(key, watch);
        throw error;
      }
    } else watch.listeners.add(heard);
    const own = watch;
    return () => {
      own.listeners.delete(heard);
      this.#end(key, own);
    };
  }

  /** How many payments are watched now (for tests and metrics). */
  get size(): number {
    return this.#watches.size;
  }

  #end(key: string, watch: Watch): void {
    if (watch.listeners.size > 0) return;
    watch.close();
    if (this.#watches.get(key) === watch) this.#watches.delete(key);
  }
}

/**
 * Counts held per key (an order, a client address) under a bound: `take` answers false when
 * the key holds `max` already, and the caller gives its slot back with `give` when done.
 */
export class Slots {
  readonly #held = new Map<string, number>();
  constructor(readonly max: number) {}

  take(key: string): boolean {
    const held = this.#held.get(key) ?? 0;
    if (held >= this.max) return false;
    this.#held.set(key, held + 1);
    return true;
  }

  give(key: string): void {
    const held = (this.#held.get(key) ?? 0) - 1;
    if (held > 0) this.#held.set(key, held);
    else this.#held.delete(key);
  }
}
