/**
 * One charge per order when the server does not live as long as the order: `paylit-server`
 * killed or redeployed between two attempts on its default memory store, a payer on the 3-D
 * Secure page during a deploy, declines counted across a restart, an attempt the server gave up
 * on that the API commits later, and two instances on one Redis whose clocks are 150 s apart.
 * Every count comes from the sandbox's ledger.
 */
import { MemoryStore, type Transport } from '@paylit/server';
import { nodeTransport } from '@paylit/server/node';
import { createRedisStore } from '@paylit/server/redis';
import { expect, test } from '@playwright/test';
import {
  payer,
  startSandbox,
  startShop,
  submitCard,
  type Harness,
} from '../../packages/server/test/support/harness.js';
import { startRedis } from '../../packages/server/test/support/redis.js';
import { browser, freePort, payByCard, postOrder, startServer, type CliServer } from './cli.js';
import { report } from './support.js';
import { scaled } from '../support/time.mjs';

/** What the sandbox's ledger says of a merchant order's attempts. */
function ledgerOf(h: Harness, orderId: string) {
  const payments = h.sandbox
    .ledger()
    .entries.filter(
      (e) =>
        e.order_id?.startsWith(`${orderId}.`) &&
        (e.kind === 'payment' || e.kind === 'authorization' || e.kind === 'verification'),
    );
  return {
    payments: payments.length,
    moved: payments.filter((e) => e.money_moved).length,
    charged: payments.filter((e) => e.money_moved).reduce((sum, e) => sum + (e.amount ?? 0), 0),
    rejected: payments.filter((e) => e.status === 'REJECTED').length,
  };
}

async function fault(h: Harness, body: Record<string, unknown>): Promise<void> {
  expect(
    (
      await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, {
        method: 'POST',
        body: JSON.stringify(body),
      })
    ).ok,
  ).toBe(true);
}

let n = 0;
const orderOf = (overrides: Record<string, unknown> = {}) => ({
  id: `R-${Date.now().toString(36)}-${++n}`,
  amount: 120,
  currency: 'BRL',
  country: 'BR',
  payer,
  ...overrides,
});

