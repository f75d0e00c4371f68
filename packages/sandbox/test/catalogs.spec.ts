/** The catalogs: payment methods per country and installment plans that look like the real ones. */
import { installmentsPlanRecordSchema, parse, paymentMethodListSchema } from '@paylit/core/schemas';
import { cardPayment, orderId, visa } from './support/client.js';
import { expect, test } from './support/fixture.js';

const countries = ['AR', 'BR', 'CL', 'CO', 'MX', 'PE', 'UY', 'IN', 'ZA', 'TR'];

for (const country of countries) {
  test(`payment methods of ${country}: cards, wallets, redirect or cash methods, with logos`, async ({
    sbx,
  }) => {
    const res = await sbx.api.get(`/payments-methods?country=${country}`);
    const methods = parse(paymentMethodListSchema, res.body);
    const types = new Set(methods.map((m) => m.type));
    expect(types.has('CARD')).toBe(true);
    expect(types.has('WALLET')).toBe(true);
    expect(types.has('BANK_TRANSFER') || types.has('TICKET')).toBe(true);
    expect(methods.find((m) => m.id === 'VI')).toMatchObject({
      type: 'CARD',
      name: 'Visa',
      allowed_flows: ['DIRECT', 'REDIRECT'],
    });
    for (const m of methods) {
      expect(m.logo).toMatch(/\/sandbox-tools\/logos\/\w+\.svg$/);
      expect(m.allowed_flows.length).toBeGreaterThan(0);
    }
    const logo = await fetch(methods[1]!.logo!);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(await logo.text()).toContain('<svg');
  });
}

test('payment methods: each item carries exactly id, type, name, logo and allowed_flows, wallets too', async ({
  sbx,
}) => {
  const methods = (await sbx.api.get('/payments-methods?country=BR')).body as Record<
    string,
    unknown
  >[];
  expect(methods.some((m) => m.type === 'WALLET')).toBe(true);
  for (const m of methods)
    expect(Object.keys(m)).toEqual(['id', 'type', 'name', 'logo', 'allowed_flows']);
});

test('payment methods: a missing country is 5001, an unsupported one 5003', async ({ sbx }) => {
  expect((await sbx.api.get('/payments-methods')).body).toEqual({
    code: 5001,
    message: 'Invalid parameter: country',
    param: 'country',
  });
  expect((await sbx.api.get('/payments-methods?country=FR')).body).toEqual({
    code: 5003,
    message: 'Country not supported',
  });
});

async function plan(
  sbx: { api: { post: (p: string, b: unknown) => Promise<{ body: any }> } },
  country: string,
  bin: string,
  amount: number,
  currency: string,
) {
  return parse(
    installmentsPlanRecordSchema,
    (await sbx.api.post('/installments-plans', { country, bin, amount, currency })).body,
  );
}

function consistentToTheCent(p: {
  installments: { installment_amount: number; installments: number; total_amount: number }[];
}) {
  for (const i of p.installments)
    expect(Math.round(i.installment_amount * i.installments * 100)).toBe(
      Math.round(i.total_amount * 100),
    );
}

test('Brazil: up to 12, interest-free to 3, with interest from 4', async ({ sbx }) => {
  const p = await plan(sbx, 'BR', '411111', 1200, 'BRL');
  expect(p).toMatchObject({
    country: 'BR',
    bin: '411111',
    amount: 1200,
    currency: 'BRL',
    installments_by_bank: false,
  });
  expect(p.id).toMatch(/^INS\d+$/);
  expect(p.installments.map((i) => i.installments)).toEqual([
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
  ]);
  expect(p.installments[2]).toEqual({
    id: `${p.id}-3`,
    installments: 3,
    installment_amount: 400,
    total_amount: 1200,
  });
  expect(p.installments[3]!.total_amount).toBeGreaterThan(1200);
  expect(p.installments[11]!.total_amount).toBeGreaterThan(p.installments[5]!.total_amount);
  consistentToTheCent(p);
});

test('Mexico: 3, 6, 9 and 12 interest-free; Argentina: with interest; Colombia: the issuer sets it; debit: once', async ({
  sbx,
}) => {
  const mx = await plan(sbx, 'MX', '555555', 3000, 'MXN');
  expect(mx.installments.map((i) => [i.installments, i.total_amount])).toEqual([
    [1, 3000],
    [3, 3000],
    [6, 3000],
    [9, 3000.06],
    [12, 3000],
  ]);
  consistentToTheCent(mx);
  const ar = await plan(sbx, 'AR', '450995', 60000, 'ARS');
  expect(ar.installments.map((i) => i.installments)).toEqual([1, 3, 6, 9, 12]);
  expect(ar.installments[1]!.total_amount).toBeGreaterThan(60000);
  consistentToTheCent(ar);
  const naranja = await plan(sbx, 'AR', '589562', 60000, 'ARS');
  expect(naranja.installments[1]).toMatchObject({ installments: 3, total_amount: 60000 });
  const co = await plan(sbx, 'CO', '411111', 1_200_000, 'COP');
  expect(co.installments_by_bank).toBe(true);
  const debit = await plan(sbx, 'BR', '4917300800000000'.slice(0, 8), 1200, 'BRL');
  expect(debit.installments.map((i) => i.installments)).toEqual([1]);
  const small = await plan(sbx, 'BR', '411111', 12, 'BRL');
  expect(small.installments.every((i) => i.installment_amount >= 5 || i.installments === 1)).toBe(
    true,
  );
});

