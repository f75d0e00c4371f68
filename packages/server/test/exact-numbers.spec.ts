/**
 * The order API reads the payer's string fields sent as JSON numbers as their decimal text,
 * as the API does (core's `numberAsText`). A merchant's backend that keeps a national id as
 * a 64-bit integer writes it as a JSON number past 2^53: China's resident ID has 18 digits.
 * The text read must be the digits sent: a valid ID is taken as it is, not rounded through a
 * double into another number and then refused for a check digit it does not have.
 */
import { expect, test } from '@playwright/test';
import { startShop, uid, type Shop } from './support/harness.js';

let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(() => shop?.close());

test("an 18-digit resident ID sent as a JSON number is the payer's document, digit for digit", async () => {
  // Valid by China's ISO 7064 MOD 11-2 check digit; a double holds it as 110105194912310020.
  const digits = '110105194912310011';
  const id = uid('cn');
  const body = JSON.stringify({
    id,
    amount: 120,
    currency: 'CNY',
    country: 'CN',
    payer: { name: 'Li Wei', email: 'li@example.com', document: 'DOCUMENT' },
  }).replace('"DOCUMENT"', digits);
  const res = await fetch(`${shop.base}/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${shop.apiToken}`, 'Content-Type': 'application/json' },
    body,
  });
  const answer = (await res.json()) as {
    order?: { payer?: { document?: string } };
    error?: unknown;
  };
  expect([res.status, answer.error, answer.order?.payer?.document]).toEqual([
    201,
    undefined,
    digits,
  ]);
});

test('an amount sent as a JSON number with more decimals than a double holds is refused naming amount, not stored as its double; 100.00 and 1e2 are still 100', async () => {
  const post = (body: string) =>
    fetch(`${shop.base}/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${shop.apiToken}`, 'Content-Type': 'application/json' },
      body,
    });
  const order = (id: string) =>
    JSON.stringify({ id, amount: 'AMOUNT', currency: 'BRL', country: 'BR' });
  // 99.99999999999999999 is 100 as a double: an order of 100 would be stored.
  const id = uid('precise');
  const res = await post(order(id).replace('"AMOUNT"', '99.99999999999999999'));
  const answer = (await res.json()) as { error?: { param?: string } };
  expect([res.status, answer.error?.param]).toEqual([400, 'amount']);
  const stored = await fetch(`${shop.base}/orders/${id}`, {
    headers: { Authorization: `Bearer ${shop.apiToken}` },
  });
  expect(stored.status).toBe(404);
  // The same number's value written as a double holds it (100.00, 1e2) is the amount 100.
  for (const literal of ['100.00', '1e2', '100.000000000000000']) {
    const ok = await post(order(uid('exact')).replace('"AMOUNT"', literal));
    expect([literal, ok.status]).toEqual([literal, 201]);
  }
});
