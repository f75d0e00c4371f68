/**
 * Frame isolation draws first and loads the rest after: the card frame is made by the card fields
 * as they are drawn, before the frame's page side (`paylit.frame-host.js`) has loaded; the frame's
 * first script (`paylit.frame.js`) draws the fields alone; the marks come after it
 * (`paylit.frame-marks.js`), the encryption when a field is first focused
 * (`paylit.frame-crypto.js`). Served from the built script-tag files under strict CSPs with
 * Trusted Types, as a merchant serves them; the frame's requests are seen by the server (the
 * frame is its own process, which Playwright's routing does not see).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Frame, type Page } from '@playwright/test';
import { decryptCard, generateCardKeyPair } from '@paylit/core/crypto';
import { consoleErrors } from './support/console.js';
import { typeCard } from './support/demo.js';

// Every page of these tests fails on a console error: a CSP or Trusted Types violation logs as one.
const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [consoleErrors, { auto: true }],
});

const bundle = fileURLToPath(new URL('../packages/elements/dist/bundle/', import.meta.url));

/** Each page, and the CSP it is served with (the frame's `srcdoc` inherits it). */
const pages: Record<string, { html: string; csp: string }> = {
  // Trusted Types with the names listed: the frame makes its own policy `paylit` for its later scripts.
  '/form.html': {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card</title><script src="/paylit.js"></script></head>
<body><main><h1>Your card</h1><form><paylit-card-fields name="card" isolation="frame"></paylit-card-fields></form></main></body></html>`,
    csp: "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-src 'self'; require-trusted-types-for 'script'; trusted-types paylit lit-html",
  },
  // A nonce and 'strict-dynamic', no 'self': the later scripts are trusted through the first.
  '/nonce.html': {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card</title><script nonce="n0nce" src="/paylit.js"></script></head>
<body><main><h1>Your card</h1><form><paylit-card-fields name="card" isolation="frame"></paylit-card-fields></form></main></body></html>`,
    csp: "default-src 'self'; script-src 'nonce-n0nce' 'strict-dynamic'; style-src 'self'; connect-src 'self'; require-trusted-types-for 'script'",
  },
};

/**
 * A page that writes the card frame itself, as a bundler's build of the ES modules does: each frame
 * script an asset of its own name, the later ones named on the first (`data-marks`,
 * `data-crypto`); it speaks to the frame over the port as the page side does.
 */
