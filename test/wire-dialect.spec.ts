/**
 * The wire dialect (what the API takes and answers beyond the spec's tables): what clients
 * others wrote send, against the sandbox and through `PaymentsClient`.
 *
 * - Each recorded exchange of `packages/core/test/fixtures/wire-dialect.ts` is sent to the
 *   sandbox the way a Python client sends it (signed here by hand with node:crypto, `X-Date`
 *   without milliseconds or a year old where recorded, `json.dumps` spacing, its own
 *   User-Agent), and the answer is held to the recorded one's shape. An exchange that writes
 *   out its signed bytes (`signed`) and its body's (`rawBody`) is sent with exactly those, its
 *   signature computed by `openssl dgst -sha256 -hmac`, not by any code of ours.
 * - `PaymentsClient` sends each recorded request without refusing it and parses each recorded
 *   answer: a record as its record, an error (a JSON body or the bare `NOT_FOUND`) as a
 *   `PaymentsApiError` with its status, code and param.
 * - MPI 3-D Secure and network tokens through `PaymentsClient` against the sandbox, with the echoed fields.
 * - What the dialect does not relax still refuses, with its path.
 */
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createSandbox, type Sandbox } from '@paylit/sandbox';
import { PaymentsApiError, PaymentsClient, type TransportRequest } from '@paylit/server';
import { nodeTransport } from '@paylit/server/node';
import { expect, test } from '@playwright/test';
import {
  dialectExchanges,
  recordedCredentials,
  recordedXDate,
  type DialectExchange,
} from '../packages/core/test/fixtures/wire-dialect.js';

let sandbox: Sandbox;
let url: string;

test.beforeAll(async () => {
  sandbox = await createSandbox({ settleDelayMs: 50, credentials: recordedCredentials });
  url = (await sandbox.listen()).url;
});
test.afterAll(() => sandbox?.close());

/** Python's `json.dumps` with its default separators (", " and ": "), as `requests` users send it. */
function pythonJson(value: unknown): string {
  return JSON.stringify(value).replace(/"(?:[^"\\]|\\.)*"|[,:]/g, (token) =>
    token === ',' ? ', ' : token === ':' ? ': ' : token,
  );
}

type Request = DialectExchange['request'];

/** HMAC-SHA256 of `text` with `key`, lower-case hex, by openssl (an independent implementation). */
function opensslHmac(key: string, text: string): string {
  const run = spawnSync('openssl', ['dgst', '-sha256', '-hmac', key], { input: text });
  if (run.status !== 0) throw new Error(`openssl failed: ${run.stderr.toString()}`);
  // "SHA2-256(stdin)= <hex>" (OpenSSL 3) or "(stdin)= <hex>".
  const hex = /= ([0-9a-f]{64})\s*$/.exec(run.stdout.toString())?.[1];
  if (!hex) throw new Error(`openssl printed ${run.stdout.toString()}`);
  return hex;
}

