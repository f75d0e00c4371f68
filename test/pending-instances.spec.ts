/**
 * Two instances of the companion server behind one Redis, as a load balancer runs them: the
 * shopper's page (and its live connection) is on instance B, while the API's notification lands
 * on instance A (the public URL the balancer answers). In Chromium, a Pix paid in the sandbox
 * turns the checkout on B paid within 3 seconds: B heard it from A through Redis, not from its
 * own slow status lookup (set to a minute here).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { Hono } from 'hono';
import { createSandbox, type Sandbox } from '@paylit/sandbox';
import { createCheckoutHandler, PaymentsClient, type NotificationEvent } from '@paylit/server';
import { serveNode, type Served } from '@paylit/server/node';
import { createRedisStore, type RedisStore } from '@paylit/server/redis';
import { signedHeaders } from '@paylit/core/crypto';
import { southAfricanPayer } from '../packages/server/test/support/harness.js';
import { startRedis } from '../packages/server/test/support/redis.js';

const bundle = new URL('../packages/elements/dist/bundle/', import.meta.url);

let redis: Awaited<ReturnType<typeof startRedis>>;
let sandbox: Sandbox;
let sandboxUrl: string;
let stores: RedisStore[] = [];
let servers: Served[] = [];
const heard: Record<'a' | 'b', NotificationEvent[]> = { a: [], b: [] };
let b: { url: string; order: (facts?: Record<string, unknown>) => Promise<string> };

test.beforeAll(async () => {
  redis = await startRedis();
  sandbox = await createSandbox({ notificationTimeFactor: 1 / 3_600_000 });
  sandboxUrl = (await sandbox.listen()).url;
  const client = new PaymentsClient({
    baseUrl: sandboxUrl,
    ...sandbox.credentials,
    now: () => sandbox.clock.now(),
  });
  stores = await Promise.all([
    createRedisStore({ url: redis.url, prefix: 'lb:' }),
    createRedisStore({ url: redis.url, prefix: 'lb:' }),
  ]);
  const apps = [new Hono(), new Hono()];
  servers = await Promise.all(apps.map((app) => serveNode(app)));
  // The balancer's one public URL: the API notifies it, and it happens to route to A.
  const publicUrl = `${servers[0]!.url}/paylit`;
  const token = 'lb-token-0123456789abcdef';
  (['a', 'b'] as const).forEach((name, i) => {
    const handler = createCheckoutHandler({
      client,
      publicKey: sandbox.publicJwk,
      publicUrl,
      returnUrl: `${servers[i]!.url}/`,
      allowedOrigins: [servers[1]!.url],
      apiToken: token,
      store: stores[i]!,
      development: true,
      rateLimit: false,
      live: { statusEveryMs: 60_000 },
      onNotification: (e) => void heard[name].push(e),
    });
    apps[i]!.route('/paylit', handler);
  });
  // A serves a shop's page whose CSP frames nothing (frame-src 'none'), for the 3-D Secure fallback.
  apps[0]!.get('/:file{paylit(\\.[\\w.-]+)?\\.js}', async (c) =>
    c.body(await readFile(fileURLToPath(new URL(c.req.param('file'), bundle))), 200, {
      'Content-Type': 'text/javascript',
    }),
  );
  apps[0]!.get('/strict', (c) => {
    c.header('Content-Security-Policy', "frame-src 'none'");
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
      <script type="module" src="/paylit.js"></script></head><body><main>
      <paylit-checkout endpoint="/paylit" order="${c.req.query('order')}"></paylit-checkout>
      </main></body></html>`);
  });
  // B serves the shop's page and the script-tag file beside it.
  apps[1]!.get('/:file{paylit(\\.[\\w.-]+)?\\.js}', async (c) =>
    c.body(await readFile(fileURLToPath(new URL(c.req.param('file'), bundle))), 200, {
      'Content-Type': 'text/javascript',
    }),
  );
  apps[1]!.get('/', (c) =>
    c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
      <script type="module" src="/paylit.js"></script></head><body><main>
      <!-- the shop's checkout, on instance B -->
      <paylit-checkout endpoint="/paylit" order="${c.req.query('order')}"></paylit-checkout>
      </main></body></html>`),
  );
  b = {
    url: servers[1]!.url,
    order: async (facts = {}) => {
      const res = await fetch(`${servers[1]!.url}/paylit/orders`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          id: `lb-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
          amount: 120,
          currency: 'BRL',
          country: 'BR',
          methods: ['CARD', 'PQ'],
          payer: { name: 'Ana Lima', email: 'ana@example.com', document: '53033315550' },
          ...facts,
        }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { clientSecret: string }).clientSecret;
    },
  };
});

test.afterAll(async () => {
  for (const s of servers) await s.close();
  for (const s of stores) await s.close();
  await sandbox?.close();
  await redis?.stop();
});

test('a Pix paid while the notification reaches the other instance: the checkout on B turns paid within 3 s', async ({
  page,
}) => {
  const secret = await b.order();
  await page.goto(`${b.url}/?order=${encodeURIComponent(secret)}`);
  const checkout = page.locator('paylit-checkout');
  await checkout
    .locator('paylit-wallet-select')
    .getByRole('radio', { name: 'Pix', exact: true })
    .check();
  const pending = page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        document
          .querySelector('paylit-checkout')!
          .addEventListener(
            'paylit-pending',
            (e) => resolve((e as unknown as { payment: { id: string } }).payment.id),
            { once: true },
          ),
      ),
  );
  await checkout.locator('button[part=button]').click();
  const id = await pending;
  await expect(checkout.locator('[part=outcome] h2')).toHaveText('Pay with Pix');
  const paid = page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        document
          .querySelector('paylit-checkout')!
          .addEventListener('paylit-paid', () => resolve(performance.now()), { once: true }),
      ),
  );
  const body = JSON.stringify({ payment_id: id, status: 'PAID' });
  const settledAt = await page.evaluate(() => performance.now());
  const res = await fetch(`${sandboxUrl}/sandbox-tools/payments`, {
    method: 'POST',
    headers: await signedHeaders({ ...sandbox.credentials, body, date: sandbox.clock.now() }),
    body,
  });
  expect(res.status).toBe(200);
  expect((await paid) - settledAt).toBeLessThanOrEqual(3000);
  await expect(checkout.locator('[part=outcome] h2')).toContainText('Paid');
  // A took the notification; B never did, and still heard.
  expect(heard.a.some((e) => e.record.id === id)).toBe(true);
  expect(heard.b.some((e) => e.record.id === id)).toBe(false);
});

test("a shop page whose CSP frames nothing: the 3-D Secure dialog gives way to the bank's page, as a redirect", async ({
  page,
}) => {
  // The bank's page lets A's origin frame it (its callback_url's); A's page's own CSP does not.
  const secret = await b.order({
    amount: 499,
    currency: 'ZAR',
    country: 'ZA',
    methods: ['CARD'],
    payer: southAfricanPayer,
  });
  await page.goto(`${servers[0]!.url}/strict?order=${encodeURIComponent(secret)}`);
  const fields = page.locator('paylit-checkout paylit-card-fields');
  await fields.locator('#number').pressSequentially('4111111111111111');
  await fields.locator('#expiry').pressSequentially('1230');
  await fields.locator('#cvv').fill('123');
  await fields.locator('#holder').fill('Ayanda Dlamini');
  await page.locator('paylit-checkout button[part=button]').click();
  await expect(page).toHaveURL(/\/sandbox-pages\/3ds\//);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/payment_id=/);
});