const rawScript = `
const policy = trustedTypes.createPolicy('paylit', { createHTML: (s) => s });
window.heard = [];
const card = document.createElement('iframe');
card.setAttribute('sandbox', 'allow-scripts');
card.title = 'Card details';
card.style.cssText = 'width:400px;height:400px';
card.srcdoc = policy.createHTML('<!doctype html><html><head><meta charset="utf-8"></head><body><script src="/assets/frame-1a2b.js" data-marks="/assets/marks-3c4d.js" data-crypto="/assets/crypto-5e6f.js"></' + 'script></body></html>');
card.addEventListener('load', () => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => heard.push(e.data);
  window.pagePort = channel.port1;
  card.contentWindow.postMessage('paylit-card-frame', '*', [channel.port2]);
  channel.port1.postMessage({ type: 'configure', lang: 'en', messages: null, theme: {}, brands: [], saved: null });
}, { once: true });
document.body.append(card);
`;
pages['/raw.html'] = {
  html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Assets</title><script src="/raw.js" defer></script></head><body><main><h1>Card</h1></main></body></html>`,
  csp: pages['/form.html']!.csp,
};
/** The frame's scripts under the names a bundler gave them. */
const assets: Record<string, string> = {
  '/assets/frame-1a2b.js': 'paylit.frame.js',
  '/assets/marks-3c4d.js': 'paylit.frame-marks.js',
  '/assets/crypto-5e6f.js': 'paylit.frame-crypto.js',
};

let server: Server;
let origin: string;
/** Each script requested, in order, with when (the server's clock). */
let requested: { file: string; at: number }[] = [];
/** The frame's page side is held until this settles (none: served at once). */
let holdIsolation: Promise<void> | undefined;
/** The script-tag module, `paylit.module.js`, is held until this settles (none: served at once). */
let holdModule: Promise<void> | undefined;
/** Requests of the frame's encryption script to refuse next (`Infinity`: all, until set to 0). */
let refuseCrypto = 0;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const page = pages[path];
    const headers = {
      'Content-Security-Policy': (page ?? pages['/form.html']!).csp,
      'Cache-Control': 'no-store',
    };
    if (page)
      return void res.writeHead(200, { ...headers, 'Content-Type': 'text/html' }).end(page.html);
    if (path === '/raw.js')
      return void res
        .writeHead(200, { ...headers, 'Content-Type': 'text/javascript' })
        .end(rawScript);
    if (assets[path]) {
      requested.push({ file: path, at: Date.now() });
      return void res
        .writeHead(200, { ...headers, 'Content-Type': 'text/javascript' })
        .end(readFileSync(bundle + assets[path]));
    }
    const file = /^\/(paylit(\.[\w-]+)?\.js)$/.exec(path)?.[1];
    if (!file) return void res.writeHead(path === '/favicon.ico' ? 204 : 404, headers).end();
    requested.push({ file, at: Date.now() });
    if (file === 'paylit.frame-crypto.js' && refuseCrypto > 0) {
      refuseCrypto--;
      return void res.writeHead(503, headers).end();
    }
    const send = () =>
      res
        .writeHead(200, { ...headers, 'Content-Type': 'text/javascript' })
        .end(readFileSync(bundle + file));
    if (file === 'paylit.frame-host.js' && holdIsolation) void holdIsolation.then(send);
    else if (file === 'paylit.module.js' && holdModule) void holdModule.then(send);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test.beforeEach(() => {
  requested = [];
  holdIsolation = undefined;
  holdModule = undefined;
  refuseCrypto = 0;
});

const asked = (file: string) => requested.filter((r) => r.file === file).length;

/** The card frame's document, as Playwright reaches it. */
async function frameOf(page: Page, selector = 'paylit-card-fields iframe'): Promise<Frame> {
  const iframe = page.locator(selector);
  await expect(iframe).toBeAttached();
  return (await (await iframe.elementHandle())!.contentFrame())!;
}

/** The frame drawn as the page configured it: its height is the page's. */
async function configured(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page
        .locator('paylit-card-fields iframe')
        .evaluate((f: HTMLIFrameElement) => parseFloat(f.style.height) || 0),
    )
    .toBeGreaterThan(100);
}

/** The host's `encrypt()` with this key: the JWE, or how it was refused. */
const encrypt = (page: Page, key: JsonWebKey) =>
  page.locator('paylit-card-fields').evaluate(
    (h, k) =>
      (h as unknown as { encrypt(k: string): Promise<{ encryptedData: string }> })
        .encrypt(JSON.stringify(k))
        .then(
          (c) => c.encryptedData,
          (e: { kind?: string; message: string }) => `refused (${e.kind}): ${e.message}`,
        ),
    key,
  );

test("the card frame loads while the frame's page side does: its fields are drawn before paylit.frame-host.js has arrived", async ({
  page,
}) => {
  let release!: () => void;
  holdIsolation = new Promise((resolve) => (release = resolve));
  await page.goto(`${origin}/form.html`);
  const frame = await frameOf(page);
  // Inside the frame, the number field is there, from the first script alone, the page side still held.
  await expect(frame.locator('paylit-card-fields #number')).toBeAttached();
  expect(asked('paylit.frame-host.js')).toBe(1);
  expect(asked('paylit.frame.js')).toBe(1);
  // Nothing was sent: held, the page side has not spoken to the frame, which stays at height 0.
  expect(
    await page
      .locator('paylit-card-fields iframe')
      .evaluate((f: HTMLIFrameElement) => parseFloat(f.style.height) || 0),
  ).toBe(0);
  release();
  // Then the page side finds the frame loaded, speaks to it, and the frame shows itself.
  await configured(page);
  await expect(frame.locator('paylit-card-fields #number')).toBeEditable();
});

for (const path of ['/form.html', '/nonce.html'])
  test(`paylit.js starts the card frame before its module has loaded; the card fields then take that frame, its document kept, and the card seals (${path === '/form.html' ? 'Trusted Types with names' : "a nonce and 'strict-dynamic'"})`, async ({
    page,
  }) => {
    const { publicJwk, privateJwk } = await generateCardKeyPair();
    let release!: () => void;
    holdModule = new Promise((resolve) => (release = resolve));
    await page.goto(`${origin}${path}`);
    // The module held: no element is defined, and the frame's first script has drawn the fields.
    await expect.poll(() => asked('paylit.frame.js')).toBe(1);
    const early = page.frames().find((f) => f !== page.mainFrame())!;
    await expect(early.locator('paylit-card-fields #number')).toBeAttached();
    expect(asked('paylit.module.js')).toBe(1);
    expect(await page.evaluate(() => customElements.get('paylit-card-fields'))).toBeUndefined();
    // Hidden from the shopper until the card fields show it.
    await expect(page.locator('body > iframe')).toBeHidden();
    await early.evaluate(
      () => ((window as unknown as { mark: string }).mark = 'the same document'),
    );
    release();
    const frame = await frameOf(page);
    await configured(page);
    // The frame the card fields show is the one paylit.js started, not loaded again.
    expect(await frame.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe(
      'the same document',
    );
    expect(await page.locator('iframe').count()).toBe(1);
    await typeCard(page);
    const jwe = await encrypt(page, publicJwk);
    expect(await decryptCard(jwe, privateJwk)).toEqual({ number: '4111111111111111', cvv: '123' });
    expect(asked('paylit.frame.js')).toBe(1);
  });

test('an early frame not taken within 30 s leaves the page; card fields drawn later take it, it loads again in their box, and the card seals (Trusted Types allowing one policy `paylit`)', async ({
  page,
}) => {
  const { publicJwk, privateJwk } = await generateCardKeyPair();
  let release!: () => void;
  holdModule = new Promise((resolve) => (release = resolve));
  await page.clock.install();
  await page.goto(`${origin}/form.html`);
  await expect.poll(() => asked('paylit.frame.js')).toBe(1);
  await expect(page.locator('body > iframe')).toHaveCount(1);
  await page.clock.fastForward(31_000);
  await expect(page.locator('iframe')).toHaveCount(0);
  release();
  await frameOf(page);
  await configured(page);
  // Loaded again from the srcdoc it had: no second policy was asked for (the page's CSP allows one).
  expect(asked('paylit.frame.js')).toBe(2);
  await typeCard(page);
  const jwe = await encrypt(page, publicJwk);
  expect(await decryptCard(jwe, privateJwk)).toEqual({ number: '4111111111111111', cvv: '123' });
});

for (const path of ['/form.html', '/nonce.html'])
  test(`the first script draws the fields; the marks come after it, the encryption when a field is first focused, and the card seals (${path === '/form.html' ? 'Trusted Types with names' : "a nonce and 'strict-dynamic'"})`, async ({
    page,
  }) => {
    const { publicJwk, privateJwk } = await generateCardKeyPair();
    await page.goto(`${origin}${path}`);
    const frame = await frameOf(page);
    await configured(page);
    // The marks, after the first script, drawn in the frame: the brands' row and the security code's hint.
    await expect(frame.locator('paylit-card-fields svg').first()).toBeAttached();
    const at = (file: string) => requested.find((r) => r.file === file)!.at;
    expect(at('paylit.frame-marks.js')).toBeGreaterThanOrEqual(at('paylit.frame.js'));
    // The encryption: not fetched for a frame nobody has typed in.
    expect(asked('paylit.frame-crypto.js')).toBe(0);
    await frame.locator('paylit-card-fields #number').focus();
    await expect.poll(() => asked('paylit.frame-crypto.js')).toBe(1);
    await typeCard(page);
    const jwe = await encrypt(page, publicJwk);
    expect(await decryptCard(jwe, privateJwk)).toEqual({ number: '4111111111111111', cvv: '123' });
    // Each of the frame's scripts once.
    expect(
      requested
        .filter((r) => /^paylit\.frame(-marks|-crypto)?\.js$/.test(r.file))
        .map((r) => r.file)
        .sort(),
    ).toEqual(['paylit.frame-crypto.js', 'paylit.frame-marks.js', 'paylit.frame.js']);
  });

test("the encryption's script refused: the fields still take the card, encrypt() is refused as a network failure the shopper may retry, and the card then seals", async ({
  page,
  consoleErrors,
}) => {
  const { publicJwk, privateJwk } = await generateCardKeyPair();
  // Refused each time it is asked (as each field is focused, and when encrypt() asks), until served again.
  refuseCrypto = Infinity;
  await page.goto(`${origin}/form.html`);
  await frameOf(page);
  await configured(page);
  await typeCard(page);
  expect(await encrypt(page, publicJwk)).toBe('refused (network): the encryption did not load');
  expect(asked('paylit.frame-crypto.js')).toBeGreaterThan(0);
  refuseCrypto = 0;
  const jwe = await encrypt(page, publicJwk);
  expect(await decryptCard(jwe, privateJwk)).toEqual({ number: '4111111111111111', cvv: '123' });
  // The refused requests, as the browser reports them, and nothing else.
  expect(new Set(consoleErrors.splice(0))).toEqual(
    new Set([
      'Failed to load resource: the server responded with a status of 503 (Service Unavailable)',
    ]),
  );
});

test('the later scripts are found where the page wrote them on the first, as a bundler names its assets, and the card seals', async ({
  page,
}) => {
  const { publicJwk, privateJwk } = await generateCardKeyPair();
  await page.goto(`${origin}/raw.html`);
  const frame = await frameOf(page, 'iframe');
  const heard = () =>
    page.evaluate(() => (window as unknown as { heard: { type: string }[] }).heard);
  await expect.poll(async () => (await heard()).some((m) => m.type === 'height')).toBe(true);
  await expect(frame.locator('paylit-card-fields svg').first()).toBeAttached();
  await frame.locator('paylit-card-fields #number').focus();
  await expect.poll(() => asked('/assets/crypto-5e6f.js')).toBe(1);
  await frame.locator('paylit-card-fields #number').pressSequentially('4111111111111111');
  await frame.locator('paylit-card-fields #expiry').pressSequentially('1230');
  await frame.locator('paylit-card-fields #cvv').fill('123');
  await frame.locator('paylit-card-fields #holder').fill('Ana Lima');
  await page.evaluate(
    (key) =>
      (window as unknown as { pagePort: MessagePort }).pagePort.postMessage({
        type: 'seal',
        id: 1,
        publicKey: JSON.stringify(key),
      }),
    publicJwk,
  );
  await expect.poll(async () => (await heard()).some((m) => m.type === 'sealed')).toBe(true);
  const sealed = (await heard()).find((m) => m.type === 'sealed') as unknown as {
    card: { encryptedData: string };
  };
  expect(await decryptCard(sealed.card.encryptedData, privateJwk)).toEqual({
    number: '4111111111111111',
    cvv: '123',
  });
  // Only the assets: nothing was looked for beside the first script under the built names.
  expect(requested.map((r) => r.file).sort()).toEqual([
    '/assets/crypto-5e6f.js',
    '/assets/frame-1a2b.js',
    '/assets/marks-3c4d.js',
  ]);
});
