/**
 * 3-D Secure shown in the shop's page: whether the bank's challenge page may be framed by the
 * shopper's page (its own headers, read with a HEAD, against the request's Origin), and the
 * shopper leaving it (`POST /payments/:id/cancel`): the payment cancelled at the API, the order
 * open again, one charge at most. Against the real sandbox over HTTP.
 */
import { MemoryStore } from '@paylit/server';
import { expect, test } from '@playwright/test';
import { mayFrame } from '../src/framing.js';
import { southAfricanPayer, startShop, submitCard, visa, type Shop } from './support/harness.js';

let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(async () => {
  await shop.close();
});

const southAfrican = { country: 'ZA', currency: 'ZAR', amount: 499, payer: southAfricanPayer };

test('framing: frame-ancestors, then X-Frame-Options, as browsers read them', () => {
  const bank = 'https://acs.bank.example/challenge/1';
  const shopPage = 'https://shop.example';
  const csp = (policy: string) => new Headers({ 'Content-Security-Policy': policy });
  expect(mayFrame(new Headers(), bank, shopPage)).toBe(true);
  expect(mayFrame(csp("frame-ancestors 'none'"), bank, shopPage)).toBe(false);
  expect(mayFrame(csp('frame-ancestors https://shop.example'), bank, shopPage)).toBe(true);
  expect(mayFrame(csp('frame-ancestors https://shop.example:8443'), bank, shopPage)).toBe(false);
  expect(mayFrame(csp('frame-ancestors https://*.example'), bank, shopPage)).toBe(true);
  expect(mayFrame(csp('frame-ancestors https://*.example'), bank, 'https://example')).toBe(false);
  expect(mayFrame(csp('frame-ancestors shop.example'), bank, shopPage)).toBe(true);
  expect(mayFrame(csp('frame-ancestors http://shop.example'), bank, shopPage)).toBe(true);
  expect(mayFrame(csp('frame-ancestors https:'), bank, shopPage)).toBe(true);
  expect(mayFrame(csp('frame-ancestors https:'), bank, 'http://shop.example')).toBe(false);
  expect(mayFrame(csp("frame-ancestors 'self'"), bank, shopPage)).toBe(false);
  expect(mayFrame(csp("frame-ancestors 'self'"), bank, 'https://acs.bank.example')).toBe(true);
  expect(mayFrame(csp('FRAME-ANCESTORS *'), bank, shopPage)).toBe(true);
  // Another directive does not say anything of framing.
  expect(mayFrame(csp("default-src 'none'"), bank, shopPage)).toBe(true);
  // Two policies: both must allow it.
  expect(
    mayFrame(csp('frame-ancestors https://shop.example, frame-ancestors *'), bank, shopPage),
  ).toBe(true);
  expect(
    mayFrame(csp("frame-ancestors https://shop.example, frame-ancestors 'none'"), bank, shopPage),
  ).toBe(false);
  // frame-ancestors wins over X-Frame-Options, as in browsers.
  const both = new Headers({
    'Content-Security-Policy': 'frame-ancestors https://shop.example',
    'X-Frame-Options': 'DENY',
  });
  expect(mayFrame(both, bank, shopPage)).toBe(true);
  expect(mayFrame(new Headers({ 'X-Frame-Options': 'DENY' }), bank, shopPage)).toBe(false);
  expect(mayFrame(new Headers({ 'X-Frame-Options': 'sameorigin' }), bank, shopPage)).toBe(false);
  expect(mayFrame(new Headers(), 'not a url', shopPage)).toBe(false);
  expect(mayFrame(new Headers(), bank, 'null')).toBe(false);
});

test("the challenge comes with frame: true only for a page the bank's page lets frame it", async () => {
  const pay = async (origin: string | undefined) => {
    const order = await shop.order(southAfrican);
    const { res } = await submitCard(
      shop,
      order.clientSecret,
      {},
      undefined,
      origin === undefined ? {} : { Origin: origin },
    );
    expect(res.body.payment).toMatchObject({ status: 'PENDING', status_code: '101' });
    return res.body.nextAction;
  };
  // The sandbox lets the shop's server's origin (its callback_url's) frame its challenge.
  expect(await pay(shop.origin)).toMatchObject({ type: 'redirect', frame: true });
  // The test's shop page (https://shop.example, the harness's Origin) is not that origin.
  expect((await pay(undefined)).frame).toBeUndefined();
});

