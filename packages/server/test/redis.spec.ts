/**
 * The Redis store against a real redis-server (Debian's package), and two handler
 * instances sharing it behave as one: orders, payment links, notification dedupe, the
 * rate limit, and a double submit across instances that charges once.
 */
import { authorizationHeader, createSignature, formatXDate } from '@paylit/core/crypto';
import { createRedisStore, type RedisStore } from '@paylit/server/redis';
import { expect, test } from '@playwright/test';
import { startRedis } from './support/redis.js';
import { startSandbox, startShop, submitCard, type Harness, type Shop } from './support/harness.js';

let redis: Awaited<ReturnType<typeof startRedis>>;
let stores: RedisStore[];
let h: Harness;
let a: Shop;
let b: Shop;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  redis = await startRedis();
  stores = await Promise.all([
    createRedisStore({ url: redis.url, prefix: 't1:' }),
    createRedisStore({ url: redis.url, prefix: 't1:' }),
  ]);
  h = await startSandbox();
  a = await startShop({ store: stores[0] }, h);
  b = await startShop({ store: stores[1] }, h);
});

test.afterAll(async () => {
  await a?.close();
  await b?.close();
  await h?.close();
  for (const s of stores ?? []) await s.close();
  await redis?.stop();
});

test('the store: orders, links, claims once across clients, counters in a window', async () => {
  const [one, two] = stores as [RedisStore, RedisStore];
  const order = {
    id: 'R-1',
    amount: 10,
    currency: 'BRL',
    country: 'BR',
    payer: { name: 'T', email: 't@e.com', document: '53033315550' },
    intent: 'capture' as const,
    installments: true,
  };
  await one.putOrder(order);
  expect(await two.getOrder('R-1')).toEqual(order);
  expect(await two.getOrder('R-404')).toBeUndefined();
  await one.linkPayment({ paymentId: 'D-1', orderId: 'R-1', attempt: 'a' });
  await two.linkPayment({ paymentId: 'D-1', orderId: 'R-1', attempt: 'a' });
  await two.linkPayment({ paymentId: 'D-2', orderId: 'R-1', attempt: 'b' });
  expect(await one.orderOfPayment('D-2')).toBe('R-1');
  expect(await one.paymentsOfOrder('R-1')).toEqual(['D-1', 'D-2']);
  const claims = await Promise.all([
    one.claim('k', 60_000),
    two.claim('k', 60_000),
    one.claim('k', 60_000),
  ]);
  expect(claims.filter(Boolean)).toHaveLength(1);
  await two.release('k');
  expect(await one.claim('k', 50)).toBe(true);
  await new Promise((r) => setTimeout(r, 80));
  expect(await two.claim('k', 50)).toBe(true);
  // One window counted across instances (long enough for three round trips on a loaded machine)…
  expect([
    await one.hit('ip', 10_000),
    await two.hit('ip', 10_000),
    await one.hit('ip', 10_000),
  ]).toEqual([1, 2, 3]);
  // …and a window that ends starts again at 1 (each hit inside it counts on).
  expect(await one.hit('short', 100)).toBe(1);
  await expect.poll(() => two.hit('short', 100), { intervals: [60] }).toBe(1);
});

test('an order created on one instance checks out on the other', async () => {
  const order = await a.order();
  const view = await b.browser(`/checkout?order=${order.clientSecret}`);
  expect(view.body.order.id).toBe(order.id);
  const { res } = await submitCard(b, order.id);
  expect(res.body.payment.status).toBe('PAID');
  // The payment is linked in the shared store: instance A may read it for the order.
  expect(
    (await a.browser(`/payments/${res.body.payment.id}?order=${order.clientSecret}`)).body.payment
      .status,
  ).toBe('PAID');
});

test('a double submit across two instances charges once', async () => {
  const order = await a.order();
  const { body } = await submitCard(a, order.id);
  const [x, y] = await Promise.all(
    [a, b].map((shop) => shop.browser('/payments', { method: 'POST', body: JSON.stringify(body) })),
  );
  expect(x!.body.payment.id).toBe(y!.body.payment.id);
  expect(h.sandbox.ledger({ order_id: `${order.id}.1` }).money_moved).toBe(1);
});

test('a notification delivered to both instances reaches the merchant once', async () => {
  const body = JSON.stringify({
    id: 'D-1-shared',
    amount: 5,
    currency: 'BRL',
    status: 'PAID',
    status_code: '200',
  });
  const date = formatXDate(new Date());
  const signature = await createSignature({ ...h.sandbox.credentials, date, body });
  const send = (shop: Shop) =>
    fetch(`${shop.base}/notifications`, {
      method: 'POST',
      headers: {
        'X-Date': date,
        Authorization: authorizationHeader(signature),
        'Content-Type': 'application/json',
      },
      body,
    });
  const answers = await Promise.all([send(a), send(b), send(a)]);
  // One hands it over; one meeting its lease is 409 (the API tries again later), one after it a duplicate.
  expect(answers.map((r) => r.status).every((s) => s === 200 || s === 409)).toBe(true);
  for (const shop of [a, b])
    expect(await (await send(shop)).json()).toEqual({ received: true, duplicate: true });
  const delivered = [...a.notifications, ...b.notifications].filter(
    (n) => n.record.id === 'D-1-shared',
  );
  expect(delivered).toHaveLength(1);
});

test('the rate limit is shared by the instances', async () => {
  const store = await createRedisStore({ url: redis.url, prefix: 't2:' });
  const store2 = await createRedisStore({ url: redis.url, prefix: 't2:' });
  const c = await startShop({ store, rateLimit: { windowMs: 60_000, max: 4 } }, h);
  const d = await startShop({ store: store2, rateLimit: { windowMs: 60_000, max: 4 } }, h);
  try {
    const statuses = [];
    for (const shop of [c, d, c, d, c, d])
      statuses.push((await shop.browser('/checkout?order=none')).status);
    expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
  } finally {
    await c.close();
    await d.close();
    await store.close();
    await store2.close();
  }
});

test('an unreachable Redis is a clear error', async () => {
  await expect(createRedisStore({ url: 'redis://127.0.0.1:9' })).rejects.toThrow(
    'paylit: could not connect to Redis at redis://127.0.0.1:9',
  );
});
