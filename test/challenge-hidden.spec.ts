/**
 * An app that hides the checkout while the bank's 3-D Secure dialog is open, and keeps it: React's
 * `<Activity mode="hidden">` (display: none around it), a router's kept view, a closed tab panel.
 * The dialog is modal: while it stays open unseen, the whole page stays inert, and the app's
 * other view can be neither clicked nor reached from the keyboard (on main: focus stays on
 * <body>, Tab goes nowhere). Shown again, the dialog is back over the same payment, which pays once.
 */
import type { Page } from '@playwright/test';
import {
  approveChallenge,
  expect,
  log,
  openCheckout,
  payButton,
  test,
  typeCard,
} from './support/demo.js';

const dialog = (page: Page) => page.locator('paylit-checkout dialog[part=challenge]');
const container = (page: Page, display: string) =>
  page.evaluate((display) => {
    (document.querySelector('paylit-checkout')!.parentElement as HTMLElement).style.display =
      display;
  }, display);

test('the checkout hidden during 3-D Secure: the rest of the page is usable; shown again, the dialog is back and pays once', async ({
  page,
  demo,
}) => {
  await openCheckout(page, demo, 'plain', '3ds');
  await typeCard(page);
  await payButton(page).click();
  await expect(dialog(page)).toBeVisible();
  await container(page, 'none');
  const home = page.getByRole('link', { name: 'Loja Paylit' });
  await home.focus();
  await expect(home).toBeFocused();
  await container(page, '');
  await expect(dialog(page)).toBeVisible();
  await approveChallenge(page);
  await expect(page.locator('paylit-checkout [part=outcome] h2')).toContainText('Paid');
  await expect(log(page).filter({ hasText: 'PAID' })).toHaveCount(1);
});
