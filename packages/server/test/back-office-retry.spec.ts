/**
 * The back office's retry of one operator action (the same `action` id, kept across the
 * click's retries) after the API refused it: a refund clicked while the Pix was still PENDING
 * (5002), then clicked again once the payer paid. The API answers a repeated idempotency key
 * with its first response, so the retry was answered with the old refusal, said as "the
 * status does not allow this; the payment is PAID". A refused request moved nothing: the
 * retry refunds, once, counted in the sandbox's ledger. The same once the server's store is
 * lost between the clicks: which key the retry used was only in the store.
 */
import { MemoryStore, type Transport } from '@paylit/server';
import { nodeTransport } from '@paylit/server/node';
import { expect, test } from '@playwright/test';
import { payer, settleInSandbox, startShop, uid, type Shop } from './support/harness.js';

let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(async () => {
  await shop.close();
});

async function refund(action: string, paymentId: string, at: Shop = shop, amount?: number) {
  const res = await fetch(`${at.base}/admin/payments/${paymentId}/refunds`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${shop.apiToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ action, amount }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function pendingPix() {
  const pix = await shop.client.payments.create({
    amount: 50,
    currency: 'BRL',
    country: 'BR',
    payment_method_id: 'PQ',
    payment_method_flow: 'DIRECT',
    payer,
    order_id: uid('pix'),
  });
  expect(pix.status).toBe('PENDING');
  return pix;
}

test('a refund refused while the Pix was PENDING, retried with the same action once it is PAID: refunded once', async () => {
  const pix = await pendingPix();
  const action = `refund-${crypto.randomUUID()}`;
  const early = await refund(action, pix.id);
  expect(early.status).toBe(422);
  expect(early.body.error.code).toBe(5002);
  await settleInSandbox(shop, pix.id);
  const retried = await refund(action, pix.id);
  expect(retried.status, JSON.stringify(retried.body)).toBe(200);
  expect(retried.body.refund).toMatchObject({ payment_id: pix.id });
  // The click's own retry after that answers the same refund, and nothing more is refunded.
  const again = await refund(action, pix.id);
  expect(again.body.refund?.id).toBe(retried.body.refund.id);
  const entries = shop.sandbox.ledger({ payment_id: pix.id }).entries;
  expect(entries.filter((e) => e.kind === 'refund')).toHaveLength(1);
});

test("the same, then the store lost (a restart on the memory store, Redis flushed): the click's retry answers the refund made, not the old refusal", async () => {
  const pix = await pendingPix();
  const action = `refund-${crypto.randomUUID()}`;
  expect((await refund(action, pix.id)).body.error.code).toBe(5002);
  await settleInSandbox(shop, pix.id);
  const made = await refund(action, pix.id);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  // The server again, its store empty, against the same API (the same credentials, so the same
  // keys) and at the same address (the refund's notification_url, which the key's body holds).
  const restarted = await startShop({ publicUrl: shop.base }, shop);
  try {
    const retried = await refund(action, pix.id, restarted);
    // On main: 422 5002 "the payment's status does not allow this …; the payment is PAID", the
    // refusal the API keeps for the first key; an operator told so refunds again with a new action.
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.refund?.id).toBe(made.body.refund.id);
    const entries = shop.sandbox.ledger({ payment_id: pix.id }).entries;
    expect(entries.filter((e) => e.kind === 'refund')).toHaveLength(1);
  } finally {
    await restarted.close();
  }
});

test('one action retried on two instances of one store whose publicUrl differs (the refund notification_url in the body): refunded once', async () => {
  // Two instances of one shop on one store, each with its own publicUrl (its own default, or a
  // publicUrl changed between a refund and its retry): the same action sends the API the same
  // key with another body. The API refuses that request (400 / 5001 X-Idempotency-Key) and does
  // nothing with it, but the operation under the key was done.
  const store = new MemoryStore();
  const first = await startShop({ store }, shop);
  const second = await startShop({ store }, shop);
  try {
    const pix = await pendingPix();
    await settleInSandbox(shop, pix.id);
    const action = `refund-${crypto.randomUUID()}`;
    // A partial refund (20 of 50), so that a second one is not stopped by the amount left.
    const made = await refund(action, pix.id, first, 20);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // On main: 422 payment_refused "Invalid parameter: X-Idempotency-Key", and the key is
    // recorded as refused, so the next retry of the same action, on either instance, refunds again.
    const elsewhere = await refund(action, pix.id, second, 20);
    const retried = await refund(action, pix.id, first, 20);
    const again = await refund(action, pix.id, second, 20);
    const entries = shop.sandbox.ledger({ payment_id: pix.id }).entries;
    expect(entries.filter((e) => e.kind === 'refund')).toHaveLength(1);
    // The instance whose body the API refused says the key is taken, not that the refund was refused.
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(409);
    expect(elsewhere.body.error.type).toBe('idempotency_key_reused');
    expect(again.status).toBe(409);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.refund?.id).toBe(made.body.refund.id);
  } finally {
    await first.close();
    await second.close();
  }
});

test('one action id is one operation: the same id for a refund of another amount is refused here, before the API, and refunds nothing more', async () => {
  const pix = await pendingPix();
  await settleInSandbox(shop, pix.id);
  const action = `act-${crypto.randomUUID()}`;
  const first = await refund(action, pix.id, shop, 10);
  expect([first.status, first.body.refund?.amount]).toEqual([200, 10]);
  const other = await refund(action, pix.id, shop, 20);
  expect([other.status, other.body.error?.type, other.body.error?.param]).toEqual([
    409,
    'idempotency_key_reused',
    'action',
  ]);
  const refunds = shop.sandbox
    .ledger()
    .entries.filter((e) => e.kind === 'refund' && e.payment_id === pix.id);
  expect(refunds.map((e) => e.amount)).toEqual([10]);
});

test('two operator actions on one payment at once run one at a time: the API never has two of its refunds in flight', async () => {
  const node = nodeTransport();
  let inFlight = 0;
  let most = 0;
  const transport: Transport = async (request) => {
    if (request.method !== 'POST' || new URL(request.url).pathname !== '/refunds')
      return node(request);
    most = Math.max(most, ++inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return await node(request);
    } finally {
      inFlight--;
    }
  };
  const own = await startShop({ client: shop.clientFor({ transport }) }, shop);
  try {
    const pix = await pendingPix();
    await settleInSandbox(shop, pix.id);
    const [a, b] = await Promise.all([
      refund(`act-${crypto.randomUUID()}`, pix.id, own, 10),
      refund(`act-${crypto.randomUUID()}`, pix.id, own, 15),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(most).toBe(1);
  } finally {
    await own.close();
  }
});
