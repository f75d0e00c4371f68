/**
 * Answers in the API's wire dialect, as other public clients recorded them:
 * the Content-Type, the refund's integer status_code and id_payment, the capture's brand,
 * the verification's T- id, the order lookup's shape, and the fields a record echoes.
 */
import { cardPayment, orderId, payer, visa } from './support/client.js';
import { expect, test } from './support/fixture.js';

const JSON_TYPE = 'application/json;charset=utf-8';

test('every JSON answer is application/json;charset=utf-8, errors and replays too', async ({
  sbx,
}) => {
  const paid = await sbx.api.post('/secure_payments', cardPayment(), {
    idempotencyKey: `ct-${orderId()}`,
  });
  expect(paid.headers.get('content-type')).toBe(JSON_TYPE);
  for (const res of [
    await sbx.api.get(`/payments/${paid.body.id}`),
    await sbx.api.get(`/payments/${paid.body.id}/status`),
    await sbx.api.get('/payments/D-1-nope'),
    await sbx.api.post('/secure_payments', cardPayment(), { headers: { 'X-Trans-Key': 'wrong' } }),
    await sbx.api.post('/secure_payments', undefined, { rawBody: '{not json' }),
    await sbx.api.get('/payments-methods?country=BR'),
  ]) {
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
  }
  const key = `ct-replay-${orderId()}`;
  const body = cardPayment();
  await sbx.api.post('/secure_payments', body, { idempotencyKey: key });
  const again = await sbx.api.post('/secure_payments', body, { idempotencyKey: key });
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(again.headers.get('content-type')).toBe(JSON_TYPE);
});

test('a refund record has an integer status_code and repeats the payment id as id_payment', async ({
  sbx,
}) => {
  const paid = (await sbx.api.post('/secure_payments', cardPayment())).body;
  const res = await sbx.api.post('/refunds', {
    payment_id: paid.id,
    amount: 20,
    currency: 'BRL',
    notification_url: `${sbx.receiver.url}/wire-refund`,
  });
  expect(res.body).toMatchObject({
    payment_id: paid.id,
    id_payment: paid.id,
    status: 'SUCCESS',
    status_code: 200,
    status_detail: 'The refund was paid.',
  });
  expect((await sbx.api.get(`/refunds/${res.body.id}`)).body).toMatchObject({
    id_payment: paid.id,
    status_code: 200,
  });
  expect((await sbx.api.get(`/refunds/${res.body.id}/status`)).body).toEqual({
    id: res.body.id,
    status: 'SUCCESS',
    status_code: 200,
    status_detail: 'The refund was paid.',
  });
  expect((await sbx.api.get(`/payments/${paid.id}`)).body.refunds[0]).toMatchObject({
    id_payment: paid.id,
    status_code: 200,
  });
  const [note] = await sbx.receiver.waitFor(1, '/wire-refund', res.body.id);
  expect(note!.body).toContain('"status_code":200');
});

test('a capture names the brand in payment_method_id; the authorization stays CARD', async ({
  sbx,
}) => {
  const auth = (
    await sbx.api.post('/secure_payments', cardPayment({ card: { ...visa, capture: false } }))
  ).body;
  expect(auth.payment_method_id).toBe('CARD');
  const capture = await sbx.api.post('/payments', { authorization_id: auth.id });
  expect(capture.body).toMatchObject({
    status: 'PAID',
    payment_method_id: 'VI',
    payment_method_type: 'CARD',
    authorization_id: auth.id,
  });
  const mastercard = (
    await sbx.api.post(
      '/secure_payments',
      cardPayment({ card: { ...visa, number: '5555555555554444', capture: false } }),
    )
  ).body;
  expect(
    (
      await sbx.api.post('/payments', {
        authorization_id: mastercard.id,
        amount: 10,
        currency: 'BRL',
      })
    ).body.payment_method_id,
  ).toBe('MC');
});

test("a verification's id starts T-; its record carries three_dsecure {} and card.verify true", async ({
  sbx,
}) => {
  const res = await sbx.api.post(
    '/secure_payments',
    cardPayment({ amount: 0, card: { ...visa, verify: true } }),
  );
  expect(res.body.id).toMatch(/^T-1-[0-9a-f-]{36}$/);
  expect(res.body).toMatchObject({ status: 'VERIFIED', three_dsecure: {}, card: { verify: true } });
  expect(JSON.stringify(res.body)).toContain('"three_dsecure":{}');
  expect((await sbx.api.get(`/payments/${res.body.id}`)).body.id).toBe(res.body.id);
  // A payment is still D-.
  expect((await sbx.api.post('/secure_payments', cardPayment())).body.id).toMatch(/^D-/);
});

