#!/usr/bin/env node
/**
 * `paylit-server`: the companion server on Node, configured by environment variables.
 * With no `PAYLIT_BASE_URL` it starts the sandbox in the same process, so `npx @paylit/server`
 * works with nothing configured; that mode needs `@paylit/sandbox`, an optional peer dependency
 * loaded only then (a production install, configured, does not carry the simulator).
 *
 *   PAYLIT_BASE_URL, PAYLIT_X_LOGIN, PAYLIT_X_TRANS_KEY, PAYLIT_SECRET_KEY  the API and the merchant's credentials
 *   PAYLIT_PUBLIC_KEY        the API's public key (JWK or PEM, a path or the value)
 *   PORT                     where the server listens (default 4000)
 *   PAYLIT_SANDBOX_PORT      where the embedded sandbox listens (no PAYLIT_BASE_URL; default a free port)
 *   PAYLIT_PUBLIC_URL        where the API and browsers reach it (default http://127.0.0.1:PORT/paylit)
 *   PAYLIT_RETURN_URL        the merchant's return page (default: a small page this server serves)
 *   PAYLIT_ALLOWED_ORIGINS   comma-separated origins allowed to call it (default: its own, and localhost:5173)
 *   PAYLIT_API_TOKEN         turns on the order API and back office (generated in sandbox mode)
 *   PAYLIT_TRUST_PROXY       the reverse proxies in front: their count (1) or addresses (10.0.0.1,10.0.0.0/8); default none, X-Forwarded-For ignored
 *   PAYLIT_REDIS_URL         keep state in Redis (redis://…), shared by instances; run it with appendonly yes
 *   PAYLIT_DATABASE_URL      or keep state in PostgreSQL (postgres://…), shared by instances and durable
 *                            (neither: in memory, for development only; a warning says so outside sandbox mode)
 *
 * `paylit-server charge-due [--as-of <ISO 8601 time>]`: charges the subscriptions' due periods
 * once (`subscriptions.chargeDue`) and exits, for a cron: the same API variables, and the store
 * the server keeps its subscriptions in (PAYLIT_REDIS_URL or PAYLIT_DATABASE_URL, required).
 * Prints one JSON line of what it did; exits 0, or 1 when a charge had no answer (the next run
 * asks the API about it before anything else).
 *
 * `paylit-server attest <url> --key <ed25519 PEM>`: PCI DSS evidence for a checkout page, a
 * signed report of its scripts, headers and card-field isolation (src/attest/cli.ts, docs/pci.md).
 */
import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import { encryptCard } from '@paylit/core/crypto';
import { PaymentsClient } from './client/payments-client.js';
import { createCheckoutHandler } from './handler.js';
import { createSubscriptions } from './subscriptions/subscriptions.js';
import { nodeHmac, nodeTransport, serveNode } from './adapters/node.js';
import { mountDirectRoutes } from './direct.js';
import { trustProxyProblem, type TrustProxy } from './middleware/client-address.js';
import { escapeLog, SetupWarning } from './middleware/log.js';
import { MemoryStore, type CheckoutStore } from './store/store.js';
import { maskUrl } from './mask.js';

const MOUNT = '/paylit';

function fail(message: string): never {
  console.error(`paylit-server: ${message}`);
  process.exit(2);
}

/** Every variable the CLI reads (PAYLIT_SANDBOX_PORT apart: empty there means unset). */
const SETTINGS = [
  'PORT',
  'HOST',
  'PAYLIT_BASE_URL',
  'PAYLIT_X_LOGIN',
  'PAYLIT_X_TRANS_KEY',
  'PAYLIT_SECRET_KEY',
  'PAYLIT_PUBLIC_KEY',
  'PAYLIT_PUBLIC_URL',
  'PAYLIT_RETURN_URL',
  'PAYLIT_ALLOWED_ORIGINS',
  'PAYLIT_API_TOKEN',
  'PAYLIT_TRUST_PROXY',
  'PAYLIT_REDIS_URL',
  'PAYLIT_DATABASE_URL',
] as const;

const TRIMMED = new Set<string>([
  'PORT',
  'PAYLIT_ALLOWED_ORIGINS',
  'PAYLIT_TRUST_PROXY',
  'PAYLIT_PUBLIC_KEY',
]);

/**
 * Stops on a value as deploy files mangle it: empty (a compose file's `${UNSET}`), with spaces or
 * a line break around it (a .env saved with CRLF), or in quotes (docker's --env-file keeps them).
 * Names the variable, never the value: some are secrets.
 */
