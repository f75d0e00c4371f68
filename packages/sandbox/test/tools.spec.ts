/** The sandbox's tools: the API's own force-status, the clock, the ledger over HTTP. */
import { cardPayment, orderId, payerIn } from './support/client.js';
import { expect, slowRefunds, test, withSandbox, type SandboxFixture } from './support/fixture.js';

test('POST /sandbox-tools/payments forces a pending payment to a final state and notifies', async ({
  sbx,
}) => {
  const notification_url = `${sbx.receiver.url}/forced`;
  const pending = (
    await sbx.api.post('/payments', {
      amount: 80,
      currency: 'MXN',
      country: 'MX',
      payment_method_id: 'OX',
      payment_method_flow: 'DIRECT',
      payer: payerIn('MX'),
      order_id: orderId(),
      notification_url,
    })
  ).body;
  const res = await sbx.api.post('/sandbox-tools/payments', {
    payment_id: pending.id,
    status: 'PAID',
  });
  expect(res.body).toMatchObject({ id: pending.id, status: 'PAID', status_code: '200' });
  const notes = await sbx.receiver.waitFor(2, '/forced', pending.id);
  expect(notes.map((n) => n.record.status)).toEqual(['PENDING', 'PAID']);
  const again = await sbx.api.post('/sandbox-tools/payments', {
    payment_id: pending.id,
    status: 'REJECTED',
  });
  expect([again.status, again.body]).toEqual([
    400,
    { code: 5002, message: 'Invalid transaction status' },
  ]);
  const unknown = await sbx.api.post('/sandbox-tools/payments', {
    payment_id: 'D-1-nope',
    status: 'PAID',
  });
  expect([unknown.status, unknown.body.code]).toEqual([404, 4000]);
  const unknownRefund = await sbx.api.post('/sandbox-tools/payments', {
    payment_id: 'REF-nope',
    status: 'SUCCESS',
  });
  expect([unknownRefund.status, unknownRefund.body.code]).toEqual([404, 4001]);
});

test('force-status moves a pending refund, and refuses a status of the wrong kind', () =>
  withSandbox(slowRefunds, forcePendingRefund));

async function forcePendingRefund(sbx: SandboxFixture): Promise<void> {
  const pending = (
    await sbx.api.post('/payments', {
      amount: 80,
      currency: 'MXN',
      country: 'MX',
      payment_method_id: 'OX',
      payment_method_flow: 'DIRECT',
      payer: payerIn('MX'),
      order_id: orderId(),
    })
  ).body;
  await sbx.api.post('/sandbox-tools/payments', { payment_id: pending.id, status: 'PAID' });
  const refund = (
    await sbx.api.post('/refunds', {
      payment_id: pending.id,
      notification_url: `${sbx.receiver.url}/r`,
    })
  ).body;
  expect(refund.status).toBe('PENDING');
  expect(
    (await sbx.api.post('/sandbox-tools/payments', { payment_id: refund.id, status: 'PAID' })).body,
  ).toMatchObject({ code: 5001, param: 'status' });
  expect(
    (await sbx.api.post('/sandbox-tools/payments', { payment_id: refund.id, status: 'REJECTED' }))
      .body,
  ).toMatchObject({
    status: 'REJECTED',
    status_code: 300,
    status_detail: 'The refund was rejected.',
  });
}

test('force-status is signed like the rest of the API', async ({ sbx }) => {
  const res = await fetch(`${sbx.running.url}/sandbox-tools/payments`, {
    method: 'POST',
    body: JSON.stringify({ payment_id: 'x', status: 'PAID' }),
  });
  expect([res.status, await res.json()]).toEqual([
    400,
    { code: 5001, message: 'Invalid parameter: X-Login', param: 'X-Login' },
  ]);
  const wrongKey = await sbx.api.post(
    '/sandbox-tools/payments',
    { payment_id: 'x', status: 'PAID' },
    { headers: { 'X-Trans-Key': 'wrong' } },
  );
  expect(wrongKey.status).toBe(403);
});

test('the clock can be read, set and moved; a bad value says what is wrong', async ({ sbx }) => {
  const url = `${sbx.running.url}/sandbox-tools/clock`;
  const before = (await (await fetch(url)).json()).now;
  expect(Math.abs(Date.parse(before) - Date.now())).toBeLessThan(60_000 * 60 * 24 * 400);
  const set = await (
    await fetch(url, { method: 'POST', body: JSON.stringify({ now: '2030-01-01T00:00:00.000Z' }) })
  ).json();
  expect(Date.parse(set.now) - Date.parse('2030-01-01T00:00:00.000Z')).toBeLessThan(5000);
  // Signed requests follow the sandbox's time: the client signs with the sandbox clock.
  expect((await sbx.api.post('/secure_payments', cardPayment())).body.created_date).toMatch(
    /^2030-01-01/,
  );
  await fetch(url, { method: 'POST', body: JSON.stringify({ now: before }) });
  const moved = await (
    await fetch(url, { method: 'POST', body: JSON.stringify({ advance_ms: 1000 }) })
  ).json();
  expect(Date.parse(moved.now) - Date.parse(before)).toBeGreaterThanOrEqual(1000);
  await fetch(url, { method: 'POST', body: JSON.stringify({ advance_ms: -1000 }) });
  const bad = await fetch(url, { method: 'POST', body: JSON.stringify({ now: 'yesterday' }) });
  expect(bad.status).toBe(400);
  expect((await bad.json()).code).toBe(5001);
  const notJson = await fetch(url, { method: 'POST', body: '{' });
  expect([notJson.status, await notJson.json()]).toEqual([
    400,
    { code: 5000, message: 'Invalid request' },
  ]);
});

