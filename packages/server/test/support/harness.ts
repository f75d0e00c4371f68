/**
 * A sandbox served over HTTP, a PaymentsClient on it, and a checkout handler served too,
 * with a return page and the merchant's notification hook recorded.
 */
import { createSandbox, type Sandbox, type SandboxOptions } from '@paylit/sandbox';
import { CLIENT_SECRET_PATTERN } from '@paylit/core/checkout';
import {
  PaymentsClient,
  clientSecretFor,
  createCheckoutHandler,
  type CheckoutHandlerOptions,
  type NotificationEvent,
  type PaymentsClientOptions,
} from '@paylit/server';
import { nodeTransport, serveNode, type Served } from '@paylit/server/node';
import { Hono } from 'hono';

export const payer = {
  name: 'Thiago Gabriel',
  email: 'thiago@example.com',
  document: '53033315550',
  phone: '+5511999999999',
};
/** A South African payer with the full address the country's payments need (cards there are challenged by 3-D Secure). */
export const southAfricanPayer = {
  name: 'Ayanda Dlamini',
  email: 'ayanda@example.com',
  document: '8001015009087',
  address: {
    state: 'WC',
    city: 'Cape Town',
    zip_code: '8001',
    street: 'Long Street',
    number: '12',
  },
};
export const visa = {
  holder_name: 'Thiago Gabriel',
  expiration_month: 10,
  expiration_year: 2040,
  number: '4111111111111111',
  cvv: '123',
};

let n = 0;
export const uid = (prefix = 'o') => `${prefix}-${Date.now().toString(36)}-${++n}`;

