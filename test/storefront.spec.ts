/**
 * A static storefront on one origin, the companion server on another, as a merchant with a
 * static or single-page shop deploys it: the shop's page (its own files and the bundle, no
 * inline script) asks the merchant's own endpoint, beside the companion server, for the
 * order's client secret, under the policy `cspFor` returns for that setup and nothing more.
 * In Chromium, against the sandbox over HTTP: card in page and frame isolation, Pix, and the
 * bank's 3-D Secure page in a dialog over the storefront (the sandbox lets the merchant's
 * registered sites frame it). No violation of the policy, no console error; the ledger counts
 * one charge each.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { createSandbox, type Sandbox } from '@paylit/sandbox';
import { PaymentsClient, cspFor, createCheckoutHandler, MemoryStore } from '@paylit/server';
import { nodeHmac, nodeTransport, serveNode } from '@paylit/server/node';
import { signedHeaders } from '@paylit/core/crypto';
import { createScenarioOrder } from '../demo/merchant.js';
import { payButton, typeCard } from './support/demo.js';

const bundle = fileURLToPath(new URL('../packages/elements/dist/bundle/', import.meta.url));

/** The storefront's own files: a page and its script, written as a merchant writes them. */
const page = (server: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Static shop: checkout</title>
    <script src="/paylit/paylit.js"></script>
    <script type="module" src="/shop.js"></script>
  </head>
  <body>
    <main>
      <h1>Checkout</h1>
      <paylit-checkout
        endpoint="${server}/paylit"
      ></paylit-checkout>
      <ol id="log"></ol>
    </main>
  </body>
</html>
`;

const script = `// The shop's script: the client secret from the merchant's own endpoint, then the events.
const checkout = document.querySelector('paylit-checkout');
const params = new URLSearchParams(location.search);
if (params.get('isolation')) checkout.setAttribute('isolation', params.get('isolation'));
const api = new URL(checkout.getAttribute('endpoint')).origin;
const res = await fetch(api + '/shop/checkout-session', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ scenario: params.get('scenario') }),
});
const { clientSecret } = await res.json();
checkout.setAttribute('order', clientSecret);
for (const name of ['paylit-paid', 'paylit-pending', 'paylit-declined', 'paylit-error']) {
  checkout.addEventListener(name, (event) => {
    const li = document.createElement('li');
    li.textContent = name + ' ' + (event.detail?.payment?.status ?? event.detail?.kind ?? '');
    document.getElementById('log').prepend(li);
  });
}
`;

const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
};

interface Setup {
  storefront: string;
  server: string;
  sandbox: Sandbox;
  sandboxUrl: string;
  csp: string;
  close(): Promise<void>;
}

async function startSetup(): Promise<Setup> {
  // The storefront first: its origin is what the other two allow.
  let csp = '';
  let serverUrl = '';
  const store: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const headers = { 'Content-Security-Policy': csp, 'Cache-Control': 'no-store' };
    if (path === '/' || path === '/checkout.html') {
      res.writeHead(200, { ...headers, 'Content-Type': types['.html'] });
      return res.end(page(serverUrl));
    }
    if (path === '/shop.js') {
      res.writeHead(200, { ...headers, 'Content-Type': types['.js'] });
      return res.end(script);
    }
    if (path.startsWith('/paylit/')) {
      const file = normalize(join(bundle, path.slice('/paylit/'.length)));
      if (file.startsWith(bundle)) {
        try {
          const body = await readFile(file);
          res.writeHead(200, { ...headers, 'Content-Type': types[extname(file)] ?? 'text/plain' });
          return res.end(body);
        } catch {}
      }
    }
    // A shop has its icon (the browser asks for it).
    if (path === '/favicon.ico') return res.writeHead(204, headers).end();
    res.writeHead(404, headers);
    res.end('not found');
  });
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
  const storefront = `http://127.0.0.1:${(store.address() as { port: number }).port}`;

  // The sandbox knows the merchant's site, as a provider's account does.
  const sandbox = await createSandbox({ settleDelayMs: 60_000, frameOrigins: [storefront] });
  const api = await sandbox.listen({ port: 0 });
  const client = new PaymentsClient({
    baseUrl: api.url,
    ...sandbox.credentials,
    transport: nodeTransport(),
    hmac: nodeHmac,
    now: () => sandbox.clock.now(),
  });

  // The merchant's server on its own origin: the companion under /paylit, and beside it the
  // merchant's endpoint that makes the order and answers its client secret to the storefront.
  const app = new Hono();
  const served = await serveNode(app, { port: 0 });
  serverUrl = served.url;
  const token = 'f'.repeat(32);
  const handler = createCheckoutHandler({
    client,
    store: new MemoryStore(),
    publicKey: sandbox.publicJwk,
    publicUrl: `${served.url}/paylit`,
    returnUrl: `${storefront}/return.html`,
    allowedOrigins: [storefront],
    apiToken: token,
  });
  app.use('/shop/*', cors({ origin: storefront, allowMethods: ['POST'] }));
  app.post('/shop/checkout-session', async (c) => {
    const { scenario } = await c.req.json();
    const { clientSecret } = await createScenarioOrder(
      { client, handler, token, publicJwk: sandbox.publicJwk },
      { scenario, returnUrl: `${storefront}/return.html`, prefix: 'static' },
    );
    return c.json({ clientSecret });
  });
  app.route('/paylit', handler);

  csp = cspFor({ server: served.url, threeDSecure: [api.url] });
  return {
    storefront,
    server: served.url,
    sandbox,
    sandboxUrl: api.url,
    csp,
    async close() {
      await Promise.all([
        served.close(),
        sandbox.close(),
        new Promise((resolve) => store.close(resolve)),
      ]);
    },
  };
}

