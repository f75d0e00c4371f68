/**
 * The examples in examples/ pay, each mounted in its framework as the example mounts it, with
 * the body parsers where merchants put them: an order made through the mounted routes, paid by
 * card with a real JWE, a 3-D Secure payment brought back through the payer's callback form,
 * the money counted in the sandbox's ledger, and the sandbox's notification handed to the
 * merchant through the same mount. Next.js and SvelteKit run for real, from the `npm pack`
 * tarballs in a folder outside the repository ("From the tarballs", below).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createCheckoutHandler,
  type CheckoutHandler,
  type CheckoutHandlerOptions,
  type NotificationEvent,
} from '@paylit/server';
import { encryptCard } from '@paylit/core/crypto';
import { toNodeListener } from '@paylit/server/node';
import { expect, test } from '@playwright/test';
import express from 'express';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createApp as expressApp } from '../examples/express/app.js';
import { createApp as fastifyApp } from '../examples/fastify/app.js';
import { createApp as honoApp } from '../examples/hono/app.js';
import type * as nextRoute from '../examples/nextjs/app/paylit/[...path]/route.js';
import { apiEnv } from '../packages/server/test/support/cli.js';
import {
  payer,
  startSandbox,
  submitCard,
  uid,
  type Harness,
  type Shop,
} from '../packages/server/test/support/harness.js';
import { freePort } from '../packages/server/test/support/ports.js';
import { send, startProxy } from '../packages/server/test/support/proxy.js';
import { installed, sh, timed } from './support/fresh.js';
import { packAll, type Packs } from './support/pack.js';
import { scaled } from './support/time.mjs';

// The typecheck holds the Next.js example's route module to what Next calls: GET and POST taking a Request.
const nextRouteExports: Record<'GET' | 'POST', (request: Request) => Promise<Response>> =
  {} as typeof nextRoute;
void nextRouteExports;

const API_TOKEN = 'test-token-0123456789abcdef';
/** South Africa requires 3-D Secure: the payer comes back through the callback form. */
const za = {
  country: 'ZA',
  currency: 'ZAR',
  payer: {
    ...payer,
    document: '8001015009087',
    address: { state: 'WC', city: 'Cape Town', zip_code: '8001', street: 'Long St', number: '1' },
  },
};

let h: Harness;
test.beforeAll(async () => {
  h = await startSandbox();
});
test.afterAll(async () => {
  await h.close();
});

interface Mount {
  /** Where the handler answers, e.g. http://127.0.0.1:1234/paylit */
  base: string;
  notifications: NotificationEvent[];
  /** What the handler and the adapter reported. */
  errors: string[];
  close(): Promise<void>;
}

/** A Node server listening before the app exists, so that the handler is made with the URL it is reached at. */
async function listening(): Promise<{ server: Server; url: string }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

function handlerAt(
  base: string,
  notifications: NotificationEvent[],
  errors: string[],
  options: Partial<CheckoutHandlerOptions> = {},
): CheckoutHandler {
  return createCheckoutHandler({
    client: h.client,
    publicKey: h.sandbox.publicJwk,
    publicUrl: base,
    returnUrl: `${base.replace(/\/paylit$/, '')}/return`,
    allowedOrigins: ['https://shop.example'],
    apiToken: API_TOKEN,
    development: true,
    onNotification: (e) => void notifications.push(e),
    onError: (e) => void errors.push(e instanceof Error ? e.message : String(e)),
    ...options,
  });
}

