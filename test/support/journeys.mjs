/**
 * A shopper's journeys through a small shop, and the bytes of paylit they cost: shared by the
 * journey spec (test/journeys.spec.ts, which holds each total to its budget) and the bench
 * (packages/elements/bench/journeys.mjs, which prints them beside Adyen Card's first part).
 *
 * The shop is three servers on this machine, each on a port of its own:
 * - the sandbox API, over HTTP (`@paylit/sandbox`);
 * - the shop: its pages (one `<script>` tag and one `<paylit-checkout>`, as a merchant writes
 *   them, the order's client secret put in by the shop's server) and the companion server
 *   (`@paylit/server`'s checkout handler at `/paylit`), on one origin;
 * - a static origin serving the built script-tag bundle (`packages/elements/dist/bundle/`), as a
 *   CDN would: `paylit.js` and its chunks beside it, every answer `no-store` and open to any origin.
 *
 * A journey runs in a fresh browser context (no cache, nothing kept from another journey). Every
 * request the page and its frames make until the journey's end is recorded (the context's
 * `request` events; see `measure` for the one the browser does not report); those answered with
 * JavaScript or CSS, by resource type or content type, have their response bodies read and
 * gzipped at level 9 here, and summed: bodies, not transfer sizes, so the figure is the same on
 * every run. Every request for another host is aborted: nothing leaves this machine.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { createSandbox } from '@paylit/sandbox';
import { PaymentsClient, createCheckoutHandler, MemoryStore } from '@paylit/server';
import { nodeHmac, nodeTransport, serveNode } from '@paylit/server/node';

/** The static origin's content types. */
const types = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.map': 'application/json',
};

export const bundleDir = fileURLToPath(
  new URL('../../packages/elements/dist/bundle/', import.meta.url),
);

/** A compact JWE: five base64url parts, only the second (the encrypted key) possibly empty. */
export const COMPACT_JWE = /^[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+$/;
/**
 * The shopper, as the merchant's order has them: complete for a card payment and a Pix (name,
 * e-mail, CPF); no phone, which no payment of these orders needs.
 */
const payer = { name: 'Ana Lima', email: 'ana@example.com', document: '53033315550' };
/** The orders the journeys pay, created by the shop's server through the order API. */
export const orders = {
  card: {
    amount: 120,
    currency: 'BRL',
    country: 'BR',
    payer,
    methods: ['CARD'],
    installments: false,
  },
  pix: {
    amount: 120,
    currency: 'BRL',
    country: 'BR',
    payer,
    methods: ['CARD', 'PQ'],
    installments: false,
  },
  // A card order whose payer lacks the CPF: the checkout asks for it.
  'no-cpf': {
    amount: 120,
    currency: 'BRL',
    country: 'BR',
    payer: { name: payer.name, email: payer.email },
    methods: ['CARD'],
    installments: false,
  },
};

/** The card number every journey types. */
export const CARD_NUMBER = '4111111111111111';

/**
 * Starts the shop's three servers. `close()` stops them all.
 * @returns {Promise<Shop>}
 */
export async function startShop() {
  // The shop's static origin: the bundle's files and nothing else, from disk on each request.
  /** The files the static origin answered, in order, with the bytes it sent and when (ms since the epoch). */
  const served = [];
  const files = createServer(async (req, res) => {
    // Any file of the bundle's folder, at any depth (a code-split build may put its chunks in a
    // subfolder), by a path of plain names: nothing outside it.
    const path = new URL(req.url ?? '/', 'http://x').pathname.slice(1);
    const plain = path.split('/').every((part) => /^[\w-][\w.-]*$/.test(part));
    const body = plain ? await readFile(bundleDir + path).catch(() => undefined) : undefined;
    if (!body) return void res.writeHead(404).end();
    served.push({ name: path, body, at: Date.now() });
    res
      .writeHead(200, {
        'Content-Type': types[extname(path)] ?? 'application/octet-stream',
        'Cache-Control': 'no-store',
        // The chunks are module scripts (import()) from another origin: a CDN answers them so.
        'Access-Control-Allow-Origin': '*',
      })
      .end(body);
  });
  await new Promise((done) => files.listen(0, '127.0.0.1', done));
  const staticOrigin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (files.address()).port}`;

  const sandbox = await createSandbox({ settleDelayMs: 0 });
  const api = await sandbox.listen({ port: 0 });
  const client = new PaymentsClient({
    baseUrl: api.url,
    ...sandbox.credentials,
    transport: nodeTransport(),
    hmac: nodeHmac,
    now: () => sandbox.clock.now(),
  });
  const token = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  const app = new Hono();
  const shop = await serveNode(app, { port: 0, hostname: '127.0.0.1' });
  const handler = createCheckoutHandler({
    client,
    store: new MemoryStore(),
    publicKey: sandbox.publicJwk,
    publicUrl: `${shop.url}/paylit`,
    returnUrl: `${shop.url}/done`,
    allowedOrigins: [shop.url],
    apiToken: token,
  });
  app.route('/paylit', handler);
  const page = (lang, checkout) =>
    `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Loja</title>
<script src="${staticOrigin}/paylit.js"></script>
</head>
<body>
<main>
  <h1>Checkout</h1>
  ${checkout}
</main>
</body>
</html>`;
  const langOf = (asked) => (/^[a-z]{2}(-[A-Z]{2})?$/.test(asked ?? '') ? asked : 'en');
  // /checkout?order=card&lang=en&isolation=page: a new order, made as a merchant's server makes
  // it (the order API, with the shop's token), its client secret in the page.
  app.get('/checkout', async (c) => {
    const kind = c.req.query('order') ?? 'card';
    if (!Object.hasOwn(orders, kind)) return c.text('no such order', 404);
    const made = await handler.request('/orders', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        id: `journey-${kind}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
        ...orders[kind],
        returnUrl: `${shop.url}/done`,
      }),
    });
    if (made.status !== 201) return c.text(await made.text(), 500);
    const { clientSecret } = await made.json();
    const isolation = c.req.query('isolation') === 'frame' ? 'frame' : 'page';
    return c.html(
      page(
        langOf(c.req.query('lang')),
        `<paylit-checkout endpoint="/paylit" order="${clientSecret}" isolation="${isolation}"></paylit-checkout>`,
      ),
      200,
      { 'Cache-Control': 'no-store' },
    );
  });
  // /keyed?lang=en: no server; the order in attributes and the API's public key.
  app.get('/keyed', (c) =>
    c.html(
      page(
        langOf(c.req.query('lang')),
        `<paylit-checkout amount="120" currency="BRL" country="BR" public-key='${JSON.stringify(sandbox.publicJwk)}'></paylit-checkout>`,
      ),
      200,
      { 'Cache-Control': 'no-store' },
    ),
  );
  app.get('/favicon.ico', (c) => c.body(null, 204));

  return {
    shop: shop.url,
    static: staticOrigin,
    sandbox: api.url,
    served,
    async close() {
      await Promise.all([shop.close(), sandbox.close(), new Promise((done) => files.close(done))]);
    },
  };
}

