/**
 * `order` cleared by the merchant's app (React's `order={secret ?? ''}`, a Vue ref reset while
 * the next order is made) after a load that failed: the checkout waits for an order, as it does
 * before its first one (Pay disabled, "Loading the checkout…", nothing else), not a lone "Try
 * again" with no message saying what would be tried; the next order set loads and pays.
 */
import { expect, openCheckout, payButton, test } from './support/demo.js';

test("order cleared after an order the server does not know: the checkout waits for the next order, no lone 'Try again'; the next order loads", async ({
  page,
  demo,
  consoleErrors,
}) => {
  const secret = await openCheckout(page, demo, 'plain', 'pay');
  const checkout = page.locator('paylit-checkout');
  const message = page.locator('paylit-checkout [part=message]');
  const retry = page.locator('paylit-checkout [part=retry]');
  await checkout.evaluate((e) => e.setAttribute('order', 'gone-order_secret_00000000'));
  await expect(message).toHaveText(
    'This order cannot be paid. Go back to the store and start again.',
  );

  await checkout.evaluate((e) => e.setAttribute('order', ''));
  await expect(payButton(page)).toHaveText('Loading the checkout…');
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'true');
  await expect(retry).toHaveCount(0);
  await expect(message).toHaveText('');

  await checkout.evaluate((e, s) => e.setAttribute('order', s), secret);
  await expect(payButton(page)).toHaveText('Pay R$120.00');
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  // The browser's line for the unknown order's 404; nothing else.
  const others = consoleErrors.filter((e) => !/status of 404/.test(e));
  expect(consoleErrors.length - others.length).toBe(1);
  consoleErrors.splice(0, consoleErrors.length, ...others);
});
