/**
 * The live status route (`GET /payments/:id/events`) asked over HTTP/1.0, as an HTTP/1.0 client
 * or proxy asks: HTTP/1.0 has no chunked transfer coding (RFC 9112, 6.1: a server must not send
 * `Transfer-Encoding` unless the request is HTTP/1.1 or later), so the events come unframed and
 * the connection's close ends them. Chunk sizes written into the stream would be read as part of
 * the events. The same for a Pix Automático sign-up's events. Against the real sandbox, over a raw socket.
 */
import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { payer, settleInSandbox, startShop, uid, type Shop } from './support/harness.js';

let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(async () => {
  await shop?.close();
});

/** Sends `head` and reads until the server closes the connection. */
function exchange(url: URL, head: string, onOpen: () => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(head);
      onOpen();
    });
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (text += d));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

test("an HTTP/1.0 request for a Pix payment's events: no chunked coding, the events as they are, the close ends them", async () => {
  const order = await shop.order();
  const paid = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: order.clientSecret,
      attempt: crypto.randomUUID(),
      method: { type: 'redirect', methodId: 'PQ' },
    }),
  });
  const id: string = paid.body.payment.id;
  const url = new URL(`${shop.base}/payments/${id}/events?order=${order.clientSecret}`);
  const text = await exchange(
    url,
    `GET ${url.pathname}${url.search} HTTP/1.0\r\nHost: ${url.host}\r\nOrigin: https://shop.example\r\n\r\n`,
    () => void setTimeout(() => void settleInSandbox(shop, id, 'PAID'), 300),
  );
  const at = text.indexOf('\r\n\r\n');
  const [head, body] = [text.slice(0, at), text.slice(at + 4)];
  expect(head).toMatch(/^HTTP\/1\.[01] 200 /);
  expect(head.toLowerCase()).not.toContain('transfer-encoding');
  // The body is the events themselves: it starts with one and ends with the last one's blank line.
  expect(body).toMatch(/^(retry|event|:)/);
  expect(body).toContain('"status":"PAID"');
  expect(body.endsWith('\n\n')).toBe(true);
  expect(body).not.toMatch(/\r\n0\r\n\r\n$/);
});

test("an HTTP/1.0 request for a Pix Automático sign-up's events: no chunked coding either", async () => {
  const start = new Date(shop.sandbox.clock.now().getTime() + 5 * 86_400_000).toISOString();
  const order = await shop.order({
    id: uid('sub10'),
    amount: 39.9,
    payer,
    plan: {
      frequency: 'MONTHLY',
      amount: { type: 'FIXED', value: 39.9 },
      startDate: start.slice(0, 10),
    },
  });
  const signed = await shop.browser('/subscriptions', {
    method: 'POST',
    body: JSON.stringify({ order: order.clientSecret, method: { type: 'XA' } }),
  });
  expect(signed.body.subscription.status).toBe('PENDING');
  const sub = await shop.handler.subscriptions.get(order.id);
  const enrollment = (sub!.method as { enrollmentId: string }).enrollmentId;
  const url = new URL(`${shop.base}/subscriptions/events?order=${order.clientSecret}`);
  const text = await exchange(
    url,
    `GET ${url.pathname}${url.search} HTTP/1.0\r\nHost: ${url.host}\r\nOrigin: https://shop.example\r\n\r\n`,
    () =>
      void setTimeout(
        () =>
          void fetch(`${shop.sandboxUrl}/sandbox-tools/enrollments/${enrollment}/reject`, {
            method: 'POST',
          }),
        300,
      ),
  );
  const at = text.indexOf('\r\n\r\n');
  const [head, body] = [text.slice(0, at), text.slice(at + 4)];
  expect(head).toMatch(/^HTTP\/1\.[01] 200 /);
  expect(head.toLowerCase()).not.toContain('transfer-encoding');
  expect(body).toMatch(/^(retry|event|:|data)/);
  expect(body).toContain('"status":"REJECTED"');
  expect(body.endsWith('\n\n')).toBe(true);
});
