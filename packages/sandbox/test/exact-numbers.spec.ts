/**
 * A string field sent as a JSON number is read as its decimal text (the wire dialect:
 * `"order_id": 1547451845` is the order `"1547451845"`). Merchants number orders with 64-bit
 * ids (snowflakes, database sequences), and a client in a language with 64-bit integers
 * (Python, Java, Go) writes them as JSON numbers past 2^53. The text read must be the digits
 * sent, not a double's rounding of them: two orders one apart are two orders, and the order
 * is found under the id the merchant sent.
 */
import { cardPayment } from './support/client.js';
import { expect, test } from './support/fixture.js';

/** A body whose `order_id` is the JSON number `digits`, exactly as a 64-bit client writes it. */
function withNumericOrderId(digits: string): string {
  return JSON.stringify(cardPayment({ order_id: 'ORDER_ID' })).replace('"ORDER_ID"', digits);
}

test('an order_id sent as a 64-bit JSON number is its exact digits: two ids one apart are two orders', async ({
  sbx,
}) => {
  // Past Number.MAX_SAFE_INTEGER (9007199254740991): a double cannot hold these two apart.
  const base = 1_800_000_000_000_000_000n + BigInt(Date.now()) * 1000n;
  const first = base.toString();
  const second = (base + 1n).toString();

  const one = await sbx.api.post('/secure_payments', undefined, {
    rawBody: withNumericOrderId(first),
  });
  expect([one.status, one.body.status, one.body.order_id]).toEqual([200, 'PAID', first]);

  const two = await sbx.api.post('/secure_payments', undefined, {
    rawBody: withNumericOrderId(second),
  });
  expect([two.status, two.body.status, two.body.order_id]).toEqual([200, 'PAID', second]);

  // Each is found under the id its merchant sent.
  const found = await sbx.api.get(`/orders/${first}`);
  expect([found.status, found.body.payment_id]).toEqual([200, one.body.id]);
  expect(sbx.sandbox.ledger({ order_id: second })).toMatchObject({ money_moved: 1 });
});

test('a 64-bit payer.document or address number sent as a JSON number keeps its digits too', async ({
  sbx,
}) => {
  // Mexico takes documents by length; eighteen digits, past 2^53.
  const digits = '184853849123456789';
  const body = JSON.stringify(
    cardPayment({
      country: 'MX',
      currency: 'MXN',
      payer: {
        name: 'Ana Lopez',
        email: 'ana@example.com',
        document: 'DOC',
        address: { street: 'Reforma', number: 'NUM', city: 'CDMX', state: 'CX', zip_code: '06600' },
      },
    }),
  )
    .replace('"DOC"', digits)
    .replace('"NUM"', digits);
  const paid = await sbx.api.post('/secure_payments', undefined, { rawBody: body });
  expect(paid.status).toBe(200);
  const risk = await sbx.api.get(`/sandbox-tools/risk?payment_id=${paid.body.id}`);
  expect([risk.body.payer?.document, risk.body.payer?.address?.number]).toEqual([digits, digits]);
});
