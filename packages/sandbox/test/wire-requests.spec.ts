/**
 * Requests in the wire dialect, as other public clients send them: an X-Date without
 * milliseconds, a cancel that carries a body (ignored, but signed), a call without a body
 * signed over `"{}"` (four characters), numbers and booleans as strings, two-digit years, a refund without
 * `notification_url`, risk data without its members. Each refusal beside them differs from
 * an accepted request only in what is checked.
 */
import { authorizationHeader, createSignature } from '@paylit/core/crypto';
import { cardPayment, orderId, payer, visa } from './support/client.js';
import { expect, slowRefunds, test, withSandbox, type SandboxFixture } from './support/fixture.js';

test('an X-Date without milliseconds is accepted on a POST, a GET and a cancel', async ({
  sbx,
}) => {
  const { login, secretKey } = sbx.sandbox.credentials;
  const date = sbx.sandbox.clock
    .now()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');
  const signed = async (body: string) => ({
    'X-Date': date,
    Authorization: authorizationHeader(await createSignature({ login, date, body, secretKey })),
  });
  const body = JSON.stringify(cardPayment({ card: { ...visa, capture: false } }));
  const auth = await sbx.api.post('/secure_payments', undefined, {
    rawBody: body,
    headers: { ...(await signed(body)), 'Content-Type': 'application/json' },
  });
  expect([auth.status, auth.body.status]).toEqual([200, 'AUTHORIZED']);
  expect(
    (await sbx.api.get(`/payments/${auth.body.id}`, { headers: await signed('') })).status,
  ).toBe(200);
  const cancelled = await sbx.api.post(`/payments/${auth.body.id}/cancel`, undefined, {
    headers: await signed(''),
  });
  expect([cancelled.status, cancelled.body.status]).toEqual([200, 'CANCELLED']);
});

test('a cancel with a body: the body is ignored, whatever its type, but the signature covers it', async ({
  sbx,
}) => {
  const authorize = async () =>
    (await sbx.api.post('/secure_payments', cardPayment({ card: { ...visa, capture: false } })))
      .body;
  // As JSON.
  const one = await authorize();
  const json = await sbx.api.post(`/payments/${one.id}/cancel`, {
    reason: 'customer asked',
    amount: 1,
  });
  expect([json.status, json.body]).toEqual([
    200,
    expect.objectContaining({ id: one.id, status: 'CANCELLED', amount: 120 }),
  ]);
  // An empty object, and a body sent with no Content-Type (fetch labels a string text/plain).
  const two = await authorize();
  expect((await sbx.api.post(`/payments/${two.id}/cancel`, {})).body.status).toBe('CANCELLED');
  const three = await authorize();
  const untyped = await sbx.api.post(`/payments/${three.id}/cancel`, undefined, {
    rawBody: '{}',
    headers: { 'Content-Type': undefined },
  });
  expect([untyped.status, untyped.body.status]).toEqual([200, 'CANCELLED']);
  const plain = await sbx.api.post(`/payments/${(await authorize()).id}/cancel`, undefined, {
    rawBody: 'cancel please',
    headers: { 'Content-Type': 'text/plain' },
  });
  expect([plain.status, plain.body.status]).toEqual([200, 'CANCELLED']);
  // Signed over no body, sent with one: the signature does not cover the bytes sent.
  const four = await authorize();
  const { login, secretKey } = sbx.sandbox.credentials;
  const date = sbx.sandbox.clock.now().toISOString();
  const overNothing = authorizationHeader(
    await createSignature({ login, date, body: '', secretKey }),
  );
  const forged = await sbx.api.post(`/payments/${four.id}/cancel`, undefined, {
    rawBody: '{}',
    headers: { 'X-Date': date, Authorization: overNothing },
  });
  expect([forged.status, forged.body]).toEqual([
    400,
    { code: 5000, message: 'Signature not match' },
  ]);
  expect((await sbx.api.get(`/payments/${four.id}/status`)).body.status).toBe('AUTHORIZED');
  // An enrollment's cancel takes one too.
  const e = (
    await sbx.api.post('/enrollments', {
      country: 'BR',
      payer: cardPayment().payer,
      external_id: 'wire-cancel',
      type: 'ON_DEMAND',
    })
  ).body;
  expect(
    (
      await sbx.api.post(`/enrollments/${e.id}/cancel`, undefined, {
        rawBody: '{}',
        headers: { 'Content-Type': undefined },
      })
    ).body.status,
  ).toBe('CANCELLED');
});

