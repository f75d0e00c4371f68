/**
 * A returning payer manages what they saved, on the demo shop in Debian's Chromium: a
 * customer the shop signed in (`?payer=<customer id>`, the payer session minted by the demo's
 * server for them) sees their saved cards and their subscription after the pay button,
 * removes a card after answering "Yes" in place (keyboard only), hears it said, and the next
 * order's page no longer offers that card; the card a running subscription charges stays, and
 * the payer reads why; the subscription is cancelled the same way; axe
 * finds nothing in the list, the question, nor in Arabic, mirrored, at 320 px.
 */
import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.js';
import { expect, openCheckout, settled, test } from './support/demo.js';

const savedMethods = (page: Page) => page.locator('paylit-saved-methods');
const offered = (page: Page) =>
  page.locator('paylit-wallet-select').getByRole('radio', { name: /ending in \d{4}/ });

let n = 0;
const customer = () => `cus-${Date.now().toString(36)}-${++n}`;

test('the payer removes a saved card after confirming it: the list and the next order no longer offer it; the card a running subscription charges stays, saying why; the subscription is cancelled the same way', async ({
  page,
  demo,
  consoleErrors,
}) => {
  const id = customer();
  await openCheckout(page, demo, 'plain', 'returning', `&payer=${id}`);
  const list = savedMethods(page);
  await expect(list.getByRole('heading', { name: 'Saved payment methods' })).toBeVisible();
  const cards = list.getByRole('list').first().getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1)).toContainText('Visa ending in 1111');
  await expect(cards.nth(1)).toContainText('Expires 10/40');
  await expect(offered(page)).toHaveCount(2);
  expect(await axeViolations(page, 'paylit-checkout')).toEqual([]);

  // The Mastercard pays the coffee club, still running: the card stays, and the payer reads why.
  const inUse = cards.nth(0).getByRole('button', { name: 'Remove' });
  await inUse.click();
  await list
    .getByRole('group', { name: /Remove Mastercard ending in 4444\?/ })
    .getByRole('button', { name: 'Yes, remove it' })
    .click();
  await expect(list.getByRole('status')).toHaveText(
    'Mastercard ending in 4444 pays a subscription that is still running, so it was not removed. Cancel the subscription first.',
  );
  await expect(inUse).toBeFocused();
  await expect(cards).toHaveCount(2);
  await expect(offered(page)).toHaveCount(2);
  // The one console error is the browser's line for the server's 409; nothing else.
  const others = consoleErrors.filter((e) => !/status of 409 \(Conflict\)/.test(e));
  expect(consoleErrors.length - others.length).toBe(1);
  consoleErrors.splice(0, consoleErrors.length, ...others);

  // Keyboard only: Remove, then the question, focus on "No, keep it"; No gives focus back.
  const remove = cards.nth(1).getByRole('button', { name: 'Remove' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const question = list.getByRole('group', { name: /Remove Visa ending in 1111\?/ });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'No, keep it' })).toBeFocused();
  expect(await axeViolations(page, 'paylit-checkout')).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await question.getByRole('button', { name: 'Yes, remove it' }).press('Enter');
  await expect(list.getByRole('status')).toHaveText('Visa ending in 1111 was removed.');
  await expect(cards).toHaveCount(1);
  await expect(offered(page)).toHaveCount(1);
  await expect(offered(page)).toHaveAccessibleName(/4444/);

  // A new order for the same customer: the card is no longer offered.
  await openCheckout(page, demo, 'plain', 'returning', `&payer=${id}`);
  await expect(offered(page)).toHaveCount(1);
  await expect(offered(page)).toHaveAccessibleName(/4444/);
  await expect(savedMethods(page).getByRole('list').first().getByRole('listitem')).toHaveCount(1);

  // The coffee club subscription: cancelled after its own question.
  const subs = savedMethods(page).getByRole('list').nth(1).getByRole('listitem');
  await expect(subs).toHaveCount(1);
  await expect(subs).toContainText('paylit demo shop');
  await expect(subs).toContainText('R$');
  await expect(subs).toContainText('Monthly');
  await subs.getByRole('button', { name: 'Cancel subscription' }).click();
  await savedMethods(page)
    .getByRole('group', { name: /Cancel your subscription to paylit demo shop\?/ })
    .getByRole('button', { name: 'Yes, cancel it' })
    .click();
  await expect(savedMethods(page).getByRole('status')).toHaveText(
    'Your subscription to paylit demo shop was cancelled.',
  );
  await expect(savedMethods(page).getByRole('list')).toHaveCount(1);
});

