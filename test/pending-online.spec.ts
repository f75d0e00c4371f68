/**
 * A Pix waiting while the shopper's network goes and comes back, the page in view all along (a
 * laptop's Wi-Fi dropped while the shopper pays with the phone): the live connection fails while
 * offline and waits longer after each failure (up to 30 s, live-payment.ts). When the browser
 * is online again, it opens at once, as it does when the page is shown again, and sees PAID: not
 * after whatever wait its last failure started.
 *
 * The page's clock is Playwright's and paused once the connection has failed: no wait of the
 * connection's ever ends, so only the browser's `online` can open it again, and the test asserts
 * what the page does, not how long it takes.
 */
import { expect, log, openCheckout, payButton, test, type Demo } from './support/demo.js';

/** The payer pays it (the demo's sandbox tool, which signs the sandbox's settle route). */
async function payInSandbox(demo: Demo, paymentId: string): Promise<void> {
  const res = await fetch(`${demo.url}/shop/sandbox/pay/${encodeURIComponent(paymentId)}`, {
    method: 'POST',
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

test('Pix waiting, offline and back online: the live connection opens again when the browser is online, and the view says Paid', async ({
  page,
  demo,
  context,
  consoleErrors,
}) => {
  await page.clock.install();
  // Chromium's offline emulation keeps a stream already open: the live connection is cut by its
  // route, each attempt failing as a dropped network does, until the network is back.
  let down = true;
  let refused = 0;
  await page.route(
    (url) => url.pathname.endsWith('/events'),
    (route) => {
      if (!down) return route.continue();
      refused++;
      return route.abort('internetdisconnected');
    },
  );
  await openCheckout(page, demo, 'plain', 'pix');
  await page.locator('paylit-wallet-select').getByRole('radio', { name: 'Pix' }).check();
  await payButton(page).click();
  await expect(log(page).first()).toContainText('PENDING');
  const id = /\((\S+)\)/.exec((await log(page).first().textContent())!)![1]!;
  // The first attempt refused, then the browser offline (later attempts fail by either).
  await expect.poll(() => refused).toBeGreaterThan(0);
  await context.setOffline(true);
  await page.clock.pauseAt(Date.now() + 1000);
  const outcome = page.locator('paylit-checkout [part=outcome]').getByRole('heading');
  await expect(outcome).toHaveText('Pay with Pix');
  await payInSandbox(demo, id);
  down = false;
  await context.setOffline(false);
  await expect(outcome).toHaveText('Paid R$120.00');
  await expect(log(page).first()).toContainText('PAID');
  // The refused attempts, logged by the browser; nothing else may be there.
  const others = consoleErrors.filter((e) => !/Failed to load resource/.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...others);
});
