/**
 * What a shopper's browser fetches of paylit before they touch the checkout: the demo's
 * script-tag page, with its card fields in the page, opened and left alone until the marks
 * are drawn. Every paylit script it fetched, gzipped as a server would send it, is at most
 * 28.5 KB (29 184 B; 28 672 B until core's one rule for the characters of names, which the card
 * fields' holder check runs, added 68 B): the card page, and the page with the most to draw before a touch (the
 * wallets, their marks and the picker's look). Nothing that waits for a touch (the
 * encryption, the installments' rules, the outcome) is among them.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, openCheckout, test } from './support/demo.js';

const BUDGET = 29_184;

/** Opens a scenario on the script-tag page and answers the paylit scripts it fetched, with their gzip sizes. */
async function untouched(page: Page, demo: { url: string }, scenario: string) {
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    const name = new URL(res.url()).pathname.split('/').pop()!;
    if (/^paylit(\.[\w-]+)?\.js$/.test(name))
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
  test(`the "${scenario}" page fetches at most 28.5 KB of paylit before the shopper touches it, and nothing that waits for a touch`, async ({
    page,
    demo,
  }) => {
    const sizes = await untouched(page, demo, scenario);
    const total = Object.values(sizes).reduce((sum, size) => sum + size, 0);
    test.info().annotations.push({
      type: 'size',
      description: `${Object.entries(sizes)
        .map(([name, size]) => `${name} ${size} B`)
        .join(', ')}: ${total} B gzip (budget ${BUDGET} B)`,
    });
    expect(Object.keys(sizes)).toContain('paylit.js');
    for (const later of ['paylit.crypto.js', 'paylit.installments.js', 'paylit.outcome.js'])
      expect(Object.keys(sizes)).not.toContain(later);
    expect(total).toBeLessThanOrEqual(BUDGET);
  });
}
