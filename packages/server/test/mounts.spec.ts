/**
 * The mounting helpers' edges: toFetchHandler's base path (what is outside it gets the
 * handler's own 404), toNodeListener's base path with Express's next(), and a body a
 * middleware read and dropped, which is answered with the fix rather than taken as empty.
 * In a merchant's own Hono app (`app.route`), the mount's unknown paths get the handler's JSON
 * 404 and the app keeps the rest. Paying through each framework is test/examples.spec.ts.
 */
import { createServer, type RequestListener } from 'node:http';
import { gzipSync } from 'node:zlib';
import { createCheckoutHandler, toFetchHandler, type CheckoutHandler } from '@paylit/server';
import { toNodeListener } from '@paylit/server/node';
import { expect, test } from '@playwright/test';
import express from 'express';
import { Hono } from 'hono';
import { startSandbox, type Harness } from './support/harness.js';

let h: Harness;
let handler: CheckoutHandler;
const options = () => ({
  client: h.client,
  publicKey: h.sandbox.publicJwk,
  publicUrl: 'http://127.0.0.1:1/paylit',
  returnUrl: 'http://127.0.0.1:1/return',
  allowedOrigins: ['https://shop.example'],
  development: true,
});
test.beforeAll(async () => {
  h = await startSandbox();
  handler = createCheckoutHandler(options());
});
test.afterAll(async () => {
  await h.close();
});

async function serve(listener: RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test("toFetchHandler routes the path under basePath, answers any other with the handler's own 404, and refuses a base path that is not one", async () => {
  const fetchPaylit = toFetchHandler(handler, { basePath: '/paylit/' });
  const under = await fetchPaylit(new Request('http://shop.example/paylit/checkout?order=nope'));
  expect([
    under.status,
    ((await under.json()) as { error: { param?: string } }).error.param,
  ]).toEqual([404, 'order']);
  const outside = await fetchPaylit(new Request('http://shop.example/paylitx/checkout'));
  expect([
    outside.status,
    ((await outside.json()) as { error: { message: string } }).error.message,
  ]).toEqual([404, 'no route GET /paylitx/checkout']);
  // A body goes through with the request.
  const posted = await fetchPaylit(
    new Request('http://shop.example/paylit/installments', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ order: 'nope', bin: '411111' }),
    }),
  );
  expect(posted.status).toBe(404);
  expect(() => toFetchHandler(handler, { basePath: 'paylit' })).toThrow(
    'toFetchHandler: basePath must be a path such as /paylit',
  );
});

test("a base path in the shop's own language (/cobrança), as a SvelteKit or Fastify route names it: toFetchHandler and toNodeListener route the path the browser sends under it (/cobran%C3%A7a/…)", async () => {
  const fetchPaylit = toFetchHandler(handler, { basePath: '/cobrança' });
  const viaFetch = await fetchPaylit(
    new Request('http://shop.example/cobran%C3%A7a/checkout?order=nope'),
  );
  expect([
    viaFetch.status,
    ((await viaFetch.json()) as { error: { param?: string } }).error.param,
  ]).toEqual([404, 'order']);
  const server = await serve(toNodeListener(handler, { basePath: '/cobrança' }));
  try {
    // As a browser writes the page's link /cobrança/checkout on the wire.
    const viaNode = await fetch(`${server.url}/cobran%C3%A7a/checkout?order=nope`);
    expect([
      viaNode.status,
      ((await viaNode.json()) as { error: { param?: string } }).error.param,
    ]).toEqual([404, 'order']);
  } finally {
    await server.close();
  }
});

/** What a merchant's client reads of a 404: status, type, body and the request id it can quote. */
async function notFoundOf(res: Response) {
  const text = await res.text();
  const json = res.headers.get('content-type')?.startsWith('application/json')
    ? (JSON.parse(text) as { error?: { type: string; message: string }; requestId?: string })
    : undefined;
  return {
    status: res.status,
    type: json?.error?.type,
    message: json?.error?.message ?? text,
    requestId: json?.requestId === res.headers.get('x-request-id') && json?.requestId !== undefined,
  };
}

test("mounted in a merchant's Hono app under /paylit: any path under it that no route takes (a changed case, a trailing slash, the mount itself) gets the handler's JSON 404 with its request id; the app keeps its own pages and its own 404", async () => {
  const app = new Hono();
  app.get('/', (c) => c.text('the shop'));
  app.route('/paylit', handler);
  app.get('/about', (c) => c.text('about the shop'));
  app.notFound((c) => c.text('the shop has no such page', 404));
  const paylit = (path: string, init?: RequestInit) =>
    Promise.resolve(app.fetch(new Request(`http://shop.example${path}`, init))).then(notFoundOf);
  for (const path of [
    '/paylit/PAYMENTS',
    '/paylit/payments/',
    '/paylit/nope',
    '/paylit',
    '/paylit/',
  ])
    expect(await paylit(path), path).toEqual({
      status: 404,
      type: 'not_found',
      message: `no route GET ${path}`,
      requestId: true,
    });
  expect(
    await paylit('/paylit/Payments', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    }),
  ).toEqual({
    status: 404,
    type: 'not_found',
    message: 'no route POST /paylit/Payments',
    requestId: true,
  });
  // The handler's routes still answer, the shop's pages and 404 are the shop's.
  expect((await paylit('/paylit/checkout?order=nope')).type).toBe('not_found');
  expect(await (await app.fetch(new Request('http://shop.example/'))).text()).toBe('the shop');
  expect(await (await app.fetch(new Request('http://shop.example/about'))).text()).toBe(
    'about the shop',
  );
  for (const path of ['/paylitx', '/shop/nope'])
    expect(await paylit(path), path).toEqual({
      status: 404,
      type: undefined,
      message: 'the shop has no such page',
      requestId: false,
    });
});

