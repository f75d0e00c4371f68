/**
 * The payer's details an order lacks, asked for on the demo's pages in Chromium: each market's
 * order asks for exactly what it is missing, a wrong check digit (or postal code) is said on
 * its field before anything is sent, the corrected details pay, and the sandbox's record holds
 * them normalized, with the signals fraud prevention reads. An order with every detail shows
 * no payer field at all.
 */
import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.js';
import {
  approveChallenge,
  expect,
  inMode,
  ledger,
  log,
  kinds,
  openCheckout,
  payButton,
  riskOfThePayment,
  settled,
  test,
  typeCard,
  watchRequests,
  isolations,
  type Isolation,
} from './support/demo.js';

/** What the shopper types into the payer's fields, by label; a `select` takes its option. */
type Typed = Record<string, string>;

interface Market {
  scenario: string;
  /** The payer fields' labels, in order, as the page shows them once the document type is chosen. */
  labels: string[];
  /** A detail wrong by its check digit or format, and the field that says so. */
  wrong: Typed;
  wrongField: string;
  right: Typed;
  /** What the sandbox's record holds of the payer. */
  recorded: Record<string, unknown>;
  /** A card payment there goes through 3-D Secure (India, South Africa). */
  challenged?: boolean;
  isolation?: Isolation;
}

const address = (zip: string, street: string, city: string, state: string): Typed => ({
  Street: street,
  Number: '12',
  City: city,
  'State or province': state,
  'Postal code': zip,
});

const markets: Record<string, Market> = {
  'Brazil, a CPF': {
    scenario: 'payer-br',
    labels: ['Document type', 'CPF'],
    wrong: { CPF: '530.333.155-51' },
    wrongField: 'CPF',
    right: { CPF: '53033315550' },
    recorded: { name: 'Ana Lima', email: 'ana@example.com', document: '53033315550' },
  },
  'Brazil, an alphanumeric CNPJ, card fields in a frame': {
    scenario: 'payer-br',
    labels: ['Document type', 'CNPJ'],
    wrong: { 'Document type': 'CNPJ', CNPJ: '12.ABC.345/01DE-36' },
    wrongField: 'CNPJ',
    right: { 'Document type': 'CNPJ', CNPJ: '12abc34501de35' },
    recorded: { document: '12ABC34501DE35' },
    isolation: 'frame',
  },
  'Argentina, a CUIT': {
    scenario: 'payer-ar',
    labels: ['Document type', 'CUIT'],
    wrong: { 'Document type': 'CUIT', CUIT: '20-12345678-5' },
    wrongField: 'CUIT',
    right: { 'Document type': 'CUIT', CUIT: '20123456786' },
    recorded: { document: '20123456786' },
  },
  'Chile, a RUT ending in K': {
    scenario: 'payer-cl',
    labels: ['RUT'],
    wrong: { RUT: '12.345.678-4' },
    wrongField: 'RUT',
    right: { RUT: '10000013k' },
    recorded: { document: '10000013K' },
  },
  'Colombia, a NIT': {
    scenario: 'payer-co',
    labels: ['Document type', 'NIT'],
    wrong: { 'Document type': 'NIT', NIT: '900.123.456-7' },
    wrongField: 'NIT',
    right: { 'Document type': 'NIT', NIT: '900.123.456-8' },
    recorded: { document: '9001234568' },
  },
  'Mexico, the e-mail and a CURP': {
    scenario: 'payer-mx',
    labels: ['Email', 'Document type', 'CURP'],
    wrong: { Email: 'lupe@example.com', CURP: 'HEGG560427MVZRRL05' },
    wrongField: 'CURP',
    right: { Email: ' lupe@example.com ', CURP: 'hegg560427mvzrrl04' },
    recorded: { email: 'lupe@example.com', document: 'HEGG560427MVZRRL04' },
  },
  'Peru, a RUC': {
    scenario: 'payer-pe',
    labels: ['Document type', 'RUC'],
    wrong: { 'Document type': 'RUC', RUC: '20512345672' },
    wrongField: 'RUC',
    right: { 'Document type': 'RUC', RUC: '20512345671' },
    recorded: { document: '20512345671' },
  },
  'Uruguay, a CI': {
    scenario: 'payer-uy',
    labels: ['Document type', 'CI'],
    wrong: { CI: '4.567.890-4' },
    wrongField: 'CI',
    right: { CI: '4.567.890-5' },
    recorded: { document: '45678905' },
  },
  'India, cross-border: PAN, phone, birth date and the full address with a 6-digit PIN, card fields in a frame':
    {
      scenario: 'payer-in',
      labels: [
        'PAN',
        'Phone',
        'Date of birth',
        'Street',
        'Number',
        'City',
        'State or province',
        'Postal code',
      ],
      wrong: {
        PAN: 'AFZPK7190K',
        Phone: '98765 43210',
        'Date of birth': '1990-04-02',
        ...address('56001', 'MG Road', 'Bengaluru', 'KA'),
      },
      wrongField: 'Postal code',
      right: { PAN: 'afzpk7190k', 'Postal code': '560 001' },
      recorded: {
        document: 'AFZPK7190K',
        phone: '+919876543210',
        birth_date: '02-04-1990',
        address: {
          street: 'MG Road',
          number: '12',
          city: 'Bengaluru',
          state: 'KA',
          zip_code: '560001',
        },
      },
      challenged: true,
      isolation: 'frame',
    },
  'South Africa: the full address': {
    scenario: 'payer-za',
    labels: ['Street', 'Number', 'City', 'State or province', 'Postal code'],
    wrong: address('80011', 'Long Street', 'Cape Town', 'WC'),
    wrongField: 'Postal code',
    right: { 'Postal code': '8001' },
    recorded: {
      document: '8001015009087',
      address: {
        street: 'Long Street',
        number: '12',
        city: 'Cape Town',
        state: 'WC',
        zip_code: '8001',
      },
    },
    challenged: true,
  },
};

