/**
 * The direct Node routes for `POST /payments` and `GET /payments/:id/events` (src/direct.ts)
 * answer as the Hono path does: the same statuses, bodies and headers, the same request ids,
 * CORS, body limit, rate limit by client address (through `trustProxy`), the same log entries
 * and warnings, the same live events byte for byte. Two shops on one
 * sandbox, one served each way, are sent the same requests over HTTP; and the direct route is
 * seen to be the one that answered (its headers in the order its layers set them, where
 * `@hono/node-server` writes a `Headers`' names sorted, the request id among the last).
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import type { LogEntry } from '@paylit/server';
import { expect, test } from '@playwright/test';
import {
  startSandbox,
  startShop,
  settleInSandbox,
  submitCard,
  type Harness,
  type Shop,
  type ShopPath,
} from './support/harness.js';

interface Answer {
  status: number;
  /** Header names in the order they were written, lower case. */
  names: string[];
  headers: Record<string, string>;
  body: string;
}

/** One request over HTTP, as written (a declared length, no chunking), and its answer whole. */
function send(
  shop: Shop,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<Answer> {
  const url = new URL(`${shop.base}${path}`);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'Content-Length': String(Buffer.byteLength(body)), ...headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const names: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            names.push(res.rawHeaders[i]!.toLowerCase());
          resolve({
            status: res.statusCode ?? 0,
            names,
            headers: res.headers as Record<string, string>,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** What must agree between the two ways: status, body (request ids and payment ids apart), headers but the date. */
function comparable(a: Answer) {
  const { date: _date, connection: _c, 'keep-alive': _k, ...headers } = a.headers;
  const body = a.body
    .replace(/"requestId":"[^"]*"/g, '"requestId":"…"')
    .replace(/"id":"[^"]*"/g, '"id":"…"');
  return { status: a.status, body, headers: { ...headers, 'x-request-id': '…' } };
}

/**
 * A GET's answer, read to its end (`whole`): the head as sent, the body's text as it came;
 * `first`, once its first bytes came.
 */
function get(url: string, headers: Record<string, string>) {
  let first!: () => void;
  const started = new Promise<void>((resolve) => (first = resolve));
  const whole = new Promise<Answer>((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        body += text;
        first();
      });
      res.on('end', () => {
        const names: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          names.push(res.rawHeaders[i]!.toLowerCase());
        resolve({
          status: res.statusCode ?? 0,
          names,
          headers: res.headers as Record<string, string>,
          body,
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
  return { first: started, whole };
}

let h: Harness;
const shops = {} as Record<ShopPath, Shop>;
const logs: Record<ShopPath, LogEntry[]> = { node: [], fetch: [] };
const warnings: Record<ShopPath, string[]> = { node: [], fetch: [] };

test.beforeAll(async () => {
  h = await startSandbox();
  for (const path of ['node', 'fetch'] as const)
    shops[path] = await startShop(
      {
        maxBodyBytes: 4096,
        rateLimit: { windowMs: 60_000, max: 1000 },
        // The fetch shop hears a payment settled by its status lookup (the sandbox notifies the
        // shop the payment was made through).
        live: { statusEveryMs: 300 },
        trustProxy: 1,
        logger: (entry) => void logs[path].push(entry),
        onError: (error) => void warnings[path].push(String((error as Error).message ?? error)),
      },
      h,
      path,
    );
});
test.afterAll(async () => {
  for (const shop of Object.values(shops)) await shop?.close();
  await h?.close();
});

/** The same request to both shops (each with its own order when `order` is given), answers side by side. */
async function both(
  headers: Record<string, string>,
  body: (shop: Shop) => Promise<string> | string,
  path = '/payments',
) {
  const node = await send(shops.node, path, headers, await body(shops.node));
  const fetch = await send(shops.fetch, path, headers, await body(shops.fetch));
  return { node, fetch };
}

const json = { 'Content-Type': 'application/json', Origin: 'https://shop.example' };

test('refusals are the same bytes both ways: wrong type, bad JSON, a bad submission, an unknown order, a body over the limit', async () => {
  const secret = async (shop: Shop) => (await shop.order()).clientSecret;
  const cases: [string, Record<string, string>, (shop: Shop) => Promise<string> | string][] = [
    ['text/plain', { ...json, 'Content-Type': 'text/plain' }, () => '{}'],
    ['not JSON', json, () => '{"order":'],
    ['no method', json, async (s) => JSON.stringify({ order: await secret(s), attempt: 'a-1' })],
    [
      'a wrong card',
      json,
      async (s) =>
        JSON.stringify({
          order: await secret(s),
          attempt: 'a-1',
          method: { type: 'card', encryptedData: 'x', holderName: '', expirationMonth: 13 },
        }),
    ],
    [
      'a client secret of no order',
      json,
      () =>
        JSON.stringify({
          order: 'x'.repeat(40),
          attempt: 'a-1',
          method: { type: 'redirect', methodId: 'PIX' },
        }),
    ],
    ['over maxBodyBytes', json, () => JSON.stringify({ pad: 'x'.repeat(5000) })],
    ['an origin not allowed', { ...json, Origin: 'https://evil.example' }, () => '{'],
    ['no origin (a server-side caller)', { 'Content-Type': 'application/json' }, () => '{'],
  ];
  for (const [what, headers, body] of cases) {
    const { node, fetch } = await both(headers, body);
    expect(node.status, what).toBeGreaterThanOrEqual(400);
    expect(comparable(node), what).toEqual(comparable(fetch));
    // The direct route wrote its headers as its layers set them: the request id first.
    expect(node.names[0], what).toBe('x-request-id');
    expect(fetch.names[0], what).not.toBe('x-request-id');
  }
  // The page on an origin not allowed: the merchant is told once, each way.
  expect(warnings.node.filter((w) => w.includes('evil.example'))).toHaveLength(1);
  expect(warnings.fetch.filter((w) => w.includes('evil.example'))).toHaveLength(1);
});

test('a payment is paid both ways with the same answer, CORS headers and request id; the log says the same', async () => {
  const answers: Record<string, Awaited<ReturnType<typeof submitCard>>> = {};
  for (const path of ['node', 'fetch'] as const) {
    const order = await shops[path].order();
    answers[path] = await submitCard(shops[path], order.clientSecret, {}, undefined, {
      'X-Request-Id': `trace-${path}.1`,
    });
  }
  const { node, fetch } = { node: answers.node!.res, fetch: answers.fetch!.res };
  expect([node.status, fetch.status]).toEqual([200, 200]);
  expect(node.body.payment.status).toBe(fetch.body.payment.status);
  expect(Object.keys(node.body)).toEqual(Object.keys(fetch.body));
  expect(Object.keys(node.body.payment).sort()).toEqual(Object.keys(fetch.body.payment).sort());
  for (const name of [
    'access-control-allow-origin',
    'access-control-expose-headers',
    'vary',
    'content-type',
  ])
    expect(node.headers.get(name), name).toBe(fetch.headers.get(name));
  expect(node.headers.get('x-request-id')).toBe('trace-node.1');
  expect(fetch.headers.get('x-request-id')).toBe('trace-fetch.1');
  const entry = (path: ShopPath) =>
    logs[path].find((e) => e.requestId === `trace-${path}.1`) as LogEntry;
  expect({ ...entry('node'), ms: 0, requestId: '' }).toEqual({
    ...entry('fetch'),
    ms: 0,
    requestId: '',
  });
  expect(entry('node')).toMatchObject({ method: 'POST', path: '/paylit/payments', status: 200 });
});

test('the rate limit counts each client by the address trustProxy names, and its 429 is the same both ways', async () => {
  const limited: Record<ShopPath, Shop> = {} as never;
  try {
    for (const path of ['node', 'fetch'] as const)
      limited[path] = await startShop(
        { rateLimit: { windowMs: 60_000, max: 2 }, trustProxy: 1 },
        h,
        path,
      );
    const results: Record<ShopPath, Answer[]> = { node: [], fetch: [] };
    for (const path of ['node', 'fetch'] as const)
      for (const client of ['203.0.113.7', '203.0.113.7', '203.0.113.7', '198.51.100.2'])
        results[path].push(
          await send(limited[path], '/payments', { ...json, 'X-Forwarded-For': client }, '{'),
        );
    const statuses = (path: ShopPath) => results[path].map((a) => a.status);
    // The third from one address is over its limit; another address has its own count.
    expect(statuses('node')).toEqual([400, 400, 429, 400]);
    expect(statuses('fetch')).toEqual(statuses('node'));
    expect(comparable(results.node[2]!)).toEqual(comparable(results.fetch[2]!));
    expect(results.node[2]!.headers['retry-after']).toBe('60');
    expect(JSON.parse(results.node[2]!.body).error.type).toBe('rate_limited');
  } finally {
    for (const shop of Object.values(limited)) await shop?.close();
  }
});

test('a body declared over the limit is refused before it is read, and the client still sending reads its 413', async () => {
  const port = Number(new URL(shops.node.base).port);
  const { text } = await new Promise<{ text: string }>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('error', () => resolve({ text }));
    socket.on('close', () => resolve({ text }));
    socket.write(
      `POST /paylit/payments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      if (socket.destroyed || sent > 40) return;
      sent++;
      socket.write(chunk, pump);
    };
    pump();
  });
  expect(text).toMatch(/^HTTP\/1\.1 413 /);
  expect(text.toLowerCase()).toMatch(/^x-request-id: /m);
  expect(text).toContain('"type":"payload_too_large"');
});

test('a Pix waited for on its live connection: the same head and the same events, byte for byte, both ways, to the end of the stream', async () => {
  // One order (the same id, so the same client secret) in both shops, its Pix made through the
  // node shop: both connections follow the one payment.
  const id = `live-both-${crypto.randomUUID()}`;
  const order = await shops.node.order({ id });
  expect((await shops.fetch.order({ id })).clientSecret).toBe(order.clientSecret);
  const made = await shops.node.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: order.clientSecret,
      attempt: crypto.randomUUID(),
      method: { type: 'redirect', methodId: 'PQ' },
    }),
  });
  expect(made.status).toBe(200);
  const paymentId: string = made.body.payment.id;
  const path = `/payments/${paymentId}/events?order=${encodeURIComponent(order.clientSecret)}`;
  const headers = { Origin: 'https://shop.example', 'X-Request-Id': 'trace-live' };
  const answers = (['node', 'fetch'] as const).map((p) => get(`${shops[p].base}${path}`, headers));
  // Settled once both connections have their first event.
  await Promise.all(answers.map((a) => a.first));
  await settleInSandbox(h, paymentId, 'PAID');
  const [node, fetch] = await Promise.all(answers.map((a) => a.whole));
  expect(node!.status).toBe(200);
  expect(node!.body).toMatch(/^event: payment\ndata: \{.*"status":"PENDING".*\nretry: 2000\n\n/);
  expect(node!.body).toMatch(/event: payment\ndata: \{.*"status":"PAID".*\}\n\n$/);
  // The same bytes, head (but its date) and events.
  expect(node!.body).toBe(fetch!.body);
  const head = (a: Answer) => {
    const { date: _date, ...rest } = a.headers;
    return { status: a.status, headers: rest };
  };
  expect(head(node!)).toEqual(head(fetch!));
  expect(node!.headers['content-type']).toBe('text/event-stream');
  expect(node!.headers['transfer-encoding']).toBe('chunked');
  // The direct route wrote its head as its layers set it (the request id first), Hono's sorted.
  expect(node!.names[0]).toBe('x-request-id');
  expect(fetch!.names[0]).not.toBe('x-request-id');
});
