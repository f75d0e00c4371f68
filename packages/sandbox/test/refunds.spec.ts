/** Refunds: of captures and PAID payments only, never more than remains, card at once, others later. */
import { parse, refundRecordSchema } from '@paylit/core/schemas';
import { cardPayment, orderId, payer, visa } from './support/client.js';
import { expect, slowRefunds, test, withSandbox } from './support/fixture.js';
import { choose } from './support/pages.js';

test('a card refund is SUCCESS at once, in full by default; the payment lists it', async ({
  sbx,
}) => {
  const paid = (await sbx.api.post('/secure_payments', cardPayment({ amount: 50 }))).body;
  const notification_url = `${sbx.receiver.url}/refunds`;
  const res = await sbx.api.post('/refunds', { payment_id: paid.id, notification_url });
  expect(res.status).toBe(200);
  const refund = parse(refundRecordSchema, res.body);
  expect(refund).toMatchObject({
    payment_id: paid.id,
    amount: 50,
    amount_refunded: 50,
    currency: 'BRL',
    status: 'SUCCESS',
    status_code: '200',
    status_detail: 'The refund was paid.',
    notification_url,
  });
  expect(res.body).toMatchObject({ status_code: 200, id_payment: paid.id });
  expect(refund.id).toMatch(/^REF-/);
  expect((await sbx.api.get(`/payments/${paid.id}`)).body.refunds).toEqual([res.body]);
  expect((await sbx.api.get(`/refunds/${refund.id}`)).body).toEqual(res.body);
  expect((await sbx.api.get(`/refunds/${refund.id}/status`)).body).toEqual({
    id: refund.id,
    status: 'SUCCESS',
    status_code: 200,
    status_detail: 'The refund was paid.',
  });
  const [notified] = await sbx.receiver.waitFor(1, '/refunds', refund.id);
  expect(notified!.record.status).toBe('SUCCESS');
});

test('partial refunds never exceed what remains: 400 / 5007 beyond', async ({ sbx }) => {
  const paid = (await sbx.api.post('/secure_payments', cardPayment({ amount: 100 }))).body;
  const notification_url = `${sbx.receiver.url}/refunds`;
  expect(
    (
      await sbx.api.post('/refunds', {
        payment_id: paid.id,
        notification_url,
        amount: 30,
        currency: 'BRL',
      })
    ).body.status,
  ).toBe('SUCCESS');
  expect(
    (
      await sbx.api.post('/refunds', {
        payment_id: paid.id,
        notification_url,
        amount: 70,
        currency: 'BRL',
      })
    ).body.status,
  ).toBe('SUCCESS');
  const over = await sbx.api.post('/refunds', {
    payment_id: paid.id,
    notification_url,
    amount: 0.01,
    currency: 'BRL',
  });
  expect([over.status, over.body]).toEqual([400, { code: 5007, message: 'Amount exceeded' }]);
  expect(sbx.sandbox.ledger({ payment_id: paid.id })).toMatchObject({
    charged: 100,
    refunded: 100,
  });
});

test('refunds apply to captures, never to the authorization', async ({ sbx }) => {
  const auth = (
    await sbx.api.post('/secure_payments', cardPayment({ card: { ...visa, capture: false } }))
  ).body;
  const notification_url = `${sbx.receiver.url}/refunds`;
  const refused = await sbx.api.post('/refunds', { payment_id: auth.id, notification_url });
  expect([refused.status, refused.body]).toEqual([
    400,
    { code: 5002, message: 'Invalid transaction status' },
  ]);
  const capture = (await sbx.api.post('/payments', { authorization_id: auth.id })).body;
  expect(
    (await sbx.api.post('/refunds', { payment_id: capture.id, notification_url })).body,
  ).toMatchObject({ status: 'SUCCESS', amount: 120 });
});

