/**
 * `paylit.js` on one page twice, from two places: a shop's theme includes it from a CDN and an
 * app block from the shop's own folder, or an old copy was left beside a new one. The first copy
 * on the page is the one that runs; the other does nothing but say so (a warning, naming both):
 * no uncaught error, no second card frame, `paylit.ready` fulfilled, and the card is sealed once.
 */
import { generateCardKeyPair } from '@paylit/core/crypto';
import { expect, test as base } from '@playwright/test';
import { serveBundlePage } from './support/bundle-page.js';
import { consoleErrors } from './support/console.js';
import type { Served } from './support/shop-front.js';
import { cardInputs, isolations } from './support/demo.js';

let served: Served;
let origin: string;

const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [consoleErrors, { auto: true }],
});

test.beforeAll(async () => {
  const { publicJwk } = await generateCardKeyPair();
  const publicKey = JSON.stringify(publicJwk).replace(/'/g, '&#39;');
  const page = (isolation: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Twice</title>
<script src="/paylit.js"></script><script src="/theme/v2/paylit.js"></script><script src="/page.js"></script></head>
<body><main><paylit-checkout amount="120" currency="BRL" country="BR" isolation="${isolation}" public-key='${publicKey}'></paylit-checkout></main></body></html>`;
  const pageScript = `document.addEventListener('paylit-submit', (e) => { window.sealed = (window.sealed ?? 0) + 1; e.preventDefault(); });`;
  served = await serveBundlePage(
    (url) => page(url.searchParams.get('isolation') ?? 'page'),
    pageScript,
    { copies: ['theme/v2'] },
  );
  origin = served.url;
});

test.afterAll(() => served.close());

for (const isolation of isolations)
  test(`${isolation} isolation: the first copy runs, the second says so and does nothing; no error, one card frame at most, the card sealed once`, async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
    await page.goto(`${origin}/?isolation=${isolation}`);
    const pay = page.locator('paylit-checkout button[part=button]');
    await expect(pay).toHaveAttribute('aria-disabled', 'false');
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as { paylit: { ready: Promise<unknown> } }).paylit.ready.then(
          () => 'fulfilled',
          () => 'rejected',
        ),
      ),
    ).toBe('fulfilled');
    const fields = await cardInputs(page);
    await fields.locator('#number').pressSequentially('4111111111111111');
    await fields.locator('#expiry').pressSequentially('1230');
    await fields.locator('#cvv').fill('123');
    await fields.locator('#holder').fill('Ana Lima');
    await expect(page.locator('paylit-card-fields').first()).toHaveJSProperty('complete', true);
    await pay.click();
    await expect.poll(() => page.evaluate(() => (window as { sealed?: number }).sealed)).toBe(1);
    // Every frame on the page, through shadow roots: the card frame alone (frame isolation).
    const frames = await page.evaluate(() => {
      const all = (root: Document | ShadowRoot): number =>
        root.querySelectorAll('iframe').length +
        [...root.querySelectorAll('*')].reduce(
          (n, e) => n + (e.shadowRoot ? all(e.shadowRoot) : 0),
          0,
        );
      return all(document);
    });
    expect(frames).toBe(isolation === 'frame' ? 1 : 0);
    expect(warnings.filter((w) => w.startsWith('paylit:'))).toEqual([
      `paylit: ${origin}/theme/v2/paylit.js does nothing: paylit.js already runs from ${origin}/paylit.js`,
    ]);
  });
