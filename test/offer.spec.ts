/**
 * Only what can pay is offered, in Chromium through the demo's companion server and sandbox:
 * an order that only Boleto, Pix, OXXO or SPEI can pay shows no card fields, no "New card" and
 * no plans, its first way is chosen, and each of them pays (the shopper sees its pending view,
 * the sandbox holds the payment). The payer's step (`paylit.payer.js`) is fetched only for an
 * order that lacks something for a way it can be paid.
 */
import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.js';
import { expect, ledger, log, openCheckout, payButton, test, typeCard } from './support/demo.js';

const picker = (page: Page) => page.locator('paylit-wallet-select');

/** The requests for the payer's step: its script-tag chunk or its module. */
function payerRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (/paylit\.payer\.js$|paylit-payer-fields|payer-fields/.test(new URL(r.url()).pathname))
      seen.push(r.url());
  });
  return seen;
}

const cardless = [
  { scenario: 'boleto', method: 'Boleto Bancário', heading: /Boleto/ },
  { scenario: 'oxxo', method: 'OXXO', heading: 'Pay with OXXO' },
  { scenario: 'oxxo', method: 'SPEI', heading: 'Pay by bank transfer' },
  { scenario: 'pix-only', method: 'Pix', heading: 'Pay with Pix' },
];

for (const { scenario, method, heading } of cardless)
  test(`a card-less order (${scenario}): no card fields, no "New card", no plans; ${method} pays and shows what to pay`, async ({
    page,
    demo,
  }) => {
    const order = await openCheckout(page, demo, 'plain', scenario);
    await expect(picker(page).getByRole('radio', { name: method })).toBeVisible();
    await expect(page.locator('paylit-card-fields')).toHaveCount(0);
    await expect(page.locator('paylit-installments')).toHaveCount(0);
    await expect(picker(page).getByRole('radio', { name: 'New card' })).toHaveCount(0);
    // The first way the order allows is chosen for the shopper: Pay pays with it.
    await expect(picker(page).getByRole('radio', { checked: true })).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    await picker(page).getByRole('radio', { name: method }).check();
    await payButton(page).click();
    const pending = page.locator('paylit-checkout [part=outcome]');
    await expect(pending.getByRole('heading', { name: heading })).toBeVisible();
    await expect(log(page).first()).toContainText('PENDING');
    await expect(page.locator('paylit-checkout [part=message]')).not.toContainText('Try again');
    // The sandbox holds the payment, waiting for the shopper; nothing charged yet.
    const entries = await ledger(demo, order);
    expect(entries.map((e) => (e as { status?: string }).status)).toContain('PENDING');
    expect(entries.filter((e) => e.money_moved)).toHaveLength(0);
  });

for (const kind of ['plain', 'react'] as const) {
  test(`${kind}: a card-only order whose payer lacks only a phone (which no card needs): the payer's step is never fetched`, async ({
    page,
    demo,
  }) => {
    const requests = payerRequests(page);
    await openCheckout(page, demo, kind, 'installments-mx');
    await typeCard(page);
    await payButton(page).click();
    await expect(log(page).first()).toContainText('PAID');
    await expect(page.locator('paylit-checkout [part=payer]')).toHaveCount(0);
    expect(requests).toEqual([]);
  });

  test(`${kind}: a Pix order with every detail a Pix needs (no phone): the payer's step is never fetched, and Pix pays`, async ({
    page,
    demo,
  }) => {
    const requests = payerRequests(page);
    await openCheckout(page, demo, kind, 'pix-only');
    await payButton(page).click();
    await expect(
      page.locator('paylit-checkout [part=outcome]').getByRole('heading', { name: 'Pay with Pix' }),
    ).toBeVisible();
    await expect(page.locator('paylit-checkout [part=payer]')).toHaveCount(0);
    expect(requests).toEqual([]);
  });

  test(`${kind}: an order that lacks the payer's CPF: the payer's step is fetched and shows`, async ({
    page,
    demo,
  }) => {
    const requests = payerRequests(page);
    await openCheckout(page, demo, kind, 'payer-br');
    await expect(page.locator('paylit-checkout [part=payer]')).toBeVisible();
    await expect(
      page.locator('paylit-checkout [part=payer]').getByLabel('CPF', { exact: true }),
    ).toBeVisible();
    expect(requests.length).toBeGreaterThan(0);
    // The merchant styles it through the checkout's parts, as before.
    await page.evaluate(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('paylit-checkout::part(payer) { outline: 3px solid rgb(255, 0, 0); }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    });
    await expect(page.locator('paylit-checkout [part=payer]')).toHaveCSS(
      'outline-color',
      'rgb(255, 0, 0)',
    );
  });
}
