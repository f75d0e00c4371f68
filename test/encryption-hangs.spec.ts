/**
 * A CDN that hangs on one of paylit's later files (the card's encryption, or the card frame's
 * own script) while the shopper presses Pay: the checkout does not say "Processing…" for ever.
 * After a bounded wait it says, in the shopper's language, that it could not go on, fires one
 * `paylit-error` (kind `network`, retryable), sends nothing and charges nothing, and Pay can be
 * pressed again. The file arriving afterwards sends nothing by itself: the next Pay pays once.
 * The shop's server holds the file (support/shop-front.ts `holdingFront`): the frame's requests are made
 * by a process of its own, which Playwright cannot hold.
 */
import type { Page } from '@playwright/test';
import { holdingFront, type Served } from './support/shop-front.js';
import { scaled } from './support/time.mjs';
import {
  cardInputs,
  expect,
  ledger,
  log,
  payButton,
  settled,
  test,
  typeCard,
  type Demo,
} from './support/demo.js';

const served: Served[] = [];
test.afterEach(async () => {
  await Promise.all(served.splice(0).map((s) => s.close()));
});

async function slowShop(demo: Demo, path: string) {
  const shop = await holdingFront(demo.url, [path]);
  served.push(shop);
  return shop;
}

const errors = (page: Page) =>
  page.evaluate(() => (window as unknown as { paylitErrors: unknown[] }).paylitErrors);

for (const [isolation, path] of [
  ['page', '/paylit.encryption.js'],
  ['frame', '/paylit.frame-crypto.js'],
  ['frame', '/paylit.frame.js'],
] as const)
  test(`${isolation} isolation, ${path.slice(1)} never arrives: Pay says so in the shopper's language after a bounded wait, one paylit-error, nothing sent; it arriving later sends nothing, and Pay then pays once`, async ({
    page,
    demo,
  }) => {
    test.setTimeout(scaled(60_000));
    const shop = await slowShop(demo, path);
    await page.addInitScript(() => {
      const seen: unknown[] = ((window as unknown as { paylitErrors: unknown[] }).paylitErrors =
        []);
      addEventListener('paylit-error', (e) => seen.push({ kind: (e as { kind?: string }).kind }));
    });
    const posts: string[] = [];
    page.on(
      'request',
      (r) => void (r.method() === 'POST' && posts.push(new URL(r.url()).pathname)),
    );
    // (the page's `load` waits for the card frame's)
    await page.goto(`${shop.url}/plain.html?scenario=pay&lang=pt-BR&isolation=${isolation}`, {
      waitUntil: 'domcontentloaded',
    });
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
    const order = (await page.locator('paylit-checkout').getAttribute('order'))!;
    // The frame's own script held: the frame cannot show its fields, and Pay is pressed as is.
    if (path !== '/paylit.frame.js') await typeCard(page);
    await expect.poll(() => shop.asked(path)).toBe(true);
    await payButton(page).click();
    await expect(payButton(page)).toHaveAttribute('aria-busy', 'true');
    await expect(page.locator('paylit-checkout [part=message]')).toContainText(
      'Não conseguimos falar com a loja',
      { timeout: scaled(40_000) },
    );
    await expect(payButton(page)).toHaveAttribute('aria-busy', 'false');
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
    expect(await errors(page)).toEqual([{ kind: 'network' }]);
    expect(posts.filter((p) => p.endsWith('/payments'))).toEqual([]);

    // The file comes at last: nothing is sent by itself; the shopper pays again, once.
    shop.release(path);
    if (path === '/paylit.frame.js') {
      await expect(
        page.locator('paylit-card-fields iframe').contentFrame().locator('#number'),
      ).toBeVisible();
      await typeCard(page);
    }
    await settled(page);
    await expect(await cardInputs(page)).toBeAttached();
    await payButton(page).click();
    await expect(log(page).first()).toContainText('PAID');
    await expect(log(page)).toHaveCount(2);
    expect(await errors(page)).toEqual([{ kind: 'network' }]);
    expect(posts.filter((p) => p.endsWith('/payments'))).toHaveLength(1);
    expect((await ledger(demo, order)).filter((e) => e.money_moved)).toHaveLength(1);
  });
