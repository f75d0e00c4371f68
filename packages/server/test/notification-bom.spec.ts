/**
 * A notification's signature is over the bytes received (the reference: login + X-Date + "the
 * exact request body", "the raw body", HMAC over its UTF-8 bytes). A body that starts with a
 * UTF-8 byte order mark (EF BB BF), signed over those bytes, is the API's; the same body
 * signed over the bytes without the mark is not. On main the route read the body as text, which
 * drops a leading BOM (the Encoding standard's UTF-8 decode, on Node's adapter and on fetch
 * runtimes alike): the genuine one was refused 401 and the one signed without the mark
 * accepted. Past the signature, the JSON text may start with the mark (RFC 8259, 8.1: a parser
 * may ignore it).
 *
 * Signed here with node:crypto's HMAC, not core's signature code.
 */
import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startSandbox, startShop, uid, type Harness, type Shop } from './support/harness.js';

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

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function headers(signedBytes: Buffer): Record<string, string> {
  const date = new Date().toISOString();
  const { login, secretKey } = h.sandbox.credentials;
  const signature = createHmac('sha256', secretKey)
    .update(Buffer.concat([Buffer.from(login + date, 'utf8'), signedBytes]))
    .digest('hex');
  return {
    'Content-Type': 'application/json',
    'X-Date': date,
    Authorization: `V2-HMAC-SHA256, Signature: ${signature}`,
    'User-Agent': 'notifier/1',
  };
}

const record = () =>
  Buffer.from(
    JSON.stringify({
      id: uid('D-1-bom'),
      amount: 120,
      currency: 'BRL',
      status: 'PAID',
      status_code: '200',
    }),
    'utf8',
  );

type Send = (body: Buffer, headers: Record<string, string>) => Promise<number>;
const runtimes: [string, Send][] = [
  [
    'Node (the adapter, over HTTP)',
    async (body, hs) =>
      (
        await fetch(`${shop.base}/notifications`, {
          method: 'POST',
          headers: hs,
          body: new Uint8Array(body),
        })
      ).status,
  ],
  [
    'a fetch runtime (the handler as `fetch`)',
    async (body, hs) =>
      (
        await shop.handler.fetch(
          new Request('https://shop.example/notifications', {
            method: 'POST',
            headers: hs,
            body: new Uint8Array(body),
          }),
        )
      ).status,
  ],
];

for (const [runtime, send] of runtimes) {
  test(`${runtime}: a body with a BOM is verified over its bytes, the mark included`, async () => {
    const json = record();
    const withBom = Buffer.concat([BOM, json]);
    const id = JSON.parse(json.toString('utf8')).id as string;
    // Signed over other bytes than those sent: the mark left out of the signature.
    expect(await send(withBom, headers(json)), 'signed without the mark it carries').toBe(401);
    expect(shop.notifications.some((n) => n.record.id === id)).toBe(false);
    // Signed over the bytes sent.
    expect(await send(withBom, headers(withBom)), 'signed over the bytes sent').toBe(200);
    expect(
      shop.notifications.filter((n) => n.record.id === id).map((n) => n.record.status),
    ).toEqual(['PAID']);
  });
}
