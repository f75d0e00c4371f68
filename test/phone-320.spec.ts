/**
 * Every view of the checkout on a 320 px phone, in Chromium on the demo shop: the form with its
 * card fields and plans, the wallet picker, the payer's details, the pending views (Pix, Boleto,
 * OXXO, SPEI), the bank's 3-D Secure dialog and the outcome; in English (left to right) and
 * Arabic (right to left), light and dark. Nothing overflows: the page does not scroll sideways,
 * and every box the checkout draws (through its elements' shadow roots) lies inside the screen.
 *
 * With PAYLIT_SCREENSHOTS_DIR set (`npm run screenshots` sets docs/screenshots), it also writes
 * the pending views as the phone shows them, `pending-<view>-320px-<lang>-<scheme>.png`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  expect,
  openCheckout,
  payButton,
  settled,
  test,
  typeCard,
  type Demo,
} from './support/demo.js';
import { scaled } from './support/time.mjs';

const WIDTH = 320;
const langs = ['en', 'ar'] as const;
const schemes = ['light', 'dark'] as const;

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = process.env.PAYLIT_SCREENSHOTS_DIR
  ? resolve(root, process.env.PAYLIT_SCREENSHOTS_DIR)
  : undefined;
if (folder) mkdirSync(folder, { recursive: true });

test.use({ viewport: { width: WIDTH, height: 720 }, isMobile: true, hasTouch: true });

/** What overflows the screen: the page's own sideways scroll, and each box of the checkout that leaves it. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const out: string[] = [];
    const page = document.documentElement;
    if (page.scrollWidth > width) out.push(`the page is ${page.scrollWidth} px wide`);
    const name = (el: Element) =>
      `${el.localName}${el.getAttribute('part') ? `[part=${el.getAttribute('part')}]` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().replace(/\s+/g, '.')}` : ''}`;
    const walk = (node: ParentNode, path: string) => {
      for (const el of node.querySelectorAll('*')) {
        const where = `${path} ${name(el)}`;
        const box = el.getBoundingClientRect();
        if (box.width > 0 && (box.left < -0.5 || box.right > width + 0.5))
          out.push(`${where}: ${Math.round(box.left)} to ${Math.round(box.right)}`);
        if (el.shadowRoot) walk(el.shadowRoot, where);
      }
    };
    for (const checkout of document.querySelectorAll('paylit-checkout'))
      walk(checkout.shadowRoot!, 'paylit-checkout');
    return out;
  }, WIDTH);
}

interface View {
  readonly name: string;
  readonly scenario: string;
  /** What the shopper does to reach the view. */
  readonly reach?: (page: Page) => Promise<void>;
  /** A pending view: screenshotted for the docs. */
  readonly pending?: boolean;
}

const pendingView = (page: Page) => page.locator('paylit-checkout [part=pending]');

/** Picks `method` in the wallet picker and pays: the pending view shows. */
const paysAway = (method: string) => async (page: Page) => {
  await page.locator('paylit-wallet-select').getByRole('radio', { name: method }).check();
  await payButton(page).click();
  await expect(page.locator('paylit-checkout [part=outcome] h2')).toBeVisible();
};

const views: readonly View[] = [
  {
    name: 'the form: card fields and plans',
    scenario: 'installments-br',
    reach: async (page) => {
      await typeCard(page, { number: '5555555555554444' });
      const plans = page.locator('paylit-installments');
      await expect(plans.getByRole('combobox').or(plans.getByRole('radio').first())).toBeVisible();
    },
  },
  {
    name: 'the wallet picker',
    scenario: 'wallet',
    reach: async (page) => {
      await expect(page.locator('paylit-wallet-select [part=methods] svg').first()).toBeVisible();
    },
  },
  {
    name: "the payer's details",
    scenario: 'payer-br',
    reach: async (page) => {
      await expect(page.locator('paylit-checkout [part=payer]')).toBeVisible();
    },
  },
  { name: 'pix', scenario: 'pix', reach: paysAway('Pix'), pending: true },
  { name: 'boleto', scenario: 'boleto', reach: paysAway('Boleto Bancário'), pending: true },
  { name: 'oxxo', scenario: 'oxxo', reach: paysAway('OXXO'), pending: true },
  { name: 'spei', scenario: 'oxxo', reach: paysAway('SPEI'), pending: true },
  {
    name: "the bank's 3-D Secure dialog",
    scenario: '3ds',
    reach: async (page) => {
      await typeCard(page);
      await payButton(page).click();
      await expect(page.locator('paylit-checkout dialog[part=challenge]')).toBeVisible();
      await expect(
        page
          .frameLocator('paylit-checkout iframe[part=challenge-frame]')
          .getByRole('button', { name: 'Approve' }),
      ).toBeVisible();
    },
  },
  {
    name: 'the outcome',
    scenario: 'pay',
    reach: async (page) => {
      await typeCard(page);
      await payButton(page).click();
      await expect(page.locator('paylit-checkout [part=outcome] h2')).toBeVisible();
    },
  },
];

/**
 * The view reached once in `lang`, then looked at in each scheme: the page's colour scheme
 * switched in place (`emulateMedia`, as a phone's setting switches it under an open page; the
 * checkout's colours are `light-dark()` of the page's `color-scheme`), each checked as drawn.
 */
async function shows(page: Page, demo: Demo, view: View, lang: string) {
  await page.emulateMedia({ colorScheme: schemes[0], reducedMotion: 'reduce' });
  await openCheckout(page, demo, 'plain', view.scenario, `&lang=${lang}`);
  await view.reach?.(page);
  for (const scheme of schemes) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
      scheme === 'dark',
    );
    await settled(page);
    expect(await overflowing(page), `${view.name}, ${lang}, ${scheme}`).toEqual([]);
    if (folder && view.pending)
      writeFileSync(
        resolve(folder, `pending-${view.name}-${WIDTH}px-${lang}-${scheme}.png`),
        await page.locator('section.checkout').screenshot({ animations: 'disabled' }),
      );
  }
}

for (const view of views)
  test(`320 px: ${view.name} fits, in English and Arabic, light and dark`, async ({
    page,
    demo,
  }) => {
    test.setTimeout(scaled(40_000)); // one view in 2 languages × 2 themes at 320 px
    for (const lang of langs) await shows(page, demo, view, lang);
  });
