/**
 * The signature covers the bytes received: X-Login + X-Date + "the exact request body", an
 * HMAC over its UTF-8 bytes. A body that starts with a UTF-8 byte order mark (EF BB BF) and is
 * signed over those bytes is the merchant's; the same body signed over the bytes without the
 * mark is not. On main the sandbox checked the text decoded from the body, which has lost a
 * leading mark: the first was refused `Signature not match` and the second was charged. Past the
 * signature, the JSON text may start with the mark (RFC 8259, 8.1: a parser may ignore it).
 *
 * Signed here with node:crypto's HMAC, not core's signature code.
 */
import { createHmac } from 'node:crypto';
import { cardPayment } from './support/client.js';
import { expect, test } from './support/fixture.js';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

test('a body starting with a BOM is verified over its bytes, the mark included', async ({
  sbx,
}) => {
  const { login, transKey, secretKey } = sbx.sandbox.credentials;
  const post = async (sent: Buffer, signed: Buffer) => {
    const date = sbx.sandbox.clock.now().toISOString();
    const signature = createHmac('sha256', secretKey)
      .update(Buffer.concat([Buffer.from(login + date, 'utf8'), signed]))
      .digest('hex');
    const res = await fetch(`${sbx.running.url}/secure_payments`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Date': date,
        'X-Login': login,
        'X-Trans-Key': transKey,
        'X-Version': '2.1',
        'User-Agent': 'bom-client/1',
        Authorization: `V2-HMAC-SHA256, Signature: ${signature}`,
      },
      body: new Uint8Array(sent),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const unsigned = cardPayment();
  const json = Buffer.from(JSON.stringify(unsigned), 'utf8');
  const withoutMark = await post(Buffer.concat([BOM, json]), json);
  expect([withoutMark.status, withoutMark.body], 'signed without the mark it carries').toEqual([
    400,
    { code: 5000, message: 'Signature not match' },
  ]);
  expect(sbx.sandbox.ledger({ order_id: unsigned.order_id }).money_moved).toBe(0);

  const body = cardPayment();
  const withBom = Buffer.concat([BOM, Buffer.from(JSON.stringify(body), 'utf8')]);
  const genuine = await post(withBom, withBom);
  expect([genuine.status, genuine.body.status], 'signed over the bytes sent').toEqual([
    200,
    'PAID',
  ]);
  expect(sbx.sandbox.ledger({ order_id: body.order_id })).toMatchObject({
    money_moved: 1,
    charged: 120,
  });
});
