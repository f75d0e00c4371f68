/**
 * What a shopper's browser fetches of paylit before they touch the checkout: the demo's
 * script-tag page, with its card fields in the page, opened and left alone until the marks
 * are drawn: the card page, and the page with the most to draw before a touch (the wallets,
 * their marks and the picker's look). Nothing that waits for a touch (the encryption, the
 * installments' rules, the outcome, what reads a payment's answer) is among them. The bytes of
 * each journey are held by journeys.spec.ts.
 */
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { bundleDir } from './support/bundle-graph.mjs';
import { expect, openCheckout, test } from './support/demo.js';

/** Opens a scenario on the script-tag page and answers the paylit scripts it fetched, with their gzip sizes. */
async function untouched(page: Page, demo: { url: string }, scenario: string) {
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    const name = new URL(res.url()).pathname.split('/').pop()!;
    if (/^paylit(\.[\w.-]+)?\.js$/.test(name))
      scripts.set(
        name,
        res.body().then((body) => gzipSync(body, { level: 9 }).length),
      );
  });
  await openCheckout(page, demo as never, 'plain', scenario);
  // The marks come after the first render: the card's brands are drawn once they are here.
  await expect(page.locator('paylit-card-fields .accepted svg').first()).toBeVisible();
  // And, on the page that offers wallets, their marks and the picker's look.
  if (scenario === 'wallet')
    await expect(page.locator('paylit-wallet-select svg[data-mark]').first()).toBeVisible();
  const sizes = Object.fromEntries(
    await Promise.all([...scripts].map(async ([name, size]) => [name, await size] as const)),
  );
  return sizes;
}

for (const scenario of ['pay', 'wallet']) {
  test(`the "${scenario}" page fetches nothing of paylit that waits for a touch before the shopper touches it`, async ({
    page,
    demo,
  }) => {
    const sizes = await untouched(page, demo, scenario);
    const total = Object.values(sizes).reduce((sum, size) => sum + size, 0);
    test.info().annotations.push({
      type: 'size',
      description: `${Object.entries(sizes)
        .map(([name, size]) => `${name} ${size} B`)
        .join(', ')}: ${total} B gzip`,
    });
    expect(Object.keys(sizes)).toContain('paylit.js');
    expect(Object.keys(sizes)).toContain('paylit.module.js');
    for (const later of [
      'paylit.encryption.js',
      'paylit.installment-plans.js',
      'paylit.checkout-payment.js',
    ]) {
      // A name the build really writes: the test would pass for a chunk that does not exist.
      expect(existsSync(bundleDir + later), later).toBe(true);
      expect(Object.keys(sizes)).not.toContain(later);
    }
  });
}