test('openssl computes the HMAC-SHA256 of the known test vector (RFC 4231 case 2)', () => {
  expect(opensslHmac('Jefe', 'what do ya want for nothing?')).toBe(
    '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  );
});

/** A request as a Python client signs it: by hand, HMAC-SHA256 of login + X-Date + body, lower-case hex. */
async function pythonClient(
  method: string,
  path: string,
  body?: unknown,
  options: Omit<Request, 'method' | 'path' | 'body'> = {},
) {
  const { transKey, secretKey } = sandbox.credentials;
  const login = options.login ?? sandbox.credentials.login;
  const now = new Date(sandbox.clock.now().getTime() + (options.xDateOffsetMs ?? 0)).toISOString();
  let xDate = options.xDateWithoutMillis ? now.replace(/\.\d{3}Z$/, 'Z') : now;
  const text = options.rawBody ?? (body === undefined ? '' : pythonJson(body));
  let signature: string;
  if (options.signed !== undefined) {
    // The literal bytes: sent as the merchant of the recording, at its X-Date, signed by openssl.
    xDate = recordedXDate;
    const head = recordedCredentials.login + recordedXDate;
    expect(login, 'a literal exchange is signed as the recorded merchant').toBe(
      recordedCredentials.login,
    );
    expect(
      options.signed.startsWith(head),
      `"${options.signed}" begins with X-Login + X-Date`,
    ).toBe(true);
    if (text !== '')
      expect(options.signed, 'the signed text is X-Login + X-Date + the body sent').toBe(
        head + text,
      );
    signature = opensslHmac(options.signingKey ?? secretKey, options.signed);
  } else {
    signature = createHmac('sha256', secretKey)
      .update(login + xDate + text)
      .digest('hex');
  }
  const headers: Record<string, string> = {
    'X-Date': xDate,
    'X-Login': login,
    'X-Trans-Key': transKey,
    'Content-Type': 'application/json',
    Authorization: `V2-HMAC-SHA256, Signature: ${signature}`,
    'User-Agent': 'python-requests/2.31.0',
    ...(method === 'POST' ? { 'X-Idempotency-Key': crypto.randomUUID() } : {}),
  };
  for (const name of options.without ?? []) delete headers[name];
  const res = await fetch(`${url}${path}`, {
    method,
    headers,
    ...(text === '' ? {} : { body: text }),
  });
  const raw = await res.text();
  let parsed: any = raw;
  try {
    parsed = JSON.parse(raw);
  } catch {}
  return { status: res.status, contentType: res.headers.get('Content-Type'), body: parsed };
}

const card = {
  holder_name: 'Thiago Gabriel',
  expiration_month: 10,
  expiration_year: 2040,
  number: '4111111111111111',
  cvv: '123',
};
const payer = { name: 'Thiago Gabriel', email: 'thiago@example.com', document: '53033315550' };
let orders = 0;
const newOrder = () => `dialect-${Date.now().toString(36)}-${++orders}`;

/** The placeholders of the fixtures, made as a merchant would: a paid payment and a refund of it, an authorization, a fresh order id. */
async function placeholders(): Promise<Record<string, string>> {
  const base = {
    amount: 10,
    currency: 'BRL',
    country: 'BR',
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    payer,
    notification_url: 'https://merchant.example/notifications',
  };
  const paidOrder = newOrder();
  const paid = await pythonClient('POST', '/secure_payments', {
    ...base,
    order_id: paidOrder,
    card,
  });
  const authorized = await pythonClient('POST', '/secure_payments', {
    ...base,
    amount: 100,
    order_id: newOrder(),
    card: { ...card, capture: false },
  });
  const refund = await pythonClient('POST', '/refunds', {
    payment_id: paid.body.id,
    amount: 1,
    currency: 'BRL',
  });
  expect([paid.body.status, authorized.body.status, refund.body.status]).toEqual([
    'PAID',
    'AUTHORIZED',
    'SUCCESS',
  ]);
  return {
    paid: paid.body.id,
    paid_order: paidOrder,
    authorized: authorized.body.id,
    order: newOrder(),
    refund: refund.body.id,
  };
}

function fill<T>(value: T, values: Record<string, string>): T {
  return JSON.parse(
    JSON.stringify(value).replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole),
  ) as T;
}

function at(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<any>((v, key) => (v === null || v === undefined ? undefined : v[key]), value);
}

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** What the answer lacks or has of another JSON type than the recorded one: empty when it holds the shape. */
function shapeProblems(actual: unknown, recorded: unknown, path = ''): string[] {
  if (kind(recorded) !== 'object')
    return kind(actual) === kind(recorded)
      ? []
      : [`${path || 'body'} is ${kind(actual)}, recorded ${kind(recorded)}`];
  if (kind(actual) !== 'object')
    return [`${path || 'body'} is ${kind(actual)}, recorded an object`];
  return Object.entries(recorded as Record<string, unknown>).flatMap(([key, value]) => {
    if (value === undefined) return [];
    const p = path ? `${path}.${key}` : key;
    const a = (actual as Record<string, unknown>)[key];
    return a === undefined ? [`${p} is missing`] : shapeProblems(a, value, p);
  });
}

