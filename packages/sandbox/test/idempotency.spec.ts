/** X-Idempotency-Key: the original response for 7 days, nothing done twice; 42 characters at most. */
import { cardPayment } from './support/client.js';
import { expect, test } from './support/fixture.js';

const DAY = 24 * 60 * 60 * 1000;

test('a repeated key returns the original response and changes nothing', async ({ sbx }) => {
  const body = cardPayment();
  const key = `key-${body.order_id}`;
  const first = await sbx.api.post('/secure_payments', body, { idempotencyKey: key });
  const again = await sbx.api.post('/secure_payments', body, { idempotencyKey: key });
  expect(again.status).toBe(first.status);
  expect(again.body).toEqual(first.body);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(sbx.sandbox.ledger({ order_id: body.order_id })).toMatchObject({ money_moved: 1, charged: 120 });
  // Without the key the same body is a new request, and the order id is now taken.
  expect((await sbx.api.post('/secure_payments', body)).body.code).toBe(5009);
});

test('concurrent requests with one key charge once', async ({ sbx }) => {
  const body = cardPayment();
  const key = `race-${body.order_id}`;
  const answers = await Promise.all(Array.from({ length: 5 }, () => sbx.api.post('/secure_payments', body, { idempotencyKey: key })));
  expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
  expect(sbx.sandbox.ledger({ order_id: body.order_id }).money_moved).toBe(1);
});

test('errors are replayed too; a capture or refund with a key runs once', async ({ sbx }) => {
  const bad = { ...cardPayment(), currency: 'EUR' };
  const key = `bad-${bad.order_id}`;
  const first = await sbx.api.post('/secure_payments', bad, { idempotencyKey: key });
  expect(first.body.code).toBe(5004);
  expect((await sbx.api.post('/secure_payments', { ...bad, currency: 'BRL' }, { idempotencyKey: key })).body).toEqual(first.body);

  const auth = (await sbx.api.post('/secure_payments', cardPayment({ amount: 100, card: { ...cardPayment().card, capture: false } }))).body;
  const c1 = await sbx.api.post('/payments', { authorization_id: auth.id, amount: 10, currency: 'BRL' }, { idempotencyKey: `cap-${auth.id.slice(-12)}` });
  const c2 = await sbx.api.post('/payments', { authorization_id: auth.id, amount: 10, currency: 'BRL' }, { idempotencyKey: `cap-${auth.id.slice(-12)}` });
  expect(c1.body).toMatchObject({ status: 'PAID', amount: 10 });
  expect(c2.body.id).toBe(c1.body.id);
  const r = { payment_id: c1.body.id, notification_url: `${sbx.receiver.url}/r`, amount: 5, currency: 'BRL' };
  const r1 = await sbx.api.post('/refunds', r, { idempotencyKey: `ref-${c1.body.id.slice(-12)}` });
  const r2 = await sbx.api.post('/refunds', r, { idempotencyKey: `ref-${c1.body.id.slice(-12)}` });
  expect(r1.body).toMatchObject({ status: 'SUCCESS', amount: 5 });
  expect(r2.body.id).toBe(r1.body.id);
  expect(sbx.sandbox.ledger({ order_id: auth.order_id })).toMatchObject({ charged: 10, refunded: 5, money_moved: 2 });
});

test('after 7 days of the sandbox clock a key is new again', async ({ sbx }) => {
  const body = cardPayment();
  const key = `week-${body.order_id}`;
  const first = await sbx.api.post('/secure_payments', body, { idempotencyKey: key });
  sbx.sandbox.clock.advance(6 * DAY);
  try {
    expect((await sbx.api.post('/secure_payments', body, { idempotencyKey: key })).body.id).toBe(first.body.id);
    sbx.sandbox.clock.advance(DAY + 1000);
    // Processed anew: the order id is taken by the first payment.
    expect((await sbx.api.post('/secure_payments', body, { idempotencyKey: key })).body.code).toBe(5009);
  } finally {
    sbx.sandbox.clock.advance(-(7 * DAY + 1000));
  }
});

test('a key over 42 characters is refused', async ({ sbx }) => {
  expect((await sbx.api.post('/secure_payments', cardPayment(), { idempotencyKey: 'k'.repeat(42) })).status).toBe(200);
  const res = await sbx.api.post('/secure_payments', cardPayment(), { idempotencyKey: 'k'.repeat(43) });
  expect([res.status, res.body]).toEqual([400, { code: 5001, message: 'Invalid parameter: X-Idempotency-Key', param: 'X-Idempotency-Key' }]);
});
