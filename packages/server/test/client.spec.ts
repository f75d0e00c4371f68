/** PaymentsClient against the sandbox: every operation, the headers and signature, idempotency, retries, errors. */
import { readFileSync } from 'node:fs';
import { encryptCard, parseAuthorizationHeader, verifySignature } from '@paylit/core/crypto';
import { PaymentsApiError, PaymentsClient, VERSION, fetchTransport, type Transport, type TransportRequest } from '@paylit/server';
import { expect, test } from '@playwright/test';
import { payer, startSandbox, uid, visa, type Harness } from './support/harness.js';

let h: Harness;
test.beforeAll(async () => {
  h = await startSandbox();
});
test.afterAll(() => h.close());

const card = (overrides: Record<string, unknown> = {}) => ({
  amount: 120, currency: 'BRL', country: 'BR', payment_method_id: 'CARD', payment_method_flow: 'DIRECT' as const, payer, card: visa, order_id: uid(), ...overrides,
});

/** A transport that records what was sent, around the real one. */
function recording(): { transport: Transport; sent: TransportRequest[] } {
  const sent: TransportRequest[] = [];
  return { sent, transport: async (req) => (sent.push(req), fetchTransport(req)) };
}

async function fault(body: Record<string, unknown>) {
  await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, { method: 'POST', body: JSON.stringify(body) });
}

async function thrown(promise: Promise<unknown>): Promise<PaymentsApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentsApiError);
    return error as PaymentsApiError;
  }
  throw new Error('expected a PaymentsApiError');
}

test('payments: create (raw card to /secure_payments, encrypted too, card_id to /payments), capture, cancel, retrieve, status', async () => {
  const { transport, sent } = recording();
  const client = h.clientFor({ transport });
  const paid = await client.payments.create(card());
  expect(paid.status).toBe('PAID');
  const { number: _n, cvv: _c, ...clear } = visa;
  const encrypted = await client.payments.create(card({ card: { ...clear, encrypted_data: await encryptCard({ number: '5555555555554444', cvv: '123' }, h.sandbox.publicJwk), save: true } }));
  expect(encrypted.card).toMatchObject({ brand: 'MC', last4: '4444' });
  const saved = await client.payments.create(card({ card: { card_id: encrypted.card!.card_id! } }));
  expect(saved.status).toBe('PAID');
  expect(sent.map((r) => new URL(r.url).pathname)).toEqual(['/secure_payments', '/secure_payments', '/payments']);

  const auth = await client.payments.create(card({ amount: 100, card: { ...visa, capture: false } }));
  const part = await client.payments.capture(auth.id, { amount: 40, currency: 'BRL' });
  expect(part).toMatchObject({ status: 'PAID', amount: 40, authorization_id: auth.id });
  const rest = await client.payments.capture(auth.id);
  expect(rest.amount).toBe(60);
  const auth2 = await client.payments.create(card({ card: { ...visa, capture: false } }));
  expect((await client.payments.cancel(auth2.id)).status).toBe('CANCELLED');
  expect((await client.payments.retrieve(paid.id)).id).toBe(paid.id);
  expect(await client.payments.status(paid.id)).toEqual({ id: paid.id, status: 'PAID', status_code: '200', status_detail: 'The payment was paid.' });
});

test('refunds, cards, installment plans, payment methods, orders, enrollments', async () => {
  const { client } = h;
  const paid = await client.payments.create(card({ amount: 50 }));
  const refund = await client.refunds.create({ payment_id: paid.id, notification_url: `${h.sandboxUrl}/nowhere`, amount: 20, currency: 'BRL' });
  expect(refund).toMatchObject({ status: 'SUCCESS', amount: 20 });
  expect((await client.refunds.retrieve(refund.id)).id).toBe(refund.id);
  expect((await client.refunds.status(refund.id)).status).toBe('SUCCESS');

  const saved = await client.cards.create({ country: 'BR', card: visa, payer });
  expect(saved).toMatchObject({ last4: '1111', brand: 'VI' });
  expect((await client.cards.retrieve(saved.card_id)).card_id).toBe(saved.card_id);
  expect(await client.cards.delete(saved.card_id)).toEqual({ card_id: saved.card_id, deleted: true });

  const plan = await client.installmentsPlans.create({ country: 'MX', bin: '411111', amount: 3000, currency: 'MXN' });
  expect(plan.installments.map((i) => i.installments)).toEqual([1, 3, 6, 9, 12]);
  const methods = await client.paymentMethods.list({ country: 'AR' });
  expect(methods.some((m) => m.id === 'NJ')).toBe(true);
  const order = await client.orders.retrieve(paid.order_id!);
  expect(order.payment_id).toBe(paid.id);
  const enrollment = await client.enrollments.create({ country: 'BR', payer, external_id: uid('e'), type: 'ON_DEMAND' });
  expect(enrollment.status).toBe('ACTIVE');
  expect((await client.enrollments.cancel(enrollment.id)).status).toBe('CANCELLED');
});