test('a refund of another method is PENDING, then SUCCESS, notified each time', async ({ sbx }) => {
  const callback_url = `${sbx.receiver.url}/return`;
  const pix = (
    await sbx.api.post('/payments', {
      amount: 40,
      currency: 'BRL',
      country: 'BR',
      payment_method_id: 'PX',
      payment_method_flow: 'REDIRECT',
      payer,
      order_id: orderId(),
      callback_url,
    })
  ).body;
  await choose(pix.redirect_url, 'approve');
  const notification_url = `${sbx.receiver.url}/pix-refunds`;
  const refund = (await sbx.api.post('/refunds', { payment_id: pix.id, notification_url })).body;
  expect(refund).toMatchObject({
    status: 'PENDING',
    status_code: 100,
    status_detail: 'The refund is pending.',
    amount_refunded: 0,
  });
  const notes = await sbx.receiver.waitFor(2, '/pix-refunds', refund.id);
  expect(notes.map((n) => n.record.status)).toEqual(['PENDING', 'SUCCESS']);
  expect((await sbx.api.get(`/refunds/${refund.id}`)).body).toMatchObject({
    status: 'SUCCESS',
    amount_refunded: 40,
  });
});

test('the refund errors: unknown payment 404 / 4000, unknown refund 404 / 4001, verification 5013, chargeback 5018, too late 5020, another currency 5001', async ({
  sbx,
}) => {
  const notification_url = `${sbx.receiver.url}/refunds`;
  const unknown = await sbx.api.post('/refunds', { payment_id: 'D-1-nope', notification_url });
  expect([unknown.status, unknown.body.code]).toEqual([404, 4000]);
  const missing = await sbx.api.get('/refunds/REF-nope');
  expect([missing.status, missing.body]).toEqual([
    404,
    { code: 4001, message: 'Refund not found' },
  ]);
  expect((await sbx.api.get('/refunds/REF-nope/status')).status).toBe(404);
  const verified = (
    await sbx.api.post(
      '/secure_payments',
      cardPayment({ amount: 0, card: { ...visa, verify: true } }),
    )
  ).body;
  expect(
    (await sbx.api.post('/refunds', { payment_id: verified.id, notification_url })).body.code,
  ).toBe(5013);
  const disputed = (await sbx.api.post('/secure_payments', cardPayment())).body;
  await fetch(`${sbx.running.url}/sandbox-tools/chargebacks`, {
    method: 'POST',
    body: JSON.stringify({ payment_id: disputed.id }),
  });
  expect(
    (await sbx.api.post('/refunds', { payment_id: disputed.id, notification_url })).body,
  ).toMatchObject({ code: 5018, message: 'Chargeback in place for this transaction' });
  const old = (await sbx.api.post('/secure_payments', cardPayment())).body;
  const year = 366 * 24 * 60 * 60 * 1000;
  sbx.sandbox.clock.advance(year);
  try {
    expect(
      (await sbx.api.post('/refunds', { payment_id: old.id, notification_url })).body,
    ).toMatchObject({ code: 5020, message: 'Refund period exceeded' });
  } finally {
    sbx.sandbox.clock.advance(-year);
  }
  expect(
    (
      await sbx.api.post('/refunds', {
        payment_id: old.id,
        notification_url,
        amount: 1,
        currency: 'EUR',
      })
    ).body,
  ).toMatchObject({ code: 5001, param: 'currency' });
  expect(
    (await sbx.api.post('/refunds', { payment_id: old.id, notification_url: 'merchant/refunds' }))
      .body,
  ).toEqual({
    code: 5001,
    message: 'Invalid parameter: notification_url',
    param: 'notification_url',
  });
});

test("a refund larger than the merchant's available balance is 400 / 5012", async ({ sbx }) => {
  const paid = (
    await sbx.api.post('/secure_payments', cardPayment({ currency: 'USD', amount: 100 }))
  ).body;
  const set = await fetch(`${sbx.running.url}/sandbox-tools/balance`, {
    method: 'POST',
    body: JSON.stringify({ currency: 'USD', available: 30 }),
  });
  expect(await set.json()).toEqual({ USD: 30 });
  const notification_url = `${sbx.receiver.url}/refunds`;
  const refused = await sbx.api.post('/refunds', {
    payment_id: paid.id,
    notification_url,
    amount: 31,
    currency: 'USD',
  });
  expect([refused.status, refused.body]).toEqual([
    400,
    { code: 5012, message: 'Insufficient funds' },
  ]);
  expect(
    (
      await sbx.api.post('/refunds', {
        payment_id: paid.id,
        notification_url,
        amount: 30,
        currency: 'USD',
      })
    ).body.status,
  ).toBe('SUCCESS');
  expect(await (await fetch(`${sbx.running.url}/sandbox-tools/balance`)).json()).toEqual({
    USD: 0,
  });
  // New charges add to the balance.
  await sbx.api.post('/secure_payments', cardPayment({ currency: 'USD', amount: 5 }));
  expect(await (await fetch(`${sbx.running.url}/sandbox-tools/balance`)).json()).toEqual({
    USD: 5,
  });
});

