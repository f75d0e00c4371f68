/**
 * What the checkout handler remembers, behind an interface so that any number of
 * instances can share it: orders (standalone mode), which payments belong to which order,
 * one-time claims (notification and callback deduplication) and rate-limit counters.
 * `MemoryStore` is the default; `RedisStore` (`@paylit/server/redis`) is for several instances.
 */
import type { MerchantOrder } from '../order.js';

export interface PaymentLink {
  paymentId: string;
  orderId: string;
  attempt: string;
}

export interface CheckoutStore {
  getOrder(id: string): Promise<MerchantOrder | undefined>;
  putOrder(order: MerchantOrder): Promise<void>;
  linkPayment(link: PaymentLink): Promise<void>;
  orderOfPayment(paymentId: string): Promise<string | undefined>;
  paymentsOfOrder(orderId: string): Promise<string[]>;
  /** True the first time `key` is claimed within `ttlMs`, false after, on every instance. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  release(key: string): Promise<void>;
  /** Counts a hit in the window `windowMs` and answers the count so far. */
  hit(key: string, windowMs: number): Promise<number>;
  close(): Promise<void>;
}

export class MemoryStore implements CheckoutStore {
  readonly #orders = new Map<string, MerchantOrder>();
  readonly #paymentOrder = new Map<string, string>();
  readonly #orderPayments = new Map<string, string[]>();
  readonly #claims = new Map<string, number>();
  readonly #hits = new Map<string, { count: number; until: number }>();

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

  async claim(key: string, ttlMs: number) {
    const now = Date.now();
    const until = this.#claims.get(key);
    if (until !== undefined && until > now) return false;
    this.#claims.set(key, now + ttlMs);
    return true;
  }

  async release(key: string) {
    this.#claims.delete(key);
  }

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    const entry = this.#hits.get(key);
    if (!entry || entry.until <= now) {
      this.#hits.set(key, { count: 1, until: now + windowMs });
      if (this.#hits.size > 100_000) for (const [k, v] of this.#hits) if (v.until <= now) this.#hits.delete(k);
      return 1;
    }
    return ++entry.count;
  }

  async close() {}
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