const payerFields = (page: Page) => page.locator('paylit-checkout fieldset[part=payer]');

/** Types each value into the payer field of that label, as a shopper does (a select is chosen). */
async function fill(page: Page, typed: Typed): Promise<void> {
  for (const [label, value] of Object.entries(typed)) {
    const control = payerFields(page).getByLabel(label, { exact: true });
    if ((await control.evaluate((e) => e.tagName)) === 'SELECT') await control.selectOption(value);
    else await control.fill(value);
  }
}

for (const [name, m] of Object.entries(markets)) {
  test(`${name}: asks for exactly what the order lacks, refuses a wrong one on its field before anything is sent, pays, and the sandbox holds it normalized`, async ({
    page,
    demo,
  }) => {
    const order = await openCheckout(
      page,
      demo,
      'plain',
      m.scenario,
      inMode(m.isolation ?? 'page'),
    );
    await expect(payerFields(page)).toBeVisible();
    await fill(page, m.wrong);
    await expect(payerFields(page).locator('label')).toHaveText(m.labels);
    await typeCard(page);

    const payments = watchRequests(page, '/paylit/payments');
    await payButton(page).click();
    const wrong = payerFields(page).getByLabel(m.wrongField, { exact: true });
    await expect(wrong).toHaveAttribute('aria-invalid', 'true');
    await expect(wrong).toBeFocused();
    await expect(wrong).toHaveAccessibleDescription(/\S/);
    // Said on the field, and nothing sent: no request, nothing in the ledger.
    expect(payments.started()).toBe(0);
    expect(await ledger(demo, order)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    await fill(page, m.right);
    await expect(wrong).not.toHaveAttribute('aria-invalid', 'true');
    await settled(page);
    await payButton(page).click();
    // The bank's 3-D Secure page, in a dialog over the checkout.
    if (m.challenged) await approveChallenge(page);
    await expect(log(page).first()).toContainText('PAID');
    const sent = await riskOfThePayment(demo, order);
    expect(sent.payer).toMatchObject(m.recorded);
    expect(sent.payer).not.toHaveProperty('document_type');
    // The signals, from the shopper's own request.
    expect(sent.payer.ip).toBe('127.0.0.1');
    expect(sent.device).toEqual({ type: 'WEB' });
    expect(sent.additional_risk_data?.device?.user_agent).toMatch(/Chrome/);
    expect(sent.additional_risk_data?.device?.locale).toMatch(/^en/);
  });
}

test('an order with every detail of the payer shows no payer field, and pays as before', async ({
  page,
  demo,
}) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/paylit\.payer\.js$/.test(new URL(r.url()).pathname)) chunks.push(r.url());
  });
  await openCheckout(page, demo, 'plain', 'pay');
  await typeCard(page);
  await payButton(page).click();
  await expect(log(page).first()).toContainText('PAID');
  await expect(
    page.locator('paylit-checkout fieldset, paylit-checkout [part=save-card]'),
  ).toHaveCount(0);
  // Nothing asked, nothing loaded for it.
  expect(chunks).toEqual([]);
});

