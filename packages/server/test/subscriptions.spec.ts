/**
 * Subscriptions charged once per period, against the sandbox over HTTP: Pix Automático mandates
 * authorized in the payer's bank (the sandbox's tools, heard through the notification route) and
 * cards saved by a first payment, charged by `chargeDue` as the sandbox's clock moves past their
 * periods; the sandbox's ledger, read over its HTTP tools, counts what was charged. A server
 * killed during a charge, two instances at once (Redis and PostgreSQL), a lost store and a
 * dropped answer never charge a period twice; a declined period is retried on the schedule and
 * then past due; the payer's cancellation in the bank stops the charges, and the hook hears it all.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  createSubscriptions,
  MemoryStore,
  type CheckoutStore,
  type SubscriptionEvent,
  type Subscriptions,
} from '@paylit/server';
import { createPostgresStore } from '@paylit/server/postgres';
import { createRedisStore } from '@paylit/server/redis';
import { expect, test } from '@playwright/test';
import { scaled } from '../../../test/support/time.mjs';
import {
  brazilToday,
  payer,
  startSandbox,
  startShop,
  uid,
  type Harness,
  type Shop,
  firstSubscriptionPayment,
} from './support/harness.js';
import { startPostgres } from './support/postgres.js';
import { startRedis } from './support/redis.js';

const DAY = 24 * 60 * 60 * 1000;
const ymd = (d: Date) => d.toISOString().slice(0, 10);

interface Entry {
  order_id: string;
  status: string;
  amount: number;
  kind: string;
}

/** The sandbox's ledger, over its HTTP tools: the entries of one subscription's periods. */
async function ledger(h: Harness, subscriptionId: string): Promise<Entry[]> {
  const res = await fetch(`${h.sandboxUrl}/sandbox-tools/ledger`);
  const { entries } = (await res.json()) as { entries: Entry[] };
  return entries.filter((e) => e.order_id?.startsWith(`${subscriptionId}.`));
}

