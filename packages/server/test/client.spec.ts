/** PaymentsClient against the sandbox: every operation, the headers and signature, idempotency, retries, errors. */
import { readFileSync } from 'node:fs';
import { encryptCard, parseAuthorizationHeader, verifySignature } from '@paylit/core/crypto';
import {
  PaymentsApiError,
  PaymentsClient,
  VERSION,
  fetchTransport,
  type Transport,
  type TransportRequest,
} from '@paylit/server';
import { expect, test } from '@playwright/test';
import { payer, startSandbox, uid, visa, type Harness } from './support/harness.js';

let h: Harness;
test.beforeAll(async () => {
  h = await startSandbox();
});
test.afterAll(() => h.close());

const card = (overrides: Record<string, unknown> = {}) => ({
  amount: 120,
  currency: 'BRL',
  country: 'BR',
  payment_method_id: 'CARD',
  payment_method_flow: 'DIRECT' as const,
  payer,
  card: visa,
  order_id: uid(),
  ...overrides,
});

/** A transport that records what was sent, around the real one. */
function recording(): { transport: Transport; sent: TransportRequest[] } {
  const sent: TransportRequest[] = [];
  return { sent, transport: async (req) => (sent.push(req), fetchTransport(req)) };
}

async function fault(body: Record<string, unknown>) {
  await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
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
  const encrypted = await client.payments.create(
    card({
      card: {
        ...clear,
        encrypted_data: await encryptCard(
          { number: '5555555555554444', cvv: '123' },
          h.sandbox.publicJwk,
        ),
        save: true,
      },
    }),
  );
  expect(encrypted.card).toMatchObject({ brand: 'MC', last4: '4444' });
  const saved = await client.payments.create(card({ card: { card_id: encrypted.card!.card_id! } }));
  expect(saved.status).toBe('PAID');
  expect(sent.map((r) => new URL(r.url).pathname)).toEqual([
    '/secure_payments',
    '/secure_payments',
    '/payments',
  ]);

  const auth = await client.payments.create(
    card({ amount: 100, card: { ...visa, capture: false } }),
  );
  const part = await client.payments.capture(auth.id, { amount: 40, currency: 'BRL' });
  expect(part).toMatchObject({ status: 'PAID', amount: 40, authorization_id: auth.id });
  const rest = await client.payments.capture(auth.id);
  expect(rest.amount).toBe(60);
  const auth2 = await client.payments.create(card({ card: { ...visa, capture: false } }));
  expect((await client.payments.cancel(auth2.id)).status).toBe('CANCELLED');
  expect((await client.payments.retrieve(paid.id)).id).toBe(paid.id);
  expect(await client.payments.status(paid.id)).toEqual({
    id: paid.id,
    status: 'PAID',
    status_code: '200',
    status_detail: 'The payment was paid.',
  });
});

test('refunds, cards, installment plans, payment methods, orders, enrollments', async () => {
  const { client } = h;
  const paid = await client.payments.create(card({ amount: 50 }));
  const refund = await client.refunds.create({
    payment_id: paid.id,
    notification_url: `${h.sandboxUrl}/nowhere`,
    amount: 20,
    currency: 'BRL',
  });
  expect(refund).toMatchObject({ status: 'SUCCESS', amount: 20 });
  expect((await client.refunds.retrieve(refund.id)).id).toBe(refund.id);
  expect((await client.refunds.status(refund.id)).status).toBe('SUCCESS');

  const saved = await client.cards.create({ country: 'BR', card: visa, payer });
  expect(saved).toMatchObject({ last4: '1111', brand: 'VI' });
  expect((await client.cards.retrieve(saved.card_id)).card_id).toBe(saved.card_id);
  expect(await client.cards.delete(saved.card_id)).toEqual({
    card_id: saved.card_id,
    deleted: true,
  });

  const plan = await client.installmentsPlans.create({
    country: 'MX',
    bin: '411111',
    amount: 3000,
    currency: 'MXN',
  });
  expect(plan.installments.map((i) => i.installments)).toEqual([1, 3, 6, 9, 12]);
  const methods = await client.paymentMethods.list({ country: 'AR' });
  expect(methods.some((m) => m.id === 'NJ')).toBe(true);
  const order = await client.orders.retrieve(paid.order_id!);
  expect(order.payment_id).toBe(paid.id);
  const enrollment = await client.enrollments.create({
    country: 'BR',
    payer,
    external_id: uid('e'),
    type: 'ON_DEMAND',
  });
  expect(enrollment.status).toBe('ACTIVE');
  expect((await client.enrollments.cancel(enrollment.id)).status).toBe('CANCELLED');
});

