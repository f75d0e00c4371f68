#!/usr/bin/env node
// The demo shop: the sandbox, the companion server and the shop's pages in one process.
//   npm run demo   (builds what changed, then runs this; PORT picks the shop's port, default
//                  4321, and SANDBOX_PORT the sandbox's, default any free one)
// It plays the merchant's backend: it creates an order for the scenario a page asks for,
// hands the order's client secret to the page (never the bare id, which reads and pays nothing), and runs the back office with the order API's token,
// which never reaches the browser. Pages are the Vite build in demo/dist.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Hono } from 'hono';
import { createSandbox } from '@paylit/sandbox';
import { CLIENT_SECRET_PATTERN } from '@paylit/core/checkout';
import { signedHeaders } from '@paylit/core/crypto';
import {
  PaymentsClient,
  createCheckoutHandler,
  cspFor,
  MemoryStore,
  payerSessionFor,
} from '@paylit/server';
import { nodeHmac, nodeTransport, serveNode } from '@paylit/server/node';
import { createScenarioOrder } from './merchant.js';
import { demoPayers } from './payers.js';
import { scenario, scenarios } from './scenarios.js';

const root = fileURLToPath(new URL('./dist/', import.meta.url));
const bundle = fileURLToPath(
  new URL('../packages/elements/dist/bundle/paylit.js', import.meta.url),
);
/** A port from the environment (0: any free one), or the demo stops saying which is wrong. */
function portFrom(name, fallback) {
  const raw = process.env[name] ?? '';
  const port = raw === '' ? fallback : Number(raw);
  if (!/^\d*$/.test(raw) || !Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`demo: ${name} must be a port number from 0 to 65535, not "${raw}"`);
    process.exit(2);
  }
  return port;
}
const port = portFrom('PORT', 4321);
const sandboxPort = portFrom('SANDBOX_PORT', 0);

/**
 * The strictest policy a shop may send (`?csp=strict` on a page): images from the shop alone
 * (no `data:` or `blob:`), no inline style or script, Trusted Types; frames only for the card
 * frame and the bank's 3-D Secure page. Every view of the checkout works under it.
 */
const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; frame-src 'self' http://127.0.0.1:*; require-trusted-types-for 'script'";

const sandbox = await createSandbox({ settleDelayMs: 2000, notificationTimeFactor: 1 / 3_600_000 });
const api = await sandbox.listen({ port: sandboxPort });
/**
 * Every page's policy: the one `cspFor` returns for a shop whose pages, `paylit.js` and
 * companion server share one origin, with the sandbox's 3-D Secure page in the dialog.
 */
const CSP = cspFor({ threeDSecure: [api.url] });
const client = new PaymentsClient({
  baseUrl: api.url,
  ...sandbox.credentials,
  transport: nodeTransport(),
  hmac: nodeHmac,
  // The shop's server and the API agree on the time: the demo's sandbox clock, which its tools move.
  now: () => sandbox.clock.now(),
});
const store = new MemoryStore();
const token = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
  b.toString(16).padStart(2, '0'),
).join('');

const app = new Hono();
const served = await serveNode(app, { port, hostname: process.env.HOST ?? '127.0.0.1' });
const origin = served.url;

/** The notification log the back office shows, newest first. */
const notifications = [];
/** The orders this shop made, newest first: the back office lists their payments. */
const orders = [];
/**
 * The refunds the back office made, by payment id, from the API's answers and then its
 * notifications (a payment's record need not list its refunds): what the back office shows.
 */
const refunds = new Map();

