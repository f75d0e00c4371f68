/**
 * Signing up by Pix Automático from the checkout (`POST /subscriptions`, its status live at
 * `GET /subscriptions/events`), against the sandbox over HTTP: the mandate is the merchant's
 * order plan whatever the browser sends, the payer's document comes from the page when the order
 * lacks it, and the payer's bank (the sandbox's tools, heard through the notification route)
 * moves the status the page hears live.
 */
import { expect, test } from '@playwright/test';
import type { SubscriptionEvent } from '@paylit/server';
import { payer, startShop, submitCard, uid, type Shop } from './support/harness.js';

const DAY = 24 * 60 * 60 * 1000;
const events: SubscriptionEvent[] = [];
let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop({
    merchantName: 'Loja Exemplo',
    onSubscription: (e) => void events.push(e),
  });
});
test.afterAll(async () => {
  await shop.close();
});

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const { document: _document, ...payerWithoutDocument } = payer;

async function planOrder(overrides: Record<string, unknown> = {}) {
  const start = ymd(new Date(shop.sandbox.clock.now().getTime() + 5 * DAY));
  return shop.order({
    id: uid('subui'),
    amount: 39.9,
    payer: payerWithoutDocument,
    plan: { frequency: 'MONTHLY', amount: { type: 'FIXED', value: 39.9 }, startDate: start },
    ...overrides,
  });
}

const subscribe = (body: unknown) =>
  shop.browser('/subscriptions', { method: 'POST', body: JSON.stringify(body) });

async function tool(path: string) {
  const res = await fetch(`${shop.sandboxUrl}/sandbox-tools/${path}`, { method: 'POST' });
  expect(res.status).toBe(200);
}

/** The live connection as the checkout opens it; `next()` is the next event, undefined at its end. */
async function listen(secret: string) {
  const controller = new AbortController();
  const res = await fetch(`${shop.base}/subscriptions/events?order=${encodeURIComponent(secret)}`, {
    headers: { Origin: 'https://shop.example' },
    signal: controller.signal,
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<{ event: string; data: any } | undefined> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n').filter((l) => !l.startsWith(':'));
        if (lines.length === 0) continue;
        const field = (name: string) =>
          lines
            .filter((l) => l.startsWith(`${name}:`))
            .map((l) => l.slice(name.length + 1).trimStart())
            .join('\n');
        return { event: field('event'), data: JSON.parse(field('data')) };
      }
      const { value, done } = await reader.read();
      if (done) return undefined;
      buffer += value;
    }
  };
  return { res, next, close: () => controller.abort() };
}

test("Pix Automático signed up from the page: the mandate is the order's plan, the payer's document from the page, PENDING then ACTIVE live when the bank authorizes", async () => {
  const order = await planOrder();
  // The view names the payee the checkout shows in the mandate's terms.
  const view = await shop.browser(`/checkout?order=${encodeURIComponent(order.clientSecret)}`);
  expect(view.body.order.subscription).toMatchObject({
    methods: ['XA', 'CARD'],
    payee: 'Loja Exemplo',
  });
  // What Pix Automático needs of the payer that the order lacks, asked as for a redirect method.
  expect(view.body.order.asks.redirect).toContain('document');
  // The browser's amounts are not part of the request at all.
  const forged = await subscribe({
    order: order.clientSecret,
    method: { type: 'XA' },
    amount: 1,
  });
  expect(forged.status).toBe(400);
  expect(forged.body.error.param).toBe('amount');
  // Pix needs the payer's document, which this order lacks.
  const noDocument = await subscribe({ order: order.clientSecret, method: { type: 'XA' } });
  expect(noDocument.status).toBe(400);
  expect(noDocument.body.error.param).toBe('payer.document');

  const res = await subscribe({
    order: order.clientSecret,
    method: { type: 'XA' },
    payer: { document: '530.333.155-50' },
  });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    subscription: { order: order.id, method: 'XA', status: 'PENDING' },
  });
  const sub = await shop.handler.subscriptions.get(order.id);
  expect(sub).toMatchObject({ status: 'pending', payer: { document: '53033315550' } });
  // Asked again (a second tab, a retry): the same mandate, no second enrollment.
  const again = await subscribe({
    order: order.clientSecret,
    method: { type: 'XA' },
    payer: { document: '53033315550' },
  });
  expect(again.body.subscription.status).toBe('PENDING');
  expect((await shop.handler.subscriptions.get(order.id))!.rev).toBe(sub!.rev);

  const live = await listen(order.clientSecret);
  expect(live.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(await live.next()).toEqual({
    event: 'subscription',
    data: { subscription: { order: order.id, method: 'XA', status: 'PENDING' } },
  });
  const enrollmentId = (sub!.method as { enrollmentId: string }).enrollmentId;
  await tool(`enrollments/${enrollmentId}/authorize`);
  expect(await live.next()).toEqual({
    event: 'subscription',
    data: { subscription: { order: order.id, method: 'XA', status: 'ACTIVE' } },
  });
  // The final status ends the stream.
  expect(await live.next()).toBeUndefined();
  // The API's enrollment carries the merchant's plan: 39.90 a month from the start date.
  const heard = shop.notifications.find(
    (n) => n.kind === 'enrollment' && n.record.id === enrollmentId && n.record.status === 'ACTIVE',
  );
  expect(heard?.record.subscription).toMatchObject({
    frequency: 'MONTHLY',
    amount: { type: 'FIXED', value: 39.9 },
  });
  expect(events.filter((e) => e.subscription.id === order.id).map((e) => e.type)).toEqual([
    'created',
    'activated',
  ]);
  expect(
    (await shop.browser(`/subscriptions?order=${encodeURIComponent(order.clientSecret)}`)).body,
  ).toEqual({ subscription: { order: order.id, method: 'XA', status: 'ACTIVE' } });
});

