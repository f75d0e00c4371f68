/**
 * Who hears that an order's payment changed: the live connections of the shoppers waiting on
 * it (routes/live.ts). A change is announced where it is learnt (a notification, a status
 * lookup) and heard on every instance sharing the store, through the store's channel
 * (`publish` and `subscribe`: Redis `PUBLISH`, PostgreSQL `NOTIFY`), so that the instance
 * holding the shopper's connection hears of a notification another one received.
 */
import type { CheckoutStore } from './store/store.js';

/**
 * The mark of a Node response that is a live stream (a payment's or a sign-up's events):
 * `serveNode`'s drain ends it as a stream ends (the last chunk, then the close), so the checkout
 * reads the stream's end and opens the next one, rather than a cut connection (a failure).
 */
export const LIVE_STREAM = Symbol.for('paylit.live-stream');

/** Marks the Node response a route answers on (`c.env.outgoing`, when there is one) as a live stream. */
export function markLiveStream(env: unknown): void {
  const outgoing = (env as { outgoing?: object } | undefined)?.outgoing;
  if (outgoing && typeof outgoing === 'object')
    (outgoing as { [LIVE_STREAM]?: true })[LIVE_STREAM] = true;
}

export class Changes {
  readonly #store: CheckoutStore;
  readonly #logError: (error: unknown) => void;
  readonly #listeners = new Map<string, Set<() => void>>();
  #subscribed: Promise<unknown> | undefined;

  constructor(store: CheckoutStore, logError: (error: unknown) => void) {
    this.#store = store;
    this.#logError = logError;
  }

  /**
   * Calls `heard` whenever the order's payment changes, here or on another instance, until the
   * answered function is called. The store's channel is joined once per handler, at the first
   * listener; a store that cannot join it leaves the slow status lookup to find changes.
   */
  async listen(orderId: string, heard: () => void): Promise<() => void> {
    const subscribe = this.#store.subscribe?.bind(this.#store);
    if (subscribe)
      await (this.#subscribed ??= subscribe((order) => this.#hear(order)).catch(
        (error: unknown) => {
          this.#subscribed = undefined;
          this.#logError(error);
        },
      ));
    let set = this.#listeners.get(orderId);
    if (!set) this.#listeners.set(orderId, (set = new Set()));
    const own = () => heard();
    set.add(own);
    return () => {
      set.delete(own);
      if (set.size === 0 && this.#listeners.get(orderId) === set) this.#listeners.delete(orderId);
    };
  }

  /** Says the order's payment changed: to this instance's listeners at once, and through the store to the others'. */
  async announce(orderId: string): Promise<void> {
    this.#hear(orderId);
    try {
      await this.#store.publish?.(orderId);
    } catch (error) {
      // The others' slow status lookup finds it: a notification is not refused for this.
      this.#logError(error);
    }
  }

  #hear(orderId: string): void {
    for (const heard of this.#listeners.get(orderId) ?? []) heard();
  }
}