test('every header of the spec, and the signature over the exact bytes sent', async () => {
  const { transport, sent } = recording();
  const client = h.clientFor({
    transport,
    paymentSource: { header: 'X-Acme-Payment-Source', value: 'shop-42' },
  });
  await client.payments.create(card());
  await client.payments.status((await client.payments.create(card())).id);
  const [post, , get] = sent;
  expect(post!.headers).toMatchObject({
    'X-Login': h.sandbox.credentials.login,
    'X-Trans-Key': h.sandbox.credentials.transKey,
    'Content-Type': 'application/json',
    'X-Version': '2.1',
    'X-Acme-Payment-Source': 'shop-42',
  });
  expect(post!.headers['X-Date']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(post!.headers['User-Agent']).toBe(
    `paylit-server/${VERSION} (+https://github.com/paylit/paylit)`,
  );
  expect(
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version,
  ).toBe(VERSION);
  const { login, secretKey } = h.sandbox.credentials;
  expect(
    await verifySignature({
      login,
      date: post!.headers['X-Date']!,
      body: post!.body!,
      secretKey,
      signature: parseAuthorizationHeader(post!.headers.Authorization)!,
    }),
  ).toBe(true);
  expect(get!.body).toBeUndefined();
  expect(get!.headers['Content-Type']).toBeUndefined();
  expect(get!.headers['X-Idempotency-Key']).toBeUndefined();
  expect(
    await verifySignature({
      login,
      date: get!.headers['X-Date']!,
      body: '',
      secretKey,
      signature: parseAuthorizationHeader(get!.headers.Authorization)!,
    }),
  ).toBe(true);
});

test("every POST has an idempotency key, ours or the caller's; a repeated key charges once", async () => {
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
  expect(long).toMatchObject({
    type: 'validation_error',
    param: 'idempotencyKey',
    retryable: false,
  });
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
  expect(h.sandbox.ledger({ order_id: body.order_id })).toMatchObject({
    money_moved: 1,
    charged: 120,
  });

  // A slow answer (10 s) is given up at the 300 ms timeout and the retry answers: long before it.
  await fault({ path: '/payments/*', method: 'GET', kind: 'latency', latency_ms: 10_000 });
  const started = Date.now();
  expect((await client.payments.retrieve(paid.id)).id).toBe(paid.id);
  expect(Date.now() - started).toBeLessThan(8_000);
});

test("4xx is not retried; the error carries the API's code, message, param, status and retryability", async () => {
  const { transport, sent } = recording();
  const client = h.clientFor({ transport });
  const body = card();
  await client.payments.create(body);
  const dup = await thrown(client.payments.create(body));
  expect(dup).toMatchObject({
    type: 'invalid_request_error',
    status: 400,
    code: 5009,
    message: 'Order ID is duplicated',
    retryable: false,
  });
  // Only 5001 names a parameter (the wire dialect: param only on parameter errors).
  expect((dup as { param?: string }).param).toBeUndefined();
  expect(sent).toHaveLength(2);
  const missing = await thrown(client.payments.retrieve('D-1-nope'));
  expect(missing).toMatchObject({ type: 'not_found', status: 404, code: 4000, retryable: false });
  const cancelPaid = await thrown(
    client.payments.cancel((await client.payments.create(card())).id),
  );
  expect(cancelPaid).toMatchObject({ type: 'authentication_error', status: 403, code: 3003 });
  const wrong = await thrown(h.clientFor({ secretKey: 'not-the-secret' }).payments.status('D-1-x'));
  expect(wrong).toMatchObject({
    type: 'authentication_error',
    status: 403,
    code: 3001,
    message: 'Invalid credentials',
  });
});

test('retries stop at the deadline, and say it was a server failure', async () => {
  const client = h.clientFor({ deadlineMs: 1500, maxRetries: 10 });
  await fault({ path: '/refunds', kind: 'status', status: 500, count: 50 });
  const started = Date.now();
  const error = await thrown(
    client.refunds.create({ payment_id: 'D-1-x', notification_url: 'https://m.example/n' }),
  );
  // The deadline (1.5 s), not the ten retries' backoff (about 30 s).
  expect(Date.now() - started).toBeLessThan(8_000);
  expect(error).toMatchObject({ type: 'api_error', status: 500, code: 7000, retryable: true });
  expect(error.idempotencyKey).toMatch(/^paylit-/);
  await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, { method: 'DELETE' });
});

