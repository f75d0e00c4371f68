/**
 * An order id is a path segment of the order API (`GET /orders/:id`). The ids `.` and `..` are
 * the dot segments every URL parser removes (RFC 3986, 5.2.4; the WHATWG URL standard, also
 * when written `%2E`): `GET /orders/..` is `GET /`, whatever the client. On main the order API
 * made such an order (201, with its client secret) that it could then never answer. Ids with
 * dots that are not a whole segment (`...`, `.a`, `a..`) are ids like any other.
 */
import { request } from 'node:http';
import { expect, test } from '@playwright/test';
import { startSandbox, startShop, type Harness, type Shop } from './support/harness.js';

let h: Harness;
let shop: Shop;
test.beforeAll(async () => {
  h = await startSandbox();
  shop = await startShop({}, h);
});
test.afterAll(async () => {
  await shop?.close();
  await h?.close();
});

/** A request sent as written (node:http normalizes no path), with the order API's token. */
function send(method: string, path: string, body?: unknown) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request(
      `${shop.base}${path}`,
      {
        method,
        agent: false,
        headers: {
          Authorization: `Bearer ${shop.apiToken}`,
          'User-Agent': 'merchant/1',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const order = (id: string) => ({ id, amount: 10, currency: 'BRL', country: 'BR' });

test('the order ids "." and ".." are refused when made; "...", ".a" and "a.." are made and answered', async () => {
  for (const id of ['.', '..']) {
    const made = await send('POST', '/orders', order(id));
    expect([made.status, made.body.error?.param], `POST /orders {id: "${id}"}`).toEqual([
      400,
      'id',
    ]);
  }
  const suffix = Date.now().toString(36);
  for (const id of [`...${suffix}`, `.a${suffix}`, `a${suffix}..`, '...']) {
    const made = await send('POST', '/orders', order(id));
    expect(made.status, `POST /orders {id: "${id}"}`).toBeLessThan(300);
    const read = await send('GET', `/orders/${id}`);
    expect([read.status, read.body.order?.id], `GET /orders/${id}`).toEqual([200, id]);
  }
});
