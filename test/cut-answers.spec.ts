/**
 * The network drops in the middle of the companion server's answer (a phone changing cells, a
 * proxy that resets the connection): the browser has the status and headers and half of the
 * body. The order's load cut so is a network failure, as one that never got an answer is: the
 * shopper reads to check their connection (in their language), `paylit-error` says `network`,
 * retryable, once; Try again loads the order. The shop's own server cuts the answer
 * (support/shop-front.ts `cut`): a test tool in the browser can only answer whole.
 */
import { shopFront, type Served } from './support/shop-front.js';
import { expect, payButton, test } from './support/demo.js';

const served: Served[] = [];
test.afterEach(async () => {
  await Promise.all(served.splice(0).map((s) => s.close()));
});

test("the order's answer cut mid-body: a network failure in the shopper's language, retryable, once; Try again loads it", async ({
  page,
  demo,
  consoleErrors,
}) => {
  let cut = true;
  const shop = await shopFront(demo.url, demo.url, {
    cut: (path) => cut && path === '/paylit/checkout',
  });
  served.push(shop);
  await page.addInitScript(() => {
    const seen: unknown[] = ((window as unknown as { paylitErrors: unknown[] }).paylitErrors = []);
    addEventListener('paylit-error', (e) => {
      const { kind, retryable } = (e as CustomEvent<{ kind: string; retryable: boolean }>).detail;
      seen.push({ kind, retryable });
    });
  });
  await page.goto(`${shop.url}/plain.html?scenario=pay&lang=es`);
  const retry = page.locator('paylit-checkout [part=retry]');
  await expect(retry).toBeVisible();
  await expect(page.locator('paylit-checkout [part=message]')).toHaveText(
    'No se pudo conectar con la tienda. Comprueba tu conexión e inténtalo de nuevo.',
  );
  expect(
    await page.evaluate(() => (window as unknown as { paylitErrors: unknown[] }).paylitErrors),
  ).toEqual([{ kind: 'network', retryable: true }]);

  cut = false;
  await retry.click();
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  // The browser's line for the cut answer; nothing else.
  const others = consoleErrors.filter((e) => !/ERR_CONTENT_LENGTH_MISMATCH/.test(e));
  expect(consoleErrors.length - others.length).toBe(1);
  consoleErrors.splice(0, consoleErrors.length, ...others);
});
