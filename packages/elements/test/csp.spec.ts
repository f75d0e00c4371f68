/**
 * The script-tag file on a page served with a strict Content Security Policy and Trusted
 * Types: the elements render, the card fields format and encrypt, and no violation is reported.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { decryptCard, generateCardKeyPair, type CardKeyPair } from '@paylit/core/crypto';
import { expect, test } from '@playwright/test';

const csp = "default-src 'self'; script-src 'self'; style-src 'self'; require-trusted-types-for 'script'";
const bundle = readFileSync(fileURLToPath(new URL('../dist/bundle/paylit.js', import.meta.url)));
let server: Server;
let origin: string;
let keys: CardKeyPair;

test.beforeAll(async () => {
  keys = await generateCardKeyPair();
  const page = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>CSP</title><script src="/paylit.js"></script><script src="/page.js"></script></head>
<body><main><paylit-checkout amount="120" currency="BRL" country="BR" public-key='${JSON.stringify(keys.publicJwk).replace(/'/g, '&#39;')}'></paylit-checkout></main></body></html>`;
  const pageScript = `window.violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.violatedDirective + ' ' + e.blockedURI));
document.addEventListener('paylit-submit', (e) => { window.submission = e.submission; });`;
  server = createServer((req, res) => {
    const headers = { 'Content-Security-Policy': csp };
    if (req.url === '/paylit.js') return void res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript' }).end(bundle);
    if (req.url === '/page.js') return void res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript' }).end(pageScript);
    res.writeHead(200, { ...headers, 'Content-Type': 'text/html' }).end(page);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

test.afterAll(() => new Promise((r) => server.close(r)));

test('renders, formats, encrypts and submits under a strict CSP with Trusted Types', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(origin);
  const number = page.locator('paylit-card-fields #number');
  await expect(number).toBeVisible();
  await expect(page.locator('paylit-card-fields label[for=number]')).toHaveText('Número do cartão');
  await number.pressSequentially('4111111111111111');
  await expect(number).toHaveValue('4111 1111 1111 1111');
  await page.locator('paylit-card-fields #expiry').pressSequentially('1230');
  await page.locator('paylit-card-fields #cvv').pressSequentially('123');
  await page.locator('paylit-card-fields #holder').fill('Ana Lima');
  await page.locator('paylit-checkout button').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { submission?: unknown }).submission !== undefined)).toBe(true);
  const submission = await page.evaluate(() => (window as unknown as { submission: { method: { encryptedData: string } } }).submission);
  expect(await decryptCard(submission.method.encryptedData, keys.privateJwk)).toEqual({ number: '4111111111111111', cvv: '123' });
  // The styles applied: adopted stylesheets are allowed by style-src 'self'.
  expect(await page.locator('paylit-card-fields #number').evaluate((el) => getComputedStyle(el).borderRadius)).toBe('8px');
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  expect(errors).toEqual([]);
});
