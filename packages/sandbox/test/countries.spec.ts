/**
 * Every country the API serves, one row each: a card payment in the country's currency paid
 * by the sandbox (and counted in its ledger), USD where the API takes it, a currency the
 * country does not take refused with 5004, decimals as the currency has them, the
 * country's payment methods listed and installments offered where the market has them.
 *
 * The rows are written here from the API's list of markets, not read from core's table, so
 * a country missing from the table fails. Each payer's document is valid by its country's
 * own rule (check digits worked by the national algorithm where there is one).
 */
import { countries } from '@paylit/core/countries';
import { parse, paymentMethodListSchema, paymentRecordSchema } from '@paylit/core/schemas';
import { orderId, visa } from './support/client.js';
import { expect, test, type SandboxFixture } from './support/fixture.js';
import { choose } from './support/pages.js';

interface Row {
  currency: string;
  /** A charge in the currency, with its decimals where it has them. */
  amount: number;
  document: string;
  /** A currency of another market, which this one does not take. */
  foreign: string;
}

const rows: Record<string, Row> = {
  AR: { currency: 'ARS', amount: 15999.9, document: '20123456786', foreign: 'BRL' }, // CUIT, mod 11
  BO: { currency: 'BOB', amount: 120.5, document: '4567890', foreign: 'PEN' }, // CI
  BR: { currency: 'BRL', amount: 120.5, document: '53033315550', foreign: 'ARS' }, // CPF, two check digits
  CL: { currency: 'CLP', amount: 15990, document: '123456785', foreign: 'ARS' }, // RUT, mod 11
  CO: { currency: 'COP', amount: 120000, document: '1032456789', foreign: 'MXN' }, // CC
  CR: { currency: 'CRC', amount: 25000.5, document: '112340567', foreign: 'NIO' }, // cédula
  DO: { currency: 'DOP', amount: 3500.25, document: '00100000009', foreign: 'HNL' }, // cédula, Luhn
  EC: { currency: 'USD', amount: 45.99, document: '1710034065', foreign: 'PEN' }, // CI, mod 10
  SV: { currency: 'USD', amount: 45.99, document: '045678903', foreign: 'GTQ' }, // DUI, mod 10
  GT: { currency: 'GTQ', amount: 350.75, document: '1234567890101', foreign: 'MXN' }, // CUI, mod 11
  HN: { currency: 'HNL', amount: 1200.5, document: '0801199912345', foreign: 'GTQ' }, // DNI
  MX: { currency: 'MXN', amount: 899.9, document: 'HEGG560427MVZRRL04', foreign: 'COP' }, // CURP
  NI: { currency: 'NIO', amount: 1500.5, document: '0012505850000A', foreign: 'CRC' }, // cédula
  PA: { currency: 'USD', amount: 45.99, document: '8-123-4567', foreign: 'CRC' }, // cédula
  PY: { currency: 'PYG', amount: 150000, document: '4567890', foreign: 'ARS' }, // CI
  PE: { currency: 'PEN', amount: 199.9, document: '20512345671', foreign: 'CLP' }, // RUC, mod 11
  UY: { currency: 'UYU', amount: 1990.5, document: '45678905', foreign: 'ARS' }, // CI, mod 10
  IN: { currency: 'INR', amount: 2499.5, document: 'AFZPK7190K', foreign: 'PHP' }, // PAN
  ZA: { currency: 'ZAR', amount: 899.99, document: '8001015009087', foreign: 'NGN' }, // ID, Luhn and date
  TR: { currency: 'TRY', amount: 1299.9, document: '10000000146', foreign: 'EGP' }, // T.C. Kimlik No.
  ID: { currency: 'IDR', amount: 250000, document: '3171234567890001', foreign: 'MYR' }, // NIK
  MY: { currency: 'MYR', amount: 199.9, document: '770305135555', foreign: 'IDR' }, // NRIC
  PH: { currency: 'PHP', amount: 1999.5, document: '123456789012', foreign: 'VND' }, // PSN
  TH: { currency: 'THB', amount: 1590.5, document: '1101700207030', foreign: 'VND' }, // ID, mod 11
  VN: { currency: 'VND', amount: 500000, document: '001099012345', foreign: 'THB' }, // citizen ID
  NG: { currency: 'NGN', amount: 25000.5, document: '12345678901', foreign: 'KES' }, // NIN
  KE: { currency: 'KES', amount: 2500.5, document: '12345678', foreign: 'NGN' }, // national ID
  EG: { currency: 'EGP', amount: 1500.5, document: '29001010123456', foreign: 'ZAR' }, // national ID
  CN: { currency: 'CNY', amount: 299.5, document: '11010519491231002X', foreign: 'JPY' }, // resident ID, MOD 11-2
  JP: { currency: 'JPY', amount: 3000, document: '123456789018', foreign: 'CNY' }, // My Number, mod 11
};

