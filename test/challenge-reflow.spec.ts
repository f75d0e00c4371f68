/**
 * The bank's 3-D Secure dialog at 400 % zoom (WCAG's reflow size, 320 × 256 CSS pixels), when
 * Esc asks "Cancel the payment?": the question and its answers join the title bar and the bank's
 * page in a box as high as the screen. The bank's page kept its frame's 150 px (an iframe's
 * own height, a flex item's least) and the dialog clips what does not fit (`overflow: hidden`):
 * on main the box held 380 px in 238, its title and Close scrolled out of reach above.
 */
import { expect, openCheckout, payButton, test, typeCard } from './support/demo.js';

test('400 % zoom, "Cancel the payment?" open: the whole dialog fits its box, title and Close in view', async ({
  page,
  demo,
}) => {
  await openCheckout(page, demo, 'plain', '3ds');
  await typeCard(page);
  await page.setViewportSize({ width: 320, height: 256 });
  await payButton(page).scrollIntoViewIfNeeded();
  await payButton(page).click();
  const dialog = page.locator('paylit-checkout dialog[part=challenge]');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('button', { name: 'No, go on' })).toBeFocused();
  const fit = await dialog.evaluate((box) => {
    const within = (selector: string) => {
      const r = box.querySelector(selector)!.getBoundingClientRect();
      const d = box.getBoundingClientRect();
      return r.top >= d.top - 0.5 && r.bottom <= d.bottom + 0.5;
    };
    return {
      overflow: box.scrollHeight - box.clientHeight,
      title: within('h2'),
      close: within('.close'),
      answers: within('.ask .row'),
    };
  });
  expect(fit).toEqual({ overflow: 0, title: true, close: true, answers: true });
});
