/**
 * An enrollment's `subscription.amount` bounds are amounts in the local currency (the spec's
 * Enrollment table). In a currency without decimals (CLP) a bound of 10.5 is no amount the API
 * could charge: refused, 400 / 5001 naming it, as a payment of 10.5 CLP is. It was taken, and
 * then a FIXED 10.5 was charged 11 ("exactly its value" compared in whole pesos) while 10 and
 * 10.5 were refused: the payer charged another amount than the mandate states.
 */
import { cardPayment, orderId, payerIn } from './support/client.js';
import { expect, test } from './support/fixture.js';

const payer = payerIn('CL');
const monthly = { frequency: 'MONTHLY', start_date: '2030-01-01' };

test('an enrollment in CLP whose bound has decimals is refused, naming the bound', async ({
  sbx,
}) => {
  for (const [amount, param] of [
    [{ type: 'FIXED', value: 10.5 }, 'subscription.amount.value'],
    [{ type: 'VARIABLE', min_value: 1.5, max_value: 20 }, 'subscription.amount.min_value'],
    [{ type: 'VARIABLE', min_value: 1, max_value: '20.5' }, 'subscription.amount.max_value'],
  ] as const) {
    const res = await sbx.api.post('/enrollments', {
      country: 'CL',
      payer,
      external_id: orderId('sub'),
      type: 'MERCHANT_SUBSCRIPTION',
      subscription: { ...monthly, amount },
    });
    expect([res.status, res.body.code, res.body.param], JSON.stringify(res.body)).toEqual([
      400,
      5001,
      param,
    ]);
  }
});

test('an enrollment with the first payment in CLP: a bound with decimals is refused and nothing is charged', async ({
  sbx,
}) => {
  const order_id = orderId('sub-first');
  const res = await sbx.api.post(
    '/secure_payments',
    cardPayment({
      country: 'CL',
      currency: 'CLP',
      amount: 10,
      order_id,
      enrollment: {
        external_id: orderId('sub'),
        type: 'MERCHANT_SUBSCRIPTION',
        subscription: { ...monthly, amount: { type: 'FIXED', value: 10.5 } },
      },
    }),
  );
  expect([res.status, res.body.code, res.body.param], JSON.stringify(res.body)).toEqual([
    400,
    5001,
    'enrollment.subscription.amount.value',
  ]);
  expect(sbx.sandbox.ledger({ order_id })).toMatchObject({ money_moved: 0, charged: 0 });
});

test('a whole FIXED 10 CLP is charged 10 and nothing else', async ({ sbx }) => {
  const created = await sbx.api.post('/enrollments', {
    country: 'CL',
    payer,
    external_id: orderId('sub'),
    type: 'MERCHANT_SUBSCRIPTION',
    subscription: { ...monthly, amount: { type: 'FIXED', value: 10 } },
  });
  expect(created.status).toBe(200);
  const charge = (amount: number) =>
    sbx.api.post(
      '/payments',
      cardPayment({
        country: 'CL',
        currency: 'CLP',
        amount,
        card: undefined,
        enrollment: { id: created.body.id },
      }),
    );
  expect((await charge(11)).body).toMatchObject({ code: 5001, param: 'amount' });
  expect((await charge(10)).body).toMatchObject({ status: 'PAID', amount: 10 });
});
