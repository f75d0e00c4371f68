/**
 * English's messages for rare states travel in the script-tag file's chunks, not in paylit.js
 * (packages/elements/src/i18n/later.ts): a decline's words and an unknown order's come with the
 * outcome's chunk, and `messagesFor('en')` has them all. End to end in Debian's Chromium: a
 * merchant's page with the built script-tag file, the companion server and the sandbox over HTTP.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { createSandbox, type Sandbox } from '@paylit/sandbox';
import { PaymentsClient, createCheckoutHandler } from '@paylit/server';
import { nodeHmac, nodeTransport, serveNode, type Served } from '@paylit/server/node';
import { en } from '../packages/elements/src/i18n/en.js';
import { expect, payButton, test, typeCard } from './support/demo.js';

const bundle = fileURLToPath(new URL('../packages/elements/dist/bundle/', import.meta.url));
const token = 'later-english-spec-token-0123456789';

const recorder = `window.seen = [];
for (const type of ['paylit-declined', 'paylit-error']) {
  document.addEventListener(type, (e) => seen.push({ type, detail: JSON.parse(JSON.stringify(e.detail)) }));
}`;
const checkoutPage = (
  secret: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title>
<script src="/recorder.js"></script><script src="/paylit.js"></script></head>
<body><main><paylit-checkout endpoint="/paylit" order="${secret}"></paylit-checkout></main></body></html>`;

let sandbox: Sandbox;
let shop: Served;
let origin: string;

test.beforeAll(async () => {
  sandbox = await createSandbox({ settleDelayMs: 50, notificationTimeFactor: 1 / 3_600_000 });
  const api = await sandbox.listen({ port: 0 });
  const client = new PaymentsClient({
    baseUrl: api.url,
    ...sandbox.credentials,
    transport: nodeTransport(),
    hmac: nodeHmac,
  });
  const app = new Hono();
  shop = await serveNode(app, { port: 0, hostname: '127.0.0.1' });
  origin = shop.url;
  app.route(
    '/paylit',
    createCheckoutHandler({
      client,
      publicKey: sandbox.publicJwk,
      publicUrl: `${origin}/paylit`,
      returnUrl: `${origin}/checkout.html`,
      allowedOrigins: [origin],
      apiToken: token,
      rateLimit: false,
      development: true,
    }),
  );
  app.get('/recorder.js', (c) => c.body(recorder, 200, { 'Content-Type': 'text/javascript' }));
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.get('/*', async (c, next) => {
    const file = /^\/(paylit(\.[\w-]+)?\.js)$/.exec(c.req.path)?.[1];
    if (!file) return next();
    return c.body(await readFile(bundle + file), 200, { 'Content-Type': 'text/javascript' });
  });
  app.get('/checkout.html', (c) => {
    const secret = c.req.query('order') ?? '';
    if (!/^[\w\-.:]+$/.test(secret)) return c.text('no order', 400);
    return c.html(checkoutPage(secret));
  });
});

test.afterAll(async () => {
  await shop?.close();
  await sandbox?.close();
});

const seen = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { seen: { type: string; detail: any }[] }).seen);
const brazilian = {
  name: 'Thiago Gabriel',
  email: 'thiago@example.com',
  document: '53033315550',
  phone: '+5511999999999',
};

test("paylit.js carries the keys of English's rare messages but not their words", async () => {
  const text = await readFile(`${bundle}paylit.js`, 'utf8');
  for (const words of [
    en.rejections['302'],
    en.apiErrors[5001],
    en.orderNotFound,
    en.notSetUp,
    en.threeDSecureFailed,
    en.outcomes.PAID,
    en.rateCft,
  ])
    expect(text, words).not.toContain(words);
  // The words it does carry: the form's.
  expect(text).toContain(en.cardNumber);
});

test("a decline in English through the script-tag file says the bank's reason, from the outcome's chunk", async ({
  page,
}) => {
  const id = `later-${Date.now().toString(36)}`;
  const res = await fetch(`${origin}/paylit/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      id,
      amount: 120,
      currency: 'BRL',
      country: 'BR',
      payer: brazilian,
      methods: ['CARD'],
      description: '302',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { clientSecret } = (await res.json()) as { clientSecret: string };
  const chunks: string[] = [];
  page.on('request', (r) => chunks.push(new URL(r.url()).pathname));
  await page.goto(`${origin}/checkout.html?order=${encodeURIComponent(clientSecret)}`);
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  expect(chunks).not.toContain('/paylit.outcome.js');
  await typeCard(page);
  await payButton(page).click();
  const message = page.locator('paylit-checkout [part=message]');
  await expect(message).toHaveText(en.rejections['302']);
  await expect(message).toHaveAttribute('role', 'alert');
  const declined = (await seen(page)).filter((e) => e.type === 'paylit-declined');
  expect(declined.map((e) => [e.detail.code, e.detail.message])).toEqual([
    ['302', en.rejections['302']],
  ]);
  expect(chunks).toContain('/paylit.outcome.js');
  // Nothing charged.
  expect(
    sandbox.ledger().entries.filter((e) => e.order_id?.startsWith(`${id}.`) && e.money_moved),
  ).toEqual([]);
});

test("an order the server does not know says so in English, from the outcome's chunk; messagesFor('en') has every rare message", async ({
  page,
  consoleErrors,
}) => {
  await page.goto(`${origin}/checkout.html?order=unknown-order-secret`);
  const message = page.locator('paylit-checkout [part=message]');
  await expect(message).toHaveText(en.orderNotFound);
  await expect
    .poll(async () =>
      (await seen(page)).filter((e) => e.type === 'paylit-error').map((e) => e.detail.code),
    )
    .toEqual(['order_not_found']);
  const english = await page.evaluate(() =>
    (
      window as unknown as { paylit: { messagesFor(tag: string): Promise<typeof en> } }
    ).paylit.messagesFor('en'),
  );
  expect(english).toEqual(JSON.parse(JSON.stringify(en)));
  // The server's 404 for the unknown order, as the browser logs it, and nothing else.
  expect(consoleErrors.splice(0)).toEqual([
    'Failed to load resource: the server responded with a status of 404 (Not Found)',
  ]);
});