test('every header of the spec, and the signature over the exact bytes sent', async () => {
  const { transport, sent } = recording();
  const client = h.clientFor({ transport, paymentSource: { header: 'X-Acme-Payment-Source', value: 'shop-42' } });
  await client.payments.create(card());
  await client.payments.status((await client.payments.create(card())).id);
  const [post, , get] = sent;
  expect(post!.headers).toMatchObject({ 'X-Login': h.sandbox.credentials.login, 'X-Trans-Key': h.sandbox.credentials.transKey, 'Content-Type': 'application/json', 'X-Version': '2.1', 'X-Acme-Payment-Source': 'shop-42' });
  expect(post!.headers['X-Date']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(post!.headers['User-Agent']).toBe(`paylit-server/${VERSION} (+https://github.com/paylit/paylit)`);
  expect(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version).toBe(VERSION);
  const { login, secretKey } = h.sandbox.credentials;
  expect(await verifySignature({ login, date: post!.headers['X-Date']!, body: post!.body!, secretKey, signature: parseAuthorizationHeader(post!.headers.Authorization)! })).toBe(true);
  expect(get!.body).toBeUndefined();
  expect(get!.headers['Content-Type']).toBeUndefined();
  expect(get!.headers['X-Idempotency-Key']).toBeUndefined();
  expect(await verifySignature({ login, date: get!.headers['X-Date']!, body: '', secretKey, signature: parseAuthorizationHeader(get!.headers.Authorization)! })).toBe(true);
});

test('every POST has an idempotency key, ours or the caller\'s; a repeated key charges once', async () => {
  const { transport, sent } = recording();
  const client = h.clientFor({ transport });
  await client.payments.create(card());
  expect(sent[0]!.headers['X-Idempotency-Key']).toMatch(/^paylit-[0-9a-f]{32}$/);
  expect(sent[0]!.headers['X-Idempotency-Key']!.length).toBeLessThanOrEqual(42);
  const body = card();
  const a = await client.payments.create(body, { idempotencyKey: `k-${body.order_id}` });
  const b = await client.payments.create(body, { idempotencyKey: `k-${body.order_id}` });
  expect(b.id).toBe(a.id);
  expect(h.sandbox.ledger({ order_id: body.order_id }).money_moved).toBe(1);
  const long = await thrown(client.payments.create(card(), { idempotencyKey: 'k'.repeat(43) }));
  expect(long).toMatchObject({ type: 'validation_error', param: 'idempotencyKey', retryable: false });
});

test('network failures, timeouts, 5xx and 429 are retried with the same key; commit-then-drop moves money once', async () => {
  const { transport, sent } = recording();
  const client = h.clientFor({ transport, timeoutMs: 300 });
  await fault({ path: '/secure_payments', kind: 'commit_then_drop' });
  await fault({ path: '/secure_payments', kind: 'status', status: 503 });
  await fault({ path: '/secure_payments', kind: 'status', status: 429 });
  const body = card();
  const paid = await client.payments.create(body);
  expect(paid.status).toBe('PAID');
  expect(sent).toHaveLength(4);
  expect(new Set(sent.map((r) => r.headers['X-Idempotency-Key'])).size).toBe(1);
  expect(new Set(sent.map((r) => r.headers['X-Date'])).size).toBeGreaterThan(1); // re-signed each time
  expect(h.sandbox.ledger({ order_id: body.order_id })).toMatchObject({ money_moved: 1, charged: 120 });

  await fault({ path: '/payments/*', method: 'GET', kind: 'latency', latency_ms: 1000 });
  const started = Date.now();
  expect((await client.payments.retrieve(paid.id)).id).toBe(paid.id);
  expect(Date.now() - started).toBeLessThan(1000);
});

test('4xx is not retried; the error carries the API\'s code, message, param, status and retryability', async () => {
  const { transport, sent } = recording();
  const client = h.clientFor({ transport });
  const body = card();
  await client.payments.create(body);
  const dup = await thrown(client.payments.create(body));
  expect(dup).toMatchObject({ type: 'invalid_request_error', status: 400, code: 5009, message: 'Order ID is duplicated', param: 'order_id', retryable: false });
  expect(sent).toHaveLength(2);
  const missing = await thrown(client.payments.retrieve('D-1-nope'));
  expect(missing).toMatchObject({ type: 'not_found', status: 404, code: 4000, retryable: false });
  const cancelPaid = await thrown(client.payments.cancel((await client.payments.create(card())).id));
  expect(cancelPaid).toMatchObject({ type: 'authentication_error', status: 403, code: 3003 });
  const wrong = await thrown(h.clientFor({ secretKey: 'not-the-secret' }).payments.status('D-1-x'));
  expect(wrong).toMatchObject({ type: 'authentication_error', status: 403, code: 3001, message: 'Invalid credentials' });
});

test('retries stop at the deadline, and say it was a server failure', async () => {
  const client = h.clientFor({ deadlineMs: 1500, maxRetries: 10 });
  await fault({ path: '/refunds', kind: 'status', status: 500, count: 50 });
  const started = Date.now();
  const error = await thrown(client.refunds.create({ payment_id: 'D-1-x', notification_url: 'https://m.example/n' }));
  expect(Date.now() - started).toBeLessThan(2500);
  expect(error).toMatchObject({ type: 'api_error', status: 500, code: 7000, retryable: true });
  expect(error.idempotencyKey).toMatch(/^paylit-/);
  await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, { method: 'DELETE' });
});