test('a pending refund forced to CANCELLED gives nothing back', () =>
  withSandbox(slowRefunds, async (sbx) => {
    const callback_url = `${sbx.receiver.url}/return`;
    const pix = (
      await sbx.api.post('/payments', {
        amount: 40,
        currency: 'BRL',
        country: 'BR',
        payment_method_id: 'PX',
        payment_method_flow: 'REDIRECT',
        payer,
        order_id: orderId(),
        callback_url,
      })
    ).body;
    await choose(pix.redirect_url, 'approve');
    const refund = (
      await sbx.api.post('/refunds', {
        payment_id: pix.id,
        notification_url: `${sbx.receiver.url}/r`,
      })
    ).body;
    const forced = await sbx.api.post('/sandbox-tools/payments', {
      payment_id: refund.id,
      status: 'CANCELLED',
    });
    expect(forced.body).toMatchObject({
      status: 'CANCELLED',
      status_code: 400,
      status_detail: 'The refund was cancelled.',
      amount_refunded: 0,
    });
    // What it held is available again.
    expect(
      (
        await sbx.api.post('/refunds', {
          payment_id: pix.id,
          notification_url: `${sbx.receiver.url}/r`,
        })
      ).body,
    ).toMatchObject({ status: 'PENDING', amount: 40 });
  }));

test('a PENDING refund counts against what can still be refunded: 25 pending of 40, then 20 is 400 / 5007 and 15 fits', () =>
  withSandbox(slowRefunds, async (sbx) => {
    const callback_url = `${sbx.receiver.url}/return`;
    const pix = (
      await sbx.api.post('/payments', {
        amount: 40,
        currency: 'BRL',
        country: 'BR',
        payment_method_id: 'PX',
        payment_method_flow: 'REDIRECT',
        payer,
        order_id: orderId(),
        callback_url,
      })
    ).body;
    await choose(pix.redirect_url, 'approve');
    const notification_url = `${sbx.receiver.url}/r`;
    const first = (
      await sbx.api.post('/refunds', {
        payment_id: pix.id,
        notification_url,
        amount: 25,
        currency: 'BRL',
      })
    ).body;
    expect(first).toMatchObject({ status: 'PENDING', amount: 25, amount_refunded: 0 });
    // 25 + 20 is more than 40 though nothing has been refunded yet.
    const over = await sbx.api.post('/refunds', {
      payment_id: pix.id,
      notification_url,
      amount: 20,
      currency: 'BRL',
    });
    expect([over.status, over.body]).toEqual([400, { code: 5007, message: 'Amount exceeded' }]);
    expect(
      (
        await sbx.api.post('/refunds', {
          payment_id: pix.id,
          notification_url,
          amount: 15,
          currency: 'BRL',
        })
      ).body,
    ).toMatchObject({ status: 'PENDING', amount: 15 });
    expect(
      sbx.sandbox
        .ledger({ payment_id: pix.id })
        .entries.filter((e) => e.kind === 'refund')
        .map((e) => e.amount),
    ).toEqual([25, 15]);
  }));