/** The checkout's Pay button. */
const payButton = (page) => page.locator('paylit-checkout button[part=button]');

/** Waits until the checkout can pay (its button enabled). */
async function ready(page) {
  await payButton(page).and(page.locator('[aria-disabled=false]')).waitFor();
}

/**
 * The card fields the shopper types into: the page's, or in frame isolation the ones inside the
 * card frame (reached as the shopper's browser reaches them).
 */
async function cardInputs(page, isolation) {
  const host = page.locator('paylit-card-fields').first();
  await host.waitFor({ state: 'attached' });
  if (isolation !== 'frame') return host;
  return host.locator('iframe').contentFrame().locator('paylit-card-fields');
}

/** Types a card as a shopper does. */
async function typeCard(page, isolation) {
  const fields = await cardInputs(page, isolation);
  await fields.locator('#number').pressSequentially(CARD_NUMBER);
  await fields.locator('#expiry').pressSequentially('1230');
  await fields.locator('#cvv').fill('123');
  await fields.locator('#holder').fill('Ana Lima');
  if (isolation === 'frame') await frameSettled(page);
}

/**
 * In frame isolation the frame tells the page its height a moment after its fields change: a
 * click on Pay before that may land where the form was. Waits until the iframe's height is its
 * document's (the same wait as test/support/demo.ts's `settled`).
 */
async function frameSettled(page) {
  const iframe = page.locator('paylit-card-fields iframe').first();
  const frame = await (await iframe.elementHandle()).contentFrame();
  await payButton(page).scrollIntoViewIfNeeded();
  for (;;) {
    const inside = Math.ceil(
      await frame.evaluate(() => document.documentElement.getBoundingClientRect().height),
    );
    const outside = await iframe.evaluate((f) => f.style.height);
    if (inside > 0 && outside === `${inside}px`) return;
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
  }
}

