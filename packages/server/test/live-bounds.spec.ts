/**
 * The live connection's bounds (`GET /payments/:id/events`, routes/live.ts and live-watch.ts),
 * against the real sandbox over HTTP: however many connections wait on one payment, the API is
 * asked its status once per `live.statusEveryMs` (counted where the requests reach the sandbox,
 * through a counting proxy in front of it), and connections are bounded per order and per
 * client address, a closed one giving its place back.
 */
import { createServer, request, type IncomingMessage } from 'node:http';
import { expect, test } from '@playwright/test';
import {
  settleInSandbox,
  startSandbox,
  startShop,
  type Harness,
  type Shop,
} from './support/harness.js';
import { scaled } from '../../../test/support/time.mjs';

let h: Harness;

test.beforeAll(async () => {
  h = await startSandbox();
});
test.afterAll(async () => {
  await h?.close();
});

/** A proxy in front of the sandbox that counts the status lookups (`GET /payments/<id>`) reaching it. */
async function countingProxy(target: string) {
  const counted = { lookups: 0 };
  const server = createServer((req, res) => {
    if (req.method === 'GET' && /^\/payments\/[^/?]+(\?|$)/.test(req.url ?? '')) counted.lookups++;
    const upstream = request(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    counted,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Live {
  status: number;
  /** The JSON error body when refused. */
  error?: { type: string; message: string; retryable?: boolean };
  retryAfter?: string;
  /** The `payment` events heard so far, their statuses. */
  statuses: string[];
  close(): void;
}

/** Opens a live connection with node:http (from `from`, a loopback address), answered once its status is known. */
function open(shop: Shop, paymentId: string, secret: string, from = '127.0.0.1'): Promise<Live> {
  const url = `${shop.base}/payments/${encodeURIComponent(paymentId)}/events?order=${encodeURIComponent(secret)}`;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { localAddress: from, agent: false, headers: { Origin: 'https://shop.example' } },
      (res: IncomingMessage) => {
        const live: Live = {
          status: res.statusCode ?? 0,
          statuses: [],
          close: () => req.destroy(),
        };
        res.setEncoding('utf8');
        if (live.status !== 200) {
          let text = '';
          res.on('data', (d: string) => (text += d));
          res.on('end', () => {
            live.error = JSON.parse(text).error;
            live.retryAfter = res.headers['retry-after'] as string | undefined;
            resolve(live);
          });
          return;
        }
        let buffer = '';
        res.on('data', (d: string) => {
          buffer += d;
          for (let end; (end = buffer.indexOf('\n\n')) !== -1;) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block
              .split('\n')
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5).trim())
              .join('\n');
            if (data) live.statuses.push(JSON.parse(data).payment.status);
          }
        });
        res.on('error', () => {});
        resolve(live);
      },
    );
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    req.end();
  });
}

/** A new order's pending payment (a Boleto, paid later at a counter). */
async function pending(shop: Shop) {
  const order = await shop.order();
  const res = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: order.clientSecret,
      attempt: crypto.randomUUID(),
      method: { type: 'redirect', methodId: 'BL' },
    }),
  });
  expect(res.body.payment.status).toBe('PENDING');
  return { order, paymentId: res.body.payment.id as string };
}

test('50 connections on one payment: about one status lookup per interval reaches the API, not 50; all hear it paid', async () => {
  const proxy = await countingProxy(h.sandboxUrl);
  const everyMs = 400;
  const shop = await startShop(
    {
      client: h.clientFor({ baseUrl: proxy.url }),
      live: { statusEveryMs: everyMs, maxPerOrder: 100, maxPerAddress: 100 },
    },
    h,
  );
  const connections: Live[] = [];
  try {
    const { order, paymentId } = await pending(shop);
    for (let i = 0; i < 50; i++) connections.push(await open(shop, paymentId, order.clientSecret));
    expect(connections.map((c) => c.status)).toEqual(Array(50).fill(200));
    await expect.poll(() => connections.every((c) => c.statuses.length === 1)).toBe(true);
    // From here on, only the safety net asks the API: count it over a few intervals.
    proxy.counted.lookups = 0;
    const since = Date.now();
    await expect
      .poll(() => proxy.counted.lookups, { timeout: scaled(7_000) })
      .toBeGreaterThanOrEqual(6);
    const lookups = proxy.counted.lookups;
    const intervals = (Date.now() - since) / everyMs;
    // One per interval (a timer is never early; late on a loaded machine, there are fewer),
    // and a notification the sandbox may send meanwhile: the handler's confirming lookup and the
    // watch's one. Each connection on its own would be 50 per interval.
    expect(lookups, `${lookups} lookups in ${intervals.toFixed(1)} intervals`).toBeLessThanOrEqual(
      Math.ceil(intervals) + 3,
    );
    // The payer pays: every connection hears it, from one lookup, not one each.
    const before = proxy.counted.lookups;
    await settleInSandbox(h, paymentId, 'PAID');
    await expect
      .poll(() => connections.filter((c) => c.statuses.at(-1) === 'PAID').length, {
        timeout: scaled(7_000),
      })
      .toBe(50);
    expect(proxy.counted.lookups - before).toBeLessThanOrEqual(4);
  } finally {
    for (const c of connections) c.close();
    await shop.close();
    await proxy.close();
  }
});