test('the shopper leaves the challenge: the payment is cancelled, the order open again, and the next Pay charges once', async () => {
  const order = await shop.order(southAfrican);
  const first = (await submitCard(shop, order.clientSecret)).res.body.payment;
  const cancel = (id: string, secret = order.clientSecret) =>
    shop.browser(`/payments/${encodeURIComponent(id)}/cancel`, {
      method: 'POST',
      body: JSON.stringify({ order: secret }),
    });
  // Another order's secret, no secret, a made-up id: refused, nothing cancelled.
  const other = await shop.order(southAfrican);
  expect((await cancel(first.id, other.clientSecret)).status).toBe(404);
  // A made-up secret: as the status route answers it.
  const status = await shop.browser(`/payments/${encodeURIComponent(first.id)}?order=nope`);
  expect((await cancel(first.id, 'nope')).status).toBe(status.status);
  expect((await cancel('D-made-up')).status).toBe(404);
  expect((await h().client.payments.retrieve(first.id)).status).toBe('PENDING');
  const done = await cancel(first.id);
  expect(done.status).toBe(200);
  expect(done.body.payment).toMatchObject({ id: first.id, status: 'CANCELLED' });
  // Again: answered as it is.
  expect((await cancel(first.id)).body.payment.status).toBe('CANCELLED');
  // The order is open: a new attempt, a new challenge, approved on the bank's page.
  const second = (await submitCard(shop, order.clientSecret)).res.body;
  expect(second.payment.id).not.toBe(first.id);
  expect(second.replayed).toBeUndefined();
  const page = await fetch(second.nextAction.url, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'approve' }),
    redirect: 'manual',
  });
  expect(page.status).toBeLessThan(400);
  await expect
    .poll(async () => (await h().client.payments.retrieve(second.payment.id)).status)
    .toBe('PAID');
  // Paid: cancelling it changes nothing.
  expect((await cancel(second.payment.id)).body.payment.status).toBe('PAID');
  const entries = shop.sandbox
    .ledger()
    .entries.filter((e) => e.order_id?.startsWith(`${order.id}.`));
  expect(entries.map((e) => [e.order_id, e.status, e.money_moved])).toEqual([
    [`${order.id}.1`, 'CANCELLED', false],
    [`${order.id}.2`, 'PAID', true],
  ]);
});

const h = () => shop;

test('a challenge left is no decline: after five payments cancelled from the dialog, the order is still open and the sixth Pay reaches the API', async () => {
  const order = await shop.order(southAfrican);
  for (let i = 1; i <= 5; i++) {
    const pending = (await submitCard(shop, order.clientSecret)).res.body.payment;
    expect(pending).toMatchObject({ status: 'PENDING' });
    const done = await shop.browser(`/payments/${encodeURIComponent(pending.id)}/cancel`, {
      method: 'POST',
      body: JSON.stringify({ order: order.clientSecret }),
    });
    expect(done.body.payment).toMatchObject({ id: pending.id, status: 'CANCELLED' });
  }
  // Five declines lock an order (409 order_locked); five cancels are not declines.
  const sixth = (await submitCard(shop, order.clientSecret)).res;
  expect([sixth.status, sixth.body.payment?.status]).toEqual([200, 'PENDING']);
  const entries = shop.sandbox
    .ledger()
    .entries.filter((e) => e.order_id?.startsWith(`${order.id}.`) && e.kind === 'payment');
  expect(entries.map((e) => e.order_id)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${order.id}.${n}`));
});

test('a cancel is for the payment the order waits on: another pending payment of the order is refused 409 and left as it is', async () => {
  const order = await shop.order(southAfrican);
  const waiting = (await submitCard(shop, order.clientSecret)).res.body.payment;
  expect(waiting.status).toBe('PENDING');
  // Attempt 2 made at the API behind the checkout's back, pending too.
  const other = await shop.client.payments.create({
    amount: 499,
    currency: 'ZAR',
    country: 'ZA',
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    payer: southAfricanPayer,
    order_id: `${order.id}.2`,
    callback_url: `${shop.base}/callback`,
    card: visa,
  });
  expect(other.status).toBe('PENDING');
  const res = await shop.browser(`/payments/${encodeURIComponent(other.id)}/cancel`, {
    method: 'POST',
    body: JSON.stringify({ order: order.clientSecret }),
  });
  expect([res.status, res.body.error?.type]).toEqual([409, 'payment_in_progress']);
  expect((await shop.client.payments.retrieve(other.id)).status).toBe('PENDING');
  // The order still waits on its own payment: Pay answers it, nothing more is charged.
  const again = (await submitCard(shop, order.clientSecret)).res.body;
  expect([again.replayed, again.payment.id]).toEqual([true, waiting.id]);
});

test('a store restored to "open at 1" after attempt 1 was cancelled: the next Pay meets the duplicate, moves to attempt 2 under a key of its own, and is charged', async () => {
  const store = new MemoryStore();
  // A number's lease is kept for the outcome window: 1 s here, so that the restored state is all
  // that is left (as after a lost Redis).
  const own = await startShop({ store, outcomeWindowMs: 1_000 }, shop);
  try {
    const order = await own.order(southAfrican);
    const stale = (await store.getCharge(order.id))!;
    const first = (await submitCard(own, order.clientSecret)).res.body.payment;
    const done = await own.browser(`/payments/${encodeURIComponent(first.id)}/cancel`, {
      method: 'POST',
      body: JSON.stringify({ order: order.clientSecret }),
    });
    expect(done.body.payment.status).toBe('CANCELLED');
    const now = (await store.getCharge(order.id))!;
    expect(await store.swapCharge(order.id, now.rev, { ...stale, rev: 'r-restored' })).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // One submission: attempt 1 refused as a duplicate (5009), then attempt 2, its own request.
    const next = (await submitCard(own, order.clientSecret)).res;
    expect([next.status, next.body.payment?.status]).toEqual([200, 'PENDING']);
    const entries = own.sandbox
      .ledger()
      .entries.filter((e) => e.order_id?.startsWith(`${order.id}.`));
    expect(entries.map((e) => [e.order_id, e.status])).toEqual([
      [`${order.id}.1`, 'CANCELLED'],
      [`${order.id}.2`, 'PENDING'],
    ]);
  } finally {
    await own.close();
  }
});
