/**
 * The back/forward cache, on as in a shopper's Chromium (Playwright turns it off with
 * `--disable-back-forward-cache`): a page left and gone back to is the same document, its
 * scripts' state as it was left, with no new load. A checkout that sent the shopper to a
 * wallet's page and is gone back to after paying there must not offer to pay again: it says
 * what a fresh load of the same page says (paid), its event once, and nothing is charged twice.
 */
import type { Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/chromium.mjs';
import { expect, ledger, log, openCheckout, payButton, test, typeCard } from './support/demo.js';

test.use({
  launchOptions: {
    executablePath: chromiumPath(),
    args: chromiumArgs,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  },
});

/** Marks the page when Chromium shows it again from the cache (`pageshow` with `persisted`). */
const markRestored = (page: Page) =>
  page.addInitScript(() =>
    addEventListener('pageshow', (e) => {
      if (e.persisted) document.documentElement.dataset.restored = '';
    }),
  );
const restored = (page: Page) => expect(page.locator('html[data-restored]')).toHaveCount(1);
const outcome = (page: Page) => page.locator('paylit-checkout [part=outcome]');

test('paid by a wallet on its page, then back to the checkout (from the cache): paid, not a form; paylit-paid once; one charge', async ({
  page,
  demo,
}) => {
  await markRestored(page);
  const order = await openCheckout(page, demo, 'plain', 'wallet');
  await page.locator('paylit-wallet-select').getByRole('radio', { name: 'Mercado Pago' }).check();
  await payButton(page).click();
  await expect(page.getByRole('heading', { name: /Mercado Pago/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/return\.html\?page=/);
  await expect(log(page).first()).toContainText('PAID');
  // Back past the wallet's page, straight to the checkout's (as a long press on Back does).
  await page.evaluate(() => history.go(-2));
  await expect(page).toHaveURL(/\/plain\.html\?scenario=wallet/);
  await restored(page);
  await expect(outcome(page).getByRole('heading')).toHaveText('Paid R$89.90');
  await expect(payButton(page)).toHaveCount(0);
  await expect(log(page).filter({ hasText: 'PAID' })).toHaveCount(1);
  expect((await ledger(demo, order)).filter((e) => e.money_moved)).toHaveLength(1);
});

test('paid in the page, away and back (from the cache): the outcome as it was, paylit-paid not heard again', async ({
  page,
  demo,
}) => {
  await markRestored(page);
  const order = await openCheckout(page, demo, 'plain', 'pay');
  await typeCard(page);
  await payButton(page).click();
  await expect(log(page).first()).toContainText('PAID');
  await page.goto(`${demo.url}/index.html`);
  await page.goBack({ waitUntil: 'commit' });
  await restored(page);
  await expect(outcome(page).getByRole('heading')).toHaveText('Paid R$120.00');
  await expect(payButton(page)).toHaveCount(0);
  // Whatever the page does on its return has had its frames to do it in.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
  await expect(log(page)).toHaveCount(1);
  expect((await ledger(demo, order)).filter((e) => e.money_moved)).toHaveLength(1);
});
