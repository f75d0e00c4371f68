/**
 * Pix, vouchers and transfers paid away from the page, and the live connection that tells the
 * checkout when they are paid (`GET /payments/:id/events`, Server-Sent Events): against the
 * real sandbox over HTTP, with its notifications, its clock and its ledger; two instances on a
 * real redis-server; a late payment of an expired code counted once.
 */
import { documentExample } from '@paylit/core/documents';
import { toFetchHandler } from '@paylit/server';
import { createRedisStore, type RedisStore } from '@paylit/server/redis';
import { expect, test } from '@playwright/test';
import { scaled } from '../../../test/support/time.mjs';
import { startRedis } from './support/redis.js';
import {
  settleInSandbox,
  startSandbox,
  startShop,
  type Harness,
  type Shop,
} from './support/harness.js';

let h: Harness;
let shop: Shop;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  h = await startSandbox();
  shop = await startShop({}, h);
});
test.afterAll(async () => {
  await shop?.close();
  await h?.close();
});

const mexican = { name: 'Ana López', email: 'ana@example.com', document: documentExample('MX')! };

/** Chooses `methodId` for a new order of `facts` and submits it as the checkout does. */
async function choose(s: Shop, methodId: string, facts: Record<string, unknown> = {}) {
  const order = await s.order(facts);
  const res = await submit(s, order.clientSecret, methodId);
  return { order, res };
}

function submit(s: Shop, secret: string, methodId: string) {
  return s.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: secret,
      attempt: crypto.randomUUID(),
      method: { type: 'redirect', methodId },
    }),
  });
}

/** The payer pays (or the sandbox settles) a pending payment. */
const force = (paymentId: string, status: string) => settleInSandbox(h, paymentId, status);

interface Event {
  event: string;
  data: any;
}

/**
 * Opens the live connection as the checkout does (a plain GET, read as it streams) and answers a
 * reader of its events. `next()` waits for the next event, or undefined once the stream ended.
 */
async function listen(s: Shop, paymentId: string, secret: string) {
  const controller = new AbortController();
  const res = await fetch(
    `${s.base}/payments/${encodeURIComponent(paymentId)}/events?order=${encodeURIComponent(secret)}`,
    { headers: { Origin: 'https://shop.example' }, signal: controller.signal },
  );
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<Event | undefined> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n').filter((l) => !l.startsWith(':'));
        if (lines.length === 0) continue;
        const field = (name: string) =>
          lines
            .filter((l) => l.startsWith(`${name}:`))
            .map((l) => l.slice(name.length + 1).trimStart())
            .join('\n');
        return { event: field('event'), data: JSON.parse(field('data')) };
      }
      const { value, done } = await reader.read();
      if (done) return undefined;
      buffer += value;
    }
  };
  return { res, next, close: () => controller.abort() };
}

/** The order's entries in the sandbox's ledger, all its attempts together. */
function ledgerOf(orderId: string) {
  return h.sandbox.ledger().entries.filter((e) => e.order_id?.startsWith(`${orderId}.`));
}

test('Pix: the DIRECT flow gives the BR Code and its QR, with nothing to open; the view shows it after a reload', async () => {
  const { order, res } = await choose(shop, 'PQ');
  expect(res.status).toBe(200);
  const { payment, nextAction } = res.body;
  expect(nextAction).toBeNull();
  expect(payment).toMatchObject({
    status: 'PENDING',
    status_code: '100',
    payment_method_id: 'PQ',
    payment_method_flow: 'DIRECT',
  });
  expect(payment.ticket.number).toMatch(/^000201/);
  expect(payment.ticket.provider_name).toBe('pix');
  // The QR's PNG, base64, as its own field: `barcode` is a barcode's content for every other ticket.
  expect(Buffer.from(payment.ticket.barcode_png, 'base64').subarray(1, 4).toString()).toBe('PNG');
  expect(payment.ticket.barcode).toBeUndefined();
  expect(Date.parse(payment.ticket.expiration_date)).toBeGreaterThan(Date.now());
  // Its time left by the server's clock, which the browser counts down from (not the device's).
  const left = Date.parse(payment.ticket.expiration_date) - Date.now();
  expect(payment.ticket.expires_in_ms).toBeGreaterThanOrEqual(left);
  expect(payment.ticket.expires_in_ms).toBeLessThanOrEqual(left + 60_000);
  // A reload (or another tab) shows the same code, not a form; Pay again answers the same payment.
  const view = (await shop.browser(`/checkout?order=${order.clientSecret}`)).body;
  // The same, but for the time left, counted again when the reload was answered.
  expect(view.payment.ticket.expires_in_ms).toBeLessThanOrEqual(payment.ticket.expires_in_ms);
  expect({
    ...view.payment,
    ticket: { ...view.payment.ticket, expires_in_ms: payment.ticket.expires_in_ms },
  }).toEqual(payment);
  const again = await submit(shop, order.clientSecret, 'PQ');
  expect(again.body).toMatchObject({ payment: { id: payment.id }, replayed: true });
  expect(ledgerOf(order.id)).toHaveLength(1);
});

