/**
 * The card typed while the shopper's phone has no network: the plans for its BIN cannot be
 * asked. Once the browser is online again they are asked again, without the shopper retyping
 * the card, and shown: otherwise a Brazilian shopper reads only "Pagar R$ 1.200,00" and pays
 * in full, never offered the interest-free installments the order has.
 */
import { cardInputs, expect, openCheckout, test } from './support/demo.js';

test('plans asked while offline are asked again once online, and shown', async ({
  page,
  context,
  demo,
  consoleErrors,
}) => {
  await openCheckout(page, demo, 'plain', 'installments-br', '&lang=pt-BR');
  // Twelve plans: a select, each plan an option.
  const plans = page
    .locator('paylit-installments')
    .getByRole('combobox', { name: 'Número de parcelas' });
  await context.setOffline(true);
  const fields = await cardInputs(page);
  await fields.locator('#number').pressSequentially('4111111111111111');
  await expect(page.locator('paylit-installments[aria-busy="true"]')).toHaveCount(0);
  await expect(plans).toHaveCount(0);

  await context.setOffline(false);
  await expect(plans).toBeVisible();
  await expect(plans.locator('option')).toHaveCount(12);
  await expect(plans.locator('option').nth(1)).toHaveText(
    /^2x de R\$\s600,00 · sem juros · Total: R\$\s1\.200,00$/,
  );
  // The browser's line for the plans' request that failed offline; nothing else.
  const others = consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...others);
});
