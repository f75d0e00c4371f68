/**
 * `@paylit/sandbox`: the Payments API v2.1 on a laptop. Every endpoint, the signature
 * and idempotency rules, 3-D Secure and redirect pages, notifications, and tools for tests
 * (ledger, faults, clock), all in memory.
 *
 * @example
 * const sandbox = await createSandbox();
 * const { url } = await sandbox.listen();          // http://127.0.0.1:<port>
 * // sign requests with sandbox.credentials; encrypt cards with sandbox.publicJwk
 * await sandbox.close();
 *
 * Node is needed only to `listen` and to read a `keyFile`: both load their Node modules
 * when called, so the sandbox also runs in a browser, called in-process (Storybook does).
 */
import type { ServerType } from '@hono/node-server';
import { continueWhenRead, type ContinueServer } from '@paylit/core/body';
import {
  cardKeyPairFromPrivateKey,
  generateCardKeyPair,
  type Credentials,
} from '@paylit/core/crypto';
import { createApp } from './app.js';
import { createClock, type Clock } from './clock.js';
import { expirePending } from './state/payments.js';
import { Faults } from './middleware/faults.js';
import { IdempotencyStore } from './middleware/idempotency.js';
import { Notifier } from './notifications.js';
import { DEFAULT_MAX_RECORDS } from './state/bounded.js';
import { Store } from './state/store.js';
import type { LedgerSummary } from './state/ledger.js';
import { recordCounts, type RecordCounts } from './records.js';
import type { Delivery } from './notifications.js';

export type { Clock } from './clock.js';
export type { Delivery, DeliveryAttempt } from './notifications.js';
export type { LedgerEntry, LedgerSummary } from './state/ledger.js';
export type { RecordCount, RecordCounts } from './records.js';
export type { FaultInput } from './middleware/faults.js';
export { RETRY_DELAYS_MS } from './notifications.js';
export { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_TTL_MS } from './middleware/idempotency.js';
export { MAX_BODY_BYTES } from './middleware/body-limit.js';
export { DEFAULT_MAX_RECORDS } from './state/bounded.js';

export interface SandboxOptions {
  /** The merchant's credentials. Default: `PAYLIT_X_LOGIN`, `PAYLIT_X_TRANS_KEY`, `PAYLIT_SECRET_KEY`, else generated. */
  credentials?: Partial<Credentials>;
  /** Where to read the credentials' environment variables. Default: `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** A file with the card-encryption private key (JWK JSON or PKCS#8 PEM). Default: a key generated at start. */
  keyFile?: string;
  /** The number in payment ids `D-<merchant>-<uuid>`. Default `1`. */
  merchantId?: string;
  /** Where the sandbox clock starts. Default: now. */
  now?: Date;
  /** Multiplies the notification retry schedule (1 = real hours). Default 1/60: an hour is a minute. */
  notificationTimeFactor?: number;
  /**
   * How long each try of a notification waits for the merchant's answer, in ms, before it counts
   * as failed ("no answer" in its log) and the next is scheduled. Default 10,000, as the API.
   */
  notificationTimeoutMs?: number;
  /** How long pending vouchers and non-card refunds take to settle by themselves, in ms. Default 3000. */
  settleDelayMs?: number;
  /** Whether payments in India are cross-border. Default `true`. */
  indiaCrossBorder?: boolean;
  /** Client addresses allowed to call the API; others get 403 / 3002. Default: any. */
  allowedIps?: readonly string[];
  /** The origin the sandbox's pages are linked at, when it sits behind a proxy. Default: the request's. */
  publicUrl?: string;
  /**
   * The merchant's sites (origins, `https://shop.example`) that may show its 3-D Secure
   * challenge in a frame, beside the origin of the payment's `callback_url` (the companion
   * server's): a storefront on another origin than its server. As a merchant registers its
   * sites with a payment provider. Default: none.
   */
  frameOrigins?: readonly string[];
  /** The fetch used to deliver notifications. Default: the global one. */
  fetch?: typeof fetch;
  /** Called with errors the sandbox did not expect (they answer 500 / 7000). Default: `console.error`. */
  onError?: (error: unknown) => void;
  /**
   * How many records of each kind the sandbox keeps: payments, refunds, saved cards, card
   * and wallet tokens, enrollments, installment plans, ledger entries, notification
   * deliveries, idempotency keys. Past it the oldest of that kind are dropped, as if never
   * made, so a long load test stays within bounds. Default 100,000.
   */
  maxRecords?: number;
}

