/**
 * The shopper's clock and a card that expires this month. A card is valid through the last day
 * of its month, and the card fields only catch what cannot be paid: the bank decides, on its own
 * clock. A shopper whose time zone is already in the next month (Auckland, UTC+13, while it is
 * still the 30th of November in UTC and in the Americas) holds a card valid there; the fields
 * must not refuse it. A card whose month is over everywhere (in UTC−12, the last zone to leave a
 * day) is refused.
 */
import { decryptCard, generateCardKeyPair, type CardKeyPair } from '@paylit/core/crypto';
import { expect, test as base, type Page } from '@playwright/test';
import { serveBundlePage } from './support/bundle-page.js';
import { consoleErrors } from './support/console.js';
import type { Served } from './support/shop-front.js';
import { cardInputs, isolations, type Isolation } from './support/demo.js';

let served: Served;
let origin: string;
let keys: CardKeyPair;

const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [consoleErrors, { auto: true }],
});

test.beforeAll(async () => {
  keys = await generateCardKeyPair();
  const publicKey = JSON.stringify(keys.publicJwk).replace(/'/g, '&#39;');
  const page = (isolation: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Expiry</title><script src="/paylit.js"></script><script src="/page.js"></script></head>
<body><main><paylit-checkout amount="120" currency="BRL" country="BR" isolation="${isolation}" public-key='${publicKey}'></paylit-checkout></main></body></html>`;
  const pageScript = `document.addEventListener('paylit-submit', (e) => { window.submission = e.submission; });`;
  served = await serveBundlePage(
    (url) => page(url.searchParams.get('isolation') ?? 'page'),
    pageScript,
  );
  origin = served.url;
});

test.afterAll(() => served.close());

const pay = (page: Page) => page.locator('paylit-checkout button[part=button]');

/** The page on a clock fixed at `at`, a card with this expiry typed, the expiry field left. */
async function typed(page: Page, isolation: Isolation, at: string, expiry: string) {
  await page.clock.setFixedTime(new Date(at));
  await page.goto(`${origin}/?isolation=${isolation}`);
  await expect(pay(page)).toHaveAttribute('aria-disabled', 'false');
  const fields = await cardInputs(page);
  await fields.locator('#number').pressSequentially('4111111111111111');
  await fields.locator('#expiry').pressSequentially(expiry);
  await fields.locator('#cvv').pressSequentially('123');
  await fields.locator('#holder').fill('Ana Lima');
  return fields;
}

/** Pays, and opens the JWE the checkout handed over. */
async function sealed(page: Page) {
  await pay(page).click();
  await expect
    .poll(() => page.evaluate(() => (window as { submission?: unknown }).submission !== undefined))
    .toBe(true);
  const { method } = await page.evaluate(
    () =>
      (
        window as unknown as {
          submission: {
            method: { encryptedData: string; expirationMonth: number; expirationYear: number };
          };
        }
      ).submission,
  );
  const { number } = await decryptCard(method.encryptedData, keys.privateJwk);
  return { number, month: method.expirationMonth, year: method.expirationYear };
}

for (const isolation of isolations) {
  test.describe(`${isolation} isolation, in Auckland (UTC+13)`, () => {
    test.use({ timezoneId: 'Pacific/Auckland' });

    test('1 December at 1 a.m. there, still 30 November in UTC: a card of 11/26 is taken and sealed', async ({
      page,
    }) => {
      const fields = await typed(page, isolation, '2026-11-30T12:00:00Z', '1126');
      await expect(fields.locator('#expiry-error')).toBeEmpty();
      expect(await sealed(page)).toEqual({ number: '4111111111111111', month: 11, year: 2026 });
    });

    test('2 December at 1 a.m. there, 1 December in the last time zone (UTC−12): a card of 11/26 has expired', async ({
      page,
    }) => {
      const fields = await typed(page, isolation, '2026-12-01T12:00:00Z', '1126');
      await expect(fields.locator('#expiry-error')).toHaveText('The card has expired.');
    });
  });
}

test.describe('in Honolulu (UTC−10)', () => {
  test.use({ timezoneId: 'Pacific/Honolulu' });
  test('30 November at 7 p.m. there, 1 December in UTC: a card of 11/26 is taken', async ({
    page,
  }) => {
    const fields = await typed(page, 'page', '2026-12-01T05:00:00Z', '1126');
    await expect(fields.locator('#expiry-error')).toBeEmpty();
    expect(await sealed(page)).toEqual({ number: '4111111111111111', month: 11, year: 2026 });
  });
});
