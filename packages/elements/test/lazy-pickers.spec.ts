/**
 * The script-tag build's wallet picker and installments: chunks of their own
 * (`paylit.paylit-wallet-select.js`, `paylit.paylit-installments.js`), which a checkout loads,
 * and so defines, when it draws one or the merchant put one inside it. A card-only checkout
 * fetches neither; a merchant's own layout gets both defined, wrappers and all.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { generateCardKeyPair } from '@paylit/core/crypto';
import { expect, test, type Page } from '@playwright/test';

const dist = fileURLToPath(new URL('../dist/bundle/', import.meta.url));
const pickers = ['paylit.paylit-wallet-select.js', 'paylit.paylit-installments.js'];
let server: Server;
let origin: string;

test.beforeAll(async () => {
  const key = JSON.stringify((await generateCardKeyPair()).publicJwk).replace(/'/g, '&#39;');
  const checkout = (inside: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>pickers</title><script src="/paylit/paylit.js"></script></head>
<body><paylit-checkout amount="120" currency="BRL" country="BR" public-key='${key}'>${inside}</paylit-checkout></body></html>`;
  const pages: Record<string, string> = {
    '/card-only': checkout(''),
    '/own-layout': checkout(
      '<div class="mine"><paylit-wallet-select></paylit-wallet-select><paylit-card-fields></paylit-card-fields></div><section><paylit-installments></paylit-installments></section>',
    ),
  };
  server = createServer((req, res) => {
    const file = /^\/paylit\/(paylit(?:\.[\w.-]+)?\.js)$/.exec(req.url ?? '')?.[1];
    if (file && existsSync(dist + file))
      return void res
        .writeHead(200, { 'Content-Type': 'text/javascript' })
        .end(readFileSync(dist + file));
    const page = pages[req.url ?? ''];
    if (page) return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

test.afterAll(() => new Promise((r) => server.close(r)));

/** Opens `path` and answers the names of the paylit scripts the page fetches from then on. */
async function open(page: Page, path: string): Promise<() => string[]> {
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') fetched.push(new URL(r.url()).pathname.split('/').pop()!);
  });
  await page.goto(origin + path);
  return () => fetched;
}

test('a card-only checkout draws its card fields and fetches neither picker', async ({ page }) => {
  for (const file of pickers) expect(existsSync(dist + file), file).toBe(true);
  const fetched = await open(page, '/card-only');
  await expect(page.locator('paylit-card-fields #number')).toBeVisible();
  // The marks come after the first render: by then anything the checkout wanted was asked for.
  await expect(page.locator('paylit-card-fields .accepted svg').first()).toBeVisible();
  expect(fetched()).toContain('paylit.module.js');
  for (const file of pickers) expect(fetched(), file).not.toContain(file);
  expect(
    await page.evaluate(() =>
      ['paylit-wallet-select', 'paylit-installments'].map((tag) => !!customElements.get(tag)),
    ),
  ).toEqual([false, false]);
});

test("a merchant's own layout, the pickers in wrappers inside the checkout, gets both defined from their chunks", async ({
  page,
}) => {
  const fetched = await open(page, '/own-layout');
  await expect(page.locator('paylit-card-fields #number')).toBeVisible();
  await page.waitForFunction(() =>
    ['paylit-wallet-select', 'paylit-installments'].every((tag) => customElements.get(tag)),
  );
  for (const file of pickers) expect(fetched(), file).toContain(file);
  // Upgraded where the merchant put them, with a shadow root of their own.
  expect(
    await page.evaluate(() =>
      ['paylit-wallet-select', 'paylit-installments'].map(
        (tag) => document.querySelector(tag)?.shadowRoot !== null,
      ),
    ),
  ).toEqual([true, true]);
});
