/**
 * Pix Automático's sign-up (`POST /subscriptions`) not answered as asked: the server's rate
 * limit (429 with `Retry-After`), then no answer at all (the network gone). Each is said in the
 * payer's language, naming what is wrong (too many attempts; the store could not be reached),
 * and fires one `paylit-error` (`rate_limited` with `retryAfter`; `network`), retryable, as a
 * card payment's refusal does; Pay stays usable, and pressed once the server answers, signs up.
 */
import type { Page } from '@playwright/test';
import { expect, openCheckout, payButton, test } from './support/demo.js';

const errors = (page: Page) =>
  page.evaluate(() => (window as unknown as { paylitErrors: unknown[] }).paylitErrors);

test("Pix Automático's sign-up refused by the rate limit, then unanswered: each said in pt-BR, one paylit-error each, retryable; Pay then signs up", async ({
  page,
  demo,
  consoleErrors,
}) => {
  let answer: 'limit' | 'none' | 'server' = 'limit';
  await page.route('**/paylit/subscriptions', (route) => {
    if (answer === 'server' || route.request().method() !== 'POST') return route.continue();
    if (answer === 'none') return route.abort('internetdisconnected');
    return route.fulfill({
      status: 429,
      headers: { 'Retry-After': '30' },
      contentType: 'application/json',
      body: JSON.stringify({
        error: { type: 'rate_limited', message: 'Too many requests', retryable: true },
        requestId: 'req-1',
      }),
    });
  });
  await page.addInitScript(() => {
    const seen: unknown[] = ((window as unknown as { paylitErrors: unknown[] }).paylitErrors = []);
    addEventListener('paylit-error', (e) => {
      const { kind, retryable, retryAfter } = (
        e as CustomEvent<{ kind: string; retryable: boolean; retryAfter?: number }>
      ).detail;
      seen.push({ kind, retryable, ...(retryAfter !== undefined ? { retryAfter } : {}) });
    });
  });
  await openCheckout(page, demo, 'plain', 'subscription', '&lang=pt-BR');
  await page.getByRole('radio', { name: 'Pix Automático' }).check();
  const said = page.locator('paylit-checkout [part=mandate] [role=alert]');

  await payButton(page).click();
  await expect(said).toHaveText('Tentativas demais. Tente de novo em instantes.');
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  expect(await errors(page)).toEqual([{ kind: 'rate_limited', retryable: true, retryAfter: 30 }]);

  answer = 'none';
  await payButton(page).click();
  await expect(said).toHaveText(
    'Não conseguimos falar com a loja. Confira sua conexão e tente de novo.',
  );
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  expect(await errors(page)).toEqual([
    { kind: 'rate_limited', retryable: true, retryAfter: 30 },
    { kind: 'network', retryable: true },
  ]);

  answer = 'server';
  await payButton(page).click();
  await expect(
    page.locator('paylit-checkout [part=subscription-status]').getByRole('heading'),
  ).toHaveText('Autorize no seu banco');
  expect(await errors(page)).toHaveLength(2);
  // The browser's lines for the 429 and the request that failed; nothing else.
  const others = consoleErrors.filter((e) => !/status of 429|ERR_INTERNET_DISCONNECTED/.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...others);
});