/** The shop's signed-in customers (`?payer=<customer id>` on a checkout page): their saved cards and subscriptions. */
const payers = demoPayers({
  client,
  publicJwk: sandbox.publicJwk,
  subscriptions: () => handler.subscriptions,
  now: () => sandbox.clock.now(),
});
const handler = createCheckoutHandler({
  client,
  store,
  payers: payers.options,
  publicKey: sandbox.publicJwk,
  publicUrl: `${origin}/paylit`,
  returnUrl: `${origin}/return.html`,
  allowedOrigins: [origin],
  apiToken: token,
  // The payee the checkout shows in a subscription's terms (the subscription scenario).
  merchantName: 'Loja Paylit',
  // The decline scenario is there to try every code, again and again, from one address (the
  // demo's tests do): a shop keeps the default of 10 declines an hour per client address.
  declineLimit: false,
  // Likewise, the demo's tests load checkout after checkout from one address, each a few
  // requests, faster than 120 a minute on a quick machine: ten times the default here. A shop
  // keeps the default of 120 a minute per client address.
  rateLimit: { windowMs: 60_000, max: 1200 },
  onNotification: ({ kind, record, orderId }) => {
    notifications.unshift({
      at: new Date().toISOString(),
      kind,
      id: record.id,
      status: record.status,
      orderId: orderId ?? null,
    });
    notifications.length = Math.min(notifications.length, 200);
    for (const made of refunds.values())
      for (const refund of made)
        if (kind === 'refund' && refund.id === record.id) refund.status = record.status;
  },
});
app.route('/paylit', handler);

/** What the merchant's backend does: create the order for a scenario through the order API. */
async function createOrder(id, page, code, lang, savedCardId, savedCardIds) {
  // The payer comes back to a page in the language they paid in.
  const returnUrl = `${origin}/return.html?page=${page}${lang ? `&lang=${encodeURIComponent(lang)}` : ''}`;
  const made = await createScenarioOrder(
    { client, handler, token, publicJwk: sandbox.publicJwk },
    { scenario: id, code, returnUrl, savedCardId, savedCardIds },
  );
  orders.unshift({ ...made, scenario: scenario(id).id, page });
  orders.length = Math.min(orders.length, 100);
  return made;
}

// The back office, server-side: the shop's own routes call the handler's admin routes with the token.
const admin = (path, init = {}) =>
  handler.request(path, {
    ...init,
    headers: { ...init.headers, Authorization: `Bearer ${token}` },
  });