test('OXXO, Boleto and SPEI: each its reference, typed line and barcode, or CLABE', async () => {
  const oxxo = await choose(shop, 'OX', {
    country: 'MX',
    currency: 'MXN',
    amount: 500,
    payer: mexican,
  });
  expect(oxxo.res.body.payment.ticket).toMatchObject({
    type: 'REFERENCE_CODE',
    number: expect.stringMatching(/^8500-\d{4}-\d{4}-\d{2}$/),
    barcode: expect.stringMatching(/^8500\d{10}$/),
    format: 'CODE_128',
    image_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/sandbox-pages\/voucher\//),
  });
  const boleto = await choose(shop, 'BL');
  expect(boleto.res.body.payment.ticket).toMatchObject({
    type: 'CUSTOM',
    number: expect.stringMatching(/^\d{47}$/),
    barcode: expect.stringMatching(/^\d{44}$/),
    format: 'ITF',
  });
  const spei = await choose(shop, 'SE', {
    country: 'MX',
    currency: 'MXN',
    amount: 500,
    payer: mexican,
  });
  expect(spei.res.body.payment.bank_transfer).toMatchObject({
    bank_account_label: 'CLABE',
    bank_account: expect.stringMatching(/^646180\d{12}$/),
    beneficiary_name: expect.any(String),
    reference: expect.any(String),
    user_payment_amount: 500,
  });
  expect(spei.res.body.nextAction).toBeNull();
  // A method the API takes by REDIRECT only is still sent to its page.
  const webpay = await choose(shop, 'WP', {
    country: 'CL',
    currency: 'CLP',
    amount: 15000,
    payer: { name: 'Ana', email: 'ana@example.com', document: documentExample('CL')! },
  });
  expect(webpay.res.body.nextAction).toMatchObject({ type: 'redirect' });
});

