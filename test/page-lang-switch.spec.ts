/**
 * The page's own language switcher: a merchant's page sets `lang` on `<html>` (or on a wrapper
 * of its own), and the checkout, which has no `lang` of its own, speaks the page's language
 * (packages/elements/README.md: "`lang` on the element, else the page's"). After the switch the
 * whole checkout speaks the new language, its pay button and its card fields alike: never the
 * pay button in Portuguese over the card's labels in English ("Pagar R$ 120,00" under "Card
 * number"), which is what the next drawing of the checkout alone (a card typed) used to show.
 */
import type { Page } from '@playwright/test';
import { format, type Messages } from '../packages/elements/src/i18n/index.js';
import {
  cardInputs,
  expect,
  inMode,
  openCheckout,
  payButton,
  test,
  typeCard,
} from './support/demo.js';

const catalog = async (locale: string): Promise<Messages> =>
  (await import(`../packages/elements/src/i18n/${locale}.ts`)).default;
const numberLabel = async (page: Page) =>
  (await cardInputs(page)).locator('label[for=number]').first();
const messageLine = (page: Page) => page.locator('paylit-checkout [part=message]');

for (const [where, isolation] of [
  ['html', 'page'],
  ['wrapper', 'page'],
  ['html', 'frame'],
] as const) {
  test(`the page's lang switched on its ${where === 'html' ? '<html>' : 'own wrapper'} after render (${isolation} isolation): the pay button and the card fields both speak pt-BR, before and after a card is typed`, async ({
    page,
    demo,
  }) => {
    const [en, pt] = [await catalog('en'), await catalog('pt-BR')];
    await openCheckout(page, demo, 'plain', 'decline', inMode(isolation));
    await expect(await numberLabel(page)).toHaveText(en.cardNumber);
    await page.locator('paylit-checkout').evaluate((checkout, where) => {
      const target = where === 'html' ? document.documentElement : checkout.parentElement!;
      target.setAttribute('lang', 'pt-BR');
    }, where);
    const ptPay = format(pt.pay, { amount: '' }).trim();
    await expect(payButton(page)).toContainText(ptPay);
    await expect(await numberLabel(page)).toHaveText(pt.cardNumber);
    await typeCard(page);
    await expect(payButton(page)).toContainText(ptPay);
    await expect(await numberLabel(page)).toHaveText(pt.cardNumber);
    await payButton(page).click();
    await expect(messageLine(page)).toHaveText(pt.rejections['302']!);
    await expect(await numberLabel(page)).toHaveText(pt.cardNumber);
  });
}
