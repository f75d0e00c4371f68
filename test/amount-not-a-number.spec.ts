/**
 * `amount` on a checkout without a server, written the way a merchant's template or a shopper's
 * locale writes it: `amount="abc"` (a placeholder left in) or `amount="120,50"` (a decimal
 * comma). The checkout cannot show or charge that amount: the page hears one `paylit-error` of
 * kind `configuration` naming the attribute, the shopper reads the checkout's "not set up" words
 * in their language, and nothing is thrown. On main the first drawing throws "amount must be a
 * finite number" and the checkout stays on "Loading the checkout…" with no event.
 *
 * Also a number that is no amount in the currency (`120.505` or `-5` reais, `1000.5` Chilean
 * pesos, core's isAmountInCurrency) and an empty `amount=""` (a template's blank placeholder):
 * on main they show Pay with the amount rounded ("Pay R$120.51", "Pay -R$5.00", the pesos
 * without their half) or "Pay R$0.00", and hand over 120.505, -5, 1000.5 and 0 as written.
 */
import { generateCardKeyPair } from '@paylit/core/crypto';
import { test as base, expect } from '@playwright/test';
import { serveBundlePage } from './support/bundle-page.js';
import { consoleErrors } from './support/console.js';
import type { Served } from './support/shop-front.js';

const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [consoleErrors, { auto: true }],
});

let served: Served;

test.beforeAll(async () => {
  const keys = await generateCardKeyPair();
  const publicKey = JSON.stringify(keys.publicJwk).replace(/'/g, '&#39;');
  served = await serveBundlePage(
    (
      url,
    ) => `<!doctype html><html lang="${url.searchParams.get('lang')}"><head><meta charset="utf-8"><title>Checkout</title>
<script src="/page.js"></script><script src="/paylit.js"></script></head>
<body><main><paylit-checkout amount="${url.searchParams.get('amount')}" currency="${url.searchParams.get('currency') ?? 'BRL'}" country="BR" public-key='${publicKey}'></paylit-checkout></main></body></html>`,
    `window.errors = [];
document.addEventListener('paylit-error', (e) => errors.push({ kind: e.detail.kind, message: e.detail.message, retryable: e.detail.retryable }));`,
  );
});

test.afterAll(() => served.close());

const errors = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () => (window as unknown as { errors: { kind: string; message: string }[] }).errors,
  );

const notSetUp = "This shop's checkout is not set up yet.";
for (const [amount, lang, words, currency, fixed, shown] of [
  ['abc', 'en', notSetUp, 'BRL', '120.50', /120[.,]50/],
  [
    '120,50',
    'pt-BR',
    'O checkout desta loja ainda não está configurado.',
    'BRL',
    '120.50',
    /120[.,]50/,
  ],
  ['120.505', 'en', notSetUp, 'BRL', '120.50', /120[.,]50/],
  ['-5', 'en', notSetUp, 'BRL', '120.50', /120[.,]50/],
  ['1000.5', 'en', notSetUp, 'CLP', '1000', /1,000(?![.,]\d)/],
  ['', 'en', notSetUp, 'BRL', '120.50', /120[.,]50/],
] as const) {
  test(`amount="${amount}" ${currency} (${lang}): one configuration paylit-error naming amount, the shopper's words, no form; an amount afterwards shows Pay`, async ({
    page,
  }) => {
    await page.goto(
      `${served.url}/?amount=${encodeURIComponent(amount)}&currency=${currency}&lang=${lang}`,
    );
    const message = page.locator('paylit-checkout [part=message]');
    await expect(message).toContainText(words);
    await expect.poll(() => errors(page)).toHaveLength(1);
    const [error] = await errors(page);
    expect(error).toMatchObject({ kind: 'configuration', retryable: false });
    expect(error!.message).toContain('amount');
    expect(error!.message).toContain(amount);
    // No form: nothing to pay (as for an order that cannot be paid).
    await expect(page.locator('paylit-checkout button[part=button]')).toHaveCount(0);
    // The merchant's app corrects it: the checkout takes the amount, the message goes.
    await page.evaluate(
      (fixed) => document.querySelector('paylit-checkout')!.setAttribute('amount', fixed),
      fixed,
    );
    await expect(page.locator('paylit-checkout button[part=button]')).toHaveText(shown);
    await expect(message).not.toContainText(words);
    expect(await errors(page)).toHaveLength(1);
  });
}

// A currency code in lowercase (a template's `currency="{{ order.currency }}"` fed "brl"): on the
// branch the first drawing throws 'currency must be an ISO 4217 code' and the checkout stays
// blank, with no event.
test('currency="brl": one configuration paylit-error naming currency, the shopper\'s words, no form', async ({
  page,
}) => {
  await page.goto(`${served.url}/?amount=120.50&currency=brl&lang=en`);
  await expect(page.locator('paylit-checkout [part=message]')).toContainText(
    "This shop's checkout is not set up yet.",
  );
  await expect.poll(() => errors(page)).toHaveLength(1);
  const [error] = await errors(page);
  expect(error).toMatchObject({ kind: 'configuration', retryable: false });
  expect(error!.message).toContain('currency');
  await expect(page.locator('paylit-checkout button[part=button]')).toHaveCount(0);
});
