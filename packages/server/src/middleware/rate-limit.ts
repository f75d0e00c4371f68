/**
 * A fixed-window limit per client address (the socket's, or behind trusted proxies the one
 * `client-address.ts` reads from `X-Forwarded-For`), counted with the store's `hit`, so that
 * every instance sharing the store counts together. Over the limit: 429 with `Retry-After`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { CheckoutStore } from '../store/store.js';
import { CheckoutError } from './errors.js';

export interface RateLimitOptions {
  store: CheckoutStore;
  /** Names the counter, so that routes with different limits count apart. */
  bucket: string;
  windowMs: number;
  max: number;
  /** The client's address: a limit is only as good as this is hard to forge. */
  address: (c: Context) => string;
}

export function rateLimit({
  store,
  bucket,
  windowMs,
  max,
  address,
}: RateLimitOptions): MiddlewareHandler {
  return async function rateLimit(c, next) {
    if (c.req.method === 'OPTIONS') return next();
    const count = await store.hit(`rate:${bucket}${address(c)}`, windowMs);
    if (count > max) {
      c.header('Retry-After', String(Math.ceil(windowMs / 1000)));
      throw new CheckoutError(429, {
        type: 'rate_limited',
        message: 'too many requests; try again shortly',
        retryable: true,
      });
    }
    await next();
  };
}
