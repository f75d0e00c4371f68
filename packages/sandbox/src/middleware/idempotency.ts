/**
 * `X-Idempotency-Key`: a POST repeated with the same key within 7 days (by the sandbox
 * clock) gets the original response and changes nothing, even while the first is still
 * running. A key over 42 characters is refused. Answers of 500 and over are not kept,
 * so a retry after a server error runs again.
 */
import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../clock.js';
import { ApiFailure } from '../errors.js';
import type { SandboxEnv } from '../env.js';

export const IDEMPOTENCY_KEY_MAX = 42;
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

interface Stored {
  status: number;
  contentType: string;
  body: string;
}

interface Entry {
  at: number;
  response: Promise<Stored | undefined>;
}

export class IdempotencyStore {
  readonly entries = new Map<string, Entry>();
}

export function idempotency(store: IdempotencyStore, clock: Clock): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const key = c.req.header('X-Idempotency-Key');
    if (key === undefined) return next();
    if (key === '' || key.length > IDEMPOTENCY_KEY_MAX) throw new ApiFailure(5001, 'X-Idempotency-Key');
    const id = `${c.get('login')}\n${key}`;
    const now = clock.now().getTime();
    const existing = store.entries.get(id);
    if (existing && now - existing.at < IDEMPOTENCY_TTL_MS) {
      const stored = await existing.response;
      if (stored) {
        c.header('Idempotent-Replayed', 'true');
        return c.body(stored.body, stored.status as 200, { 'Content-Type': stored.contentType });
      }
    }
    let settle!: (stored: Stored | undefined) => void;
    store.entries.set(id, { at: now, response: new Promise((resolve) => (settle = resolve)) });
    try {
      await next();
    } finally {
      const res = c.res;
      if (res.status >= 500) {
        store.entries.delete(id);
        settle(undefined);
      } else {
        settle({ status: res.status, contentType: res.headers.get('Content-Type') ?? 'application/json', body: await res.clone().text() });
      }
    }
  };
}