async function advance(h: Harness, ms: number): Promise<Date> {
  const res = await fetch(`${h.sandboxUrl}/sandbox-tools/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ advance_ms: ms }),
  });
  return new Date(((await res.json()) as { now: string }).now);
}

async function tool(h: Harness, path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${h.sandboxUrl}/sandbox-tools/${path}`, { method: 'POST' });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** A Pix Automático subscription, authorized by the payer in the sandbox and heard ACTIVE by the server. */
async function pixSubscription(shop: Shop, events: SubscriptionEvent[], id = uid('pixsub')) {
  const start = ymd(new Date(shop.sandbox.clock.now().getTime() + 5 * DAY));
  const sub = await shop.handler.subscriptions.create({
    id,
    plan: {
      frequency: 'MONTHLY',
      amount: { type: 'FIXED', value: 39.9 },
      startDate: start,
      firstCharge: 'start',
    },
    currency: 'BRL',
    country: 'BR',
    payer,
    method: { type: 'XA' },
  });
  expect(sub.status).toBe('pending');
  expect(sub.method.type).toBe('XA');
  const enrollmentId = (sub.method as { enrollmentId: string }).enrollmentId;
  await tool(shop, `enrollments/${enrollmentId}/authorize`);
  await expect
    .poll(() => events.filter((e) => e.subscription.id === id).map((e) => e.type), {
      timeout: scaled(3_500),
    })
    .toEqual(['created', 'activated']);
  expect((await shop.handler.subscriptions.get(id))!.status).toBe('active');
  return { id, enrollmentId, start };
}

test.describe('in memory', () => {
  const events: SubscriptionEvent[] = [];
  let shop: Shop;
  test.beforeAll(async () => {
    shop = await startShop({ onSubscription: (e) => void events.push(e) });
  });
  test.afterAll(async () => {
    await shop.close();
  });

  test('Pix Automático: three periods charged by moving the sandbox clock, each once, with enrollment.id and a scheduled_date in the window', async () => {
    const { id, enrollmentId, start } = await pixSubscription(shop, events);
    const subs = shop.handler.subscriptions;
    let asOf = shop.sandbox.clock.now();
    const first = await subs.chargeDue(asOf);
    expect(first.charged).toEqual([{ id, period: start, paymentId: expect.any(String) }]);
    // Again in the same period: nothing more.
    expect((await subs.chargeDue(asOf)).charged).toEqual([]);
    for (let month = 1; month <= 2; month++) {
      asOf = await advance(shop, 30 * DAY);
      const run = await subs.chargeDue(asOf);
      expect(run.charged.map((c) => c.id)).toEqual([id]);
      expect((await subs.chargeDue(asOf)).charged).toEqual([]);
    }
    const entries = await ledger(shop, id);
    expect(entries.map((e) => [e.status, e.amount])).toEqual([
      ['PAID', 39.9],
      ['PAID', 39.9],
      ['PAID', 39.9],
    ]);
    const sub = (await subs.get(id))!;
    const periods = Object.keys(sub.periods).sort();
    expect(periods).toHaveLength(3);
    expect(entries.map((e) => e.order_id).sort()).toEqual(periods.map((p) => `${id}.${p}.1`));
    const second = sub.periods[periods[1]!] as { state: string; paymentId: string };
    expect(second.state).toBe('paid');
    const payment = await shop.client.payments.retrieve(second.paymentId);
    expect(payment).toMatchObject({
      payment_method_id: 'XA',
      status: 'PAID',
      enrollment: { id: enrollmentId },
    });
    expect(
      events.filter((e) => e.subscription.id === id && e.type === 'charged').map((e) => e.period),
    ).toEqual(periods);
  });

  test('the payer cancels in the bank: the hook hears it and the next period is not charged', async () => {
    const { id, enrollmentId } = await pixSubscription(shop, events);
    const subs = shop.handler.subscriptions;
    expect((await subs.chargeDue(shop.sandbox.clock.now())).charged).toHaveLength(1);
    await tool(shop, `enrollments/${enrollmentId}/cancel-by-payer`);
    await expect
      .poll(() => events.filter((e) => e.subscription.id === id).map((e) => e.type), {
        timeout: scaled(3_500),
      })
      .toEqual(['created', 'activated', 'charged', 'cancelled']);
    const cancelled = events.find((e) => e.subscription.id === id && e.type === 'cancelled')!;
    expect(cancelled.subscription).toMatchObject({ status: 'cancelled', cancelledBy: 'payer' });
    const asOf = await advance(shop, 31 * DAY);
    expect((await subs.chargeDue(asOf)).charged.filter((c) => c.id === id)).toEqual([]);
    expect(await ledger(shop, id)).toHaveLength(1);
  });

  test('the merchant cancels from the server API: the mandate is cancelled at the API, and nothing more is charged', async () => {
    const { id, enrollmentId } = await pixSubscription(shop, events);
    const subs = shop.handler.subscriptions;
    const cancelled = await subs.cancel(id);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledBy: 'merchant' });
    // The API's mandate is cancelled too: the payer's tool finds it not active.
    const res = await fetch(
      `${shop.sandboxUrl}/sandbox-tools/enrollments/${enrollmentId}/cancel-by-payer`,
      { method: 'POST' },
    );
    expect(((await res.json()) as { code: number }).code).toBe(5002);
    expect(
      (await subs.chargeDue(shop.sandbox.clock.now())).charged.filter((c) => c.id === id),
    ).toEqual([]);
    expect(await ledger(shop, id)).toHaveLength(0);
  });
});

