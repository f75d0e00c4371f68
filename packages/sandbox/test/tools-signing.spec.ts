/**
 * How `POST /sandbox-tools/payments` is signed, as the README's worked example says: the bytes
 * written literally, the signature made by `openssl` (not by our code), and a request signed
 * that way accepted by a running sandbox; the same request with the body's newline `echo` adds
 * is refused as the API refuses a POST whose signature does not match: 400 / 5000.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { orderId, payerIn } from './support/client.js';
import { expect, startSandbox, stopSandbox, test } from './support/fixture.js';

const login = 'sbx_0a1b2c';
const transKey = 'tk-0a1b2c';
const secretKey = '5ecret-for-the-worked-example';
const date = '2026-11-28T12:00:00.000Z';
const body = '{"payment_id":"PAY-8f3a","status":"PAID"}';
const signedBytes = 'sbx_0a1b2c2026-11-28T12:00:00.000Z{"payment_id":"PAY-8f3a","status":"PAID"}';
const signature = '7f1a6e666f8c7b3330a5d05d5ecf65fd1c079e0940f038a9cda116e4b52a7db6';

/** `openssl dgst -sha256 -hmac <secret> -hex` over exactly `bytes`, as the README's shell line runs it. */
function openssl(bytes: string | Buffer): string {
  const out = execFileSync('openssl', ['dgst', '-sha256', '-hmac', secretKey, '-hex'], {
    input: bytes,
    encoding: 'utf8',
  });
  return out.trim().replace(/^.*= /, '');
}

test("the README's worked example: its bytes, and the signature openssl makes of them", () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  expect(signedBytes).toBe(login + date + body);
  expect(readme).toContain(`\n${signedBytes}\n`);
  expect(readme).toContain(signature);
  for (const value of [login, transKey, secretKey, body]) expect(readme).toContain(value);
  expect(openssl(signedBytes)).toBe(signature);
});

test('a sandbox with those credentials takes a force-status signed by openssl, and refuses one signed over the body and a newline', async () => {
  const sbx = await startSandbox({ credentials: { login, transKey, secretKey } });
  try {
    const pending = (
      await sbx.api.post('/payments', {
        amount: 80,
        currency: 'MXN',
        country: 'MX',
        payment_method_id: 'OX',
        payment_method_flow: 'DIRECT',
        payer: payerIn('MX'),
        order_id: orderId(),
      })
    ).body as { id: string; status: string };
    expect(pending.status).toBe('PENDING');
    const text = JSON.stringify({ payment_id: pending.id, status: 'PAID' });
    const send = (signed: string) =>
      fetch(`${sbx.running.url}/sandbox-tools/payments`, {
        method: 'POST',
        headers: {
          'X-Login': login,
          'X-Trans-Key': transKey,
          // The README's X-Date: the API refuses no clock skew, and the example signs this one.
          'X-Date': date,
          Authorization: `V2-HMAC-SHA256, Signature: ${signed}`,
          'Content-Type': 'application/json',
          'User-Agent': 'curl',
        },
        body: text,
      });
    const withNewline = await send(openssl(`${login}${date}${text}\n`));
    expect(await withNewline.json()).toEqual({ code: 5000, message: 'Signature not match' });
    expect(withNewline.status).toBe(400);
    const forced = await send(openssl(`${login}${date}${text}`));
    expect(forced.status).toBe(200);
    expect(await forced.json()).toMatchObject({ id: pending.id, status: 'PAID' });
  } finally {
    await stopSandbox(sbx);
  }
});