test("the payer's fields in every language the checkout speaks, and right to left: labelled, and axe finds nothing", async ({
  page,
  demo,
}) => {
  for (const lang of ['pt-BR', 'ar', 'hi']) {
    await openCheckout(page, demo, 'plain', 'payer-in', `&lang=${lang}`);
    await expect(payerFields(page)).toBeVisible();
    // Not English: the legend is the language's own.
    await expect(payerFields(page).locator('legend')).not.toHaveText('Your details');
    expect(await axeViolations(page)).toEqual([]);
  }
});

for (const isolation of isolations) {
  test(`saving the card, with consent, card fields ${isolation === 'frame' ? 'in a frame' : 'in the page'}: the box is never ticked for the shopper; unticked pays without saving; ticked answers a card_id that the next order offers`, async ({
    page,
    demo,
  }) => {
    await openCheckout(page, demo, 'plain', 'save-card', inMode(isolation));
    const box = page.getByRole('checkbox', { name: 'Save this card for next time' });
    await expect(box).not.toBeChecked();
    await expect(box).toHaveAccessibleDescription(/payment provider, not the store/);
    expect(await axeViolations(page)).toEqual([]);
    await typeCard(page, { number: '5555555555554444' });
    await payButton(page).click();
    await expect(log(page).first()).toContainText('PAID');
    await expect(log(page).first()).not.toContainText('card saved');

    const order = await openCheckout(page, demo, 'plain', 'save-card', inMode(isolation));
    await typeCard(page, { number: '5555555555554444' });
    await box.check();
    await settled(page);
    await payButton(page).click();
    await expect(log(page).first()).toContainText('card saved');
    expect((await ledger(demo, order)).filter((e) => e.money_moved)).toHaveLength(1);
    // The merchant keeps the card_id from paylit-paid; the next order offers that card.
    await log(page)
      .first()
      .getByRole('link', { name: 'Pay a new order with the saved card' })
      .click();
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
    await expect(
      page.locator('paylit-wallet-select').getByRole('radio', { name: /4444/ }),
    ).toBeVisible();
  });
}

// React (StrictMode mounts the checkout twice) and Vue: the same fields, once, and they pay.
for (const kind of kinds.filter((k) => k !== 'plain')) {
  test(`${kind}: the payer's details are asked once and join the payment`, async ({
    page,
    demo,
  }) => {
    const order = await openCheckout(page, demo, kind, 'payer-cl');
    await expect(payerFields(page)).toHaveCount(1);
    await expect(payerFields(page).locator('label')).toHaveText(['RUT']);
    await typeCard(page);
    await fill(page, { RUT: '10.000.013-K' });
    await payButton(page).click();
    await expect(log(page).first()).toContainText('PAID');
    const sent = await riskOfThePayment(demo, order);
    expect(sent.payer).toMatchObject({ document: '10000013K' });
  });
}
