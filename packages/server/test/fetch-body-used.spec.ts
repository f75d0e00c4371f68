/**
 * The fetch handler (`handler.fetch(request)`) handed a Request whose body the merchant's framework
 * already read (a middleware's `await request.json()`): the merchant's log says so and names the
 * fix, as the Node adapter does for a body parser, not "ReadableStream is locked".
 */
import { createCheckoutHandler, MemoryStore } from '@paylit/server';
import { expect, test } from '@playwright/test';
import { payer, startSandbox, type Harness } from './support/harness.js';

let h: Harness;
test.beforeAll(async () => {
  h = await startSandbox();
});
test.afterAll(() => h?.close());

test('a Request whose body was already read: a 500 whose logged error says the body was read first and names request.clone()', async () => {
  const errors: unknown[] = [];
  const handler = createCheckoutHandler({
    client: h.client,
    publicKey: h.sandbox.publicJwk,
    publicUrl: 'https://shop.example/paylit',
    returnUrl: 'https://shop.example/return',
    allowedOrigins: ['https://shop.example'],
    store: new MemoryStore(),
    apiToken: 'merchant-token-0123456789',
    clientAddress: () => '203.0.113.9',
    onError: (e) => void errors.push(e),
  });
  const request = new Request('https://shop.example/paylit/orders', {
    method: 'POST',
    headers: {
      Authorization: 'Bearer merchant-token-0123456789',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      id: `USED-${Date.now()}`,
      amount: 120,
      currency: 'BRL',
      country: 'BR',
      payer,
    }),
  });
  await request.json(); // the framework's middleware
  const answer = await handler.fetch(request);
  expect(answer.status).toBe(500);
  expect(errors).toHaveLength(1);
  expect(String((errors[0] as Error).message)).toMatch(
    /POST \S*\/orders: the request's body was read before paylit got it.*clone\(\)/,
  );
});