test('per order: at most maxPerOrder connections, the next is 429 with the error body; one closed, the next opens', async () => {
  const shop = await startShop({ live: { maxPerOrder: 3, maxPerAddress: 100 } }, h);
  const connections: Live[] = [];
  try {
    const { order, paymentId } = await pending(shop);
    for (let i = 0; i < 3; i++) connections.push(await open(shop, paymentId, order.clientSecret));
    expect(connections.map((c) => c.status)).toEqual([200, 200, 200]);
    const refused = await open(shop, paymentId, order.clientSecret);
    expect([refused.status, refused.error?.type, refused.error?.retryable]).toEqual([
      429,
      'rate_limited',
      true,
    ]);
    expect(refused.error?.message).toContain('for this order (at most 3 at once)');
    expect(refused.retryAfter).toBe('5');
    // Another order is not held by this one's bound.
    const other = await pending(shop);
    const elsewhere = await open(shop, other.paymentId, other.order.clientSecret);
    connections.push(elsewhere);
    expect(elsewhere.status).toBe(200);
    // One closes: its place is given back once the server sees it gone.
    connections.shift()!.close();
    let next: Live | undefined;
    await expect
      .poll(async () => {
        const tried = await open(shop, paymentId, order.clientSecret);
        if (tried.status === 200) next = tried;
        return tried.status;
      })
      .toBe(200);
    connections.push(next!);
    expect((await open(shop, paymentId, order.clientSecret)).status).toBe(429);
  } finally {
    for (const c of connections) c.close();
    await shop.close();
  }
});

test('per address: at most maxPerAddress connections from one client address, whatever the order; another address is not held by it', async () => {
  const shop = await startShop({ live: { maxPerOrder: 10, maxPerAddress: 2 } }, h);
  const connections: Live[] = [];
  try {
    const payments = [await pending(shop), await pending(shop), await pending(shop)];
    for (const p of payments.slice(0, 2))
      connections.push(await open(shop, p.paymentId, p.order.clientSecret));
    expect(connections.map((c) => c.status)).toEqual([200, 200]);
    const [, , third] = payments;
    const refused = await open(shop, third!.paymentId, third!.order.clientSecret);
    expect([refused.status, refused.error?.type]).toEqual([429, 'rate_limited']);
    expect(refused.error?.message).toContain('from this address (at most 2 at once)');
    // A refused connection asked nothing of its order: it holds no place there either.
    const fromElsewhere = await open(
      shop,
      third!.paymentId,
      third!.order.clientSecret,
      '127.0.0.2',
    );
    connections.push(fromElsewhere);
    expect(fromElsewhere.status).toBe(200);
    connections.shift()!.close();
    let next: Live | undefined;
    await expect
      .poll(async () => {
        const tried = await open(shop, third!.paymentId, third!.order.clientSecret);
        if (tried.status === 200) next = tried;
        return tried.status;
      })
      .toBe(200);
    connections.push(next!);
  } finally {
    for (const c of connections) c.close();
    await shop.close();
  }
});

test('a connection refused for a wrong client secret gives its place back', async () => {
  const shop = await startShop({ live: { maxPerOrder: 10, maxPerAddress: 1 } }, h);
  const connections: Live[] = [];
  try {
    const { order, paymentId } = await pending(shop);
    for (let i = 0; i < 3; i++) {
      const wrong = await open(shop, paymentId, `${order.id}_secret_${'0'.repeat(32)}`);
      expect(wrong.status).toBe(404);
    }
    const right = await open(shop, paymentId, order.clientSecret);
    connections.push(right);
    expect(right.status).toBe(200);
  } finally {
    for (const c of connections) c.close();
    await shop.close();
  }
});
