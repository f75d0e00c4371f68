/** The order API (`POST /orders`): a refusal names every missing or wrong field at once, the payer's country rules included. */
import { expect, test } from '@playwright/test';
import { payer, startShop, uid, type Shop } from './support/harness.js';

let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(async () => {
  await shop.close();
});

async function post(body: unknown): Promise<{ status: number; error: { type: string; message: string; param?: string } | undefined }> {
  const res = await shop.handler.request('/orders', { method: 'POST', headers: { Authorization: `Bearer ${shop.apiToken}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { error?: { type: string; message: string; param?: string } };
  return { status: res.status, error: json.error };
}

const address = { state: 'WC', city: 'Cape Town', zip_code: '8001', street: 'Long St', number: '1' };

test('a body with three problems gets one answer naming all three', async () => {
  const { document: _document, ...noDocument } = payer;
  const { status, error } = await post({ id: uid(), amount: -1, currency: 'reais', country: 'BR', payer: noDocument });
  expect(status).toBe(400);
  expect(error).toEqual({
    type: 'invalid_request',
    param: 'amount',
    message:
      '3 problems: amount must be a non-negative number with at most 8 integer digits and 2 decimals (10,2); ' +
      'currency must be an ISO 4217 currency code of three uppercase letters; payer.document is required',
  });
});

test('the country\'s payer rules are named with the rest, even when another field has the wrong type', async () => {
  // Brazil: a CPF or CNPJ; the amount is a word, which stops the order schema's own refinements.
  const br = await post({ id: uid(), amount: 'lots', currency: 'BRL', country: 'BR', payer: { ...payer, document: '123.456.789-00' } });
  expect(br.status).toBe(400);
  expect(br.error!.message).toMatch(/^2 problems: amount must be a number.*; payer\.document must be a CPF \(11 digits\) or a CNPJ \(14 digits\) with valid check digits in Brazil$/);
  // South Africa: the full address; an unknown field and a bad URL too.
  const za = await post({ id: uid(), amount: 499, currency: 'ZAR', country: 'ZA', payer: { ...payer, address: { city: 'Cape Town' } }, returnURL: 'https://shop.example/done' });
  expect(za.status).toBe(400);
  for (const field of ['returnURL is not a field of this request', 'payer.address.state is required for payments in ZA', 'payer.address.zip_code is required for payments in ZA', 'payer.address.street is required for payments in ZA', 'payer.address.number is required for payments in ZA']) {
    expect(za.error!.message).toContain(field);
  }
  expect(za.error!.message).toMatch(/^5 problems: /);
  // Turkey: the payer's IP. India (cross-border, the stricter reading): birth date, phone and the full address.
  expect((await post({ id: uid(), amount: 10, currency: 'TRY', country: 'TR', payer })).error!.message).toBe('payer.ip is required for payments in TR');
  const india = await post({ id: uid(), amount: 10, currency: 'INR', country: 'IN', payer: { name: 'Al', document: 'ABCDE1234F' } });
  expect(india.error!.message).toContain('payer.name must be 3 to 50 characters in India');
  for (const field of ['birth_date', 'phone', 'address']) expect(india.error!.message).toContain(`payer.${field} is required for cross-border payments in India`);
});

test('an amount of 0 is only for a verification; a single problem reads as before', async () => {
  expect(await post({ id: uid(), amount: 0, currency: 'BRL', country: 'BR', payer })).toEqual({ status: 400, error: { type: 'invalid_request', param: 'amount', message: 'amount must be greater than 0 (0 is for intent "verify", a card check)' } });
  expect((await post({ id: uid(), amount: 0, currency: 'BRL', country: 'BR', payer, intent: 'verify' })).status).toBe(201);
});

test('orders that meet their country\'s rules are stored', async () => {
  for (const order of [
    { country: 'BR', currency: 'BRL', payer },
    { country: 'ZA', currency: 'ZAR', payer: { ...payer, address } },
    { country: 'TR', currency: 'TRY', payer: { ...payer, ip: '203.0.113.7' } },
    { country: 'IN', currency: 'INR', payer: { ...payer, birth_date: '01-02-1990', phone: '+919876543210', address: { ...address, city: 'Mumbai', street: 'Marine Drive', zip_code: '400001' } } },
    { country: 'MX', currency: 'MXN', payer: { name: 'Ana López', document: 'LOAA900101' } },
  ]) {
    const res = await post({ id: uid(), amount: 10, ...order });
    expect([order.country, res.status, res.error]).toEqual([order.country, 201, undefined]);
  }
});
