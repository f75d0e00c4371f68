/**
 * Unknown routes (api-behaviour.md, "Errors"): 400 / 5000, the table's status for
 * "Invalid request", and only after the credentials, so bad credentials are 403 / 3001 on
 * any path, known or not.
 */
import { cardPayment } from './support/client.js';
import { expect, test } from './support/fixture.js';

const invalidRequest = { code: 5000, message: 'Invalid request' };
const invalidCredentials = { code: 3001, message: 'Invalid credentials' };

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
  test(`${method} ${path}: 400 / 5000 when signed, 403 / 3001 when not`, async ({ sbx }) => {
    const body = method === 'POST' || method === 'PUT' ? cardPayment() : undefined;
    const signed = await sbx.api.call(method, path, body);
    expect([signed.status, signed.body]).toEqual([400, invalidRequest]);
    expect(signed.headers.get('content-type')).toBe('application/json;charset=utf-8');
    const wrongKey = await sbx.api.call(method, path, body, { headers: { 'X-Trans-Key': 'wrong' } });
    expect([wrongKey.status, wrongKey.body]).toEqual([403, invalidCredentials]);
    const bare = await fetch(`${sbx.running.url}${path}`, { method });
    expect([bare.status, await bare.json()]).toEqual([403, invalidCredentials]);
  });
}

test('a known route keeps its own answers', async ({ sbx }) => {
  expect((await sbx.api.get('/payments/D-1-nope')).body.code).toBe(4000);
  expect((await sbx.api.get('/payments/D-1-nope', { headers: { 'X-Login': 'other' } })).status).toBe(403);
  expect((await fetch(`${sbx.running.url}/sandbox-tools/clock`)).status).toBe(200);
});
