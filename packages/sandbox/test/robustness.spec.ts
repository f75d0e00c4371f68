/**
 * Bad input of any kind gets the API's error body with a code and a message: never a 500
 * for a request the sandbox could parse, never a crash.
 */
import fc from 'fast-check';
import { cardPayment } from './support/client.js';
import { expect, test, unexpected } from './support/fixture.js';
import { scaled } from '../../../test/support/time.mjs';

const endpoints: [method: string, path: string][] = [
  ['POST', '/payments'],
  ['POST', '/secure_payments'],
  ['POST', '/payments/D-1-x/cancel'],
  ['POST', '/refunds'],
  ['POST', '/secure_cards'],
  ['POST', '/installments-plans'],
  ['POST', '/enrollments'],
  ['POST', '/sandbox-tools/payments'],
  ['POST', '/sandbox-tools/faults'],
  ['POST', '/sandbox-tools/card-tokens'],
  ['POST', '/sandbox-tools/chargebacks'],
  ['POST', '/sandbox-tools/clock'],
];

/** JSON bodies: anything, and near-valid payments with one field replaced by anything. */
const json = fc.jsonValue();
const nearPayment = fc
  .tuple(
    fc.constantFrom(
      'amount',
      'currency',
      'country',
      'payer',
      'card',
      'card.number',
      'card.encrypted_data',
      'card.installments',
      'wallet',
      'enrollment',
      'payment_method_flow',
      'payment_method_id',
      'three_dsecure',
      'splits',
    ),
    json,
  )
  .map(([path, value]) => {
    // A copy: cardPayment() shares its payer and card with every other spec of the worker.
    const body: Record<string, any> = structuredClone(cardPayment());
    const keys = path.split('.');
    let node = body;
    for (const k of keys.slice(0, -1)) node = node[k];
    node[keys[keys.length - 1]!] = value;
    return body;
  });

test('signed requests with random JSON bodies get an error body, never a 500', async ({ sbx }) => {
  test.setTimeout(scaled(20_000)); // fast-check's random bodies, each a signed request
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...endpoints),
      fc.oneof(json, nearPayment),
      async ([method, path], body) => {
        const res = await sbx.api.call(method, path, body);
        expect(res.status, `${method} ${path} ${JSON.stringify(body).slice(0, 200)}`).toBeLessThan(
          500,
        );
        if (res.status >= 400) {
          expect(typeof res.body.code).toBe('number');
          expect(typeof res.body.message).toBe('string');
        }
      },
    ),
    { numRuns: 400 },
  );
  expect(unexpected).toEqual([]);
});

test('raw bytes that are not JSON, unknown paths, huge bodies and strange ids', async ({ sbx }) => {
  for (const raw of [
    '',
    '{',
    'null',
    '[]',
    '"x"',
    '\u0000',
    '{"amount": 1e999}',
    '{"__proto__": {"admin": true}}',
  ]) {
    const res = await sbx.api.post('/secure_payments', undefined, {
      rawBody: raw,
      headers: raw ? { 'Content-Type': 'application/json' } : {},
    });
    expect(res.status, raw).toBeLessThan(500);
    expect(res.body.code, raw).toBeGreaterThanOrEqual(5000);
  }
  const unknown = await sbx.api.get('/nothing/here');
  expect([unknown.status, unknown.body]).toEqual([404, 'NOT_FOUND']);
  const huge = await sbx.api.post('/secure_payments', {
    ...cardPayment(),
    description: 'x'.repeat(2 * 1024 * 1024),
  });
  expect([huge.status, huge.body.code]).toEqual([413, 5000]);
  for (const id of ['%00', '..%2F..%2Fetc', 'a'.repeat(5000), '%F0%9F%92%B3']) {
    const res = await sbx.api.get(`/payments/${id}`);
    expect(res.status, id).toBeLessThan(500);
  }
  expect(unexpected).toEqual([]);
});

test('the pages refuse what they do not know without failing', async ({ sbx }) => {
  for (const path of [
    '/sandbox-pages/3ds/nope',
    '/sandbox-pages/redirect/nope?t=x',
    '/sandbox-pages/enrollment/nope',
  ]) {
    expect((await fetch(`${sbx.running.url}${path}`)).status, path).toBe(410);
    expect(
      (
        await fetch(`${sbx.running.url}${path}`, {
          method: 'POST',
          body: new URLSearchParams({ outcome: 'approve' }),
        })
      ).status,
      path,
    ).toBe(410);
    expect(
      (
        await fetch(`${sbx.running.url}${path}`, {
          method: 'POST',
          body: 'garbage',
          headers: { 'Content-Type': 'application/json' },
        })
      ).status,
      path,
    ).toBeLessThan(500);
  }
  expect(unexpected).toEqual([]);
});
