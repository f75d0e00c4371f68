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