test.describe('paylit-server restarted between two attempts, on its memory store', () => {
  let h: Harness;
  const servers: CliServer[] = [];
  test.beforeAll(async () => {
    h = await startSandbox();
  });
  test.afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await h?.close();
  });
  test.afterEach(() => fetch(`${h.sandboxUrl}/sandbox-tools/faults`, { method: 'DELETE' }));

  async function server(port: number): Promise<CliServer> {
    const started = await startServer(h.sandbox, h.sandboxUrl, { port });
    servers.push(started);
    return started;
  }

  for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
    test(`a paid order, the server stopped with ${signal} and started again: the next attempt charges nothing`, async () => {
      const port = await freePort();
      const order = orderOf();
      let cli = await server(port);
      const paid = await payByCard(cli.base, await postOrder(cli.base, order));
      expect(paid.body.payment.status).toBe('PAID');
      await cli.stop(signal);
      cli = await server(port);
      // The merchant's backend still has the order: it makes it again on the new process.
      const ref = await postOrder(cli.base, order);
      const view = await browser(cli.base, `/checkout?order=${encodeURIComponent(ref)}`);
      const again = await payByCard(cli.base, ref);
      const ledger = ledgerOf(h, order.id);
      report(
        `memory store: a 120 BRL order paid, the server stopped with ${signal} and restarted, the order made again and paid again`,
        `the checkout view shows ${view.body.payment?.status}; the new attempt answers ${again.body.payment?.status} ${again.body.replayed ? '(replayed)' : ''}; ledger: ${ledger.payments} payment(s), ${ledger.charged} BRL charged`,
      );
      expect(view.body.payment?.id).toBe(paid.body.payment.id);
      expect([again.status, again.body.replayed, again.body.payment.id]).toEqual([
        200,
        true,
        paid.body.payment.id,
      ]);
      expect(ledger).toMatchObject({ payments: 1, charged: 120 });
    });
  }

  test('the server killed while the API commits the payment, started again: one charge, and the order answers it', async () => {
    const port = await freePort();
    const order = orderOf();
    let cli = await server(port);
    const ref = await postOrder(cli.base, order);
    await fault(h, { path: '/secure_payments', kind: 'latency', latency_ms: 1500 });
    const inFlight = payByCard(cli.base, ref).catch(() => undefined);
    // Killed the moment the API has the payment, before the server can write it down.
    await expect
      .poll(() => ledgerOf(h, order.id).payments, { timeout: scaled(3_500), intervals: [20] })
      .toBe(1);
    await cli.stop('SIGKILL');
    await inFlight;
    cli = await server(port);
    const again = await payByCard(cli.base, await postOrder(cli.base, order));
    const ledger = ledgerOf(h, order.id);
    report(
      'memory store: the server SIGKILLed as the API committed, restarted, the shopper pays again',
      `answer ${again.body.payment?.status}, replayed ${again.body.replayed}; ledger: ${ledger.payments} payment(s), ${ledger.charged} BRL charged`,
    );
    expect([again.body.replayed, again.body.payment.status]).toEqual([true, 'PAID']);
    expect(ledger).toMatchObject({ payments: 1, charged: 120 });
  });

  test('a deploy while the payer is on the 3-D Secure page: the callback is honoured and the order charged once', async () => {
    const port = await freePort();
    const order = orderOf({
      country: 'ZA',
      currency: 'ZAR',
      payer: {
        ...payer,
        document: '8001015009087',
        address: {
          state: 'WC',
          city: 'Cape Town',
          zip_code: '8001',
          street: 'Long St',
          number: '1',
        },
      },
    });
    let cli = await server(port);
    const ref = await postOrder(cli.base, order);
    const pending = await payByCard(cli.base, ref);
    expect(pending.body.nextAction?.type).toBe('redirect');
    await cli.stop('SIGTERM');
    cli = await server(port);
    await postOrder(cli.base, order);
    // The payer approves on the bank's page, which posts the signed callback to the new process.
    const page = await (
      await fetch(pending.body.nextAction.url, {
        method: 'POST',
        body: new URLSearchParams({ outcome: 'approve' }),
      })
    ).text();
    const at = page.indexOf('id="callback"');
    const action = /action="([^"]+)"/.exec(page.slice(at))![1]!;
    const fields = Object.fromEntries(
      [...page.slice(at).matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    const callback = await fetch(action, {
      method: 'POST',
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });
    const location = callback.headers.get('location') ?? '';
    const returned = new URL(location || 'http://invalid/');
    const status = await browser(
      cli.base,
      `/payments/${encodeURIComponent(returned.searchParams.get('payment_id') ?? '')}?order=${encodeURIComponent(returned.searchParams.get('order') ?? '')}`,
    );
    const again = await payByCard(cli.base, ref);
    const ledger = ledgerOf(h, order.id);
    report(
      'memory store: payer on the 3-D Secure page while the server is redeployed (SIGTERM, restart), then approves',
      `callback ${callback.status}, the return page reads ${status.body.payment?.status}; a new attempt answers ${again.body.payment?.status} (replayed ${again.body.replayed}); ledger: ${ledger.payments} payment(s)`,
    );
    expect(callback.status).toBe(303);
    expect(status.body.payment?.status).toBe('PAID');
    expect([again.body.replayed, again.body.payment.id]).toEqual([true, pending.body.payment.id]);
    expect(ledger).toMatchObject({ payments: 1, moved: 1 });
  });

  test('five declines lock the order, and a restart does not unlock it: the API is asked how many there were', async () => {
    const port = await freePort();
    const order = orderOf({ description: 'trigger 302' });
    let cli = await server(port);
    const ref = await postOrder(cli.base, order);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await payByCard(cli.base, ref));
    expect(answers.slice(0, 5).map((a) => a.body.payment?.status)).toEqual(
      Array(5).fill('REJECTED'),
    );
    expect([
      answers[5]!.status,
      answers[5]!.body.error?.type,
      answers[5]!.body.error?.code,
    ]).toEqual([409, 'order_locked', 305]);
    await cli.stop('SIGKILL');
    cli = await server(port);
    const afterRestart = await payByCard(cli.base, await postOrder(cli.base, order));
    const ledger = ledgerOf(h, order.id);
    report(
      'an order declined five times, a sixth attempt, then the server killed and restarted and a seventh',
      `sixth: ${answers[5]!.status} ${answers[5]!.body.error?.type}; after the restart: ${afterRestart.status} ${afterRestart.body.error?.type}; ledger: ${ledger.payments} payment(s), ${ledger.rejected} rejected`,
    );
    expect([afterRestart.status, afterRestart.body.error?.type]).toEqual([409, 'order_locked']);
    expect(ledger).toMatchObject({ payments: 5, rejected: 5 });
  });
});

