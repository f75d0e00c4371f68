/**
 * A capture may carry its own `order_id` (the spec's capture body: "Merchant's external id of
 * the capture"), and its record echoes it. `GET /orders/{order_id}` finds a payment by its
 * merchant order id, so it finds that capture too. It answered 404 / 4000 "Payment not
 * found" for an order id the sandbox's own record carries. The authorization's order id still
 * answers the authorization, and a capture without an order id of its own changes nothing.
 */
import { cardPayment, orderId, visa } from './support/client.js';
import { expect, test } from './support/fixture.js';

test("a capture's own order_id is found by GET /orders/{order_id}", async ({ sbx }) => {
  const auth = await sbx.api.post(
    '/secure_payments',
    cardPayment({ amount: 100, card: { ...visa, capture: false } }),
  );
  expect(auth.body.status).toBe('AUTHORIZED');
  const plain = await sbx.api.post('/payments', {
    authorization_id: auth.body.id,
    amount: 30,
    currency: 'BRL',
  });
  const own = orderId('capture');
  const capture = await sbx.api.post('/payments', {
    authorization_id: auth.body.id,
    amount: 40,
    currency: 'BRL',
    order_id: own,
  });
  expect(capture.body).toMatchObject({ status: 'PAID', order_id: own });

  const found = await sbx.api.get(`/orders/${own}`);
  expect([found.status, found.body], JSON.stringify(found.body)).toEqual([
    200,
    {
      order_id: own,
      payment_id: capture.body.id,
      currency: 'BRL',
      amount: 40,
      created_date: capture.body.created_date,
      approved_date: capture.body.approved_date,
      status: 'PAID',
      status_detail: capture.body.status_detail,
      status_code: '200',
    },
  ]);
  const first = await sbx.api.get(`/orders/${auth.body.order_id}`);
  expect(first.body.payment_id).toBe(auth.body.id);
  expect(plain.body.order_id).toBe(auth.body.order_id);
});

test("a capture given another payment's order id does not hide that payment, nor block a new one", async ({
  sbx,
}) => {
  const paid = await sbx.api.post('/secure_payments', cardPayment());
  const auth = await sbx.api.post(
    '/secure_payments',
    cardPayment({ card: { ...visa, capture: false } }),
  );
  const capture = await sbx.api.post('/payments', {
    authorization_id: auth.body.id,
    order_id: paid.body.order_id,
  });
  expect(capture.body).toMatchObject({ status: 'PAID', order_id: paid.body.order_id });
  expect((await sbx.api.get(`/orders/${paid.body.order_id}`)).body.payment_id).toBe(paid.body.id);

  // A capture's own order id is no payment's: a payment may still take it (as before).
  const own = orderId('capture');
  const auth2 = await sbx.api.post(
    '/secure_payments',
    cardPayment({ card: { ...visa, capture: false } }),
  );
  await sbx.api.post('/payments', { authorization_id: auth2.body.id, order_id: own });
  const later = await sbx.api.post('/secure_payments', cardPayment({ order_id: own }));
  expect(later.body.status).toBe('PAID');
  expect((await sbx.api.get(`/orders/${own}`)).body.payment_id).toBe(later.body.id);
});
