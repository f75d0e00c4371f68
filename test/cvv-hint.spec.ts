/**
 * Where the security code is, as the CVV field tells a shopper before the card's number says
 * its brand (the field reached first, by Tab or a tap, or read by a screen reader): no card has
 * four digits on its back (American Express's four are on its front, every other brand's three
 * are on the back), and the field's own placeholder is "123". The hint said "The last 4 digits
 * in the signature strip on the back of the card." until a number was typed.
 */
import type { Messages } from '../packages/elements/src/i18n/index.js';
import { cardInputs, expect, inMode, isolations, openCheckout, test } from './support/demo.js';

const catalog = async (locale: string): Promise<Messages> =>
  (await import(`../packages/elements/src/i18n/${locale}.ts`)).default;

for (const isolation of isolations) {
  test(`no number typed yet (${isolation} isolation): the security code is said to be 3 digits on the back, as its placeholder shows`, async ({
    page,
    demo,
  }) => {
    const en = await catalog('en');
    await openCheckout(page, demo, 'plain', 'pay', inMode(isolation));
    const cvv = (await cardInputs(page)).locator('#cvv');
    await expect(cvv).toHaveAttribute('placeholder', '123');
    await expect(cvv).toHaveAccessibleDescription(en.cvvWhereBack.replace('{digits}', '3'));
    await cvv.focus();
    await expect(cvv).toHaveAccessibleDescription(en.cvvWhereBack.replace('{digits}', '3'));
  });
}

for (const isolation of isolations) {
  test(`no number typed yet (${isolation} isolation): a security code of 1 or 2 digits is told 3 digits, as the hint and placeholder say`, async ({
    page,
    demo,
  }) => {
    const en = await catalog('en');
    await openCheckout(page, demo, 'plain', 'pay', inMode(isolation));
    const fields = await cardInputs(page);
    const cvv = fields.locator('#cvv');
    for (const typed of ['1', '12']) {
      await cvv.fill(typed);
      await fields.locator('#holder').focus();
      await expect(fields.locator('#cvv-error')).toHaveText(
        en.errors.cvv.wrong_length.replace('{digits}', '3'),
      );
      await expect(cvv).toHaveAccessibleDescription(
        `${en.errors.cvv.wrong_length.replace('{digits}', '3')} ${en.cvvWhereBack.replace('{digits}', '3')}`,
      );
    }
  });
}
