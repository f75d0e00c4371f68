/**
 * The page's language switcher (the checkout's `lang` changed) after a returning payer removed
 * a saved card: the list of saved methods and what its live region said turn with the pay
 * button, rather than the whole list staying in the language it was first drawn in
 * ("Saved payment methods", "Visa ending in 1111 was removed." under "Pagar R$ 120,00").
 */
import type { Page } from '@playwright/test';
import { format, type Messages } from '../packages/elements/src/i18n/index.js';
import { savedMethodsPtBR as ptSaved } from '../packages/elements/src/i18n/saved-methods/saved-methods-pt-BR.js';
import { expect, openCheckout, payButton, test } from './support/demo.js';

const catalog = async (locale: string): Promise<Messages> =>
  (await import(`../packages/elements/src/i18n/${locale}.ts`)).default;
const savedMethods = (page: Page) => page.locator('paylit-saved-methods');

test('a saved card removed, said in English; the page switches to pt-BR: the list and what it said are in Portuguese', async ({
  page,
  demo,
}) => {
  const pt = await catalog('pt-BR');
  await openCheckout(
    page,
    demo,
    'plain',
    'returning',
    `&payer=cus-lang-${Date.now().toString(36)}`,
  );
  const list = savedMethods(page);
  await expect(list.getByRole('heading', { name: 'Saved payment methods' })).toBeVisible();
  await list.getByRole('button', { name: 'Remove' }).nth(1).click();
  await list.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(list.getByRole('status')).toHaveText('Visa ending in 1111 was removed.');

  await page.locator('paylit-checkout').evaluate((c) => ((c as HTMLElement).lang = 'pt-BR'));
  await expect(payButton(page)).toContainText(format(pt.pay, { amount: '' }).trim());
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(ptSaved.title);
  await expect(list.getByRole('button', { name: ptSaved.remove })).toHaveCount(1);
  await expect(list.getByRole('status')).toHaveText(
    format(ptSaved.removed, { card: format(pt.cardEnding, { brand: 'Visa', last4: '1111' }) }),
  );
});