/** An origin of `frameOrigins` as the CSP names it; anything else is refused, naming it. */
function siteOrigin(origin: string): string {
  let url: URL | undefined;
  try {
    url = new URL(origin);
  } catch {
    url = undefined;
  }
  // Any spelling of one (`HTTPS://Shop.Example:443/`), written as the CSP's `frame-ancestors` names it.
  if (
    !url ||
    !/^https?:$/.test(url.protocol) ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== '' ||
    /[?#]/.test(origin)
  )
    throw new TypeError(
      `frameOrigins: "${origin}" is not an origin (scheme, host and port, such as https://shop.example)`,
    );
  return url.origin;
}

export interface ListenOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Default `127.0.0.1`. */
  hostname?: string;
  /** How long a client may take to send a request's headers (Node's `headersTimeout`). Default 10 s. */
  headersTimeoutMs?: number;
  /** How long a client may take to send a whole request (Node's `requestTimeout`, at least `headersTimeoutMs`); then 408 and the connection is closed. Default 30 s. */
  requestTimeoutMs?: number;
}

export interface RunningSandbox {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface Sandbox {
  /** The app's handler, for in-process use: `sandbox.fetch(new Request(...))`. */
  fetch(request: Request): Promise<Response>;
  readonly credentials: Readonly<Credentials>;
  /** Where the credentials came from, for the CLI's banner. */
  readonly credentialSource: 'options' | 'environment' | 'generated';
  /** The public key for card encryption, as a JWK with `kid`, and as SPKI PEM. */
  readonly publicJwk: JsonWebKey & { kid: string };
  readonly publicPem: string;
  readonly clock: Clock;
  ledger(filter?: { order_id?: string; payment_id?: string }): LedgerSummary;
  /** How many records of each kind are kept and dropped (see `maxRecords`); also `GET /sandbox-tools/records`. */
  records(): RecordCounts;
  /** The notification deliveries so far, once running attempts have finished. */
  notifications(filter?: { record_id?: string }): Promise<Delivery[]>;
  /** Serves the sandbox over HTTP with the Node adapter. */
  listen(options?: ListenOptions): Promise<RunningSandbox>;
  /** Stops servers and timers. */
  close(): Promise<void>;
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

function resolveCredentials(options: SandboxOptions): {
  credentials: Credentials;
  source: Sandbox['credentialSource'];
} {
  const env =
    options.env ??
    (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ??
    {};
  const given = options.credentials ?? {};
  const fromEnv = {
    login: env.PAYLIT_X_LOGIN,
    transKey: env.PAYLIT_X_TRANS_KEY,
    secretKey: env.PAYLIT_SECRET_KEY,
  };
  const pick = (key: keyof Credentials, generate: () => string) =>
    given[key] || fromEnv[key] || generate();
  const credentials = {
    login: pick('login', () => `sbx_${randomHex(6)}`),
    transKey: pick('transKey', () => randomHex(8)),
    secretKey: pick('secretKey', () => randomHex(20)),
  };
  const source =
    Object.keys(given).length > 0
      ? 'options'
      : fromEnv.login || fromEnv.transKey || fromEnv.secretKey
        ? 'environment'
        : 'generated';
  return { credentials, source };
}

async function loadKeys(options: SandboxOptions) {
  const pair =
    options.keyFile === undefined
      ? await generateCardKeyPair({ kid: `sandbox-${randomHex(4)}` })
      : await cardKeyPairFromPrivateKey(
          await (await import('node:fs/promises')).readFile(options.keyFile, 'utf8'),
        );
  return { privateKey: pair.privateKey, publicJwk: pair.publicJwk, publicPem: pair.publicPem };
}

/** Creates a sandbox with its own state, keys, credentials and clock. */
export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const maxRecords = options.maxRecords ?? DEFAULT_MAX_RECORDS;
  if (!Number.isInteger(maxRecords) || maxRecords < 1)
    throw new RangeError(
      `createSandbox: maxRecords must be a whole number of 1 or more (default ${DEFAULT_MAX_RECORDS}), not ${options.maxRecords}`,
    );
  const notificationTimeoutMs = options.notificationTimeoutMs ?? 10_000;
  if (!Number.isInteger(notificationTimeoutMs) || notificationTimeoutMs < 1)
    throw new RangeError(
      `createSandbox: notificationTimeoutMs must be a whole number of milliseconds, 1 or more (default 10000), not ${options.notificationTimeoutMs}`,
    );
  const { credentials, source } = resolveCredentials(options);
  const keys = await loadKeys(options);
  const clock = createClock(options.now);
  const notifier = new Notifier({
    login: credentials.login,
    secretKey: credentials.secretKey,
    clock,
    timeFactor: options.notificationTimeFactor ?? 1 / 60,
    timeoutMs: notificationTimeoutMs,
    fetch: options.fetch ?? fetch,
    maxRecords,
  });
  const store = new Store({
    merchantId: options.merchantId ?? '1',
    merchantName: 'Paylit Sandbox Shop',
    clock,
    notifier,
    settleDelayMs: options.settleDelayMs ?? 3000,
    indiaCrossBorder: options.indiaCrossBorder ?? true,
    privateKey: keys.privateKey,
    maxRecords,
  });
  const idempotency = new IdempotencyStore(maxRecords);
  const app = createApp(
    {
      store,
      clock,
      credentials,
      publicJwk: keys.publicJwk,
      publicPem: keys.publicPem,
      faults: new Faults(),
      idempotency,
      ...(options.allowedIps ? { allowedIps: options.allowedIps } : {}),
      ...(options.publicUrl ? { publicUrl: options.publicUrl.replace(/\/$/, '') } : {}),
      ...(options.frameOrigins ? { frameOrigins: options.frameOrigins.map(siteOrigin) } : {}),
    },
    options.onError ?? ((error) => console.error('paylit-sandbox: unexpected error', error)),
  );
  const servers = new Set<ServerType>();
  // What falls due expires on time, with its notification, whether the clock runs or is moved.
  const stopExpiring = clock.onMove(() => expirePending(store));
  const expiring = setInterval(() => expirePending(store), 1000);
  expiring.unref?.();

  const sandbox: Sandbox = {
    fetch: async (request) => app.fetch(request),
    credentials,
    credentialSource: source,
    publicJwk: keys.publicJwk,
    publicPem: keys.publicPem,
    clock,
    ledger: (filter) => store.ledger.summary(filter),
    records: () => recordCounts({ store, idempotency }),
    notifications: async (filter) => {
      await notifier.idle();
      return notifier.log(filter);
    },
    listen: async ({
      port = 0,
      hostname = '127.0.0.1',
      headersTimeoutMs = 10_000,
      requestTimeoutMs = Math.max(30_000, headersTimeoutMs),
    } = {}) => {
      const { serve } = await import('@hono/node-server');
      // A slow client (headers or body trickling in) is cut off; Node checks the timeouts every `connectionsCheckingInterval`.
      const serverOptions = {
        headersTimeout: headersTimeoutMs,
        requestTimeout: requestTimeoutMs,
        connectionsCheckingInterval: Math.min(
          30_000,
          Math.max(100, Math.floor(headersTimeoutMs / 4)),
        ),
      };
      return new Promise((resolve, reject) => {
        const server = serve(
          { fetch: app.fetch, port, hostname, overrideGlobalObjects: false, serverOptions },
          (info) => {
            const url = `http://${info.family === 'IPv6' ? `[${info.address}]` : info.address}:${info.port}`;
            servers.add(server);
            resolve({
              url,
              port: info.port,
              close: () => closeServer(server).then(() => void servers.delete(server)),
            });
          },
        );
        // Expect: 100-continue answered when the body is read, not before a 413.
        continueWhenRead(server as unknown as ContinueServer);
        server.once('error', reject);
      });
    },
    close: async () => {
      stopExpiring();
      clearInterval(expiring);
      notifier.close();
      store.close();
      await Promise.all([...servers].map(closeServer));
      servers.clear();
    },
  };
  return sandbox;
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close(() => resolve());
  });
}
