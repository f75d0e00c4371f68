/**
 * The installments an order fixes, tried by a shopper who edits the submission: an order made
 * with `installments: false` (the merchant offers no plan, and `POST /installments` answers
 * `plan: null`) submitted with `method.installments: "12"` all the same. Against the real
 * handler and the real sandbox over HTTP; money counted in the sandbox's ledger.
 */
import { MemoryStore } from '@paylit/server';
import { expect, test } from '@playwright/test';
import { startShop, submitCard, type Shop } from '../../packages/server/test/support/harness.js';
import { report } from './support.js';

let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop({ store: new MemoryStore() });
});
test.afterAll(async () => {
  await shop.close();
});

function paymentsOf(orderId: string) {
  return shop.sandbox
    .ledger()
    .entries.filter((e) => e.order_id?.startsWith(`${orderId}.`) && e.kind === 'payment');
}

test('an order without installments, paid in 12 by a submission that names them', async () => {
  const order = await shop.order({ amount: 1200, installments: false });
  const plans = await shop.browser('/installments', {
    method: 'POST',
    body: JSON.stringify({ order: order.clientSecret, bin: '411111' }),
  });
  const submit = async (installments: string) =>
    (await submitCard(shop, order.clientSecret, { method: { installments } })).res;
  const twelve = await submit('12');
  const payments = paymentsOf(order.id);
  report(
    'an order made with installments: false (POST /installments answers plan null), submitted with method.installments "12" and no plan id',
    `${twelve.status} ${twelve.body.error?.type ?? twelve.body.payment?.status} (param ${twelve.body.error?.param}, card.installments ${twelve.body.payment?.card?.installments}); ledger: ${payments.length} payment(s)`,
  );
  expect(plans.body.plan).toBeNull();
  expect([twelve.status, twelve.body.error?.type, twelve.body.error?.param]).toEqual([
    403,
    'forbidden',
    'method.installments',
  ]);
  expect(payments).toHaveLength(0);
  // The single payment the order offers is still paid.
  const one = await submit('1');
  expect(one.body.payment?.status).toBe('PAID');
  expect(paymentsOf(order.id).map((e) => e.amount)).toEqual([1200]);
});

test('an order that offers plans: a count with no plan id, and a plan option sent with another count, are refused naming the field; the option with its own count is paid', async () => {
  const order = await shop.order({ amount: 1200 });
  const plans = await shop.browser('/installments', {
    method: 'POST',
    body: JSON.stringify({ order: order.clientSecret, bin: '411111' }),
  });
  const options = plans.body.plan.installments as { id: string; installments: number }[];
  const three = options.find((o) => o.installments === 3)!;
  const six = options.find((o) => o.installments === 6)!;
  expect([three, six].every(Boolean)).toBe(true);
  const submit = async (method: Record<string, string>) =>
    (await submitCard(shop, order.clientSecret, { method })).res;
  // The API would charge its own plan for the count, not the one the shopper was shown.
  const bare = await submit({ installments: '3' });
  // The option of 3 with a count of 6: the API takes any count its plan offers.
  const mixed = await submit({ installments: '6', installmentsId: three.id });
  const refused = paymentsOf(order.id);
  report(
    'an order that offers plans, submitted with method.installments "3" and no plan id, then with the option of 3 and installments "6"',
    `${bare.status} (param ${bare.body.error?.param}) and ${mixed.status} (param ${mixed.body.error?.param}); ledger: ${refused.length} payment(s)`,
  );
  expect([bare.status, bare.body.error?.type, bare.body.error?.param]).toEqual([
    400,
    'invalid_request',
    'method.installmentsId',
  ]);
  expect([mixed.status, mixed.body.error?.type, mixed.body.error?.param]).toEqual([
    400,
    'invalid_request',
    'method.installments',
  ]);
  expect(refused).toHaveLength(0);
  const paid = await submit({ installments: '3', installmentsId: three.id });
  expect(paid.body.payment?.status).toBe('PAID');
  expect(paymentsOf(order.id)).toHaveLength(1);
});