export interface Harness {
  sandbox: Sandbox;
  sandboxUrl: string;
  client: PaymentsClient;
  clientFor(options?: Partial<PaymentsClientOptions>): PaymentsClient;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Harness> {
  const sandbox = await createSandbox({
    settleDelayMs: 50,
    notificationTimeFactor: 1 / 3_600_000,
    ...options,
  });
  const running = await sandbox.listen();
  const clientFor = (o: Partial<PaymentsClientOptions> = {}) =>
    new PaymentsClient({
      baseUrl: running.url,
      ...sandbox.credentials,
      transport: nodeTransport(),
      now: () => sandbox.clock.now(),
      ...o,
    });
  return {
    sandbox,
    sandboxUrl: running.url,
    client: clientFor(),
    clientFor,
    close: () => sandbox.close(),
  };
}

export interface Shop extends Harness {
  /** The handler's public base, e.g. http://127.0.0.1:1234/paylit */
  base: string;
  origin: string;
  apiToken: string;
  notifications: NotificationEvent[];
  handler: ReturnType<typeof createCheckoutHandler>;
  served: Served;
  /** Creates an order through the standalone order API; `clientSecret` is what the order API answered beside it. */
  order(
    overrides?: Record<string, unknown>,
  ): Promise<{ id: string; amount: number; currency: string; clientSecret: string }>;
  /** The client secret of an order id, made with the handler's client (as clientSecretFor); a client secret is answered as it is. */
  secret(orderIdOrSecret: string): Promise<string>;
  /** What the browser would do: fetch with the shop's origin. */
  browser(
    path: string,
    init?: RequestInit,
  ): Promise<{ status: number; body: any; headers: Headers }>;
}

/**
 * How a shop's `POST /paylit/payments` is served: `node`, the direct Node route (direct.ts), as
 * `serveNode(handler)`, `toNodeListener` and the CLI serve it; `fetch`, through Hono, as a
 * fetch runtime (`toFetchHandler`) or the merchant's own Hono app does. Every other route goes
 * through Hono either way. Default `node`, or `PAYLIT_TEST_PATH`.
 */
export type ShopPath = 'node' | 'fetch';
export const shopPaths: readonly ShopPath[] = ['node', 'fetch'];

export async function startShop(
  options: Partial<CheckoutHandlerOptions> = {},
  harness?: Harness,
  path: ShopPath = process.env.PAYLIT_TEST_PATH === 'fetch' ? 'fetch' : 'node',
): Promise<Shop> {
  const h = harness ?? (await startSandbox());
  const app = new Hono();
  const served = await serveNode(app);
  const base = `${served.url}/paylit`;
  const apiToken = 'test-token-0123456789abcdef';
  const notifications: NotificationEvent[] = [];
  const client = options.client ?? h.client;
  const handler = createCheckoutHandler({
    client: h.client,
    publicKey: h.sandbox.publicJwk,
    publicUrl: base,
    returnUrl: `${served.url}/return`,
    allowedOrigins: ['https://shop.example'],
    apiToken,
    rateLimit: false,
    development: true,
    onNotification: (e) => void notifications.push(e),
    ...options,
  });
  app.route('/paylit', handler);
  // As the CLI mounts it: POST /paylit/payments on the direct Node route.
  if (path === 'node') {
    // Not a public export: the CLI's way of giving its Hono app the handler's direct routes,
    // from the build the handler comes from (a fresh clone type-checks before it builds).
    const direct: typeof import('../../src/direct.js') = await import(
      new URL('../../dist/direct.js', import.meta.url).href
    );
    direct.mountDirectRoutes(app, '/paylit', handler);
  }
  app.get('/return', (c) =>
    c.text(`returned ${c.req.query('payment_id')} ${c.req.query('order')}`),
  );
  const shop: Shop = {
    ...h,
    base,
    origin: served.url,
    apiToken,
    notifications,
    handler,
    served,
    async order(overrides = {}) {
      const order = {
        id: uid('order'),
        amount: 120,
        currency: 'BRL',
        country: 'BR',
        payer,
        ...overrides,
      };
      const res = await fetch(`${base}/orders`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(order),
      });
      if (res.status !== 201)
        throw new Error(`order not created: ${res.status} ${await res.text()}`);
      const { clientSecret } = (await res.json()) as { clientSecret: string };
      return { ...order, clientSecret } as {
        id: string;
        amount: number;
        currency: string;
        clientSecret: string;
      };
    },
    secret: async (orderIdOrSecret) =>
      CLIENT_SECRET_PATTERN.test(orderIdOrSecret)
        ? orderIdOrSecret
        : clientSecretFor(client, orderIdOrSecret),
    async browser(path, init = {}) {
      const res = await fetch(`${base}${path}`, {
        ...init,
        headers: {
          Origin: 'https://shop.example',
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
          ...(init.headers as Record<string, string> | undefined),
        },
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      return { status: res.status, body, headers: res.headers };
    },
    close: async () => {
      await served.close();
      if (!harness) await h.close();
    },
  };
  return shop;
}

/**
 * Submits a card payment as `<paylit-checkout>` does: the JWE made with the public key from the
 * checkout view, the order named by its client secret (made from the id when given an id).
 */
export async function submitCard(
  shop: Shop,
  orderIdOrSecret: string,
  overrides: Record<string, unknown> = {},
  card = { number: '4111111111111111', cvv: '123' },
  headers: Record<string, string> = {},
) {
  const { encryptCard } = await import('@paylit/core/crypto');
  const secret = await shop.secret(orderIdOrSecret);
  // The view, as the checkout loads it before a payment. Set-up, not what is attacked: a view the
  // API answered too late for a client with a short deadline (502, retryable, on a loaded
  // machine) is asked again, as the shopper's Try again would.
  let view: { status: number; body: any } | undefined;
  for (let tries = 1; tries <= 10; tries++) {
    view = await shop.browser(`/checkout?order=${encodeURIComponent(secret)}`);
    if (view.status !== 502 || !view.body?.error?.retryable) break;
  }
  if (!view?.body?.publicKey)
    throw new Error(`the checkout view answered ${view?.status}: ${JSON.stringify(view?.body)}`);
  const encryptedData = await encryptCard(card, view.body.publicKey);
  const body = {
    order: secret,
    attempt: crypto.randomUUID(),
    method: {
      type: 'card',
      encryptedData,
      holderName: 'Thiago Gabriel',
      expirationMonth: 10,
      expirationYear: 2040,
    },
    ...overrides,
  };
  return {
    body,
    res: await shop.browser('/payments', { method: 'POST', body: JSON.stringify(body), headers }),
  };
}

/**
 * The sandbox's own settle tool (`POST /sandbox-tools/payments`), signed as the API's is: what
 * the payer does at the counter or in their bank's app, for a payment left PENDING.
 */
export async function settleInSandbox(h: Harness, paymentId: string, status = 'PAID') {
  const { signedHeaders } = await import('@paylit/core/crypto');
  const body = JSON.stringify({ payment_id: paymentId, status });
  const res = await fetch(`${h.sandboxUrl}/sandbox-tools/payments`, {
    method: 'POST',
    headers: await signedHeaders({ ...h.sandbox.credentials, body, date: h.sandbox.clock.now() }),
    body,
  });
  if (res.status !== 200)
    throw new Error(`the sandbox did not settle ${paymentId}: ${res.status} ${await res.text()}`);
}
