/**
 * `createCheckoutHandler(options)`: the routes `<paylit-checkout>` talks to, as one Hono
 * app. Mount it anywhere a `fetch` handler runs: `serveNode(handler)`,
 * `app.route('/paylit', handler)`, a Next.js route handler, a Worker.
 *
 * @example
 * const handler = createCheckoutHandler({
 *   client: new PaymentsClient({ baseUrl, login, transKey, secretKey }),
 *   publicKey: process.env.PAYLIT_PUBLIC_KEY,
 *   publicUrl: 'https://shop.example/paylit',
 *   returnUrl: 'https://shop.example/checkout/return',
 *   allowedOrigins: ['https://shop.example'],
 *   resolveOrder: async (id) => toPaylitOrder(await db.orders.find(id)),
 *   onNotification: async ({ kind, record, orderId }) => { … },
 * });
 */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { matchedRoutes } from 'hono/route';
import { z } from 'zod';
import { PaymentsClient } from './client/payments-client.js';
import { sweep } from './charges.js';
import { orderOfClientSecret, rememberedOrderOf } from './client-secret.js';
import type { HandlerContext, NotificationEvent } from './context.js';
import type { HandlerEnv } from './env.js';
import { bodyLimit } from './middleware/body-limit.js';
import {
  addressBucket,
  ClientAddressUnknownError,
  clientAddressResolver,
  isIpAddress,
  trustProxyProblem,
  type ClientAddressRecipe,
  type TrustProxy,
} from './middleware/client-address.js';
import { CheckoutError } from './middleware/errors.js';
import { escapeLog, SetupWarning } from './middleware/log.js';
import { declineLimit } from './middleware/decline-limit.js';
import { rateLimit } from './middleware/rate-limit.js';
import { requestId } from './middleware/request-id.js';
import type { MerchantOrder, MerchantOrderInput } from './order.js';
import { mountBackOffice } from './routes/back-office.js';
import { mountCallback } from './routes/callback.js';
import { mountCheckout } from './routes/checkout.js';
import { mountNotifications } from './routes/notifications.js';
import { mountPayments } from './routes/payments.js';
import { mountPayer, type PayersOptions } from './routes/payer.js';
import { mountLive } from './routes/live.js';
import { mountSubscribe, subscriptionChangeKey } from './routes/subscribe.js';
import { Changes } from './live.js';
import { DIRECT_ROUTES, directRoute, layersOf, type DirectRoutes } from './direct.js';
import { MemoryStore, StoreUnavailableError, type CheckoutStore } from './store/store.js';
import {
  createSubscriptions,
  type Subscriptions,
  type SubscriptionsOptions,
} from './subscriptions/subscriptions.js';
import type { SubscriptionEvent } from './subscriptions/types.js';
import { subscriptionOfPayment } from './subscriptions/of-payment.js';

/**
 * One request, for the log. `requestId`, `method` and `path` hold no control byte: a client's
 * CR, LF or other control byte is written percent-encoded (`%0D%0A`), so an entry written as
 * one line stays one line.
 */
export interface LogEntry {
  requestId: string;
  method: string;
  /** The path, decoded, with control bytes escaped. */
  path: string;
  status: number;
  ms: number;
  /** Why an answer of 500 or more failed: the error's type and code, e.g. `upstream_unavailable 3001`. */
  cause?: string;
}

/** A limit per client address: at most `max` requests in each window of `windowMs`. */
export interface RateLimit {
  windowMs: number;
  max: number;
}

