/** Notifications: a signed POST of the whole record on every status change, retried on the real schedule's shape. */
import { parseAuthorizationHeader, verifySignature } from '@paylit/core/crypto';
import { RETRY_DELAYS_MS } from '@paylit/sandbox';
import { cardPayment, orderId, payer, visa } from './support/client.js';
import { expect, startSandbox, stopSandbox, test } from './support/fixture.js';
import { choose } from './support/pages.js';
import { scaled } from '../../../test/support/time.mjs';

test("every status change is POSTed, signed with the merchant's login and secret over X-Date and the raw body", async ({
  sbx,
}) => {
  const notification_url = `${sbx.receiver.url}/payments`;
  const auth = (
    await sbx.api.post(
      '/secure_payments',
      cardPayment({ notification_url, card: { ...visa, capture: false } }),
    )
  ).body;
  await sbx.api.post(`/payments/${auth.id}/cancel`);
  const notes = await sbx.receiver.waitFor(2, '/payments', auth.id);
  expect(notes.map((n) => n.record.status)).toEqual(['AUTHORIZED', 'CANCELLED']);
  const { login, secretKey } = sbx.sandbox.credentials;
  for (const note of notes) {
    const date = note.headers['x-date'] as string;
    const signature = parseAuthorizationHeader(note.headers.authorization as string)!;
    expect(await verifySignature({ login, date, body: note.body, secretKey, signature })).toBe(
      true,
    );
    expect(note.headers['content-type']).toBe('application/json');
    expect(note.body).not.toContain('4111111111111111');
  }
  expect(notes[1]!.record).toMatchObject({
    id: auth.id,
    status: 'CANCELLED',
    status_code: '400',
    amount: 120,
    card: { last4: '1111' },
  });
});

test('a redirect payment is notified when the payer finishes', async ({ sbx }) => {
  const notification_url = `${sbx.receiver.url}/redirects`;
  const pix = (
    await sbx.api.post('/payments', {
      amount: 40,
      currency: 'BRL',
      country: 'BR',
      payment_method_id: 'PX',
      payment_method_flow: 'REDIRECT',
      payer,
      order_id: orderId(),
      callback_url: `${sbx.receiver.url}/return`,
      notification_url,
    })
  ).body;
  await choose(pix.redirect_url, 'approve');
  const notes = await sbx.receiver.waitFor(2, '/redirects', pix.id);
  expect(notes.map((n) => n.record.status)).toEqual(['PENDING', 'PAID']);
});

test('anything but 2xx is retried, with the same record, until delivered; the log shows each attempt', async ({
  sbx,
}) => {
  sbx.receiver.failWith = [500, 404, 302];
  const notification_url = `${sbx.receiver.url}/flaky`;
  const paid = (await sbx.api.post('/secure_payments', cardPayment({ notification_url }))).body;
  const notes = await sbx.receiver.waitFor(4, '/flaky', paid.id);
  expect(new Set(notes.map((n) => n.body)).size).toBe(1);
  const [delivery] = await sbx.sandbox.notifications({ record_id: paid.id });
  expect(delivery).toMatchObject({
    kind: 'payment',
    url: notification_url,
    record_status: 'PAID',
    state: 'delivered',
  });
  expect(delivery!.attempts.map((a) => a.status)).toEqual([500, 404, 302, 200]);
  const log = await (
    await fetch(`${sbx.running.url}/sandbox-tools/notifications?record_id=${paid.id}`)
  ).json();
  expect(log[0].attempts).toHaveLength(4);
});

test('the schedule: hourly for 6 hours, then every 12 hours, 12 attempts at most', async () => {
  expect(RETRY_DELAYS_MS.map((ms) => ms / 3_600_000)).toEqual([
    1, 1, 1, 1, 1, 1, 12, 12, 12, 12, 12,
  ]);
  const f = await startSandbox({ notificationTimeFactor: 1 / 3_600_000 });
  try {
    f.receiver.failWith = Array(20).fill(503);
    const paid = (
      await f.api.post(
        '/secure_payments',
        cardPayment({ notification_url: `${f.receiver.url}/down` }),
      )
    ).body;
    await f.receiver.waitFor(12, '/down', paid.id);
    // Given up: no attempt after the twelfth.
    await expect
      .poll(async () => (await f.sandbox.notifications({ record_id: paid.id }))[0]?.state)
      .toBe('failed');
    expect(f.receiver.for('/down', paid.id)).toHaveLength(12);
    const [delivery] = await f.sandbox.notifications({ record_id: paid.id });
    expect(delivery!.attempts).toHaveLength(12);
    // Time between attempts follows the schedule's shape: the 12-hour gaps are 12 times the hourly ones.
    const times = f.receiver.for('/down', paid.id).map((r) => r.at);
    expect(times[11]! - times[6]!).toBeGreaterThanOrEqual(5 * 12 - 5);
  } finally {
    await stopSandbox(f);
  }
});

test('an unreachable URL is retried and logged with the error', async () => {
  const f = await startSandbox({ notificationTimeFactor: 1 / 3_600_000 });
  try {
    const paid = (
      await f.api.post(
        '/secure_payments',
        cardPayment({ notification_url: 'http://127.0.0.1:9/unreachable' }),
      )
    ).body;
    await expect
      .poll(async () => (await f.sandbox.notifications({ record_id: paid.id }))[0]?.state, {
        timeout: scaled(3_500),
      })
      .toBe('failed');
    const [delivery] = await f.sandbox.notifications({ record_id: paid.id });
    expect(delivery!.attempts[0]!.error).toBeTruthy();
  } finally {
    await stopSandbox(f);
  }
});
