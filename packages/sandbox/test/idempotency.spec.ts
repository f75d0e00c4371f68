/**
 * X-Idempotency-Key: the original response for 7 days, nothing done twice; 42 characters at
 * most; bound to its operation (method, path without a trailing slash, body bytes): the
 * same key on another operation is 400 / 5001 and nothing is done.
 */
import { Hono } from 'hono';
import { createClock } from '../src/clock.js';
import type { SandboxEnv } from '../src/env.js';
import { bodyLimit } from '../src/middleware/body-limit.js';
import { IdempotencyStore, idempotency } from '../src/middleware/idempotency.js';
import { cardPayment } from './support/client.js';
import { expect, startSandbox, stopSandbox, test } from './support/fixture.js';

const DAY = 24 * 60 * 60 * 1000;

test('a repeated key returns the original response and changes nothing', async ({ sbx }) => {
  const body = cardPayment();
  const key = `key-${body.order_id}`;
  const first = await sbx.api.post('/secure_payments', body, { idempotencyKey: key });
  const again = await sbx.api.post('/secure_payments', body, { idempotencyKey: key });
  expect(again.status).toBe(first.status);
  expect(again.body).toEqual(first.body);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(sbx.sandbox.ledger({ order_id: body.order_id })).toMatchObject({
    money_moved: 1,
    charged: 120,
  });
  // Without the key the same body is a new request, and the order id is now taken.
  expect((await sbx.api.post('/secure_payments', body)).body.code).toBe(5009);
});

test('concurrent requests with one key charge once', async ({ sbx }) => {
  const body = cardPayment();
  const key = `race-${body.order_id}`;
  const answers = await Promise.all(
    Array.from({ length: 5 }, () =>
      sbx.api.post('/secure_payments', body, { idempotencyKey: key }),
    ),
  );
  expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
  expect(sbx.sandbox.ledger({ order_id: body.order_id }).money_moved).toBe(1);
});

test('errors are replayed too; a capture or refund with a key runs once', async ({ sbx }) => {
  const bad = { ...cardPayment(), currency: 'EUR' };
  const key = `bad-${bad.order_id}`;
  const first = await sbx.api.post('/secure_payments', bad, { idempotencyKey: key });
  expect(first.body.code).toBe(5004);
  const again = await sbx.api.post('/secure_payments', bad, { idempotencyKey: key });
  expect([again.status, again.body, again.headers.get('idempotent-replayed')]).toEqual([
    400,
    first.body,
    'true',
  ]);

  const auth = (
    await sbx.api.post(
      '/secure_payments',
      cardPayment({ amount: 100, card: { ...cardPayment().card, capture: false } }),
    )
  ).body;
  const c1 = await sbx.api.post(
    '/payments',
    { authorization_id: auth.id, amount: 10, currency: 'BRL' },
    { idempotencyKey: `cap-${auth.id.slice(-12)}` },
  );
  const c2 = await sbx.api.post(
    '/payments',
    { authorization_id: auth.id, amount: 10, currency: 'BRL' },
    { idempotencyKey: `cap-${auth.id.slice(-12)}` },
  );
  expect(c1.body).toMatchObject({ status: 'PAID', amount: 10 });
  expect(c2.body.id).toBe(c1.body.id);
  const r = {
    payment_id: c1.body.id,
    notification_url: `${sbx.receiver.url}/r`,
    amount: 5,
    currency: 'BRL',
  };
  const r1 = await sbx.api.post('/refunds', r, { idempotencyKey: `ref-${c1.body.id.slice(-12)}` });
  const r2 = await sbx.api.post('/refunds', r, { idempotencyKey: `ref-${c1.body.id.slice(-12)}` });
  expect(r1.body).toMatchObject({ status: 'SUCCESS', amount: 5 });
  expect(r2.body.id).toBe(r1.body.id);
  expect(sbx.sandbox.ledger({ order_id: auth.order_id })).toMatchObject({
    charged: 10,
    refunded: 5,
    money_moved: 2,
  });
});

test('after 7 days of the sandbox clock a key is new again', async ({ sbx }) => {
  const body = cardPayment();
  const key = `week-${body.order_id}`;
  const first = await sbx.api.post('/secure_payments', body, { idempotencyKey: key });
  sbx.sandbox.clock.advance(6 * DAY);
  try {
    expect((await sbx.api.post('/secure_payments', body, { idempotencyKey: key })).body.id).toBe(
      first.body.id,
    );
    sbx.sandbox.clock.advance(DAY + 1000);
    // Processed anew: the order id is taken by the first payment.
    expect((await sbx.api.post('/secure_payments', body, { idempotencyKey: key })).body.code).toBe(
      5009,
    );
  } finally {
    sbx.sandbox.clock.advance(-(7 * DAY + 1000));
  }
});

test('a key over 42 characters is refused', async ({ sbx }) => {
  expect(
    (await sbx.api.post('/secure_payments', cardPayment(), { idempotencyKey: 'k'.repeat(42) }))
      .status,
  ).toBe(200);
  const res = await sbx.api.post('/secure_payments', cardPayment(), {
    idempotencyKey: 'k'.repeat(43),
  });
  expect([res.status, res.body]).toEqual([
    400,
    { code: 5001, message: 'Invalid parameter: X-Idempotency-Key', param: 'X-Idempotency-Key' },
  ]);
});

