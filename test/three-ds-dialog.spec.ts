/**
 * 3-D Secure in the page, in Chromium on the demo: the bank's challenge opens in a dialog over
 * the checkout (its page may be framed by the shop's origin, as the sandbox's says), focus stays
 * inside it, and its outcome arrives over the live connection: approved, paid with no top-level
 * navigation; rejected, the form again with why; Esc or Close, "Cancel the payment?", and yes
 * cancels it (the order open again, one charge at most). A challenge page that refuses to be
 * framed by the shop's page, or `three-ds="redirect"`, sends the shopper to it as before.
 */
import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.js';
import {
  expect,
  ledger,
  log,
  openCheckout,
  payButton,
  test,
  typeCard,
  type Demo,
} from './support/demo.js';

const dialog = (page: Page) => page.locator('paylit-checkout dialog[part=challenge]');
const bank = (page: Page) => page.frameLocator('paylit-checkout iframe[part=challenge-frame]');
const heading = (page: Page) => page.locator('paylit-checkout [part=outcome] h2');

/** Counts the page's top-level navigations from now on. */
function navigations(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  return () => seen;
}

async function challenged(page: Page, demo: Demo, extra = ''): Promise<string> {
  const order = await openCheckout(page, demo, 'plain', '3ds', extra);
  await typeCard(page);
  await payButton(page).click();
  await expect(dialog(page)).toBeVisible();
  await expect(bank(page).getByRole('heading', { name: /Confirm this payment/ })).toBeVisible();
  return order;
}

test('approved in the dialog: paid, with no top-level navigation; focus stayed in the dialog', async ({
  page,
  demo,
}) => {
  const order = await challenged(page, demo);
  const moved = navigations(page);
  await expect(
    dialog(page).getByRole('heading', { name: 'Security check by your bank' }),
  ).toBeVisible();
  // A modal dialog: Tab goes round its controls and the bank's page (and the browser's own
  // controls), never to the page behind it, which is inert.
  const inside: boolean[] = [];
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'nowhere';
      // The focused element itself, through the shadow roots of the elements it is inside.
      let inner = document.querySelector('paylit-checkout')!.shadowRoot!.activeElement;
      while (inner?.shadowRoot?.activeElement) inner = inner.shadowRoot.activeElement;
      return active.localName === 'paylit-checkout' && inner?.closest('dialog')
        ? 'dialog'
        : `behind: ${active.localName}`;
    });
    expect(where).not.toMatch(/^behind/);
    inside.push(where === 'dialog');
  }
  expect(inside.filter(Boolean).length).toBeGreaterThan(0);
  await expect(payButton(page)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await bank(page).getByRole('button', { name: 'Approve' }).click();
  await expect(heading(page)).toContainText('Paid');
  await expect(dialog(page)).toHaveCount(0);
  await expect(log(page).first()).toContainText('PAID');
  expect(moved()).toEqual([]);
  expect((await ledger(demo, order)).filter((e) => e.money_moved)).toHaveLength(1);
});

test("the dialog's title is ours, not the bank page's heading again; the frame's title is a third name", async ({
  page,
  demo,
}) => {
  await challenged(page, demo);
  const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}'’-]+/gu) ?? [];
  /** The runs of three words or more two texts share. */
  const shared = (a: string, b: string) => {
    const [x, y] = [words(a), words(b)];
    const runs: string[] = [];
    for (let i = 0; i + 3 <= x.length; i++)
      for (let j = 0; j + 3 <= y.length; j++)
        if (x.slice(i, i + 3).join(' ') === y.slice(j, j + 3).join(' '))
          runs.push(x.slice(i, i + 3).join(' '));
    return runs;
  };
  const title = (await dialog(page).locator('h2').textContent())!;
  const bankHeading = (await bank(page).getByRole('heading').first().textContent())!;
  const frameTitle = (await page
    .locator('paylit-checkout iframe[part=challenge-frame]')
    .getAttribute('title'))!;
  expect(shared(title, bankHeading), `"${title}" beside "${bankHeading}"`).toEqual([]);
  expect(frameTitle).not.toBe(title);
  expect(frameTitle).not.toBe(bankHeading);
  // The dialog is named by its title.
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
});

