/**
 * The README's screenshots, made from the demo shop itself: the checkout as a 1280 px desktop
 * and a 390 px phone draw it, in light and dark, in English, Brazilian Portuguese, Spanish
 * (Argentina: its installment plans with their CFT) and Arabic (right to left): a card typed,
 * a plan chosen, and the wallet picker of a Brazilian order. Each language's shots are laid
 * side by side on one sheet (a page of images, which Playwright screenshots in turn).
 *
 * `npm run screenshots` writes the README's own, all four, in docs/screenshots/ (set by
 * PAYLIT_SCREENSHOTS_DIR), with the fonts .ci/run installs (Arabic's among them). A test run
 * makes one sheet, Arabic's (right to left, the one most likely to break), in
 * test-results/screenshots/ (ignored): it shows the command works, and changes no tracked file.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
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

interface Language {
  lang: string;
  name: string;
  /** The order the checkout shows: one of the demo's installment scenarios. */
  scenario: string;
  /** The plan chosen, by its count of installments. */
  plan: string;
}

const languages: readonly Language[] = [
  { lang: 'en', name: 'English', scenario: 'installments-br', plan: '3' },
  { lang: 'pt-BR', name: 'Brazilian Portuguese', scenario: 'installments-br', plan: '6' },
  // Argentina's plans carry interest: each shows its CFT.
  { lang: 'es-AR', name: 'Spanish (Argentina)', scenario: 'installments-ar', plan: '6' },
  { lang: 'ar', name: 'Arabic', scenario: 'installments-br', plan: '3' },
];
const widths = [1280, 390] as const;
const schemes = ['light', 'dark'] as const;

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = resolve(root, process.env.PAYLIT_SCREENSHOTS_DIR ?? 'test-results/screenshots');
mkdirSync(folder, { recursive: true });

/** Picks the plan with `count` installments, from the select or the radios the order's plans are drawn with. */
async function choosePlan(page: Page, count: string): Promise<void> {
  const plans = page.locator('paylit-installments');
  await expect(plans.getByRole('combobox').or(plans.getByRole('radio').first())).toBeVisible();
  if (await plans.getByRole('combobox').count())
    await plans.getByRole('combobox').selectOption(count);
  else await plans.getByRole('radio', { name: new RegExp(`^\\W*${count}\\s`) }).check();
}

/** One shot of the checkout's panel as drawn at `width` px in `scheme`, as PNG bytes. */
async function shoot(
  page: Page,
  demo: Demo,
  language: Language,
  width: number,
  scheme: string,
  what: 'plans' | 'wallets',
): Promise<Buffer> {
  await page.setViewportSize({ width, height: 900 });
  await page.emulateMedia({ colorScheme: scheme as 'light' | 'dark', reducedMotion: 'reduce' });
  if (what === 'plans') {
    await openCheckout(page, demo, 'plain', language.scenario, `&lang=${language.lang}`);
    await typeCard(page, { number: '5555555555554444', holder: 'Ana Lima' });
    await choosePlan(page, language.plan);
  } else {
    await openCheckout(page, demo, 'plain', 'wallet', `&lang=${language.lang}`);
    // The marks are drawn once their chunk is here.
    await expect(page.locator('paylit-wallet-select [part=methods] svg').first()).toBeVisible();
  }
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await settled(page);
  await expect(payButton(page)).toBeVisible();
  return page.locator('section.checkout').screenshot({ animations: 'disabled' });
}

const refreshing = process.env.PAYLIT_SCREENSHOTS_DIR !== undefined;
for (const language of refreshing ? languages : languages.filter((l) => l.lang === 'ar')) {
  test(`screenshots: the checkout in ${language.name}, at ${widths.join(' and ')} px, light and dark, on one sheet`, async ({
    page,
    demo,
  }) => {
    test.setTimeout(scaled(40_000)); // one language's sheet: 2 widths × 2 themes drawn
    const shots: { caption: string; png: Buffer; width: number }[] = [];
    for (const scheme of schemes) {
      for (const width of widths)
        shots.push({
          caption: `${width} px, ${scheme}`,
          png: await shoot(page, demo, language, width, scheme, 'plans'),
          width,
        });
      shots.push({
        caption: `390 px, ${scheme}: wallets and banks`,
        png: await shoot(page, demo, language, 390, scheme, 'wallets'),
        width: 390,
      });
    }
    // The sheet: three columns (desktop, phone, the phone's wallet picker), light above dark, on
    // a blank page (the demo's policy allows no markup written by a script).
    await page.goto('about:blank');
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    const figures = shots
      .map(
        (s) =>
          `<figure><img alt="" src="data:image/png;base64,${s.png.toString('base64')}"><figcaption>${s.caption}</figcaption></figure>`,
      )
      .join('');
    await page.setContent(`<!doctype html><html lang="en"><meta charset="utf-8"><style>
      body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: #e5e7eb; color: #111827; }
      main { display: inline-grid; grid-template-columns: repeat(3, auto); gap: 16px; padding: 16px; align-items: start; }
      h1 { grid-column: 1 / -1; margin: 0; font-size: 18px; }
      figure { margin: 0; display: grid; gap: 6px; justify-items: start; }
      img { display: block; border-radius: 8px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.25); }
      </style><main><h1>paylit checkout, ${language.name} (${language.lang})</h1>${figures}</main></html>`);
    await expect(page.locator('img')).toHaveCount(shots.length);
    await page.waitForFunction(() =>
      [...document.images].every((i) => i.complete && i.naturalWidth > 0),
    );
    const path = resolve(folder, `checkout-${language.lang}.png`);
    await page.locator('main').screenshot({ path });
    expect(statSync(path).size).toBeGreaterThan(50_000);
    // Every shot is on the sheet at its own size: nothing scaled, nothing cut.
    const drawn = await page
      .locator('img')
      .evaluateAll((imgs) =>
        imgs.map((i) => (i as HTMLImageElement).getBoundingClientRect().width),
      );
    expect(drawn).toEqual(shots.map((s) => pngWidth(s.png)));
    expect(readFileSync(path).subarray(1, 4).toString()).toBe('PNG');
  });
}

/** A PNG's width, from its header. */
function pngWidth(png: Buffer): number {
  return png.readUInt32BE(16);
}
