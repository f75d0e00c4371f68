/**
 * Where focus is once the bank's 3-D Secure dialog closes without a payment (the shopper
 * cancelled it from the keyboard, or the bank's check was refused): back on the pay button, as
 * after any other decline, with the message that says what happened. The dialog held focus, and
 * its removal dropped it on the page's <body>: a keyboard or screen-reader shopper was sent to
 * the top of the shop's page, to find the form again.
 */
import type { Page } from '@playwright/test';
import { expect, openCheckout, payButton, test, typeCard } from './support/demo.js';

const dialog = (page: Page) => page.locator('paylit-checkout dialog[part=challenge]');
const bank = (page: Page) => page.frameLocator('paylit-checkout iframe[part=challenge-frame]');
const messageLine = (page: Page) => page.locator('paylit-checkout [part=message]');

for (const end of ['cancelled with Esc', 'refused at the bank'] as const) {
  test(`the 3-D Secure dialog ${end}, all from the keyboard: focus is back on the pay button`, async ({
    page,
    demo,
  }) => {
    await openCheckout(page, demo, 'plain', '3ds');
    await typeCard(page);
    await payButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    await expect(bank(page).getByRole('heading', { name: /Confirm this payment/ })).toBeVisible();
    if (end === 'cancelled with Esc') {
      await page.keyboard.press('Escape');
      const yes = dialog(page).getByRole('button', { name: 'Yes, cancel it' });
      await yes.focus();
      await page.keyboard.press('Enter');
      await expect(messageLine(page)).toHaveText('The payment was cancelled. Nothing was charged.');
    } else {
      await bank(page).getByRole('button', { name: 'Reject' }).press('Enter');
      await expect(messageLine(page)).toContainText('Your bank did not confirm this payment');
    }
    await expect(dialog(page)).toHaveCount(0);
    await expect(payButton(page)).toBeFocused();
  });
}