test('cards: the first payment saves the card (SUBSCRIPTION, FIRST), each later period is charged with it (USED); declines retried after 1, 3 and 5 days, then past due', async () => {
  const h = await startSandbox();
  const events: SubscriptionEvent[] = [];
  const subs = createSubscriptions({
    client: h.client,
    store: new MemoryStore(),
    onSubscription: (e) => void events.push(e),
  });
  try {
    const today = brazilToday(h.sandbox.clock.now());
    const plan = {
      frequency: 'MONTHLY' as const,
      amount: { type: 'FIXED' as const, value: 25 },
      startDate: today,
    };
    const first = await firstSubscriptionPayment(h.client, 25, 'cardsub');
    const cardId = first.card!.card_id!;
    const good = uid('cardsub');
    const bad = uid('cardsub');
    await subs.create({
      id: good,
      plan,
      currency: 'BRL',
      country: 'BR',
      payer,
      method: { type: 'CARD', cardId },
    });
    // The sandbox rejects a charge whose description holds a rejection code.
    await subs.create({
      id: bad,
      plan,
      currency: 'BRL',
      country: 'BR',
      payer,
      description: 'code 300',
      method: { type: 'CARD', cardId },
    });
    // The order paid the first period: nothing is due before the next billing date.
    expect((await subs.chargeDue(h.sandbox.clock.now())).charged).toEqual([]);
    let asOf = await advance(h, 31 * DAY);
    const run = await subs.chargeDue(asOf);
    expect(run.charged.map((c) => c.id)).toEqual([good]);
    expect(run.declined.map((c) => c.id)).toEqual([bad]);
    const paid = await h.client.payments.retrieve(run.charged[0]!.paymentId);
    expect(paid.card).toMatchObject({
      card_id: cardId,
      stored_credential_type: 'SUBSCRIPTION',
      stored_credential_usage: 'USED',
    });
    // Not retried before its day; then after 1, 3 and 5 days.
    expect((await subs.chargeDue(asOf)).declined).toEqual([]);
    for (const days of [1, 3, 5]) {
      expect(
        (await subs.chargeDue(new Date(asOf.getTime() + (days - 0.5) * DAY))).declined,
      ).toEqual([]);
      asOf = await advance(h, days * DAY);
      expect((await subs.chargeDue(asOf)).declined.map((c) => c.id)).toEqual([bad]);
    }
    expect((await subs.get(bad))!.status).toBe('past_due');
    expect(events.filter((e) => e.subscription.id === bad).map((e) => e.type)).toEqual([
      'created',
      'declined',
      'declined',
      'declined',
      'declined',
      'past_due',
    ]);
    const declined = await ledger(h, bad);
    expect(declined.map((e) => e.status)).toEqual(['REJECTED', 'REJECTED', 'REJECTED', 'REJECTED']);
    expect(declined.map((e) => e.order_id.split('.').pop())).toEqual(['1', '2', '3', '4']);
    // Past due, it is not charged again for that period.
    expect((await subs.chargeDue(await advance(h, 10 * DAY))).declined).toEqual([]);
    expect(await ledger(h, good)).toHaveLength(1);
  } finally {
    await h.close();
  }
});

test('a lost store and a dropped answer never charge a period twice: the API is asked first, and a retry is the same request', async () => {
  const h = await startSandbox();
  try {
    const first = await firstSubscriptionPayment(h.client, 10, 'lost');
    const input = {
      id: uid('lost'),
      plan: {
        frequency: 'WEEKLY' as const,
        amount: { type: 'FIXED' as const, value: 10 },
        startDate: brazilToday(h.sandbox.clock.now()),
        firstCharge: 'start' as const,
      },
      currency: 'BRL',
      country: 'BR',
      payer,
      method: { type: 'CARD' as const, cardId: first.card!.card_id! },
    };
    const a = createSubscriptions({
      client: h.client,
      store: new MemoryStore(),
      onError: () => {},
    });
    await a.create(input);
    // The answer is lost on the way back (the payment is made, the connection cut).
    await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        path: '/payments',
        method: 'POST',
        kind: 'commit_then_drop',
        count: 1,
      }),
    });
    const asOf = h.sandbox.clock.now();
    await a.chargeDue(asOf);
    await a.chargeDue(asOf);
    expect((await a.get(input.id))!.periods[input.plan.startDate]).toMatchObject({ state: 'paid' });
    expect(await ledger(h, input.id)).toHaveLength(1);
    // The store is lost: a new one, the subscription made again from the merchant's records.
    const b = createSubscriptions({
      client: h.client,
      store: new MemoryStore(),
      onError: () => {},
    });
    await b.create(input);
    const again = await b.chargeDue(asOf);
    expect(again.charged).toEqual([
      { id: input.id, period: input.plan.startDate, paymentId: expect.any(String) },
    ]);
    expect(await ledger(h, input.id)).toHaveLength(1);
  } finally {
    await h.close();
  }
});