/** Headers of a call signed over `signed` (whatever is sent), at the sandbox's time. */
async function signedOver(sbx: SandboxFixture, signed: string) {
  const { login, secretKey } = sbx.sandbox.credentials;
  const date = sbx.sandbox.clock.now().toISOString();
  return {
    'X-Date': date,
    Authorization: authorizationHeader(
      await createSignature({ login, date, body: signed, secretKey }),
    ),
  };
}

test('a call without a body signed over login + X-Date + "{}" (the four characters, quotes included) is served: lookups, cancels, a card\'s deletion', async ({
  sbx,
}) => {
  const braces = () => signedOver(sbx, '"{}"');
  const order = orderId();
  const paid = (await sbx.api.post('/secure_payments', cardPayment({ order_id: order }))).body;
  const refund = (
    await sbx.api.post('/refunds', { payment_id: paid.id, amount: 10, currency: 'BRL' })
  ).body;
  for (const path of [
    `/payments/${paid.id}`,
    `/payments/${paid.id}/status`,
    `/payments/${paid.id}/status/`,
    `/orders/${order}/`,
    `/refunds/${refund.id}`,
    `/refunds/${refund.id}/status`,
    '/payments-methods?country=BR',
  ]) {
    const res = await sbx.api.get(path, { headers: await braces() });
    expect([path, res.status]).toEqual([path, 200]);
  }
  const auth = (
    await sbx.api.post('/secure_payments', cardPayment({ card: { ...visa, capture: false } }))
  ).body;
  const cancelled = await sbx.api.post(`/payments/${auth.id}/cancel/`, undefined, {
    headers: await braces(),
  });
  expect([cancelled.status, cancelled.body.status]).toEqual([200, 'CANCELLED']);
  const saved = (await sbx.api.post('/secure_cards', { country: 'BR', card: visa, payer })).body;
  const deleted = await sbx.api.delete(`/secure_cards/${saved.card_id}`, {
    headers: await braces(),
  });
  expect([deleted.status, deleted.body]).toEqual([200, { card_id: saved.card_id, deleted: true }]);
  const e = (
    await sbx.api.post('/enrollments', {
      country: 'BR',
      payer,
      external_id: 'braces',
      type: 'ON_DEMAND',
    })
  ).body;
  expect(
    (await sbx.api.post(`/enrollments/${e.id}/cancel`, undefined, { headers: await braces() })).body
      .status,
  ).toBe('CANCELLED');
});

test('no other signature of a call without a body is served (the two characters {} neither), and "{}" signs nothing that has a body', async ({
  sbx,
}) => {
  const paid = (await sbx.api.post('/secure_payments', cardPayment())).body;
  const invalid = [403, { code: 3001, message: 'Invalid credentials' }];
  const notMatch = [400, { code: 5000, message: 'Signature not match' }];
  for (const other of ['{}', '{ }', '[]', '""', 'null', '{}\n', ' ', '"{ }"', "'{}'"]) {
    const res = await sbx.api.get(`/payments/${paid.id}/status`, {
      headers: await signedOver(sbx, other),
    });
    expect([other, res.status, res.body]).toEqual([other, ...invalid]);
  }
  const auth = (
    await sbx.api.post('/secure_payments', cardPayment({ card: { ...visa, capture: false } }))
  ).body;
  for (const other of ['{}', '{ }']) {
    const cancel = await sbx.api.post(`/payments/${auth.id}/cancel`, undefined, {
      headers: await signedOver(sbx, other),
    });
    expect([other, cancel.status, cancel.body]).toEqual([other, ...notMatch]);
  }
  expect((await sbx.api.get(`/payments/${auth.id}/status`)).body.status).toBe('AUTHORIZED');
  // A POST whose body is required, sent empty and signed over "{}": the signature does not cover what was sent.
  const empty = await sbx.api.post('/refunds', undefined, {
    headers: await signedOver(sbx, '"{}"'),
  });
  expect([empty.status, empty.body]).toEqual(notMatch);
  // The same request signed over what it sends (nothing) reaches the route, which wants a body.
  expect((await sbx.api.post('/refunds', undefined)).body.code).toBe(5000);
});