test('partial captures never exceed the authorization: 40 then 90 of 120 is 400 / 5007, and 80 fits', async ({
  sbx,
}) => {
  const auth = (
    await sbx.api.post(
      '/secure_payments',
      cardPayment({ amount: 120, card: { ...visa, capture: false } }),
    )
  ).body;
  expect(auth.status).toBe('AUTHORIZED');
  expect(
    (await sbx.api.post('/payments', { authorization_id: auth.id, amount: 40, currency: 'BRL' }))
      .body,
  ).toMatchObject({ status: 'PAID', amount: 40 });
  const over = await sbx.api.post('/payments', {
    authorization_id: auth.id,
    amount: 90,
    currency: 'BRL',
  });
  expect([over.status, over.body]).toEqual([400, { code: 5007, message: 'Amount exceeded' }]);
  expect(
    (await sbx.api.post('/payments', { authorization_id: auth.id, amount: 80, currency: 'BRL' }))
      .body,
  ).toMatchObject({ status: 'PAID', amount: 80 });
  expect(
    sbx.sandbox
      .ledger({ payment_id: auth.id })
      .entries.filter((e) => e.kind === 'capture')
      .map((e) => e.amount),
  ).toEqual([40, 80]);
});

test('a capture and a refund may be stated in USD or the local currency (the spec: "Each country accepts USD and local currency"), converted at the sandbox rate', async ({
  sbx,
}) => {
  const auth = (
    await sbx.api.post(
      '/secure_payments',
      cardPayment({ amount: 110, card: { ...visa, capture: false } }),
    )
  ).body;
  // 10 USD at the sandbox's 5.5 BRL is 55 BRL of the 110 authorized.
  const usd = await sbx.api.post('/payments', {
    authorization_id: auth.id,
    amount: 10,
    currency: 'USD',
  });
  expect([usd.status, usd.body.status, usd.body.amount, usd.body.currency]).toEqual([
    200,
    'PAID',
    55,
    'BRL',
  ]);
  // 10.01 USD is 55.06 BRL: more than the 55 that remain.
  const over = await sbx.api.post('/payments', {
    authorization_id: auth.id,
    amount: 10.01,
    currency: 'USD',
  });
  expect([over.status, over.body]).toEqual([400, { code: 5007, message: 'Amount exceeded' }]);
  const euro = await sbx.api.post('/payments', {
    authorization_id: auth.id,
    amount: 1,
    currency: 'EUR',
  });
  expect([euro.status, euro.body.code, euro.body.param]).toEqual([400, 5001, 'currency']);
  const refund = await sbx.api.post('/refunds', {
    payment_id: usd.body.id,
    amount: 2,
    currency: 'USD',
  });
  expect([refund.body.status, refund.body.amount, refund.body.currency]).toEqual([
    'SUCCESS',
    11,
    'BRL',
  ]);
  // A USD payment in Brazil refunded in reais: 55 BRL is 10 USD.
  const dollars = (
    await sbx.api.post('/secure_payments', cardPayment({ amount: 30, currency: 'USD' }))
  ).body;
  const back = await sbx.api.post('/refunds', {
    payment_id: dollars.id,
    amount: 55,
    currency: 'BRL',
  });
  expect([back.body.status, back.body.amount, back.body.currency]).toEqual(['SUCCESS', 10, 'USD']);
  expect(sbx.sandbox.ledger({ order_id: auth.order_id })).toMatchObject({
    charged: 55,
    refunded: 11,
  });
});

test('a capture or a refund whose amount converts to less than a cent is 400 / 5016 Amount too low, and nothing moves', async ({
  sbx,
}) => {
  const tooLow = [400, { code: 5016, message: 'Amount too low' }];
  const auth = (
    await sbx.api.post(
      '/secure_payments',
      cardPayment({ amount: 20, currency: 'USD', card: { ...visa, capture: false } }),
    )
  ).body;
  // 0.02 BRL at the sandbox's 5.5 BRL to the dollar is 0.0036 USD: 0.00 in cents.
  const capture = await sbx.api.post('/payments', {
    authorization_id: auth.id,
    amount: 0.02,
    currency: 'BRL',
  });
  expect([capture.status, capture.body]).toEqual(tooLow);
  const paid = (await sbx.api.post('/payments', { authorization_id: auth.id })).body;
  expect([paid.status, paid.amount, paid.currency]).toEqual(['PAID', 20, 'USD']);
  const refund = await sbx.api.post('/refunds', {
    payment_id: paid.id,
    amount: 0.02,
    currency: 'BRL',
  });
  expect([refund.status, refund.body]).toEqual(tooLow);
  expect(sbx.sandbox.ledger({ order_id: auth.order_id })).toMatchObject({
    charged: 20,
    refunded: 0,
  });
});
