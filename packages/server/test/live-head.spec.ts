/**
 * `HEAD` on the live status URLs (`/payments/:id/events`, `/subscriptions/events`), as a link
 * checker, an uptime probe, a proxy or `curl -I` asks it. HEAD is GET without the content
 * (RFC 9110, 9.3.2): the same status and header fields, at once, and nothing held afterwards.
 * A live stream has no end to wait for, so the answer is the stream's head, after the same
 * checks (client secret, payment, the connection limits), and the places those checks took
 * are given back at once. On main the HEAD was answered only when the stream ended (five
 * minutes), holding its order's place all along.
 */
import { request } from 'node:http';
import { expect, test } from '@playwright/test';
import { startSandbox, startShop, type Harness, type Shop } from './support/harness.js';
import { scaled } from '../../../test/support/time.mjs';

let h: Harness;
let shop: Shop;
test.beforeAll(async () => {
  h = await startSandbox();
  shop = await startShop({ live: { maxPerOrder: 1, maxPerAddress: 100 } }, h);
});
test.afterAll(async () => {
  await shop?.close();
  await h?.close();
});

interface Head {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A HEAD with node:http, as a client sends it; undefined when no answer came within `ms`. */
function head(url: string, ms = scaled(2_000)): Promise<Head | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'HEAD',
        agent: false,
        headers: { Origin: 'https://shop.example', 'User-Agent': 'probe/1' },
      },
      (res) => {
        let body = '';
        res.setEncoding('latin1');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      resolve(undefined);
    }, ms);
    req.on('error', (error) => {
      if (!req.destroyed) reject(error);
    });
    req.end();
  });
}

/** A GET's status, the connection closed once its head arrived. */
function getStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { agent: false, headers: { Origin: 'https://shop.example' } },
      (res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      },
    );
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    req.end();
  });
}

async function pendingBoleto() {
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
  const id = res.body.payment.id as string;
  return `${shop.base}/payments/${encodeURIComponent(id)}/events?order=${encodeURIComponent(order.clientSecret)}`;
}

test("HEAD on a pending payment's events: GET's status and head at once, no body, and no place held", async () => {
  const url = await pendingBoleto();
  const answer = await head(url);
  expect(answer, 'the HEAD was answered').toBeDefined();
  expect(answer!.status).toBe(200);
  expect(answer!.headers['content-type']).toBe('text/event-stream');
  expect(answer!.headers['access-control-allow-origin']).toBe('https://shop.example');
  expect(answer!.body).toBe('');
  // One place per order: the HEAD gave its place back, so a GET opens.
  expect(await getStatus(url)).toBe(200);
});

test('HEAD with a wrong client secret is 404 like GET, and holds nothing either', async () => {
  const url = await pendingBoleto();
  const wrong = url.replace(/_secret_[0-9a-f]+/, `_secret_${'0'.repeat(32)}`);
  expect((await head(wrong))?.status).toBe(404);
  const answer = await head(url);
  expect(answer?.status).toBe(200);
  expect(await getStatus(url)).toBe(200);
});

test('HEAD on a fetch runtime (the handler as `fetch`): answered, and the place given back', async () => {
  const url = await pendingBoleto();
  const path = url.slice(shop.base.length);
  const ask = (method: string) =>
    Promise.race([
      shop.handler.fetch(
        new Request(`https://shop.example${path}`, {
          method,
          headers: { Origin: 'https://shop.example' },
        }),
      ),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), scaled(2_000))),
    ]);
  const answer = await ask('HEAD');
  expect(answer?.status).toBe(200);
  expect(await answer!.text()).toBe('');
  const next = await ask('GET');
  expect(next?.status).toBe(200);
  await next?.body?.cancel();
});
