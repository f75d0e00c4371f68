/**
 * Authentication as the API answers it: a missing X-Login or X-Date is 400 / 5001 naming the
 * header, an unknown X-Login or a wrong X-Trans-Key 403 / 3001, a POST whose signature does
 * not match 400 / 5000 `Signature not match` (recorded on the wire) and a GET's 403 / 3001 (the
 * sandbox's choice: no GET was recorded), the version 5017; no clock skew is refused.
 */
import { authorizationHeader, createSignature, signedHeaders } from '@paylit/core/crypto';
import { cardPayment } from './support/client.js';
import { expect, startSandbox, stopSandbox, test } from './support/fixture.js';

const invalid = { code: 3001, message: 'Invalid credentials' };
const notMatch = { code: 5000, message: 'Signature not match' };

test('a correctly signed request is accepted', async ({ sbx }) => {
  const res = await sbx.api.post('/secure_payments', cardPayment());
  expect(res.status).toBe(200);
  expect(res.body.status).toBe('PAID');
});

for (const [name, headers, param] of [
  ['without X-Login', { 'X-Login': undefined }, 'X-Login'],
  ['with an empty X-Login', { 'X-Login': '' }, 'X-Login'],
  ['without X-Date', { 'X-Date': undefined }, 'X-Date'],
  [
    'with an X-Date that is not ISO 8601 UTC',
    { 'X-Date': 'Sun, 22 Nov 2026 01:00:00 GMT' },
    'X-Date',
  ],
] as const) {
  test(`400 / 5001 naming ${param} ${name}`, async ({ sbx }) => {
    const res = await sbx.api.post('/secure_payments', cardPayment(), { headers });
    expect([res.status, res.body]).toEqual([
      400,
      { code: 5001, message: `Invalid parameter: ${param}`, param },
    ]);
    const lookup = await sbx.api.get('/payments/D-1-nope/status', { headers });
    expect([lookup.status, lookup.body.param]).toEqual([400, param]);
  });
}

for (const [name, headers] of [
  ['with an unknown X-Login', { 'X-Login': 'someone-else' }],
  ['without X-Trans-Key', { 'X-Trans-Key': undefined }],
  ['with a wrong X-Trans-Key', { 'X-Trans-Key': 'wrong' }],
] as const) {
  test(`403 / 3001 ${name}`, async ({ sbx }) => {
    const res = await sbx.api.post('/secure_payments', cardPayment(), { headers });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(invalid);
  });
}

for (const [name, headers] of [
  ['without Authorization', { Authorization: undefined }],
  ['with another signature scheme', { Authorization: 'V1-HMAC-SHA1, Signature: abcd' }],
  ['with a signature of other bytes', { Authorization: authorizationHeader('0'.repeat(64)) }],
] as const) {
  test(`a POST ${name} is 400 / 5000 Signature not match; a GET 403 / 3001`, async ({ sbx }) => {
    const res = await sbx.api.post('/secure_payments', cardPayment(), { headers });
    expect([res.status, res.body]).toEqual([400, notMatch]);
    const paid = (await sbx.api.post('/secure_payments', cardPayment())).body;
    const lookup = await sbx.api.get(`/payments/${paid.id}/status`, { headers });
    expect([lookup.status, lookup.body]).toEqual([403, invalid]);
    const cancel = await sbx.api.post(`/payments/${paid.id}/cancel`, undefined, { headers });
    expect([cancel.status, cancel.body]).toEqual([400, notMatch]);
  });
}

test('an unknown X-Login is 403 / 3001 whatever the signature, on a POST too', async ({ sbx }) => {
  const res = await sbx.api.post('/secure_payments', cardPayment(), {
    headers: { 'X-Login': 'someone-else', Authorization: authorizationHeader('0'.repeat(64)) },
  });
  expect([res.status, res.body]).toEqual([403, invalid]);
});

test('400 / 5000 Signature not match when the body differs from the one signed', async ({
  sbx,
}) => {
  // Sign one body, send another.
  const body = cardPayment();
  const res = await fetch(`${sbx.running.url}/secure_payments`, {
    method: 'POST',
    headers: {
      ...(await signedHeaders({ ...sbx.sandbox.credentials, body: JSON.stringify(body) })),
      'User-Agent': 'specs',
    },
    body: JSON.stringify({ ...body, amount: 1 }),
  });
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual(notMatch);
});

