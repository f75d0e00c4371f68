/**
 * Payers' documents as the API checks them, which is narrower than each country's own rule:
 * Brazil's CPF and CNPJ (the alphanumeric CNPJ included) and South Africa's identity number in
 * full, India's PAN by its format, every other country by the length and characters of its
 * document types. A document the API refuses is 400 / 5001 `Invalid parameter: payer.document`
 * and charges nothing; each refused request differs from an accepted one only in its document.
 */
import { cardPayment, orderId, payer, visa } from './support/client.js';
import { expect, test } from './support/fixture.js';

const refusal = {
  code: 5001,
  message: 'Invalid parameter: payer.document',
  param: 'payer.document',
};

/** What a payer needs beyond its document in the countries below (India's address rules, Turkey's IP). */
const extras = {
  birth_date: '15-08-1990',
  phone: '+919876543210',
  ip: '203.0.113.7',
  address: {
    state: 'DL',
    city: 'New Delhi',
    zip_code: '110001',
    street: 'Janpath Road',
    number: '12',
  },
};

function paymentIn(country: string, currency: string, document: string | undefined) {
  const { document: _document, ...rest } = payer;
  const payerOf = { ...rest, ...extras, ...(document === undefined ? {} : { document }) };
  // A 3-D Secure challenge (India, South Africa) needs a page to come back to.
  return cardPayment({
    country,
    currency,
    order_id: orderId(`doc-${country}`),
    payer: payerOf,
    card: { ...visa },
    callback_url: 'https://shop.example/return',
  });
}

test("the Receita Federal's alphanumeric CNPJ is paid and counted in the ledger; with its last digit changed it is refused and nothing is charged", async ({
  sbx,
}) => {
  for (const document of ['12.ABC.345/01DE-35', '12ABC34501DE35', '12.abc.345/01de-35']) {
    const body = paymentIn('BR', 'BRL', document);
    const res = await sbx.api.post('/secure_payments', body);
    expect([document, res.status, res.body.status]).toEqual([document, 200, 'PAID']);
    expect(sbx.sandbox.ledger({ order_id: body.order_id }).entries).toEqual([
      expect.objectContaining({
        kind: 'payment',
        amount: 120,
        currency: 'BRL',
        status: 'PAID',
        money_moved: true,
      }),
    ]);
  }
  const body = paymentIn('BR', 'BRL', '12.ABC.345/01DE-36');
  const res = await sbx.api.post('/secure_payments', body);
  expect([res.status, res.body]).toEqual([400, refusal]);
  expect(sbx.sandbox.ledger({ order_id: body.order_id }).entries).toEqual([]);
});

// [country, currency, taken by the API, refused by the API, what the refused one breaks]
const pairs: [string, string, string, string, string][] = [
  ['BR', 'BRL', '530.333.155-50', '530.333.155-51', "a CPF's check digit"],
  ['BR', 'BRL', '11.222.333/0001-81', '11.222.333/0001-82', "a numeric CNPJ's check digit"],
  [
    'IN',
    'INR',
    'ABCDE1234F',
    'ABCDE12345',
    "the PAN's format (its holder type is India's own rule, not the API's)",
  ],
  ['ZA', 'ZAR', '8001015009087', '8001015009088', "the identity number's Luhn digit"],
  [
    'ZA',
    'ZAR',
    '8001015009087',
    '8002305009084',
    "the identity number's birth date (30 February, with a right Luhn digit)",
  ],
  [
    'CL',
    'CLP',
    '12.345.678-4',
    '12.345.678-Z',
    "the RUT's characters (its check digit is Chile's own rule)",
  ],
  [
    'AR',
    'ARS',
    '20-12345678-5',
    '20-12345678-X',
    "the CUIT's characters (its check digit is Argentina's own rule)",
  ],
  [
    'MX',
    'MXN',
    '128475869794933',
    '1284758697949331234',
    'the length a CURP or RFC may have (12 to 18)',
  ],
  ['PE', 'PEN', '184853849', '1848538', 'the length a DNI or RUC may have (8 to 11)'],
  [
    'TR',
    'TRY',
    '10000000147',
    '1000000014A',
    "the T.C. Kimlik No.'s characters (its check digits are Turkey's own rule)",
  ],
  ['VN', 'VND', '001099012', '0010990123', "a citizen ID's length (9 or 12 digits, never 10)"],
  ['NI', 'NIO', '0010101900001A', '001010190000A1', "the DNI's letter, which comes last"],
];

for (const [country, currency, taken, refused, what] of pairs) {
  test(`${country}: ${taken} is taken, ${refused} is refused for ${what}`, async ({ sbx }) => {
    const accepted = await sbx.api.post('/secure_payments', paymentIn(country, currency, taken));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    // India and South Africa challenge every card payment with 3-D Secure: a PENDING payment, the document taken.
    expect(accepted.body.status).toBe(['IN', 'ZA'].includes(country) ? 'PENDING' : 'PAID');
    const body = paymentIn(country, currency, refused);
    const res = await sbx.api.post('/secure_payments', body);
    expect([res.status, res.body]).toEqual([400, refusal]);
    expect(sbx.sandbox.ledger({ order_id: body.order_id }).entries).toEqual([]);
  });
}

test('the document may be left out in the Dominican Republic and Panama only', async ({ sbx }) => {
  for (const [country, currency] of [
    ['DO', 'DOP'],
    ['PA', 'USD'],
  ] as const) {
    const res = await sbx.api.post('/secure_payments', paymentIn(country, currency, undefined));
    expect([country, res.status, res.body.status]).toEqual([country, 200, 'PAID']);
  }
  // Costa Rica asks for one: with a cédula paid, without it refused.
  expect(
    (await sbx.api.post('/secure_payments', paymentIn('CR', 'CRC', '112340567'))).body.status,
  ).toBe('PAID');
  const res = await sbx.api.post('/secure_payments', paymentIn('CR', 'CRC', undefined));
  expect([res.status, res.body]).toEqual([400, refusal]);
});