/** Serves `app(handler)` (a Node request listener) with the handler mounted under /paylit. */
async function mountNode(
  app: (handler: CheckoutHandler, errors: string[]) => RequestListener | Promise<RequestListener>,
): Promise<Mount> {
  const { server, url } = await listening();
  const notifications: NotificationEvent[] = [];
  const errors: string[] = [];
  server.on('request', await app(handlerAt(`${url}/paylit`, notifications, errors), errors));
  return {
    base: `${url}/paylit`,
    notifications,
    errors,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What submitCard needs of a shop: the mounted routes, called as the browser calls them. */
function shopAt(base: string): Shop {
  return {
    base,
    secret: async (secret: string) => secret,
    async browser(path: string, init: RequestInit = {}) {
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
  } as Shop;
}

async function order(
  base: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; clientSecret: string }> {
  const o = { id: uid('order'), amount: 120, currency: 'BRL', country: 'BR', payer, ...overrides };
  const res = await fetch(`${base}/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${API_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(o),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { id: o.id, clientSecret: ((await res.json()) as { clientSecret: string }).clientSecret };
}

const charged = (orderId: string) =>
  h.sandbox
    .ledger()
    .entries.filter((e) => e.order_id?.startsWith(`${orderId}.`))
    .map((e) => `${e.kind} ${e.status} ${e.amount} ${e.currency}`);

const delivery = async (paymentId: string) =>
  (await h.sandbox.notifications({ record_id: paymentId }))[0];

/**
 * Pays an order by card through `base`, and a South African one through 3-D Secure and the
 * payer's callback form; both are in the ledger once. Answers the card payment's id.
 */
async function pays(base: string): Promise<string> {
  const card = await order(base);
  const { res } = await submitCard(shopAt(base), card.clientSecret);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.payment.status).toBe('PAID');
  expect(charged(card.id)).toEqual(['payment PAID 120 BRL']);

  const secure = await order(base, za);
  const pending = await submitCard(shopAt(base), secure.clientSecret);
  expect(pending.res.body.payment.status).toBe('PENDING');
  const page = await (
    await fetch(pending.res.body.nextAction.url as string, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'approve' }),
    })
  ).text();
  const form = Object.fromEntries(
    [...page.slice(page.indexOf('id="callback"')).matchAll(/name="([^"]+)" value="([^"]*)"/g)].map(
      (m) => [m[1]!, m[2]!],
    ),
  );
  const back = await fetch(`${base}/callback`, {
    method: 'POST',
    body: new URLSearchParams(form),
    redirect: 'manual',
  });
  expect(back.status, await back.clone().text()).toBe(303);
  expect(new URL(back.headers.get('location')!).searchParams.get('status')).toBe('PAID');
  expect(charged(secure.id)).toEqual(['payment PAID 120 ZAR']);
  return res.body.payment.id as string;
}

/** The sandbox's notification of `paymentId` reached the merchant's hook through the mount. */
async function notified(mount: Mount, paymentId: string): Promise<void> {
  await expect
    .poll(async () => (await delivery(paymentId))?.state, { timeout: scaled(10_000) })
    .toBe('delivered');
  expect(
    mount.notifications.filter((n) => n.record.id === paymentId).map((n) => n.record.status),
  ).toEqual(['PAID']);
}

/** A notification parsed before paylit got it: answered 500 (the API tries again), reported once with the fix. */
async function notificationRefused(mount: Mount, paymentId: string): Promise<void> {
  await expect
    .poll(async () => (await delivery(paymentId))?.attempts[0]?.status, { timeout: scaled(10_000) })
    .toBe(500);
  expect(mount.notifications).toEqual([]);
  expect(mount.errors).toHaveLength(1);
  expect(mount.errors[0]).toContain(
    'POST /notifications: a body parser turned the notification into an object before paylit got it',
  );
  expect(mount.errors[0]).toContain("express.raw({ type: '*/*' })");
}

test.describe('Express', () => {
  test('the example (express.json() and express.urlencoded() before the mount, express.raw() on the notifications path) pays, brings the payer back and hands the notification over', async () => {
    const mount = await mountNode((handler) => expressApp(handler));
    try {
      await notified(mount, await pays(mount.base));
      expect(mount.errors).toEqual([]);
    } finally {
      await mount.close();
    }
  });

  test('express.json() after the mount: paylit reads the bodies itself', async () => {
    const mount = await mountNode((handler) => {
      const app = express();
      app.use('/paylit', toNodeListener(handler));
      app.use(express.json());
      return app;
    });
    try {
      await notified(mount, await pays(mount.base));
    } finally {
      await mount.close();
    }
  });

  test('express.json() keeping the bytes in req.rawBody (its verify hook): the notification is verified over them', async () => {
    const mount = await mountNode((handler) => {
      const app = express();
      app.use(
        express.json({
          verify: (req, _res, buf) => void ((req as { rawBody?: Buffer }).rawBody = buf),
        }),
      );
      app.use(express.urlencoded());
      app.use('/paylit', toNodeListener(handler));
      return app;
    });
    try {
      await notified(mount, await pays(mount.base));
    } finally {
      await mount.close();
    }
  });

  test('express.json() before the mount with no express.raw() for notifications: payments go through, the notification is 500 and the merchant is told the fix once', async () => {
    const mount = await mountNode((handler, errors) => {
      const app = express();
      app.use(express.json());
      app.use(express.urlencoded());
      app.use('/paylit', toNodeListener(handler, { onError: (e) => void errors.push(e.message) }));
      return app;
    });
    try {
      const paymentId = await pays(mount.base);
      await notificationRefused(mount, paymentId);
      // The API's next try meets the same answer, and the merchant is not told twice.
      await expect
        .poll(async () => (await delivery(paymentId))?.attempts[1]?.status, {
          timeout: scaled(10_000),
        })
        .toBe(500);
      expect(mount.errors).toHaveLength(1);
    } finally {
      await mount.close();
    }
  });

  test("a body express.json() parsed is held to the handler's limit: 413 past maxBodyBytes, as when paylit reads it, and nothing is charged", async () => {
    const mount = await mountNode((handler) => expressApp(handler));
    try {
      const o = await order(mount.base);
      const shop = shopAt(mount.base);
      // Under express.json()'s own 100 KB, over the handler's 64 KiB.
      const padding = 'x'.repeat(70 * 1024);
      const big = await shop.browser('/payments', {
        method: 'POST',
        body: JSON.stringify({ order: o.clientSecret, attempt: crypto.randomUUID(), padding }),
      });
      expect(big.status).toBe(413);
      expect(big.body.error.type).toBe('payload_too_large');
      // The same submission at the limit's side of it reaches the checks (and is refused by them, for the padding).
      const small = await shop.browser('/payments', {
        method: 'POST',
        body: JSON.stringify({ order: o.clientSecret, attempt: crypto.randomUUID(), padding: 'x' }),
      });
      expect(small.status).toBe(400);
      expect(charged(o.id)).toEqual([]);
    } finally {
      await mount.close();
    }
  });
});

test.describe('Fastify', () => {
  test("the example (Fastify's default JSON parser for the browser, paylit reading the callback's form and the notification) pays, brings the payer back and hands the notification over", async () => {
    const mount = await mountNode(async (handler) => {
      const app = await fastifyApp(handler);
      await app.ready();
      return app.routing;
    });
    try {
      await notified(mount, await pays(mount.base));
      expect(mount.errors).toEqual([]);
    } finally {
      await mount.close();
    }
  });

  test("one route for everything with Fastify's default parsers: payments go through with request.body, the parsed notification is 500 and the merchant is told the fix", async () => {
    const mount = await mountNode(async (handler, errors) => {
      const app = Fastify();
      const listener = toNodeListener(handler, {
        basePath: '/paylit',
        onError: (e) => void errors.push(e.message),
      });
      const forward = (request: FastifyRequest, reply: FastifyReply) => {
        reply.hijack();
        return listener(request.raw, reply.raw, { body: request.body });
      };
      await app.register(
        async (scope) => {
          scope.addContentTypeParser(
            'application/x-www-form-urlencoded',
            (_request, _payload, done) => done(null),
          );
          scope.all('/*', forward);
        },
        { prefix: '/paylit' },
      );
      await app.ready();
      return app.routing;
    });
    try {
      await notificationRefused(mount, await pays(mount.base));
    } finally {
      await mount.close();
    }
  });
});

test("Hono: the example (app.route('/paylit', handler)) pays, brings the payer back and hands the notification over", async () => {
  const mount = await mountNode((handler) => toNodeListener(honoApp(handler)));
  try {
    await notified(mount, await pays(mount.base));
    expect(mount.errors).toEqual([]);
  } finally {
    await mount.close();
  }
});

/**
 * The Next.js and SvelteKit examples and a plain node:http app as a merchant has them: outside
 * the repository, `@paylit/*` installed from the run's `npm pack` tarballs (test/support/pack.ts)
 * beside Next.js, React, SvelteKit and Vite from the npm cache the repository's `npm ci` filled
 * (`--prefer-offline`), one install for the three apps (their folders share its node_modules),
 * each built as its framework builds it (`next build`, `vite build` with adapter-node) and run
 * as in production (`next start`, `node build`). Each app then meets three
 * shoppers from three addresses: one exhausts its rate limit (the default, 120 a minute), the
 * other two still pay, and each payment's `payer.ip` in the sandbox's record is its shopper's.
 * Each step's time is printed.
 */
test.describe('From the tarballs', () => {
  // One worker for the describe: its tests share the install and the build.
  test.describe.configure({ mode: 'default' });
  const label = 'from the tarballs';
  let packs: Packs | undefined;
  let work = '';
  const nextDir = () => join(work, 'nextjs');
  const nodeDir = () => join(work, 'node-http');
  const svelteDir = () => join(work, 'sveltekit');
  type Built = Promise<{ code: number | null; output: string }>;
  // Started by beforeAll, awaited by the tests that run what they build: each test's budget
  // covers the rest of its build, and the node:http app's test runs meanwhile.
  let nextBuilt: Built | undefined;
  let kitBuilt: Built | undefined;
  async function built(build: Built | undefined): Promise<void> {
    const { code, output } = await build!;
    expect(code, output).toBe(0);
  }
  test.beforeAll(async () => {
    test.setTimeout(scaled(60_000)); // npm pack; three apps' install, beside fresh-app's two
    const started = Date.now();
    packs = await timed(label, 'npm pack (4 packages, once per run)', packAll);
    work = await mkdtemp(join(tmpdir(), 'paylit-tarballs-'));
    await writeFile(
      join(work, 'package.json'),
      JSON.stringify({ name: 'merchant-apps', private: true }, null, 2),
    );
    const registry = [
      ...['next', 'react', 'react-dom', 'typescript', '@types/react', '@types/node'],
      ...[
        '@sveltejs/kit',
        '@sveltejs/adapter-node',
        '@sveltejs/vite-plugin-svelte',
        'svelte',
        'vite',
      ],
    ];
    const install = await timed(label, `npm install (the 4 tarballs, ${registry.join(', ')})`, () =>
      sh(work, 'npm', [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        ...packs!.packages.map((p) => p.tarball),
        ...registry.map(installed),
      ]),
    );
    expect(install.code, install.out).toBe(0);
    // The example as it is in examples/nextjs, its own package.json and all, in a folder of the install.
    await cp(fileURLToPath(new URL('../examples/nextjs', import.meta.url)), nextDir(), {
      recursive: true,
    });
    await rm(join(nextDir(), 'package.json'));
    // The example's types are checked by the repository's typecheck (tsconfig.json includes examples/).
    await writeFile(
      join(nextDir(), 'next.config.mjs'),
      'export default { typescript: { ignoreBuildErrors: true } };\n',
    );
    // The SvelteKit example likewise, its package.json kept ("type": "module" for its configs).
    await cp(fileURLToPath(new URL('../examples/sveltekit', import.meta.url)), svelteDir(), {
      recursive: true,
    });
    await mkdir(nodeDir());
    await writeFile(join(nodeDir(), 'server.mjs'), nodeHttpApp);
    console.log(`${label}: installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Both built at once (each waits on its disk as much as on a core); `run` never rejects.
    kitBuilt = timed(label, 'vite build (the SvelteKit example, adapter-node)', () =>
      run(
        join(work, 'node_modules/vite/bin/vite.js'),
        ['build', '--logLevel', 'warn'],
        svelteDir(),
        {},
      ),
    );
    nextBuilt = timed(label, 'next build (the Next.js example)', () =>
      run(join(work, 'node_modules/next/dist/bin/next'), ['build'], nextDir(), {}),
    );
  });
  test.afterAll(async () => {
    // Not removed from under a build still running (a test that failed first).
    await Promise.allSettled([nextBuilt, kitBuilt]);
    await packs?.remove();
    if (work) await rm(work, { recursive: true, force: true });
  });

  /** `next start` on the built example, its PAYLIT_* variables those of the sandbox and of `url`. */
  async function nextStart(publicUrl: string, port: number) {
    const server = start(
      join(work, 'node_modules/next/dist/bin/next'),
      ['start', '-p', String(port), '-H', '127.0.0.1'],
      nextDir(),
      {
        ...apiEnv(h.sandbox, h.sandboxUrl, API_TOKEN),
        PAYLIT_PUBLIC_URL: `${publicUrl}/paylit`,
        PAYLIT_RETURN_URL: `${publicUrl}/return`,
        PAYLIT_ALLOWED_ORIGINS: 'https://shop.example',
      },
      /Ready in/,
    );
    await timed(label, 'next start, ready', () => server.ready);
    return server;
  }

  test('a plain node:http app (toNodeListener, each shopper its socket): three shoppers from three addresses, one exhausts its limit, the other two pay, each with its payer.ip', async () => {
    test.setTimeout(scaled(30_000)); // a Node process started, 121 views and two payments
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = start(
      process.execPath,
      ['server.mjs'],
      nodeDir(),
      {
        ...apiEnv(h.sandbox, h.sandboxUrl, API_TOKEN),
        PORT: String(port),
        PAYLIT_PUBLIC_URL: `${url}/paylit`,
        PAYLIT_RETURN_URL: `${url}/return`,
        PAYLIT_ALLOWED_ORIGINS: 'https://shop.example',
      },
      /listening/,
    );
    try {
      await timed(label, 'node:http app, listening', () => server.ready);
      await timed(label, 'node:http: three shoppers', () => threeShoppers(`${url}/paylit`));
    } finally {
      await server.stop();
    }
  });

  test("SvelteKit: the example's +server.ts built with adapter-node (event.getClientAddress(), the socket): three shoppers from three addresses, one exhausts its limit, the other two pay, each with its payer.ip", async () => {
    test.setTimeout(scaled(80_000)); // the rest of vite build, node build, 121 views, 2 payments
    await built(kitBuilt);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = start(
      process.execPath,
      ['build'],
      svelteDir(),
      {
        ...apiEnv(h.sandbox, h.sandboxUrl, API_TOKEN),
        PORT: String(port),
        HOST: '127.0.0.1',
        PAYLIT_PUBLIC_URL: `${url}/paylit`,
        PAYLIT_RETURN_URL: `${url}/return`,
        PAYLIT_ALLOWED_ORIGINS: 'https://shop.example',
      },
      /Listening on/,
    );
    try {
      await timed(label, 'SvelteKit: node build, listening', () => server.ready);
      await timed(label, 'SvelteKit: three shoppers', () => threeShoppers(`${url}/paylit`));
    } finally {
      await server.stop();
    }
  });

  test("Next.js: the example's route handlers (app/paylit/[...path]/route.ts) under next start pay, bring the payer back and hand the notification over", async () => {
    test.setTimeout(scaled(80_000)); // the rest of next build, a card and a 3-D Secure payment
    await built(nextBuilt);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = await nextStart(url, port);
    try {
      const paymentId = await pays(`${url}/paylit`);
      await expect
        .poll(async () => (await delivery(paymentId))?.state, { timeout: scaled(10_000) })
        .toBe('delivered');
    } finally {
      await server.stop();
    }
  });

  test('Next.js behind the proxy its recipe trusts (trustProxy: 1, the X-Forwarded-For entry the proxy writes): three shoppers from three addresses, one exhausts its limit (its forged X-Forwarded-For changes nothing), the other two pay, each with its payer.ip', async () => {
    test.setTimeout(scaled(80_000)); // the rest of next build, 121 views and two payments
    await built(nextBuilt);
    const port = await freePort();
    // The load balancer in front: it appends the address it was reached from.
    const proxy = await startProxy({ target: `http://127.0.0.1:${port}` });
    const server = await nextStart(proxy.url, port);
    try {
      await timed(label, 'Next.js: three shoppers', () =>
        threeShoppers(`${proxy.url}/paylit`, (i) => ({
          'X-Forwarded-For': `203.0.113.${i % 250}`,
        })),
      );
    } finally {
      await server.stop();
      await proxy.close();
    }
  });
});

/** A merchant's plain node:http server, as the server's README shows it: the handler under /paylit. */
const nodeHttpApp = `import { createServer } from 'node:http';
import { PaymentsClient, createCheckoutHandler } from '@paylit/server';
import { toNodeListener } from '@paylit/server/node';

const handler = createCheckoutHandler(() => ({
  client: PaymentsClient.fromEnv(process.env),
  publicKey: process.env.PAYLIT_PUBLIC_KEY,
  publicUrl: process.env.PAYLIT_PUBLIC_URL,
  returnUrl: process.env.PAYLIT_RETURN_URL,
  allowedOrigins: process.env.PAYLIT_ALLOWED_ORIGINS.split(','),
  apiToken: process.env.PAYLIT_API_TOKEN,
}));

createServer(toNodeListener(handler, { basePath: '/paylit' })).listen(Number(process.env.PORT), '127.0.0.1', () =>
  console.log('listening'),
);
`;

/** What the sandbox recorded of a payment's payer, over its HTTP tools. */
async function payerIp(paymentId: string): Promise<string | undefined> {
  const res = await fetch(`${h.sandboxUrl}/sandbox-tools/risk?payment_id=${paymentId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { payer: { ip?: string } }).payer.ip;
}

/**
 * Three shoppers of the app at `base`, each from its own loopback address: 127.0.0.2 loads its
 * checkout until the default limit (120 a minute) refuses it, with `headers(i)` on its i-th
 * request; 127.0.0.3 and 127.0.0.4 then each pay an order of their own by card, and the
 * sandbox's record of each payment has its shopper's address as `payer.ip`.
 */
async function threeShoppers(
  base: string,
  headers: (i: number) => Record<string, string> = () => ({}),
): Promise<void> {
  const first = await order(base);
  const load = (i: number) =>
    send(`${base}/checkout?order=${encodeURIComponent(first.clientSecret)}`, {
      from: '127.0.0.2',
      headers: { Origin: 'https://shop.example', ...headers(i) },
    });
  const loads = await Promise.all(Array.from({ length: 120 }, (_, i) => load(i)));
  expect(loads.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
  const refused = await load(120);
  expect(refused.status, refused.body).toBe(429);
  expect(JSON.parse(refused.body).error).toMatchObject({ type: 'rate_limited' });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  for (const from of ['127.0.0.3', '127.0.0.4']) {
    const o = await order(base);
    const view = await send(`${base}/checkout?order=${encodeURIComponent(o.clientSecret)}`, {
      from,
      headers: { Origin: 'https://shop.example' },
    });
    expect(view.status, view.body).toBe(200);
    const encryptedData = await encryptCard(
      { number: '4111111111111111', cvv: '123' },
      JSON.parse(view.body).publicKey,
    );
    const paid = await send(`${base}/payments`, {
      from,
      headers: { Origin: 'https://shop.example' },
      body: JSON.stringify({
        order: o.clientSecret,
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
    expect(paid.status, paid.body).toBe(200);
    const payment = JSON.parse(paid.body).payment as { id: string; status: string };
    expect(payment.status).toBe('PAID');
    expect(await payerIp(payment.id), `payer.ip of the shopper at ${from}`).toBe(from);
  }
  // The first shopper is still refused: its own limit, not the shop's.
  expect((await load(121)).status).toBe(429);
}

function nextEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, NEXT_TELEMETRY_DISABLED: '1', ...env };
}

/** Runs `node bin ...args` to its end. */
function run(
  bin: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd,
      env: nextEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** A server (`next start`, a node:http app) in a child process, ready once it prints `readyLine`. */
function start(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
  readyLine: RegExp,
): { ready: Promise<void>; stop(): Promise<void> } {
  const child: ChildProcess = spawn(
    process.execPath,
    command === process.execPath ? args : [command, ...args],
    { cwd, env: nextEnv(env), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const look = (d: Buffer) => {
      output += d.toString();
      if (readyLine.test(output)) resolve();
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.on('exit', (code) =>
      reject(new Error(`${args.join(' ')} ended (${code}) before it was ready:\n${output}`)),
    );
  });
  return {
    ready,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
