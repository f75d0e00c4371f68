/**
 * The script-tag file on a page served with a strict Content Security Policy and Trusted
 * Types: the elements render, the card fields format and encrypt, and no violation is reported.
 * The file is served from a path of its own (as from a CDN folder): its chunks (languages,
 * marks, the encryption) are found beside it, and only those the page needs are loaded, when
 * it needs them: the encryption once a card field is focused.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { decryptCard, generateCardKeyPair, type CardKeyPair } from '@paylit/core/crypto';
import { expect, test } from '@playwright/test';
import { firstFiles, staticGraph } from '../../../test/support/bundle-graph.mjs';

const csp =
  "default-src 'self'; script-src 'self'; style-src 'self'; require-trusted-types-for 'script'";
const dist = fileURLToPath(new URL('../dist/bundle/', import.meta.url));
const bundle = readFileSync(`${dist}paylit.js`);
let server: Server;
let origin: string;
let keys: CardKeyPair;

test.beforeAll(async () => {
  keys = await generateCardKeyPair();
  const page = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>CSP</title><script src="/vendor/paylit/paylit.js"></script><script src="/page.js"></script></head>
<body><main><paylit-checkout amount="120" currency="BRL" country="BR" public-key='${JSON.stringify(keys.publicJwk).replace(/'/g, '&#39;')}'></paylit-checkout></main></body></html>`;
  const pageScript = `window.violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.violatedDirective + ' ' + e.blockedURI));
document.addEventListener('paylit-submit', (e) => { window.submission = e.submission; });
document.addEventListener('paylit-error', (e) => { (window.errors ??= []).push({ kind: e.kind, retryable: e.retryable }); });`;
  server = createServer((req, res) => {
    const headers = { 'Content-Security-Policy': csp };
    if (req.url === '/vendor/paylit/paylit.js')
      return void res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript' }).end(bundle);
    const chunk = /^\/vendor\/paylit\/(paylit\.[\w.-]+\.js)$/.exec(req.url ?? '')?.[1];
    if (chunk && existsSync(dist + chunk))
      return void res
        .writeHead(200, { ...headers, 'Content-Type': 'text/javascript' })
        .end(readFileSync(dist + chunk));
    if (req.url === '/page.js')
      return void res
        .writeHead(200, { ...headers, 'Content-Type': 'text/javascript' })
        .end(pageScript);
    if (req.url === '/blank')
      return void res
        .writeHead(200, { ...headers, 'Content-Type': 'text/html' })
        .end('<!doctype html><title>blank</title><script src="/page.js"></script>');
    res.writeHead(200, { ...headers, 'Content-Type': 'text/html' }).end(page);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

test.afterAll(() => new Promise((r) => server.close(r)));

test('renders, formats, encrypts and submits under a strict CSP with Trusted Types', async ({
  page,
}) => {
  const errors: string[] = [];
  const scripts: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on(
    'request',
    (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname),
  );
  await page.goto(origin);
  const number = page.locator('paylit-card-fields #number');
  await expect(number).toBeVisible();
  await expect(page.locator('paylit-card-fields label[for=number]')).toHaveText('Número do cartão');
  // Before any field is focused: the page's language and the marks, from beside the script; no
  // other language, and not the encryption.
  const vendor = () => [...new Set(scripts.filter((s) => s.startsWith('/vendor/')))].sort();
  await expect.poll(vendor).toContain('/vendor/paylit/paylit.marks.js');
  const at = (files: string[]) => files.map((f) => `/vendor/paylit/${f}`).sort();
  // The module and what it imports (Lit, core's card rules: each once), then the page's language
  // and the marks.
  const first = firstFiles();
  expect(vendor()).toEqual(at([...first, 'paylit.marks.js', 'paylit.pt-BR.js']));
  await number.focus();
  // The encryption's chunk comes with the first focus, under the same policy.
  await expect.poll(vendor).toContain('/vendor/paylit/paylit.encryption.js');
  await number.pressSequentially('4111111111111111');
  await expect(number).toHaveValue('4111 1111 1111 1111');
  await page.locator('paylit-card-fields #expiry').pressSequentially('1230');
  await page.locator('paylit-card-fields #cvv').pressSequentially('123');
  await page.locator('paylit-card-fields #holder').fill('Ana Lima');
  await page.locator('paylit-checkout button').click();
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { submission?: unknown }).submission !== undefined),
    )
    .toBe(true);
  const submission = await page.evaluate(
    () => (window as unknown as { submission: { method: { encryptedData: string } } }).submission,
  );
  expect(await decryptCard(submission.method.encryptedData, keys.privateJwk)).toEqual({
    number: '4111111111111111',
    cvv: '123',
  });
  // The styles applied: adopted stylesheets are allowed by style-src 'self'.
  expect(
    await page
      .locator('paylit-card-fields #number')
      .evaluate((el) => getComputedStyle(el).borderRadius),
  ).toBe('8px');
  expect(
    await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
  ).toEqual([]);
  expect(errors).toEqual([]);
  // Paid with the page's language, the marks and the encryption: no other language.
  expect(vendor()).toEqual(
    at([
      ...new Set([
        ...first,
        'paylit.marks.js',
        'paylit.pt-BR.js',
        ...staticGraph('paylit.encryption.js'),
      ]),
    ]),
  );
});

test("paylit.js adds one global of its own to the page, `paylit`, whose `ready` gives the module's values once the elements are defined", async ({
  page,
}) => {
  await page.goto(`${origin}/blank`);
  const blank = await page.evaluate(() => Object.getOwnPropertyNames(window));
  await page.goto(origin);
  const values = await page.evaluate(async () => {
    const paylit = (window as unknown as { paylit: { ready: Promise<Record<string, unknown>> } })
      .paylit;
    const module = await paylit.ready;
    return {
      defined: !!customElements.get('paylit-checkout'),
      checkout: typeof module.PaylitCheckout,
      global: typeof (window as unknown as { paylit: Record<string, unknown> }).paylit.format,
    };
  });
  expect(values).toEqual({ defined: true, checkout: 'function', global: 'function' });
  const added = (await page.evaluate(() => Object.getOwnPropertyNames(window))).filter(
    (name) => !blank.includes(name),
  );
  // Beside Lit's own version registries, which every Lit page has.
  expect(
    added.filter((name) => !['violations', 'submission', 'errors'].includes(name)).sort(),
  ).toEqual([
    'litElementVersions',
    'litHtmlVersions',
    'litPropertyMetadata',
    'paylit',
    'reactiveElementVersions',
  ]);
});

test('a module paylit.js cannot load (not served beside it, or another origin without CORS) is said on the console with the fix, and no element is defined', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.route('**/vendor/paylit/paylit.module.js', (route) => route.abort());
  await page.goto(origin);
  await expect
    .poll(() => errors.find((e) => e.startsWith('paylit: ')))
    .toMatch(/paylit\.module\.js could not be loaded.*Access-Control-Allow-Origin/);
  expect(await page.evaluate(() => !!customElements.get('paylit-checkout'))).toBe(false);
});

