/**
 * Frame isolation on a slow network: the card typed while parts of the frame are still on their
 * way. Playwright cannot hold the card frame's own requests (its opaque-origin document runs in
 * a process of its own), so the shop's server holds them (support/shop-front.ts `holdingFront`), as a
 * slow CDN does. Nothing typed is lost, nothing of it reaches the page, and the card pays once.
 */
import type { Page } from '@playwright/test';
import { holdingFront, type Served } from './support/shop-front.js';
import {
  cardInputs,
  expect,
  ledger,
  log,
  payButton,
  settled,
  test,
  type Demo,
} from './support/demo.js';

const served: Served[] = [];
test.afterEach(async () => {
  await Promise.all(served.splice(0).map((s) => s.close()));
});

/** The shop's server in front of the demo, holding the requests of `paths` until each is let go. */
async function slowShop(demo: Demo, paths: string[]) {
  const shop = await holdingFront(demo.url, paths);
  served.push(shop);
  return shop;
}

/** Records what the page's own listeners hear of the keyboard and of inputs: a page script's view. */
const pageListens = (page: Page) =>
  page.addInitScript(() => {
    const heard: string[] = ((globalThis as { heard?: string[] }).heard = []);
    for (const type of ['keydown', 'keypress', 'input', 'beforeinput', 'paste'])
      addEventListener(
        type,
        (e) => heard.push(`${type}:${(e as KeyboardEvent).key ?? (e as InputEvent).data ?? ''}`),
        true,
      );
  });
/** The digits the page's listeners heard; then a 7 typed on the page itself, which they must hear. */
async function heardDigits(page: Page): Promise<string[]> {
  const read = () =>
    page.evaluate(() =>
      ((globalThis as { heard?: string[] }).heard ?? []).filter((h) => /\d/.test(h)),
    );
  const heard = await read();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('7');
  expect(await read()).toEqual([...heard, 'keydown:7', 'keypress:7']);
  return heard;
}

test('the page side of the frame late: the card typed into the frame before it is shown is kept, the page hears none of it, one charge', async ({
  page,
  demo,
}) => {
  const shop = await slowShop(demo, ['/paylit.frame-host.js']);
  await pageListens(page);
  // (the page's `load` waits for the frame's)
  await page.goto(`${shop.url}/plain.html?scenario=pay&isolation=frame`, {
    waitUntil: 'domcontentloaded',
  });
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  await expect.poll(() => shop.asked('/paylit.frame-host.js')).toBe(true);
  // The frame has drawn its fields, of no height yet: Tab from the page reaches them.
  const fields = page
    .locator('paylit-card-fields iframe')
    .contentFrame()
    .locator('paylit-card-fields');
  await expect(fields.locator('#number')).toBeAttached();
  await page
    .locator('paylit-card-fields')
    .first()
    .evaluate((el: HTMLElement) => el.focus());
  await expect(fields.locator('#number')).toBeFocused();
  for (const [i, text] of ['4111111111111111', '1230', '123', 'Ana Lima'].entries()) {
    if (i) await page.keyboard.press('Tab');
    await page.keyboard.type(text);
  }
  shop.release('/paylit.frame-host.js');
  await settled(page);
  const inputs = await cardInputs(page);
  await expect(inputs.locator('#number')).toHaveValue('4111 1111 1111 1111');
  await expect(inputs.locator('#holder')).toHaveValue('Ana Lima');
  const host = page.locator('paylit-card-fields').first();
  await expect(host).toHaveJSProperty('complete', true);
  await expect(host).toHaveJSProperty('bin', '41111111');
  const order = (await page.locator('paylit-checkout').getAttribute('order'))!;
  await payButton(page).click();
  await expect(log(page).first()).toContainText('PAID');
  await expect(log(page)).toHaveCount(1);
  expect((await ledger(demo, order)).filter((e) => e.money_moved)).toHaveLength(1);
  expect(await heardDigits(page)).toEqual([]);
});

test("the frame's marks and encryption late: typed while the marks arrive, Pay waits for the encryption, one charge", async ({
  page,
  demo,
}) => {
  const shop = await slowShop(demo, ['/paylit.frame-marks.js', '/paylit.frame-crypto.js']);
  await pageListens(page);
  await page.goto(`${shop.url}/plain.html?scenario=pay&isolation=frame`, {
    waitUntil: 'domcontentloaded',
  });
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  await settled(page);
  const inputs = await cardInputs(page);
  await inputs.locator('#number').click();
  await page.keyboard.type('41111111');
  await expect.poll(() => shop.asked('/paylit.frame-marks.js')).toBe(true);
  shop.release('/paylit.frame-marks.js');
  await page.keyboard.type('11111111');
  await expect(inputs.locator('#number')).toHaveValue('4111 1111 1111 1111');
  for (const text of ['1230', '123', 'Ana Lima']) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(text);
  }
  await expect(page.locator('paylit-installments[aria-busy="true"]')).toHaveCount(0);
  await settled(page);
  const order = (await page.locator('paylit-checkout').getAttribute('order'))!;
  await expect.poll(() => shop.asked('/paylit.frame-crypto.js')).toBe(true);
  await payButton(page).click();
  await expect(payButton(page)).toHaveText('Processing…');
  shop.release('/paylit.frame-crypto.js');
  await expect(log(page).first()).toContainText('PAID');
  await expect(log(page)).toHaveCount(1);
  expect((await ledger(demo, order)).filter((e) => e.money_moved)).toHaveLength(1);
  expect(await heardDigits(page)).toEqual([]);
});
