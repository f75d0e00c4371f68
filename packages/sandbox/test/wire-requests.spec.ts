/**
 * Requests in the wire dialect (api-behaviour.md, "Signing" and "The wire dialect"): an
 * X-Date without milliseconds, and a cancel that carries a body (ignored, but signed).
 */
import { authorizationHeader, createSignature } from '@paylit/core/crypto';
import { cardPayment, visa } from './support/client.js';
import { expect, test } from './support/fixture.js';

test('an X-Date without milliseconds is accepted on a POST, a GET and a cancel', async ({ sbx }) => {
  const { login, secretKey } = sbx.sandbox.credentials;
  const date = sbx.sandbox.clock.now().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const signed = async (body: string) => ({ 'X-Date': date, Authorization: authorizationHeader(await createSignature({ login, date, body, secretKey })) });
  const body = JSON.stringify(cardPayment({ card: { ...visa, capture: false } }));
  const auth = await sbx.api.post('/secure_payments', undefined, { rawBody: body, headers: { ...(await signed(body)), 'Content-Type': 'application/json' } });
  expect([auth.status, auth.body.status]).toEqual([200, 'AUTHORIZED']);
  expect((await sbx.api.get(`/payments/${auth.body.id}`, { headers: await signed('') })).status).toBe(200);
  const cancelled = await sbx.api.post(`/payments/${auth.body.id}/cancel`, undefined, { headers: await signed('') });
  expect([cancelled.status, cancelled.body.status]).toEqual([200, 'CANCELLED']);
});

test('a cancel with a body: the body is ignored, whatever its type, but the signature covers it', async ({ sbx }) => {
  const authorize = async () => (await sbx.api.post('/secure_payments', cardPayment({ card: { ...visa, capture: false } }))).body;
  // As JSON.
  const one = await authorize();
  const json = await sbx.api.post(`/payments/${one.id}/cancel`, { reason: 'customer asked', amount: 1 });
  expect([json.status, json.body]).toEqual([200, expect.objectContaining({ id: one.id, status: 'CANCELLED', amount: 120 })]);
  // An empty object, and a body sent with no Content-Type (fetch labels a string text/plain).
  const two = await authorize();
  expect((await sbx.api.post(`/payments/${two.id}/cancel`, {})).body.status).toBe('CANCELLED');
  const three = await authorize();
  const untyped = await sbx.api.post(`/payments/${three.id}/cancel`, undefined, { rawBody: '{}', headers: { 'Content-Type': undefined } });
  expect([untyped.status, untyped.body.status]).toEqual([200, 'CANCELLED']);
  const plain = await sbx.api.post(`/payments/${(await authorize()).id}/cancel`, undefined, { rawBody: 'cancel please', headers: { 'Content-Type': 'text/plain' } });
  expect([plain.status, plain.body.status]).toEqual([200, 'CANCELLED']);
  // Signed over no body, sent with one: the signature does not cover the bytes sent.
  const four = await authorize();
  const { login, secretKey } = sbx.sandbox.credentials;
  const date = sbx.sandbox.clock.now().toISOString();
  const overNothing = authorizationHeader(await createSignature({ login, date, body: '', secretKey }));
  const forged = await sbx.api.post(`/payments/${four.id}/cancel`, undefined, { rawBody: '{}', headers: { 'X-Date': date, Authorization: overNothing } });
  expect([forged.status, forged.body]).toEqual([403, { code: 3001, message: 'Invalid credentials' }]);
  expect((await sbx.api.get(`/payments/${four.id}/status`)).body.status).toBe('AUTHORIZED');
  // An enrollment's cancel takes one too.
  const e = (await sbx.api.post('/enrollments', { country: 'BR', payer: cardPayment().payer, external_id: 'wire-cancel', type: 'ON_DEMAND' })).body;
  expect((await sbx.api.post(`/enrollments/${e.id}/cancel`, undefined, { rawBody: '{}', headers: { 'Content-Type': undefined } })).body.status).toBe('CANCELLED');
});