test('without a payer session nothing is listed nor loaded; a bare customer id in its place lists nothing and says the session ended', async ({
  page,
  demo,
  consoleErrors,
}) => {
  const chunks: string[] = [];
  page.on('request', (r) => (/saved-methods/.test(r.url()) ? chunks.push(r.url()) : undefined));
  await openCheckout(page, demo, 'plain', 'returning');
  await expect(page.locator('paylit-checkout')).not.toHaveAttribute('payer-session');
  expect(chunks).toEqual([]);
  await expect(savedMethods(page)).toHaveCount(0);

  // The page's own script puts a bare customer id where the secret goes: the server reads nothing.
  const id = customer();
  await openCheckout(page, demo, 'plain', 'returning', `&payer=${id}`);
  await page
    .locator('paylit-checkout')
    .evaluate((el, bare) => el.setAttribute('payer-session', bare), id);
  await expect(savedMethods(page).locator('p.error')).toHaveText(
    'Your session has ended: reload the page to manage your saved payment methods.',
  );
  await expect(savedMethods(page).getByRole('listitem')).toHaveCount(0);
  // The one console error is the browser's line for the server's 401; nothing else.
  const others = consoleErrors.filter((e) => !/status of 401 \(Unauthorized\)/.test(e));
  expect(consoleErrors.length).toBeGreaterThan(others.length);
  consoleErrors.splice(0, consoleErrors.length, ...others);
});

test("the payer session switched while the last one's list is still on its way: the new session's answer stands, never the old session's cards", async ({
  page,
  demo,
  consoleErrors,
}) => {
  // The signed-in customer's list is held on its way until the switched session has its answer
  // (a page that signs one customer out and puts another's session, on a slow network).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route('**/payer/methods', async (route) => {
    if (++asked === 1) await held;
    await route.continue();
  });
  const id = customer();
  await openCheckout(page, demo, 'plain', 'returning', `&payer=${id}`);
  await expect.poll(() => asked).toBe(1);
  await page
    .locator('paylit-checkout')
    .evaluate((el, bare) => el.setAttribute('payer-session', bare), id);
  const ended = savedMethods(page).locator('p.error');
  await expect(ended).toHaveText(
    'Your session has ended: reload the page to manage your saved payment methods.',
  );
  // The first session's answer comes now: it no longer has a say.
  const late = page.waitForResponse(
    (r) => r.url().endsWith('/payer/methods') && r.status() === 200,
  );
  release();
  await late;
  await expect(savedMethods(page).getByRole('listitem')).toHaveCount(0);
  await expect(ended).toHaveText(
    'Your session has ended: reload the page to manage your saved payment methods.',
  );
  const others = consoleErrors.filter((e) => !/status of 401 \(Unauthorized\)/.test(e));
  expect(consoleErrors.length - others.length).toBe(1);
  consoleErrors.splice(0, consoleErrors.length, ...others);
});

test('in Arabic at 320 px: the list mirrored, nothing wider than the phone, axe clean', async ({
  page,
  demo,
}) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await openCheckout(page, demo, 'plain', 'returning', `&payer=${customer()}&lang=ar`);
  const list = savedMethods(page);
  await expect(list.getByRole('heading', { name: 'طرق الدفع المحفوظة' })).toBeVisible();
  await expect(list.locator('section')).toHaveAttribute('dir', 'rtl');
  await list.getByRole('button', { name: 'إزالة' }).first().click();
  await expect(list.getByRole('group')).toBeVisible();
  await settled(page);
  const overflow = await list.evaluate((el) => {
    const root = el.shadowRoot!;
    return [...root.querySelectorAll('*')]
      .map((node) => node.getBoundingClientRect())
      .filter((r) => r.right > innerWidth + 0.5 || r.left < -0.5).length;
  });
  expect(overflow).toBe(0);
  // Mirrored: a row starts on the right, its card's name flush with the row's right edge.
  const row = list.getByRole('listitem').nth(1);
  const box = (await row.boundingBox())!;
  const name = await row.locator('.name').evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const r = range.getBoundingClientRect();
    return { left: r.left, right: r.right };
  });
  expect(box.x + box.width - name.right).toBeLessThan(20);
  expect(name.left - box.x).toBeGreaterThan(20);
  expect(await axeViolations(page, 'paylit-checkout')).toEqual([]);
});