test('a mandate the payer rejects in their bank is REJECTED live; an order without a plan, a card-only order and a bare order id are refused', async () => {
  const order = await planOrder({ payer });
  const res = await subscribe({ order: order.clientSecret, method: { type: 'XA' } });
  expect(res.body.subscription.status).toBe('PENDING');
  const live = await listen(order.clientSecret);
  expect((await live.next())?.data.subscription.status).toBe('PENDING');
  const sub = await shop.handler.subscriptions.get(order.id);
  await tool(`enrollments/${(sub!.method as { enrollmentId: string }).enrollmentId}/reject`);
  expect((await live.next())?.data.subscription.status).toBe('REJECTED');
  expect(await live.next()).toBeUndefined();

  const oneTime = await shop.order({ amount: 39.9 });
  const refused = await subscribe({ order: oneTime.clientSecret, method: { type: 'XA' } });
  expect([refused.status, refused.body.error.param]).toEqual([409, 'order']);

  const cardOnly = await planOrder({ payer, methods: ['CARD'] });
  const noPix = await subscribe({ order: cardOnly.clientSecret, method: { type: 'XA' } });
  expect([noPix.status, noPix.body.error.param]).toEqual([403, 'method.type']);

  const bare = await subscribe({ order: order.id, method: { type: 'XA' } });
  expect(bare.status).toBe(404);
  const none = await shop.browser(
    `/subscriptions/events?order=${encodeURIComponent(cardOnly.clientSecret)}`,
  );
  expect(none.status).toBe(404);
});

test("a payer who turns from Pix Automático to a card (the bank refused the mandate, or it still waits there): the card's first payment starts the subscription, the waiting mandate is cancelled, and authorized late it charges nothing", async () => {
  for (const mandate of ['rejected', 'waiting'] as const) {
    const order = await planOrder({ payer });
    expect((await subscribe({ order: order.clientSecret, method: { type: 'XA' } })).status).toBe(
      200,
    );
    const xa = await shop.handler.subscriptions.get(order.id);
    const enrollmentId = (xa!.method as { enrollmentId: string }).enrollmentId;
    if (mandate === 'rejected') await tool(`enrollments/${enrollmentId}/reject`);
    const { res } = await submitCard(shop, order.clientSecret, { method: { subscribe: true } });
    expect(res.body.payment?.status, mandate).toBe('PAID');
    const sub = await shop.handler.subscriptions.get(order.id);
    expect(sub, mandate).toMatchObject({
      status: 'active',
      method: { type: 'CARD' },
      firstPeriod: 1,
    });
    if (mandate === 'waiting') {
      // The payer finds the request in their bank's app and authorizes it: it was cancelled.
      const late = await fetch(
        `${shop.sandboxUrl}/sandbox-tools/enrollments/${enrollmentId}/authorize`,
        { method: 'POST' },
      );
      expect(late.status).not.toBe(200);
      expect((await shop.handler.subscriptions.get(order.id))!.method.type).toBe('CARD');
    }
    // The first period is the card's payment; nothing else is charged on the start date.
    const start = ymd(new Date(shop.sandbox.clock.now().getTime() + 5 * DAY));
    await shop.handler.subscriptions.chargeDue(new Date(`${start}T12:00:00Z`));
    const moved = shop.sandbox
      .ledger()
      .entries.filter((e) => e.money_moved && e.order_id?.startsWith(`${order.id}.`));
    expect(
      moved.map((e) => e.amount),
      mandate,
    ).toEqual([39.9]);
  }
});
