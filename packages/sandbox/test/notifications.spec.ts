/** Notifications: a signed POST of the whole record on every status change, retried on the real schedule's shape. */
import { parseAuthorizationHeader, verifySignature } from '@paylit/core/crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RETRY_DELAYS_MS, createSandbox } from '@paylit/sandbox';
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

test('a try that gets no answer within notificationTimeoutMs is logged with its error and retried; a timeout that is not a whole number of 1 ms or more is refused, naming it', async () => {
  // A merchant endpoint that never answers its first request, then answers 200.
  let tries = 0;
  const held: ServerResponse[] = [];
  const endpoint = createServer((req, res) => {
    req.resume();
    if (++tries === 1) held.push(res);
    else res.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const { port } = endpoint.address() as AddressInfo;
  const f = await startSandbox({
    notificationTimeFactor: 1 / 3_600_000,
    notificationTimeoutMs: scaled(1_000),
  });
  try {
    const paid = (
      await f.api.post(
        '/secure_payments',
        cardPayment({ notification_url: `http://127.0.0.1:${port}/slow` }),
      )
    ).body;
    await expect
      .poll(async () => (await f.sandbox.notifications({ record_id: paid.id }))[0]?.state, {
        // Well under the 10 s a try waits by default.
        timeout: scaled(2_500),
      })
      .toBe('delivered');
    const [delivery] = await f.sandbox.notifications({ record_id: paid.id });
    expect(delivery!.attempts.map((a) => a.status ?? 'no answer')).toEqual(['no answer', 200]);
    expect(delivery!.attempts[0]!.error).toMatch(/timeout|aborted/i);
    // The first try was given up while its request was still held open, not answered late.
    expect(held).toHaveLength(1);
    expect(held[0]!.headersSent).toBe(false);
  } finally {
    await stopSandbox(f);
    for (const res of held) res.destroy();
    endpoint.closeAllConnections();
    await new Promise((resolve) => endpoint.close(resolve));
  }
  for (const bad of [0, -1, 1.5, Number.NaN])
    await expect(createSandbox({ notificationTimeoutMs: bad })).rejects.toThrow(
      `createSandbox: notificationTimeoutMs must be a whole number of milliseconds, 1 or more (default 10000), not ${bad}`,
    );
});
