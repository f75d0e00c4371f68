/**
 * Notifications: on every status change the sandbox POSTs the whole record to its
 * `notification_url`, signed like the API signs them (X-Date and
 * `V2-HMAC-SHA256, Signature: …` over the merchant's login + X-Date + body). Anything but
 * a 2xx (a redirect too: it is not followed) is retried on the real schedule's shape, hourly for 6 hours then every 12 hours,
 * 12 attempts at most, with every delay multiplied by `timeFactor`.
 */
import { authorizationHeader, createSignature, formatXDate } from '@paylit/core/crypto';
import type { Clock } from './clock.js';
import { BoundedMap, DEFAULT_MAX_RECORDS } from './state/bounded.js';
import { wireJson } from './wire-json.js';

const HOUR = 60 * 60 * 1000;
/** Delay before each attempt after the first: 6 hourly, then every 12 hours (12 attempts, within 4 days). */
export const RETRY_DELAYS_MS: readonly number[] = [
  HOUR,
  HOUR,
  HOUR,
  HOUR,
  HOUR,
  HOUR,
  12 * HOUR,
  12 * HOUR,
  12 * HOUR,
  12 * HOUR,
  12 * HOUR,
];

export type NotificationKind = 'payment' | 'refund' | 'enrollment';

export interface DeliveryAttempt {
  at: string;
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  error?: string;
}

export interface Delivery {
  id: string;
  kind: NotificationKind;
  url: string;
  record_id: string;
  record_status: string;
  body: string;
  attempts: DeliveryAttempt[];
  state: 'pending' | 'delivered' | 'failed';
  next_attempt_at?: string;
}

export interface NotifierOptions {
  login: string;
  secretKey: string;
  clock: Clock;
  timeFactor: number;
  /** How long a try waits for the merchant's answer before it counts as failed, in ms. */
  timeoutMs: number;
  fetch: typeof fetch;
  /** How many deliveries the log keeps; past that the oldest are dropped (a pending one still runs its retries). */
  maxRecords?: number;
}

export class Notifier {
  readonly #options: NotifierOptions;
  readonly #log: BoundedMap<string, Delivery>;
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  readonly #inFlight = new Set<Promise<void>>();
  #seq = 0;
  #closed = false;

  constructor(options: NotifierOptions) {
    this.#options = options;
    this.#log = new BoundedMap(options.maxRecords ?? DEFAULT_MAX_RECORDS);
  }

  /** Queues a notification of `record` to `url`; its first attempt starts at once. */
  send(kind: NotificationKind, url: string, record: { id: string; status: string }): void {
    if (this.#closed) return;
    const delivery: Delivery = {
      id: `N-${++this.#seq}`,
      kind,
      url,
      record_id: record.id,
      record_status: record.status,
      body: wireJson(record),
      attempts: [],
      state: 'pending',
    };
    this.#log.set(delivery.id, delivery);
    this.#attempt(delivery);
  }

  /** The delivery log, newest last. */
  log(filter: { record_id?: string } = {}): Delivery[] {
    return [...this.#log.values()]
      .filter((d) => filter.record_id === undefined || d.record_id === filter.record_id)
      .map((d) => structuredClone(d));
  }

  /** How many deliveries the log holds, and how many of the oldest it dropped. */
  count(): { kept: number; dropped: number } {
    return { kept: this.#log.size, dropped: this.#log.dropped };
  }

  /** Resolves when no attempt is running (scheduled retries may remain). */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  close(): void {
    this.#closed = true;
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
  }

  #attempt(delivery: Delivery): void {
    const run = this.#deliver(delivery).finally(() => this.#inFlight.delete(run));
    this.#inFlight.add(run);
  }

  async #deliver(delivery: Delivery): Promise<void> {
    const { login, secretKey, clock, fetch } = this.#options;
    const date = formatXDate(clock.now());
    const attempt: DeliveryAttempt = { at: date };
    delivery.attempts.push(attempt);
    try {
      const signature = await createSignature({ login, date, body: delivery.body, secretKey });
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Date': date,
          Authorization: authorizationHeader(signature),
          'User-Agent': 'paylit-sandbox',
        },
        body: delivery.body,
        // A redirect is an answer like any other that is not a 2xx: retried, never followed
        // (a 302 would end as a GET without the record, a 307 would post it to another URL).
        redirect: 'manual',
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
      attempt.status = response.status;
      await response.body?.cancel();
      if (response.ok) {
        delivery.state = 'delivered';
        delete delivery.next_attempt_at;
        return;
      }
    } catch (error) {
      attempt.error = error instanceof Error ? error.message : String(error);
    }
    this.#scheduleRetry(delivery);
  }

  #scheduleRetry(delivery: Delivery): void {
    const delay = RETRY_DELAYS_MS[delivery.attempts.length - 1];
    if (delay === undefined || this.#closed) {
      delivery.state = 'failed';
      delete delivery.next_attempt_at;
      return;
    }
    const wait = delay * this.#options.timeFactor;
    delivery.next_attempt_at = new Date(this.#options.clock.now().getTime() + delay).toISOString();
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#attempt(delivery);
    }, wait);
    timer.unref?.();
    this.#timers.add(timer);
  }
}
