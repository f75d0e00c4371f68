/**
 * Pix Automático's terms before Pay, on the demo's page (its `<h1>`, then the checkout): axe
 * finds nothing. Their heading came a level below the checkout's own (`<h3>` where the
 * checkout's outcome, the mandate's status and the saved methods' list are each an `<h2>`), so
 * the page skipped from its `<h1>` to an `<h3>` (axe's heading-order), in every language.
 */
import { axeViolations } from './support/axe.js';
import { expect, openCheckout, test } from './support/demo.js';

test("Pix Automático's terms: axe clean, in English and at 320 px in Arabic", async ({
  page,
  demo,
}) => {
  for (const lang of ['en', 'ar']) {
    if (lang === 'ar') await page.setViewportSize({ width: 320, height: 800 });
    await openCheckout(page, demo, 'plain', 'subscription', `&lang=${lang}`);
    await page.locator('paylit-checkout [part=subscription-methods] input[value=XA]').check();
    await expect(page.locator('paylit-checkout [part=mandate]')).toBeVisible();
    expect(await axeViolations(page, 'paylit-checkout')).toEqual([]);
  }
});