test('an unreachable API is a connection_error after the retries', async () => {
  const client = new PaymentsClient({
    baseUrl: 'http://127.0.0.1:9',
    login: 'l',
    transKey: 't',
    secretKey: 's',
    maxRetries: 1,
  });
  const error = await thrown(client.payments.status('D-1-x'));
  expect(error).toMatchObject({ type: 'connection_error', status: 0, retryable: true });
});

test('requests are validated by core before sending: a local error that names the field', async () => {
  const { transport, sent } = recording();
  const client = h.clientFor({ transport });
  const bad = await thrown(
    client.payments.create(card({ payer: { ...payer, address: { zip_code: '01310-10000' } } })),
  );
  expect(bad).toMatchObject({
    type: 'validation_error',
    status: 0,
    code: 5001,
    param: 'payer.address.zip_code',
    message: 'payer.address.zip_code must be at most 10 characters',
  });
  expect(
    (
      await thrown(
        client.refunds.create({ payment_id: 'x', notification_url: 'n', amount: 1 } as never),
      )
    ).param,
  ).toBe('notification_url');
  expect((await thrown(client.payments.retrieve(''))).param).toBe('id');
  expect((await thrown(client.paymentMethods.list({ country: 'brazil' }))).param).toBe('country');
  expect(sent).toHaveLength(0);
  // validate: false sends it anyway, and the API refuses it with the same parameter.
  const api = await thrown(
    client.payments.create(card({ payer: { ...payer, address: { zip_code: '01310-10000' } } }), {
      validate: false,
    }),
  );
  expect(api).toMatchObject({
    type: 'invalid_request_error',
    status: 400,
    code: 5001,
    param: 'payer.address.zip_code',
  });
  expect(sent).toHaveLength(1);
});

test('answers are read leniently: unknown fields kept', async () => {
  const client = h.clientFor({
    transport: async () => ({
      status: 200,
      headers: {},
      text: JSON.stringify({
        id: 'D-1-x',
        status: 'PAID',
        status_code: '200',
        status_detail: 'x',
        brand_new_field: 42,
      }),
    }),
  });
  expect(await client.payments.status('D-1-x')).toMatchObject({ brand_new_field: 42 });
  const broken = h.clientFor({
    transport: async () => ({ status: 200, headers: {}, text: '{"nope":true}' }),
  });
  expect(await thrown(broken.payments.status('D-1-x'))).toMatchObject({
    type: 'invalid_response',
    retryable: false,
  });
});

/** A client whose transport answers `answer` (status 200 unless told) and keeps what was sent. */
function answering(answer: unknown, status = 200) {
  const sent: TransportRequest[] = [];
  const transport: Transport = async (req) => (
    sent.push(req),
    {
      status,
      headers: { 'content-type': 'application/json;charset=utf-8' },
      text: JSON.stringify(answer),
    }
  );
  return {
    client: new PaymentsClient({
      baseUrl: 'https://api.example.com',
      login: 'l',
      transKey: 't',
      secretKey: 's',
      transport,
      maxRetries: 0,
    }),
    sent,
  };
}

const record = {
  id: 'D-4-1',
  amount: 1,
  currency: 'BRL',
  payment_method_id: 'CARD',
  payment_method_type: 'CARD',
  payment_method_flow: 'DIRECT',
  country: 'BR',
  status: 'PAID',
  status_code: '200',
  status_detail: 'The payment was paid.',
  order_id: 'o-1',
};
const sentBody = (req: TransportRequest) => JSON.parse(req.body!) as Record<string, any>;