test('an attempt the server gave up on, committed by the API after the outcome window: one charge', async () => {
  const h = await startSandbox();
  // The API's answers to POST /secure_payments, whenever they come: the connection is kept open
  // after the client gives up, as a slow API would still answer it.
  const answers: number[] = [];
  const node = nodeTransport();
  const transport: Transport = (request) => {
    const full = node({ ...request, timeoutMs: 60_000, signal: undefined });
    if (request.method === 'POST' && new URL(request.url).pathname === '/secure_payments')
      void full.then(
        (r) => answers.push(r.status),
        () => answers.push(0),
      );
    return Promise.race([
      full,
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(Object.assign(new Error('timed out'), { name: 'TimeoutError' })),
          request.timeoutMs,
        ),
      ),
    ]);
  };
  // The client gives up after 1 s, and the order opens again 1.5 s after an unknown outcome.
  const shop = await startShop(
    {
      client: h.clientFor({ deadlineMs: 1000, maxRetries: 0, transport }),
      store: new MemoryStore(),
      outcomeWindowMs: 1500,
    },
    h,
  );
  try {
    const order = await shop.order();
    // The API takes 4 s, then commits: long after the server stopped waiting and the window closed.
    await fault(h, { path: '/secure_payments', kind: 'latency', latency_ms: 4000 });
    const first = await submitCard(shop, order.id);
    expect([first.res.status, first.res.body.error?.retryable]).toEqual([502, true]);
    // The shopper tries again until the server stops answering "in progress".
    let again = await submitCard(shop, order.id);
    await expect
      .poll(
        async () =>
          (again = await submitCard(shop, order.id)).res.body.error?.type ??
          again.res.body.payment?.status,
        { timeout: scaled(3_500) },
      )
      .toBe('PAID');
    // The first attempt reaches the API after all.
    await expect.poll(() => answers.length, { timeout: scaled(3_500) }).toBe(2);
    const ledger = ledgerOf(h, order.id);
    report(
      "the API slower than the client's deadline and the outcome window: the shopper pays again after the window while the first attempt is still on its way",
      `the API answered ${answers.join(' then ')}; ledger: ${ledger.payments} payment(s), ${ledger.charged} BRL charged (the attempt number is reused, so the API refuses the late one as a duplicate order id)`,
    );
    expect(answers).toEqual([200, 400]);
    expect(ledger).toMatchObject({ payments: 1, charged: 120 });
  } finally {
    await shop.close();
    await h.close();
  }
});

test('two instances on one Redis, one of them with its clock 150 s ahead: one charge', async () => {
  const h = await startSandbox();
  const redis = await startRedis();
  const servers: CliServer[] = [];
  const watcher = await createRedisStore({ url: redis.url });
  try {
    const env = { PAYLIT_REDIS_URL: redis.url };
    const onTime = await startServer(h.sandbox, h.sandboxUrl, { port: await freePort(), env });
    servers.push(onTime);
    const ahead = await startServer(h.sandbox, h.sandboxUrl, {
      port: await freePort(),
      env,
      clockSkewMs: 150_000,
    });
    servers.push(ahead);
    const order = orderOf();
    const ref = await postOrder(onTime.base, order);
    await fault(h, { path: '/secure_payments', kind: 'latency', latency_ms: 3000 });
    const first = payByCard(onTime.base, ref);
    // The first attempt is with the API: the store says so.
    await expect
      .poll(async () => (await watcher.getCharge(order.id))?.state, {
        timeout: scaled(3_500),
        intervals: [20],
      })
      .toBe('charging');
    const second = await payByCard(ahead.base, ref);
    const firstAnswer = await first;
    const ledger = ledgerOf(h, order.id);
    report(
      'two paylit-server instances on one Redis, the second 150 s ahead, paid on the same order while the first attempt is with the API',
      `first ${firstAnswer.body.payment?.status} ${firstAnswer.body.payment?.id}, second ${second.body.payment?.status ?? second.body.error?.type} ${second.body.payment?.id ?? ''}; ledger: ${ledger.payments} payment(s)`,
    );
    expect(firstAnswer.body.payment.status).toBe('PAID');
    expect(second.body.payment?.id).toBe(firstAnswer.body.payment.id);
    expect(ledger).toMatchObject({ payments: 1, charged: 120 });
  } finally {
    for (const server of servers) await server.stop('SIGKILL');
    await watcher.close();
    await redis.stop();
    await h.close();
  }
});
