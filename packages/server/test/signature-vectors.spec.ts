/**
 * Fixed vectors on every path that signs or verifies V2-HMAC-SHA256: the client's request
 * headers (a POST with a body, a bodyless GET), the notification and callback verifiers, and
 * the sandbox's check of requests and its signing of notifications. The signatures were
 * computed once, independently of this code, with OpenSSL:
 *
 *   printf '%s' "$LOGIN$DATE$BODY" | openssl dgst -sha256 -hmac "$SECRET"
 *
 * with LOGIN=vec-login, SECRET=vec-secret-0123, DATE=2026-11-25T12:00:00.000Z and each BODY
 * below (empty for the GET; `{status:COMPLETED,paymentId:D-1-vec}` for the callback).
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandbox, type Sandbox } from '@paylit/sandbox';
import {
  clientSecretFor,
  payerSessionFor,
  PaymentsClient,
  type PaymentsApiError,
} from '@paylit/server';
import { nodeTransport } from '@paylit/server/node';
import { expect, test } from '@playwright/test';
import { payer } from './support/harness.js';

const LOGIN = 'vec-login';
const TRANS_KEY = 'vec-trans-key';
const SECRET = 'vec-secret-0123';
const DATE = '2026-11-25T12:00:00.000Z';

const REFUND_BODY =
  '{"payment_id":"D-1-vec","notification_url":"https://shop.example/n","amount":10,"currency":"BRL"}';
const REFUND_SIGNATURE = '8d9e60c6dff455823f6f97e8f7b408009acd6e97ffd5913d08b410e3a21cb5df';
const GET_SIGNATURE = '7d598501c172cc9fd7454aba19fcf09af5c14e6ffffe54a60709fbf73517d135';
const NOTIFICATION_BODY =
  '{"id":"D-1-vec","status":"PAID","status_code":"200","amount":120,"currency":"BRL","order_id":"A-1042.1"}';
const NOTIFICATION_SIGNATURE = '7cfdea0ede7cdc7729ac6b1d90e9c782edc4499f5e44dc7da2a72503d3638cc6';
const CALLBACK_SIGNATURE = 'ae2c7d7ea2c2cf2d3c084cd167a1a52c214937e4942ae9563b16342977723986';

/** The same hex with its last digit changed: a signature one character off. */
const off = (hex: string) => hex.slice(0, -1) + (hex.endsWith('0') ? '1' : '0');

let sandbox: Sandbox;
let url: string;
test.beforeAll(async () => {
  sandbox = await createSandbox({
    credentials: { login: LOGIN, transKey: TRANS_KEY, secretKey: SECRET },
    now: new Date(DATE),
    settleDelayMs: 50,
  });
  url = (await sandbox.listen()).url;
});
test.afterAll(async () => {
  await sandbox.close();
});

function client(
  sent: { method: string; headers: Record<string, string>; body?: string }[],
  now = () => new Date(DATE),
) {
  const transport = nodeTransport();
  return new PaymentsClient({
    baseUrl: url,
    login: LOGIN,
    transKey: TRANS_KEY,
    secretKey: SECRET,
    now,
    maxRetries: 0,
    transport: async (r) => (sent.push(r), transport(r)),
  });
}

test('the client signs a POST and a bodyless GET as OpenSSL does, and the sandbox verifies both', async () => {
  const sent: { method: string; headers: Record<string, string>; body?: string }[] = [];
  const api = client(sent);
  // The sandbox answers "no such payment", not "invalid credentials": it verified the signatures.
  const refund = await api.refunds
    .create({
      payment_id: 'D-1-vec',
      notification_url: 'https://shop.example/n',
      amount: 10,
      currency: 'BRL',
    })
    .catch((e: PaymentsApiError) => e);
  const status = await api.payments.status('D-1-vec').catch((e: PaymentsApiError) => e);
  expect([(refund as PaymentsApiError).code, (status as PaymentsApiError).code]).toEqual([
    4000, 4000,
  ]);
  expect(
    sent.map((r) => [
      r.method,
      r.headers['X-Date'],
      r.headers['X-Login'],
      r.body,
      r.headers.Authorization,
    ]),
  ).toEqual([
    ['POST', DATE, LOGIN, REFUND_BODY, `V2-HMAC-SHA256, Signature: ${REFUND_SIGNATURE}`],
    ['GET', DATE, LOGIN, undefined, `V2-HMAC-SHA256, Signature: ${GET_SIGNATURE}`],
  ]);
});

