/**
 * Why the checkout's order did not load, as the checkout says it: the kind of the
 * `paylit-error` it dispatches, the message the shopper reads, and whether the order can never
 * be paid (`code`). A chunk of its own (`paylit.checkout-load-failure.js`), loaded only when the
 * load failed, so that a checkout that loads never downloads it; the checkout (paylit-checkout.ts)
 * keeps the state, and says on the console what to fix while developing (its `DEV` branches,
 * which the published builds fold away).
 */
import type { PaylitErrorKind } from '@paylit/core/errors';
import type { CheckoutLoadErrorCode } from '../../events/payment-events.js';
import { serverUrl, type CompanionServer, type ServerRefusal } from './checkout-client.js';

/** The checkout's words for a failed load (keys of its catalog). */
export type LoadFailureKey =
  'loadFailed' | 'notSetUp' | 'orderNotFound' | 'loadRefused' | 'rateLimited';

/** What the checkout says of a failed load. */
export interface LoadFailure {
  kind: PaylitErrorKind;
  key: LoadFailureKey;
  /** What `paylit-error` says beside the shopper's words: the server's reason, when it gave one. */
  detail?: string;
  /** An order that can never be paid here: the form gives way to the message, with no retry. */
  code?: CheckoutLoadErrorCode;
  /** A 429's `Retry-After`, in seconds. */
  retryAfter?: number;
}

/** No answer at all, or the chunk that says why could not load either. */
export const unreachable: LoadFailure = { kind: 'network', key: 'loadFailed' };

/**
 * Whether a server that did not answer `loadCheckout` refuses the page's origin: a request
 * whose answer the page may not read (no-cors) reaches it all the same, and tells that apart
 * from no network. Always `false` for a server on the page's own origin.
 */
export async function refusesOrigin(
  server: CompanionServer,
  signal?: AbortSignal,
): Promise<boolean> {
  const target = new URL(serverUrl(server, '/checkout'), globalThis.location?.href).origin;
  if (target === globalThis.location?.origin) return false;
  return (server.fetch ?? globalThis.fetch)(serverUrl(server, '/checkout'), {
    mode: 'no-cors',
    signal,
  }).then(
    () => true,
    () => false,
  );
}

/**
 * What the checkout says of `loadCheckout`'s refusal (`result`) at `server`: asks the server
 * whether it refuses the page's origin when it did not answer at all.
 */
export async function loadFailure(
  server: CompanionServer,
  result: ServerRefusal,
  signal: AbortSignal,
): Promise<LoadFailure> {
  if (result.status === 0) {
    // A server that refuses the page's origin fails the same way as no network.
    const refused = await refusesOrigin(server, signal);
    const page = globalThis.location?.origin;
    return refused
      ? {
          kind: 'configuration',
          key: 'notSetUp',
          detail: `${page} is not in the server's allowedOrigins`,
          code: 'origin_not_allowed',
        }
      : unreachable;
  }
  const { status, error } = result;
  // A client secret the server did not make, or an order it cannot find (404), or no secret at all (400): this order cannot be paid.
  if (status < 500 && error?.param === 'order')
    return {
      kind: 'validation',
      key: 'orderNotFound',
      detail: error.message,
      code: 'order_not_found',
    };
  // Too many requests from this shopper's address: said as such, with when to try again.
  if (status === 429)
    return {
      kind: 'rate_limited',
      key: 'rateLimited',
      detail: error?.message,
      retryAfter: result.retryAfter,
    };
  return {
    kind: status >= 500 ? 'server' : 'configuration',
    key: 'loadRefused',
    detail: error?.message,
  };
}