export interface CheckoutHandlerOptions {
  /** The client that signs and forwards, with the merchant's credentials. */
  client: PaymentsClient;
  /** The API's public key for card encryption, handed to the browser: a JWK or an SPKI PEM. */
  publicKey: JsonWebKey | string;
  /** Where this handler is reachable from the API and browsers, e.g. `https://shop.example/paylit`. */
  publicUrl: string;
  /** The merchant's return page; the payer lands there after a redirect with `?payment_id=…&order=<the order's client secret>`. */
  returnUrl: string;
  /** Origins whose pages may call the browser routes (CORS). Never `*`. */
  allowedOrigins: readonly string[];
  /** The merchant's order lookup: the trusted amount, currency, country, payer and intent; `undefined` or `null` for no such order (404). Default: the standalone order store. */
  resolveOrder?: (
    orderId: string,
  ) => Promise<MerchantOrderInput | MerchantOrder | undefined | null>;
  /** Called once per status of each payment, refund and enrollment notified by the API. */
  onNotification?: (event: NotificationEvent) => void | Promise<void>;
  /** The shop's name as the payer knows it: the payee the checkout shows in a subscription's terms. */
  merchantName?: string;
  /** Hears every change of every subscription (`handler.subscriptions`): created, activated, charged, declined, past due, cancelled… */
  onSubscription?: (event: SubscriptionEvent) => void | Promise<void>;
  /**
   * A returning payer's saved methods (`routes/payer.ts`): `resolve(customerId)` answers the
   * customer's saved card ids and subscription ids, `payee` is the shop's name their
   * subscriptions show, `onChange` hears what a payer removed. The page gives the checkout a
   * payer session (`payerSessionFor`) for the signed-in customer. Without it the payer routes
   * answer 404.
   */
  payers?: PayersOptions;
  /** Subscriptions' retry schedule, lease, variable amounts and wait for `onSubscription` (`SubscriptionsOptions` of subscriptions/). */
  subscriptions?: Pick<
    SubscriptionsOptions,
    'retryScheduleMs' | 'leaseMs' | 'amountFor' | 'hookWaitMs'
  >;
  /**
   * Where orders, payment links, charge states, claims and counters live: `RedisStore`
   * (`@paylit/server/redis`) or `PostgresStore` (`@paylit/server/postgres`) in production.
   * Default: in memory, for development only (one instance, forgotten on restart); without
   * `development: true` the handler warns once.
   */
  store?: CheckoutStore;
  /**
   * This handler runs against a sandbox or on a developer's machine: the in-memory store is
   * fine, no warning; and the checkout view lists the methods it does not offer the order,
   * with why (`hiddenMethods`), which the elements log once in their development build.
   */
  development?: boolean;
  /** Turns on the standalone order API and back-office routes, behind `Authorization: Bearer <apiToken>`. */
  apiToken?: string;
  /**
   * Per client address (an IPv6 one by its prefix, `declineLimit.ipv6Prefix`, default /64, as
   * the decline limit counts it), counted in the store: `windowMs` and `max` for the browser routes
   * (default 120 requests a minute); `callback` for `POST /callback` (default 120 a minute);
   * `notifications` for `POST /notifications` that fail verification (default 600 a minute):
   * a notification is verified before it is counted, and one correctly signed with a fresh
   * `X-Date` is never limited, so junk sent from the API's address, or at the API's scale,
   * never gets a genuine one refused. `false` turns these off (not `declineLimit`).
   */
  rateLimit?: (RateLimit & { callback?: RateLimit; notifications?: RateLimit }) | false;
  /**
   * Declined payments per client address, across orders, counted in the store: once an address
   * has had `max` payments declined within `windowMs` (default 10 an hour), its `POST /payments`
   * is refused 429 `rate_limited` before anything reaches the API (someone testing stolen cards
   * on order after order). Separate from `rateLimit` (whose `false` leaves this on); `false`
   * turns it off. Where the handler sees no client address (in development only: called in
   * process, with no socket and no `clientAddress`), it does not apply. See `middleware/decline-limit.ts`.
   *
   * - A submission reserves its place before the API is called, so submissions sent at once
   *   from one address reach the API at most `max` times; the place is given back when the
   *   attempt is not a decline (approved, refused before the API, a replay).
   * - A decline counts whichever way it comes: REJECTED at once, or a card or wallet payment
   *   left PENDING with the payer (3-D Secure, the wallet's page) and rejected there; such a
   *   payment holds its place until the callback, a notification or a status lookup says it
   *   was made.
   * - `ipv6Prefix` (48 to 128, default 64): IPv6 addresses are counted by this prefix (one
   *   subscriber usually has a whole /64); IPv4 by the address, `::ffff:1.2.3.4` as `1.2.3.4`.
   * - `scope`: what an address over its limit is refused. `'order'` (default): every
   *   submission for an order that already had a decline (the card tester's own orders), and
   *   bursts; an order with no decline yet keeps its own allowance (each order locks at its 5th
   *   decline), one submission at a time, so that a shopper behind the same carrier NAT as a card
   *   tester can still pay: the address's block never locks out an order whose own declines are
   *   under its limit. The price: a tester who makes orders at will gets five declines per new
   *   order, one at a time. `'address'`:
   *   every submission from the address, whatever the order, until the window ends: at most
   *   `max`, for shops where an attacker makes orders cheaply (no sign-in, no basket, a
   *   donation form), at the price of a shopper sharing the address waiting out the window.
   * - Submissions from one address for one order take their turn (the order takes one attempt
   *   to the API at a time anyway): twenty clicks on Pay hold one place, not twenty.
   */
  declineLimit?: (RateLimit & { ipv6Prefix?: number; scope?: 'order' | 'address' }) | false;
  /** The largest body read, counted as it streams (with or without `Content-Length`); more is 413. Default 64 KiB. */
  maxBodyBytes?: number;
  /**
   * The reverse proxies in front of this handler, whose `X-Forwarded-For` entries are believed
   * (the rate limits count per client address). A proxy appends the address it was reached
   * from, so the client is the rightmost entry no proxy of yours wrote; the entries on its
   * left are the client's own words. Either the proxies' addresses and CIDR ranges
   * (`['10.0.0.1', '10.0.0.0/8']`: a request whose socket is not one of them is counted by its
   * socket, whatever it claims), or the number of proxies every request passes (`1`: the
   * rightmost entry; only if no one can reach this server around them). `true` is refused: it
   * does not say which entry to believe. Default `false`: `X-Forwarded-For` is ignored.
   */
  trustProxy?: TrustProxy;
  /**
   * The client's address where there is no socket to read it from: Next.js, SvelteKit,
   * Workers, Deno, Bun (`toFetchHandler` takes the same option). `(request, platform) =>
   * address`, from what the platform itself writes (its own header, its connection info), never
   * from a header a client can send: the rate limits, the decline limit, the live connections'
   * bound and the payment's `payer.ip` all read it. `request` is the web request,
   * `platform` the Hono environment (a Worker's `env`, Node's bindings). Its answer is the
   * client as it is (`trustProxy` applies to a socket only); `undefined` falls back to the
   * socket. Recipes are in the README ("The client's address").
   *
   * With neither a recipe's answer nor a socket, a request that needs the address is refused
   * 500 and `onError` hears a `ClientAddressUnknownError` (once), unless `development` is true,
   * where such requests are counted together as one client, `'unknown'` (a local `next dev`),
   * and carry no `payer.ip`.
   */
  clientAddress?: ClientAddressRecipe;
  /**
   * How long a notification is held by the request handing it to `onNotification`; another
   * delivery of it meanwhile is answered 409 and the API tries again later. A hook slower than
   * this, or a process that dies during it, leaves the notification to the API's next try.
   * Default 60 s: keep it above your hook's slowest run.
   */
  notificationLeaseMs?: number;
  /** One line per request (never bodies or secrets). Default: none. */
  logger?: (entry: LogEntry) => void;
  /**
   * Errors the handler did not expect, and set-up warnings (`SetupWarning`: a page on an origin
   * not in `allowedOrigins`, once per origin), which are not failures and carry no useful stack.
   * Default: `console.error`, and `console.warn` for a warning.
   */
  onError?: (error: unknown) => void;
  /**
   * How long an order stays closed after an attempt whose outcome is unknown (the API
   * timed out or the connection dropped) while the API shows no payment for it. Default 2 minutes.
   */
  outcomeWindowMs?: number;
  /**
   * The live connection a checkout keeps while a payment waits for the shopper (a Pix, a
   * voucher, a transfer, 3-D Secure in a dialog), `GET /payments/:id/events`: how often it asks
   * the API for the status in case a notification never comes (`statusEveryMs`, default 30 s),
   * and how long one connection lasts before the checkout opens the next (`streamMs`, default
   * 5 minutes). A change a notification brings is heard at once, on every instance sharing the
   * store. However many connections wait on a payment, this instance asks the API once per
   * `statusEveryMs` (one watch per payment, whose answer they all hear).
   *
   * Connections are bounded on each instance: `maxPerOrder` waiting on one order (default 10: a
   * shopper's page keeps one, a few tabs or a reload while the last one closes need a few more)
   * and `maxPerAddress` from one client address (default 50: one shopper needs one or two, and
   * a shop's busiest office or mobile carrier behind one address, several dozen; raise it when
   * many of your shoppers share an address). One more is 429 `rate_limited` with
   * `Retry-After`, and the checkout tries again later; a connection that ends gives its place
   * back. The client address is the handler's (`trustProxy`).
   */
  live?: {
    statusEveryMs?: number;
    streamMs?: number;
    maxPerOrder?: number;
    maxPerAddress?: number;
  };
}

