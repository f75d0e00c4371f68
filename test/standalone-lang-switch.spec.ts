/**
 * A `<paylit-card-fields>` on its own (a merchant's form, no checkout around it) and the page's
 * language switcher: with no `lang` of its own, the fields speak the page's language
 * (packages/elements/README.md: "`lang` on the element, else the page's"), also when the page
 * changes it after render, on `<html>` or on a wrapper, as the checkout does.
 */
import type { Locator, Page } from '@playwright/test';
import type { Messages } from '../packages/elements/src/i18n/index.js';
import { expect, inMode, openCheckout, test, type Isolation } from './support/demo.js';

const catalog = async (locale: string): Promise<Messages> =>
  (await import(`../packages/elements/src/i18n/${locale}.ts`)).default;

/** The standalone fields' number label, through their frame in frame isolation. */
function numberLabel(page: Page, isolation: Isolation): Locator {
  const host = page.locator('#standalone paylit-card-fields');
  const fields =
    isolation === 'frame'
      ? host.locator('iframe').contentFrame().locator('paylit-card-fields')
      : host;
  return fields.locator('label[for=number]').first();
}

for (const [where, isolation] of [
  ['html', 'page'],
  ['wrapper', 'page'],
  ['wrapper', 'frame'],
] as const) {
  test(`standalone card fields, the page's lang switched on its ${where === 'html' ? '<html>' : 'own wrapper'} after render (${isolation} isolation): the fields speak pt-BR, then es`, async ({
    page,
    demo,
  }) => {
    const [en, pt, es] = [await catalog('en'), await catalog('pt-BR'), await catalog('es')];
    await openCheckout(page, demo, 'plain', 'pay', inMode(isolation));
    await page.evaluate((isolation) => {
      const wrapper = document.createElement('form');
      wrapper.id = 'standalone';
      const fields = document.createElement('paylit-card-fields');
      fields.setAttribute('name', 'card');
      if (isolation === 'frame') fields.setAttribute('isolation', 'frame');
      wrapper.append(fields);
      document.body.append(wrapper);
    }, isolation);
    await expect(numberLabel(page, isolation)).toHaveText(en.cardNumber);
    const switchTo = (lang: string) =>
      page.evaluate(
        ([where, lang]) =>
          (where === 'html'
            ? document.documentElement
            : document.getElementById('standalone')!
          ).setAttribute('lang', lang!),
        [where, lang],
      );
    await switchTo('pt-BR');
    await expect(numberLabel(page, isolation)).toHaveText(pt.cardNumber);
    await switchTo('es');
    await expect(numberLabel(page, isolation)).toHaveText(es.cardNumber);
  });
}
