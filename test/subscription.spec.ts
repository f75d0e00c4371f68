/**
 * Signing up to a subscription in Chromium on the demo (the "subscription" scenario: a Brazilian
 * order with a monthly plan), in pt-BR and English: Pix Automático's terms, signed up, authorized
 * by the payer's bank (the sandbox's tools), ACTIVE without a reload and `paylit-subscribed`; a
 * mandate refused in the bank shows why and fires `paylit-declined`; a card subscription without
 * the consent is refused in the page with nothing reaching the sandbox (its records counted over
 * HTTP), and with it pays with `SUBSCRIPTION` / `FIRST`, as the sandbox recorded the payment.
 */
import type { Page } from '@playwright/test';
import { CLIENT_SECRET_PATTERN } from '@paylit/core/checkout';
import {
  expect,
  ledger,
  log,
  openCheckout,
  payButton,
  test,
  typeCard,
  type Demo,
} from './support/demo.js';

const status = (page: Page) => page.locator('paylit-checkout [part=subscription-status]');
const orderIdOf = (secret: string) => CLIENT_SECRET_PATTERN.exec(secret)![1]!;

/** The payer's bank answers the order's mandate (the demo's route to the sandbox's tools). */
async function bank(demo: Demo, secret: string, action: 'authorize' | 'reject') {
  const res = await fetch(
    `${demo.url}/shop/sandbox/enrollment/${encodeURIComponent(orderIdOf(secret))}/${action}`,
    { method: 'POST' },
  );
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A mark on the page's window: still there later, the page was not reloaded. */
const mark = (page: Page) => page.evaluate(() => ((window as { mark?: number }).mark = 1));
const marked = (page: Page) => page.evaluate(() => (window as { mark?: number }).mark === 1);

async function sandboxPayments(demo: Demo): Promise<number> {
  const records = (await (await fetch(`${demo.sandbox}/sandbox-tools/records`)).json()) as {
    payments: { kept: number; dropped: number };
  };
  return records.payments.kept + records.payments.dropped;
}

test('pt-BR: Pix Automático, its terms before Pay, signed up, authorized in the bank, ACTIVE without a reload and paylit-subscribed', async ({
  page,
  demo,
}) => {
  const secret = await openCheckout(page, demo, 'plain', 'subscription', '&lang=pt-BR');
  await mark(page);
  await page.getByRole('radio', { name: 'Pix Automático' }).check();
  const terms = page.locator('paylit-checkout [part=mandate]');
  await expect(terms.getByRole('heading')).toHaveText('Autorização do Pix Automático');
  await expect(terms).toContainText('RecebedorLoja Paylit');
  await expect(terms).toContainText('FrequênciaMensal');
  await expect(terms).toContainText(/ValorR\$\s39,90/);
  await expect(terms).toContainText('TérminoAté você cancelar');
  await expect(terms).toContainText('Você pode cancelar a qualquer momento no app do seu banco.');
  await expect(payButton(page)).toHaveText('Autorizar Pix Automático');
  await payButton(page).click();
  await expect(status(page).getByRole('heading')).toHaveText('Autorize no seu banco');
  await expect(status(page).getByRole('heading')).toBeFocused();
  await expect(payButton(page)).toHaveCount(0);
  // Nothing is charged at sign-up: Pix Automático debits are scheduled, by the server, later.
  expect(await ledger(demo, secret)).toEqual([]);

  await bank(demo, secret, 'authorize');
  await expect(status(page).getByRole('heading')).toHaveText('Pix Automático ativado');
  await expect(status(page)).toContainText('A primeira cobrança será em');
  await expect(log(page).first()).toHaveAttribute('data-type', 'paylit-subscribed');
  await expect(log(page).first()).toContainText(`Subscribed: XA ACTIVE (${orderIdOf(secret)})`);
  expect(await marked(page)).toBe(true);
});

test('English: a mandate refused in the bank says so and fires paylit-declined, with nothing charged', async ({
  page,
  demo,
}) => {
  const secret = await openCheckout(page, demo, 'plain', 'subscription', '&lang=en');
  await page.getByRole('radio', { name: 'Pix Automático' }).check();
  await expect(payButton(page)).toHaveText('Authorize Pix Automático');
  await payButton(page).click();
  await expect(status(page).getByRole('heading')).toHaveText('Authorize it in your bank');
  await bank(demo, secret, 'reject');
  await expect(status(page).getByRole('heading')).toHaveText(
    'Your bank declined the authorization. Nothing will be charged.',
  );
  await expect(log(page).first()).toHaveAttribute('data-type', 'paylit-declined');
  await expect(log(page).first()).toContainText('Declined (300)');
  expect(await ledger(demo, secret)).toEqual([]);
});

test('English: a card subscription without the consent is refused in the page and nothing reaches the sandbox; with it, it pays with SUBSCRIPTION / FIRST', async ({
  page,
  demo,
}) => {
  const secret = await openCheckout(page, demo, 'plain', 'subscription', '&lang=en');
  await page.getByRole('radio', { name: 'Card' }).check();
  const consent = page.getByRole('checkbox', {
    name: 'I authorize the store to charge R$39.90 every month to this card until I cancel.',
  });
  await expect(consent).not.toBeChecked();
  await typeCard(page);
  const before = await sandboxPayments(demo);
  await payButton(page).click();
  const why = page.locator('paylit-checkout [part=subscription-consent] [role=alert]');
  await expect(why).toHaveText(
    'To subscribe with this card, tick the box to accept the recurring charges.',
  );
  await expect(consent).toBeFocused();
  await expect(log(page)).toHaveCount(0);
  expect(await sandboxPayments(demo)).toBe(before);
  expect(await ledger(demo, secret)).toEqual([]);

  await consent.check();
  await expect(why).toHaveText('');
  await payButton(page).click();
  await expect(log(page).first()).toContainText('PAID');
  const paymentId = /\((\S+)\)/.exec((await log(page).first().textContent())!)![1]!;
  expect(await ledger(demo, secret)).toHaveLength(1);
  // The payment as the sandbox recorded it, from the notification it sent the shop.
  await expect
    .poll(async () => {
      const sent = (await (
        await fetch(`${demo.sandbox}/sandbox-tools/notifications?record_id=${paymentId}`)
      ).json()) as { body: string }[];
      return sent.map((d) => (JSON.parse(d.body) as { card?: Record<string, unknown> }).card);
    })
    .toContainEqual(
      expect.objectContaining({
        stored_credential_type: 'SUBSCRIPTION',
        stored_credential_usage: 'FIRST',
      }),
    );
});