test('no clock skew is refused: a correctly signed X-Date a year old or a month ahead is served, with or without milliseconds', async ({
  sbx,
}) => {
  const now = sbx.sandbox.clock.now().getTime();
  const yearOld = new Date(now - 365 * 24 * 3600_000);
  const monthAhead = new Date(now + 31 * 24 * 3600_000);
  for (const date of [yearOld, monthAhead]) {
    const paid = await sbx.api.post('/secure_payments', cardPayment(), { date });
    expect([paid.status, paid.body.status]).toEqual([200, 'PAID']);
    expect((await sbx.api.get(`/payments/${paid.body.id}/status`, { date })).body.status).toBe(
      'PAID',
    );
    // The same date under a signature of other bytes is still refused.
    const forged = await sbx.api.post('/secure_payments', cardPayment(), {
      date,
      headers: { Authorization: authorizationHeader('0'.repeat(64)) },
    });
    expect([forged.status, forged.body]).toEqual([400, notMatch]);
  }
  // Without milliseconds: sign with that exact text.
  const date = yearOld.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const body = JSON.stringify(cardPayment());
  const signature = await createSignature({
    login: sbx.sandbox.credentials.login,
    date,
    body,
    secretKey: sbx.sandbox.credentials.secretKey,
  });
  const res = await sbx.api.post('/secure_payments', undefined, {
    rawBody: body,
    headers: {
      'X-Date': date,
      Authorization: authorizationHeader(signature),
      'Content-Type': 'application/json',
    },
  });
  expect(res.status).toBe(200);
});

test('X-Version absent is 2.1; another version is 400 / 5017', async ({ sbx }) => {
  expect(
    (await sbx.api.post('/secure_payments', cardPayment(), { headers: { 'X-Version': undefined } }))
      .status,
  ).toBe(200);
  const res = await sbx.api.post('/secure_payments', cardPayment(), {
    headers: { 'X-Version': '2.0' },
  });
  expect([res.status, res.body]).toEqual([400, { code: 5017, message: 'Invalid API version' }]);
});

test('the other headers of the spec: User-Agent, Content-Type, the payment-source header', async ({
  sbx,
}) => {
  const noAgent = await sbx.api.post('/secure_payments', cardPayment(), {
    headers: { 'User-Agent': '' },
  });
  expect([noAgent.status, noAgent.body]).toEqual([
    400,
    { code: 5001, message: 'Invalid parameter: User-Agent', param: 'User-Agent' },
  ]);
  const text = await sbx.api.post('/secure_payments', cardPayment(), {
    headers: { 'Content-Type': 'text/plain' },
  });
  expect([text.status, text.body.param]).toEqual([400, 'Content-Type']);
  expect(
    (
      await sbx.api.post('/secure_payments', cardPayment(), {
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await sbx.api.post('/secure_payments', cardPayment(), {
        headers: { 'X-Acme-Payment-Source': 'x'.repeat(100) },
      })
    ).status,
  ).toBe(200);
  const long = await sbx.api.post('/secure_payments', cardPayment(), {
    headers: { 'X-Acme-Payment-Source': 'x'.repeat(101) },
  });
  expect([long.status, long.body.code, long.body.param]).toEqual([
    400,
    5001,
    'x-acme-payment-source',
  ]);
});

test('a GET is signed over login + date alone', async ({ sbx }) => {
  const res = await sbx.api.get('/payments-methods?country=BR');
  expect(res.status).toBe(200);
});

test('403 / 3002 from an address not on the allow-list', async () => {
  const f = await startSandbox({ allowedIps: ['203.0.113.9'] });
  try {
    const res = await f.api.get('/payments-methods?country=BR');
    expect([res.status, res.body]).toEqual([
      403,
      { code: 3002, message: 'Unregistered IP address' },
    ]);
  } finally {
    await stopSandbox(f);
  }
  const ok = await startSandbox({ allowedIps: ['127.0.0.1'] });
  try {
    expect((await ok.api.get('/payments-methods?country=BR')).status).toBe(200);
  } finally {
    await stopSandbox(ok);
  }
});
