/**
 * The page's language switcher after the checkout has spoken (`lang` changed after render, as
 * a merchant's own switcher does): the line that says what went wrong changes language with
 * the pay button and the fields, rather than staying in the language it was first said in
 * beside words of the other ("Pagar R$ 120,00" over "The card does not have enough funds.").
 */
import type { Page } from '@playwright/test';
import { format, type Messages } from '../packages/elements/src/i18n/index.js';
import {
  cardInputs,
  expect,
  inMode,
  isolations,
  openCheckout,
  payButton,
  test,
  typeCard,
} from './support/demo.js';

const catalog = async (locale: string): Promise<Messages> =>
  (await import(`../packages/elements/src/i18n/${locale}.ts`)).default;
const messageLine = (page: Page) => page.locator('paylit-checkout [part=message]');
const switchTo = (page: Page, lang: string) =>
  page
    .locator('paylit-checkout')
    .evaluate((checkout, lang) => ((checkout as HTMLElement).lang = lang), lang);

/** Requests to `url` fail as a dropped connection does, until the answered function is called. */
async function cut(page: Page, url: string): Promise<() => void> {
  let down = true;
  await page.route(url, (route) => (down ? route.abort('internetdisconnected') : route.continue()));
  return () => void (down = false);
}

/** The console errors the cut request left: the browser logs it, and nothing else may be there. */
function cutRequestLogged(consoleErrors: string[]): void {
  const others = consoleErrors.filter((e) => !/Failed to load resource/.test(e));
  expect(consoleErrors.length).toBeGreaterThan(others.length);
  consoleErrors.splice(0, consoleErrors.length, ...others);
}

test("a decline's reason, said in English, is said in Portuguese once the page switches to pt-BR", async ({
  page,
  demo,
}) => {
  const [en, pt] = [await catalog('en'), await catalog('pt-BR')];
  await openCheckout(page, demo, 'plain', 'decline');
  await typeCard(page);
  await payButton(page).click();
  await expect(messageLine(page)).toHaveText(en.rejections['302']!);
  await switchTo(page, 'pt-BR');
  await expect(payButton(page)).toContainText(format(pt.pay, { amount: '' }).trim());
  await expect(messageLine(page)).toHaveText(pt.rejections['302']!);
});

test('the store out of reach, said in English, is said in Portuguese once the page switches to pt-BR, and Pay then pays', async ({
  page,
  demo,
  consoleErrors,
}) => {
  const [en, pt] = [await catalog('en'), await catalog('pt-BR')];
  await openCheckout(page, demo, 'plain', 'pay');
  await typeCard(page);
  const reconnect = await cut(page, '**/paylit/payments');
  await payButton(page).click();
  await expect(messageLine(page)).toHaveText(en.networkError);
  await switchTo(page, 'pt-BR');
  await expect(payButton(page)).toContainText(format(pt.pay, { amount: '' }).trim());
  await expect(messageLine(page)).toHaveText(pt.networkError);
  reconnect();
  await payButton(page).click();
  await expect(messageLine(page)).toContainText(format(pt.outcomes.PAID, { amount: '' }).trim());
  cutRequestLogged(consoleErrors);
});

for (const isolation of isolations)
  test(`${isolation} isolation: what the card fields last told a screen reader is said in Portuguese once the page switches to pt-BR`, async ({
    page,
    demo,
  }) => {
    const [en, pt] = [await catalog('en'), await catalog('pt-BR')];
    await openCheckout(page, demo, 'plain', 'pay', inMode(isolation));
    const fields = await cardInputs(page);
    const said = fields.locator('[role=status]');
    // The brand, once the number shows it.
    await fields.locator('#number').pressSequentially('4111111111111111');
    await expect(said).toHaveText(format(en.brandDetected, { brand: 'Visa' }));
    await switchTo(page, 'pt-BR');
    await expect(said).toHaveText(format(pt.brandDetected, { brand: 'Visa' }));
    // The first wrong field, once Pay finds the expiry missing: focus goes there and says its
    // message (its description, in the language of the moment), not the live region again.
    await switchTo(page, 'en');
    await payButton(page).click();
    const expiry = fields.locator('#expiry');
    await expect(expiry).toBeFocused();
    await expect(expiry).toHaveAccessibleDescription(en.errors.expiry.empty);
    await switchTo(page, 'pt-BR');
    await expect(expiry).toHaveAccessibleDescription(pt.errors.expiry.empty);
    // A field left wrong, said by the live region: in Portuguese again once the page goes back
    // to English and then to pt-BR.
    await expiry.pressSequentially('1');
    await fields.locator('#cvv').focus();
    await expect(said).toHaveText(pt.errors.expiry.incomplete);
    await switchTo(page, 'en');
    await expect(said).toHaveText(en.errors.expiry.incomplete);
    await switchTo(page, 'pt-BR');
    await expect(said).toHaveText(pt.errors.expiry.incomplete);
    // Typing on does not make it speak: the message it said stays until it says another.
    await expiry.pressSequentially('3');
    await expect(fields.locator('#expiry-error')).toHaveText(pt.errors.expiry.invalid_month);
    await expect(said).toHaveText(pt.errors.expiry.incomplete);
  });

test('a Pix code copied, said "Copied" in English, is said in Portuguese once the page switches to pt-BR', async ({
  page,
  demo,
}) => {
  const pt = await catalog('pt-BR');
  await openCheckout(page, demo, 'plain', 'pix');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: demo.url,
  });
  await page.locator('paylit-wallet-select').getByRole('radio', { name: 'Pix' }).check();
  await payButton(page).click();
  const pix = page.locator('paylit-checkout [part=pending]');
  await pix.getByRole('button', { name: 'Copy code' }).click();
  await expect(pix.getByRole('status')).toHaveText('Copied');
  await switchTo(page, 'pt-BR');
  await expect(pix.getByRole('button', { name: pt.pendingView.copied })).toBeVisible();
  await expect(pix.getByRole('status')).toHaveText(pt.pendingView.copied);
});

test("the bank's dialog: a cancellation that could not reach the store, then the cancellation, each said in the language of the moment", async ({
  page,
  demo,
  consoleErrors,
}) => {
  const [en, pt] = [await catalog('en'), await catalog('pt-BR')];
  await openCheckout(page, demo, 'plain', '3ds');
  await typeCard(page);
  await payButton(page).click();
  const dialog = page.locator('paylit-checkout dialog[part=challenge]');
  await expect(dialog).toBeVisible();
  const reconnect = await cut(page, '**/paylit/payments/*/cancel');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(en.networkError);
  await switchTo(page, 'pt-BR');
  await expect(dialog.getByRole('alert')).toHaveText(pt.networkError);
  reconnect();
  await dialog.getByRole('button', { name: pt.pendingView.cancelYes }).click();
  await expect(dialog).toHaveCount(0);
  await expect(messageLine(page)).toHaveText(pt.pendingView.cancelled);
  await switchTo(page, 'en');
  await expect(messageLine(page)).toHaveText(en.pendingView.cancelled);
  cutRequestLogged(consoleErrors);
});
