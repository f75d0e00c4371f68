/**
 * The payer's details typed with the digits a shopper's keyboard gives: a CJK input method's
 * full-width digits (０–９) for a Brazilian CPF, and Devanagari digits (०–९, the Hindi
 * keyboard's; paylit speaks Hindi) for an Indian phone and PIN code. The card fields read these
 * digits as the digits they are (core's `normalizeDigits`); the payer's fields must too, or the
 * shopper can neither type the detail (the document field drops each character) nor pay.
 */
import type { Page } from '@playwright/test';
import {
  approveChallenge,
  expect,
  inMode,
  log,
  openCheckout,
  payButton,
  riskOfThePayment,
  settled,
  test,
  typeCard,
} from './support/demo.js';

const payerFields = (page: Page) => page.locator('paylit-checkout fieldset[part=payer]');

test('Brazil: a CPF typed in full-width digits is the CPF, written as one, and pays', async ({
  page,
  demo,
}) => {
  const order = await openCheckout(page, demo, 'plain', 'payer-br', inMode('page'));
  const cpf = payerFields(page).getByLabel('CPF', { exact: true });
  await cpf.fill('５３０３３３１５５５０');
  await expect(cpf).toHaveValue('530.333.155-50');
  await typeCard(page);
  await settled(page);
  await payButton(page).click();
  await expect(log(page).first()).toContainText('PAID');
  const sent = await riskOfThePayment(demo, order);
  expect(sent.payer.document).toBe('53033315550');
});

test('India: a phone and a PIN code typed in Devanagari digits are those numbers, and pay', async ({
  page,
  demo,
}) => {
  const order = await openCheckout(page, demo, 'plain', 'payer-in', inMode('page'));
  const typed: Record<string, string> = {
    PAN: 'AFZPK7190K',
    Phone: '९८७६५ ४३२१०',
    'Date of birth': '1990-04-02',
    Street: 'MG Road',
    Number: '12',
    City: 'Bengaluru',
    'State or province': 'KA',
    'Postal code': '५६० ००१',
  };
  for (const [label, value] of Object.entries(typed))
    await payerFields(page).getByLabel(label, { exact: true }).fill(value);
  await typeCard(page);
  await settled(page);
  await payButton(page).click();
  await approveChallenge(page);
  await expect(log(page).first()).toContainText('PAID');
  const sent = await riskOfThePayment(demo, order);
  expect(sent.payer).toMatchObject({
    phone: '+919876543210',
    address: { zip_code: '560001' },
  });
});
