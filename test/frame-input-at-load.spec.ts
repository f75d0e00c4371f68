/**
 * The card fields' `input` event is the shopper's typing, as a form's is: none while the page
 * loads, whatever the isolation. A merchant listens for it (to clear an error of their own, to
 * save a draft, to enable their own button); in frame isolation the card frame told its state
 * once when it got its port and again when configured, and the page read the second as an
 * `input` of the fields, with nothing typed. Counted on the page, as a merchant's listener on
 * the document counts it, once the frame is shown (its height comes after its state, on the
 * same port), then as the shopper types one digit.
 */
import { cardInputs, expect, inMode, openCheckout, test, type Isolation } from './support/demo.js';

const inputs = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as { inputs?: number }).inputs);

for (const isolation of ['page', 'frame'] as Isolation[])
  test(`${isolation} isolation: no input event from the card fields before the shopper types, then one as they type`, async ({
    page,
    demo,
  }) => {
    await page.addInitScript(() => {
      const w = window as { inputs?: number };
      w.inputs = 0;
      document.addEventListener(
        'input',
        (e) => {
          if (e.composedPath().some((n) => (n as Element).localName === 'paylit-card-fields'))
            w.inputs!++;
        },
        true,
      );
    });
    await openCheckout(page, demo, 'plain', 'pay', inMode(isolation));
    const fields = await cardInputs(page);
    await expect(fields.locator('#number')).toBeVisible();
    if (isolation === 'frame')
      await expect
        .poll(() =>
          page
            .locator('paylit-card-fields iframe')
            .evaluate((f) => f.getBoundingClientRect().height),
        )
        .toBeGreaterThan(100);
    expect(await inputs(page)).toBe(0);
    await fields.locator('#number').pressSequentially('4');
    await expect.poll(() => inputs(page)).toBeGreaterThan(0);
  });
