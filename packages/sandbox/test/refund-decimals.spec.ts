/**
 * A refund in a currency without decimals (CLP, COP, PYG, JPY, IDR, VND) that carries
 * decimals is refused 400 / 5001 `amount`, as a payment and a capture are: the sandbox never
 * moves an amount other than the one asked. Before, `"amount": 10.5` on a 15,990 CLP payment
 * refunded 11 CLP (and 0.4 CLP was answered 5007 "Amount exceeded").
 */
import { cardPayment, orderId } from './support/client.js';
import { expect, test } from './support/fixture.js';

test('a refund of 10.5 CLP is refused naming amount, and nothing is refunded; 11 CLP is refunded as asked', async ({
  sbx,
}) => {
  const paid = (
    await sbx.api.post(
      '/secure_payments',
      cardPayment({ amount: 15990, currency: 'CLP', country: 'CL', order_id: orderId('clp') }),
    )
  ).body;
  expect(paid.status).toBe('PAID');
  const notification_url = `${sbx.receiver.url}/refunds`;
  for (const amount of [10.5, 0.4, '10.5']) {
    const res = await sbx.api.post('/refunds', {
      payment_id: paid.id,
      notification_url,
      amount,
      currency: 'CLP',
    });
    expect([res.status, res.body]).toEqual([
      400,
      { code: 5001, message: 'Invalid parameter: amount', param: 'amount' },
    ]);
  }
  expect((await sbx.api.get(`/payments/${paid.id}`)).body.refunds ?? []).toEqual([]);
  const whole = await sbx.api.post('/refunds', {
    payment_id: paid.id,
    notification_url,
    amount: 11,
    currency: 'CLP',
  });
  expect([whole.status, whole.body.amount]).toEqual([200, 11]);
});