for (const kind of ['Redis', 'PostgreSQL'] as const) {
  test(`${kind}: killed during the second period's charge, then chargeDue twice at once on two instances: three periods, three charges`, async () => {
    // A child server started, killed, and two instances racing on a real store.
    test.setTimeout(scaled(40_000));
    const leaseMs = 1_500;
    let url: string;
    let stop: () => Promise<void>;
    if (kind === 'Redis') {
      const redis = await startRedis();
      url = redis.url;
      stop = () => redis.stop();
    } else {
      const cluster = await startPostgres();
      url = await cluster.createDatabase('subs');
      stop = () => cluster.destroy();
    }
    const open = (): Promise<CheckoutStore> =>
      kind === 'Redis' ? createRedisStore({ url }) : createPostgresStore({ url });
    const storeA = await open();
    const storeB = await open();
    const events: SubscriptionEvent[] = [];
    const shop = await startShop({
      store: storeA,
      onSubscription: (e) => void events.push(e),
      subscriptions: { leaseMs },
    });
    const b: Subscriptions = createSubscriptions({
      client: shop.client,
      store: storeB,
      leaseMs,
      onSubscription: (e) => void events.push(e),
      onError: () => {},
    });
    try {
      const { id } = await pixSubscription(shop, events);
      const a = shop.handler.subscriptions;
      expect((await a.chargeDue(shop.sandbox.clock.now())).charged).toHaveLength(1);

      // The second period: its answer held by the sandbox, the process killed once the API made it.
      const asOf = await advance(shop, 30 * DAY);
      await fetch(`${shop.sandboxUrl}/sandbox-tools/faults`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          path: '/payments',
          method: 'POST',
          kind: 'latency',
          answer_after_ms: 60_000,
          count: 1,
        }),
      });
      const child = fork(
        fileURLToPath(new URL('./support/charge-due-child.mjs', import.meta.url)),
        [],
        {
          execArgv: [],
          stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
          env: {
            PATH: process.env.PATH,
            PAYLIT_TEST_CHILD: JSON.stringify({
              baseUrl: shop.sandboxUrl,
              credentials: shop.sandbox.credentials,
              ...(kind === 'Redis' ? { redisUrl: url } : { databaseUrl: url }),
              asOf: asOf.toISOString(),
              leaseMs,
            }),
          },
        },
      );
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal })),
      );
      const finished: unknown[] = [];
      child.on('message', (m: { result?: unknown }) => {
        if (m.result) finished.push(m.result);
      });
      await expect
        .poll(async () => (await ledger(shop, id)).length, { timeout: scaled(10_000) })
        .toBe(2);
      child.kill('SIGKILL');
      expect(await exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(finished).toEqual([]);
      // The killed run's claim is what the store holds.
      expect(
        Object.values((await a.get(id))!.periods)
          .map((p) => p.state)
          .sort(),
      ).toEqual(['charging', 'paid']);
      // Its lease ends; two instances run at once: the payment made is found, not made again.
      await new Promise((r) => setTimeout(r, leaseMs + 100));
      const [ra, rb] = await Promise.all([a.chargeDue(asOf), b.chargeDue(asOf)]);
      expect([...ra.charged, ...rb.charged].map((c) => c.id)).toEqual([id]);
      expect(await ledger(shop, id)).toHaveLength(2);

      // The third period, both instances at once again.
      const third = await advance(shop, 30 * DAY);
      const [ta, tb] = await Promise.all([a.chargeDue(third), b.chargeDue(third)]);
      expect([...ta.charged, ...tb.charged].map((c) => c.id)).toEqual([id]);
      const entries = await ledger(shop, id);
      expect(entries.map((e) => e.status)).toEqual(['PAID', 'PAID', 'PAID']);
      expect(new Set(entries.map((e) => e.order_id)).size).toBe(3);
      expect(entries.every((e) => e.order_id.endsWith('.1'))).toBe(true);
      expect(Object.values((await b.get(id))!.periods).map((p) => p.state)).toEqual([
        'paid',
        'paid',
        'paid',
      ]);
      console.log(`${kind}: ${entries.length} charges in the sandbox's ledger for three periods`);
    } finally {
      await shop.close();
      await storeA.close();
      await storeB.close();
      await stop();
    }
  });
}

