/**
 * The client's address on every runtime: a plain `node:http` app (the socket) and a fetch
 * runtime as SvelteKit or Next.js calls `toFetchHandler` (no socket: the platform's own word,
 * the `clientAddress` recipe). Each with three shoppers from three loopback addresses: one
 * exhausts its rate limit, the other two still pay, and each payment's `payer.ip` is its
 * shopper's address in the sandbox's record (read over its HTTP tools).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { encryptCard } from '@paylit/core/crypto';
import {
  ClientAddressUnknownError,
  MemoryStore,
  createCheckoutHandler,
  clientSecretFor,
  toFetchHandler,
  type CheckoutHandlerOptions,
} from '@paylit/server';
import { toNodeListener } from '@paylit/server/node';
import { expect, test } from '@playwright/test';
import { payer, startSandbox, uid, type Harness } from './support/harness.js';
import { send } from './support/proxy.js';

let h: Harness;
test.beforeAll(async () => {
  h = await startSandbox();
});
test.afterAll(() => h.close());

const ORIGIN = 'https://shop.example';
const MAX = 5;

/** A handler as a merchant runs it in production: no `development`, its own store. */
function productionHandler(base: string, more: Partial<CheckoutHandlerOptions> = {}) {
  const errors: unknown[] = [];
  const handler = createCheckoutHandler({
    client: h.client,
    publicKey: h.sandbox.publicJwk,
    publicUrl: base,
    returnUrl: `${base}/return`,
    allowedOrigins: [ORIGIN],
    store: new MemoryStore(),
    rateLimit: { windowMs: 60_000, max: MAX },
    onError: (e) => void errors.push(e),
    resolveOrder: async (id) => ({ id, amount: 120, currency: 'BRL', country: 'BR', payer }),
    ...more,
  });
  return { handler, errors };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/**
 * A fetch runtime over `node:http`, as SvelteKit's adapter-node or Next.js hand a web `Request`
 * to a route: the handler sees no socket, only what `platform` gives (here SvelteKit's
 * `event.getClientAddress()`, which the runtime reads from its own connection).
 */
function fetchRuntime(
  route: (request: Request, platform: { getClientAddress(): string }) => Promise<Response>,
): Server {
  return createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value);
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    const answer = await route(request, { getClientAddress: () => peer });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
}

/** One shopper, from `from`, paying order `id` by card as `<paylit-checkout>` does. */
async function pay(base: string, from: string, id: string) {
  const secret = await clientSecretFor(h.client, id);
  const headers = { Origin: ORIGIN };
  const view = await send(`${base}/checkout?order=${encodeURIComponent(secret)}`, {
    from,
    headers,
  });
  expect(view.status, view.body).toBe(200);
  const encryptedData = await encryptCard(
    { number: '4111111111111111', cvv: '123' },
    JSON.parse(view.body).publicKey,
  );
  const res = await send(`${base}/payments`, {
    from,
    headers,
    body: JSON.stringify({
      order: secret,
      attempt: crypto.randomUUID(),
      method: {
        type: 'card',
        encryptedData,
        holderName: 'Thiago Gabriel',
        expirationMonth: 10,
        expirationYear: 2040,
      },
    }),
  });
  expect(res.status, res.body).toBe(200);
  return JSON.parse(res.body).payment as { id: string; status: string };
}

