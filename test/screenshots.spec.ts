/**
 * The README's screenshots, made from the demo shop itself: the checkout in light and dark,
 * in English, Brazilian Portuguese, Latin American Spanish, Arabic (right to left),
 * Simplified Chinese and Turkish, with a card typed and the Brazilian installment plans
 * showing. A test run writes them to test-results/screenshots/ (ignored): a run changes no
 * tracked file. `npm run screenshots` writes the README's own, in docs/screenshots/.
 */
import { mkdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ar from '../packages/elements/src/i18n/ar.js';
import tr from '../packages/elements/src/i18n/tr.js';
import zhCN from '../packages/elements/src/i18n/zh-CN.js';
import { expect, openCheckout, payButton, test, typeCard } from './support/demo.js';

/** A message as a whole-text pattern, `{amount}` matching the amount however it is written. */
const pattern = (message: string) => new RegExp(`^${message.split('{amount}').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`);

const shots: readonly { file: string; scheme: 'light' | 'dark'; lang: string; button: RegExp }[] = [
  { file: 'checkout-light-en.png', scheme: 'light', lang: 'en', button: /^Pay R\$\s?1,200\.00$/ },
  { file: 'checkout-dark-en.png', scheme: 'dark', lang: 'en', button: /^Pay R\$\s?1,200\.00$/ },
  { file: 'checkout-light-pt-BR.png', scheme: 'light', lang: 'pt-BR', button: /^Pagar R\$\s?1\.200,00$/ },
  { file: 'checkout-dark-es-AR.png', scheme: 'dark', lang: 'es-AR', button: /^Pagar BRL\s1\.200,00$/ },
  // The amount as Intl writes it in each (Arabic-Indic digits in Arabic): only the words are checked here.
  { file: 'checkout-light-ar.png', scheme: 'light', lang: 'ar', button: pattern(ar.pay) },
  { file: 'checkout-light-zh-CN.png', scheme: 'light', lang: 'zh-CN', button: pattern(zhCN.pay) },
  { file: 'checkout-dark-tr.png', scheme: 'dark', lang: 'tr', button: pattern(tr.pay) },
];

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = resolve(root, process.env.PAYLIT_SCREENSHOTS_DIR ?? 'test-results/screenshots');
mkdirSync(folder, { recursive: true });

for (const shot of shots) {
  test(`screenshot: ${shot.file}`, async ({ page, demo }) => {
    await page.setViewportSize({ width: 640, height: 900 });
    await page.emulateMedia({ colorScheme: shot.scheme });
    await openCheckout(page, demo, 'plain', 'installments-br', `&lang=${shot.lang}`);
    await expect(payButton(page)).toHaveText(shot.button);
    await typeCard(page, { number: '5555555555554444', holder: 'Ana Lima' });
    // Twelve plans for this order: a select.
    await page.locator('paylit-installments').getByRole('combobox').selectOption('3');
    await page.locator('paylit-card-fields #holder').blur();
    const path = resolve(folder, shot.file);
    await page.locator('section.checkout').screenshot({ path, animations: 'disabled' });
    expect(statSync(path).size).toBeGreaterThan(5_000);
  });
}