test("mounted at '/' of a merchant's Hono app, the handler claims no path of the shop's: the shop's later routes and its 404 answer; a route the merchant added to the handler answers under /paylit", async () => {
  const own = createCheckoutHandler(options());
  own.get('/health', (c) => c.json({ ok: true }));
  const atRoot = new Hono();
  atRoot.route('/', own);
  atRoot.get('/shop', (c) => c.text('the shop'));
  atRoot.notFound((c) => c.text('the shop has no such page', 404));
  const get = (app: Hono, path: string) =>
    Promise.resolve(app.fetch(new Request(`http://shop.example${path}`))).then(notFoundOf);
  expect(await get(atRoot, '/shop')).toMatchObject({ status: 200, message: 'the shop' });
  expect(await get(atRoot, '/elsewhere')).toMatchObject({
    status: 404,
    message: 'the shop has no such page',
  });
  // Its own routes still answer at the root.
  expect((await get(atRoot, '/checkout?order=nope')).type).toBe('not_found');
  const under = new Hono();
  under.route('/paylit', own);
  expect(await get(under, '/paylit/health')).toMatchObject({ status: 200, message: '{"ok":true}' });
  expect((await get(under, '/paylit/healthz')).type).toBe('not_found');
});

test("toNodeListener with a basePath in Express: its paths are paylit's, any other goes on to the app's next route", async () => {
  const app = express();
  app.use(toNodeListener(handler, { basePath: '/paylit' }));
  app.get('/', (_req, res) => void res.send('the shop'));
  const served = await serve(app);
  try {
    const paylit = await fetch(`${served.url}/paylit/checkout?order=nope`);
    expect([
      paylit.status,
      ((await paylit.json()) as { error: { param?: string } }).error.param,
    ]).toEqual([404, 'order']);
    expect(await (await fetch(`${served.url}/`)).text()).toBe('the shop');
  } finally {
    await served.close();
  }
});

test("a body a middleware read and did not hand over is answered 500 naming the fix, once reported; without that middleware the same request reaches the handler's checks", async () => {
  const body = JSON.stringify({ order: 'nope', bin: '411111' });
  const post = (url: string) =>
    fetch(`${url}/paylit/installments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
  const reported: string[] = [];
  const app = express();
  // Reads the stream to the end and keeps nothing.
  app.use((req, _res, next) => {
    req.on('data', () => {});
    req.on('end', () => next());
  });
  app.use('/paylit', toNodeListener(handler, { onError: (e) => void reported.push(e.message) }));
  const served = await serve(app);
  const plain = express();
  plain.use('/paylit', toNodeListener(handler));
  const servedPlain = await serve(plain);
  try {
    for (let i = 0; i < 2; i++) {
      const res = await post(served.url);
      const answer = (await res.json()) as { error: { type: string; message: string } };
      expect([res.status, answer.error.type]).toEqual([500, 'internal_error']);
      expect(answer.error.message).toContain(
        "POST /installments: the request's body was read before paylit got it, and not handed over",
      );
    }
    expect(reported).toHaveLength(1);
    expect(reported[0]).toContain('mount paylit before the body parser');
    const res = await post(servedPlain.url);
    expect([res.status, ((await res.json()) as { error: { param?: string } }).error.param]).toEqual(
      [404, 'order'],
    );
  } finally {
    await served.close();
    await servedPlain.close();
  }
});

test('a gzip JSON body: read by paylit itself it is 415 naming Content-Encoding; inflated by express.json() before it, it is the order it spells', async () => {
  const token = 'test-token-0123456789abcdef';
  const withToken = createCheckoutHandler({ ...options(), apiToken: token });
  const post = (url: string, id: string) =>
    fetch(`${url}/paylit/orders`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
      },
      body: gzipSync(JSON.stringify({ id, amount: 10, currency: 'BRL', country: 'BR' })),
    });
  const bare = express();
  bare.use('/paylit', toNodeListener(withToken));
  const parsed = express();
  parsed.use(express.json());
  parsed.use('/paylit', toNodeListener(withToken));
  const [a, b] = [await serve(bare), await serve(parsed)];
  try {
    const refused = await post(a.url, 'gzip-bare');
    expect([refused.status, (await refused.json()).error.message]).toEqual([
      415,
      expect.stringContaining('Content-Encoding'),
    ]);
    const taken = await post(b.url, 'gzip-parsed');
    expect([taken.status, (await taken.json()).order?.id]).toEqual([201, 'gzip-parsed']);
  } finally {
    await a.close();
    await b.close();
  }
});
