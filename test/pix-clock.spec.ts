/**
 * The Pix countdown follows the server, not the shopper's clock. The sandbox gives a Pix code
 * 24 hours; a device whose clock is 10 minutes fast must not show 23:50 left (or, near the end,
 * an expired code the API still takes), and one 10 minutes slow must not show time left after the
 * code expired: the countdown starts from the time left the companion server gives with the code,
 * measured from when its answer arrived.
 */
import { expect, log, openCheckout, payButton, test } from './support/demo.js';

const MINUTE = 60_000;

for (const [skew, how] of [
  [10 * MINUTE, 'fast'],
  [-10 * MINUTE, 'slow'],
] as const)
  test(`a device clock 10 minutes ${how}: the Pix countdown shows the code's 24 hours, not the device's`, async ({
    page,
    demo,
  }) => {
    // The page's clock runs, from 10 minutes off the real time (the sandbox's and the server's).
    await page.clock.install({ time: Date.now() + skew });
    await openCheckout(page, demo, 'plain', 'pix');
    await page.locator('paylit-wallet-select').getByRole('radio', { name: 'Pix' }).check();
    await payButton(page).click();
    await expect(log(page).first()).toContainText('PENDING');
    const left = page.locator('paylit-checkout [part=pending] .due [aria-hidden=true]');
    // 23:5x:xx: a few seconds gone since the code was made, not the device's 10 minutes either way.
    await expect(left).toHaveText(/^Expires in 23:5\d:\d\d$/);
  });
