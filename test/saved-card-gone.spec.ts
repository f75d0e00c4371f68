/**
 * Two tabs on one payer session, on the demo shop: the payer removes a saved card in one, then
 * pays with it in the other, which still lists it. The API answers 5008 (the card is no longer
 * active): the shopper reads why in their language, nothing is charged, one `paylit-error`,
 * and the tab's lists (the cards Pay offers and the saved methods after it) are asked again,
 * so the card is no longer offered and the other card pays.
 */
import type { Page } from '@playwright/test';
import { cardInputs, expect, ledger, log, openCheckout, payButton, test } from './support/demo.js';

const offered = (page: Page) =>
  page.locator('paylit-wallet-select').getByRole('radio', { name: /ending in \d{4}/ });
const listed = (page: Page) =>
  page.locator('paylit-saved-methods').getByRole('list').first().getByRole('listitem');

test('a card removed in another tab: Pay with it says the card is no longer available, charges nothing, and the lists are asked again', async ({
  page,
  context,
  demo,
  consoleErrors,
}) => {
  const customer = `cus-gone-${Date.now().toString(36)}`;
  const secret = await openCheckout(page, demo, 'plain', 'returning', `&payer=${customer}`);
  await expect(listed(page)).toHaveCount(2);

  // The other tab: the same payer removes the Visa.
  const other = await context.newPage();
  await openCheckout(other, demo, 'plain', 'returning', `&payer=${customer}`);
  const visa = listed(other).filter({ hasText: 'Visa ending in 1111' });
  await visa.getByRole('button', { name: 'Remove' }).click();
  await other
    .locator('paylit-saved-methods')
    .getByRole('button', { name: 'Yes, remove it' })
    .click();
  await expect(other.locator('paylit-saved-methods').getByRole('status')).toHaveText(
    'Visa ending in 1111 was removed.',
  );
  await other.close();

  // This tab still offers it: chosen, its code typed, Pay.
  await page.locator('paylit-wallet-select').getByRole('radio', { name: /1111/ }).check();
  await (
    await cardInputs(page)
  )
    .getByLabel('Security code of the Visa card ending in 1111')
    .pressSequentially('123');
  await payButton(page).click();
  await expect(page.locator('paylit-checkout [part=message]')).toHaveText(
    'The saved card or wallet is no longer available.',
  );
  await expect(log(page).first()).toHaveAttribute('data-type', 'paylit-error');
  expect(await ledger(demo, secret)).toEqual([]);
  // Asked again: only the Mastercard, in both lists.
  await expect(offered(page)).toHaveCount(1);
  await expect(offered(page)).toHaveAccessibleName(/4444/);
  await expect(listed(page)).toHaveCount(1);
  // Focus stays where the shopper pressed Pay, not lost to the page.
  await expect(payButton(page)).toBeFocused();
  await expect(log(page)).toHaveCount(1);
  const others = consoleErrors.filter((e) => !/status of 422/.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...others);
});
