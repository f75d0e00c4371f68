/**
 * The page's language switcher after the payer's fields have said what is missing: the message
 * on the field changes language with the legend, the labels and the card fields' messages,
 * rather than staying in the language it was first said in ("Enter your CPF: to pay with card,
 * the payment is registered under it." under "Seus dados").
 */
import type { Page } from '@playwright/test';
import { format } from '../packages/elements/src/i18n/index.js';
import type { PayerMessages } from '../packages/elements/src/i18n/payer/payer-en.js';
import { expect, openCheckout, payButton, test, typeCard } from './support/demo.js';

const catalog = async (locale: string): Promise<PayerMessages> =>
  (await import(`../packages/elements/src/i18n/payer/payer-${locale}.ts`)).default;
const payerFields = (page: Page) => page.locator('paylit-checkout fieldset[part=payer]');

test('a missing CPF, said in English, is said in Portuguese once the page switches to pt-BR, and again in English when it switches back', async ({
  page,
  demo,
}) => {
  const [en, pt] = [await catalog('en'), await catalog('pt-BR')];
  const missing = (t: PayerMessages) => format(t.needDocument, { type: 'CPF', method: t.byCard });
  await openCheckout(page, demo, 'plain', 'payer-br');
  await typeCard(page);
  await payButton(page).click();
  const cpf = payerFields(page).getByRole('textbox', { name: 'CPF' });
  await expect(cpf).toHaveAttribute('aria-invalid', 'true');
  await expect(cpf).toHaveAccessibleDescription(missing(en));

  const switchTo = (lang: string) =>
    page.locator('paylit-checkout').evaluate((c, lang) => ((c as HTMLElement).lang = lang), lang);
  await switchTo('pt-BR');
  await expect(payerFields(page).locator('legend')).toHaveText(pt.details);
  await expect(cpf).toHaveAccessibleDescription(missing(pt));
  await switchTo('en');
  await expect(payerFields(page).locator('legend')).toHaveText(en.details);
  await expect(cpf).toHaveAccessibleDescription(missing(en));
});