/** Where every card payment goes through 3-D Secure. */
const threeDSecure = new Set(['IN', 'ZA', 'PH', 'MY']);
/** Where card payments may be paid in installments. */
const withInstallments = new Set(['AR', 'BR', 'CL', 'CO', 'MX', 'PE', 'UY', 'TR']);

/** A payer with every field some country asks for (India's address rules, Turkey's IP), and the country's document. */
function payerOf(document: string) {
  return {
    name: 'Ana Souza',
    email: 'ana@example.com',
    document,
    phone: '+5511987654321',
    birth_date: '15-08-1990',
    ip: '203.0.113.7',
    address: {
      state: 'DL',
      city: 'New Delhi',
      zip_code: '110001',
      street: 'Janpath Road',
      number: '12',
    },
  };
}

function cardPaymentIn(country: string, overrides: Partial<Row> = {}) {
  const row = { ...rows[country]!, ...overrides };
  return {
    amount: row.amount,
    currency: row.currency,
    country,
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    payer: payerOf(row.document),
    card: { ...visa } as Record<string, unknown>,
    order_id: orderId(country),
    callback_url: 'https://shop.example/return',
  };
}

/** Pays as the payer would: through the 3-D Secure challenge where the country requires it. */
async function pay(
  sbx: SandboxFixture,
  body: ReturnType<typeof cardPaymentIn> & Record<string, unknown>,
) {
  const res = await sbx.api.post('/secure_payments', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const record = parse(paymentRecordSchema, res.body);
  if (record.status !== 'PENDING' || record.status_code !== '101')
    return { record, challenged: false };
  await choose(record.three_dsecure!.redirect_url!, 'approve');
  return {
    record: parse(
      paymentRecordSchema,
      (await sbx.api.get(`/payments/${encodeURIComponent(record.id)}`)).body,
    ),
    challenged: true,
  };
}

test("the table holds every country of the API's markets, and no other", () => {
  expect(Object.keys(countries).sort()).toEqual(Object.keys(rows).sort());
});

for (const [country, row] of Object.entries(rows)) {
  test(`${country}: a card payment in ${row.currency} is paid and counted in the ledger`, async ({
    sbx,
  }) => {
    const body = cardPaymentIn(country);
    const { record, challenged } = await pay(sbx, body);
    expect(challenged).toBe(threeDSecure.has(country));
    expect(record).toMatchObject({
      status: 'PAID',
      amount: row.amount,
      currency: row.currency,
      country,
    });
    const ledger = sbx.sandbox.ledger({ order_id: body.order_id });
    expect(ledger.entries).toEqual([
      expect.objectContaining({
        kind: 'payment',
        amount: row.amount,
        currency: row.currency,
        status: 'PAID',
        money_moved: true,
      }),
    ]);
    expect(ledger.money_moved).toBe(1);
  });

  test(`${country}: ${row.foreign} is refused with 5004, and nothing is charged`, async ({
    sbx,
  }) => {
    const body = cardPaymentIn(country, { currency: row.foreign });
    const res = await sbx.api.post('/secure_payments', body);
    expect([res.status, res.body]).toEqual([
      400,
      { code: 5004, message: 'Currency not allowed for this country' },
    ]);
    expect(sbx.sandbox.ledger({ order_id: body.order_id }).entries).toEqual([]);
  });

  test(`${country}: its payment methods and installments`, async ({ sbx }) => {
    const listed = parse(
      paymentMethodListSchema,
      (await sbx.api.get(`/payments-methods?country=${country}`)).body,
    );
    const expected = countries[country]!;
    expect(listed.map((m) => m.id)).toEqual([
      'CARD',
      ...expected.cards,
      ...expected.methods.map((m) => m.id),
    ]);
    expect(listed.find((m) => m.id === 'VI') ?? listed.find((m) => m.id === 'UP')).toMatchObject({
      type: 'CARD',
      allowed_flows: ['DIRECT', 'REDIRECT'],
    });
    const plan = (
      await sbx.api.post('/installments-plans', {
        country,
        bin: '411111',
        amount: Math.round(rows[country]!.amount * 100),
        currency: rows[country]!.currency,
      })
    ).body;
    expect(plan.installments.length > 1, JSON.stringify(plan)).toBe(withInstallments.has(country));
  });
}

test('USD is taken in every country, its local currency where USD is local (PA, EC, SV)', async ({
  sbx,
}) => {
  for (const country of Object.keys(rows)) {
    const { record } = await pay(sbx, cardPaymentIn(country, { currency: 'USD', amount: 45.99 }));
    expect(record, country).toMatchObject({ status: 'PAID', amount: 45.99, currency: 'USD' });
  }
  expect(countries.PA!.currencies).toEqual(['USD']);
});

test('a country the API does not serve is 5003, where a served one with the same payment is paid', async ({
  sbx,
}) => {
  expect((await pay(sbx, cardPaymentIn('PA'))).record.status).toBe('PAID');
  const body = { ...cardPaymentIn('PA'), country: 'FR' };
  const res = await sbx.api.post('/secure_payments', body);
  expect([res.status, res.body]).toEqual([400, { code: 5003, message: 'Country not supported' }]);
  expect(sbx.sandbox.ledger({ order_id: body.order_id }).entries).toEqual([]);
  expect((await sbx.api.get('/payments-methods?country=FR')).body).toMatchObject({ code: 5003 });
  expect(
    (
      await sbx.api.post('/installments-plans', {
        country: 'FR',
        bin: '411111',
        amount: 100,
        currency: 'USD',
      })
    ).body,
  ).toMatchObject({ code: 5003 });
});

test('decimals: none in CLP and COP (a peso with cents is 5001 amount, nothing charged); the same amount in USD is paid', async ({
  sbx,
}) => {
  for (const [country, currency] of [
    ['CL', 'CLP'],
    ['CO', 'COP'],
    ['PY', 'PYG'],
    ['JP', 'JPY'],
  ] as const) {
    const body = cardPaymentIn(country, { currency, amount: 15990.5 });
    const res = await sbx.api.post('/secure_payments', body);
    expect([res.status, res.body], currency).toEqual([
      400,
      { code: 5001, message: 'Invalid parameter: amount', param: 'amount' },
    ]);
    expect(sbx.sandbox.ledger({ order_id: body.order_id }).entries).toEqual([]);
    expect(
      (await pay(sbx, cardPaymentIn(country, { currency: 'USD', amount: 15990.5 }))).record.amount,
    ).toBe(15990.5);
    expect(
      (await pay(sbx, cardPaymentIn(country, { currency, amount: 15990 }))).record.amount,
    ).toBe(15990);
  }
});

test('a capture of a peso with cents is 5001 amount; whole pesos capture', async ({ sbx }) => {
  const { record: auth } = await pay(sbx, {
    ...cardPaymentIn('CL', { amount: 20000 }),
    card: { ...visa, capture: false },
  });
  expect(auth.status).toBe('AUTHORIZED');
  const cents = await sbx.api.post('/payments', {
    authorization_id: auth.id,
    amount: 5000.5,
    currency: 'CLP',
    order_id: orderId('cap'),
  });
  expect([cents.status, cents.body]).toEqual([
    400,
    { code: 5001, message: 'Invalid parameter: amount', param: 'amount' },
  ]);
  const whole = await sbx.api.post('/payments', {
    authorization_id: auth.id,
    amount: 5000,
    currency: 'CLP',
    order_id: orderId('cap'),
  });
  expect(whole.body).toMatchObject({ status: 'PAID', amount: 5000, currency: 'CLP' });
});

test('the methods the markets name: DIRECT vouchers and transfers, REDIRECT-only PSE, Webpay, Abitab and Redpagos', async ({
  sbx,
}) => {
  const methods = async (country: string) =>
    parse(
      paymentMethodListSchema,
      (await sbx.api.get(`/payments-methods?country=${country}`)).body,
    );
  const direct: Record<string, string[]> = {
    AR: ['RP', 'PF', 'IO'],
    BR: ['BL', 'PQ'],
    CL: ['SP'],
    CO: ['EY', 'BU'],
    EC: ['EF'],
    PE: ['EF', 'BC', 'IB', 'BP'],
    MX: ['OX', 'SE'],
  };
  for (const [country, ids] of Object.entries(direct)) {
    const list = await methods(country);
    for (const id of ids)
      expect(list.find((m) => m.id === id)?.allowed_flows, `${country} ${id}`).toContain('DIRECT');
  }
  const redirectOnly: [string, string][] = [
    ['CO', 'PSE'],
    ['CL', 'Webpay'],
    ['UY', 'Abitab'],
    ['UY', 'Redpagos'],
  ];
  for (const [country, name] of redirectOnly)
    expect((await methods(country)).find((m) => m.name === name)?.allowed_flows, name).toEqual([
      'REDIRECT',
    ]);
  expect((await methods('BR')).find((m) => m.id === 'PQ')).toMatchObject({
    type: 'TICKET',
    name: 'Pix QR',
  });
});

test('a cash voucher in a new market: PagoEfectivo in Ecuador, in USD, pending then paid', async ({
  sbx,
}) => {
  const body = {
    amount: 45.99,
    currency: 'USD',
    country: 'EC',
    payment_method_id: 'EF',
    payment_method_flow: 'DIRECT',
    payer: payerOf(rows.EC!.document),
    order_id: orderId('EC'),
    description: 'PAID',
  };
  const res = await sbx.api.post('/payments', body);
  expect(res.body).toMatchObject({ status: 'PENDING', payment_method_type: 'TICKET' });
  await expect.poll(() => sbx.sandbox.ledger({ order_id: body.order_id }).money_moved).toBe(1);
});
