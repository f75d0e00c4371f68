/**
 * Every language, end to end on the demo shop's script-tag page: the checkout speaks the
 * page's language (loaded as its own chunk), lays itself out right to left in Arabic with the
 * card's fields left to right, passes axe empty and with every error shown, and takes a
 * payment in Arabic and in Hindi, counted in the sandbox's ledger.
 */
import { axeViolations } from './support/axe.js';
import type { Page } from '@playwright/test';
import { format, locales, type Messages } from '../packages/elements/src/i18n/index.js';
import {
  cardInputs,
  expect,
  ledger,
  openCheckout,
  payButton,
  test,
  typeCard,
} from './support/demo.js';

const catalog = async (locale: string): Promise<Messages> =>
  (await import(`../packages/elements/src/i18n/${locale}.ts`)).default;
const axe = (page: Page) => axeViolations(page, 'paylit-checkout');
/** A message as a pattern, its placeholders matching anything. */
const pattern = (message: string) =>
  new RegExp(
    message
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+'),
  );

for (const locale of locales) {
  test(`${locale}: the checkout speaks it, in its direction, and axe finds nothing, empty and with every error shown`, async ({
    page,
    demo,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) =>
      r.resourceType() === 'script' && /\/paylit\.[\w.-]+\.js$/.test(r.url())
        ? scripts.push(new URL(r.url()).pathname)
        : undefined,
    );
    const languageChunks = () =>
      scripts.filter((s) => locales.some((l) => s === `/paylit.${l}.js`));
    const t = await catalog(locale);
    await openCheckout(page, demo, 'plain', 'pay', `&lang=${locale}`);
    await expect(page.locator('paylit-card-fields label[for=number]')).toHaveText(t.cardNumber);
    await expect(payButton(page)).toHaveText(pattern(t.pay));
    // Each language is its own chunk, English too, and only that one is fetched (es-419 is
    // what it changes of es, so it brings es's).
    const expected = { 'es-419': ['/paylit.es-419.js', '/paylit.es.js'] }[locale as string] ?? [
      `/paylit.${locale}.js`,
    ];
    expect(languageChunks().sort()).toEqual(expected);
    const rtl = locale === 'ar';
    expect(
      await page
        .locator('paylit-card-fields label[for=number]')
        .evaluate((el) => getComputedStyle(el).direction),
    ).toBe(rtl ? 'rtl' : 'ltr');
    for (const field of ['number', 'expiry', 'cvv']) {
      expect(
        await page
          .locator(`paylit-card-fields #${field}`)
          .evaluate((el) => getComputedStyle(el).direction),
        field,
      ).toBe('ltr');
    }
    expect(await axe(page)).toEqual([]);
    await payButton(page).click(); // nothing typed: every field's message shows
    await expect(page.locator('paylit-card-fields #number-error')).toHaveText(
      t.errors.number.empty,
    );
    await expect(page.locator('paylit-card-fields #holder-error')).toHaveText(
      t.errors.holder.empty,
    );
    expect(await axe(page)).toEqual([]);
  });
}

for (const locale of locales) {
  test(`${locale}, in frame isolation: the card frame draws the card's words in it, in its direction with the digits left to right, and each field's message`, async ({
    page,
    demo,
  }) => {
    const t = await catalog(locale);
    await openCheckout(page, demo, 'plain', 'pay', `&lang=${locale}&isolation=frame`);
    // Inside the card frame's own document.
    const fields = await cardInputs(page);
    await expect(fields.locator('label[for=number]')).toHaveText(t.cardNumber);
    await expect(fields.locator('label[for=holder]')).toHaveText(t.holder);
    await expect(fields.locator('.encrypted')).toHaveText(t.encrypted);
    const direction = (selector: string) =>
      fields.locator(selector).evaluate((el) => getComputedStyle(el).direction);
    expect(await direction('label[for=number]')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    for (const field of ['number', 'expiry', 'cvv'])
      expect(await direction(`#${field}`), field).toBe('ltr');
    await payButton(page).click(); // nothing typed: every field's message shows
    await expect(fields.locator('#number-error')).toHaveText(t.errors.number.empty);
    await expect(fields.locator('#expiry-error')).toHaveText(t.errors.expiry.empty);
    await expect(fields.locator('#holder-error')).toHaveText(t.errors.holder.empty);
  });
}

test('in Arabic the layout mirrors: the label starts at the right, the number reads left to right', async ({
  page,
  demo,
}) => {
  await openCheckout(page, demo, 'plain', 'pay', '&lang=ar');
  const label = await page.locator('paylit-card-fields label[for=number]').boundingBox();
  const input = await page.locator('paylit-card-fields #number').boundingBox();
  // The label sits at the input's right edge (its start in a right-to-left layout).
  expect(Math.abs(label!.x + label!.width - (input!.x + input!.width))).toBeLessThan(24);
  await page.locator('paylit-card-fields #number').pressSequentially('4111111111111111');
  await expect(page.locator('paylit-card-fields #number')).toHaveValue('4111 1111 1111 1111');
});

for (const locale of ['ar', 'hi']) {
  test(`a payment in ${locale}: the outcome in ${locale}, the amount through Intl, money moved once`, async ({
    page,
    demo,
  }) => {
    const t = await catalog(locale);
    const order = await openCheckout(page, demo, 'plain', 'pay', `&lang=${locale}`);
    const label = (await payButton(page).textContent())!.trim();
    await typeCard(page);
    await payButton(page).click();
    const outcome = page.locator('paylit-checkout [part=outcome]');
    await expect(outcome).toContainText(pattern(t.outcomes.PAID));
    await expect(outcome).toContainText(format(t.cardEnding, { brand: 'Visa', last4: '1111' }));
    // The amount is the one on the button, written as the shopper's locale writes it.
    const [before = '', after = ''] = t.pay.split('{amount}');
    const amount = label.slice(before.trim().length, label.length - after.trim().length).trim();
    expect(amount).toMatch(/\p{Nd}/u);
    await expect(outcome).toContainText(amount);
    const moved = (await ledger(demo, order)).filter((e) => e.money_moved);
    expect(moved).toHaveLength(1);
    expect(await axe(page)).toEqual([]);
  });
}
