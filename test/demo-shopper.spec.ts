/**
 * The demo shop as its shopper and its operator see it: the return page shows the checkout's
 * outcome in the page's language (the events' log is behind a disclosure for developers), and
 * the back office's buttons follow each operation's answer, without a reload.
 */
import ptBR from '../packages/elements/src/i18n/pt-BR.js';
import { axeViolations } from './support/axe.js';
import { expect, log, openCheckout, payButton, test, typeCard } from './support/demo.js';

test('back from the bank\'s page (three-ds="redirect"), the shopper sees the outcome in the page\'s language, and the log only under "Details for developers"', async ({
  page,
  demo,
}) => {
  await openCheckout(page, demo, 'plain', '3ds', '&lang=pt-BR&three-ds=redirect');
  await typeCard(page);
  await payButton(page).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/return\.html\?.*lang=pt-BR/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  const outcome = page.locator('paylit-checkout [part=outcome] h2');
  await expect(outcome).toBeVisible();
  await expect(outcome).toHaveText(/^Pago: ZAR\s499,00$/);
  await expect(page.locator('#confirming')).toBeHidden();
  // The developer's log is there, closed: the shopper reads the outcome, a developer opens it.
  await expect(log(page).first()).toContainText('PAID');
  await expect(page.locator('#log')).toBeHidden();
  await page.getByText('Details for developers').click();
  await expect(page.locator('#log')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('refused on the bank\'s page (three-ds="redirect"), the shopper reads that the bank did not confirm, in the page\'s language, with the form to try again', async ({
  page,
  demo,
}) => {
  await openCheckout(page, demo, 'plain', '3ds', '&lang=pt-BR&three-ds=redirect');
  await typeCard(page);
  await payButton(page).click();
  await page.getByRole('button', { name: 'Reject' }).click();
  await expect(page).toHaveURL(/\/return\.html\?/);
  const message = page.locator('paylit-checkout [part=message]');
  await expect(message).toBeVisible();
  await expect(message).toHaveText(ptBR.threeDSecureFailed);
  await expect(payButton(page)).toBeVisible();
  await expect(page.locator('#log')).toBeHidden();
});

test('the back office takes Capture and Cancel off an authorization captured in full, and Refund off a payment refunded in full, from the answers, without a reload', async ({
  page,
  demo,
}) => {
  await openCheckout(page, demo, 'plain', 'authorize');
  await typeCard(page);
  await payButton(page).click();
  await expect(log(page).first()).toContainText('AUTHORIZED');
  const authorizationId = /\((D-[^)]+)\)/.exec((await log(page).first().textContent())!)![1]!;
  await page.goto(`${demo.url}/back-office.html`);
  const authorization = page.locator(`#payments tr[data-payment="${authorizationId}"]`);
  await expect(authorization.getByRole('button', { name: 'Cancel' })).toBeVisible();

  // Captured in part: what is left can still be captured; nothing can be cancelled any more.
  await authorization.getByLabel(/Capture amount/).fill('100');
  await authorization.getByRole('button', { name: 'Capture' }).click();
  await expect(page.locator('#status')).toHaveText('Capture: PAID');
  await expect(authorization.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(authorization.getByLabel(/Capture amount/)).toHaveAttribute('placeholder', '150');
  await expect(authorization.locator('.status')).toHaveText('AUTHORIZED, R$100.00 captured');

  // The rest captured: nothing left to do with the authorization.
  await authorization.getByRole('button', { name: 'Capture' }).click();
  await expect(page.locator('#status')).toHaveText('Capture: PAID');
  await expect(authorization.getByRole('button')).toHaveCount(0);
  await expect(authorization.locator('.status')).toHaveText('AUTHORIZED, captured');

  // The second capture (R$150.00) refunded in part, then in full.
  const capture = page.locator(`#payments tr[data-authorization="${authorizationId}"]`, {
    hasText: 'R$150.00',
  });
  await capture.getByLabel(/Refund amount/).fill('50');
  await capture.getByRole('button', { name: 'Refund' }).click();
  await expect(page.locator('#status')).toHaveText(/^Refund: (SUCCESS|PENDING)$/);
  await expect(capture.getByLabel(/Refund amount/)).toHaveAttribute('placeholder', '100');
  await capture.getByRole('button', { name: 'Refund' }).click();
  await expect(page.locator('#status')).toHaveText(/^Refund: (SUCCESS|PENDING)$/);
  await expect(capture.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await expect(capture).toContainText(/(SUCCESS|PENDING) R\$50\.00, (SUCCESS|PENDING) R\$100\.00/);
  expect(await axeViolations(page)).toEqual([]);

  // The same after a reload: the shop's server lists the refunds it made.
  await page.reload();
  await expect(authorization.getByRole('button')).toHaveCount(0);
  await expect(capture).toBeVisible();
  await expect(capture.getByRole('button', { name: 'Refund' })).toHaveCount(0);
});