test('numbers and booleans as strings: "10", "2030", "false", "true" mean what the typed values would', async ({
  sbx,
}) => {
  const strings = await sbx.api.post(
    '/secure_payments',
    cardPayment({
      amount: '120.00',
      card: { ...visa, expiration_month: '10', expiration_year: '2030', capture: 'false' },
    }),
  );
  expect(strings.body).toMatchObject({
    status: 'AUTHORIZED',
    amount: 120,
    card: { expiration_month: 10, expiration_year: 2030 },
  });
  const typed = await sbx.api.post(
    '/secure_payments',
    cardPayment({ card: { ...visa, expiration_month: 10, expiration_year: 2030, capture: false } }),
  );
  expect(typed.body).toMatchObject({ status: 'AUTHORIZED', card: strings.body.card });
  expect(
    (await sbx.api.post('/secure_payments', cardPayment({ card: { ...visa, capture: 'true' } })))
      .body.status,
  ).toBe('PAID');
  expect(
    (
      await sbx.api.post(
        '/secure_payments',
        cardPayment({ amount: 0, card: { ...visa, verify: 'true', capture: 'false' } }),
      )
    ).body.status,
  ).toBe('VERIFIED');
  const saved = await sbx.api.post(
    '/secure_payments',
    cardPayment({ card: { ...visa, save: 'true' } }),
  );
  expect(saved.body.card).toMatchObject({ save: true, card_id: expect.stringMatching(/^CV-/) });
  const card = await sbx.api.post('/secure_cards', {
    country: 'BR',
    card: { ...visa, expiration_month: '7', expiration_year: '31' },
    payer,
  });
  expect(card.body).toMatchObject({ expiration_month: 7, expiration_year: 2031 });
  // The capture of a string authorization, and a refund of it whose amount is a string.
  const capture = (
    await sbx.api.post('/payments', {
      authorization_id: strings.body.id,
      amount: '50.00',
      currency: 'BRL',
    })
  ).body;
  expect(capture).toMatchObject({ status: 'PAID', amount: 50 });
  const refund = await sbx.api.post('/refunds', {
    payment_id: capture.id,
    amount: '5.00',
    currency: 'BRL',
  });
  expect(refund.body).toMatchObject({ status: 'SUCCESS', amount: 5 });
  expect(sbx.sandbox.ledger({ order_id: strings.body.order_id })).toMatchObject({
    charged: 50,
    refunded: 5,
  });
});

test('what is malformed as a string is still refused with 400 / 5001 and its param, and charges nothing', async ({
  sbx,
}) => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a month "13"', { card: { ...visa, expiration_month: '13' } }, 'card.expiration_month'],
    [
      'a month "1O" (a letter O)',
      { card: { ...visa, expiration_month: '1O' } },
      'card.expiration_month',
    ],
    ['a year "203"', { card: { ...visa, expiration_year: '203' } }, 'card.expiration_year'],
    ['a year 203', { card: { ...visa, expiration_year: 203 } }, 'card.expiration_year'],
    ['capture "yes"', { card: { ...visa, capture: 'yes' } }, 'card.capture'],
    ['capture "False"', { card: { ...visa, capture: 'False' } }, 'card.capture'],
    ['capture 0', { card: { ...visa, capture: 0 } }, 'card.capture'],
    ['an amount "120,00"', { amount: '120,00' }, 'amount'],
  ];
  const before = sbx.sandbox.ledger().entries.length;
  const got: string[] = [];
  for (const [name, overrides] of cases) {
    const res = await sbx.api.post('/secure_payments', cardPayment(overrides));
    got.push(`${name}: ${res.status} ${res.body.code} ${res.body.param}`);
  }
  expect(got).toEqual(cases.map(([name, , param]) => `${name}: 400 5001 ${param}`));
  const paid = await sbx.api.post(
    '/secure_payments',
    cardPayment({
      card: { ...visa, expiration_month: '12', expiration_year: '2030', capture: 'true' },
    }),
  );
  expect(paid.body.status).toBe('PAID');
  expect(sbx.sandbox.ledger().entries.length).toBe(before + 1);
});

