/**
 * `X-Date` is ISO 8601 UTC ending in `Z`; the sandbox takes it with milliseconds, without
 * them, or with microseconds, and refuses only "an X-Date that is no ISO 8601 UTC time"
 * (400 / 5001 X-Date). ISO 8601 bounds no fraction of a second, and the standard libraries
 * of common clients write more than six digits: .NET's round-trip format (`ToString("o")`)
 * seven, Go's `time.RFC3339Nano` and Java's `Instant.toString()` up to nine. Signed as sent,
 * each is served, on a POST as on a GET; what is no ISO 8601 UTC time is still refused.
 */
import { authorizationHeader, createSignature } from '@paylit/core/crypto';
import { cardPayment } from './support/client.js';
import { expect, test, type SandboxFixture } from './support/fixture.js';

/** The sandbox's time, written with `digits` fractional digits (padded past milliseconds). */
function withFraction(sbx: SandboxFixture, digits: number): string {
  const iso = sbx.sandbox.clock.now().toISOString(); // …T10:00:00.123Z
  return `${iso.slice(0, 19)}.${iso.slice(20, 23).padEnd(digits, '7')}Z`;
}

async function signed(sbx: SandboxFixture, date: string, body: string) {
  const { login, secretKey } = sbx.sandbox.credentials;
  return {
    'X-Date': date,
    Authorization: authorizationHeader(await createSignature({ login, date, body, secretKey })),
  };
}

for (const [who, digits] of [
  ['.NET round-trip "o", seven digits', 7],
  ['Go RFC3339Nano and Java Instant, nine digits', 9],
] as const) {
  test(`an X-Date with ${who} is an ISO 8601 UTC time: served on a POST and a GET`, async ({
    sbx,
  }) => {
    const date = withFraction(sbx, digits);
    const body = JSON.stringify(cardPayment());
    const paid = await sbx.api.post('/secure_payments', undefined, {
      rawBody: body,
      headers: await signed(sbx, date, body),
    });
    expect([date, paid.status, paid.body.status]).toEqual([date, 200, 'PAID']);
    const looked = await sbx.api.get(`/payments/${paid.body.id}/status`, {
      headers: await signed(sbx, date, ''),
    });
    expect([looked.status, looked.body.status]).toEqual([200, 'PAID']);
  });
}

test('an X-Date that is no ISO 8601 UTC time is still 400 / 5001 X-Date', async ({ sbx }) => {
  const iso = sbx.sandbox.clock.now().toISOString();
  for (const date of [
    `${iso.slice(0, 19)}.Z`,
    `${iso.slice(0, 19)},123Z`,
    `${iso.slice(0, 19)}.12a4567Z`,
    `${iso.slice(0, 19)}.1234567+00:00`,
  ]) {
    const res = await sbx.api.get('/payments-methods?country=BR', {
      headers: await signed(sbx, date, ''),
    });
    expect([date, res.status, res.body]).toEqual([
      date,
      400,
      { code: 5001, message: 'Invalid parameter: X-Date', param: 'X-Date' },
    ]);
  }
});
