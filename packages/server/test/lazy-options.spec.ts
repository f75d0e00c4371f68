/**
 * A handler made at a module's top level, as the README and the examples make it, reads
 * nothing until its first request: a framework's build (`next build`, `vite build`), which
 * loads the module with no environment, passes; the first request without credentials says
 * what is missing.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  MemoryStore,
  PaymentsClient,
  createCheckoutHandler,
  toFetchHandler,
  type CheckoutHandlerOptions,
} from '@paylit/server';
import { serveNode, nodeTransport } from '@paylit/server/node';
import { expect, test } from '@playwright/test';
import { Hono } from 'hono';
import { startSandbox } from './support/harness.js';

const fixture = fileURLToPath(new URL('./support/module-level-handler.mjs', import.meta.url));

/** Node with nothing in its environment but PATH, running `code` as an ES module. */
function runBare(code: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (exit) => resolve({ code: exit, stdout, stderr }));
  });
}

test('a module that makes the handler at import loads with an empty environment, as a build loads it', async () => {
  const run = await runBare(`await import(${JSON.stringify(fixture)}); console.log('imported');`);
  expect(run.stderr).toBe('');
  expect(run.stdout.trim()).toBe('imported');
  expect(run.code).toBe(0);
});

test('its first request without credentials is refused 500, and the log names every variable missing, once', async () => {
  const run = await runBare(`
    const { paylit } = await import(${JSON.stringify(fixture)});
    for (let i = 0; i < 2; i++) {
      const res = await paylit(new Request('http://shop.example/paylit/checkout?order=x'));
      console.log(res.status, JSON.stringify(await res.json()));
    }
  `);
  expect(run.code).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines).toHaveLength(2);
  for (const line of lines) {
    expect(line).toMatch(/^500 /);
    expect(JSON.parse(line.slice(4)).error).toEqual({
      type: 'internal_error',
      message: "the merchant's server is not configured yet: its log says what is missing",
    });
  }
  expect(run.stderr.trim()).toBe(
    "paylit: the checkout handler's options could not be made: PaymentsClient: baseUrl must be an absolute http(s) URL such as https://api.example.com; PAYLIT_BASE_URL, PAYLIT_X_LOGIN, PAYLIT_X_TRANS_KEY, PAYLIT_SECRET_KEY are not set",
  );
});

test('made lazily and mounted with app.route or toFetchHandler, the handler serves its routes once the environment is there', async () => {
  const h = await startSandbox();
  const env: Record<string, string | undefined> = {};
  const app = new Hono();
  const served = await serveNode(app);
  const errors: unknown[] = [];
  try {
    const options = (): CheckoutHandlerOptions => ({
      client: PaymentsClient.fromEnv(env, { transport: nodeTransport() }),
      publicKey: h.sandbox.publicJwk,
      publicUrl: `${served.url}/paylit`,
      returnUrl: `${served.url}/return`,
      allowedOrigins: ['https://shop.example'],
      apiToken: 'lazy-token-0123456789abcdef',
      store: new MemoryStore(),
      onError: (e) => void errors.push(e),
    });
    const handler = createCheckoutHandler(options);
    app.route('/paylit', handler);
    const fetchHandler = toFetchHandler(createCheckoutHandler(options), {
      basePath: '/shop',
      clientAddress: () => '198.51.100.1',
    });

    const makeOrder = (send: (path: string, init: RequestInit) => Promise<Response>) =>
      send('/orders', {
        method: 'POST',
        headers: {
          Authorization: 'Bearer lazy-token-0123456789abcdef',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          id: `lazy-${Date.now()}-${Math.random()}`,
          amount: 120,
          currency: 'BRL',
          country: 'BR',
        }),
      });
    const viaMount = (path: string, init: RequestInit) =>
      fetch(`${served.url}/paylit${path}`, init);
    const viaFetch = (path: string, init: RequestInit) =>
      fetchHandler(new Request(`http://shop.example/shop${path}`, init));

    // No environment yet: refused, and nothing was made.
    expect((await makeOrder(viaMount)).status).toBe(500);
    Object.assign(env, {
      PAYLIT_BASE_URL: h.sandboxUrl,
      PAYLIT_X_LOGIN: h.sandbox.credentials.login,
      PAYLIT_X_TRANS_KEY: h.sandbox.credentials.transKey,
      PAYLIT_SECRET_KEY: h.sandbox.credentials.secretKey,
    });
    for (const send of [viaMount, viaFetch]) {
      const made = await makeOrder(send);
      expect(made.status).toBe(201);
      const { clientSecret } = (await made.json()) as { clientSecret: string };
      const view = await send(`/checkout?order=${encodeURIComponent(clientSecret)}`, {});
      expect(view.status).toBe(200);
      expect(((await view.json()) as { order: { amount: number } }).order.amount).toBe(120);
    }
    expect(await handler.sweep()).toBe(0);
    expect(errors).toEqual([]);
  } finally {
    await served.close();
    await h.close();
  }
});

test('made lazily and mounted under a path with a parameter or a non-ASCII segment, the handler serves its routes as one made at once does', async () => {
  const h = await startSandbox();
  try {
    const options = (): CheckoutHandlerOptions => ({
      client: h.client,
      publicKey: h.sandbox.publicJwk,
      publicUrl: 'https://shop.example/pt/pagamento',
      returnUrl: 'https://shop.example/return',
      allowedOrigins: ['https://shop.example'],
      apiToken: 'lazy-token-0123456789abcdef',
      store: new MemoryStore(),
      development: true,
    });
    // A shop whose pages are under its language, and one whose path is in Portuguese.
    for (const mount of ['/:lang/pagamento', '/cobrança']) {
      const path = mount.replace(':lang', 'pt');
      for (const made of ['at once', 'lazily'] as const) {
        const app = new Hono();
        app.route(mount, createCheckoutHandler(made === 'lazily' ? options : options()));
        const send = (route: string, init: RequestInit = {}) =>
          app.fetch(new Request(new URL(`${path}${route}`, 'https://shop.example'), init));
        const posted = await send('/orders', {
          method: 'POST',
          headers: {
            Authorization: 'Bearer lazy-token-0123456789abcdef',
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({
            id: `mounted-${Date.now()}-${Math.random()}`,
            amount: 120,
            currency: 'BRL',
            country: 'BR',
          }),
        });
        expect(posted.status, `${mount}, made ${made}: ${await posted.clone().text()}`).toBe(201);
        const { clientSecret } = (await posted.json()) as { clientSecret: string };
        const view = await send(`/checkout?order=${encodeURIComponent(clientSecret)}`);
        expect(view.status, `${mount}, made ${made}`).toBe(200);
        expect(((await view.json()) as { order: { amount: number } }).order.amount).toBe(120);
      }
    }
  } finally {
    await h.close();
  }
});