test('the sandbox takes the OpenSSL signatures and refuses each one character off (a GET 403 / 3001, a POST 400 / 5000)', async () => {
  const call = (signature: string, body?: string) =>
    fetch(`${url}${body === undefined ? '/payments/D-1-vec/status' : '/refunds'}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'X-Date': DATE,
        'X-Login': LOGIN,
        'X-Trans-Key': TRANS_KEY,
        'X-Version': '2.1',
        'User-Agent': 'vectors',
        Authorization: `V2-HMAC-SHA256, Signature: ${signature}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body }),
    }).then(async (res) => [res.status, ((await res.json()) as { code: number }).code]);
  expect(await call(GET_SIGNATURE)).toEqual([404, 4000]);
  expect(await call(REFUND_SIGNATURE, REFUND_BODY)).toEqual([404, 4000]);
  expect(await call(off(GET_SIGNATURE))).toEqual([403, 3001]);
  expect(await call(off(REFUND_SIGNATURE), REFUND_BODY)).toEqual([400, 5000]);
});

test('the notification verifier takes the OpenSSL signature and refuses it one character off, on another body, or without its X-Date', async () => {
  const api = client([], () => new Date(Date.parse(DATE) + 60_000));
  const verify = (input: { date?: string; authorization: string; body: string }) =>
    api.webhooks.verifyNotification({
      date: input.date,
      authorization: input.authorization,
      body: input.body,
    });
  const good = {
    date: DATE,
    authorization: `V2-HMAC-SHA256, Signature: ${NOTIFICATION_SIGNATURE}`,
    body: NOTIFICATION_BODY,
  };
  expect(await verify(good)).toBe(true);
  expect(
    await verify({
      ...good,
      authorization: `V2-HMAC-SHA256, Signature: ${off(NOTIFICATION_SIGNATURE)}`,
    }),
  ).toBe(false);
  expect(await verify({ ...good, body: NOTIFICATION_BODY.replace('120', '980') })).toBe(false);
  const { date: _date, ...undated } = good;
  expect(await verify(undated)).toBe(false);
});

test('the callback verifier takes the OpenSSL signature and refuses it one character off or for another status', async () => {
  const api = client([], () => new Date(Date.parse(DATE) + 60_000));
  const form = {
    paymentId: 'D-1-vec',
    status: 'COMPLETED',
    date: DATE,
    signature: CALLBACK_SIGNATURE,
  };
  expect(await api.webhooks.verifyCallback(form)).toBe(true);
  expect(await api.webhooks.verifyCallback({ ...form, signature: off(CALLBACK_SIGNATURE) })).toBe(
    false,
  );
  expect(await api.webhooks.verifyCallback({ ...form, status: 'APPROVED' })).toBe(false);
});

test("the sandbox signs its notifications as node:crypto's own HMAC does, over the login, X-Date and raw body", async () => {
  const received: { date: string; authorization: string; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString('utf8')));
    req.on('end', () => {
      received.push({
        date: String(req.headers['x-date']),
        authorization: String(req.headers.authorization),
        body,
      });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const notification_url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/n`;
    const api = client([]);
    await api.payments.create({
      amount: 40,
      currency: 'BRL',
      country: 'BR',
      payment_method_id: 'PX',
      payment_method_flow: 'REDIRECT',
      payer,
      order_id: `vec-${Date.now()}`,
      notification_url,
      callback_url: 'https://shop.example/callback',
    });
    await expect.poll(() => received.length).toBeGreaterThan(0);
    const [note] = received;
    const expected = createHmac('sha256', SECRET)
      .update(`${LOGIN}${note!.date}${note!.body}`, 'utf8')
      .digest('hex');
    expect(note!.authorization).toBe(`V2-HMAC-SHA256, Signature: ${expected}`);
    expect(
      await api.webhooks.verifyNotification({
        date: note!.date,
        authorization: note!.authorization,
        body: note!.body,
      }),
    ).toBe(true);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

/**
 * The keyed digests, each under a label of its own, from OpenSSL with SECRET:
 *
 *   printf 'paylit-client-secret\nA-1042' | openssl dgst -sha256 -hmac "$SECRET"
 *   printf 'paylit-idempotency\nA-1042' | openssl dgst -sha256 -hmac "$SECRET"
 *   printf 'paylit-payer-session\ncus-7\n1796040000' | openssl dgst -sha256 -hmac "$SECRET"
 */
test("an order's client secret, an idempotency key and a payer session are HMACs under labels of their own, as OpenSSL makes them", async () => {
  const c = client([]);
  expect(await clientSecretFor(c, 'A-1042')).toBe('A-1042_secret_f744fe27445ebe42f4bd2808a5a79d50');
  expect(await c.idempotencyKeyFor('A-1042')).toBe('pl334d4f829f9d81cd7bc6c234183cdc3be0486e9b');
  // Expiring at 1796040000 (Unix seconds): made 30 minutes before, the default time to live.
  expect(await payerSessionFor(c, 'cus-7', { now: 1796040000_000 - 30 * 60_000 })).toBe(
    'cus-7_payer_1796040000_28bab9177f831e60e1954f6d02e8238e',
  );
});
