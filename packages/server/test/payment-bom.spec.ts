/**
 * A `POST /payments` body that starts with a UTF-8 byte order mark (RFC 8259 8.1: a parser
 * may ignore it) is read the same way on the direct Node route (src/direct.ts) as on the fetch
 * path, whose `Request.text()` drops the mark: the payment is made either way, not refused
 * as "not valid JSON" by one of them.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { expect, test } from '@playwright/test';
import {
  shopPaths,
  startSandbox,
  startShop,
  type Harness,
  type Shop,
  type ShopPath,
} from './support/harness.js';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function post(shop: Shop, body: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${shop.base}/payments`,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(body.byteLength),
          Origin: shop.origin,
        },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let h: Harness;
const shops = {} as Record<ShopPath, Shop>;
test.beforeAll(async () => {
  h = await startSandbox();
  for (const path of shopPaths) shops[path] = await startShop({}, h, path);
});
test.afterAll(async () => {
  for (const shop of Object.values(shops)) await shop?.close();
  await h?.close();
});

test('a payment body starting with a BOM is read as its JSON on the direct Node route and the fetch path alike', async () => {
  const answers: Record<string, { status: number; body: string }> = {};
  for (const path of shopPaths) {
    const order = await shops[path].order();
    const json = JSON.stringify({
      order: order.clientSecret,
      attempt: randomUUID(),
      method: { type: 'redirect', methodId: 'PX' },
    });
    answers[path] = await post(shops[path], Buffer.concat([BOM, Buffer.from(json)]));
  }
  for (const path of shopPaths) {
    expect(answers[path]!.body, path).not.toContain('not valid JSON');
    expect(answers[path]!.status, `${path}: ${answers[path]!.body}`).toBe(200);
  }
});
