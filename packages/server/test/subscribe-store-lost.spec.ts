/**
 * A Pix Automático sign-up whose store is lost (a restart on the memory store, Redis flushed)
 * while the payer authorizes the mandate in their bank. The enrollment's ACTIVE notification
 * reaches a handler that no longer knows the subscription (answered 200, not sent again); the
 * checkout then signs up again, and the API answers the same key with its first answer,
 * PENDING. The mandate is active at the API: the subscription must be too, or no period is
 * ever charged.
 */
import { MemoryStore, type CheckoutStore } from '@paylit/server';
import { expect, test } from '@playwright/test';
import { payer, startSandbox, startShop, submitCard, uid, type Shop } from './support/harness.js';

const DAY = 24 * 60 * 60 * 1000;
/** The handler's store, which the test can lose (`lose()`) as a restart on the memory store does. */
let inner = new MemoryStore();
const store = new Proxy({} as CheckoutStore, {
  get: (_, key) => {
    const value = (inner as unknown as Record<PropertyKey, unknown>)[key];
    return typeof value === 'function' ? value.bind(inner) : value;
  },
});
let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop({ store });
});
test.afterAll(async () => {
  await shop.close();
});

test('the mandate authorized while the store was lost: the sign-up asked again is ACTIVE, and so is the subscription', async () => {
  const start = new Date(shop.sandbox.clock.now().getTime() + 5 * DAY).toISOString().slice(0, 10);
  const order = {
    id: uid('sublost'),
    amount: 39.9,
    payer,
    plan: { frequency: 'MONTHLY', amount: { type: 'FIXED', value: 39.9 }, startDate: start },
  };
  const { clientSecret } = await shop.order(order);
  const subscribe = () =>
    shop.browser('/subscriptions', {
      method: 'POST',
      body: JSON.stringify({ order: clientSecret, method: { type: 'XA' } }),
    });
  expect((await subscribe()).body.subscription.status).toBe('PENDING');
  const sub = await shop.handler.subscriptions.get(order.id);
  const enrollmentId = sub?.method.type === 'XA' ? sub.method.enrollmentId : '';

  inner = new MemoryStore();
  const res = await fetch(
    `${shop.sandboxUrl}/sandbox-tools/enrollments/${enrollmentId}/authorize`,
    {
      method: 'POST',
    },
  );
  expect(res.status).toBe(200);
  const delivered = await shop.sandbox.notifications({ record_id: enrollmentId });
  expect(delivered.map((d) => [d.record_status, d.state])).toEqual([
    ['PENDING', 'delivered'],
    ['ACTIVE', 'delivered'],
  ]);

  // The merchant's backend makes the order again; the checkout signs up again.
  await shop.order(order);
  const again = await subscribe();
  // On main: PENDING, the API's first answer to the same key, and the subscription stays pending.
  expect(again.body.subscription).toEqual({ order: order.id, method: 'XA', status: 'ACTIVE' });
  expect(await shop.handler.subscriptions.get(order.id)).toMatchObject({
    status: 'active',
    method: { type: 'XA', enrollmentId },
  });
});

test("a card subscription's first payment approved on the bank's page while the store was lost: the subscription starts once the order is known again", async () => {
  const start = new Date(shop.sandbox.clock.now().getTime() + 5 * DAY).toISOString().slice(0, 10);
  // South Africa requires 3-D Secure: the payer is on the bank's page when the store is lost.
  const order = {
    id: uid('subcard'),
    country: 'ZA',
    currency: 'ZAR',
    amount: 499,
    payer: {
      ...payer,
      document: '8001015009087',
      address: { state: 'WC', city: 'Cape Town', zip_code: '8001', street: 'Long St', number: '1' },
    },
    plan: { frequency: 'MONTHLY', amount: { type: 'FIXED', value: 499 }, startDate: start },
  };
  const { clientSecret } = await shop.order(order);
  const { res } = await submitCard(shop, clientSecret, {
    method: { subscribe: true },
  });
  expect(res.body.payment).toMatchObject({ status: 'PENDING', status_code: '101' });

  inner = new MemoryStore();
  const page = await (
    await fetch(res.body.nextAction.url, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'approve' }),
    })
  ).text();
  const form = Object.fromEntries(
    [...page.slice(page.indexOf('id="callback"')).matchAll(/name="([^"]+)" value="([^"]*)"/g)].map(
      (m) => [m[1]!, m[2]!],
    ),
  );
  const back = await fetch(`${shop.base}/callback`, {
    method: 'POST',
    body: new URLSearchParams(form),
    redirect: 'manual',
  });
  expect(new URL(back.headers.get('location')!).searchParams.get('status')).toBe('PAID');

  // The merchant's backend makes the order again; the checkout shows it paid.
  await shop.order(order);
  const view = await shop.browser(`/checkout?order=${encodeURIComponent(clientSecret)}`);
  expect(view.body.payment).toMatchObject({ id: res.body.payment.id, status: 'PAID' });
  // On main: undefined. The payer consented and paid the first period; no later one would be charged.
  const sub = await shop.handler.subscriptions.get(order.id);
  expect(sub).toMatchObject({ status: 'active', method: { type: 'CARD' }, firstPeriod: 1 });
});

test('a card subscription made again ten days after its first payment (the store lost meanwhile): the week billed since the payment is still charged, once', async () => {
  // The API's clock when the payer paid: ten days before this server makes the subscription again.
  const paidAt = new Date(Date.now() - 10 * DAY);
  const lostShop = await startShop({ store }, await startSandbox({ now: paidAt }));
  try {
    const order = {
      id: uid('subweek'),
      amount: 9.9,
      plan: {
        frequency: 'WEEKLY',
        amount: { type: 'FIXED', value: 9.9 },
        startDate: paidAt.toISOString().slice(0, 10),
      },
    };
    const { clientSecret } = await lostShop.order(order);
    const { res } = await submitCard(lostShop, clientSecret, { method: { subscribe: true } });
    expect(res.body.payment?.status).toBe('PAID');
    inner = new MemoryStore();
    // The merchant's backend makes the order again; the checkout view makes the subscription again.
    await lostShop.order(order);
    const view = await lostShop.browser(`/checkout?order=${encodeURIComponent(clientSecret)}`);
    expect(view.body.payment).toMatchObject({ id: res.body.payment.id, status: 'PAID' });
    const run = await lostShop.handler.subscriptions.chargeDue(new Date());
    expect(run.charged.filter((c) => c.id === order.id).map((c) => c.period)).toEqual([
      new Date(paidAt.getTime() + 7 * DAY).toISOString().slice(0, 10),
    ]);
    const moved = lostShop.sandbox
      .ledger()
      .entries.filter((e) => e.money_moved && e.order_id?.startsWith(`${order.id}.`));
    expect(moved.map((e) => e.amount)).toEqual([9.9, 9.9]);
  } finally {
    await lostShop.close();
  }
});