const keyError = {
  code: 5001,
  message: 'Invalid parameter: X-Idempotency-Key',
  param: 'X-Idempotency-Key',
};

test('the same key with another body is refused and does nothing, also while the first is running', async ({
  sbx,
}) => {
  const body = cardPayment();
  const key = `body-${body.order_id}`;
  const other = { ...body, amount: 999 };
  // Sent together: whichever arrives first is the operation, the other is refused.
  const answers = await Promise.all(
    [body, other].map((b) => sbx.api.post('/secure_payments', b, { idempotencyKey: key })),
  );
  const winner = answers.findIndex((a) => a.status === 200);
  expect(answers.map((a) => a.body.status ?? a.body)).toEqual(
    winner === 0 ? ['PAID', keyError] : [keyError, 'PAID'],
  );
  const after = await sbx.api.post(
    '/secure_payments',
    { ...body, amount: 5, order_id: `${body.order_id}-b` },
    { idempotencyKey: key },
  );
  expect([after.status, after.body]).toEqual([400, keyError]);
  expect(sbx.sandbox.ledger({ order_id: body.order_id })).toMatchObject({
    money_moved: 1,
    charged: winner === 0 ? 120 : 999,
  });
  expect(sbx.sandbox.ledger({ order_id: `${body.order_id}-b` }).entries).toEqual([]);
  // The first bytes again still replay the first answer.
  expect(
    (await sbx.api.post('/secure_payments', [body, other][winner], { idempotencyKey: key })).body
      .id,
  ).toBe(answers[winner]!.body.id);
});

test('a body is its bytes: the same JSON spaced or ordered differently is another operation', async ({
  sbx,
}) => {
  const body = cardPayment();
  const key = `bytes-${body.order_id}`;
  expect((await sbx.api.post('/secure_payments', body, { idempotencyKey: key })).body.status).toBe(
    'PAID',
  );
  const spaced = await sbx.api.post('/secure_payments', undefined, {
    idempotencyKey: key,
    rawBody: JSON.stringify(body, null, 2),
  });
  expect([spaced.status, spaced.body]).toEqual([400, keyError]);
});

test('the same key on another path is refused and does nothing; a trailing slash is the same path', async ({
  sbx,
}) => {
  const body = cardPayment();
  const key = `path-${body.order_id}`;
  const first = await sbx.api.post('/secure_payments', body, { idempotencyKey: key });
  const slash = await sbx.api.post('/secure_payments/', body, { idempotencyKey: key });
  expect([slash.status, slash.body.id, slash.headers.get('idempotent-replayed')]).toEqual([
    200,
    first.body.id,
    'true',
  ]);
  const elsewhere = await sbx.api.post('/payments', body, { idempotencyKey: key });
  expect([elsewhere.status, elsewhere.body]).toEqual([400, keyError]);
  const refund = await sbx.api.post(
    '/refunds',
    { payment_id: first.body.id, notification_url: `${sbx.receiver.url}/r` },
    { idempotencyKey: key },
  );
  expect([refund.status, refund.body]).toEqual([400, keyError]);
  expect(sbx.sandbox.ledger({ order_id: body.order_id })).toMatchObject({
    money_moved: 1,
    charged: 120,
    refunded: 0,
  });
});

test('expired keys are swept, not only ignored', async () => {
  // A sandbox of its own: the shared one holds other tests' keys, made at other clock times.
  const own = await startSandbox();
  try {
    for (let i = 0; i < 3; i++) {
      const body = cardPayment();
      await own.api.post('/secure_payments', body, { idempotencyKey: `sweep-${body.order_id}` });
    }
    expect(own.sandbox.records().idempotency_keys.kept).toBe(3);
    own.sandbox.clock.advance(7 * DAY + 1000);
    const next = cardPayment();
    await own.api.post('/secure_payments', next, { idempotencyKey: `sweep-${next.order_id}` });
    expect(own.sandbox.records().idempotency_keys).toEqual({ kept: 1, dropped: 0 });
  } finally {
    await stopSandbox(own);
  }
});

test('requests waiting on a first answer of 500 then run the operation once between them', async () => {
  // The middleware alone, with a handler that fails its first run: faults answer before the key is looked at.
  const store = new IdempotencyStore();
  let runs = 0;
  const app = new Hono<SandboxEnv>();
  app.use('*', bodyLimit(), async (c, next) => {
    c.set('login', 'merchant');
    await next();
  });
  app.post('/op', idempotency(store, createClock()), async (c) => {
    const run = ++runs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return run === 1 ? c.json({ code: 7000 }, 500) : c.json({ run });
  });
  const send = () =>
    app.request('/op', { method: 'POST', body: '{"a":1}', headers: { 'X-Idempotency-Key': 'k' } });
  const first = send();
  await new Promise((resolve) => setTimeout(resolve, 5));
  const waiting = Array.from({ length: 9 }, send);
  expect((await first).status).toBe(500);
  const answers = await Promise.all(waiting);
  expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
  expect(new Set(await Promise.all(answers.map((a) => a.text())))).toEqual(new Set(['{"run":2}']));
  expect(runs).toBe(2);
});
