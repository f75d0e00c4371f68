/**
 * `POST /installments-plans` takes an amount as a payment does: one with more decimals than
 * its currency has (CLP and COP have none) is refused, 400 / 5001 `amount`, as a payment, a
 * capture and a refund of it are (the README: "the sandbox never charges an amount other than
 * the one asked"). It was answered a plan whose single payment was 1,001 for 1,000.5 asked: a
 * total the payment can never have, since the payment of 1,000.5 itself is refused.
 */
import { cardPayment, orderId } from './support/client.js';
import { expect, test } from './support/fixture.js';

for (const { country, currency } of [
  { country: 'CL', currency: 'CLP' },
  { country: 'CO', currency: 'COP' },
]) {
  test(`a plan for 1000.5 ${currency} is refused, 400 / 5001 amount, as the payment of it is`, async ({
    sbx,
  }) => {
    const payment = await sbx.api.post(
      '/secure_payments',
      cardPayment({ country, currency, amount: 1000.5, order_id: orderId('plan-digits') }),
    );
    expect([payment.status, payment.body.code, payment.body.param]).toEqual([400, 5001, 'amount']);
    const plan = await sbx.api.post('/installments-plans', {
      country,
      bin: '411111',
      amount: 1000.5,
      currency,
    });
    expect([plan.status, plan.body.code, plan.body.param], JSON.stringify(plan.body)).toEqual([
      400,
      5001,
      'amount',
    ]);
    // A whole amount still has its plan, each total at least the amount.
    const whole = await sbx.api.post('/installments-plans', {
      country,
      bin: '411111',
      amount: 1000,
      currency,
    });
    expect(whole.status).toBe(200);
    expect(whole.body.installments[0]).toMatchObject({ installments: 1, total_amount: 1000 });
  });
}