test("GET /orders/{order_id} answers exactly the API's fields, in its order", async ({ sbx }) => {
  const order = orderId();
  const paid = (await sbx.api.post('/secure_payments', cardPayment({ order_id: order }))).body;
  const res = await sbx.api.get(`/orders/${order}`);
  expect(Object.keys(res.body)).toEqual([
    'order_id',
    'payment_id',
    'currency',
    'amount',
    'created_date',
    'approved_date',
    'status',
    'status_detail',
    'status_code',
  ]);
  expect(res.body).toEqual({
    order_id: order,
    payment_id: paid.id,
    currency: 'BRL',
    amount: 120,
    created_date: paid.created_date,
    approved_date: paid.approved_date,
    status: 'PAID',
    status_detail: 'The payment was paid.',
    status_code: '200',
  });
});

test.describe('echoed fields', () => {
  test('original_order_id', async ({ sbx }) => {
    const first = (await sbx.api.post('/secure_payments', cardPayment({ description: '301' })))
      .body;
    const retry = await sbx.api.post(
      '/secure_payments',
      cardPayment({ original_order_id: first.order_id }),
    );
    expect(retry.body).toMatchObject({ status: 'PAID', original_order_id: first.order_id });
    expect((await sbx.api.get(`/payments/${retry.body.id}`)).body.original_order_id).toBe(
      first.order_id,
    );
    expect((await sbx.api.post('/secure_payments', cardPayment())).body).not.toHaveProperty(
      'original_order_id',
    );
  });

  test('card.save: true gives back save, card_id and type (CREDIT or DEBIT)', async ({ sbx }) => {
    const credit = await sbx.api.post(
      '/secure_payments',
      cardPayment({ card: { ...visa, save: true } }),
    );
    expect(credit.body.card).toMatchObject({
      save: true,
      type: 'CREDIT',
      brand: 'VI',
      last4: '1111',
    });
    expect(credit.body.card.card_id).toMatch(/^CV-/);
    const debit = await sbx.api.post(
      '/secure_payments',
      cardPayment({
        country: 'MX',
        currency: 'MXN',
        payer: { ...payer, document: 'HEGG560427MVZRRL04' },
        card: { ...visa, save: true, force_type: 'DEBIT' },
      }),
    );
    expect(debit.body.card).toMatchObject({ save: true, type: 'DEBIT' });
    const plain = await sbx.api.post('/secure_payments', cardPayment());
    expect(plain.body.card).not.toHaveProperty('save');
    expect(plain.body.card).not.toHaveProperty('type');
  });

  test("card.country in every card record: the card's own when sent, else the payment's", async ({
    sbx,
  }) => {
    const notification_url = `${sbx.receiver.url}/card-country`;
    const paid = (await sbx.api.post('/secure_payments', cardPayment({ notification_url }))).body;
    expect(paid.card.country).toBe('BR');
    expect((await sbx.api.get(`/payments/${paid.id}`)).body.card.country).toBe('BR');
    const [note] = await sbx.receiver.waitFor(1, '/card-country', paid.id);
    expect(note!.record.card.country).toBe('BR');
    const foreign = (
      await sbx.api.post('/secure_payments', cardPayment({ card: { ...visa, country: 'US' } }))
    ).body;
    expect(foreign.card.country).toBe('US');
    const auth = (
      await sbx.api.post(
        '/secure_payments',
        cardPayment({
          country: 'CO',
          currency: 'COP',
          amount: 50000,
          payer: { ...payer, document: '1020304050' },
          card: { ...visa, capture: 'false' },
        }),
      )
    ).body;
    expect([auth.status, auth.card.country]).toEqual(['AUTHORIZED', 'CO']);
    expect((await sbx.api.post('/payments', { authorization_id: auth.id })).body.card.country).toBe(
      'CO',
    );
    const verified = (
      await sbx.api.post(
        '/secure_payments',
        cardPayment({ amount: 0, card: { ...visa, verify: true } }),
      )
    ).body;
    expect([verified.status, verified.card.country]).toEqual(['VERIFIED', 'BR']);
    const rejected = (await sbx.api.post('/secure_payments', cardPayment({ description: '301' })))
      .body;
    expect([rejected.status, rejected.card.country]).toEqual(['REJECTED', 'BR']);
    const saved = (
      await sbx.api.post('/secure_payments', cardPayment({ card: { ...visa, save: true } }))
    ).body;
    expect(
      (await sbx.api.post('/payments', cardPayment({ card: { card_id: saved.card.card_id } }))).body
        .card.country,
    ).toBe('BR');
    const enrolled = (
      await sbx.api.post(
        '/secure_payments',
        cardPayment({ amount: 30, enrollment: { external_id: 'card-country', type: 'ON_DEMAND' } }),
      )
    ).body;
    const charge = await sbx.api.post('/payments', {
      amount: 12,
      currency: 'BRL',
      country: 'BR',
      payment_method_id: 'CARD',
      payment_method_flow: 'DIRECT',
      payer,
      order_id: orderId('charge'),
      enrollment: { id: enrolled.enrollment.id },
    });
    expect([charge.body.status, charge.body.card.country]).toEqual(['PAID', 'BR']);
  });

  test('card.stored_credential_type and card.stored_credential_usage when sent', async ({
    sbx,
  }) => {
    const res = await sbx.api.post(
      '/secure_payments',
      cardPayment({
        card: { ...visa, stored_credential_type: 'CARD_ON_FILE', stored_credential_usage: 'FIRST' },
      }),
    );
    expect(res.body).toMatchObject({
      card: { stored_credential_type: 'CARD_ON_FILE', stored_credential_usage: 'FIRST' },
    });
    expect(res.body.card).not.toHaveProperty('network_tx_reference');
  });

  test("card.network_tx_reference for recurring card payments: a subscription's or unscheduled stored credential, or an enrollment's charge", async ({
    sbx,
  }) => {
    const first = await sbx.api.post(
      '/secure_payments',
      cardPayment({
        card: {
          ...visa,
          save: true,
          stored_credential_type: 'SUBSCRIPTION',
          stored_credential_usage: 'FIRST',
        },
      }),
    );
    expect(first.body.card.network_tx_reference).toMatch(/^\d{15}$/);
    const used = await sbx.api.post(
      '/payments',
      cardPayment({
        card: {
          card_id: first.body.card.card_id,
          stored_credential_type: 'UNSCHEDULED_CARD_ON_FILE',
          stored_credential_usage: 'USED',
        },
      }),
    );
    expect(used.body).toMatchObject({
      status: 'PAID',
      card: { stored_credential_type: 'UNSCHEDULED_CARD_ON_FILE', stored_credential_usage: 'USED' },
    });
    expect(used.body.card.network_tx_reference).toMatch(/^\d{15}$/);
    expect(used.body.card.network_tx_reference).not.toBe(first.body.card.network_tx_reference);
    const enrolled = await sbx.api.post(
      '/secure_payments',
      cardPayment({
        amount: 30,
        enrollment: {
          external_id: 'ntr',
          type: 'MERCHANT_SUBSCRIPTION',
          subscription: { frequency: 'MONTHLY', amount: { type: 'FIXED', value: 30 } },
        },
      }),
    );
    expect(enrolled.body.card.network_tx_reference).toMatch(/^\d{15}$/);
    // Not recurring: a one-off payment, a card on file the payer uses, a rejection.
    expect((await sbx.api.post('/secure_payments', cardPayment())).body.card).not.toHaveProperty(
      'network_tx_reference',
    );
    expect(
      (
        await sbx.api.post(
          '/secure_payments',
          cardPayment({
            card: {
              ...visa,
              stored_credential_type: 'CARD_ON_FILE',
              stored_credential_usage: 'USED',
            },
          }),
        )
      ).body.card,
    ).not.toHaveProperty('network_tx_reference');
    expect(
      (
        await sbx.api.post(
          '/secure_payments',
          cardPayment({
            description: '301',
            card: {
              ...visa,
              stored_credential_type: 'SUBSCRIPTION',
              stored_credential_usage: 'USED',
            },
          }),
        )
      ).body.card,
    ).not.toHaveProperty('network_tx_reference');
  });
});