test("a plan's errors: 5003, 5004, 5001 for a BIN of 7 digits", async ({ sbx }) => {
  expect(
    (
      await sbx.api.post('/installments-plans', {
        country: 'FR',
        bin: '411111',
        amount: 1,
        currency: 'EUR',
      })
    ).body.code,
  ).toBe(5003);
  expect(
    (
      await sbx.api.post('/installments-plans', {
        country: 'BR',
        bin: '411111',
        amount: 1,
        currency: 'EUR',
      })
    ).body.code,
  ).toBe(5004);
  expect(
    (
      await sbx.api.post('/installments-plans', {
        country: 'BR',
        bin: '4111111',
        amount: 1,
        currency: 'BRL',
      })
    ).body,
  ).toMatchObject({ code: 5001, param: 'bin' });
});

test('a payment in installments uses the plan; a count it does not offer is 400 / 5043', async ({
  sbx,
}) => {
  const p = await plan(sbx, 'MX', '411111', 3000, 'MXN');
  const ok = await sbx.api.post(
    '/secure_payments',
    cardPayment({
      country: 'MX',
      currency: 'MXN',
      amount: 3000,
      card: { ...visa, installments: '6', installments_id: p.id },
    }),
  );
  expect(ok.body).toMatchObject({ status: 'PAID', card: { installments: '6' } });
  const bad = await sbx.api.post(
    '/secure_payments',
    cardPayment({
      country: 'MX',
      currency: 'MXN',
      amount: 3000,
      card: { ...visa, installments: '4', installments_id: p.id },
    }),
  );
  expect([bad.status, bad.body]).toEqual([
    400,
    { code: 5043, message: 'Invalid number of installments' },
  ]);
});

test('card.installments sent as a JSON number (6, as a typed client writes a count) is the count "6": the payment uses the plan, and 4 is still 5043', async ({
  sbx,
}) => {
  const p = await plan(sbx, 'MX', '411111', 3000, 'MXN');
  // Written out as a client with an integer field writes it: no quotes around the count.
  const body = (count: string) =>
    JSON.stringify(
      cardPayment({
        country: 'MX',
        currency: 'MXN',
        amount: 3000,
        card: { ...visa, installments: 'COUNT', installments_id: p.id },
      }),
    ).replace('"COUNT"', count);
  const ok = await sbx.api.post('/secure_payments', undefined, { rawBody: body('6') });
  expect([ok.status, ok.body]).toMatchObject([
    200,
    { status: 'PAID', card: { installments: '6' } },
  ]);
  const bad = await sbx.api.post('/secure_payments', undefined, { rawBody: body('4') });
  expect([bad.status, bad.body]).toEqual([
    400,
    { code: 5043, message: 'Invalid number of installments' },
  ]);
});

test('a plan is for its amount, currency and country: a payment of another amount or currency, or in another country, is 400 / 5001 card.installments_id and charges nothing', async ({
  sbx,
}) => {
  const p = await plan(sbx, 'MX', '411111', 3000, 'MXN');
  const refused = {
    code: 5001,
    message: 'Invalid parameter: card.installments_id',
    param: 'card.installments_id',
  };
  const card = { ...visa, installments: '6', installments_id: p.id };
  for (const other of [
    { country: 'MX', currency: 'MXN', amount: 6000 },
    { country: 'MX', currency: 'USD', amount: 3000 },
    { country: 'CO', currency: 'COP', amount: 3000 },
  ]) {
    const order_id = orderId('plan');
    const res = await sbx.api.post('/secure_payments', cardPayment({ ...other, card, order_id }));
    expect([other, res.status, res.body]).toEqual([other, 400, refused]);
    expect(sbx.sandbox.ledger({ order_id }).entries).toEqual([]);
  }
  const same = await sbx.api.post(
    '/secure_payments',
    cardPayment({ country: 'MX', currency: 'MXN', amount: '3000.00', card }),
  );
  expect([same.status, same.body.status]).toEqual([200, 'PAID']);
});