app.get('/shop/scenarios', (c) =>
  c.json({ scenarios: scenarios.map(({ id, label, hint }) => ({ id, label, hint })) }),
);
app.get('/shop/notifications', (c) => c.json({ notifications }));
app.get('/shop/payments', async (c) => {
  const rows = [];
  for (const { id, scenario, page } of orders.slice(0, 30)) {
    const { payments = [] } = await (await admin(`/orders/${encodeURIComponent(id)}`)).json();
    for (const paymentId of payments) {
      const res = await admin(`/admin/payments/${encodeURIComponent(paymentId)}`);
      if (!res.ok) continue;
      const { payment } = await res.json();
      rows.push({
        order: { id, scenario, page },
        payment: { ...payment, refunds: payment.refunds ?? refunds.get(paymentId) ?? [] },
      });
    }
  }
  return c.json({ payments: rows });
});
// The payer's part, played by the sandbox: pay a Pix, a voucher or a transfer the checkout shows
// (the sandbox's own settle tool, signed as the API's is), or let it expire (its clock moved on).
app.post('/shop/sandbox/pay/:id', async (c) => {
  const body = JSON.stringify({ payment_id: c.req.param('id'), status: 'PAID' });
  const res = await fetch(`${api.url}/sandbox-tools/payments`, {
    method: 'POST',
    headers: await signedHeaders({ ...sandbox.credentials, body, date: sandbox.clock.now() }),
    body,
  });
  return new Response(await res.text(), {
    status: res.status,
    headers: { 'Content-Type': 'application/json' },
  });
});
// The payer's bank answers a Pix Automático mandate signed up in the checkout (the subscription
// scenario): the sandbox's tools, by the enrollment the order's subscription holds.
app.post('/shop/sandbox/enrollment/:order/:action', async (c) => {
  const action = c.req.param('action');
  if (!['authorize', 'reject', 'cancel-by-payer'].includes(action))
    return c.json({ error: 'action must be authorize, reject or cancel-by-payer' }, 400);
  const sub = await handler.subscriptions.get(c.req.param('order'));
  if (sub?.method.type !== 'XA') return c.json({ error: 'no Pix Automático mandate' }, 404);
  const res = await fetch(
    `${api.url}/sandbox-tools/enrollments/${encodeURIComponent(sub.method.enrollmentId)}/${action}`,
    { method: 'POST' },
  );
  return new Response(await res.text(), {
    status: res.status,
    headers: { 'Content-Type': 'application/json' },
  });
});
app.post('/shop/sandbox/expire/:id', async (c) => {
  const payment = await client.payments.retrieve(c.req.param('id')).catch(() => undefined);
  const due = Date.parse(
    payment?.ticket?.expiration_date ?? payment?.bank_transfer?.expiration_date ?? '',
  );
  if (payment?.status !== 'PENDING' || Number.isNaN(due)) return c.json({ expired: false }, 409);
  sandbox.clock.advance(Math.max(0, due - sandbox.clock.now().getTime()) + 1000);
  return c.json({ expired: true, now: sandbox.clock.now().toISOString() });
});
for (const action of ['capture', 'cancel', 'refunds']) {
  app.post(`/shop/payments/:id/${action}`, async (c) => {
    const paymentId = c.req.param('id');
    const res = await admin(`/admin/payments/${encodeURIComponent(paymentId)}/${action}`, {
      method: 'POST',
      // The page's action id (one per click, kept across retries) makes each action happen once.
      headers: { 'Content-Type': 'application/json' },
      body: (await c.req.text()) || '{}',
    });
    const answer = await res.text();
    if (res.ok && action === 'refunds') {
      const { refund } = JSON.parse(answer);
      const made = refunds.get(paymentId) ?? [];
      // A retried action answers the same refund again.
      if (!made.some((r) => r.id === refund.id))
        made.push({ id: refund.id, status: refund.status, amount: refund.amount });
      refunds.set(paymentId, made);
    }
    return new Response(answer, {
      status: res.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};
const checkoutPages = new Set(['plain', 'react', 'vue']);

app.get('/paylit.js', async (c) =>
  c.body(await readFile(bundle), 200, {
    'Content-Type': types['.js'],
    'Cache-Control': 'no-cache',
  }),
);
// Its chunks, beside it: the languages other than English, and the marks. The card frame's
// scripts with CORS: the frame's origin is opaque (its requests say `Origin: null`), and a page
// that pins paylit.js has the frame load them with `integrity`, in CORS mode.
app.get('/:chunk{paylit\\.[\\w.-]+\\.js}', async (c) => {
  const name = c.req.param('chunk');
  const file = new URL(name, pathToFileURL(bundle));
  try {
    return c.body(await readFile(file), 200, {
      'Content-Type': types['.js'],
      'Cache-Control': 'no-cache',
      ...(/^paylit\.frame(-marks|-crypto)?\.js$/.test(name)
        ? { 'Access-Control-Allow-Origin': '*' }
        : {}),
    });
  } catch {
    return c.notFound();
  }
});
// The hashes of those files, which a page that pins paylit.js fetches (`<script integrity>`).
app.get('/paylit.pins.json', async (c) =>
  c.body(await readFile(new URL('paylit.pins.json', pathToFileURL(bundle))), 200, {
    'Content-Type': types['.json'],
    'Cache-Control': 'no-cache',
  }),
);
app.get('/', (c) => c.redirect('/index.html'));
app.get('/favicon.ico', (c) => c.body(null, 204));
app.get('/*', async (c) => {
  let path;
  try {
    // normalize() of an absolute path cannot climb above /, so join() stays inside demo/dist.
    path = normalize(decodeURIComponent(c.req.path));
  } catch {
    return c.text('bad path', 400);
  }
  let body;
  try {
    body = await readFile(join(root, path));
  } catch {
    return c.text('not found', 404);
  }
  const headers = {
    'Content-Type': types[extname(path)] ?? 'application/octet-stream',
    'Content-Security-Policy': c.req.query('csp') === 'strict' ? STRICT_CSP : CSP,
    'X-Content-Type-Options': 'nosniff',
  };
  if (extname(path) !== '.html') return c.body(body, 200, headers);
  let html = body.toString('utf8');
  const page = path.replace(/^\/|\.html$/g, '');
  // ?lang=pt-BR: the page's language, which the checkout inherits.
  const asked = c.req.query('lang');
  const lang = asked && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(asked) ? asked : undefined;
  // A right-to-left language's page says so, as a merchant's Arabic page does.
  if (lang)
    html = html.replace(
      '<html lang="en">',
      `<html lang="${lang}"${/^(ar|he|fa|ur)\b/.test(lang) ? ' dir="rtl"' : ''}>`,
    );
  // ?isolation=frame: the card fields in a sandboxed frame (the page's toggle), as the merchant's template would write it.
  if (c.req.query('isolation') === 'frame')
    html = html
      .replace('isolation="page"', 'isolation="frame"')
      .replace('name="paylit-isolation" content="page"', 'name="paylit-isolation" content="frame"');
  // The merchant's server puts the order's client secret into the page, as a server-rendered checkout would.
  if (checkoutPages.has(page)) {
    // ?order=<client secret> of an order this shop made: its page again (a reload, a second
    // tab), as a merchant's session would render it; otherwise a new order for the scenario.
    const again = orders.find((o) => o.clientSecret === c.req.query('order'));
    // ?payer=<customer id>: a customer the shop signed in (made on first sight, demo/payers.js):
    // the order offers their saved cards, and the page carries their payer session, which the
    // shop's server mints for them alone.
    const customerId = /^[\w-]{1,60}$/.test(c.req.query('payer') ?? '')
      ? c.req.query('payer')
      : undefined;
    const customer = customerId ? await payers.customer(customerId) : undefined;
    if (customer)
      html = html.replace(
        'order="__PAYLIT_ORDER__"',
        `order="__PAYLIT_ORDER__" payer-session="${await payerSessionFor(client, customerId)}"`,
      );
    html = html.replaceAll(
      '__PAYLIT_ORDER__',
      (
        again ??
        (await createOrder(
          c.req.query('scenario') ?? 'pay',
          page,
          c.req.query('code'),
          lang,
          // ?card=<card_id>: the card this payer saved on an earlier order, offered again.
          /^[\w-]{1,100}$/.test(c.req.query('card') ?? '') ? c.req.query('card') : undefined,
          customer?.savedCardIds,
        ))
      ).clientSecret,
    );
  } else if (page === 'return') {
    // The companion server sends the payer back with the client secret in ?order=.
    const order = c.req.query('order') ?? '';
    html = html.replaceAll('__PAYLIT_ORDER__', CLIENT_SECRET_PATTERN.test(order) ? order : '');
  }
  return c.body(html, 200, { ...headers, 'Cache-Control': 'no-store' });
});

console.log(
  [
    `paylit demo shop: ${origin}/`,
    `  script tag    ${origin}/plain.html`,
    `  React 19      ${origin}/react.html`,
    `  Vue 3         ${origin}/vue.html`,
    `  back office   ${origin}/back-office.html`,
    `  companion     ${origin}/paylit (checkout handler)`,
    `  sandbox API   ${api.url} (embedded: no credentials needed)`,
    'Press Ctrl+C to stop.',
  ].join('\n'),
);
if (process.send) process.send({ url: origin, sandbox: api.url });

const stop = () => void Promise.all([served.close(), sandbox.close()]).then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
