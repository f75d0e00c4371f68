/**
 * A path or method the API does not have: 404 with the bare text body `NOT_FOUND`, as the
 * API answers it, whatever the credentials (there is nothing there to protect). Known
 * paths keep their own answers, credentials first.
 */
import { cardPayment } from './support/client.js';
import { expect, test } from './support/fixture.js';

const unknown: [string, string][] = [
  ['GET', '/nope'],
  ['POST', '/payment'],
  ['GET', '/refunds'],
  ['DELETE', '/payments/D-1-x'],
  ['PUT', '/secure_payments'],
  ['GET', '/payments/D-1-x/status/more'],
  ['POST', '/v2/payments'],
];

for (const [method, path] of unknown) {
  test(`${method} ${path}: 404 NOT_FOUND, signed or not`, async ({ sbx }) => {
    const body = method === 'POST' || method === 'PUT' ? cardPayment() : undefined;
    const signed = await sbx.api.call(method, path, body);
    expect([signed.status, signed.body]).toEqual([404, 'NOT_FOUND']);
    expect(signed.headers.get('content-type')).toMatch(/^text\/plain/);
    const wrongKey = await sbx.api.call(method, path, body, {
      headers: { 'X-Trans-Key': 'wrong' },
    });
    expect([wrongKey.status, wrongKey.body]).toEqual([404, 'NOT_FOUND']);
    const bare = await fetch(`${sbx.running.url}${path}`, { method });
    expect([bare.status, await bare.text()]).toEqual([404, 'NOT_FOUND']);
  });
}

test('a known route keeps its own answers, its credentials checked first', async ({ sbx }) => {
  expect((await sbx.api.get('/payments/D-1-nope')).body.code).toBe(4000);
  expect(
    (await sbx.api.get('/payments/D-1-nope', { headers: { 'X-Login': 'other' } })).body,
  ).toEqual({ code: 3001, message: 'Invalid credentials' });
  expect(
    (await sbx.api.get('/payments/D-1-nope/', { headers: { 'X-Trans-Key': 'wrong' } })).status,
  ).toBe(403);
  expect((await fetch(`${sbx.running.url}/sandbox-tools/clock`)).status).toBe(200);
});