test('the wire dialect: what the API takes, the client sends, as core parsed it', async () => {
  const { client, sent } = answering(record);
  // An amount as a string, nulls for absent fields, unknown fields, a payer without email: no local refusal.
  await client.payments.create({
    ...card(),
    amount: '1.00',
    description: null,
    additional_risk_data: null,
    payer: {
      name: 'Thiago Gabriel',
      document: '530.333.155-50',
      address: null,
      event_uuid: 'b1f0',
    },
    later_field: { x: 1 },
  } as never);
  const body = sentBody(sent[0]!);
  expect(new URL(sent[0]!.url).pathname).toBe('/secure_payments');
  expect(body.amount).toBe(1);
  expect(body.payer).toEqual({ name: 'Thiago Gabriel', document: '530.333.155-50' });
  expect(body).not.toHaveProperty('description');
  expect(body).not.toHaveProperty('later_field');
  expect(sent[0]!.body).not.toContain('null');

  // original_order_id, force_type, 3-D Secure from the merchant's MPI.
  const mpi = {
    mpi: true,
    three_dsecure_version: '2.2.0',
    eci: '05',
    cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
    ds_transaction_id: 'f38e6948-5388-41a6-bca4-b49723c19437',
    enrollment_response: 'Y',
    authentication_response: 'Y',
  } as const;
  await client.payments.create(
    card({
      original_order_id: 'ORIGINAL-77',
      card: { ...visa, force_type: 'CREDIT' },
      three_dsecure: mpi,
    }),
  );
  expect(sentBody(sent[1]!)).toMatchObject({
    original_order_id: 'ORIGINAL-77',
    card: { force_type: 'CREDIT' },
    three_dsecure: mpi,
  });

  // A network token goes to /secure_payments, as card data does; a card_id to /payments.
  const token = {
    network_token: '4895370012345678',
    cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
    eci: '07',
    expiration_month: 12,
    expiration_year: 2030,
    holder_name: 'Thiago Gabriel',
    stored_credential_type: 'CARD_ON_FILE',
    stored_credential_usage: 'FIRST',
    network_payment_reference: 'MCC123456789',
  } as const;
  await client.payments.create(card({ card: token }));
  await client.payments.create(card({ card: { card_id: 'CV-1' } }));
  expect(sent.slice(2).map((r) => new URL(r.url).pathname)).toEqual([
    '/secure_payments',
    '/payments',
  ]);
  expect(sentBody(sent[2]!).card).toEqual(token);

  // Captures and refunds take string amounts too; sent as numbers.
  await client.payments.capture('D-4-auth', { amount: '40.00', currency: 'BRL' });
  const refunds = answering({
    id: 'REF-1',
    payment_id: 'D-4-1',
    amount: 0.5,
    currency: 'BRL',
    status: 'SUCCESS',
    status_code: 200,
  });
  await refunds.client.refunds.create({
    payment_id: 'D-4-1',
    notification_url: 'https://m.example/n',
    amount: '0.50',
    currency: 'BRL',
    description: null,
  });
  expect([sentBody(sent[4]!).amount, sentBody(refunds.sent[0]!).amount]).toEqual([40, 0.5]);
});

test('what the dialect does not relax is still refused locally, naming the field, and nothing is sent', async () => {
  const { client, sent } = answering(record);
  const cases: [Record<string, unknown>, string][] = [
    [card({ currency: 'brl' }), 'currency'],
    [card({ country: 'BRA' }), 'country'],
    [card({ amount: '1,00' }), 'amount'],
    [card({ amount: '123456789.00' }), 'amount'],
    [card({ payer: { ...payer, document: 'bad_document' } }), 'payer.document'],
    [card({ payer: { ...payer, document: '11.222.333/0001-82' } }), 'payer.document'],
    [card({ card: { ...visa, card_id: 'CV-1' } }), 'card.card_id'],
    [card({ card: { ...visa, expiration_month: 13 } }), 'card.expiration_month'],
    [card({ card: { ...visa, installments: '100' } }), 'card.installments'],
    [
      card({
        three_dsecure: { mpi: true, three_dsecure_version: '2.2.0', eci: '05', cavv: 'AAAB' },
      }),
      'three_dsecure.ds_transaction_id',
    ],
  ];
  const got: string[] = [];
  for (const [params] of cases) {
    const error = await thrown(client.payments.create(params as never));
    got.push(`${error.type} ${error.code} ${error.param}`);
  }
  expect(got).toEqual(cases.map(([, param]) => `validation_error 5001 ${param}`));
  expect(sent).toHaveLength(0);
});

