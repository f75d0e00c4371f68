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

test("a subscription's first card payment needs the payer's consent to the card-on-file terms: without it 403 method.subscribe and nothing charged; with it the card is saved (SUBSCRIPTION, FIRST) and the subscription starts, charged next period with USED", async () => {
  const { encryptCard } = await import('@paylit/core/crypto');
  const id = uid('sub');
  const made = await post({
    id,
    amount: 39.9,
    currency: 'BRL',
    country: 'BR',
    payer,
    plan: { ...monthly, startDate: new Date().toISOString().slice(0, 10) },
  });
  const secret = made.body.clientSecret!;
  const view = (await shop.browser(`/checkout?order=${encodeURIComponent(secret)}`)).body;
  const pay = async (subscribe?: boolean) =>
    shop.browser('/payments', {
      method: 'POST',
      body: JSON.stringify({
        order: secret,
        attempt: crypto.randomUUID(),
        method: {
          type: 'card',
          encryptedData: await encryptCard(
            { number: '4111111111111111', cvv: '123' },
            view.publicKey,
          ),
          holderName: 'Thiago Gabriel',
          expirationMonth: 10,
          expirationYear: 2040,
          ...(subscribe === undefined ? {} : { subscribe }),
        },
      }),
    });
  for (const consent of [undefined, false]) {
    const refused = await pay(consent);
    expect([refused.status, refused.body.error]).toEqual([
      403,
      {
        type: 'forbidden',
        param: 'method.subscribe',
        message:
          "the order is a subscription: paying it by card needs the payer's consent to its card-on-file terms (method.subscribe: true)",
      },
    ]);
  }
  expect(shop.sandbox.ledger({ order_id: `${id}.1` }).entries).toHaveLength(0);
  const paid = await pay(true);
  expect(paid.status).toBe(200);
  expect(paid.body.payment.status).toBe('PAID');
  const record = await shop.client.payments.retrieve(paid.body.payment.id);
  expect(record.card).toMatchObject({
    save: true,
    stored_credential_type: 'SUBSCRIPTION',
    stored_credential_usage: 'FIRST',
  });
  const sub = await shop.handler.subscriptions.get(id);
  expect(sub).toMatchObject({
    status: 'active',
    method: { type: 'CARD', cardId: record.card!.card_id },
    firstPeriod: 1,
  });
  // The next period, a month on, with the saved card and USED.
  const run = await shop.handler.subscriptions.chargeDue(new Date(Date.now() + 32 * 24 * 3600_000));
  expect(run.charged.filter((c) => c.id === id)).toHaveLength(1);
  const next = await shop.client.payments.retrieve(run.charged.find((c) => c.id === id)!.paymentId);
  expect(next.card).toMatchObject({
    card_id: record.card!.card_id,
    stored_credential_type: 'SUBSCRIPTION',
    stored_credential_usage: 'USED',
  });
});

test("a variable plan charged now: the order's amount may be the plan's maximum, not a cent more", async () => {
  const order = (amount: number) =>
    post({
      id: uid('sub'),
      amount,
      currency: 'BRL',
      country: 'BR',
      payer,
      plan: { ...monthly, amount: { type: 'VARIABLE', max: 80, min: 10 } },
    });
  expect((await order(80)).status).toBe(201);
  const over = await order(80.01);
  expect([over.status, over.body.error?.param, over.body.error?.message]).toEqual([
    400,
    'amount',
    expect.stringContaining('must be at most plan.amount.max (80)'),
  ]);
});

test('an order with a weekly plan made two weeks before the shopper pays it: the payment pays the week in progress, and the weeks before are never charged; the next week is, once', async () => {
  const { encryptCard } = await import('@paylit/core/crypto');
  const DAY = 24 * 3600_000;
  const id = uid('sub');
  // The merchant makes the order with the plan starting that day; the shopper opens the link 15 days on.
  const startDate = new Date(Date.now() - 15 * DAY).toISOString().slice(0, 10);
  const made = await post({
    id,
    amount: 9.9,
    currency: 'BRL',
    country: 'BR',
    payer,
    plan: { frequency: 'WEEKLY', amount: { type: 'FIXED', value: 9.9 }, startDate },
  });
  expect(made.status).toBe(201);
  const secret = made.body.clientSecret!;
  const view = (await shop.browser(`/checkout?order=${encodeURIComponent(secret)}`)).body;
  const paid = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: secret,
      attempt: crypto.randomUUID(),
      method: {
        type: 'card',
        encryptedData: await encryptCard(
          { number: '4111111111111111', cvv: '123' },
          view.publicKey,
        ),
        holderName: 'Thiago Gabriel',
        expirationMonth: 10,
        expirationYear: 2040,
        subscribe: true,
      },
    }),
  });
  expect(paid.body.payment?.status).toBe('PAID');
  const charged = () =>
    shop.sandbox.ledger().entries.filter((e) => e.money_moved && e.order_id?.startsWith(`${id}.`));
  // The day's run (a cron) charges nothing more of this payer: one payment, today's.
  const today = await shop.handler.subscriptions.chargeDue(new Date());
  expect(today.charged.filter((c) => c.id === id)).toEqual([]);
  expect(charged().map((e) => e.amount)).toEqual([9.9]);
  // A week on, the next week: one charge.
  const week = await shop.handler.subscriptions.chargeDue(new Date(Date.now() + 7 * DAY));
  expect(week.charged.filter((c) => c.id === id)).toHaveLength(1);
  expect(charged().map((e) => e.amount)).toEqual([9.9, 9.9]);
});

test('an order that is a subscription is paid only a way that subscribes: its view offers no one-off method (Pix, Boleto, a wallet), and one submitted all the same is refused 403, nothing charged', async () => {
  const id = uid('sub');
  const made = await post({
    id,
    amount: 39.9,
    currency: 'BRL',
    country: 'BR',
    payer,
    plan: monthly,
  });
  const secret = made.body.clientSecret!;
  const view = (await shop.browser(`/checkout?order=${encodeURIComponent(secret)}`)).body;
  expect(
    (view.paymentMethods as { id: string; type: string }[]).filter((m) => m.type !== 'CARD'),
  ).toEqual([]);
  for (const methodId of ['PQ', 'BL', 'MP']) {
    const paid = await shop.browser('/payments', {
      method: 'POST',
      body: JSON.stringify({
        order: secret,
        attempt: crypto.randomUUID(),
        method: { type: methodId === 'MP' ? 'wallet' : 'redirect', methodId },
      }),
    });
    expect([paid.status, paid.body.error?.type, paid.body.error?.param], methodId).toEqual([
      403,
      'method_not_allowed',
      'method.methodId',
    ]);
  }
  expect(shop.sandbox.ledger({ order_id: `${id}.1` }).entries).toEqual([]);
});
