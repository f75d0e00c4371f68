/**
 * Faults for the next N requests on a path: latency, an error status, a dropped
 * connection, and "commit then drop". A client that retries with the same idempotency
 * key moves money once, as the ledger shows.
 */
import { cardPayment } from './support/client.js';
import type { SandboxClient } from './support/client.js';
import { expect, test } from './support/fixture.js';

async function fault(url: string, body: Record<string, unknown>) {
  const res = await fetch(`${url}/sandbox-tools/faults`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return res.json();
}

/** What a careful client does: retry network failures, 5xx and 429 with the same key. */
async function postWithRetries(
  api: SandboxClient,
  path: string,
  body: unknown,
  key: string,
  attempts = 4,
) {
  const failures: string[] = [];
  for (let i = 0; i < attempts; i++) {
    try {
      const res = await api.post(path, body, { idempotencyKey: key });
      if (res.status < 500 && res.status !== 429) return { res, failures };
      failures.push(String(res.status));
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  throw new Error(`gave up after ${failures.join(', ')}`);
}

test('commit then drop: the payment is made, the answer lost; the retry with the same key gets it, money moves once', async ({
  sbx,
}) => {
  await fault(sbx.running.url, { path: '/secure_payments', kind: 'commit_then_drop', count: 1 });
  const body = cardPayment();
  const { res, failures } = await postWithRetries(
    sbx.api,
    '/secure_payments',
    body,
    `order-${body.order_id}`,
  );
  expect(failures).toEqual(['fetch failed']);
  expect(res.body.status).toBe('PAID');
  const ledger = sbx.sandbox.ledger({ order_id: body.order_id });
  expect(ledger.entries).toHaveLength(1);
  expect(ledger.money_moved).toBe(1);
});

test('commit then drop without a key: the retry is a second request, refused as a duplicate order, but the first charge stands', async ({
  sbx,
}) => {
  await fault(sbx.running.url, { path: '/secure_payments', kind: 'commit_then_drop' });
  const body = cardPayment();
  await expect(sbx.api.post('/secure_payments', body)).rejects.toThrow('fetch failed');
  expect((await sbx.api.post('/secure_payments', body)).body.code).toBe(5009);
  expect(sbx.sandbox.ledger({ order_id: body.order_id }).money_moved).toBe(1);
});

test('a dropped connection processes nothing; the retry makes the one payment', async ({ sbx }) => {
  await fault(sbx.running.url, { path: '/secure_payments', kind: 'drop', count: 2 });
  const body = cardPayment();
  const { res, failures } = await postWithRetries(
    sbx.api,
    '/secure_payments',
    body,
    `drop-${body.order_id}`,
  );
  expect(failures).toEqual(['fetch failed', 'fetch failed']);
  expect(res.body.status).toBe('PAID');
  expect(sbx.sandbox.ledger({ order_id: body.order_id }).money_moved).toBe(1);
});

test("a 5xx or 429 answers the API's error body and is not remembered by the key", async ({
  sbx,
}) => {
  await fault(sbx.running.url, { path: '/secure_payments', kind: 'status', status: 503 });
  await fault(sbx.running.url, { path: '/secure_payments', kind: 'status', status: 429 });
  const body = cardPayment();
  const first = await sbx.api.post('/secure_payments', body, {
    idempotencyKey: `s-${body.order_id}`,
  });
  expect([first.status, first.body]).toEqual([
    503,
    { code: 7000, message: 'Failed to process the request' },
  ]);
  const second = await sbx.api.post('/secure_payments', body, {
    idempotencyKey: `s-${body.order_id}`,
  });
  expect([second.status, second.body]).toEqual([
    429,
    { code: 6000, message: 'Too many requests to the API' },
  ]);
  const third = await sbx.api.post('/secure_payments', body, {
    idempotencyKey: `s-${body.order_id}`,
  });
  expect(third.body.status).toBe('PAID');
  expect(sbx.sandbox.ledger({ order_id: body.order_id }).money_moved).toBe(1);
});

test('latency delays the answer; a prefix with * and a method narrow the fault; faults can be listed and cleared', async ({
  sbx,
}) => {
  await fault(sbx.running.url, {
    path: '/payments/*',
    method: 'GET',
    kind: 'latency',
    latency_ms: 300,
  });
  const paid = (await sbx.api.post('/secure_payments', cardPayment())).body;
  const started = Date.now();
  expect((await sbx.api.get(`/payments/${paid.id}`)).status).toBe(200);
  expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  await fault(sbx.running.url, { path: '/refunds', kind: 'drop', count: 3 });
  expect(await (await fetch(`${sbx.running.url}/sandbox-tools/faults`)).json()).toEqual([
    expect.objectContaining({ path: '/refunds', kind: 'drop', remaining: 3 }),
  ]);
  await fetch(`${sbx.running.url}/sandbox-tools/faults`, { method: 'DELETE' });
  expect(await (await fetch(`${sbx.running.url}/sandbox-tools/faults`)).json()).toEqual([]);
});

test('a fault that makes no sense is refused with the path of the problem', async ({ sbx }) => {
  const res = await fetch(`${sbx.running.url}/sandbox-tools/faults`, {
    method: 'POST',
    body: JSON.stringify({ path: 'payments', kind: 'explode' }),
  });
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ code: 5001, param: 'path' });
});