const rateLimitSchema = z.object({
  windowMs: z.number().int().positive(),
  max: z.number().int().positive(),
});

const optionsSchema = z
  .object({
    client: z.instanceof(PaymentsClient, { error: 'must be a PaymentsClient' }),
    publicKey: z.union([z.string().min(1), z.object({ kty: z.literal('RSA') }).loose()], {
      error: "must be the API's RSA public key, as a JWK or an SPKI PEM (PAYLIT_PUBLIC_KEY)",
    }),
    publicUrl: z.url({
      protocol: /^https?$/,
      error:
        'must be the absolute URL this handler is reachable at, e.g. https://shop.example/paylit',
    }),
    returnUrl: z.url({
      protocol: /^https?$/,
      error: "must be the absolute URL of the merchant's return page",
    }),
    allowedOrigins: z.array(
      z
        .string()
        .refine(
          (o) => o !== '*' && /^https?:\/\/[^/]+$/.test(o),
          'must be an origin such as https://shop.example (never *)',
        ),
    ),
    apiToken: z.string().min(16, 'must be at least 16 characters').optional(),
    rateLimit: z
      .union([
        z.literal(false),
        rateLimitSchema.extend({
          callback: rateLimitSchema.optional(),
          notifications: rateLimitSchema.optional(),
        }),
      ])
      .optional(),
    declineLimit: z
      .union([
        z.literal(false),
        rateLimitSchema.extend({
          ipv6Prefix: z.number().int().min(48).max(128).optional(),
          // A string refined, not an enum: an enum's refusal reads as the whole union's "Invalid input".
          scope: z
            .string()
            .refine((v) => v === 'order' || v === 'address', 'must be "order" or "address"')
            .optional(),
        }),
      ])
      .optional(),
    maxBodyBytes: z.number().int().positive().optional(),
    merchantName: z.string().trim().min(1).max(200).optional(),
    outcomeWindowMs: z.number().int().positive().optional(),
    notificationLeaseMs: z.number().int().positive().optional(),
    live: z
      .object({
        statusEveryMs: z.number().int().min(100).optional(),
        streamMs: z.number().int().min(1000).optional(),
        maxPerOrder: z.number().int().positive().optional(),
        maxPerAddress: z.number().int().positive().optional(),
      })
      .optional(),
    payers: z
      .object({
        resolve: z.custom<PayersOptions['resolve']>((v) => typeof v === 'function', {
          error:
            "must be a function (customerId) => the customer's savedCardIds and subscriptionIds",
        }),
        payee: z.string().min(1, "must be the shop's name, as the payer knows it"),
        hookWaitMs: z.number().int().positive().optional(),
      })
      .loose()
      .optional(),
    clientAddress: z
      .custom<ClientAddressRecipe>((v) => typeof v === 'function', {
        error: "must be a function (request, platform) => the client's address",
      })
      .optional(),
    trustProxy: z
      .unknown()
      .superRefine((value, check) => {
        const problem = trustProxyProblem(value);
        if (problem) check.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  })
  .loose();

let warnedMemoryStore = false;

/** Once per process: a handler on the default in-memory store, outside development. */
function warnMemoryStore(): void {
  if (warnedMemoryStore) return;
  warnedMemoryStore = true;
  console.warn(
    'paylit: WARNING: no store given, so the checkout state is kept in memory, which is for development only. ' +
      'A restart forgets which orders were paid (the server then asks the API before charging again, but declines, rate-limit counts and claims are lost), ' +
      'and two instances do not share it. Pass a store (createRedisStore from @paylit/server/redis, createPostgresStore from @paylit/server/postgres), ' +
      'or development: true against a sandbox.',
  );
}

/**
 * Whether the browser sent the request to its page's own origin: it says so in
 * `Sec-Fetch-Site` (which a page cannot set), or the page's host is the one asked.
 */
function sameOrigin(
  origin: string,
  host: string | undefined,
  fetchSite: string | undefined,
): boolean {
  if (fetchSite === 'same-origin') return true;
  try {
    return host !== undefined && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * The checkout handler: a Hono app to mount, with `sweep()`, the periodic path by which orders
 * whose state still waits on the API catch up with it (an attempt whose owner died or could not
 * write, a late payment to refund, a replaced code to cancel) even if no one opens them again.
 * Call it every minute or so (`paylit-server` does; on a serverless platform, from a scheduled
 * job); it reads at most `limit` orders (default 100) and answers how many it read.
 */
export type CheckoutHandler = Hono<HandlerEnv> & {
  sweep(limit?: number): Promise<number>;
  /** Subscriptions on the handler's client and store (`chargeDue`, `create`, `cancel`, `get`); the payer's bank reaches them through `/notifications`. */
  subscriptions: Subscriptions;
  /** `POST /payments` and `GET /payments/:id/events` answered from Node's request without Hono's machinery (direct.ts), for the Node adapters. */
  [DIRECT_ROUTES]: DirectRoutes;
};

/**
 * The handler. Given a function of no argument instead of the options, it reads nothing until
 * the first request (or `sweep()`), when it calls the function once and makes the handler:
 * made at a module's top level, it leaves a build (`next build`, `vite build`) that loads the
 * module without the environment alone. Until the options can be made, each request answers
 * 500 and the console says why, once per reason (`PAYLIT_SECRET_KEY is not set`).
 */
export function createCheckoutHandler(
  options: CheckoutHandlerOptions | (() => CheckoutHandlerOptions),
): CheckoutHandler {
  return typeof options === 'function' ? lazyHandler(options) : makeHandler(options);
}

function lazyHandler(make: () => CheckoutHandlerOptions): CheckoutHandler {
  let handler: CheckoutHandler | undefined;
  let reported: string | undefined;
  const made = () => (handler ??= makeHandler(make()));
  const app = new Hono<HandlerEnv>();
  app.all('*', async (c) => {
    let inner: CheckoutHandler;
    try {
      inner = made();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (reason !== reported) {
        reported = reason;
        console.error(`paylit: the checkout handler's options could not be made: ${reason}`);
      }
      return c.json(
        {
          error: {
            type: 'internal_error',
            message: "the merchant's server is not configured yet: its log says what is missing",
          },
        },
        500,
      );
    }
    // Mounted with app.route('/paylit', handler), the route is '/paylit/*': the handler's own
    // routes start at '/' below that. The route is a pattern, not the path it matched: a
    // parameter (`/:lang/paylit`) or a segment the request sends percent-encoded (`/cobrança`)
    // is not as long as the path's own, so the path loses as many segments as the mount has.
    const base = c.req.routePath.replace(/\/?\*$/, '');
    if (base === '') return inner.fetch(c.req.raw, c.env);
    const url = new URL(c.req.url);
    url.pathname = belowMount(url.pathname, base.split('/').length - 1);
    const request = c.req.raw;
    const init: RequestInit & { duplex?: 'half' } = {
      method: request.method,
      headers: request.headers,
      signal: request.signal,
    };
    if (request.body !== null) {
      init.body = request.body;
      init.duplex = 'half';
    }
    return inner.fetch(new Request(url, init), c.env);
  });
  const subscriptions: Subscriptions = {
    create: (input) => made().subscriptions.create(input),
    get: (id) => made().subscriptions.get(id),
    cancel: (id) => made().subscriptions.cancel(id),
    chargeDue: (asOf) => made().subscriptions.chargeDue(asOf),
    enrollmentHeard: (record) => made().subscriptions.enrollmentHeard(record),
  };
  // The made handler's direct routes; none until it can be made (Hono then answers the 500).
  const direct: DirectRoutes = (method, path) => {
    try {
      return made()[DIRECT_ROUTES](method, path);
    } catch {
      return undefined;
    }
  };
  return Object.assign(app, {
    sweep: (limit?: number) => made().sweep(limit),
    subscriptions,
    [DIRECT_ROUTES]: direct,
  });
}

/** `path` without its first `segments` segments (`'/pt/paylit/checkout'`, 2: `'/checkout'`); `'/'` when nothing is left. */
function belowMount(path: string, segments: number): string {
  let at = 0;
  for (let i = 0; i < segments && at !== -1; i++) at = path.indexOf('/', at + 1);
  return at === -1 ? '/' : path.slice(at) || '/';
}

function makeHandler(options: CheckoutHandlerOptions): CheckoutHandler {
  const parsed = optionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new TypeError(
      `createCheckoutHandler: ${issue.path.join('.') || 'options'} ${issue.message}`,
    );
  }
  const store = options.store ?? new MemoryStore();
  const onError =
    options.onError ??
    ((error: unknown) =>
      error instanceof SetupWarning
        ? console.warn(error.message)
        : console.error('paylit: unexpected error', error));
  if (!options.store && !options.development) warnMemoryStore();
  const resolve = clientAddressResolver(options.trustProxy);
  const asGiven = clientAddressResolver(false);
  const recipe = options.clientAddress;
  // In order: the handler's own recipe, toFetchHandler's (handed in the environment), the socket.
  // Asked several times a request (the limits, the payment's payer.ip): worked out once.
  const address = (c: Context<HandlerEnv>): string => {
    const known = c.get('paylitAddress');
    if (known !== undefined) return known;
    const answered = addressOf(c);
    c.set('paylitAddress', answered);
    return answered;
  };
  const addressOf = (c: Context<HandlerEnv>): string => {
    const given = recipe?.(c.req.raw, c.env) ?? c.env?.paylitClientAddress;
    if (typeof given === 'string' && given.trim() !== '') {
      const named = asGiven(given, undefined);
      if (!isIpAddress(named))
        throw new ClientAddressUnknownError(
          `clientAddress answered ${JSON.stringify(given.slice(0, 60))}, which is not one IP address`,
        );
      return named;
    }
    const socket = c.env?.incoming?.socket?.remoteAddress;
    const client = resolve(socket || 'unknown', c.req.header('X-Forwarded-For'));
    // No socket: a hop count of trustProxy still names an X-Forwarded-For entry.
    if (socket || client !== 'unknown') return client;
    if (options.development) return 'unknown';
    throw new ClientAddressUnknownError(
      'this handler has no socket to read the client address from (a fetch runtime) and no clientAddress recipe answered one, so it cannot tell shoppers apart',
    );
  };
  // The limits count a client as the decline limit does (addressBucket): an IPv6 client by its
  // prefix (declineLimit.ipv6Prefix, default /64), else a new address of its own /64 on each
  // request would escape them. payer.ip stays the address itself.
  const ipv6Prefix = (options.declineLimit || undefined)?.ipv6Prefix ?? 64;
  const counted = (c: Context<HandlerEnv>): string => addressBucket(address(c), ipv6Prefix);
  const ctx: HandlerContext = {
    clientAddress: address,
    client: options.client,
    store,
    publicKey: options.publicKey,
    publicUrl: options.publicUrl.replace(/\/+$/, ''),
    returnUrl: options.returnUrl,
    resolveOrder: options.resolveOrder ?? ((id) => store.getOrder(id)),
    ordersInStore: options.resolveOrder === undefined,
    onNotification: options.onNotification,
    merchantName: options.merchantName,
    logError: onError,
    charge: {
      inFlightMs: options.client.deadlineMs + 10_000,
      outcomeWindowMs: options.outcomeWindowMs ?? 120_000,
      pollMs: 50,
    },
    changes: new Changes(store, onError),
  };
  const maxBody = options.maxBodyBytes ?? 64 * 1024;
  const limits =
    options.rateLimit === false ? undefined : (options.rateLimit ?? { windowMs: 60_000, max: 120 });
  const allowed = new Set(options.allowedOrigins);

  const app = new Hono<HandlerEnv>();
  let storeFailureLogged = -Infinity;
  let addressFailureLogged = false;
  // Every route's errors are answered by this one function, attached to each route as it is
  // registered (see `answeringErrors` below) rather than as Hono's `onError`: mounted with
  // `app.route('/paylit', handler)`, a handler with an `onError` of its own has each of its
  // middlewares and routes wrapped by Hono in an error-catching composition, several promises
  // per layer on every request.
  const answerError = (error: Error, c: Context<HandlerEnv>): Response => {
    if (error instanceof ClientAddressUnknownError) {
      if (!addressFailureLogged) {
        addressFailureLogged = true;
        onError(error);
      }
      return c.json(
        {
          error: {
            type: 'internal_error',
            message:
              "the merchant's server cannot tell its clients apart: it needs the clientAddress option (see its log)",
          },
          requestId: c.get('requestId'),
        },
        500,
      );
    }
    if (error instanceof CheckoutError) {
      // The log line says why a request failed on this side or the API's (3001: credentials refused).
      if (error.status >= 500)
        c.set(
          'paylitCause',
          `${error.body.type}${error.body.code === undefined ? '' : ` ${error.body.code}`}`,
        );
      return c.json({ error: error.body, requestId: c.get('requestId') }, error.status);
    }
    if (error instanceof StoreUnavailableError) {
      // Every request fails while the store is away: the merchant hears of it every 10 s, not each time.
      if (performance.now() - storeFailureLogged > 10_000) {
        storeFailureLogged = performance.now();
        onError(error);
      }
      return c.json(
        {
          error: {
            type: 'store_unavailable',
            message: "the merchant's server cannot reach its store; try again shortly",
            retryable: true,
          },
          requestId: c.get('requestId'),
        },
        503,
      );
    }
    onError(error);
    return c.json(
      {
        error: { type: 'internal_error', message: "something went wrong on the merchant's server" },
        requestId: c.get('requestId'),
      },
      500,
    );
  };
  const notFound = (c: Context<HandlerEnv>) =>
    c.json(
      {
        error: { type: 'not_found', message: `no route ${c.req.method} ${c.req.path}` },
        requestId: c.get('requestId'),
      },
      404,
    );

  // A client's X-Request-Id only if it is short and safe, else a fresh UUID.
  app.use('*', requestId({ headerName: 'X-Request-Id' }));
  if (options.logger) {
    const log = options.logger;
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      // c.req.path is decoded: a path sent with %0D%0A holds CR LF here, written back escaped.
      log({
        requestId: escapeLog(c.get('requestId')),
        method: escapeLog(c.req.method),
        path: escapeLog(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
        ...(c.get('paylitCause') ? { cause: c.get('paylitCause') } : {}),
      });
    });
  }
  // Before any other work (CORS, rate limits, the order API's token, the notification's
  // signature): a body is counted as it streams, and reading stops at the limit.
  app.use(
    '*',
    bodyLimit({
      maxBytes: maxBody,
      onTooLarge: (c) => {
        // No `Connection: close`: Node would then reset the socket as soon as the answer is
        // written, while the client is still sending, and a busy client loses the 413 to the
        // reset. Left open, the Node adapter reads and drops what still comes for 500 ms (at
        // most 64 MB) and then closes: the client has time to read why it was refused.
        throw new CheckoutError(413, {
          type: 'payload_too_large',
          message: `the body must be at most ${maxBody} bytes`,
        });
      },
      // Not the merchant's error to hear about: the client went away or was cut off as too slow.
      onIncomplete: () => {
        throw new CheckoutError(400, {
          type: 'invalid_request',
          message: 'the body was not received in full',
        });
      },
    }),
  );

  // A page on an origin not allowed gets no CORS headers, and its browser says only that the
  // request failed: the merchant reads why here, once per origin (a bounded set, as anyone can send any Origin).
  const refusedOrigins = new Set<string>();
  const refused = (origin: string) => {
    if (refusedOrigins.has(origin) || refusedOrigins.size >= 100) return;
    refusedOrigins.add(origin);
    onError(
      new SetupWarning(
        `paylit: origin ${escapeLog(origin)} is not in allowedOrigins (PAYLIT_ALLOWED_ORIGINS): its pages cannot call this server; add it if it is yours`,
      ),
    );
  };

  // The browser's routes: CORS from the allowlist, and a rate limit per client address.
  // '/payments/*' matches '/payments' too: each middleware below runs once per request (twice,
  // it answered `Vary: Origin, Origin` and counted each Pay twice against the rate limit).
  const browser = ['/checkout', '/installments', '/payments/*', '/subscriptions/*', '/payer/*'];
  const corsFor = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'POST'],
    allowHeaders: ['Content-Type'],
    // Retry-After: the checkout says when a 429's shopper may try again.
    exposeHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
  // CORS first, so that a refusal (a 429 too) carries its headers.
  for (const path of browser) {
    // Same-origin and server-side callers send no Origin: nothing for CORS to do.
    app.use(path, (c, next) => {
      const origin = c.req.header('Origin');
      if (origin === undefined) return next();
      // A page calling its own origin needs no CORS: behind a dev proxy (Vite's server.proxy)
      // its origin is not this server's, yet nothing is wrong, so nothing is logged.
      if (
        !allowed.has(origin) &&
        !sameOrigin(origin, c.req.header('Host'), c.req.header('Sec-Fetch-Site'))
      )
        refused(origin);
      return corsFor(c, next);
    });
  }
  if (limits)
    for (const path of browser)
      app.use(
        path,
        rateLimit({
          store,
          bucket: '',
          windowMs: limits.windowMs,
          max: limits.max,
          address: counted,
        }),
      );
  // The callback comes through the payer's browser: its own counter. Notifications count
  // only their failed verifications, in their route (notifications.ts).
  if (limits)
    app.use(
      '/callback',
      rateLimit({
        store,
        bucket: 'callback:',
        windowMs: 60_000,
        max: 120,
        ...limits.callback,
        address: counted,
      }),
    );

  const declines =
    options.declineLimit === false
      ? undefined
      : { windowMs: 60 * 60_000, max: 10, ...options.declineLimit };
  if (declines) {
    const limit = declineLimit({
      store,
      ...declines,
      address,
      orderOf: (reference) =>
        rememberedOrderOf(options.client, reference) ??
        orderOfClientSecret(options.client, reference).catch(() => undefined),
      inFlightMs: ctx.charge.inFlightMs,
      pollMs: ctx.charge.pollMs,
    });
    app.use('/payments', limit);
    ctx.paymentHeard = async (payment) => {
      try {
        await limit.outcome(payment);
      } catch (error) {
        // Left counted (a decline slot held until the window ends): not worth failing the payer's request for.
        onError(error);
      }
    };
  }

  const subscriptions = createSubscriptions({
    client: options.client,
    store,
    notificationUrl: `${ctx.publicUrl}/notifications`,
    onError,
    ...(options.onSubscription ? { onSubscription: options.onSubscription } : {}),
    ...options.subscriptions,
  });
  // A store of the merchant's own without the subscription methods: enrollment notifications
  // are handed to onNotification alone (answered 2xx, not retried by the API for ever).
  if (typeof store.getSubscription === 'function')
    ctx.enrollmentHeard = async (record) => {
      await subscriptions.enrollmentHeard(record);
      // The checkout waiting on the mandate hears it (routes/subscribe.ts), on every instance.
      if (typeof record.external_id === 'string')
        await ctx.changes.announce(subscriptionChangeKey(record.external_id));
    };
  ctx.subscriptionPaid = async (order, payment) => {
    try {
      await subscriptionOfPayment(subscriptions, order, payment);
    } catch (error) {
      // The payment stands; the merchant can make the subscription with subscriptions.create.
      onError(error);
    }
  };

  mountCheckout(app, ctx, { development: options.development === true });
  mountPayments(app, ctx);
  mountPayer(app, ctx, options.payers, subscriptions);
  mountLive(app, ctx, {
    statusEveryMs: options.live?.statusEveryMs ?? 30_000,
    streamMs: options.live?.streamMs ?? 5 * 60_000,
    keepAliveMs: 15_000,
    maxPerOrder: options.live?.maxPerOrder ?? 10,
    maxPerAddress: options.live?.maxPerAddress ?? 50,
    address: counted,
  });
  mountSubscribe(app, ctx, {
    subscriptions,
    keepAliveMs: 15_000,
    streamMs: options.live?.streamMs ?? 5 * 60_000,
  });
  mountCallback(app, ctx);
  mountNotifications(app, ctx, {
    leaseMs: options.notificationLeaseMs ?? 60_000,
    failures: limits && {
      windowMs: 60_000,
      max: 600,
      ...limits.notifications,
      address: counted,
    },
  });
  if (options.apiToken) mountBackOffice(app, ctx, options.apiToken);
  // Mounted under a path in another Hono app (`app.route('/paylit', handler)`, as the CLI does),
  // a request under it that no route takes would get that app's plain-text 404, not this
  // handler's `notFound`: Hono applies only the outer app's. The path belongs to the handler,
  // so the last layer answers it as the handler's own 404. Served on its own (`serveNode`,
  // `toFetchHandler`, `handler.fetch`) or mounted at '/', it steps aside: `notFound` answers
  // the former, the merchant's app the latter. A layer matched after it (a route the merchant
  // added to the handler since) answers in its turn.
  app.all('*', (c, next) => {
    const routes = matchedRoutes(c);
    const mount = routes[c.req.routeIndex]?.path.replace(/\/?\*$/, '') ?? '';
    return mount !== '' && c.req.routeIndex === routes.length - 1 ? notFound(c) : next();
  });
  const handler = answeringErrors(app, answerError);
  handler.notFound(notFound);
  // POST /payments and GET /payments/:id/events straight from Node's request (direct.ts): the
  // layers Hono runs for each, the same functions, each answering its errors as the app's do.
  // A payment id with no `%` (which Hono would decode) and no `/`: the same layers for any.
  const payments = directRoute(layersOf(app, 'POST', '/payments'), recovering(answerError));
  const events = directRoute(layersOf(app, 'GET', '/payments/-/events'), recovering(answerError));
  const eventsPath = /^\/payments\/([^/%]+)\/events$/;
  // A route or middleware the merchant added to the handler since (`handler.use(…)`) would not
  // be among them: from then on, every request goes through Hono.
  const routes = handler.routes.length;
  const direct: DirectRoutes = (method, path) => {
    if (handler.routes.length !== routes) return undefined;
    if (method === 'POST') return path === '/payments' ? payments : undefined;
    const id = method === 'GET' ? eventsPath.exec(path)?.[1] : undefined;
    return id === undefined ? undefined : (req, res) => events(req, res, { id });
  };
  return Object.assign(handler, {
    sweep: (limit?: number) => sweep(ctx, limit),
    subscriptions,
    [DIRECT_ROUTES]: direct,
  });
}

/** `answer` as each layer's error handler: as Hono's `onError`, at the layer that threw. */
function recovering(
  answer: (error: Error, c: Context<HandlerEnv>) => Response,
): (error: unknown, c: Context<HandlerEnv>) => Response {
  return (error, c) => {
    // As Hono: what is not an Error goes on up.
    if (!(error instanceof Error)) throw error;
    c.error = error;
    c.res = answer(error, c);
    return c.res;
  };
}

/**
 * The routes of `app`, in their order, on a new app, each of them answering its own errors with
 * `answer`: as Hono's `onError` would, at the layer that threw (the answer replaces whatever
 * the layers below it had answered, and `c.error` holds the error), whether the handler is
 * served on its own or mounted in another app. Hono wraps a mounted app's routes this way
 * itself when the app has an `onError`, but in a composition of its own per layer and request.
 */
function answeringErrors(
  app: Hono<HandlerEnv>,
  answer: (error: Error, c: Context<HandlerEnv>) => Response,
): Hono<HandlerEnv> {
  const recover = recovering(answer);
  const guarded = new Hono<HandlerEnv>();
  for (const { method, path, handler } of app.routes) {
    guarded.on(method, path, (c, next) => {
      try {
        const result = handler(c, next);
        return result instanceof Promise
          ? result.then(undefined, (error: unknown) => recover(error, c))
          : result;
      } catch (error) {
        return recover(error, c);
      }
    });
  }
  return guarded;
}
