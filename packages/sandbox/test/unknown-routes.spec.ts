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

test('an empty id is a route with an empty id: POST /payments//cancel is JSON 404 / 4000, credentials first', async ({
  sbx,
}) => {
  const json = /^application\/json;charset=utf-8$/;
  const cancel = await sbx.api.post('/payments//cancel');
  expect([cancel.status, cancel.body]).toEqual([404, { code: 4000, message: 'Payment not found' }]);
  expect(cancel.headers.get('content-type')).toMatch(json);
  expect((await sbx.api.post('/payments//cancel/')).body).toEqual({
    code: 4000,
    message: 'Payment not found',
  });
  const status = await sbx.api.get('/payments//status');
  expect([status.status, status.body]).toEqual([404, { code: 4000, message: 'Payment not found' }]);
  const refund = await sbx.api.get('/refunds//status');
  expect([refund.status, refund.body]).toEqual([404, { code: 4001, message: 'Refund not found' }]);
  const stranger = await sbx.api.post('/payments//cancel', undefined, {
    headers: { 'X-Login': 'other' },
  });
  expect([stranger.status, stranger.body]).toEqual([
    403,
    { code: 3001, message: 'Invalid credentials' },
  ]);
  // A path that matches no route still gets the bare text.
  expect((await sbx.api.post('/payments//refund')).body).toBe('NOT_FOUND');
});
