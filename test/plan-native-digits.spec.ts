/**
 * Installment plans in a language that writes its own digits: in `ar-EG`, Chromium's Intl writes
 * amounts in Arabic-Indic digits ("٦٠٠٫٠٠"), and a plan's count beside such an amount must be
 * written by the same locale ("٣ × …", not "3 × …"): in the plans, on the pay button and in the
 * outcome, as one number system.
 */
import { expect, log, openCheckout, payButton, settled, test, typeCard } from './support/demo.js';

const latinDigit = /[0-9]/;

test('ar-EG, Mexico: every plan, the pay button and the outcome write the count in Arabic-Indic digits, as the amount beside it', async ({
  page,
  demo,
}) => {
  await openCheckout(page, demo, 'plain', 'installments-mx', '&lang=ar-EG');
  await expect(payButton(page)).not.toHaveText(latinDigit);
  await typeCard(page);
  const plans = page.locator('paylit-installments').getByRole('radio');
  await expect(plans).not.toHaveCount(0);
  for (const plan of await plans.all()) await expect(plan).not.toHaveAccessibleName(latinDigit);
  const three = page.locator('paylit-installments').getByRole('radio', { name: /٣ ×/ });
  await three.check();
  await expect(payButton(page)).toContainText('٣ × ');
  await expect(payButton(page)).not.toHaveText(latinDigit);
  await settled(page);
  await payButton(page).click();
  await expect(log(page).first()).toContainText('PAID');
  const outcome = page.locator('paylit-checkout [part=outcome]');
  await expect(outcome).toContainText('٣ × ');
  await expect(outcome.getByRole('heading')).not.toHaveText(latinDigit);
});