/** The sealed card in a request's body or a submission: its compact JWE, checked. */
function sealedCard(text) {
  if (text.includes(CARD_NUMBER)) throw new Error('the card number was sent in clear');
  const found = [...text.matchAll(/"([\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+)"/g)].map((m) => m[1]);
  const jwe = found.find((s) => COMPACT_JWE.test(s) && s.startsWith('eyJ'));
  if (!jwe) throw new Error(`no compact JWE in ${text.slice(0, 200)}`);
  return jwe;
}

/**
 * Pays, and ends the journey when the POST that carries the sealed card is answered: what the page
 * asked for beside it (the outcome's look and words, loaded while the payment is made) counts,
 * what it asks for once the answer is in does not. Answers the JWE it carried.
 */
async function paySealed(page, end) {
  const carries = (r) =>
    r.method() === 'POST' &&
    new URL(r.url()).pathname === '/paylit/payments' &&
    /"[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+"/.test(r.postData() ?? '');
  // Ended in the event itself, before any later request is seen.
  const onResponse = (r) => void (carries(r.request()) && end());
  page.on('response', onResponse);
  const answered = page.waitForResponse((r) => carries(r.request()));
  await payButton(page).click();
  const response = await answered;
  page.off('response', onResponse);
  return { jwe: sealedCard(response.request().postData() ?? '') };
}

/**
 * @typedef {{ shop: string, static: string, sandbox: string, served: { name: string, body: Buffer, at: number }[], close(): Promise<void> }} Shop
 * @typedef {{ id: string, name: string, run(page: import('@playwright/test').Page, shop: Shop, end: () => void): Promise<{ jwe?: string }> }} Journey
 * A journey: what the shopper does, `end()` called at its end (when the page has what the
 * journey is for); it answers the sealed card's JWE where it seals one.
 * @type {Journey[]}
 */
export const journeys = [
  {
    id: 'card-sealed',
    name: 'card sealed (en, page isolation, card-only order, complete payer, companion server)',
    async run(page, { shop }, end) {
      await page.goto(`${shop}/checkout?order=card&lang=en&isolation=page`);
      await ready(page);
      await typeCard(page, 'page');
      return paySealed(page, end);
    },
  },
  {
    id: 'pix-shown',
    name: 'Pix code shown (pt-BR, a Pix order)',
    async run(page, { shop }, end) {
      await page.goto(`${shop}/checkout?order=pix&lang=pt-BR&isolation=page`);
      await ready(page);
      await page
        .locator('paylit-checkout')
        .getByRole('radio', { name: 'Pix', exact: true })
        .check();
      await payButton(page).click();
      // The end: the Pix code (the BR Code, "000201…") in a field on screen, wherever the
      // checkout draws it (any input, through shadow roots).
      await page.waitForFunction(() => {
        const inputs = (root) =>
          [...root.querySelectorAll('*')].flatMap((e) => [
            ...(e.localName === 'input' ? [e] : []),
            ...(e.shadowRoot ? inputs(e.shadowRoot) : []),
          ]);
        return inputs(document).some(
          (i) => i.value.startsWith('000201') && i.checkVisibility({ visibilityProperty: true }),
        );
      });
      return {};
    },
  },
  {
    id: 'card-sealed-frame',
    name: 'card sealed in frame isolation (en, card-only order, companion server)',
    async run(page, { shop }, end) {
      await page.goto(`${shop}/checkout?order=card&lang=en&isolation=frame`);
      await ready(page);
      await typeCard(page, 'frame');
      return paySealed(page, end);
    },
  },
  {
    id: 'payer-step',
    name: 'the payer step (pt-BR, a card order lacking the CPF)',
    async run(page, { shop }, end) {
      await page.goto(`${shop}/checkout?order=no-cpf&lang=pt-BR&isolation=page`);
      // The end: the payer's fields shown, the CPF's among them.
      await page.locator('paylit-checkout').getByLabel('CPF', { exact: true }).waitFor();
      end();
      return {};
    },
  },
  {
    id: 'card-sealed-keyed',
    name: 'card sealed without a server, from a public key alone (en, page isolation)',
    async run(page, { shop }, end) {
      await page.goto(`${shop}/keyed?lang=en`);
      await ready(page);
      // The merchant's page takes the submission (paylit-submit) to its own backend.
      await page.evaluate(() =>
        document.querySelector('paylit-checkout').addEventListener('paylit-submit', (e) => {
          e.preventDefault();
          window.sealedSubmission = JSON.stringify(e.detail.submission);
        }),
      );
      await typeCard(page, 'page');
      await payButton(page).click();
      const submission = await (
        await page.waitForFunction(() => window.sealedSubmission)
      ).jsonValue();
      end();
      return { jwe: sealedCard(submission) };
    },
  },
];

