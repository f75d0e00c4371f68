/**
 * An order can be a subscription: the order API takes a plan (core's `planSchema`), refuses a
 * wrong one naming what is wrong, and the checkout view says which ways to pay can subscribe in
 * the order's country (Pix Automático in Brazil, cards everywhere).
 */
import { expect, test } from '@playwright/test';
import { payer, startShop, uid, type Shop } from './support/harness.js';

let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(async () => {
  await shop.close();
});

async function post(body: unknown) {
  const res = await fetch(`${shop.base}/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${shop.apiToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      clientSecret?: string;
      error?: { type: string; message: string; param?: string };
    },
  };
}

const monthly = {
  frequency: 'MONTHLY',
  amount: { type: 'FIXED', value: 39.9 },
  startDate: '2027-01-10',
};

test('an order with a plan is stored, and its view names the plan and who can subscribe: Pix Automático and cards in Brazil, cards in Mexico', async () => {
  const br = await post({
    id: uid('sub'),
    amount: 39.9,
    currency: 'BRL',
    country: 'BR',
    payer,
    plan: monthly,
  });
  expect(br.status).toBe(201);
  const view = await shop.browser(`/checkout?order=${encodeURIComponent(br.body.clientSecret!)}`);
  expect(view.status).toBe(200);
  expect(view.body.order.subscription).toEqual({
    plan: { ...monthly, firstCharge: 'now' },
    methods: ['XA', 'CARD'],
  });

  const mx = await post({
    id: uid('sub'),
    amount: 0,
    currency: 'MXN',
    country: 'MX',
    intent: 'verify',
    plan: { ...monthly, amount: { type: 'VARIABLE', max: 500 }, firstCharge: 'start' },
  });
  expect(mx.status).toBe(201);
  const mxView = await shop.browser(`/checkout?order=${encodeURIComponent(mx.body.clientSecret!)}`);
  expect(mxView.body.order.subscription.methods).toEqual(['CARD']);

  // A card-only Brazilian order: only cards subscribe.
  const cardOnly = await post({
    id: uid('sub'),
    amount: 39.9,
    currency: 'BRL',
    country: 'BR',
    payer,
    methods: ['CARD'],
    plan: monthly,
  });
  const cardView = await shop.browser(
    `/checkout?order=${encodeURIComponent(cardOnly.body.clientSecret!)}`,
  );
  expect(cardView.body.order.subscription.methods).toEqual(['CARD']);

  // A one-time order's view has no subscription.
  const once = await shop.order();
  const onceView = await shop.browser(`/checkout?order=${encodeURIComponent(once.clientSecret)}`);
  expect(onceView.body.order).not.toHaveProperty('subscription');
});

test('a wrong plan is refused with a typed error naming each problem', async () => {
  const base = { id: uid('sub'), amount: 39.9, currency: 'BRL', country: 'BR', payer };
  const cases: [unknown, string, string][] = [
    [
      { ...monthly, frequency: 'DAILY' },
      'plan.frequency',
      'plan.frequency must be one of WEEKLY, MONTHLY, QUARTERLY, SEMI_ANNUAL, ANNUAL',
    ],
    [
      { ...monthly, endDate: '2026-12-31' },
      'plan.endDate',
      'plan.endDate must not be before startDate',
    ],
    [
      { ...monthly, startDate: '2027-02-30' },
      'plan.startDate',
      'plan.startDate must be a real calendar date (YYYY-MM-DD)',
    ],
    [
      { ...monthly, amount: { type: 'VARIABLE', max: 10, min: 20 } },
      'plan.amount.min',
      'plan.amount.min must not be more than max',
    ],
    [
      { ...monthly, amount: { type: 'FIXED', value: 50 } },
      'amount',
      "amount must be plan.amount.value (50): the order's payment is the plan's first charge",
    ],
  ];
  for (const [plan, param, message] of cases) {
    const res = await post({ ...base, plan });
    expect([res.status, res.body.error?.type, res.body.error?.param]).toEqual([
      400,
      'invalid_request',
      param,
    ]);
    expect(res.body.error?.message).toContain(message);
  }
  const pixOnly = await post({ ...base, methods: ['BL'], plan: monthly });
  expect(pixOnly.body.error).toMatchObject({
    param: 'methods',
    message: expect.stringContaining(
      'methods must include a way to pay that can subscribe in BR (XA or CARD)',
    ),
  });
  const authorize = await post({ ...base, intent: 'authorize', plan: monthly });
  expect(authorize.body.error).toMatchObject({
    param: 'intent',
    message: expect.stringContaining(
      'intent must be "capture" for a plan whose first charge is now',
    ),
  });
});
