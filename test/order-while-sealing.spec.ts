/**
 * The merchant sets a new `order` while the card of the last one is being sealed (Pay pressed,
 * "Processing…", the encryption's file slow to come): the checkout shows the new order's form,
 * and the card sealed for the old order is sent nowhere. Neither order is charged by itself, the
 * checkout does not say "Paid" for an order nobody paid, and the shopper's next Pay pays the new
 * order, once. The shop's server holds the encryption's file (support/shop-front.ts `holdingFront`).
 */
import { holdingFront, type Served } from './support/shop-front.js';
import {
  expect,
  isolations,
  ledger,
  log,
  payButton,
  settled,
  test,
  typeCard,
} from './support/demo.js';

const served: Served[] = [];
test.afterEach(async () => {
  await Promise.all(served.splice(0).map((s) => s.close()));
});

for (const isolation of isolations)
  test(`${isolation} isolation: a new order set while the last one's card is sealed: the old order is not charged, the new one is paid once when the shopper pays`, async ({
    page,
    demo,
    context,
  }) => {
    const path = isolation === 'page' ? '/paylit.encryption.js' : '/paylit.frame-crypto.js';
    const shop = await holdingFront(demo.url, [path]);
    served.push(shop);
    // The next order, as the merchant's server makes it.
    const other = await context.newPage();
    await other.goto(`${demo.url}/plain.html?scenario=pay`);
    const next = (await other.locator('paylit-checkout').getAttribute('order'))!;
    await other.close();

    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/payments'))
        posts.push(r.postData() ?? '');
    });
    await page.goto(`${shop.url}/plain.html?scenario=pay&isolation=${isolation}`, {
      waitUntil: 'domcontentloaded',
    });
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
    const first = (await page.locator('paylit-checkout').getAttribute('order'))!;
    await typeCard(page);
    await expect.poll(() => shop.asked(path)).toBe(true);
    await payButton(page).click();
    await expect(payButton(page)).toHaveAttribute('aria-busy', 'true');
    await page
      .locator('paylit-checkout')
      .evaluate((c, order) => c.setAttribute('order', order), next);
    await expect(payButton(page)).toHaveAttribute('aria-busy', 'false');
    // The file comes: the old order's sealed card goes nowhere; the shopper pays the new order.
    shop.release(path);
    await settled(page);
    await typeCard(page);
    await payButton(page).click();
    await expect(log(page).first()).toContainText('PAID');
    await expect(log(page)).toHaveCount(1);
    expect(posts).toHaveLength(1);
    expect((await ledger(demo, first)).filter((e) => e.money_moved)).toHaveLength(0);
    expect((await ledger(demo, next)).filter((e) => e.money_moved)).toHaveLength(1);
  });