/** A response that is JavaScript or CSS: by the resource type the browser gave it, or its content type. */
export function isScriptOrStyle(response) {
  const type = response.request().resourceType();
  const contentType = response.headers()['content-type'] ?? '';
  return (
    type === 'script' ||
    type === 'stylesheet' ||
    /\b(javascript|ecmascript|css)\b/.test(contentType)
  );
}

/** Aborts every request for a host other than this machine's loopback: nothing leaves it. */
export async function keepLocal(context) {
  await context.route(
    (url) =>
      !/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(url.hostname) && url.protocol !== 'data:',
    (route) => route.abort('blockedbyclient'),
  );
}

/**
 * Runs one journey in a fresh context of `browser` and answers its bytes: each JS or CSS file
 * asked for until the journey's end, with its gzip (level 9) size, and their total.
 *
 * The browser's own report is the record (the context's `request` events, each file's response
 * body read). One request it does not report: the card frame's script, asked for by the frame's
 * opaque-origin `srcdoc` document (Playwright's network events miss this frame's requests, seen
 * with Chromium 156). The static origin's log fills that gap: any bundle file it answered before
 * the end that the browser's events did not report is counted with the bytes it sent, and
 * marked `(static origin's log)`. The journey's `reported` says which files the browser reported.
 * @param {import('@playwright/test').Browser} browser
 * @param {Shop} shop
 * @param {Journey} journey
 * @returns {Promise<{ id: string, name: string, files: { name: string, gzip: number, raw: number, from: 'browser' | 'static origin' }[], total: number, errors: string[], jwe?: string }>}
 */
export async function measure(browser, shop, journey) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await keepLocal(context);
    /** @type {import('@playwright/test').Request[]} */
    const requests = [];
    let endedAt;
    const end = () => void (endedAt ??= Date.now());
    context.on('request', (r) => void (endedAt === undefined && requests.push(r)));
    shop.served.length = 0;
    const page = await context.newPage();
    /** The page's console errors and uncaught errors: a journey that works has none. */
    const errors = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('pageerror', (e) => void errors.push(e.message));
    const out = await journey.run(page, shop, end);
    end();
    const nameOf = (url) => {
      const u = new URL(url);
      return u.origin === shop.static ? u.pathname.slice(1) : url;
    };
    const files = [];
    for (const request of requests) {
      const response = await request.response();
      if (!response || !isScriptOrStyle(response)) continue;
      // A frame's response whose body the browser no longer hands out: the static origin's log
      // below has what it served.
      const body = await response.body().catch(() => undefined);
      if (!body) continue;
      files.push({ name: nameOf(request.url()), body, from: 'browser' });
    }
    const reported = new Map();
    for (const f of files) reported.set(f.name, (reported.get(f.name) ?? 0) + 1);
    const scriptOrStyle = ({ name }) => /\.(m?js|css)$/.test(name);
    for (const { name, body } of shop.served.filter((s) => s.at <= endedAt && scriptOrStyle(s))) {
      if (reported.get(name)) reported.set(name, reported.get(name) - 1);
      else files.push({ name, body, from: 'static origin' });
    }
    const sized = files
      .map(({ name, body, from }) => ({
        name: from === 'browser' ? name : `${name} (static origin's log)`,
        from,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      }))
      .sort((a, b) => b.gzip - a.gzip || a.name.localeCompare(b.name));
    return {
      id: journey.id,
      name: journey.name,
      files: sized,
      total: sized.reduce((sum, f) => sum + f.gzip, 0),
      errors,
      ...out,
    };
  } finally {
    await context.close();
  }
}

/**
 * The table both print: one block per journey, its files by gzip size, its total and budget.
 * @param {{ id: string, name: string, files: { name: string, gzip: number }[], total: number }[]} results
 * @param {Record<string, { budget?: number, target?: number }>} [limits]
 */
export function table(results, limits = {}) {
  const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
  const budgeted = Object.keys(limits).length > 0;
  const lines = ['journey / file (gzip -9, JS and CSS)                               bytes'];
  for (const r of results) {
    const { budget, target } = limits[r.id] ?? {};
    lines.push(r.name);
    for (const f of r.files) lines.push(`  ${f.name.padEnd(62)}${String(f.gzip).padStart(8)}`);
    lines.push(
      `  ${'total'.padEnd(62)}${String(r.total).padStart(8)}  (${kb(r.total)}${budget ? `; budget ${budget} B` : budgeted ? '; no budget' : ''}${target ? `, target ${target} B` : ''})`,
    );
  }
  return lines.join('\n');
}
