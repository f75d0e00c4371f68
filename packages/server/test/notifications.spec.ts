/**
 * Notifications reach the merchant once and in order (issue 21, part 3): the real sandbox
 * sends them and retries them, or the test signs them as the API does. A notification is
 * handed to the hook until the hook succeeds: a hook that fails, is slower than its lease, or
 * dies with its process leaves it to the API's next try; the order id comes from the record;
 * a status older than one already handed over is flagged, never passed as the latest.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  authorizationHeader,
  createSignature,
  encryptCard,
  formatXDate,
} from '@paylit/core/crypto';
import { MemoryStore, type NotificationEvent } from '@paylit/server';
import { createRedisStore } from '@paylit/server/redis';
import { expect, test } from '@playwright/test';
import {
  payer,
  startSandbox,
  startShop,
  submitCard,
  uid,
  visa,
  type Harness,
  type Shop,
} from './support/harness.js';
import { startProxy } from './support/proxy.js';
import { startRedis } from './support/redis.js';
import { scaled } from '../../../test/support/time.mjs';

/** The sandbox's retry schedule with an hour as one second: retries come 1 s apart, six times, then 12 s apart. */
const SECOND_PER_HOUR = 1 / 3_600;

/** Headers of a notification signed as the API signs it, with this X-Date (and none when `date` is undefined). */
async function signed(h: Harness, body: string, date: string | undefined, signedDate = date ?? '') {
  const signature = await createSignature({ ...h.sandbox.credentials, date: signedDate, body });
  return {
    'Content-Type': 'application/json',
    Authorization: authorizationHeader(signature),
    ...(date === undefined ? {} : { 'X-Date': date }),
  };
}

