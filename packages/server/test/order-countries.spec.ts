/**
 * The order API reads core's table of countries: an order in a country the API serves, in a
 * currency it takes there, with the decimals the currency has, is taken and paid through the
 * sandbox; each refusal differs from an accepted order only in the field it names.
 */
import { expect, test } from '@playwright/test';
import { payer, startShop, submitCard, uid, type Shop } from './support/harness.js';

let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(async () => {
  await shop.close();
});

async function post(body: Record<string, unknown>) {
  const res = await shop.handler.request('/orders', {
    method: 'POST',
    headers: { Authorization: `Bearer ${shop.apiToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { error?: { type: string; message: string; param?: string } };
  return { status: res.status, error: json.error };
}

const panama = {
  amount: 45.99,
  currency: 'USD',
  country: 'PA',
  payer: { ...payer, document: '8-123-4567' },
};
const chile = {
  amount: 15990,
  currency: 'CLP',
  country: 'CL',
  payer: { ...payer, document: '123456785' },
};

test('an order in Panama, in USD, is taken and paid by card through the sandbox', async () => {
  const order = await shop.order({ ...panama });
  const { res } = await submitCard(shop, order.clientSecret);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({
    payment: { status: 'PAID', amount: 45.99, currency: 'USD', country: 'PA' },
  });
  const entries = shop.sandbox
    .ledger()
    .entries.filter((e) => e.order_id?.startsWith(`${order.id}.`));
  expect(entries.map((e) => `${e.status} ${e.amount} ${e.currency} ${e.money_moved}`)).toEqual([
    'PAID 45.99 USD true',
  ]);
});

test('a country the API does not serve is refused at the order, naming country', async () => {
  expect((await post({ id: uid(), ...panama })).status).toBe(201);
  const { status, error } = await post({ id: uid(), ...panama, country: 'FR' });
  expect(status).toBe(400);
  expect(error).toMatchObject({ type: 'invalid_request', param: 'country' });
  expect(error!.message).toMatch(/^country must be a country the payments API serves \(AR, BO, BR/);
});

test('a currency the country does not take is refused, naming currency and what it takes', async () => {
  expect((await post({ id: uid(), ...chile })).status).toBe(201);
  expect((await post({ id: uid(), ...chile, currency: 'USD' })).status).toBe(201);
  expect(await post({ id: uid(), ...chile, currency: 'ARS' })).toEqual({
    status: 400,
    error: {
      type: 'invalid_request',
      param: 'currency',
      message: 'currency must be CLP or USD for payments in CL',
    },
  });
});

test('decimals a currency does not have are refused, naming amount; the same amount in USD is taken', async () => {
  expect(await post({ id: uid(), ...chile, amount: 15990.5 })).toEqual({
    status: 400,
    error: {
      type: 'invalid_request',
      param: 'amount',
      message: 'amount must be a whole number: CLP has no decimals',
    },
  });
  expect((await post({ id: uid(), ...chile, amount: 15990.5, currency: 'USD' })).status).toBe(201);
  // A card check charges nothing, whatever its amount says.
  expect((await post({ id: uid(), ...chile, amount: 15990.5, intent: 'verify' })).status).toBe(201);
});

test("a plan whose amounts have decimals the currency does not have is refused, naming the plan's field: each period would be charged in it", async () => {
  const startDate = '2030-01-15';
  const verify = { ...chile, amount: 0, intent: 'verify' as const };
  expect(
    await post({
      id: uid(),
      ...verify,
      plan: {
        frequency: 'MONTHLY',
        amount: { type: 'FIXED', value: 10990.5 },
        startDate,
        firstCharge: 'start',
      },
    }),
  ).toEqual({
    status: 400,
    error: {
      type: 'invalid_request',
      param: 'plan.amount.value',
      message: 'plan.amount.value must be a whole number: CLP has no decimals',
    },
  });
  expect(
    await post({
      id: uid(),
      ...chile,
      plan: { frequency: 'MONTHLY', amount: { type: 'VARIABLE', max: 20000.5 }, startDate },
    }),
  ).toMatchObject({ status: 400, error: { param: 'plan.amount.max' } });
  expect(
    (
      await post({
        id: uid(),
        ...verify,
        currency: 'USD',
        plan: {
          frequency: 'MONTHLY',
          amount: { type: 'FIXED', value: 10.5 },
          startDate,
          firstCharge: 'start',
        },
      })
    ).status,
  ).toBe(201);
});