/** What the sandbox recorded of a payment's payer, over its HTTP tools. */
async function payerIpInSandbox(paymentId: string): Promise<string | undefined> {
  const res = await fetch(`${h.sandboxUrl}/sandbox-tools/risk?payment_id=${paymentId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { payer: { ip?: string } }).payer.ip;
}

/** Shopper 127.0.0.2 loads until refused; 127.0.0.3 and 127.0.0.4 then pay, each with its own payer.ip. */
async function threeShoppers(base: string) {
  const secret = await clientSecretFor(h.client, uid('order'));
  const load = () =>
    send(`${base}/checkout?order=${encodeURIComponent(secret)}`, {
      from: '127.0.0.2',
      headers: { Origin: ORIGIN },
    });
  for (let i = 0; i < MAX; i++) expect((await load()).status).toBe(200);
  const refused = await load();
  expect(refused.status).toBe(429);
  expect(JSON.parse(refused.body).error).toMatchObject({ type: 'rate_limited', retryable: true });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  // The browser may read when to try again (a page on another origin, through CORS).
  expect(String(refused.headers['access-control-expose-headers'])).toMatch(/retry-after/i);

  for (const from of ['127.0.0.3', '127.0.0.4']) {
    const payment = await pay(base, from, uid('order'));
    expect(payment.status).toBe('PAID');
    expect(await payerIpInSandbox(payment.id)).toBe(from);
  }
  // The first shopper is still refused: its own limit, not the shop's.
  expect((await load()).status).toBe(429);
}

test('a plain node:http app: each shopper is counted by its socket; one over its rate limit leaves the other two paying, each with its payer.ip', async () => {
  const server = createServer();
  const url = await listen(server);
  const { handler, errors } = productionHandler(`${url}/paylit`);
  server.on('request', toNodeListener(handler, { basePath: '/paylit' }));
  try {
    await threeShoppers(`${url}/paylit`);
    expect(errors).toEqual([]);
  } finally {
    await close(server);
  }
});

test("a fetch runtime (SvelteKit, Next.js): toFetchHandler's clientAddress tells three shoppers apart; one over its limit leaves the other two paying, each with its payer.ip", async () => {
  let base = '';
  const { handler, errors } = productionHandler('http://placeholder/paylit');
  // As in a SvelteKit `+server.ts`: `fallback = (event) => paylit(event.request, event)`.
  const paylit = toFetchHandler(handler, {
    basePath: '/paylit',
    clientAddress: (_request, event) => event.getClientAddress(),
  });
  const server = fetchRuntime(paylit);
  base = `${await listen(server)}/paylit`;
  try {
    await threeShoppers(base);
    expect(errors).toEqual([]);
  } finally {
    await close(server);
  }
});

test("the SvelteKit example's +server.ts (examples/sveltekit), called as SvelteKit calls it: the default limit of 120 spent by one shopper leaves two others paying, each with its payer.ip", async () => {
  const server = createServer();
  const url = await listen(server);
  const base = `${url}/paylit`;
  const token = 'sveltekit-example-token-0123456789';
  // The environment the example reads on its first request (not when it is imported); given
  // back after, as this worker may run other files.
  const saved = { ...process.env };
  Object.assign(process.env, {
    PAYLIT_BASE_URL: h.sandboxUrl,
    PAYLIT_X_LOGIN: h.sandbox.credentials.login,
    PAYLIT_X_TRANS_KEY: h.sandbox.credentials.transKey,
    PAYLIT_SECRET_KEY: h.sandbox.credentials.secretKey,
    PAYLIT_PUBLIC_KEY: JSON.stringify(h.sandbox.publicJwk),
    PAYLIT_PUBLIC_URL: base,
    PAYLIT_RETURN_URL: `${url}/return`,
    PAYLIT_ALLOWED_ORIGINS: ORIGIN,
    PAYLIT_API_TOKEN: token,
  });
  const { fallback } =
    await import('../../../examples/sveltekit/src/routes/paylit/[...path]/+server.js');
  const route = fetchRuntime((request, platform) =>
    fallback({ request, getClientAddress: () => platform.getClientAddress() }),
  );
  server.on('request', (req, res) => route.emit('request', req, res));
  try {
    const order = async () => {
      const id = uid('order');
      const res = await fetch(`${base}/orders`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id, amount: 120, currency: 'BRL', country: 'BR', payer }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return { id, secret: ((await res.json()) as { clientSecret: string }).clientSecret };
    };
    const first = await order();
    const load = () =>
      send(`${base}/checkout?order=${encodeURIComponent(first.secret)}`, {
        from: '127.0.0.2',
        headers: { Origin: ORIGIN },
      });
    const loads = await Promise.all(Array.from({ length: 120 }, load));
    expect(loads.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const refused = await load();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(60);
    for (const from of ['127.0.0.3', '127.0.0.4']) {
      const payment = await pay(base, from, (await order()).id);
      expect(payment.status).toBe('PAID');
      expect(await payerIpInSandbox(payment.id)).toBe(from);
    }
  } finally {
    await close(server);
    await close(route);
    for (const name of Object.keys(process.env))
      if (name.startsWith('PAYLIT_') && !(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
});

test("the handler's own clientAddress recipe reads the platform's header (Cloudflare's CF-Connecting-IP), and an answer that is not an IP address is a set-up error, not a shopper", async () => {
  const { handler, errors } = productionHandler('http://shop.example/paylit', {
    clientAddress: (request) => request.headers.get('CF-Connecting-IP'),
  });
  const paylit = toFetchHandler(handler, { basePath: '/paylit' });
  const load = (ip: string) =>
    paylit(
      new Request('http://shop.example/paylit/checkout?order=nope', {
        headers: { Origin: ORIGIN, 'CF-Connecting-IP': ip },
      }),
    );
  for (let i = 0; i < MAX; i++) expect((await load('203.0.113.7')).status).toBe(404);
  expect((await load('203.0.113.7')).status).toBe(429);
  expect((await load('[2001:db8::1]:443')).status).toBe(404);
  const bad = await load('203.0.113.7, 10.0.0.1');
  expect(bad.status).toBe(500);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toBeInstanceOf(ClientAddressUnknownError);
  expect((errors[0] as Error).message).toContain('not one IP address');
});

test('in production a fetch runtime with no clientAddress refuses every browser request with a clear error (logged once), instead of pooling every shopper into one bucket', async () => {
  const { handler, errors } = productionHandler('http://shop.example/paylit');
  const paylit = toFetchHandler(handler, { basePath: '/paylit' });
  const load = () =>
    paylit(
      new Request('http://shop.example/paylit/checkout?order=nope', {
        headers: { Origin: ORIGIN },
      }),
    );
  for (let i = 0; i < 3; i++) {
    const res = await load();
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
      'clientAddress',
    );
  }
  expect(errors).toHaveLength(1);
  expect(errors[0]).toBeInstanceOf(ClientAddressUnknownError);
  expect(errors[0]).toMatchObject({ code: 'client_address_unknown', kind: 'configuration' });
  expect((errors[0] as Error).message).toMatch(/getClientAddress.*CF-Connecting-IP/s);

  // In development (`next dev`, a sandbox), the same requests are served as one client.
  const dev = productionHandler('http://shop.example/paylit', { development: true });
  const devFetch = toFetchHandler(dev.handler, { basePath: '/paylit' });
  const res = await devFetch(
    new Request('http://shop.example/paylit/checkout?order=nope', { headers: { Origin: ORIGIN } }),
  );
  expect(res.status).toBe(404);
  expect(dev.errors).toEqual([]);
});

test("trustProxy as a list on a fetch runtime (Next.js behind the merchant's own proxies): X-Forwarded-For is read from its right past the listed proxies, as a hop count reads it, not a 500", async () => {
  const { handler, errors } = productionHandler('http://shop.example/paylit', {
    trustProxy: ['10.0.0.0/8'],
  });
  const paylit = toFetchHandler(handler, { basePath: '/paylit' });
  const load = (xff: string) =>
    paylit(
      new Request('http://shop.example/paylit/checkout?order=nope', {
        headers: { Origin: ORIGIN, 'X-Forwarded-For': xff },
      }),
    );
  // Shopper 203.0.113.7 through two proxies of the list; what it wrote on the left is not read.
  for (let i = 0; i < MAX; i++)
    expect((await load(`198.51.100.${i}, 203.0.113.7, 10.0.0.2, 10.1.1.1`)).status).toBe(404);
  expect((await load('203.0.113.7, 10.0.0.2')).status).toBe(429);
  // Another shopper through the same proxies is not refused.
  expect((await load('203.0.113.8, 10.0.0.2, 10.1.1.1')).status).toBe(404);
  expect(errors).toEqual([]);
});