test('another language is loaded when it is chosen, and the checkout speaks it, right to left for Arabic, under the same policy', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on(
    'request',
    (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname),
  );
  await page.goto(origin);
  await expect(page.locator('paylit-card-fields label[for=number]')).toHaveText('Número do cartão');
  expect(scripts).not.toContain('/vendor/paylit/paylit.ar.js');
  await page.locator('paylit-checkout').evaluate((el) => el.setAttribute('lang', 'ar'));
  await expect(page.locator('paylit-card-fields label[for=number]')).not.toHaveText(
    'Número do cartão',
  );
  await expect(page.locator('paylit-card-fields label[for=number]')).not.toHaveText('Card number');
  expect(scripts).toContain('/vendor/paylit/paylit.ar.js');
  expect(
    await page
      .locator('paylit-card-fields #number')
      .evaluate((el) => getComputedStyle(el).direction),
  ).toBe('ltr');
  expect(
    await page
      .locator('paylit-card-fields label[for=number]')
      .evaluate((el) => getComputedStyle(el).direction),
  ).toBe('rtl');
  expect(
    await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
  ).toEqual([]);
});

test("the encryption's chunk failing to load is a network error the shopper reads, nothing is submitted, and Pay works once it loads", async ({
  page,
}) => {
  let blocked = true;
  await page.route('**/vendor/paylit/paylit.encryption.js', (route) =>
    blocked ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.goto(origin);
  const number = page.locator('paylit-card-fields #number');
  await number.pressSequentially('4111111111111111');
  await page.locator('paylit-card-fields #expiry').pressSequentially('1230');
  await page.locator('paylit-card-fields #cvv').pressSequentially('123');
  await page.locator('paylit-card-fields #holder').fill('Ana Lima');
  await page.locator('paylit-checkout button').click();
  await expect(page.locator('paylit-checkout [part=message]')).toHaveText(
    'Não conseguimos falar com a loja. Confira sua conexão e tente de novo.',
  );
  expect(await page.evaluate(() => (window as unknown as { errors: unknown[] }).errors)).toEqual([
    { kind: 'network', retryable: true },
  ]);
  expect(
    await page.evaluate(() => (window as unknown as { submission?: unknown }).submission),
  ).toBeUndefined();
  blocked = false;
  await page.locator('paylit-checkout button').click();
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { submission?: unknown }).submission !== undefined),
    )
    .toBe(true);
  const submission = await page.evaluate(
    () => (window as unknown as { submission: { method: { encryptedData: string } } }).submission,
  );
  expect(await decryptCard(submission.method.encryptedData, keys.privateJwk)).toEqual({
    number: '4111111111111111',
    cvv: '123',
  });
});