test('the ledger over HTTP, by order', async ({ sbx }) => {
  const body = cardPayment();
  await sbx.api.post('/secure_payments', body);
  const ledger = await (
    await fetch(`${sbx.running.url}/sandbox-tools/ledger?order_id=${body.order_id}`)
  ).json();
  expect(ledger).toMatchObject({
    money_moved: 1,
    charged: 120,
    refunded: 0,
    entries: [
      {
        kind: 'payment',
        order_id: body.order_id,
        amount: 120,
        currency: 'BRL',
        status: 'PAID',
        money_moved: true,
      },
    ],
  });
});

test('force-status sets only a state the payment can reach: no AUTHORIZED or VERIFIED Pix', async ({
  sbx,
}) => {
  // The spec's state table: AUTHORIZED comes only from a card payment with card.capture=false,
  // VERIFIED only from card.verify=true.
  const pix = (
    await sbx.api.post('/payments', {
      amount: 80,
      currency: 'BRL',
      country: 'BR',
      payment_method_id: 'PQ',
      payment_method_flow: 'DIRECT',
      payer: payerIn('BR'),
      order_id: orderId('pix'),
    })
  ).body;
  expect(pix.status).toBe('PENDING');
  const statusError = { code: 5001, message: 'Invalid parameter: status', param: 'status' };
  for (const status of ['AUTHORIZED', 'VERIFIED']) {
    const res = await sbx.api.post('/sandbox-tools/payments', { payment_id: pix.id, status });
    expect([status, res.status, res.body]).toEqual([status, 400, statusError]);
  }
  expect((await sbx.api.get(`/payments/${pix.id}/status`)).body.status).toBe('PENDING');
  // A card authorization waiting on 3-D Secure may be forced AUTHORIZED.
  const auth = (
    await sbx.api.post(
      '/secure_payments',
      cardPayment({
        card: { ...cardPayment().card, capture: false },
        three_dsecure: { force: true },
        callback_url: 'https://shop.example/back',
      }),
    )
  ).body;
  expect(auth.status_code).toBe('101');
  expect(
    (await sbx.api.post('/sandbox-tools/payments', { payment_id: auth.id, status: 'AUTHORIZED' }))
      .body,
  ).toMatchObject({ status: 'AUTHORIZED', status_code: '600' });
});

test('a chargeback disputes money moved: on an authorization or a pending voucher it is 400 / 5002, and a later capture stays refundable', async ({
  sbx,
}) => {
  const chargeback = async (payment_id: string) => {
    const res = await fetch(`${sbx.running.url}/sandbox-tools/chargebacks`, {
      method: 'POST',
      body: JSON.stringify({ payment_id }),
    });
    return [res.status, await res.json()];
  };
  const refused = [400, { code: 5002, message: 'Invalid transaction status' }];
  const auth = (
    await sbx.api.post(
      '/secure_payments',
      cardPayment({ card: { ...cardPayment().card, capture: false } }),
    )
  ).body;
  expect(await chargeback(auth.id)).toEqual(refused);
  const capture = (await sbx.api.post('/payments', { authorization_id: auth.id })).body;
  expect((await sbx.api.post('/refunds', { payment_id: capture.id })).body.status).toBe('SUCCESS');
  const voucher = (
    await sbx.api.post('/payments', {
      amount: 80,
      currency: 'MXN',
      country: 'MX',
      payment_method_id: 'OX',
      payment_method_flow: 'DIRECT',
      payer: payerIn('MX'),
      order_id: orderId(),
    })
  ).body;
  expect(await chargeback(voucher.id)).toEqual(refused);
  const paid = (await sbx.api.post('/secure_payments', cardPayment())).body;
  expect(await chargeback(paid.id)).toEqual([200, { payment_id: paid.id, chargeback: true }]);
});

test('a chargeback takes back what the payer was charged and not refunded: the ledger counts it once, and a tracked balance loses it', async ({
  sbx,
}) => {
  const tool = async (path: string, body: unknown) => {
    const res = await fetch(`${sbx.running.url}/sandbox-tools/${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    return [res.status, await res.json()];
  };
  const [status, balances] = await tool('balance', { currency: 'PEN', available: 0 });
  expect([status, balances.PEN]).toEqual([200, 0]);
  const paid = (
    await sbx.api.post(
      '/secure_payments',
      cardPayment({ amount: 100, currency: 'PEN', country: 'PE', payer: payerIn('PE') }),
    )
  ).body;
  const refund = await sbx.api.post('/refunds', {
    payment_id: paid.id,
    amount: 30,
    currency: 'PEN',
  });
  expect(refund.body.status).toBe('SUCCESS');
  expect((await (await fetch(`${sbx.running.url}/sandbox-tools/balance`)).json()).PEN).toBe(70);
  expect(await tool('chargebacks', { payment_id: paid.id })).toEqual([
    200,
    { payment_id: paid.id, chargeback: true },
  ]);
  // A second chargeback of the same payment is the one in place.
  expect(await tool('chargebacks', { payment_id: paid.id })).toEqual([
    400,
    { code: 5018, message: 'Chargeback in place for this transaction' },
  ]);
  const ledger = sbx.sandbox.ledger({ order_id: paid.order_id });
  expect(
    ledger.entries.map((e) => [e.kind, e.payment_id, e.amount, e.currency, e.money_moved]),
  ).toEqual([
    ['payment', paid.id, 100, 'PEN', true],
    ['refund', paid.id, 30, 'PEN', true],
    ['chargeback', paid.id, 70, 'PEN', true],
  ]);
  expect(ledger).toMatchObject({ money_moved: 3, charged: 100, refunded: 30, charged_back: 70 });
  expect((await (await fetch(`${sbx.running.url}/sandbox-tools/balance`)).json()).PEN).toBe(0);
});