test('the sandbox answers each recorded request, sent as a Python client sends it, in the recorded shape', async () => {
  const failures: string[] = [];
  for (const exchange of dialectExchanges) {
    const values = await placeholders();
    const request = fill(exchange.request, values);
    const { method, path, body, ...options } = request;
    const res = await pythonClient(method, path, body, options);
    const problems: string[] = [];
    if (res.status !== exchange.answer.status)
      problems.push(
        `status ${res.status}, recorded ${exchange.answer.status}: ${JSON.stringify(res.body)}`,
      );
    const contentType = res.contentType?.replace(/\s/g, '').toLowerCase() ?? '';
    if (
      contentType !== exchange.answer.contentType &&
      !contentType.startsWith(`${exchange.answer.contentType};`)
    )
      problems.push(`Content-Type ${res.contentType}`);
    if (typeof exchange.answer.body === 'string' && res.body !== exchange.answer.body)
      problems.push(
        `body ${JSON.stringify(res.body)}, recorded ${JSON.stringify(exchange.answer.body)}`,
      );
    if (problems.length === 0 || res.status === exchange.answer.status)
      problems.push(...shapeProblems(res.body, exchange.answer.body));
    if (exchange.itemKeys) {
      const items: unknown[] = Array.isArray(res.body) ? res.body : [];
      if (items.length === 0) problems.push('no items');
      for (const item of items)
        if (JSON.stringify(Object.keys(item as object)) !== JSON.stringify(exchange.itemKeys))
          problems.push(`an item has the keys ${Object.keys(item as object).join(', ')}`);
    }
    if (res.status === exchange.answer.status)
      for (const path of exchange.exact ?? []) {
        if (JSON.stringify(at(res.body, path)) !== JSON.stringify(at(exchange.answer.body, path)))
          problems.push(
            `${path} is ${JSON.stringify(at(res.body, path))}, recorded ${JSON.stringify(at(exchange.answer.body, path))}`,
          );
      }
    for (const path of exchange.absent ?? [])
      if (at(res.body, path) !== undefined)
        problems.push(`${path} is ${JSON.stringify(at(res.body, path))}, recorded absent`);
    if (res.status === exchange.answer.status)
      for (const [path, pattern] of Object.entries(exchange.patterns ?? {})) {
        if (!pattern.test(String(at(res.body, path))))
          problems.push(`${path} is ${JSON.stringify(at(res.body, path))}, not ${pattern}`);
      }
    if (problems.length) failures.push(`${exchange.name}:\n    ${problems.join('\n    ')}`);
  }
  expect(failures, failures.join('\n')).toEqual([]);
});

/** A transport that answers with the recorded answer, and keeps what the client sent. */
function replay(exchange: DialectExchange) {
  const sent: TransportRequest[] = [];
  const { body } = exchange.answer;
  const transport = async (request: TransportRequest) => {
    sent.push(request);
    return {
      status: exchange.answer.status,
      headers: { 'content-type': exchange.answer.contentType },
      text: typeof body === 'string' ? body : JSON.stringify(body),
    };
  };
  return {
    client: new PaymentsClient({
      baseUrl: 'https://api.example.com',
      login: 'login',
      transKey: 'trans',
      secretKey: 'secret',
      transport,
      maxRetries: 0,
    }),
    sent,
  };
}

/** The client method a recorded request stands for (a path the API does not have: a payment's retrieval, answered 404). */
function call(client: PaymentsClient, request: DialectExchange['request']): Promise<unknown> {
  const body = (request.rawBody === undefined ? request.body : JSON.parse(request.rawBody)) as any;
  const id = /^\/(?:payments|orders|refunds|v2\/payments)\/([^/]*)/.exec(request.path)?.[1] ?? '';
  if (request.method === 'GET' && request.path.startsWith('/payments-methods'))
    return client.paymentMethods.list({
      country: new URLSearchParams(request.path.split('?')[1]).get('country')!,
    });
  if (request.method === 'GET' && request.path.startsWith('/orders/'))
    return client.orders.retrieve(id);
  if (request.method === 'GET' && request.path.startsWith('/refunds/'))
    return request.path.includes('/status')
      ? client.refunds.status(id)
      : client.refunds.retrieve(id);
  if (request.method === 'GET' && request.path.includes('/status'))
    return client.payments.status(id);
  if (request.method === 'GET') return client.payments.retrieve(id);
  if (request.path.includes('/cancel')) return client.payments.cancel(id);
  if (request.path.startsWith('/refunds')) return client.refunds.create(body);
  if (body?.authorization_id) {
    const { authorization_id, ...rest } = body;
    return client.payments.capture(authorization_id, rest);
  }
  return client.payments.create(body);
}