function checkSettings(env: NodeJS.ProcessEnv): void {
  for (const name of SETTINGS) {
    const value = env[name];
    if (value === undefined) continue;
    if (value.trim() === '') fail(`${name} is set but empty: give it a value, or unset it`);
    // Read trimmed anyway: a number, lists (each entry trimmed), a PEM (its line ends are its own).
    if (!TRIMMED.has(name) && value !== value.trim())
      fail(
        `${name} has spaces or a line break around its value (a .env file saved with CRLF line ends?): remove them`,
      );
    if (/^(["'`]).*\1$/s.test(value.trim()))
      fail(`${name} is wrapped in quotes, which would be part of the value: remove them`);
  }
  if (!env.PAYLIT_BASE_URL && env.PAYLIT_PUBLIC_KEY)
    fail(
      "PAYLIT_PUBLIC_KEY is the API's key, and with no PAYLIT_BASE_URL the server would run the embedded sandbox with its own: set PAYLIT_BASE_URL (the API's address), or unset PAYLIT_PUBLIC_KEY for the sandbox",
    );
  if (env.PAYLIT_ALLOWED_ORIGINS !== undefined && !/[^,\s]/.test(env.PAYLIT_ALLOWED_ORIGINS))
    fail(
      'PAYLIT_ALLOWED_ORIGINS names no origin: list the storefronts, comma-separated, or unset it',
    );
}

/**
 * `@paylit/sandbox`, for the no-configuration mode only: an optional peer dependency,
 * loaded when needed so that a configured server never loads (or needs) the simulator.
 */
async function loadSandbox(): Promise<typeof import('@paylit/sandbox')> {
  try {
    return await import('@paylit/sandbox');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (
      code !== 'ERR_MODULE_NOT_FOUND' ||
      !String((error as Error).message).includes('@paylit/sandbox')
    )
      throw error;
    fail(
      'with no PAYLIT_BASE_URL this server runs against the embedded sandbox, and @paylit/sandbox is not installed. ' +
        'Either install it (npm install --save-dev @paylit/sandbox, or try it once with npx -p @paylit/server -p @paylit/sandbox paylit-server), ' +
        'or set PAYLIT_BASE_URL, PAYLIT_X_LOGIN, PAYLIT_X_TRANS_KEY, PAYLIT_SECRET_KEY and PAYLIT_PUBLIC_KEY for the real API',
    );
  }
}

/** `PAYLIT_PUBLIC_KEY`: a JWK or PEM, given as the value or as a file path; checked by encrypting a test card. */
async function publicKey(value: string): Promise<JsonWebKey | string> {
  let text = value.trim();
  if (!text.startsWith('{') && !text.startsWith('-----BEGIN')) {
    try {
      text = (await readFile(text, 'utf8')).trim();
    } catch {
      fail('PAYLIT_PUBLIC_KEY must be a JWK, a PEM, or the path of a file holding one');
    }
  }
  const key: JsonWebKey | string = text.startsWith('{') ? (JSON.parse(text) as JsonWebKey) : text;
  try {
    await encryptCard({ number: '4111111111111111', cvv: '123' }, key);
  } catch (error) {
    fail(`PAYLIT_PUBLIC_KEY: ${(error as Error).message}`);
  }
  return key;
}

/** `PAYLIT_TRUST_PROXY`: a hop count, or the proxies' addresses and ranges, comma-separated. */
function trustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') {
    fail(
      'PAYLIT_TRUST_PROXY must be the number of proxies in front of this server (1 for one) or their addresses, comma-separated (10.0.0.1,10.0.0.0/8), not true: "trust the proxy" does not say which X-Forwarded-For entry a proxy of yours wrote',
    );
  }
  const trust: TrustProxy = /^\d+$/.test(text)
    ? Number(text)
    : text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
  const problem = trustProxyProblem(trust);
  if (problem !== undefined) fail(`PAYLIT_TRUST_PROXY ${problem}`);
  return trust;
}

function returnPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payment result</title></head>
<body><main><h1>Payment result</h1><p id="result">Checking…</p></main>
<script type="module">
const q = new URLSearchParams(location.search);
const res = await fetch('${MOUNT}/payments/' + encodeURIComponent(q.get('payment_id') ?? '') + '?order=' + encodeURIComponent(q.get('order') ?? ''));
const body = await res.json();
document.getElementById('result').textContent = res.ok ? body.payment.status + ': ' + body.payment.status_detail : body.error.message;
</script></body></html>`;
}

/**
 * `--as-of`: an ISO 8601 date (its midnight in UTC, as JavaScript reads it), or a date and time
 * with its zone (`Z` or an offset); group 1 is the time, group 2 its zone.
 */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/i;

/** `paylit-server charge-due`: one run of `subscriptions.chargeDue`, for a cron. */
async function chargeDue(args: string[]): Promise<void> {
  const env = process.env;
  checkSettings(env);
  let asOf = new Date();
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--as-of' && args[i + 1] !== undefined) {
      const text = args[++i]!;
      const iso = ISO_TIME.exec(text);
      asOf = new Date(text);
      if (!iso || Number.isNaN(asOf.getTime()))
        fail('charge-due --as-of must be an ISO 8601 time such as 2027-01-31T12:00:00Z');
      // A time with no zone would be read in this machine's own (the cron's TZ): hours off.
      if (iso[1] && !iso[2])
        fail(
          `charge-due --as-of ${text} has no time zone: write it in UTC with a Z (${text}Z) or with its offset (such as ${text}-03:00)`,
        );
    } else fail(`charge-due takes --as-of <ISO 8601 time> only, not ${JSON.stringify(args[i])}`);
  }
  if (!env.PAYLIT_BASE_URL)
    fail(
      'charge-due needs PAYLIT_BASE_URL, PAYLIT_X_LOGIN, PAYLIT_X_TRANS_KEY and PAYLIT_SECRET_KEY: it charges at the API',
    );
  let client: PaymentsClient;
  try {
    client = PaymentsClient.fromEnv(env, { transport: nodeTransport(), hmac: nodeHmac });
  } catch (error) {
    fail((error as Error).message);
  }
  let store: CheckoutStore;
  if (env.PAYLIT_REDIS_URL && env.PAYLIT_DATABASE_URL)
    fail('set PAYLIT_REDIS_URL or PAYLIT_DATABASE_URL, not both: the state lives in one store');
  if (env.PAYLIT_REDIS_URL) {
    const { createRedisStore } = await import('./store/redis.js');
    store = await createRedisStore({ url: env.PAYLIT_REDIS_URL }).catch((error: Error) =>
      fail(error.message),
    );
  } else if (env.PAYLIT_DATABASE_URL) {
    const { createPostgresStore } = await import('./store/postgres.js');
    store = await createPostgresStore({ url: env.PAYLIT_DATABASE_URL }).catch((error: Error) =>
      fail(error.message),
    );
  } else {
    fail(
      "charge-due needs the server's store, PAYLIT_REDIS_URL or PAYLIT_DATABASE_URL: the subscriptions live there (a store in memory would hold none)",
    );
  }
  const errors: string[] = [];
  const subscriptions = createSubscriptions({
    client,
    store,
    onError: (error) =>
      errors.push(
        escapeLog(error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
      ),
  });
  try {
    const result = await subscriptions.chargeDue(asOf);
    console.log(
      JSON.stringify({
        asOf: asOf.toISOString(),
        charged: result.charged.length,
        declined: result.declined.length,
        pastDue: result.pastDue.length,
        busy: result.busy,
        unknown: result.unknown,
      }),
    );
    for (const line of errors) console.error(`paylit-server: charge-due: ${line}`);
    process.exitCode = result.unknown > 0 ? 1 : 0;
  } finally {
    await store.close();
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === 'charge-due') return chargeDue(process.argv.slice(3));
  // attest drives Chromium: loaded for that command only, never by the server.
  if (process.argv[2] === 'attest')
    return (await import('./attest/cli.js')).attestCommand(process.argv.slice(3));
  const env = process.env;
  checkSettings(env);
  const port = Number(env.PORT ?? 4000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail('PORT must be a port number from 0 to 65535');

  let client: PaymentsClient;
  let key: JsonWebKey | string;
  let sandboxUrl: string | undefined;
  let closeSandbox = async () => {};
  let apiToken = env.PAYLIT_API_TOKEN;
  const sandboxPort = env.PAYLIT_SANDBOX_PORT?.trim();
  if (sandboxPort !== undefined && sandboxPort !== '') {
    if (env.PAYLIT_BASE_URL)
      fail(
        "PAYLIT_SANDBOX_PORT is the embedded sandbox's port, and with PAYLIT_BASE_URL set there is no embedded sandbox: unset one of them",
      );
    if (!/^\d{1,5}$/.test(sandboxPort) || Number(sandboxPort) > 65535)
      fail(
        `PAYLIT_SANDBOX_PORT must be a port number from 0 to 65535, not ${JSON.stringify(escapeLog(sandboxPort))}`,
      );
  }
  if (env.PAYLIT_BASE_URL) {
    try {
      client = PaymentsClient.fromEnv(env, { transport: nodeTransport(), hmac: nodeHmac });
    } catch (error) {
      fail((error as Error).message);
    }
    if (!env.PAYLIT_PUBLIC_KEY)
      fail(
        "PAYLIT_PUBLIC_KEY is required with PAYLIT_BASE_URL: the API's public key for card encryption",
      );
    key = await publicKey(env.PAYLIT_PUBLIC_KEY);
  } else {
    const { createSandbox } = await loadSandbox();
    // The storefronts the server takes requests from are the merchant's sites: each may show
    // the sandbox's 3-D Secure page in a dialog (a storefront on another origin than this server).
    const sites = env.PAYLIT_ALLOWED_ORIGINS?.split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    let sandbox;
    try {
      sandbox = await createSandbox(sites?.length ? { frameOrigins: sites } : {});
    } catch (error) {
      if (!(error instanceof TypeError && error.message.startsWith('frameOrigins:'))) throw error;
      fail(`PAYLIT_ALLOWED_ORIGINS${error.message.slice(12)}`);
    }
    const running = await sandbox
      .listen({ port: Number(sandboxPort || 0) })
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE')
          fail(
            `PAYLIT_SANDBOX_PORT ${sandboxPort} is taken: another process listens there. Stop it, choose another port, or leave PAYLIT_SANDBOX_PORT unset for a free one`,
          );
        if (error.code === 'EACCES')
          fail(
            `PAYLIT_SANDBOX_PORT ${sandboxPort} needs privileges this process does not have: choose a port above 1023`,
          );
        throw error;
      });
    sandboxUrl = running.url;
    closeSandbox = () => sandbox.close();
    client = new PaymentsClient({
      baseUrl: running.url,
      ...sandbox.credentials,
      transport: nodeTransport(),
      hmac: nodeHmac,
    });
    key = sandbox.publicJwk;
    apiToken ??= Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');
  }

  const trust = trustProxy(env.PAYLIT_TRUST_PROXY);
  let store: CheckoutStore = new MemoryStore();
  let storeLine = 'in memory (development only: forgotten on restart, not shared by instances)';
  if (env.PAYLIT_REDIS_URL && env.PAYLIT_DATABASE_URL)
    fail('set PAYLIT_REDIS_URL or PAYLIT_DATABASE_URL, not both: the state lives in one store');
  if (env.PAYLIT_REDIS_URL) {
    if (!/^rediss?:\/\//.test(env.PAYLIT_REDIS_URL))
      fail('PAYLIT_REDIS_URL must be a redis:// or rediss:// URL');
    const { createRedisStore } = await import('./store/redis.js');
    store = await createRedisStore({ url: env.PAYLIT_REDIS_URL }).catch((error: Error) =>
      fail(error.message),
    );
    storeLine = `Redis at ${maskUrl(env.PAYLIT_REDIS_URL)}`;
  } else if (env.PAYLIT_DATABASE_URL) {
    if (!/^postgres(ql)?:\/\//.test(env.PAYLIT_DATABASE_URL))
      fail('PAYLIT_DATABASE_URL must be a postgres:// or postgresql:// URL');
    const { createPostgresStore } = await import('./store/postgres.js');
    store = await createPostgresStore({ url: env.PAYLIT_DATABASE_URL }).catch((error: Error) =>
      fail(error.message),
    );
    storeLine = `PostgreSQL at ${maskUrl(env.PAYLIT_DATABASE_URL)}`;
  }

  const app = new Hono();
  const served = await serveNode(app, { port, hostname: env.HOST ?? '127.0.0.1' });
  const publicUrl = env.PAYLIT_PUBLIC_URL ?? `${served.url}${MOUNT}`;
  const returnUrl = env.PAYLIT_RETURN_URL ?? `${served.url}/return`;
  const allowedOrigins = env.PAYLIT_ALLOWED_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean) ?? [
    new URL(served.url).origin,
    'http://localhost:5173',
    'http://127.0.0.1:5173',
  ];
  let handler;
  try {
    handler = createCheckoutHandler({
      client,
      publicKey: key,
      publicUrl,
      returnUrl,
      allowedOrigins,
      trustProxy: trust,
      store,
      // With the embedded sandbox: the checkout view says why a method is not offered.
      development: sandboxUrl !== undefined,
      ...(apiToken ? { apiToken } : {}),
      // One line per request, its fields apart: what the client sent is escaped, spaces too.
      logger: (e) =>
        console.log(
          `${escapeLog(e.method)} ${escapeLog(e.path).replaceAll(' ', '%20')} ${e.status} ${e.ms}ms ${escapeLog(e.requestId)}${e.cause ? ` ${escapeLog(e.cause)}` : ''}`,
        ),
      // The message can hold what a client sent: one escaped line, then the stack's frames (none for a set-up warning).
      onError: (error) => {
        if (error instanceof SetupWarning)
          return void console.error(
            `paylit-server: warning: ${escapeLog(error.message.replace(/^paylit: /, ''))}`,
          );
        const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        const frames =
          error instanceof Error
            ? (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))
            : [];
        console.error(
          [
            `paylit-server: unexpected error: ${escapeLog(message)}`,
            ...frames.map((line) => `  ${escapeLog(line.trim())}`),
          ].join('\n'),
        );
      },
    });
  } catch (error) {
    fail((error as Error).message);
  }
  app.route(MOUNT, handler);
  // POST /paylit/payments straight from the Node request, as serveNode(handler) answers it.
  mountDirectRoutes(app, MOUNT, handler);
  // Its address carries the order's client secret: no Referer takes it to another site.
  app.get('/return', (c) => {
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(returnPage());
  });

  console.log(
    [
      `paylit server: ${publicUrl}`,
      sandboxUrl
        ? `  API           ${sandboxUrl} (embedded sandbox: no PAYLIT_BASE_URL)`
        : `  API           ${client.baseUrl}`,
      `  origins       ${allowedOrigins.join(', ')}`,
      `  return page   ${returnUrl}`,
      apiToken
        ? `  order API     POST ${publicUrl}/orders with Authorization: Bearer ${env.PAYLIT_API_TOKEN ? '(PAYLIT_API_TOKEN)' : apiToken}`
        : '  order API     off (set PAYLIT_API_TOKEN)',
      `  trust proxy   ${trust === false ? 'none: X-Forwarded-For ignored, each client counted by its socket (set PAYLIT_TRUST_PROXY behind a reverse proxy)' : typeof trust === 'number' ? `${trust} hop${trust === 1 ? '' : 's'}: the client is X-Forwarded-For's entry ${trust} from the right` : `${trust.join(', ')}: the client is the rightmost X-Forwarded-For entry not among them`}`,
      `  store         ${storeLine}`,
    ].join('\n'),
  );
  if (store instanceof MemoryStore && !sandboxUrl) {
    console.error(
      [
        'paylit-server: WARNING: the state is kept IN MEMORY, which is for development only.',
        '  A restart forgets which orders were paid: the server then asks the API before charging an order again, but declines,',
        '  rate-limit counts, claims and payments in flight are lost. Two instances do not share it.',
        '  Set PAYLIT_DATABASE_URL (postgres://…) or PAYLIT_REDIS_URL (redis://…, with appendonly yes).',
      ].join('\n'),
    );
  }
  // The periodic path (charges.ts `sweep`): orders whose state still waits on the API catch up
  // with it every minute, even if no one opens them again.
  let sweeping = false;
  const sweeper = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    void handler
      .sweep()
      .catch(() => {})
      .finally(() => (sweeping = false));
  }, 60_000);
  sweeper.unref();
  let draining = false;
  const stop = (signal: 'SIGINT' | 'SIGTERM') => {
    if (draining) {
      // An operator's second Ctrl-C or kill means now, as for most servers: said, and ended with
      // the code of a death by that signal (130, 143), which a supervisor reads as not clean.
      console.error(
        `paylit-server: ${signal} during the drain: stopping now, without the answers still in flight`,
      );
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }
    draining = true;
    clearInterval(sweeper);
    console.error(
      `paylit-server: ${signal}: draining (the answers in flight, at most 10 s; a second signal stops at once)`,
    );
    // A drain: no new connections; payments and notifications in flight are answered (at most
    // 10 s, under the 30 s a platform usually waits after SIGTERM), then the store is closed.
    void served
      .close(10_000)
      .then(() => Promise.all([closeSandbox(), store.close()]))
      .then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`paylit-server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