test('an answer the API gives is never an error: unknown statuses, integer codes, string amounts, texts without their period, nulls', async () => {
  const odd = {
    ...record,
    amount: '120.00',
    status: 'IN_REVIEW',
    status_code: 150,
    status_detail: 'The payment is in review',
    card: null,
    approved_date: null,
    brand_new: { x: 1 },
  };
  const payment = await answering(odd).client.payments.retrieve('D-4-1');
  expect(payment).toMatchObject({
    amount: 120,
    status: 'IN_REVIEW',
    status_code: '150',
    status_detail: 'The payment is in review',
    brand_new: { x: 1 },
  });
  expect(payment.card).toBeUndefined();
  const status = await answering({
    id: 'D-4-1',
    status: 'PAID',
    status_code: 200,
    status_detail: 'The payment was paid',
  }).client.payments.status('D-4-1');
  expect(status).toMatchObject({
    status: 'PAID',
    status_code: '200',
    status_detail: 'The payment was paid',
  });
  const refund = await answering({
    id: 'REF-1',
    payment_id: 'D-4-1',
    id_payment: 'D-4-1',
    amount: '0.50',
    amount_refunded: 0.5,
    currency: 'BRL',
    status: 'SUCCESS',
    status_code: 200,
    status_detail: 'The refund was paid',
  }).client.refunds.retrieve('REF-1');
  expect(refund).toMatchObject({ amount: 0.5, status_code: '200', id_payment: 'D-4-1' });
  const order = await answering({
    order_id: 'o-1',
    payment_id: 'D-4-1',
    currency: 'BRL',
    amount: '1.00',
    created_date: '2026-02-09T14:47:49.000+0000',
    approved_date: null,
    status: 'PAID',
    status_detail: 'The payment was paid',
    status_code: '200',
  }).client.orders.retrieve('o-1');
  expect(order.amount).toBe(1);
  const plan = await answering({
    id: 'INS1',
    country: 'BR',
    bin: '411111',
    amount: '300.00',
    currency: 'BRL',
    installments: [
      { id: 'INS1-3', installment_amount: '101.50', installments: '3', total_amount: '304.50' },
    ],
  }).client.installmentsPlans.create({
    country: 'BR',
    bin: '411111',
    amount: '300.00',
    currency: 'BRL',
  });
  expect(plan.installments[0]).toMatchObject({ installments: 3, total_amount: 304.5 });
  // An error body whose code is printed as a string still gives the code.
  const error = await thrown(
    answering(
      { code: '5001', message: 'Invalid parameter: payer.document', param: 'payer.document' },
      400,
    ).client.payments.create(card(), { validate: false }),
  );
  expect(error).toMatchObject({
    type: 'invalid_request_error',
    code: 5001,
    param: 'payer.document',
  });
});

test('construction: options checked with a message that says what to do, secrets never echoed; fromEnv', () => {
  expect(
    () =>
      new PaymentsClient({
        baseUrl: 'not a url',
        login: 'l',
        transKey: 't',
        secretKey: 's3cr3t-value',
      }),
  ).toThrow(
    'PaymentsClient: baseUrl must be an absolute http(s) URL such as https://api.example.com',
  );
  expect(
    () =>
      new PaymentsClient({
        baseUrl: 'https://api.example.com',
        login: 'l',
        transKey: 't',
      } as never),
  ).toThrow(
    /secretKey is required: the secret key from the merchant dashboard \(PAYLIT_SECRET_KEY\)/,
  );
  try {
    new PaymentsClient({ baseUrl: 'x', login: 'l', transKey: 't', secretKey: 's3cr3t-value' });
  } catch (error) {
    expect(String(error)).not.toContain('s3cr3t-value');
  }
  const client = PaymentsClient.fromEnv({
    PAYLIT_BASE_URL: 'https://api.example.com/',
    PAYLIT_X_LOGIN: 'l',
    PAYLIT_X_TRANS_KEY: 't',
    PAYLIT_SECRET_KEY: 's',
  });
  expect(client.baseUrl).toBe('https://api.example.com');
  expect(() => PaymentsClient.fromEnv({})).toThrow(/baseUrl/);
});