test('PaymentsClient sends each recorded request as it is, and reads each recorded answer', async () => {
  const values = {
    paid: 'D-4-cb7a4c9b-5e6f-4a0c-8c5a-0d1f2e3a4b5c',
    paid_order: 'ORDER-1042',
    authorized: 'D-4-0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d',
    order: 'ORDER-1043',
    refund: 'REF-1-0c1d2e3f-4a5b-6c7d-8e9f-a0b1c2d3e4f5',
  };
  const failures: string[] = [];
  for (const exchange of dialectExchanges) {
    const { client, sent } = replay(exchange);
    const request = fill(exchange.request, values);
    try {
      const record = (await call(client, request)) as any;
      const recorded = exchange.answer.body as any;
      if (exchange.answer.status !== 200)
        failures.push(`${exchange.name}: the recorded ${exchange.answer.status} was not an error`);
      else if (Array.isArray(recorded)) {
        if (
          JSON.stringify(record.map((m: any) => m.id)) !==
          JSON.stringify(recorded.map((m: any) => m.id))
        )
          failures.push(`${exchange.name}: read ${JSON.stringify(record)}`);
      } else if (record.status !== recorded.status)
        failures.push(`${exchange.name}: read status ${String(record.status)}`);
      else
        for (const path of exchange.exact ?? []) {
          // The client reads status codes as strings and two-digit years as 20xx, as core does.
          const want = path.endsWith('status_code')
            ? String(at(recorded, path))
            : at(recorded, path);
          if (JSON.stringify(at(record, path)) !== JSON.stringify(want))
            failures.push(`${exchange.name}: read ${path} ${JSON.stringify(at(record, path))}`);
        }
      if (sent.length !== 1) failures.push(`${exchange.name}: sent ${sent.length} requests`);
    } catch (error) {
      const recorded = exchange.answer.body;
      // A 400 may be refused before sending, by core's check: the same code and param, status 0.
      // An empty id is refused before sending too, naming it (the client never sends `//`).
      const emptyId =
        /\/\//.test(request.path) &&
        error instanceof PaymentsApiError &&
        error.status === 0 &&
        error.param === 'id' &&
        sent.length === 0;
      const refusal =
        emptyId ||
        (exchange.answer.status !== 200 &&
          error instanceof PaymentsApiError &&
          (error.status === exchange.answer.status ||
            (exchange.answer.status === 400 && error.status === 0)) &&
          (typeof recorded === 'string'
            ? error.type === 'not_found' && error.message.includes(recorded)
            : error.code === (recorded as any).code &&
              (error.status === 0 || error.message === (recorded as any).message) &&
              error.param === (recorded as any).param));
      if (!refusal)
        failures.push(
          `${exchange.name}: ${error instanceof PaymentsApiError ? `${error.status} ${error.type} ${error.code ?? ''} ${error.param ?? ''} ${error.message}` : String(error)}`,
        );
    }
  }
  expect(failures, failures.join('\n')).toEqual([]);
});

