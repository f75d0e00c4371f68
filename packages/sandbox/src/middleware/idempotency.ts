/**
 * `X-Idempotency-Key`, bound to its operation (the wire dialect: what the API accepts beyond its spec, packages/sandbox/README.md): a
 * POST repeated with the same key (per merchant login) within 7 days of the sandbox clock,
 * on the same operation, gets the first answer again with `Idempotent-Replayed: true` and
 * changes nothing, even while the first is still running (the repeat waits for it). The
 * same key on another operation is 400 / 5001 `Invalid parameter: X-Idempotency-Key`, and
 * nothing is done.
 *
 * The operation is a SHA-256 digest of the method, the path without a trailing slash
 * (`/payments/` is `/payments`) and the raw body bytes, exactly as signed: a retry re-signs
 * with a new `X-Date` but sends the same bytes. The query string is not part of it (no POST
 * of the API reads one), nor are headers. Two bodies that mean the same JSON but differ in
 * a byte (spacing, key order) are different operations, as they would be to the signature.
 *
 * A key over 42 characters is refused. Answers of 500 and over are not kept, so a retry after
 * a server error runs again; 4xx answers are kept and replayed. Entries older than 7 days
 * are swept, oldest first, and at most `maxRecords` are kept (the oldest dropped first).
 */
import type { MiddlewareHandler } from 'hono';
import { IDEMPOTENCY_KEY_MAX } from '@paylit/core/codes';
import type { Clock } from '../clock.js';
import { ApiFailure } from '../errors.js';
import type { SandboxEnv } from '../env.js';
import { BoundedMap, DEFAULT_MAX_RECORDS } from '../state/bounded.js';

export { IDEMPOTENCY_KEY_MAX };
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

interface Stored {
  status: number;
  contentType: string;
  body: string;
}

interface Entry {
  at: number;
  /** The digest of the operation the key was first used for. */
  operation: string;
  response: Promise<Stored | undefined>;
}

export class IdempotencyStore {
  readonly entries: BoundedMap<string, Entry>;
  /** Whether the entries are in the order of their times, so that a sweep may stop at the first young one. */
  #ordered = true;
  #newest = -Infinity;

  constructor(maxRecords: number = DEFAULT_MAX_RECORDS) {
    this.entries = new BoundedMap(maxRecords);
  }

  add(id: string, entry: Entry): void {
    this.entries.delete(id);
    this.entries.set(id, entry);
    if (entry.at < this.#newest) this.#ordered = false;
    else this.#newest = entry.at;
  }

  /**
   * Drops the entries that are 7 days old by `now`, from the oldest until one is younger.
   * After the sandbox clock went back (tests do that), the entries are out of time order:
   * then one full pass drops the old ones and puts the rest back in order.
   */
  sweep(now: number): void {
    if (!this.#ordered) {
      const young = [...this.entries]
        .filter(([, e]) => now - e.at < IDEMPOTENCY_TTL_MS)
        .sort(([, a], [, b]) => a.at - b.at);
      this.entries.clear();
      for (const [id, e] of young) this.entries.set(id, e);
      this.#ordered = true;
      this.#newest = young.at(-1)?.[1].at ?? -Infinity;
      return;
    }
    for (const [id, entry] of this.entries) {
      if (now - entry.at < IDEMPOTENCY_TTL_MS) return;
      this.entries.delete(id);
    }
  }
}

const encoder = new TextEncoder();

/** `METHOD /path` (no trailing slash) and the body bytes, as one SHA-256 hex digest. */
export async function operationDigest(
  method: string,
  path: string,
  body: ArrayBuffer,
): Promise<string> {
  const head = encoder.encode(
    `${method.toUpperCase()} ${path.length > 1 ? path.replace(/\/$/, '') : path}\n`,
  );
  const bytes = new Uint8Array(head.byteLength + body.byteLength);
  bytes.set(head);
  bytes.set(new Uint8Array(body), head.byteLength);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function idempotency(store: IdempotencyStore, clock: Clock): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const key = c.req.header('X-Idempotency-Key');
    if (key === undefined) return next();
    if (key === '' || key.length > IDEMPOTENCY_KEY_MAX)
      throw new ApiFailure(5001, 'X-Idempotency-Key');
    const id = `${c.get('login')}\n${key}`;
    // The body-limit middleware has read the bytes; this is its cached copy.
    const operation = await operationDigest(c.req.method, c.req.path, await c.req.arrayBuffer());

    // From here to the claim below nothing awaits, so of concurrent requests exactly one claims the key.
    for (;;) {
      const now = clock.now().getTime();
      store.sweep(now);
      let existing = store.entries.get(id);
      if (existing && now - existing.at >= IDEMPOTENCY_TTL_MS) {
        store.entries.delete(id);
        existing = undefined;
      }
      if (!existing) break;
      if (existing.operation !== operation) throw new ApiFailure(5001, 'X-Idempotency-Key');
      const stored = await existing.response;
      if (stored) {
        c.header('Idempotent-Replayed', 'true');
        return c.body(stored.body, stored.status as 200, { 'Content-Type': stored.contentType });
      }
      // The first answer was a server error and is forgotten: look again, another retry may have claimed the key meanwhile.
    }

    let settle!: (stored: Stored | undefined) => void;
    const entry: Entry = {
      at: clock.now().getTime(),
      operation,
      response: new Promise((resolve) => (settle = resolve)),
    };
    store.add(id, entry);
    let answered = false;
    try {
      await next();
      answered = true;
    } finally {
      const res = c.res;
      if (!answered || res.status >= 500) {
        if (store.entries.get(id) === entry) store.entries.delete(id);
        settle(undefined);
      } else {
        settle({
          status: res.status,
          contentType: res.headers.get('Content-Type') ?? 'application/json',
          body: await res.clone().text(),
        });
      }
    }
  };
}