test('a two-digit year: "30" and 30 are 2030; "05" is 2005, an expired card', async ({ sbx }) => {
  for (const year of ['30', 30]) {
    const res = await sbx.api.post(
      '/secure_payments',
      cardPayment({ card: { ...visa, expiration_year: year } }),
    );
    expect([year, res.body.status, res.body.card.expiration_year]).toEqual([year, 'PAID', 2030]);
  }
  const expired = await sbx.api.post(
    '/secure_payments',
    cardPayment({ card: { ...visa, expiration_year: '05' } }),
  );
  expect([expired.body.status, expired.body.status_code]).toEqual(['REJECTED', '309']);
});

test("a refund without notification_url: a card's is SUCCESS at once; a pending one notifies no one and is read with its status", async () => {
  await withSandbox(slowRefunds, async (sbx) => {
    const paid = (await sbx.api.post('/secure_payments', cardPayment({ amount: 50 }))).body;
    const card = await sbx.api.post('/refunds/', { payment_id: paid.id });
    expect(card.body).toMatchObject({ status: 'SUCCESS', amount: 50, status_code: 200 });
    expect(card.body).not.toHaveProperty('notification_url');
    const pix = (
      await sbx.api.post('/payments', {
        amount: 40,
        currency: 'BRL',
        country: 'BR',
        payment_method_id: 'PX',
        payment_method_flow: 'REDIRECT',
        payer,
        order_id: orderId(),
        callback_url: `${sbx.receiver.url}/return`,
      })
    ).body;
    expect(
      (await sbx.api.post('/sandbox-tools/payments', { payment_id: pix.id, status: 'PAID' })).body
        .status,
    ).toBe('PAID');
    const refund = (
      await sbx.api.post('/refunds', { payment_id: pix.id, amount: '15.00', currency: 'BRL' })
    ).body;
    expect(refund).toMatchObject({ status: 'PENDING', status_code: 100, amount: 15 });
    expect(
      (
        await sbx.api.get(`/refunds/${refund.id}/status`, {
          headers: await signedOver(sbx, '"{}"'),
        })
      ).body,
    ).toEqual({
      id: refund.id,
      status: 'PENDING',
      status_code: 100,
      status_detail: 'The refund is pending.',
    });
    await sbx.api.post('/sandbox-tools/payments', { payment_id: refund.id, status: 'SUCCESS' });
    expect((await sbx.api.get(`/refunds/${refund.id}/status`)).body).toMatchObject({
      status: 'SUCCESS',
      status_code: 200,
    });
    expect(await sbx.sandbox.notifications({ record_id: refund.id })).toEqual([]);
    expect(sbx.sandbox.ledger({ payment_id: pix.id })).toMatchObject({ charged: 40, refunded: 15 });
    // With a URL, the same refund is notified at each change.
    const notified = (
      await sbx.api.post('/refunds', {
        payment_id: pix.id,
        amount: '5.00',
        currency: 'BRL',
        notification_url: `${sbx.receiver.url}/r`,
      })
    ).body;
    await sbx.receiver.waitFor(1, '/r', notified.id);
  });
});

test('additional_risk_data: a submerchant with its name alone is paid; a member of the wrong type is still refused', async ({
  sbx,
}) => {
  const paid = await sbx.api.post(
    '/secure_payments',
    cardPayment({
      additional_risk_data: {
        submerchant: { name: 'Loja do Bairro' },
        device: { locale: 'pt-BR' },
        beneficiary: { name: 'Ana' },
      },
    }),
  );
  expect(paid.body.status).toBe('PAID');
  for (const [risk, param] of [
    // A number there is its text (a typed client's name of digits): a boolean is no string. A
    // count's digits as a string are the count (scalars either way); a count in words is none.
    [{ submerchant: { name: true } }, 'additional_risk_data.submerchant.name'],
    [
      { submerchant: { name: 'Loja do Bairro', total_order_count: 'five' } },
      'additional_risk_data.submerchant.total_order_count',
    ],
    [
      { device: { locale: 'pt-BR', event_uuid: { id: 7 } } },
      'additional_risk_data.device.event_uuid',
    ],
  ] as const) {
    const res = await sbx.api.post('/secure_payments', cardPayment({ additional_risk_data: risk }));
    expect([res.status, res.body.code, res.body.param]).toEqual([400, 5001, param]);
  }
});
