/**
 * One contract between browser and server: every answer of the checkout routes is what
 * core's strict protocol schemas (`@paylit/core/checkout`) describe, the server reads the
 * submission with core's schema, and its errors are core's `PaylitError` with a kind.
 */
import {
  checkoutErrorAnswerSchema,
  checkoutViewSchema,
  installmentsAnswerSchema,
  paymentAnswerSchema,
  paymentStatusAnswerSchema,
  submissionSchema as coreSubmissionSchema,
} from '@paylit/core/checkout';
import { IDEMPOTENCY_KEY_MAX as coreKeyMax } from '@paylit/core/codes';
import { PaylitError } from '@paylit/core/errors';
import {
  CheckoutError,
  IDEMPOTENCY_KEY_MAX,
  PaymentsApiError,
  submissionSchema,
} from '@paylit/server';
import { IDEMPOTENCY_KEY_MAX as sandboxKeyMax } from '@paylit/sandbox';
import { expect, test } from '@playwright/test';
import { startShop, submitCard, type Shop } from './support/harness.js';

let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(() => shop.close());

test("every answer of the checkout routes parses with core's strict schemas", async () => {
  const order = await shop.order({
    amount: 1200,
    methods: ['CARD', 'PX'],
    savedWallets: [{ token: 'W-token', methodId: 'PX', name: 'Pix' }],
  });
  checkoutViewSchema.parse((await shop.browser(`/checkout?order=${order.clientSecret}`)).body);
  installmentsAnswerSchema.parse(
    (
      await shop.browser('/installments', {
        method: 'POST',
        body: JSON.stringify({ order: order.clientSecret, bin: '41111111' }),
      })
    ).body,
  );

  const { res } = await submitCard(shop, order.id);
  const paid = paymentAnswerSchema.parse(res.body);
  expect(paid.payment.status).toBe('PAID');
  // A second submission for a paid order answers that payment again.
  expect(paymentAnswerSchema.parse((await submitCard(shop, order.id)).res.body).replayed).toBe(
    true,
  );
  paymentStatusAnswerSchema.parse(
    (await shop.browser(`/payments/${paid.payment.id}?order=${order.clientSecret}`)).body,
  );

  // The card saved for the payer's next checkout, by an order that offers it: the answer
  // carries the saved card's id, in core's strict view of a payment.
  const saving = await shop.order({ offerToSaveCard: true });
  const withSave = await submitCard(shop, saving.id, {
    method: {
      ...(await submitCard(shop, (await shop.order({ offerToSaveCard: true })).id)).body.method,
      save: true,
    },
  });
  expect(withSave.res.status).toBe(200);
  expect(withSave.res.body.payment.card.card_id).toMatch(/\S/);
  expect(coreSubmissionSchema.parse(withSave.body).method).toMatchObject({
    type: 'card',
    save: true,
  });
  paymentAnswerSchema.parse(withSave.res.body);

  for (const refused of [
    await shop.browser('/checkout?order=nope'),
    await shop.browser('/installments', {
      method: 'POST',
      body: JSON.stringify({ order: order.clientSecret, bin: '4111111111111111' }),
    }),
    await shop.browser(`/payments/${paid.payment.id}?order=${(await shop.order()).clientSecret}`),
  ]) {
    expect(refused.status).toBeGreaterThanOrEqual(400);
    checkoutErrorAnswerSchema.parse(refused.body);
  }
});

test("the server reads the submission with core's schema: card data outside the JWE is an unknown field", async () => {
  expect(submissionSchema).toBe(coreSubmissionSchema);
  const order = await shop.order();
  const { body } = await submitCard(shop, order.id);
  const res = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      ...body,
      attempt: crypto.randomUUID(),
      method: { ...(body.method as object), number: '4111111111111111' },
    }),
  });
  expect(res.status).toBe(400);
  expect(checkoutErrorAnswerSchema.parse(res.body).error).toMatchObject({
    type: 'invalid_request',
    param: 'method.number',
  });
  expect(JSON.stringify(res.body)).not.toContain('4111111111111111');
});

test("the errors extend core's PaylitError with a kind; their fields and JSON are as before", () => {
  const refused = new CheckoutError(409, {
    type: 'order_mismatch',
    message: 'amount differs',
    param: 'amount',
  });
  expect(refused).toBeInstanceOf(PaylitError);
  expect(refused).toMatchObject({
    name: 'CheckoutError',
    status: 409,
    kind: 'validation',
    message: 'amount differs',
    body: { type: 'order_mismatch', message: 'amount differs', param: 'amount' },
  });
  expect(
    new CheckoutError(502, { type: 'upstream_unavailable', message: 'x', retryable: true }).kind,
  ).toBe('server');

  const api = PaymentsApiError.fromResponse(400, {
    code: 5001,
    message: 'Invalid parameter: amount',
    param: 'amount',
  });
  expect(api).toBeInstanceOf(PaylitError);
  expect(api).toMatchObject({
    name: 'PaymentsApiError',
    type: 'invalid_request_error',
    status: 400,
    code: 5001,
    param: 'amount',
    retryable: false,
    kind: 'validation',
  });
  expect(
    new PaymentsApiError({ type: 'timeout', message: 't', status: 0, retryable: true }).kind,
  ).toBe('network');
  expect(PaymentsApiError.fromResponse(403, {}).kind).toBe('configuration');
  expect(
    'cause' in
      new PaymentsApiError({ type: 'api_error', message: 'm', status: 500, retryable: true }),
  ).toBe(false);

  expect([IDEMPOTENCY_KEY_MAX, sandboxKeyMax]).toEqual([coreKeyMax, coreKeyMax]);
});