test('MPI 3-D Secure and network tokens through PaymentsClient against the sandbox, with the echoed fields', async () => {
  const client = new PaymentsClient({
    baseUrl: url,
    ...sandbox.credentials,
    transport: nodeTransport(),
    now: () => sandbox.clock.now(),
  });
  const za = {
    ...payer,
    document: '8001015009087',
    address: { state: 'WC', city: 'Cape Town', zip_code: '8001', street: 'Long St', number: '1' },
  };
  const mpi = {
    mpi: true,
    three_dsecure_version: '2.2.0',
    eci: '05',
    cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
    ds_transaction_id: 'f38e6948-5388-41a6-bca4-b49723c19437',
    enrollment_response: 'Y',
    authentication_response: 'Y',
  };
  const base = {
    currency: 'ZAR',
    country: 'ZA',
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    payer: za,
  } as const;
  // South Africa requires 3-D Secure: done by the merchant's MPI, the payment needs no redirect.
  const paid = await client.payments.create({
    ...base,
    amount: 99.9,
    order_id: newOrder(),
    card,
    three_dsecure: mpi,
  } as any);
  expect(paid).toMatchObject({ status: 'PAID', status_code: '200' });
  expect(JSON.stringify(paid)).not.toContain('redirect_url');
  const authorized = await client.payments.create({
    ...base,
    amount: 50,
    order_id: newOrder(),
    original_order_id: 'ORIGINAL-9',
    card: { ...card, capture: false },
    three_dsecure: {
      ...mpi,
      three_dsecure_version: '1.0.2',
      ds_transaction_id: undefined,
      xid: 'MDAwMDAwMDAwMDAwMDAwMzIyNzY=',
    },
  } as any);
  expect(authorized).toMatchObject({ status: 'AUTHORIZED', original_order_id: 'ORIGINAL-9' });

  const token = {
    network_token: '4895370012345671',
    cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
    eci: '07',
    expiration_month: 12,
    expiration_year: 2030,
    holder_name: 'Thiago Gabriel',
  };
  const first = await client.payments.create({
    amount: 30,
    currency: 'BRL',
    country: 'BR',
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    payer,
    order_id: newOrder(),
    card: { ...token, stored_credential_type: 'CARD_ON_FILE', stored_credential_usage: 'FIRST' },
  } as any);
  expect(first).toMatchObject({
    status: 'PAID',
    card: {
      last4: '5671',
      stored_credential_type: 'CARD_ON_FILE',
      stored_credential_usage: 'FIRST',
    },
  });
  const plain = await client.payments.create({
    amount: 31,
    currency: 'BRL',
    country: 'BR',
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    payer,
    order_id: newOrder(),
    card: token,
  } as any);
  expect(plain).toMatchObject({ status: 'PAID', card: { last4: '5671' } });
});

test('what the dialect does not relax still refuses, naming the field', async () => {
  const base = {
    amount: 10,
    currency: 'BRL',
    country: 'BR',
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    payer,
    card,
  };
  const cases: [string, Record<string, unknown>, string][] = [
    ['a currency in lower case', { ...base, currency: 'brl' }, 'currency'],
    ['a country of three letters', { ...base, country: 'BRA' }, 'country'],
    ['an amount with a decimal comma', { ...base, amount: '10,00' }, 'amount'],
    ['an amount of nine integer digits', { ...base, amount: 123456789 }, 'amount'],
    ['an amount as words', { ...base, amount: 'ten' }, 'amount'],
    ['a month 13', { ...base, card: { ...card, expiration_month: 13 } }, 'card.expiration_month'],
    [
      'a payer with no name',
      { ...base, payer: { email: payer.email, document: payer.document } },
      'payer.name',
    ],
    [
      'bad_document in Brazil',
      { ...base, payer: { ...payer, document: 'bad_document' } },
      'payer.document',
    ],
    [
      'a CNPJ with a wrong check digit',
      { ...base, payer: { ...payer, document: '11.222.333/0001-82' } },
      'payer.document',
    ],
  ];
  const got: string[] = [];
  const before = sandbox.ledger().entries.length;
  for (const [name, body] of cases) {
    const res = await pythonClient('POST', '/secure_payments/', { ...body, order_id: newOrder() });
    got.push(`${name}: ${res.status} ${res.body?.code} ${res.body?.param}`);
  }
  expect(got).toEqual(cases.map(([name, , param]) => `${name}: 400 5001 ${param}`));
  expect(sandbox.ledger().entries.length, 'nothing refused reaches the ledger').toBe(before);
});

