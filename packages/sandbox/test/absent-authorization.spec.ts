/**
 * `POST /payments` is both a payment (token, card_id, wallet, REDIRECT) and a capture (a body
 * with `authorization_id`). In the wire dialect `null` is absent, and so is `""` for an optional
 * value: clients that write every field of their model send `"authorization_id": null`
 * (Jackson's and Json.NET's defaults) or `"authorization_id": ""` (a Go struct without
 * `omitempty`) in a plain payment. Such a body is a payment, paid as the same body without
 * the field is; only an `authorization_id` with a value makes it a capture.
 */
import { cardPayment, visa } from './support/client.js';
import { expect, test, type SandboxFixture } from './support/fixture.js';

async function token(sbx: SandboxFixture): Promise<string> {
  const made = await sbx.api.post('/sandbox-tools/card-tokens', { card: visa });
  expect(made.status).toBe(201);
  return made.body.token;
}

for (const [label, value] of [
  ['null', null],
  ['""', ''],
] as const) {
  test(`a token payment on /payments with "authorization_id": ${label} is a payment, not a capture`, async ({
    sbx,
  }) => {
    const body = cardPayment({ card: { token: await token(sbx) }, authorization_id: value });
    const paid = await sbx.api.post('/payments', body);
    expect([paid.status, paid.body.status, paid.body.order_id, paid.body.authorization_id]).toEqual(
      [200, 'PAID', body.order_id, undefined],
    );
    expect(sbx.sandbox.ledger({ order_id: body.order_id as string })).toMatchObject({
      money_moved: 1,
    });
  });
}

test('an authorization_id with a value is still a capture, and a capture with null amount and currency captures in full', async ({
  sbx,
}) => {
  const auth = await sbx.api.post(
    '/secure_payments',
    cardPayment({ card: { ...visa, capture: false } }),
  );
  expect(auth.body.status).toBe('AUTHORIZED');
  const captured = await sbx.api.post('/payments', {
    authorization_id: auth.body.id,
    amount: null,
    currency: null,
  });
  expect([captured.status, captured.body.status, captured.body.authorization_id]).toEqual([
    200,
    'PAID',
    auth.body.id,
  ]);
  expect(captured.body.amount).toBe(auth.body.amount);
});
