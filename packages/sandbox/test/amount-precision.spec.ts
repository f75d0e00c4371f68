/**
 * An `amount` is "Length 10,2": at most 2 decimals, and none in a currency that has none. The
 * sandbox "never charges an amount other than the one asked" (its README). Written as a decimal
 * string with more decimals than that, an amount a double cannot hold apart from a valid one
 * (`"99.99999999999999999"` is 100 as a double) is still an amount of 17 decimals: refused,
 * 400 / 5001 `amount`, and nothing charged, as `"99.999"` is.
 */
import { cardPayment, orderId } from './support/client.js';
import { expect, test } from './support/fixture.js';

const cases = [
  { country: 'CL', currency: 'CLP', amount: '99.99999999999999999' },
  { country: 'BR', currency: 'BRL', amount: '100.0000000000000001' },
  { country: 'BR', currency: 'BRL', amount: '120.009999999999999999' },
];

for (const { country, currency, amount } of cases) {
  test(`${amount} ${currency} as a decimal string is refused, not charged as its double`, async ({
    sbx,
  }) => {
    const order_id = orderId('precise');
    const res = await sbx.api.post(
      '/secure_payments',
      cardPayment({ country, currency, amount, order_id }),
    );
    expect([res.status, res.body.code, res.body.param]).toEqual([400, 5001, 'amount']);
    expect(sbx.sandbox.ledger({ order_id })).toMatchObject({ money_moved: 0, charged: 0 });
  });
}

for (const { country, currency, amount } of cases) {
  test(`${amount} ${currency} as a JSON number is refused, not charged as its double`, async ({
    sbx,
  }) => {
    const order_id = orderId('precise');
    const rawBody = JSON.stringify(
      cardPayment({ country, currency, amount: 'AMOUNT', order_id }),
    ).replace('"AMOUNT"', amount);
    const res = await sbx.api.post('/secure_payments', undefined, { rawBody });
    expect([res.status, res.body.code, res.body.param]).toEqual([400, 5001, 'amount']);
    expect(sbx.sandbox.ledger({ order_id })).toMatchObject({ money_moved: 0, charged: 0 });
  });
}
