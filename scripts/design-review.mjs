#!/usr/bin/env node
/**
 * The pictures of docs/design-review.md: each view the review speaks of, drawn by the demo shop
 * (its built pages and embedded sandbox) in Chromium, at a 320 px phone and a 1280 px desktop,
 * light and dark, English and Arabic, cropped to the part of the checkout the point is about.
 *
 *   npm run build && npm run build:demo
 *   node scripts/design-review.mjs after            # writes docs/design-review/after/*.png
 *   node scripts/design-review.mjs before pix spei  # only these views
 *
 * The first argument names the folder (`before` was taken from the code before the review's
 * changes, `after` from the code after them); the others, the views to draw (all by default).
 * It is not part of `npm test`: it writes tracked files. The PNGs are drawn at one device pixel
 * per CSS pixel and cropped, so the whole set stays small.
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs';

const [set = 'after', ...only] = process.argv.slice(2);
if (!/^[\w-]+$/.test(set)) throw new Error(`the folder name "${set}" is not a plain word`);
const root = fileURLToPath(new URL('..', import.meta.url));
const folder = resolve(root, 'docs/design-review', set);
mkdirSync(folder, { recursive: true });

const widths = [320, 1280];
const schemes = ['light', 'dark'];
const langs = ['en', 'ar'];

const pay = (page) => page.locator('paylit-checkout button[part=button]');
const outcome = (page) => page.locator('paylit-checkout [part=outcome]');

/** Picks `method` (its name as the tile shows it; the first that exists) and pays: the pending view shows. */
const paysAway =
  (...names) =>
  async (page) => {
    const picker = page.locator('paylit-wallet-select');
    // The picker draws its options once the marks' chunk is here.
    await picker.locator('[part=methods] svg').first().waitFor();
    for (const name of names) {
      const radio = picker.getByRole('radio', { name }).first();
      if (await radio.count()) {
        await radio.check();
        await page.waitForFunction((input) => input.checked, await radio.elementHandle());
        break;
      }
    }
    await pay(page).click();
    await page.locator('paylit-checkout [part=outcome] h2').waitFor();
    // The QR is drawn on its canvas once decoded.
    await page.waitForFunction(() => {
      const pending = document
        .querySelector('paylit-checkout')
        ?.shadowRoot?.querySelector('paylit-pending');
      const canvas = pending?.shadowRoot?.querySelector('canvas');
      return !canvas || canvas.width > 0;
    });
  };

async function typeCard(page, number = '5555555555554444') {
  const fields = page.locator('paylit-card-fields');
  await fields.locator('#number').pressSequentially(number);
  await fields.locator('#expiry').pressSequentially('1230');
  await fields.locator('#cvv').fill('123');
  await fields.locator('#holder').fill('Ana Lima');
}

/** Each view: its scenario, what the shopper does to reach it, and what is cropped. */
const views = [
  {
    name: 'methods',
    scenario: 'wallet',
    reach: (page) => page.locator('paylit-wallet-select [part=methods] svg').first().waitFor(),
    crop: 'paylit-wallet-select',
  },
  {
    name: 'plans',
    scenario: 'installments-br',
    reach: async (page) => {
      await typeCard(page);
      const plans = page.locator('paylit-installments');
      await plans.getByRole('combobox').or(plans.getByRole('radio').first()).waitFor();
      if (await plans.getByRole('combobox').count())
        await plans.getByRole('combobox').selectOption('6');
      else await plans.getByRole('radio').nth(5).check();
      await page.locator('body').click({ position: { x: 1, y: 1 } });
    },
    crop: 'paylit-checkout',
  },
  {
    name: 'payer-br',
    scenario: 'payer-br',
    reach: async (page) => {
      await typeCard(page, '4111111111111111');
      await pay(page).click();
      await page.locator('paylit-payer-fields [aria-invalid=true]').first().waitFor();
    },
    crop: 'paylit-payer-fields',
  },
  {
    name: 'payer-in',
    scenario: 'payer-in',
    reach: async (page) => {
      await typeCard(page, '4111111111111111');
      await pay(page).click();
      await page.locator('paylit-payer-fields [aria-invalid=true]').first().waitFor();
    },
    crop: 'paylit-payer-fields',
  },
  { name: 'pix', scenario: 'pix', reach: paysAway('Pix QR', 'Pix'), crop: '[part=outcome]' },
  {
    name: 'boleto',
    scenario: 'boleto',
    reach: paysAway('Boleto Bancário'),
    crop: '[part=outcome]',
  },
  { name: 'spei', scenario: 'oxxo', reach: paysAway('SPEI'), crop: '[part=outcome]' },
  {
    name: 'load-error',
    scenario: 'pay',
    // The companion server cannot be reached: the order never loads.
    before: (page) =>
      page.route('**/paylit/checkout?*', (route) => route.abort('connectionrefused')),
    ready: (page) => page.locator('paylit-checkout [part=retry]').waitFor(),
    crop: 'paylit-checkout',
  },
  {
    name: '3ds-dialog',
    scenario: '3ds',
    reach: async (page) => {
      await typeCard(page, '4111111111111111');
      await pay(page).click();
      await page.locator('paylit-checkout dialog[part=challenge]').waitFor();
      await page
        .frameLocator('paylit-checkout iframe[part=challenge-frame]')
        .getByRole('button', { name: 'Approve' })
        .waitFor();
    },
    crop: 'paylit-checkout dialog[part=challenge]',
  },
].filter((v) => only.length === 0 || only.includes(v.name));

const child = fork(resolve(root, 'demo/server.mjs'), [], {
  env: { ...process.env, PORT: '0' },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const demo = await new Promise((done, fail) => {
  child.once('message', done);
  child.once('exit', (code) =>
    fail(new Error(`the demo exited with ${code}: run npm run build:demo`)),
  );
});
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
let written = 0;
try {
  for (const view of views)
    for (const width of widths)
      for (const scheme of schemes)
        for (const lang of langs) {
          const phone = width < 800;
          const context = await browser.newContext({
            viewport: { width, height: phone ? 720 : 900 },
            deviceScaleFactor: 1,
            isMobile: phone,
            hasTouch: phone,
            colorScheme: scheme,
            reducedMotion: 'reduce',
          });
          const page = await context.newPage();
          await view.before?.(page);
          await page.goto(`${demo.url}/plain.html?scenario=${view.scenario}&lang=${lang}`);
          if (view.ready) await view.ready(page);
          else await pay(page).and(page.locator('[aria-disabled=false]')).waitFor();
          await view.reach?.(page).catch(async (error) => {
            await page.screenshot({ path: resolve(root, 'test-results/design-review-failed.png') });
            throw error;
          });
          // Fonts and the marks' chunk in place, the caret out of the picture.
          await page.evaluate(() => document.fonts.ready);
          await page.evaluate(() => document.activeElement?.blur?.());
          const target = page.locator(view.crop).first();
          await target.scrollIntoViewIfNeeded();
          const file = `${view.name}-${width}-${lang}-${scheme}.png`;
          const shot = await target.screenshot({ animations: 'disabled', caret: 'hide' });
          writeFileSync(resolve(folder, file), shot);
          written++;
          await context.close();
        }
} finally {
  await browser.close();
  child.kill();
}
console.log(`${written} pictures in ${folder}`);