test('an unreachable API is a connection_error after the retries', async () => {
  const client = new PaymentsClient({ baseUrl: 'http://127.0.0.1:9', login: 'l', transKey: 't', secretKey: 's', maxRetries: 1 });
  const error = await thrown(client.payments.status('D-1-x'));
  expect(error).toMatchObject({ type: 'connection_error', status: 0, retryable: true });
});

test('requests are validated by core before sending: a local error that names the field', async () => {
  const { transport, sent } = recording();
  const client = h.clientFor({ transport });
  const bad = await thrown(client.payments.create(card({ payer: { ...payer, address: { zip_code: '01310-10000' } } })));
  expect(bad).toMatchObject({ type: 'validation_error', status: 0, code: 5001, param: 'payer.address.zip_code', message: 'payer.address.zip_code must be at most 10 characters' });
  expect((await thrown(client.refunds.create({ payment_id: 'x', notification_url: 'n', amount: 1 } as never))).param).toBe('notification_url');
  expect((await thrown(client.payments.retrieve(''))).param).toBe('id');
  expect((await thrown(client.paymentMethods.list({ country: 'brazil' }))).param).toBe('country');
  expect(sent).toHaveLength(0);
  // validate: false sends it anyway, and the API refuses it with the same parameter.
  const api = await thrown(client.payments.create(card({ payer: { ...payer, address: { zip_code: '01310-10000' } } }), { validate: false }));
  expect(api).toMatchObject({ type: 'invalid_request_error', status: 400, code: 5001, param: 'payer.address.zip_code' });
  expect(sent).toHaveLength(1);
});

test('answers are read leniently: unknown fields kept', async () => {
  const client = h.clientFor({ transport: async () => ({ status: 200, headers: {}, text: JSON.stringify({ id: 'D-1-x', status: 'PAID', status_code: '200', status_detail: 'x', brand_new_field: 42 }) }) });
  expect(await client.payments.status('D-1-x')).toMatchObject({ brand_new_field: 42 });
  const broken = h.clientFor({ transport: async () => ({ status: 200, headers: {}, text: '{"nope":true}' }) });
  expect(await thrown(broken.payments.status('D-1-x'))).toMatchObject({ type: 'invalid_response', retryable: false });
});

test('construction: options checked with a message that says what to do, secrets never echoed; fromEnv', () => {
  expect(() => new PaymentsClient({ baseUrl: 'not a url', login: 'l', transKey: 't', secretKey: 's3cr3t-value' })).toThrow('PaymentsClient: baseUrl must be an absolute http(s) URL such as https://api.example.com');
  expect(() => new PaymentsClient({ baseUrl: 'https://api.example.com', login: 'l', transKey: 't' } as never)).toThrow(/secretKey is required: the secret key from the merchant dashboard \(PAYLIT_SECRET_KEY\)/);
  try {
    new PaymentsClient({ baseUrl: 'x', login: 'l', transKey: 't', secretKey: 's3cr3t-value' });
  } catch (error) {
    expect(String(error)).not.toContain('s3cr3t-value');
  }
  const client = PaymentsClient.fromEnv({ PAYLIT_BASE_URL: 'https://api.example.com/', PAYLIT_X_LOGIN: 'l', PAYLIT_X_TRANS_KEY: 't', PAYLIT_SECRET_KEY: 's' });
  expect(client.baseUrl).toBe('https://api.example.com');
  expect(() => PaymentsClient.fromEnv({})).toThrow(/baseUrl/);
});