test('paylit-server charge-due, for a cron: charges the due periods once from the store, prints what it did, and refuses to run without a store', async () => {
  // Two CLI processes start, each loading the server and its store: slow on a loaded machine.
  test.setTimeout(scaled(30_000));
  const { execFile } = await import('node:child_process');
  const { apiEnv } = await import('./support/cli.js');
  const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
  const run = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        'node',
        [cli, 'charge-due', ...args],
        { env: { PATH: process.env.PATH!, ...env } },
        (error, stdout, stderr) =>
          resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
      );
    });
  const h = await startSandbox();
  const redis = await startRedis();
  const store = await createRedisStore({ url: redis.url });
  try {
    const first = await firstSubscriptionPayment(h.client, 15, 'cron');
    const subs = createSubscriptions({ client: h.client, store });
    const id = uid('cron');
    const startDate = brazilToday(h.sandbox.clock.now());
    await subs.create({
      id,
      plan: {
        frequency: 'WEEKLY',
        amount: { type: 'FIXED', value: 15 },
        startDate,
        firstCharge: 'start',
      },
      currency: 'BRL',
      country: 'BR',
      payer,
      method: { type: 'CARD', cardId: first.card!.card_id! },
    });
    const env = {
      ...apiEnv(h.sandbox, h.sandboxUrl, 'test-token-0123456789abcdef'),
      PAYLIT_REDIS_URL: redis.url,
    };
    const asOf = h.sandbox.clock.now().toISOString();
    const once = await run(['--as-of', asOf], env);
    expect(once.code).toBe(0);
    expect(JSON.parse(once.stdout)).toEqual({
      asOf,
      charged: 1,
      declined: 0,
      pastDue: 0,
      busy: 0,
      unknown: 0,
    });
    const twice = await run(['--as-of', asOf], env);
    expect(JSON.parse(twice.stdout)).toMatchObject({ charged: 0 });
    expect(await ledger(h, id)).toHaveLength(1);
    expect((await subs.get(id))!.periods[startDate]).toMatchObject({ state: 'paid' });

    const { PAYLIT_REDIS_URL: _, ...noStore } = env;
    const refused = await run([], noStore);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      "charge-due needs the server's store, PAYLIT_REDIS_URL or PAYLIT_DATABASE_URL",
    );
    const badDate = await run(['--as-of', 'tomorrow'], env);
    expect([badDate.code, badDate.stderr.trim()]).toEqual([
      2,
      'paylit-server: charge-due --as-of must be an ISO 8601 time such as 2027-01-31T12:00:00Z',
    ]);
    // A time without its zone is not read in the machine's own (a cron in São Paulo would charge
    // three hours off the time it wrote, a Brazilian period a day early when read near midnight),
    // nor is a date in words that only JavaScript's Date reads.
    const noZone = await run(['--as-of', '2027-01-31T02:00:00'], {
      ...env,
      TZ: 'America/Sao_Paulo',
    });
    expect([noZone.code, noZone.stderr.trim()]).toEqual([
      2,
      'paylit-server: charge-due --as-of 2027-01-31T02:00:00 has no time zone: write it in UTC with a Z (2027-01-31T02:00:00Z) or with its offset (such as 2027-01-31T02:00:00-03:00)',
    ]);
    const inWords = await run(['--as-of', 'Jan 31 2027 12:00 GMT'], env);
    expect([inWords.code, inWords.stderr.trim()]).toEqual([
      2,
      'paylit-server: charge-due --as-of must be an ISO 8601 time such as 2027-01-31T12:00:00Z',
    ]);
    expect(await ledger(h, id)).toHaveLength(1);
  } finally {
    await store.close();
    await redis.stop();
    await h.close();
  }
});

test('a plan with an end date: its last period charged, the subscription ends after it and the hook hears it; nothing is charged past the end', async () => {
  const h = await startSandbox();
  const events: SubscriptionEvent[] = [];
  try {
    const first = await firstSubscriptionPayment(h.client, 12, 'ends');
    const subs = createSubscriptions({
      client: h.client,
      store: new MemoryStore(),
      onSubscription: (e) => void events.push(e),
    });
    const now = h.sandbox.clock.now();
    const id = uid('ends');
    await subs.create({
      id,
      plan: {
        frequency: 'WEEKLY',
        amount: { type: 'FIXED', value: 12 },
        startDate: brazilToday(now),
        endDate: brazilToday(new Date(now.getTime() + 10 * DAY)),
        firstCharge: 'start',
      },
      currency: 'BRL',
      country: 'BR',
      payer,
      method: { type: 'CARD', cardId: first.card!.card_id! },
    });
    expect((await subs.chargeDue(now)).charged).toHaveLength(1);
    expect((await subs.chargeDue(new Date(now.getTime() + 7 * DAY))).charged).toHaveLength(1);
    expect((await subs.get(id))!.status).toBe('active');
    expect((await subs.chargeDue(new Date(now.getTime() + 11 * DAY))).charged).toEqual([]);
    expect((await subs.get(id))!.status).toBe('ended');
    expect((await subs.chargeDue(new Date(now.getTime() + 30 * DAY))).charged).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(['created', 'charged', 'charged', 'ended']);
    expect(await ledger(h, id)).toHaveLength(2);
  } finally {
    await h.close();
  }
});
