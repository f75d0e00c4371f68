/** What the routes share: the state, the credentials, the keys and the test tools of one sandbox. */
import type { Credentials } from '@paylit/core/crypto';
import type { Clock } from './clock.js';
import type { Faults } from './middleware/faults.js';
import type { IdempotencyStore } from './middleware/idempotency.js';
import type { Store } from './state/store.js';

export interface SandboxInternals {
  store: Store;
  clock: Clock;
  credentials: Credentials;
  publicJwk: JsonWebKey & { kid: string };
  publicPem: string;
  faults: Faults;
  idempotency: IdempotencyStore;
  allowedIps?: readonly string[];
  /** The origin the sandbox's pages are linked at; the request's own origin when absent. */
  publicUrl?: string;
  /** The merchant's sites that may frame its challenge pages, beside its callback_url's origin. */
  frameOrigins?: readonly string[];
}
