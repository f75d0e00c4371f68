/**
 * `HEAD` on a subscription's live status (`GET /subscriptions/events`), as a link checker, an
 * uptime probe or `curl -I` asks it: GET's status and head at once, no content, and nothing
 * left running (RFC 9110, 9.3.2). On main the HEAD ran GET's stream, whose content nobody
 * reads: its first keep-alive write (15 s in) never returned, so the stream's listener for the
 * subscription's changes was kept for as long as the process lived, one more per HEAD.
 *
 * What the test sees of that listener: the store's change channel, which the handler joins when
 * its first listener starts. A fresh handler asked HEAD alone joins nothing; asked GET, it joins.
 */
import { request } from 'node:http';
import { expect, test } from '@playwright/test';
import { MemoryStore } from '@paylit/server';
import { payer, startSandbox, startShop, uid, type Harness } from './support/harness.js';
import { scaled } from '../../../test/support/time.mjs';

const DAY = 24 * 60 * 60 * 1000;

let h: Harness;
test.beforeAll(async () => {
  h = await startSandbox();
});
test.afterAll(async () => {
  await h?.close();
});

/** A memory store that counts the handler's joins of its change channel. */
class CountingStore extends MemoryStore {
  joins = 0;
  override async subscribe(listener: (message: string) => void) {
    this.joins++;
    return super.subscribe(listener);
  }
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with node:http; for a GET, the head and the content's first chunk, then closed. */
function ask(method: 'HEAD' | 'GET', url: string): Promise<Answer | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent: false,
        headers: { Origin: 'https://shop.example', 'User-Agent': 'probe/1' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        const done = () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
          req.destroy();
        };
        res.on('data', (d: string) => {
          body += d;
          if (method === 'GET') done();
        });
        res.on('end', done);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      resolve(undefined);
    }, scaled(2_000));
    req.on('error', (error) => {
      if (!req.destroyed) reject(error);
    });
    req.end();
  });
}

test("HEAD on /subscriptions/events: the stream's head at once, and no listener started (GET starts one)", async () => {
  const store = new CountingStore();
  const shop = await startShop({ merchantName: 'Loja Exemplo', store }, h);
  try {
    const { document: _document, ...payerWithoutDocument } = payer;
    const start = new Date(h.sandbox.clock.now().getTime() + 5 * DAY).toISOString().slice(0, 10);
    const order = await shop.order({
      id: uid('subhead'),
      amount: 39.9,
      payer: payerWithoutDocument,
      plan: { frequency: 'MONTHLY', amount: { type: 'FIXED', value: 39.9 }, startDate: start },
    });
    const made = await shop.browser('/subscriptions', {
      method: 'POST',
      body: JSON.stringify({
        order: order.clientSecret,
        method: { type: 'XA' },
        payer: { document: '530.333.155-50' },
      }),
    });
    expect(made.body.subscription?.status).toBe('PENDING');
    const url = `${shop.base}/subscriptions/events?order=${encodeURIComponent(order.clientSecret)}`;

    expect(store.joins, 'listeners started before the HEAD').toBe(0);
    const head = await ask('HEAD', url);
    expect(head, 'the HEAD was answered').toBeDefined();
    expect(head!.status).toBe(200);
    expect(head!.headers['content-type']).toBe('text/event-stream');
    expect(head!.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(head!.body).toBe('');
    // A stream started for the HEAD joins the channel before the answer is made.
    expect(store.joins, 'listeners started by the HEAD').toBe(0);

    const get = await ask('GET', url);
    expect(get?.status).toBe(200);
    expect(get!.body).toContain('event: subscription');
    expect(store.joins, 'listeners started by the GET').toBe(1);
    // The HEAD's head is the GET's.
    for (const name of ['content-type', 'cache-control', 'x-accel-buffering'])
      expect(head!.headers[name], name).toBe(get!.headers[name]);
  } finally {
    await shop.close();
  }
});
