/** The Hono environment of the sandbox's app: Node bindings when served by the Node adapter, and per-request values. */
import type { HttpBindings } from '@hono/node-server';

export interface SandboxEnv {
  /** Present under the Node adapter; absent when the app is called in-process. */
  Bindings: Partial<HttpBindings>;
  Variables: {
    /** The request body's bytes exactly as received: what the signature covers. */
    rawBytes: Uint8Array;
    /** The request body as text (decoded from `rawBytes`; a leading byte order mark dropped). */
    rawBody: string;
    login: string;
    /** A `no_duplicate_check` fault took this request: its `order_id` is not checked for a duplicate. */
    noDuplicateCheck?: true;
  };
}