test('PaymentsClient reads every answer of turn 4, param or not, each error of a clear type', async () => {
  const cases: [number, unknown, string, number | undefined, string | undefined][] = [
    [400, { code: 5007, message: 'Amount exceeded' }, 'invalid_request_error', 5007, undefined],
    [404, { code: 4000, message: 'Payment not found' }, 'not_found', 4000, undefined],
    [400, { code: 5000, message: 'Signature not match' }, 'authentication_error', 5000, undefined],
    [403, { code: 3001, message: 'Invalid credentials' }, 'authentication_error', 3001, undefined],
    [
      400,
      { code: 5001, message: 'Invalid parameter: amount', param: 'amount' },
      'invalid_request_error',
      5001,
      'amount',
    ],
    // An older answer that still carries param is read as well.
    [
      400,
      { code: 5007, message: 'Amount exceeded', param: 'amount' },
      'invalid_request_error',
      5007,
      'amount',
    ],
    [404, 'NOT_FOUND', 'not_found', undefined, undefined],
  ];
  for (const [status, body, type, code, param] of cases) {
    const error = PaymentsApiError.fromResponse(status, body);
    expect([error.type, error.status, error.code, error.param, error.retryable]).toEqual([
      type,
      status,
      code,
      param,
      false,
    ]);
    expect(error.message).toBe(
      typeof body === 'string' ? `the API answered ${status} ${body}` : (body as any).message,
    );
  }
  // Through a client, from the wire: the sandbox's answers to a refund too large and a wrong key.
  const client = new PaymentsClient({
    baseUrl: url,
    ...sandbox.credentials,
    transport: nodeTransport(),
    now: () => sandbox.clock.now(),
    maxRetries: 0,
  });
  const paid = await client.payments.create({
    amount: 10,
    currency: 'BRL',
    country: 'BR',
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    payer,
    card,
    order_id: newOrder(),
  } as any);
  const exceeded = await client.refunds
    .create({ payment_id: paid.id, amount: 11, currency: 'BRL' } as any)
    .catch((e: unknown) => e);
  expect(exceeded).toMatchObject({ type: 'invalid_request_error', status: 400, code: 5007 });
  expect((exceeded as PaymentsApiError).param).toBeUndefined();
  const forger = new PaymentsClient({
    baseUrl: url,
    ...sandbox.credentials,
    secretKey: 'not-the-secret-key',
    transport: nodeTransport(),
    now: () => sandbox.clock.now(),
    maxRetries: 0,
  });
  const forged = await forger.refunds
    .create({ payment_id: paid.id, amount: 1, currency: 'BRL' } as any)
    .catch((e: unknown) => e);
  expect(forged).toMatchObject({
    type: 'authentication_error',
    status: 400,
    code: 5000,
    message: 'Signature not match',
  });
});

test('PaymentsClient signs a call without a body over login + X-Date, as openssl computes it, and the sandbox serves it', async () => {
  const sent: TransportRequest[] = [];
  const client = new PaymentsClient({
    baseUrl: url,
    ...sandbox.credentials,
    now: () => sandbox.clock.now(),
    maxRetries: 0,
    transport: async (request) => {
      sent.push(request);
      return nodeTransport()(request);
    },
  });
  const authorized = await client.payments.create({
    amount: 10,
    currency: 'BRL',
    country: 'BR',
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    payer,
    card: { ...card, capture: false },
    order_id: newOrder(),
  } as any);
  sent.length = 0;
  expect((await client.payments.status(authorized.id)).status).toBe('AUTHORIZED');
  expect((await client.payments.cancel(authorized.id)).status).toBe('CANCELLED');
  expect(sent.map((r) => [r.method, r.body])).toEqual([
    ['GET', undefined],
    ['POST', undefined],
  ]);
  for (const request of sent) {
    const header = (name: string) =>
      Object.entries(request.headers).find(([key]) => key.toLowerCase() === name)?.[1];
    const xDate = header('x-date')!;
    // What real clients send: ISO 8601 UTC with milliseconds.
    expect(xDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(header('authorization')).toBe(
      `V2-HMAC-SHA256, Signature: ${opensslHmac(recordedCredentials.secretKey, `mylogin${xDate}`)}`,
    );
  }
});