test('the live connection: the code as it is, then paid the moment the sandbox settles it, and the stream ends', async () => {
  const { order, res } = await choose(shop, 'PQ');
  const { payment } = res.body;
  const live = await listen(shop, payment.id, order.clientSecret);
  expect(live.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(live.res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
  // On Node the events are written to the response itself, its head once the middlewares are
  // done with it: what CORS adds after the route (Vary) and the request id are in it.
  expect(live.res.headers.get('vary')).toMatch(/Origin/);
  expect(live.res.headers.get('x-request-id')).toMatch(/\S/);
  expect(live.res.headers.get('x-hono-already-sent')).toBeNull();
  const first = await live.next();
  expect(first).toMatchObject({ event: 'payment', data: { payment: { status: 'PENDING' } } });
  expect(first!.data.payment.ticket.number).toBe(payment.ticket.number);
  const settled = performance.now();
  await force(payment.id, 'PAID');
  const paid = await live.next();
  expect(performance.now() - settled).toBeLessThan(3000);
  expect(paid).toMatchObject({ event: 'payment', data: { payment: { status: 'PAID' } } });
  // What is paid carries no code any more.
  expect(paid!.data.payment.ticket).toBeUndefined();
  expect(await live.next()).toBeUndefined();
  expect(ledgerOf(order.id).map((e) => [e.status, e.money_moved])).toEqual([['PAID', true]]);
});

test('the live connection in a fetch runtime (toFetchHandler, no Node response to write to): the same events, through a web stream', async () => {
  const { order, res } = await choose(shop, 'PQ');
  const { payment } = res.body;
  const fetchPaylit = toFetchHandler(shop.handler, { basePath: '/paylit' });
  const controller = new AbortController();
  const answer = await fetchPaylit(
    new Request(
      `https://shop.example/paylit/payments/${encodeURIComponent(payment.id)}/events?order=${encodeURIComponent(order.clientSecret)}`,
      { headers: { Origin: 'https://shop.example' }, signal: controller.signal },
    ),
  );
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = answer.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const until = async (pattern: RegExp) => {
    while (!pattern.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    return text;
  };
  expect(await until(/"status":"PENDING"[\s\S]*\n\n/)).toMatch(
    /^event: payment\ndata: \{.*"status":"PENDING".*\}\nretry: 2000\n\n/,
  );
  await force(payment.id, 'PAID');
  expect(await until(/"status":"PAID"/)).toMatch(/event: payment\ndata: \{.*"status":"PAID"/);
  controller.abort();
});

test("another order's secret, an unknown id, a malformed secret: refused as the status route refuses them", async () => {
  const { res } = await choose(shop, 'PQ');
  const other = await shop.order();
  const id = res.body.payment.id;
  const events = (secret: string, pid = id) =>
    shop.browser(`/payments/${encodeURIComponent(pid)}/events?order=${encodeURIComponent(secret)}`);
  const foreign = await events(other.clientSecret);
  expect(foreign.status).toBe(404);
  expect(foreign.body.error).toMatchObject({ type: 'not_found', param: 'id' });
  expect((await events(other.clientSecret, 'D-nope')).status).toBe(404);
  const bad = await events('not a secret');
  expect(bad.status).toBe(400);
  expect(bad.body.error.param).toBe('order');
});

test('a notification that never arrives: the slow status lookup still tells the shopper', async () => {
  // The merchant's hook fails every time, so no notification is ever taken (the API retries later).
  const deaf = await startShop(
    {
      live: { statusEveryMs: 300 },
      onNotification: () => {
        throw new Error('down for maintenance');
      },
      onError: () => {},
    },
    h,
  );
  try {
    const { order, res } = await choose(deaf, 'BL');
    const live = await listen(deaf, res.body.payment.id, order.clientSecret);
    expect((await live.next())!.data.payment.status).toBe('PENDING');
    await force(res.body.payment.id, 'PAID');
    expect((await live.next())!.data.payment.status).toBe('PAID');
    live.close();
  } finally {
    await deaf.close();
  }
});

test("a Pix the server recorded PAID from its notification reaches the shopper at once, though the merchant's hook failed on it", async () => {
  // The notification is recorded (PAID in the store) before the hook runs; the hook's failure
  // only makes the API try again later. The shopper's live connection must not wait for the
  // slow status lookup (a minute here) to hear what the server already knows.
  const failing = await startShop(
    {
      live: { statusEveryMs: 60_000 },
      onNotification: () => {
        throw new Error('merchant database down');
      },
      onError: () => {},
    },
    h,
  );
  try {
    const { order, res } = await choose(failing, 'PQ');
    const live = await listen(failing, res.body.payment.id, order.clientSecret);
    expect((await live.next())!.data.payment.status).toBe('PENDING');
    await force(res.body.payment.id, 'PAID');
    const heard = await Promise.race([
      live.next(),
      new Promise<'not told'>((resolve) => setTimeout(() => resolve('not told'), scaled(3_000))),
    ]);
    live.close();
    expect(heard).toMatchObject({ event: 'payment', data: { payment: { status: 'PAID' } } });
  } finally {
    await failing.close();
  }
});

test('expired by the sandbox clock: the order opens for a new code; the first, paid late, settles the order and the new one is cancelled', async () => {
  const { order, res } = await choose(shop, 'OX', {
    country: 'MX',
    currency: 'MXN',
    amount: 500,
    payer: mexican,
  });
  const first = res.body.payment;
  const live = await listen(shop, first.id, order.clientSecret);
  expect((await live.next())!.data.payment.status).toBe('PENDING');
  const ahead = Date.parse(first.ticket.expiration_date) - h.sandbox.clock.now().getTime() + 1000;
  h.sandbox.clock.advance(ahead);
  try {
    const expired = await live.next();
    expect(expired!.data.payment).toMatchObject({ status: 'EXPIRED', status_code: '500' });
    expect(await live.next()).toBeUndefined();
    // "Get a new code": the same method again is a new attempt, a new payment.
    const view = (await shop.browser(`/checkout?order=${order.clientSecret}`)).body;
    expect(view.payment).toBeUndefined();
    const second = (await submit(shop, order.clientSecret, 'OX')).body.payment;
    expect(second.id).not.toBe(first.id);
    expect(second.ticket.number).not.toBe(first.ticket.number);
    const watching = await listen(shop, second.id, order.clientSecret);
    expect((await watching.next())!.data.payment.status).toBe('PENDING');
    // The first was paid at the counter just before it expired, and reported now.
    await force(first.id, 'PAID');
    const heard = await watching.next();
    expect(heard!.data.payment).toMatchObject({ id: first.id, status: 'PAID' });
    await expect
      .poll(async () => (await h.client.payments.retrieve(second.id)).status)
      .toBe('CANCELLED');
    const entries = ledgerOf(order.id);
    expect(entries.filter((e) => e.money_moved)).toHaveLength(1);
    expect(entries.map((e) => [e.payment_id, e.status]).sort()).toEqual(
      [
        [first.id, 'PAID'],
        [second.id, 'CANCELLED'],
      ].sort(),
    );
    // A reload shows the order paid; Pay answers that payment.
    const after = (await shop.browser(`/checkout?order=${order.clientSecret}`)).body;
    expect(after.payment).toMatchObject({ id: first.id, status: 'PAID' });
    const again = await submit(shop, order.clientSecret, 'OX');
    expect(again.body).toMatchObject({ payment: { id: first.id }, replayed: true });
  } finally {
    h.sandbox.clock.advance(-ahead);
  }
});

test('both codes paid: the order keeps one, and the late one is refunded in full', async () => {
  const { order, res } = await choose(shop, 'BL');
  const first = res.body.payment;
  const ahead = Date.parse(first.ticket.expiration_date) - h.sandbox.clock.now().getTime() + 1000;
  h.sandbox.clock.advance(ahead);
  try {
    await expect
      .poll(async () => (await h.client.payments.retrieve(first.id)).status)
      .toBe('EXPIRED');
    const second = (await submit(shop, order.clientSecret, 'BL')).body.payment;
    await force(second.id, 'PAID');
    await force(first.id, 'PAID');
    await expect
      .poll(() =>
        ledgerOf(order.id)
          .filter((e) => e.kind === 'refund')
          .map((e) => e.payment_id),
      )
      .toEqual([first.id]);
    const view = (await shop.browser(`/checkout?order=${order.clientSecret}`)).body;
    expect(view.payment).toMatchObject({ id: second.id, status: 'PAID' });
  } finally {
    h.sandbox.clock.advance(-ahead);
  }
});

test.describe('two instances behind one Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let stores: RedisStore[];
  let a: Shop;
  let b: Shop;

  test.beforeAll(async () => {
    redis = await startRedis();
    stores = await Promise.all([
      createRedisStore({ url: redis.url, prefix: 'live:' }),
      createRedisStore({ url: redis.url, prefix: 'live:' }),
    ]);
    // Slow lookups: only the notification, through Redis, can tell B in time.
    a = await startShop({ store: stores[0], live: { statusEveryMs: 60_000 } }, h);
    b = await startShop({ store: stores[1], live: { statusEveryMs: 60_000 } }, h);
  });
  test.afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const s of stores ?? []) await s.close();
    await redis?.stop();
  });

  test('the notification reaches the instance that made the payment; the shopper connected to the other hears it', async () => {
    // Paid through A, so the API notifies A; the shopper's connection is on B.
    const { order, res } = await choose(a, 'PQ');
    const live = await listen(b, res.body.payment.id, order.clientSecret);
    expect((await live.next())!.data.payment.status).toBe('PENDING');
    const settled = performance.now();
    await force(res.body.payment.id, 'PAID');
    expect((await live.next())!.data.payment.status).toBe('PAID');
    expect(performance.now() - settled).toBeLessThan(3000);
    expect(a.notifications.some((n) => n.record.id === res.body.payment.id)).toBe(true);
    expect(b.notifications.some((n) => n.record.id === res.body.payment.id)).toBe(false);
  });
});