let s: Setup;
test.beforeAll(async () => {
  s = await startSetup();
});
test.afterAll(() => s?.close());

/** Every console error and CSP violation of the page and its frames. */
function watch(p: Page): string[] {
  const errors: string[] = [];
  p.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  p.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

const log = (p: Page) => p.locator('#log li');
const paidIds = (orderPrefix: string) =>
  s.sandbox
    .ledger()
    .entries.filter((e) => e.order_id?.startsWith(orderPrefix) && e.money_moved)
    .map((e) => e.id);

async function open(p: Page, scenario: string, isolation = 'page'): Promise<string> {
  await p.goto(`${s.storefront}/checkout.html?scenario=${scenario}&isolation=${isolation}`);
  await expect(p.locator('paylit-checkout')).toHaveAttribute('order', /_secret_/);
  const secret = (await p.locator('paylit-checkout').getAttribute('order'))!;
  return secret.slice(0, secret.indexOf('_secret_'));
}

test('the policy cspFor returns for this setup names the server and the bank’s page, and nothing inline', () => {
  expect(s.csp).toBe(
    `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self' ${s.server}; frame-src ${s.sandboxUrl} 'self' ${s.server}; base-uri 'self'; object-src 'none'; require-trusted-types-for 'script'`,
  );
});

for (const isolation of ['page', 'frame']) {
  test(`a card paid on the storefront, ${isolation} isolation, under that policy`, async ({
    page: p,
  }) => {
    const errors = watch(p);
    const order = await open(p, 'pay', isolation);
    await expect(payButton(p)).toHaveAttribute('aria-disabled', 'false');
    await typeCard(p);
    await payButton(p).click();
    await expect(log(p).first()).toHaveText('paylit-paid PAID');
    expect(paidIds(`${order}.`)).toHaveLength(1);
    expect(errors).toEqual([]);
  });
}

test('a Pix code shown on the storefront, and its payment arriving live under that policy', async ({
  page: p,
}) => {
  const errors = watch(p);
  const order = await open(p, 'pix-only');
  await expect(payButton(p)).toHaveAttribute('aria-disabled', 'false');
  await payButton(p).click();
  await expect(log(p).first()).toHaveText('paylit-pending PENDING');
  await expect(p.locator('paylit-checkout canvas')).toBeVisible();
  const pending = s.sandbox.ledger().entries.find((e) => e.order_id?.startsWith(`${order}.`))!;
  const body = JSON.stringify({ payment_id: pending.id, status: 'PAID' });
  const settled = await fetch(`${s.sandboxUrl}/sandbox-tools/payments`, {
    method: 'POST',
    headers: await signedHeaders({ ...s.sandbox.credentials, body, date: s.sandbox.clock.now() }),
    body,
  });
  expect(settled.status).toBe(200);
  await expect(log(p).first()).toHaveText('paylit-paid PAID');
  expect(errors).toEqual([]);
});

test('the bank’s 3-D Secure page in a dialog over the storefront, approved: paid, no navigation', async ({
  page: p,
}) => {
  const errors = watch(p);
  const order = await open(p, '3ds');
  await expect(payButton(p)).toHaveAttribute('aria-disabled', 'false');
  const moved: string[] = [];
  p.on('framenavigated', (f) => {
    if (f === p.mainFrame()) moved.push(f.url());
  });
  await typeCard(p);
  await payButton(p).click();
  await expect(p.locator('paylit-checkout dialog[part=challenge]')).toBeVisible();
  const bank = p.frameLocator('paylit-checkout iframe[part=challenge-frame]');
  await bank.getByRole('button', { name: 'Approve' }).click();
  await expect(log(p).first()).toHaveText('paylit-paid PAID');
  expect(moved).toEqual([]);
  expect(paidIds(`${order}.`)).toHaveLength(1);
  expect(errors).toEqual([]);
});
