/**
 * `amount` set the way frameworks set it: Vue 3, Svelte 5 and React 19 set a custom element's
 * property when the element has one, and a template's `amount="120.50"` (no binding, or a
 * value read from a form or a data attribute) hands it the string. A checkout without a
 * server then shows the amount and hands a submission whose `amount` is the number, as with
 * the attribute; on main it draws nothing and throws "amount must be a finite number".
 */
import { generateCardKeyPair } from '@paylit/core/crypto';
import { test as base, expect } from '@playwright/test';
import { serveBundlePage } from './support/bundle-page.js';
import { consoleErrors } from './support/console.js';
import { typeCard } from './support/demo.js';
import type { Served } from './support/shop-front.js';

const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [consoleErrors, { auto: true }],
});

let served: Served;

test.beforeAll(async () => {
  const keys = await generateCardKeyPair();
  const publicKey = JSON.stringify(keys.publicJwk).replace(/'/g, '&#39;');
  served = await serveBundlePage(
    () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title>
<script src="/paylit.js"></script><script src="/page.js"></script></head>
<body><main><paylit-checkout currency="BRL" country="BR" public-key='${publicKey}'></paylit-checkout></main></body></html>`,
    `window.submitted = [];
document.addEventListener('paylit-submit', (e) => { e.preventDefault(); submitted.push(e.submission.amount); });`,
  );
});

test.afterAll(() => served.close());

test('amount given as the string "120.50" (a framework setting the property from a template): R$120.50 on Pay, and the submission carries 120.5', async ({
  page,
}) => {
  await page.goto(served.url);
  await page.evaluate(async () => {
    await customElements.whenDefined('paylit-checkout');
    (document.querySelector('paylit-checkout') as unknown as { amount: unknown }).amount = '120.50';
  });
  const pay = page.locator('paylit-checkout button[part=button]');
  await expect(pay).toHaveText('Pay R$120.50');
  await expect(pay).toHaveAttribute('aria-disabled', 'false');
  await typeCard(page);
  await pay.click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { submitted: unknown[] }).submitted))
    .toEqual([120.5]);
});
