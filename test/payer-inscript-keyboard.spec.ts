/**
 * A Hindi shopper in India on the InScript keyboard, whose number row types Devanagari digits
 * (०–९): the card fields read them as the digits they are (core's `normalizeDigits`,
 * card-input.spec), and so must the payer's fields the same order asks for next. They dropped
 * the PAN's digits ("AFZPK७१९०K" became "AFZPKK") and refused the phone and the PIN code as
 * not being ones ("९८७६५ ४३२१०", "५६०००१"), so that shopper could not pay. Each field shows
 * the ASCII digits, as the card fields do, and the payment carries them.
 */
import type { Page } from '@playwright/test';
import {
  approveChallenge,
  expect,
  log,
  openCheckout,
  payButton,
  riskOfThePayment,
  settled,
  test,
  typeCard,
} from './support/demo.js';

const payerFields = (page: Page) => page.locator('paylit-checkout fieldset[part=payer]');
/** A payer field by its detail (its id ends with it: the ids are the element's own). */
const field = (page: Page, detail: string) => payerFields(page).locator(`[id$="-${detail}"]`);

test("Devanagari digits typed into the payer's PAN, phone, house number and PIN code (hi, India): shown and sent as ASCII, and the payment goes through", async ({
  page,
  demo,
}) => {
  const order = await openCheckout(page, demo, 'plain', 'payer-in', '&lang=hi');
  await expect(payerFields(page)).toBeVisible();
  const typed: [string, string, string][] = [
    // detail, as the InScript keyboard types it, as the field shows it
    ['document', 'AFZPK७१९०K', 'AFZPK7190K'],
    ['phone', '९८७६५ ४३२१०', '98765 43210'],
    ['street', 'MG Road', 'MG Road'],
    ['number', '१२', '12'],
    ['city', 'Bengaluru', 'Bengaluru'],
    ['state', 'KA', 'KA'],
    ['zip_code', '५६०००१', '560001'],
  ];
  for (const [detail, keys] of typed) await field(page, detail).pressSequentially(keys);
  await field(page, 'birth_date').fill('1990-04-02');
  for (const [detail, , shown] of typed) await expect(field(page, detail)).toHaveValue(shown);
  // The same keyboard's digits in the card fields, which read them already.
  await typeCard(page, { number: '४१११ ११११ ११११ ११११', expiry: '१२/३०', cvv: '123' });
  await settled(page);
  await payButton(page).click();
  await expect(payerFields(page).locator('[aria-invalid=true]')).toHaveCount(0);
  // India's cards go through the bank's 3-D Secure page, in a dialog over the checkout.
  await approveChallenge(page);
  await expect(log(page).first()).toContainText('PAID');
  expect((await riskOfThePayment(demo, order)).payer).toMatchObject({
    document: 'AFZPK7190K',
    phone: '+919876543210',
    address: { number: '12', zip_code: '560001' },
  });
});
