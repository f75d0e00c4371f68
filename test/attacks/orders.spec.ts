/**
 * The order API and the back office, tried as a careless or hostile integration would: a paid
 * order re-posted with another amount, amounts that charge nothing written as strings, a
 * misspelt payer field, a PAID payment cancelled, and a callback that says COMPLETED for a
 * payment the API has otherwise. Against the real handler and the real sandbox over HTTP;
 * money counted in the sandbox's ledger.
 */
import { createCallbackSignature, formatXDate } from '@paylit/core/crypto';
import { MemoryStore } from '@paylit/server';
import { expect, test } from '@playwright/test';
import {
  payer,
  startShop,
  submitCard,
  type Shop,
} from '../../packages/server/test/support/harness.js';
import { report } from './support.js';

let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop({ store: new MemoryStore() });
});
test.afterAll(async () => {
  await shop.close();
});

async function api(path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${shop.base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Authorization: `Bearer ${shop.apiToken}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

function ledgerOf(orderId: string) {
  const payments = shop.sandbox
    .ledger()
    .entries.filter((e) => e.order_id?.startsWith(`${orderId}.`) && e.kind === 'payment');
  return {
    payments: payments.length,
    charged: payments.filter((e) => e.money_moved).reduce((sum, e) => sum + e.amount, 0),
  };
}

test('a paid 120 BRL order re-posted as 980', async () => {
  const order = await shop.order();
  expect((await submitCard(shop, order.clientSecret)).res.body.payment.status).toBe('PAID');
  const repost = await api('/orders', {
    id: order.id,
    amount: 980,
    currency: 'BRL',
    country: 'BR',
    payer,
  });
  const now = await api(`/orders/${order.id}`);
  const again = await submitCard(shop, order.clientSecret);
  const ledger = ledgerOf(order.id);
  report(
    're-post a paid 120 BRL order as 980, then pay it again',
    `${repost.status} ${repost.body.error?.type} (param ${repost.body.error?.param}); the order reads ${now.body.order.amount} ${now.body.order.currency}; the next submission is replayed (${again.res.body.replayed}); ledger: ${ledger.payments} payment, ${ledger.charged} BRL`,
  );
  expect([repost.status, repost.body.error?.type, repost.body.error?.param]).toEqual([
    409,
    'order_has_payment',
    'amount',
  ]);
  expect(now.body.order.amount).toBe(120);
  expect(again.res.body.replayed).toBe(true);
  expect(ledger).toEqual({ payments: 1, charged: 120 });
});

test('amounts that charge nothing, written as strings', async () => {
  const tried = ['0', '0.00', '0.001', '-5'];
  const answers = [];
  for (const amount of tried)
    answers.push(
      await api('/orders', {
        id: `zero-${crypto.randomUUID()}`,
        amount,
        currency: 'BRL',
        country: 'BR',
        payer,
      }),
    );
  report(
    `orders of ${tried.map((a) => JSON.stringify(a)).join(', ')} BRL to capture`,
    answers.map((a, i) => `${tried[i]}: ${a.status} (${a.body.error?.param})`).join('; '),
  );
  expect(answers.map((a) => [a.status, a.body.error?.param])).toEqual(
    tried.map(() => [400, 'amount']),
  );
});

test('a misspelt payer field', async () => {
  const misspelt = await api('/orders', {
    id: `typo-${crypto.randomUUID()}`,
    amount: 120,
    currency: 'BRL',
    country: 'BR',
    payer: { ...payer, emial: 'ana@example.com', address: { city: 'Recife', zipcode: '50000' } },
  });
  report(
    'an order whose payer has "emial" and an address with "zipcode"',
    `${misspelt.status}: ${misspelt.body.error?.message}`,
  );
  expect([misspelt.status, misspelt.body.error?.param]).toEqual([400, 'payer.address.zipcode']);
  expect(misspelt.body.error?.message).toBe(
    '2 problems: payer.address.zipcode is not a field of this request; payer.emial is not a field of this request',
  );
});

test('cancelling a PAID payment', async () => {
  const order = await shop.order();
  const payment = (await submitCard(shop, order.clientSecret)).res.body.payment;
  const cancel = await api(`/admin/payments/${payment.id}/cancel`, { action: crypto.randomUUID() });
  const refund = await api(`/admin/payments/${payment.id}/refunds`, {
    action: crypto.randomUUID(),
  });
  report(
    'the back office cancels a PAID payment, then refunds it',
    `cancel ${cancel.status} ${cancel.body.error?.code}: "${cancel.body.error?.message}"; refund ${refund.body.refund?.status}; ledger: ${ledgerOf(order.id).payments} payment`,
  );
  expect([cancel.status, cancel.body.error?.message]).toEqual([
    422,
    'the payment is PAID: a paid payment cannot be cancelled, only refunded',
  ]);
  expect(refund.body.refund?.status).toBe('SUCCESS');
});

test('a callback signed COMPLETED for a payment the payer refused, and one sent while the API cannot be reached', async () => {
  const order = await shop.order({
    country: 'ZA',
    currency: 'ZAR',
    payer: {
      ...payer,
      document: '8001015009087',
      address: { state: 'WC', city: 'Cape Town', zip_code: '8001', street: 'Long St', number: '1' },
    },
  });
  const pending = (await submitCard(shop, order.clientSecret)).res.body;
  await fetch(pending.nextAction.url, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'reject' }),
  });
  const date = formatXDate(shop.sandbox.clock.now());
  const { login, secretKey } = shop.sandbox.credentials;
  const paymentId = pending.payment.id;
  const form = {
    paymentId,
    status: 'COMPLETED',
    date,
    signature: await createCallbackSignature({
      login,
      secretKey,
      date,
      status: 'COMPLETED',
      paymentId,
    }),
  };
  const post = () =>
    fetch(`${shop.base}/callback`, {
      method: 'POST',
      body: new URLSearchParams(form),
      redirect: 'manual',
    });
  await fetch(`${shop.sandboxUrl}/sandbox-tools/faults`, {
    method: 'POST',
    body: JSON.stringify({
      path: `/payments/${paymentId}`,
      method: 'GET',
      kind: 'status',
      status: 503,
      count: 20,
    }),
  });
  const down = await post();
  await fetch(`${shop.sandboxUrl}/sandbox-tools/faults`, { method: 'DELETE' });
  const up = await post();
  const status = new URL(up.headers.get('location') ?? 'http://invalid/').searchParams.get(
    'status',
  );
  report(
    'a correctly signed callback saying COMPLETED for a payment the payer rejected, first while the status lookup fails',
    `API down: ${down.status}, no redirect (${down.headers.get('location') === null}); API up: ${up.status} to the return page with status=${status}; ledger: ${ledgerOf(order.id).charged} ZAR charged`,
  );
  expect([down.status, down.headers.get('location')]).toEqual([502, null]);
  expect([up.status, status]).toEqual([303, 'REJECTED']);
  expect(ledgerOf(order.id).charged).toBe(0);
});
