/**
 * What Debian's Chromium gives a card frame of the kind the issue "Both isolation modes"
 * plans (`<iframe sandbox="allow-scripts">` with `srcdoc`, no `allow-same-origin`), on a page
 * under the demo's strict CSP with Trusted Types: the groundwork the frame mode is built on,
 * kept as a spec so that a browser that changes any of it says so.
 *
 * What it tells the design: classic scripts load in the frame from beside the page under the
 * page's own policy, but the ES module chunks the script-tag file loads with `import()` do
 * not, unless the host sends `Access-Control-Allow-Origin` (a module is fetched in CORS mode,
 * and the frame's origin is opaque): the frame's code, its language and its encryption must
 * come as classic scripts for the merchant to deploy nothing new.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-src 'self'; require-trusted-types-for 'script'; trusted-types paylit";

/** The page: makes the frame through a Trusted Types policy, hands it one MessagePort, records what comes back. */
const pageScript = `
const policy = trustedTypes.createPolicy('paylit', { createHTML: (s) => s });
window.results = { violations: [], messages: [], strays: [] };
document.addEventListener('securitypolicyviolation', (e) => results.violations.push(e.violatedDirective + ' ' + e.blockedURI));
// A hostile page script: every key event on the page, in the capture phase.
for (const type of ['keydown', 'keypress', 'input', 'beforeinput']) window.addEventListener(type, (e) => results.strays.push(type + ':' + (e.key ?? e.data ?? '')), true);
const frame = document.createElement('iframe');
frame.setAttribute('sandbox', 'allow-scripts');
frame.title = 'Card details';
frame.srcdoc = policy.createHTML('<!doctype html><html><head><script src="' + new URL('/frame.js', location.href) + '"></' + 'script></head><body><input id="number" autocomplete="cc-number" inputmode="numeric" aria-label="Card number"></body></html>');
const channel = new MessageChannel();
channel.port1.onmessage = (e) => results.messages.push(e.data);
frame.addEventListener('load', () => frame.contentWindow.postMessage({ type: 'paylit-port' }, '*', [channel.port2]), { once: true });
document.body.append(frame);
window.frameElementForTest = frame;
`;

/** The frame: says what it can do, over the port it was handed, and only that port. */
const frameScript = `
let port;
window.addEventListener('message', async (e) => {
  if (port || e.source !== parent || e.data?.type !== 'paylit-port' || !e.ports[0]) return;
  port = e.ports[0];
  const key = await crypto.subtle.generateKey({ name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, false, ['encrypt', 'decrypt']);
  const sealed = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key.publicKey, new TextEncoder().encode('4111111111111111'));
  let parentDocument = 'reachable';
  try { void parent.document.body; } catch { parentDocument = 'unreachable'; }
  // The script-tag file's chunks are ES modules, fetched in CORS mode: from the frame's opaque
  // origin, a server that sends no Access-Control-Allow-Origin (as a merchant's static host does not) refuses them.
  const chunk = async (path) => import(new URL(path, document.querySelector('script').src).href).then((m) => m.default, (e) => 'refused: ' + e.name);
  const [plainChunk, corsChunk] = await Promise.all([chunk('/chunk.js'), chunk('/chunk-cors.js')]);
  port.postMessage({ origin: self.origin, secure: isSecureContext, subtle: typeof crypto.subtle?.encrypt, sealedBytes: sealed.byteLength, parentDocument, cookies: (() => { try { return document.cookie; } catch { return 'denied'; } })(), plainChunk, corsChunk });
  const input = document.getElementById('number');
  input.addEventListener('input', () => port.postMessage({ type: 'digits', count: input.value.replace(/\\D/g, '').length }));
});
`;

let server: Server;
let origin: string;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const headers = { 'Content-Security-Policy': CSP, 'Cache-Control': 'no-store' };
    if (req.url === '/page.js')
      return void res
        .writeHead(200, { ...headers, 'Content-Type': 'text/javascript' })
        .end(pageScript);
    if (req.url === '/frame.js')
      return void res
        .writeHead(200, { ...headers, 'Content-Type': 'text/javascript' })
        .end(frameScript);
    if (req.url === '/chunk.js')
      return void res
        .writeHead(200, { ...headers, 'Content-Type': 'text/javascript' })
        .end("export default 'loaded';");
    if (req.url === '/chunk-cors.js')
      return void res
        .writeHead(200, {
          ...headers,
          'Content-Type': 'text/javascript',
          'Access-Control-Allow-Origin': '*',
        })
        .end("export default 'loaded';");
    res
      .writeHead(200, { ...headers, 'Content-Type': 'text/html' })
      .end(
        '<!doctype html><html lang="en"><head><title>Frame probe</title><script src="/page.js" defer></script></head><body><main><h1>Checkout</h1></main></body></html>',
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("a sandboxed srcdoc frame under the page's strict CSP: its script loads from beside the page, ES module chunks only with CORS, its origin is opaque, WebCrypto works, and one MessagePort carries what it sends", async ({
  page,
}) => {
  await page.goto(`${origin}/`);
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { results: { messages: unknown[] } }).results.messages.length,
      ),
    )
    .toBeGreaterThan(0);
  const results = await page.evaluate(
    () =>
      (
        window as unknown as {
          results: { violations: string[]; messages: Record<string, unknown>[] };
        }
      ).results,
  );
  expect(results.violations).toEqual([]);
  expect(results.messages[0]).toEqual({
    origin: 'null',
    secure: true,
    subtle: 'function',
    sealedBytes: 256,
    parentDocument: 'unreachable',
    cookies: 'denied',
    plainChunk: 'refused: TypeError',
    corsChunk: 'loaded',
  });
  // The page cannot reach the frame's document, nor its inputs.
  expect(
    await page.evaluate(
      () =>
        (window as unknown as { frameElementForTest: HTMLIFrameElement }).frameElementForTest
          .contentDocument,
    ),
  ).toBeNull();

  // The shopper types into the frame: the page's capture listeners hear nothing; the count crosses because the frame sends it.
  const frame = page.frameLocator('iframe[title="Card details"]');
  await frame.locator('#number').click();
  await page.keyboard.type('4111');
  await expect
    .poll(() =>
      page.evaluate(() =>
        (
          window as unknown as { results: { messages: { type?: string; count?: number }[] } }
        ).results.messages.at(-1),
      ),
    )
    .toEqual({ type: 'digits', count: 4 });
  expect(
    await page.evaluate(
      () => (window as unknown as { results: { strays: string[] } }).results.strays,
    ),
  ).toEqual([]);
});

test("Tab moves from the page into the frame's input and back out", async ({ page }) => {
  await page.goto(`${origin}/`);
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { results: { messages: unknown[] } }).results.messages.length,
      ),
    )
    .toBeGreaterThan(0);
  await page.evaluate(() => {
    const before = Object.assign(document.createElement('button'), { textContent: 'Before' });
    const after = Object.assign(document.createElement('button'), { textContent: 'After' });
    const frame = (window as unknown as { frameElementForTest: HTMLIFrameElement })
      .frameElementForTest;
    frame.before(before);
    frame.after(after);
    before.focus();
  });
  await page.keyboard.press('Tab');
  const frame = page.frameLocator('iframe[title="Card details"]');
  await expect(frame.locator('#number')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'After' })).toBeFocused();
});