test('rejected in the dialog: the form again, saying the bank did not confirm it; nothing charged', async ({
  page,
  demo,
}) => {
  const order = await challenged(page, demo);
  await bank(page).getByRole('button', { name: 'Reject' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.locator('paylit-checkout [part=message]')).toHaveText(/bank did not confirm/i);
  await expect(payButton(page)).toBeVisible();
  await expect(log(page).first()).toContainText('Declined');
  expect((await ledger(demo, order)).filter((e) => e.money_moved)).toHaveLength(0);
});

test('Esc asks "Cancel the payment?": no goes on (Esc twice too), yes cancels it; the form again, and the next Pay charges once', async ({
  page,
  demo,
}) => {
  const order = await challenged(page, demo);
  await page.keyboard.press('Escape');
  const ask = dialog(page).getByRole('alertdialog', { name: 'Cancel the payment?' });
  await expect(ask).toBeVisible();
  await expect(dialog(page).getByRole('button', { name: 'No, go on' })).toBeFocused();
  await dialog(page).getByRole('button', { name: 'No, go on' }).click();
  await expect(ask).toBeHidden();
  await expect(dialog(page)).toBeVisible();
  // Esc, then Esc again with no click between: the browser lets a page hold the second one back
  // only after a new click or key of the shopper's (its cancel cannot be prevented), and closes
  // the dialog. The payment still waits on the bank: the dialog is there again, question put away.
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(dialog(page)).toBeVisible();
  await expect(bank(page).getByRole('heading', { name: /Confirm this payment/ })).toBeVisible();
  await expect(dialog(page).getByRole('button', { name: 'Close' })).toBeFocused();
  // The close button asks too.
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await dialog(page).getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.locator('paylit-checkout [part=message]')).toHaveText(
    'The payment was cancelled. Nothing was charged.',
  );
  await expect(log(page).first()).toContainText('Declined');
  await expect
    .poll(async () => (await ledger(demo, order)).map((e) => (e as { status?: string }).status))
    .toEqual(['CANCELLED']);
  // Paid again: a new attempt, a new challenge, approved.
  await typeCard(page);
  await payButton(page).click();
  await bank(page).getByRole('button', { name: 'Approve' }).click();
  await expect(heading(page)).toContainText('Paid');
  expect((await ledger(demo, order)).filter((e) => e.money_moved)).toHaveLength(1);
});

test("a challenge page that refuses to be framed by the shop's page: the shopper goes to it, as before", async ({
  page,
  demo,
}) => {
  // The shop's page on another origin than the one the bank's page lets frame it (its
  // frame-ancestors lists the shop's server's, 127.0.0.1): the server sees it and says so.
  const url = new URL(demo.url);
  url.hostname = 'localhost';
  await openCheckout(page, { ...demo, url: url.origin }, 'plain', '3ds');
  await typeCard(page);
  await payButton(page).click();
  await expect(page).toHaveURL(/\/sandbox-pages\/3ds\//);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/return\.html\?/);
  await expect(log(page).first()).toContainText('PAID');
});

test('three-ds="redirect": the shopper goes to the bank\'s page, as before', async ({
  page,
  demo,
}) => {
  await openCheckout(page, demo, 'plain', '3ds');
  await page.locator('paylit-checkout').evaluate((c) => c.setAttribute('three-ds', 'redirect'));
  await typeCard(page);
  await payButton(page).click();
  await expect(page).toHaveURL(/\/sandbox-pages\/3ds\//);
});

test("threeDs = 'redirect' set as a property (as React's wrapper, Vue and Svelte set what the element has): the bank's page replaces the shop's", async ({
  page,
  demo,
}) => {
  await openCheckout(page, demo, 'plain', '3ds');
  await page
    .locator('paylit-checkout')
    .evaluate((c) => ((c as unknown as { threeDs: string }).threeDs = 'redirect'));
  await typeCard(page);
  await payButton(page).click();
  await expect(page).toHaveURL(/\/sandbox-pages\/3ds\//);
});

test("a merchant styles the bank's dialog through the checkout's parts, as before (challenge, challenge-frame, close)", async ({
  page,
  demo,
}) => {
  await openCheckout(page, demo, 'plain', '3ds');
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`paylit-checkout::part(challenge) { outline: 3px solid rgb(255, 0, 0); }
      paylit-checkout::part(challenge-frame) { outline: 4px solid rgb(0, 128, 0); }
      paylit-checkout::part(close) { outline: 5px solid rgb(0, 0, 255); }`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  await typeCard(page);
  await payButton(page).click();
  await expect(dialog(page)).toBeVisible();
  const outline = (selector: string) =>
    page.locator(selector).evaluate((el) => getComputedStyle(el).outline);
  expect(await outline('paylit-checkout dialog[part=challenge]')).toBe('rgb(255, 0, 0) solid 3px');
  expect(await outline('paylit-checkout iframe[part=challenge-frame]')).toBe(
    'rgb(0, 128, 0) solid 4px',
  );
  expect(await outline('paylit-checkout [part=close]')).toBe('rgb(0, 0, 255) solid 5px');
});