/** Posts `body` to the shop's /notifications, signed anew with a fresh X-Date (as each try of the API is). */
async function deliver(shop: Shop, body: string) {
  const res = await fetch(`${shop.base}/notifications`, {
    method: 'POST',
    headers: await signed(shop, body, formatXDate(new Date())),
    body,
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, any>,
    headers: res.headers,
  };
}

const paymentRecord = (overrides: Record<string, unknown> = {}) => ({
  id: uid('D-1-n'),
  amount: 120,
  currency: 'BRL',
  status: 'PAID',
  status_code: '200',
  ...overrides,
});

/** Makes an order with the order API at `base` and pays it by card as the checkout does (the order's client secret, the card sealed with the view's key). */
async function payThrough(
  base: string,
): Promise<{ order: { id: string }; payment: { id: string; status: string } }> {
  const order = { id: uid('order'), amount: 120, currency: 'BRL', country: 'BR', payer };
  const made = await fetch(`${base}/orders`, {
    method: 'POST',
    headers: {
      Authorization: 'Bearer test-token-0123456789abcdef',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(order),
  });
  expect(made.status).toBe(201);
  const { clientSecret } = (await made.json()) as { clientSecret: string };
  const browser = { Origin: 'https://shop.example', 'Content-Type': 'application/json' };
  const view = (await (
    await fetch(`${base}/checkout?order=${encodeURIComponent(clientSecret)}`, { headers: browser })
  ).json()) as { publicKey: JsonWebKey };
  const encryptedData = await encryptCard(
    { number: '4111111111111111', cvv: '123' },
    view.publicKey,
  );
  const submission = {
    order: clientSecret,
    attempt: crypto.randomUUID(),
    method: {
      type: 'card',
      encryptedData,
      holderName: 'Thiago Gabriel',
      expirationMonth: 10,
      expirationYear: 2040,
    },
  };
  const paid = await fetch(`${base}/payments`, {
    method: 'POST',
    headers: browser,
    body: JSON.stringify(submission),
  });
  expect(paid.status).toBe(200);
  return {
    order,
    payment: ((await paid.json()) as { payment: { id: string; status: string } }).payment,
  };
}

const until = async (condition: () => boolean | Promise<boolean>, what: string, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

test('a correctly signed notification with its X-Date missing, malformed or six minutes off is refused; the same one with a good X-Date is handed over', async () => {
  const shop = await startShop();
  try {
    const body = JSON.stringify(paymentRecord());
    const now = new Date();
    const post = async (headers: Record<string, string>) => {
      const res = await fetch(`${shop.base}/notifications`, { method: 'POST', headers, body });
      return {
        status: res.status,
        error: ((await res.json()) as { error?: { type: string; message: string } }).error,
      };
    };
    // Each signed over the X-Date it carries (or, without one, over none): only the date is wrong.
    const missing = await post(await signed(shop, body, undefined));
    const spaced = await post(await signed(shop, body, formatXDate(now).replace('T', ' ')));
    const http = await post(await signed(shop, body, now.toUTCString()));
    const old = await post(
      await signed(shop, body, formatXDate(new Date(now.getTime() - 6 * 60_000))),
    );
    const ahead = await post(
      await signed(shop, body, formatXDate(new Date(now.getTime() + 6 * 60_000))),
    );
    expect(shop.notifications).toHaveLength(0);
    const good = await post(await signed(shop, body, formatXDate(now)));
    expect(missing).toEqual({
      status: 401,
      error: { type: 'unauthorized', message: 'the notification has no X-Date header' },
    });
    for (const malformed of [spaced, http])
      expect(malformed).toEqual({
        status: 401,
        error: {
          type: 'unauthorized',
          message:
            "the notification's X-Date is not an ISO 8601 UTC time such as 2026-01-31T12:00:00.000Z",
        },
      });
    for (const stale of [old, ahead])
      expect(stale).toEqual({
        status: 401,
        error: {
          type: 'unauthorized',
          message:
            "the notification's signature is not valid or its X-Date is more than 5 minutes from now",
        },
      });
    expect(good).toEqual({ status: 200, error: undefined });
    expect(shop.notifications.map((n) => n.record.id)).toEqual([JSON.parse(body).id]);
  } finally {
    await shop.close();
  }
});

test('a hook that fails after the API stopped waiting: the try that meets it running is 409, not "200 duplicate", and the next try is handed over', async () => {
  test.setTimeout(scaled(30_000)); // a hook outliving the API's wait, then its retry
  // The API waits 10 s for an answer; the sandbox here 2 s (notificationTimeoutMs), which changes
  // nothing the test asserts (the hook holds its try until the next one has been answered).
  const h = await startSandbox({
    notificationTimeFactor: SECOND_PER_HOUR,
    notificationTimeoutMs: 2_000,
  });
  const calls: NotificationEvent[] = [];
  let first = true;
  const shop = await startShop(
    {
      onError: () => {},
      onNotification: async (event) => {
        calls.push(event);
        if (!first) return;
        first = false;
        // Fails only once the API, having given up on this try (2 s here), has tried again.
        await until(
          async () =>
            (await h.sandbox.notifications({ record_id: event.record.id }))[0]?.attempts[1]
              ?.status !== undefined,
          'the second try',
          60_000,
        );
        throw new Error("the merchant's database went away");
      },
    },
    h,
  );
  try {
    const order = await shop.order();
    const { res } = await submitCard(shop, order.id);
    const id = res.body.payment.id as string;
    await expect
      .poll(async () => (await h.sandbox.notifications({ record_id: id }))[0]?.state, {
        timeout: scaled(20_000),
      })
      .toBe('delivered');
    const attempts = (await h.sandbox.notifications({ record_id: id }))[0]!.attempts.map(
      (a) => a.status ?? 'no answer',
    );
    expect(attempts).toEqual(['no answer', 409, 200]);
    expect(calls.map((c) => [c.record.id, c.record.status, c.orderId, c.latest])).toEqual([
      [id, 'PAID', order.id, true],
      [id, 'PAID', order.id, true],
    ]);
  } finally {
    await shop.close();
    await h.close();
  }
});

test('a hook slower than its lease: a try during the lease is 409, the first try after it is handed over again, and once done a try is a duplicate', async () => {
  let releaseFirst!: () => void;
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  const calls: string[] = [];
  const shop = await startShop({
    notificationLeaseMs: 1_000,
    onNotification: async (event) => {
      calls.push(event.record.status);
      if (calls.length === 1) await firstHeld;
    },
  });
  try {
    const body = JSON.stringify(paymentRecord());
    const firstTry = deliver(shop, body);
    await until(() => calls.length === 1, 'the hook to start');
    const during = await deliver(shop, body);
    expect([
      during.status,
      during.body.error.type,
      during.body.error.retryable,
      during.headers.get('retry-after'),
    ]).toEqual([409, 'payment_in_progress', true, '1']);
    // The API's later tries: refused while the lease holds, handed over once it has expired.
    let refused = 1;
    let after = await deliver(shop, body);
    while (after.status === 409) {
      refused++;
      after = await deliver(shop, body);
    }
    expect([after.status, after.body]).toEqual([200, { received: true }]);
    expect(calls).toEqual(['PAID', 'PAID']);
    releaseFirst();
    expect((await firstTry).status).toBe(200);
    const later = await deliver(shop, body);
    expect([later.status, later.body]).toEqual([200, { received: true, duplicate: true }]);
    expect(calls).toEqual(['PAID', 'PAID']);
    expect(refused).toBeGreaterThanOrEqual(1);
  } finally {
    releaseFirst();
    await shop.close();
  }
});

test("a process killed during the hook: once its lease expires, the API's next try is handed over by another instance on the same Redis", async () => {
  test.setTimeout(scaled(30_000)); // a child killed in its hook, its lease expiring
  const redis = await startRedis();
  const h = await startSandbox({ notificationTimeFactor: SECOND_PER_HOUR });
  // The load balancer in front of both instances: the API and the browser reach the shop through it.
  const proxy = await startProxy();
  const leaseMs = 4_000;
  const child = fork(fileURLToPath(new URL('./support/notify-child.mjs', import.meta.url)), [], {
    execArgv: [],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      PATH: process.env.PATH,
      PAYLIT_TEST_CHILD: JSON.stringify({
        baseUrl: h.sandboxUrl,
        credentials: h.sandbox.credentials,
        publicKey: h.sandbox.publicJwk,
        publicUrl: `${proxy.url}/paylit`,
        redisUrl: redis.url,
        apiToken: 'test-token-0123456789abcdef',
        leaseMs,
      }),
    },
  });
  const hooked: Record<string, unknown>[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const storeB = await createRedisStore({ url: redis.url });
  let b: Shop | undefined;
  try {
    const { url } = await new Promise<{ url: string }>((resolve, reject) => {
      child.on('message', (m: { url?: string; hook?: Record<string, unknown> }) => {
        if (m.url) resolve({ url: m.url });
        if (m.hook) hooked.push(m.hook);
      });
      child.once('exit', (code) => reject(new Error(`the child exited with ${code}`)));
    });
    proxy.target = url;
    b = await startShop({ store: storeB, notificationLeaseMs: leaseMs }, h);
    // The order made and paid through the proxy, on instance A.
    const { order, payment } = await payThrough(`${proxy.url}/paylit`);
    expect(payment.status).toBe('PAID');
    const id = payment.id;
    await until(() => hooked.length === 1, "instance A's hook");
    child.kill('SIGKILL');
    await exited;
    proxy.target = b.origin;
    await expect
      .poll(async () => (await h.sandbox.notifications({ record_id: id }))[0]?.state, {
        timeout: scaled(20_000),
      })
      .toBe('delivered');
    const attempts = (await h.sandbox.notifications({ record_id: id }))[0]!.attempts.map(
      (a) => a.status ?? 'no answer',
    );
    expect(hooked).toEqual([
      { kind: 'payment', id, status: 'PAID', orderId: order.id, latest: true },
    ]);
    expect(attempts[0]).not.toBe(200);
    expect(attempts.at(-1)).toBe(200);
    expect(b.notifications.map((n) => [n.record.id, n.record.status, n.orderId, n.latest])).toEqual(
      [[id, 'PAID', order.id, true]],
    );
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await b?.close();
    await storeB.close();
    await proxy.close();
    await h.close();
    await redis.stop();
  }
});

test("a notification that overtakes the API's answer, or arrives for a payment the store never linked, reaches the hook with its order id", async () => {
  const h = await startSandbox();
  const shop = await startShop({}, h);
  try {
    // The API commits the payment and the connection drops before its answer: the notification comes first.
    const order = await shop.order();
    await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, {
      method: 'POST',
      body: JSON.stringify({ path: '/secure_payments', method: 'POST', kind: 'commit_then_drop' }),
    });
    await submitCard(shop, order.id);
    await expect
      .poll(
        () =>
          shop.notifications.filter((n) => String(n.record.order_id).startsWith(`${order.id}.`))
            .length,
        { timeout: scaled(5_000) },
      )
      .toBeGreaterThan(0);
    for (const n of shop.notifications.filter((e) =>
      String(e.record.order_id).startsWith(`${order.id}.`),
    ))
      expect(n.orderId).toBe(order.id);

    // A payment made as attempt 1 of an order, by an instance whose memory is gone.
    const lost = await shop.order();
    const paid = await h.client.payments.create({
      amount: 120,
      currency: 'BRL',
      country: 'BR',
      payment_method_id: 'CARD',
      payment_method_flow: 'DIRECT',
      payer,
      card: visa,
      order_id: `${lost.id}.1`,
      notification_url: `${shop.base}/notifications`,
    });
    await expect
      .poll(() => shop.notifications.find((n) => n.record.id === paid.id)?.orderId, {
        timeout: scaled(5_000),
      })
      .toBe(lost.id);
    // Its refund, notified without an order_id: the order is read from the payment at the API.
    const refund = JSON.stringify({
      id: uid('REF-n'),
      payment_id: paid.id,
      amount: 20,
      currency: 'BRL',
      status: 'SUCCESS',
      status_code: 200,
    });
    expect((await deliver(shop, refund)).status).toBe(200);
    expect(shop.notifications.find((n) => n.record.id === JSON.parse(refund).id)).toMatchObject({
      kind: 'refund',
      orderId: lost.id,
      latest: true,
    });
  } finally {
    await shop.close();
    await h.close();
  }
});

test('an AUTHORIZED retried after the CANCELLED was handed over reaches the hook flagged latest: false', async () => {
  test.setTimeout(scaled(20_000)); // the sandbox's retries of two notifications
  const h = await startSandbox({ notificationTimeFactor: SECOND_PER_HOUR });
  const handed: NotificationEvent[] = [];
  const shop = await startShop(
    {
      onError: () => {},
      onNotification: (event) => {
        // The merchant's database takes the AUTHORIZED only after the CANCELLED: the API retries it meanwhile.
        if (
          event.record.status === 'AUTHORIZED' &&
          !handed.some((e) => e.record.status === 'CANCELLED')
        )
          throw new Error('not yet');
        handed.push(event);
      },
    },
    h,
  );
  try {
    const order = await shop.order({ intent: 'authorize' });
    const { res } = await submitCard(shop, order.id);
    const id = res.body.payment.id as string;
    expect(res.body.payment.status).toBe('AUTHORIZED');
    await until(
      async () =>
        (await h.sandbox.notifications({ record_id: id }))[0]?.attempts[0]?.status === 500,
      'the AUTHORIZED to fail once',
    );
    const cancelled = await fetch(`${shop.base}/admin/payments/${id}/cancel`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${shop.apiToken}`,
        'Idempotency-Key': crypto.randomUUID(),
        'Content-Length': '0',
      },
    });
    expect(cancelled.status).toBe(200);
    await expect
      .poll(() => handed.map((e) => `${e.record.status} latest=${e.latest}`), {
        timeout: scaled(15_000),
      })
      .toEqual(['CANCELLED latest=true', 'AUTHORIZED latest=false']);
    expect(handed.map((e) => e.orderId)).toEqual([order.id, order.id]);
    // A retry of the CANCELLED is a duplicate; its record is the same payment.
    const again = await deliver(shop, JSON.stringify(handed[0]!.record));
    expect([again.status, again.body]).toEqual([200, { received: true, duplicate: true }]);
  } finally {
    await shop.close();
    await h.close();
  }
});

/** A MemoryStore that records the keys its counter is hit with. */
class CountingStore extends MemoryStore {
  readonly hits: string[] = [];
  override async hit(key: string, windowMs: number) {
    this.hits.push(key);
    return super.hit(key, windowMs);
  }
}

test('a genuine notification is never rate limited: 700 from one address after 700 junk ones, with the default limit of 600 failed verifications a minute', async () => {
  test.setTimeout(scaled(60_000)); // 1,400 signed and junk notifications
  const store = new CountingStore();
  const shop = await startShop({ store, rateLimit: { windowMs: 60_000, max: 120 } });
  try {
    // Sent 25 at a time, so that the 700 fit in the limit's minute on a loaded machine too.
    const junk: number[] = [];
    for (let batch = 0; batch < 700 / 25; batch++) {
      junk.push(
        ...(await Promise.all(
          Array.from({ length: 25 }, async () => {
            const res = await fetch(`${shop.base}/notifications`, {
              method: 'POST',
              headers: {
                'Content-Type': 'application/json',
                'X-Date': formatXDate(new Date()),
                Authorization: authorizationHeader('0'.repeat(64)),
              },
              body: JSON.stringify(paymentRecord()),
            });
            await res.body?.cancel();
            return res.status;
          }),
        )),
      );
    }
    const genuine: number[] = [];
    for (let i = 0; i < 700; i++)
      genuine.push((await deliver(shop, JSON.stringify(paymentRecord()))).status);
    expect([junk.filter((s) => s === 401).length, junk.filter((s) => s === 429).length]).toEqual([
      600, 100,
    ]);
    expect(genuine.every((s) => s === 200)).toBe(true);
    expect(shop.notifications).toHaveLength(700);
    expect(store.hits.filter((k) => k.startsWith('rate:notifications:'))).toHaveLength(700);
  } finally {
    await shop.close();
  }
});

test("two payments of one paid order heard of late are each refunded in full, once: each refund's key is its own payment's", async () => {
  const shop = await startShop();
  try {
    const order = await shop.order();
    const kept = (await submitCard(shop, order.clientSecret)).res.body.payment;
    expect(kept.status).toBe('PAID');
    // Attempts 2 and 3 paid at the API behind the checkout's back (a voucher paid at the counter).
    const late = [];
    for (const n of [2, 3])
      late.push(
        await shop.client.payments.create({
          amount: 120,
          currency: 'BRL',
          country: 'BR',
          payment_method_id: 'CARD',
          payment_method_flow: 'DIRECT',
          payer,
          order_id: `${order.id}.${n}`,
          card: visa,
        }),
      );
    for (const payment of late) {
      expect(payment.status).toBe('PAID');
      expect((await deliver(shop, JSON.stringify(payment))).status).toBe(200);
    }
    const refunds = () =>
      shop.sandbox
        .ledger()
        .entries.filter((e) => e.kind === 'refund')
        .map((e) => [e.payment_id, e.amount])
        .sort();
    expect(refunds()).toEqual(late.map((p) => [p.id, 120]).sort());
    // Heard again: nothing more.
    for (const payment of late) await deliver(shop, JSON.stringify(payment));
    expect(refunds()).toHaveLength(2);
    expect(refunds().some(([id]) => id === kept.id)).toBe(false);
  } finally {
    await shop.close();
  }
});

test("failed verifications are counted per client address: one address's junk over the limit leaves another's answered 401, not 429", async () => {
  const shop = await startShop({
    rateLimit: { windowMs: 60_000, max: 1_000, notifications: { windowMs: 60_000, max: 3 } },
    clientAddress: (request) => request.headers.get('X-Test-Client') ?? undefined,
  });
  try {
    const junk = (client: string) =>
      fetch(`${shop.base}/notifications`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Test-Client': client,
          'X-Date': formatXDate(new Date()),
          Authorization: `V2-HMAC-SHA256, Signature: ${'0'.repeat(64)}`,
        },
        body: '{"id":"D-1-junk","status":"PAID"}',
      }).then((res) => res.status);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await junk('198.51.100.7'));
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(await junk('203.0.113.20')).toBe(401);
  } finally {
    await shop.close();
  }
});

test('a hook that fails after its lease expired does not release the lease another try holds now: a third try meanwhile is 409', async () => {
  const gates: (() => void)[] = [];
  const calls: string[] = [];
  const shop = await startShop({
    notificationLeaseMs: 1_000,
    onError: () => {},
    onNotification: async (event) => {
      calls.push(event.record.status);
      const n = calls.length;
      await new Promise<void>((resolve) => gates.push(resolve));
      if (n === 1) throw new Error('the first hook fails, late');
    },
  });
  try {
    const body = JSON.stringify(paymentRecord());
    const firstTry = deliver(shop, body);
    await until(() => calls.length === 1, 'the first hook to start');
    // Past the first try's lease: the next try is handed over.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const secondTry = deliver(shop, body);
    await until(() => calls.length === 2, 'the second hook to start');
    gates[0]!();
    expect((await firstTry).status).toBe(500);
    // The second try's hook still runs, under its own lease.
    const third = await deliver(shop, body);
    expect([third.status, third.body.error?.type]).toEqual([409, 'payment_in_progress']);
    expect(calls).toEqual(['PAID', 'PAID']);
    gates[1]!();
    expect((await secondTry).status).toBe(200);
  } finally {
    for (const open of gates) open();
    await shop.close();
  }
});
