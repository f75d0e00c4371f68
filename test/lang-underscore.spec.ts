/**
 * A page whose language is written as many server frameworks write a locale, with an
 * underscore (`pt_BR`: Java's, PHP's and gettext's, a template's `lang="{{ locale }}"`), on
 * `<html>` or on the checkout. The checkout's catalogs read it (`resolveLocale` takes `_` for
 * `-`), and so must its amounts: `Intl` refuses `pt_BR`, and the checkout threw at each
 * drawing (uncaught "locale must be a BCP 47 language tag"), stuck on "Carregando o
 * pagamento…" with no form and no event. It speaks pt-BR, its amounts in pt-BR, and pays.
 */
import type { Page } from '@playwright/test';
import { format, type Messages } from '../packages/elements/src/i18n/index.js';
import { cardInputs, expect, openCheckout, payButton, test, typeCard } from './support/demo.js';

const catalog = async (locale: string): Promise<Messages> =>
  (await import(`../packages/elements/src/i18n/${locale}.ts`)).default;
const messageLine = (page: Page) => page.locator('paylit-checkout [part=message]');

/** The demo's script-tag page as a merchant's template writes it: `lang` as its server has it. */
async function pageWithLang(page: Page, where: 'html' | 'checkout', lang: string): Promise<void> {
  await page.route('**/plain.html?*', async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const written =
      where === 'html'
        ? html.replace('<html lang="en">', `<html lang="${lang}">`)
        : html.replace('<paylit-checkout ', `<paylit-checkout lang="${lang}" `);
    expect(written).not.toBe(html);
    await route.fulfill({ response, body: written });
  });
}

for (const where of ['html', 'checkout'] as const) {
  test(`lang="pt_BR" on ${where === 'html' ? '<html>' : 'the checkout'}: the checkout speaks pt-BR, its amount in pt-BR, and a decline is said in Portuguese`, async ({
    page,
    demo,
  }) => {
    const pt = await catalog('pt-BR');
    await pageWithLang(page, where, 'pt_BR');
    await openCheckout(page, demo, 'plain', 'decline');
    // The amount as Intl writes it in pt-BR (R$, a comma before the cents), not en's R$120.00.
    await expect(payButton(page)).toHaveText(
      new RegExp(`^${format(pt.pay, { amount: 'R\\$\\s120,00' })}$`),
    );
    await expect((await cardInputs(page)).locator('label[for=number]').first()).toHaveText(
      pt.cardNumber,
    );
    await typeCard(page);
    await payButton(page).click();
    await expect(messageLine(page)).toHaveText(pt.rejections['302']!);
  });
}
