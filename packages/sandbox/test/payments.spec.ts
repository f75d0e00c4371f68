/** Payments: every way to create one, every status, and the errors of create, capture and cancel. */
import { encryptCard, verifyCallbackSignature } from '@paylit/core/crypto';
import { rejectionCodes } from '@paylit/core/codes';
import {
  parse,
  paymentRecordSchema,
  paymentStatusRecordSchema,
  orderRecordSchema,
} from '@paylit/core/schemas';
import { cardPayment, orderId, payer, payerIn, visa } from './support/client.js';
import { expect, test } from './support/fixture.js';
import { choose, openPage } from './support/pages.js';

test.describe('create', () => {
  test('a card payment is PAID, and the record never holds the number or CVV', async ({ sbx }) => {
    const res = await sbx.api.post(
      '/secure_payments',
      cardPayment({ description: 'Order 1', notification_url: `${sbx.receiver.url}/n` }),
    );
    expect(res.status).toBe(200);
    const record = parse(paymentRecordSchema, res.body);
    expect(record).toMatchObject({
      amount: 120,
      currency: 'BRL',
      country: 'BR',
      payment_method_id: 'CARD',
      payment_method_type: 'CARD',
      payment_method_flow: 'DIRECT',
      status: 'PAID',
      status_code: '200',
      status_detail: 'The payment was paid.',
      card: {
        holder_name: 'Thiago Gabriel',
        expiration_month: 10,
        expiration_year: 2040,
        brand: 'VI',
        last4: '1111',
      },
      description: 'Order 1',
      three_dsecure: {},
      refunds: [],
    });
    expect(record.id).toMatch(/^D-1-[0-9a-f-]{36}$/);
    expect(record.created_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/);
    expect(record.approved_date).toBeDefined();
    expect(JSON.stringify(res.body)).not.toMatch(/4111111111111111|"cvv"/);
  });

  test("card data in encrypted_data, made with the sandbox's public key", async ({ sbx }) => {
    const jwk = await (await fetch(`${sbx.running.url}/sandbox-tools/public-key`)).json();
    expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc' });
    expect(jwk.kid).toBeTruthy();
    const encrypted_data = await encryptCard({ number: '5895627823453005', cvv: '737' }, jwk);
    const { number: _n, cvv: _c, ...clear } = visa;
    const res = await sbx.api.post(
      '/secure_payments',
      cardPayment({ country: 'AR', currency: 'ARS', card: { ...clear, encrypted_data } }),
    );
    expect(res.body).toMatchObject({ status: 'PAID', card: { brand: 'NJ', last4: '3005' } });
    const pem = await (
      await fetch(`${sbx.running.url}/sandbox-tools/public-key?format=pem`)
    ).text();
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const viaPem = await sbx.api.post(
      '/secure_payments',
      cardPayment({
        card: {
          ...clear,
          encrypted_data: await encryptCard({ number: '5555555555554444', cvv: '123' }, pem),
        },
      }),
    );
    expect(viaPem.body).toMatchObject({ status: 'PAID', card: { brand: 'MC', last4: '4444' } });
  });

  test('encrypted_data that does not open is 400 / 5001 naming it', async ({ sbx }) => {
    const jwk = await (await fetch(`${sbx.running.url}/sandbox-tools/public-key`)).json();
    const parts = (await encryptCard({ number: '4111111111111111', cvv: '123' }, jwk)).split('.');
    parts[3] = `${parts[3]!.startsWith('A') ? 'B' : 'A'}${parts[3]!.slice(1)}`;
    const { number: _n, cvv: _c, ...clear } = visa;
    const res = await sbx.api.post(
      '/secure_payments',
      cardPayment({ card: { ...clear, encrypted_data: parts.join('.') } }),
    );
    expect([res.status, res.body]).toEqual([
      400,
      {
        code: 5001,
        message: 'Invalid parameter: card.encrypted_data',
        param: 'card.encrypted_data',
      },
    ]);
  });

  test('card data sent to /payments instead of /secure_payments is refused', async ({ sbx }) => {
    const res = await sbx.api.post('/payments', cardPayment());
    expect([res.status, res.body.code, res.body.param]).toEqual([400, 5001, 'card.number']);
  });

  test('an authorization (capture false) is AUTHORIZED; a verification is VERIFIED', async ({
    sbx,
  }) => {
    const auth = await sbx.api.post(
      '/secure_payments',
      cardPayment({ card: { ...visa, capture: false } }),
    );
    expect(auth.body).toMatchObject({
      status: 'AUTHORIZED',
      status_code: '600',
      status_detail: 'The payment was authorized.',
    });
    const verify = await sbx.api.post(
      '/secure_payments',
      cardPayment({ amount: 0, card: { ...visa, verify: true } }),
    );
    expect(verify.body).toMatchObject({
      status: 'VERIFIED',
      status_code: '700',
      status_detail: 'The payment was verified.',
      card: { verify: true },
    });
  });

  for (const [code, detail] of Object.entries(rejectionCodes)) {
    test(`a status code in description rejects: ${code}`, async ({ sbx }) => {
      const res = await sbx.api.post('/secure_payments', cardPayment({ description: code }));
      expect(res.body).toMatchObject({
        status: 'REJECTED',
        status_code: code,
        status_detail: detail,
      });
    });
  }

  test('the card itself can earn a rejection: bad number 314, expired 309, wrong CVV 315', async ({
    sbx,
  }) => {
    const bad = await sbx.api.post(
      '/secure_payments',
      cardPayment({ card: { ...visa, number: '4111111111111112' } }),
    );
    expect(bad.body).toMatchObject({ status: 'REJECTED', status_code: '314' });
    const expired = await sbx.api.post(
      '/secure_payments',
      cardPayment({ card: { ...visa, expiration_year: 2020 } }),
    );
    expect(expired.body).toMatchObject({ status: 'REJECTED', status_code: '309' });
    const cvv = await sbx.api.post(
      '/secure_payments',
      cardPayment({ card: { ...visa, cvv: '1234' } }),
    );
    expect(cvv.body).toMatchObject({ status: 'REJECTED', status_code: '315' });
  });

  test('card.save returns a card_id that pays later through /payments', async ({ sbx }) => {
    const first = await sbx.api.post(
      '/secure_payments',
      cardPayment({ card: { ...visa, save: true } }),
    );
    const cardId = first.body.card.card_id;
    expect(cardId).toMatch(/^CV-/);
    const again = await sbx.api.post('/payments', cardPayment({ card: { card_id: cardId } }));
    expect(again.body).toMatchObject({
      status: 'PAID',
      card: { card_id: cardId, last4: '1111', brand: 'VI' },
    });
    const unknown = await sbx.api.post('/payments', cardPayment({ card: { card_id: 'CV-nope' } }));
    expect([unknown.status, unknown.body]).toEqual([
      400,
      { code: 5008, message: 'Token not found or inactive' },
    ]);
  });

  test('a card token from hosted fields pays once', async ({ sbx }) => {
    const token = await (
      await fetch(`${sbx.running.url}/sandbox-tools/card-tokens`, {
        method: 'POST',
        body: JSON.stringify({ card: visa }),
      })
    ).json();
    expect(token.token).toMatch(/^CV-/);
    expect(
      (await sbx.api.post('/payments', cardPayment({ card: { token: token.token } }))).body,
    ).toMatchObject({ status: 'PAID', card: { last4: '1111' } });
    const reused = await sbx.api.post('/payments', cardPayment({ card: { token: token.token } }));
    expect([reused.status, reused.body.code, reused.body.param]).toEqual([400, 5008, undefined]);
  });

  test('3-D Secure forced: PENDING 101, the challenge approved, the callback signed, the page single-use', async ({
    sbx,
  }) => {
    const callback_url = `${sbx.receiver.url}/return`;
    const res = await sbx.api.post(
      '/secure_payments',
      cardPayment({ three_dsecure: { force: true }, callback_url }),
    );
    expect(res.body).toMatchObject({
      status: 'PENDING',
      status_code: '101',
      status_detail: 'The payment is pending 3D Secure authentication.',
    });
    const url = res.body.three_dsecure.redirect_url;
    expect(url).toContain('/sandbox-pages/3ds/');
    const status = parse(
      paymentStatusRecordSchema,
      (await sbx.api.get(`/payments/${res.body.id}/status`)).body,
    );
    expect(status).toMatchObject({ status: 'PENDING', status_code: '101', redirect_url: url });
    const challenge = await openPage(url);
    expect(challenge.status).toBe(200);
    expect(challenge.html).toContain('Approve');
    // Only the merchant's origin (its callback_url's) may frame the challenge.
    expect((await fetch(url)).headers.get('Content-Security-Policy')).toBe(
      `frame-ancestors ${new URL(callback_url).origin}`,
    );
    const done = await choose(url, 'approve');
    expect(done.callback?.action).toBe(callback_url);
    const fields = done.callback!.fields;
    expect(fields).toMatchObject({ paymentId: res.body.id, status: 'COMPLETED' });
    const { login, secretKey } = sbx.sandbox.credentials;
    expect(
      await verifyCallbackSignature({
        login,
        secretKey,
        date: fields.date!,
        status: fields.status!,
        paymentId: fields.paymentId!,
        signature: fields.signature!,
      }),
    ).toBe(true);
    expect((await sbx.api.get(`/payments/${res.body.id}`)).body).toMatchObject({
      status: 'PAID',
      three_dsecure: {},
    });
    expect((await openPage(url)).status).toBe(410);
    expect((await choose(url, 'approve')).status).toBe(410);
  });

  test('3-D Secure rejected; required in India and for Brazilian debit; needs a callback_url', async ({
    sbx,
  }) => {
    const callback_url = `${sbx.receiver.url}/return`;
    const res = await sbx.api.post(
      '/secure_payments',
      cardPayment({ three_dsecure: { force: true }, callback_url }),
    );
    const done = await choose(res.body.three_dsecure.redirect_url, 'reject');
    expect(done.callback?.fields.status).toBe('REJECTED');
    expect((await sbx.api.get(`/payments/${res.body.id}/status`)).body).toMatchObject({
      status: 'REJECTED',
      status_code: '300',
    });

    const india = await sbx.api.post(
      '/secure_payments',
      cardPayment({
        country: 'IN',
        currency: 'INR',
        callback_url,
        payer: {
          name: 'Aarav Shah',
          email: 'aarav@example.com',
          document: 'ABCDE1234F',
          birth_date: '15-08-1990',
          phone: '+919876543210',
          address: {
            state: 'MH',
            city: 'Mumbai',
            zip_code: '400001',
            street: 'Marine Drive',
            number: '12',
          },
        },
      }),
    );
    expect(india.body).toMatchObject({ status: 'PENDING', status_code: '101' });
    const debit = await sbx.api.post(
      '/secure_payments',
      cardPayment({ callback_url, card: { ...visa, force_type: 'DEBIT' } }),
    );
    expect(debit.body).toMatchObject({ status: 'PENDING', status_code: '101' });
    const noCallback = await sbx.api.post(
      '/secure_payments',
      cardPayment({ three_dsecure: { force: true } }),
    );
    expect([noCallback.status, noCallback.body.code, noCallback.body.param]).toEqual([
      400,
      5001,
      'callback_url',
    ]);
  });

  test('a REDIRECT method: PENDING 100 with a single-use redirect_url, then PAID when the payer pays', async ({
    sbx,
  }) => {
    const callback_url = `${sbx.receiver.url}/return`;
    const res = await sbx.api.post('/payments', {
      amount: 50,
      currency: 'BRL',
      country: 'BR',
      payment_method_id: 'PX',
      payment_method_flow: 'REDIRECT',
      payer,
      order_id: orderId('pix'),
      callback_url,
    });
    expect(res.body).toMatchObject({
      status: 'PENDING',
      status_code: '100',
      status_detail: 'The payment is pending.',
      payment_method_type: 'BANK_TRANSFER',
    });
    const url = res.body.redirect_url;
    expect(url).toContain('/sandbox-pages/redirect/');
    expect((await sbx.api.get(`/payments/${res.body.id}/status`)).body.redirect_url).toBe(url);
    const done = await choose(url, 'approve');
    expect(done.callback?.fields).toMatchObject({ paymentId: res.body.id, status: 'COMPLETED' });
    const status = (await sbx.api.get(`/payments/${res.body.id}/status`)).body;
    expect(status).toEqual({
      id: res.body.id,
      status: 'PAID',
      status_code: '200',
      status_detail: 'The payment was paid.',
    });
    expect((await choose(url, 'approve')).status).toBe(410);
  });

  test('the hosted card checkout (REDIRECT without a method) saves the method; a wallet saved through REDIRECT gets a token', async ({
    sbx,
  }) => {
    const callback_url = `${sbx.receiver.url}/return`;
    const hosted = await sbx.api.post('/payments', {
      amount: 10,
      currency: 'BRL',
      country: 'BR',
      payment_method_flow: 'REDIRECT',
      payer,
      order_id: orderId(),
      callback_url,
      save_payment_method: { mode: 'on_file', ask_consent: true },
    });
    expect(hosted.body).toMatchObject({ status: 'PENDING', payment_method_id: 'CARD' });
    const wallet = await sbx.api.post('/payments', {
      amount: 10,
      currency: 'BRL',
      country: 'BR',
      payment_method_id: 'MP',
      payment_method_flow: 'REDIRECT',
      payer: { ...payer, phone: '+5511999999999' },
      wallet: { save: true, name: 'MP' },
      order_id: orderId(),
      callback_url,
    });
    await choose(wallet.body.redirect_url, 'approve');
    const paid = (await sbx.api.get(`/payments/${wallet.body.id}`)).body;
    expect(paid.status).toBe('PAID');
    expect(paid.wallet.token).toMatch(/^W-/);
    const direct = await sbx.api.post('/payments', {
      amount: 10,
      currency: 'BRL',
      country: 'BR',
      payment_method_id: 'MP',
      payment_method_flow: 'DIRECT',
      payer: { ...payer, phone: '+5511999999999' },
      wallet: { token: paid.wallet.token },
      order_id: orderId(),
    });
    expect(direct.body).toMatchObject({ status: 'PAID', payment_method_type: 'WALLET' });
    const unknown = await sbx.api.post('/payments', {
      amount: 10,
      currency: 'BRL',
      country: 'BR',
      payment_method_id: 'MP',
      payment_method_flow: 'DIRECT',
      payer: { ...payer, phone: '1' },
      wallet: { token: 'W-nope' },
      order_id: orderId(),
    });
    expect([unknown.status, unknown.body.code, unknown.body.param]).toEqual([400, 5008, undefined]);
  });

  test('cash vouchers settle by the word in description: PAID, REJECTED, ERROR', async ({
    sbx,
  }) => {
    const voucher = (description: string) =>
      sbx.api.post('/payments', {
        amount: 80,
        currency: 'MXN',
        country: 'MX',
        payment_method_id: 'OX',
        payment_method_flow: 'DIRECT',
        payer: payerIn('MX'),
        order_id: orderId('oxxo'),
        description,
      });
    const [paid, rejected, error] = await Promise.all([
      voucher('PAID'),
      voucher('REJECTED'),
      voucher('ERROR'),
    ]);
    for (const r of [paid, rejected, error])
      expect(r.body).toMatchObject({ status: 'PENDING', payment_method_type: 'TICKET' });
    await expect
      .poll(async () => (await sbx.api.get(`/payments/${paid.body.id}/status`)).body.status)
      .toBe('PAID');
    await expect
      .poll(
        async () => (await sbx.api.get(`/payments/${rejected.body.id}/status`)).body.status_code,
      )
      .toBe('300');
    await expect
      .poll(async () => (await sbx.api.get(`/payments/${error.body.id}/status`)).body.status_code)
      .toBe('321');
  });

  test('a pending payment EXPIRES when the sandbox clock passes its time', async ({ sbx }) => {
    // A voucher paid on its page (REDIRECT): three days; a DIRECT one is due on its own date (tickets.spec.ts).
    const res = await sbx.api.post('/payments', {
      amount: 80,
      currency: 'MXN',
      country: 'MX',
      payment_method_id: 'OX',
      payment_method_flow: 'REDIRECT',
      callback_url: 'https://shop.example/callback',
      payer: payerIn('MX'),
      order_id: orderId(),
    });
    expect(res.body.status).toBe('PENDING');
    sbx.sandbox.clock.advance(3 * 24 * 60 * 60 * 1000 + 1000);
    try {
      expect((await sbx.api.get(`/payments/${res.body.id}/status`)).body).toMatchObject({
        status: 'EXPIRED',
        status_code: '500',
        status_detail: 'The payment was expired.',
      });
    } finally {
      sbx.sandbox.clock.advance(-(3 * 24 * 60 * 60 * 1000 + 1000));
    }
  });

  test('the order rules: country 5003, currency 5004, order_id 5009, method 5010, amount 5016, installments 5043', async ({
    sbx,
  }) => {
    // Each code alone, without param: only 5001 names a parameter.
    const cases: [Record<string, unknown>, number][] = [
      [{ country: 'FR', currency: 'EUR' }, 5003],
      [{ currency: 'EUR' }, 5004],
      [{ payment_method_id: 'ZZ' }, 5010],
      [{ amount: 0.5 }, 5016],
      [
        { card: { ...visa, installments: '7' }, country: 'MX', currency: 'MXN', amount: 5000 },
        5043,
      ],
    ];
    for (const [overrides, code] of cases) {
      const res = await sbx.api.post('/secure_payments', cardPayment(overrides));
      expect([res.status, res.body.code, res.body.param], JSON.stringify(overrides)).toEqual([
        400,
        code,
        undefined,
      ]);
    }
    expect(
      (await sbx.api.post('/secure_payments', cardPayment({ currency: 'USD' }))).body.status,
    ).toBe('PAID');
    const order = orderId();
    expect((await sbx.api.post('/secure_payments', cardPayment({ order_id: order }))).status).toBe(
      200,
    );
    const dup = await sbx.api.post('/secure_payments', cardPayment({ order_id: order }));
    expect([dup.status, dup.body]).toEqual([
      400,
      { code: 5009, message: 'Order ID is duplicated' },
    ]);
  });

  test("validation: the API's 5001 with the path; invalid JSON and an empty body are 5000", async ({
    sbx,
  }) => {
    const res = await sbx.api.post(
      '/secure_payments',
      cardPayment({ payer: { ...payer, address: { zip_code: '01310-10000' } } }),
    );
    expect([res.status, res.body]).toEqual([
      400,
      {
        code: 5001,
        message: 'Invalid parameter: payer.address.zip_code',
        param: 'payer.address.zip_code',
      },
    ]);
    const json = await sbx.api.post('/secure_payments', undefined, {
      rawBody: '{"amount": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect([json.status, json.body]).toEqual([400, { code: 5000, message: 'Invalid request' }]);
    const empty = await sbx.api.post('/secure_payments');
    expect([empty.status, empty.body]).toEqual([400, { code: 5000, message: 'Invalid request' }]);
  });

  test('retrieve, status and order lookups; unknown ids are 404 / 4000', async ({ sbx }) => {
    const order = orderId();
    const res = await sbx.api.post('/secure_payments', cardPayment({ order_id: order }));
    expect(
      parse(paymentRecordSchema, (await sbx.api.get(`/payments/${res.body.id}`)).body),
    ).toMatchObject({ id: res.body.id, status: 'PAID' });
    expect(parse(orderRecordSchema, (await sbx.api.get(`/orders/${order}`)).body)).toMatchObject({
      order_id: order,
      payment_id: res.body.id,
      amount: 120,
      currency: 'BRL',
      status: 'PAID',
      status_code: '200',
    });
    for (const path of ['/payments/D-1-nope', '/payments/D-1-nope/status', '/orders/nope']) {
      const missing = await sbx.api.get(path);
      expect([missing.status, missing.body.code, missing.body.message], path).toEqual([
        404,
        4000,
        'Payment not found',
      ]);
    }
  });
});

test.describe('capture and cancel', () => {
  test('partial captures never exceed the authorization; each is a new PAID payment with authorization_id', async ({
    sbx,
  }) => {
    const auth = (
      await sbx.api.post(
        '/secure_payments',
        cardPayment({ amount: 100, card: { ...visa, capture: false } }),
      )
    ).body;
    const first = await sbx.api.post('/payments', {
      authorization_id: auth.id,
      amount: 60,
      currency: 'BRL',
      order_id: 'cap-1',
    });
    expect(first.body).toMatchObject({
      status: 'PAID',
      status_code: '200',
      amount: 60,
      authorization_id: auth.id,
      order_id: 'cap-1',
    });
    expect(first.body.id).not.toBe(auth.id);
    const over = await sbx.api.post('/payments', {
      authorization_id: auth.id,
      amount: 40.01,
      currency: 'BRL',
    });
    expect([over.status, over.body]).toEqual([400, { code: 5007, message: 'Amount exceeded' }]);
    const rest = await sbx.api.post('/payments', { authorization_id: auth.id });
    expect(rest.body).toMatchObject({ status: 'PAID', amount: 40 });
    const again = await sbx.api.post('/payments', { authorization_id: auth.id });
    expect([again.status, again.body.code]).toEqual([400, 5007]);
    const ledger = sbx.sandbox.ledger({ payment_id: auth.id });
    expect(ledger.charged).toBe(100);
  });

  test('capturing twice in full is 5007; an unknown authorization 404 / 4000; a PAID payment 5002; a verification 5013; another currency 5001', async ({
    sbx,
  }) => {
    const auth = (
      await sbx.api.post('/secure_payments', cardPayment({ card: { ...visa, capture: false } }))
    ).body;
    expect((await sbx.api.post('/payments', { authorization_id: auth.id })).status).toBe(200);
    expect((await sbx.api.post('/payments', { authorization_id: auth.id })).body.code).toBe(5007);
    const unknown = await sbx.api.post('/payments', { authorization_id: 'D-1-nope' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 4000]);
    const paid = (await sbx.api.post('/secure_payments', cardPayment())).body;
    expect((await sbx.api.post('/payments', { authorization_id: paid.id })).body).toEqual({
      code: 5002,
      message: 'Invalid transaction status',
    });
    const verified = (
      await sbx.api.post(
        '/secure_payments',
        cardPayment({ amount: 0, card: { ...visa, verify: true } }),
      )
    ).body;
    expect((await sbx.api.post('/payments', { authorization_id: verified.id })).body.code).toBe(
      5013,
    );
    const auth2 = (
      await sbx.api.post('/secure_payments', cardPayment({ card: { ...visa, capture: false } }))
    ).body;
    expect(
      (await sbx.api.post('/payments', { authorization_id: auth2.id, amount: 1, currency: 'EUR' }))
        .body,
    ).toMatchObject({ code: 5001, param: 'currency' });
  });

  test('cancel: an authorization becomes CANCELLED; PAID is 403 / 3003; unknown is 400 / 4000; captured is 5002', async ({
    sbx,
  }) => {
    const auth = (
      await sbx.api.post('/secure_payments', cardPayment({ card: { ...visa, capture: false } }))
    ).body;
    const cancelled = await sbx.api.post(`/payments/${auth.id}/cancel`);
    expect(cancelled.body).toMatchObject({
      id: auth.id,
      status: 'CANCELLED',
      status_code: '400',
      status_detail: 'The payment was cancelled.',
    });
    const paid = (await sbx.api.post('/secure_payments', cardPayment())).body;
    const refused = await sbx.api.post(`/payments/${paid.id}/cancel`);
    expect([refused.status, refused.body]).toEqual([
      403,
      { code: 3003, message: 'Merchant has no authorization to use this API' },
    ]);
    const unknown = await sbx.api.post('/payments/D-1-nope/cancel');
    expect([unknown.status, unknown.body]).toEqual([
      400,
      { code: 4000, message: 'Payment not found' },
    ]);
    const captured = (
      await sbx.api.post('/secure_payments', cardPayment({ card: { ...visa, capture: false } }))
    ).body;
    await sbx.api.post('/payments', { authorization_id: captured.id, amount: 1, currency: 'BRL' });
    expect((await sbx.api.post(`/payments/${captured.id}/cancel`)).body.code).toBe(5002);
  });
});

test('a wallet verification ("Only verify the wallet, no payment") approved through REDIRECT is VERIFIED, as with a token, and moves no money', async ({
  sbx,
}) => {
  const verification = () => ({
    amount: 0,
    currency: 'BRL',
    country: 'BR',
    payment_method_id: 'PP',
    payment_method_flow: 'REDIRECT',
    payer: { ...payer, phone: '+5511999999999' },
    wallet: { verify: true, save: true },
    order_id: orderId('wv'),
    callback_url: `${sbx.receiver.url}/return`,
  });
  const paged = (await sbx.api.post('/payments', verification())).body;
  expect(paged.status).toBe('PENDING');
  await choose(paged.redirect_url, 'approve');
  const seen = (await sbx.api.get(`/payments/${paged.id}`)).body;
  expect([seen.status, seen.status_code]).toEqual(['VERIFIED', '700']);
  expect(seen.wallet.token).toMatch(/^W-/);
  // The API's force tool, standing for the wallet's answer, is held to the same.
  const forced = (await sbx.api.post('/payments', verification())).body;
  const res = await sbx.api.post('/sandbox-tools/payments', {
    payment_id: forced.id,
    status: 'PAID',
  });
  expect([res.body.status, res.body.status_code]).toEqual(['VERIFIED', '700']);
  for (const order_id of [paged.order_id, forced.order_id])
    expect(sbx.sandbox.ledger({ order_id })).toMatchObject({ money_moved: 0, charged: 0 });
});
