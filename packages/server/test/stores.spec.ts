/**
 * Every store behaves as the CheckoutStore interface says, against the real thing: memory,
 * Redis (Debian's redis-server) and PostgreSQL (Debian's postgresql, a throwaway cluster).
 * Two handles on one Redis or PostgreSQL are two instances of the server: what one writes the
 * other reads, and a compare-and-set raced by 20 writers has exactly one winner. Redis and
 * PostgreSQL answer or throw StoreUnavailableError when their server stops answering or dies,
 * after their one-second timeout and long before the server is back (the bound asserted is 8 s,
 * which a loaded machine keeps and a queued call, waiting for the server, does not), and come
 * back by themselves; the clock they read is theirs.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  MemoryStore,
  StoreUnavailableError,
  type ChargeState,
  type Subscription,
  type CheckoutStore,
  type MerchantOrder,
} from '@paylit/server';
import { createPostgresStore, type PostgresStore } from '@paylit/server/postgres';
import { createRedisStore, type RedisStore } from '@paylit/server/redis';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { createClient } from 'redis';
import { startSandbox, startShop } from './support/harness.js';
import { startPostgres, type Postgres } from './support/postgres.js';
import { startRedis } from './support/redis.js';
import { scaled } from '../../../test/support/time.mjs';

/** Fails fast: the stores' timeout is 1 s; a call queued until the server is back would take the whole pause. */
const FAIL_FAST_MS = 8_000;

let n = 0;
const uid = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++n}`;

const order = (id: string): MerchantOrder => ({
  id,
  amount: 120,
  currency: 'BRL',
  country: 'BR',
  payer: { name: 'Thiago Gabriel', email: 't@example.com', document: '53033315550' },
  intent: 'capture',
  installments: true,
});

const charging = (rev: string, n = 1): ChargeState => ({
  state: 'charging',
  rev,
  n,
  attempt: `a${n}`,
  since: 1_700_000_000_000,
  declines: 0,
});
const settled = (rev: string, paymentId: string, n = 1): ChargeState => ({
  state: 'settled',
  rev,
  n,
  attempt: `a${n}`,
  paymentId,
  declines: 0,
});
const open = (rev: string, n: number, lastPaymentId?: string): ChargeState => ({
  state: 'open',
  rev,
  n,
  declines: 1,
  ...(lastPaymentId ? { lastPaymentId, lastAttempt: `a${n - 1}` } : {}),
});

/** What a store's own clock says, read around a call to `now()`, with this process's clock set 150 s ahead. */
async function skewed<T>(work: () => Promise<T>): Promise<T> {
  const real = Date.now;
  Date.now = () => real() + 150_000;
  try {
    return await work();
  } finally {
    Date.now = real;
  }
}

interface Backend {
  /** Two handles on one store, as two server instances have (the same object for memory). */
  stores: [CheckoutStore, CheckoutStore];
  /** The store's own clock, read directly (not through the store), in ms. */
  clock?: () => Promise<number>;
  close(): Promise<void>;
}

function conformance(name: string, start: () => Promise<Backend>, { ownClock = true } = {}) {
  test.describe(name, () => {
    let backend: Backend;
    test.beforeAll(async () => {
      backend = await start();
    });
    test.afterAll(async () => {
      await backend?.close();
    });

    test('orders: put, read from the other instance, replace; unknown is undefined', async () => {
      const [a, b] = backend.stores;
      const id = uid('order');
      expect(await b.getOrder(id)).toBeUndefined();
      await a.putOrder(order(id));
      expect(await b.getOrder(id)).toEqual(order(id));
      await b.putOrder({ ...order(id), amount: 99 });
      expect((await a.getOrder(id))?.amount).toBe(99);
    });

    test('subscriptions: compare-and-set on rev across instances, twenty at once make one write; ids listed in order after a given one', async () => {
      const [a, b] = backend.stores;
      const prefix = uid('sub');
      const sub = (id: string, rev: string): Subscription => ({
        id,
        rev,
        status: 'active',
        plan: {
          frequency: 'MONTHLY',
          amount: { type: 'FIXED', value: 10 },
          startDate: '2027-01-10',
          firstCharge: 'start',
        },
        currency: 'BRL',
        country: 'BR',
        payer: { name: 'Thiago Gabriel', email: 't@example.com', document: '53033315550' },
        method: { type: 'CARD', cardId: 'card-1' },
        firstPeriod: 0,
        periods: {},
        createdAt: '2027-01-01T00:00:00.000Z',
      });
      const id = `${prefix}-b`;
      expect(await b.getSubscription!(id)).toBeUndefined();
      expect(await a.swapSubscription!(id, 'r0', sub(id, 'r1'))).toBe(false);
      expect(await a.swapSubscription!(id, undefined, sub(id, 'r1'))).toBe(true);
      expect(await b.swapSubscription!(id, undefined, sub(id, 'r2'))).toBe(false);
      expect(await b.getSubscription!(id)).toEqual(sub(id, 'r1'));
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? a : b).swapSubscription!(id, 'r1', {
            ...sub(id, `c${i}`),
            periods: { '2027-01-10': { state: 'charging', attempt: 1, since: i, declines: 0 } },
          }),
        ),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      const won = claims.indexOf(true);
      expect((await a.getSubscription!(id))?.rev).toBe(`c${won}`);
      await b.swapSubscription!(`${prefix}-a`, undefined, sub(`${prefix}-a`, 'r1'));
      await a.swapSubscription!(`${prefix}-c`, undefined, sub(`${prefix}-c`, 'r1'));
      const mine = async (after: string, limit: number) =>
        (await b.subscriptionIds!(after, limit)).filter((x) => x.startsWith(prefix));
      expect(await mine(prefix, 100)).toEqual([`${prefix}-a`, `${prefix}-b`, `${prefix}-c`]);
      expect(await mine(`${prefix}-a`, 100)).toEqual([`${prefix}-b`, `${prefix}-c`]);
      expect(await a.subscriptionIds!(`${prefix}-a`, 1)).toEqual([`${prefix}-b`]);
    });

    test('payment links: once per payment, in the order they were made', async () => {
      const [a, b] = backend.stores;
      const id = uid('order');
      const [p1, p2] = [uid('P'), uid('P')];
      expect(await a.paymentsOfOrder(id)).toEqual([]);
      expect(await a.orderOfPayment(p1)).toBeUndefined();
      await a.linkPayment({ paymentId: p1, orderId: id, attempt: '1' });
      await b.linkPayment({ paymentId: p1, orderId: id, attempt: '1' });
      await b.linkPayment({ paymentId: p2, orderId: id, attempt: '2' });
      // A payment is linked to its first order only.
      await a.linkPayment({ paymentId: p2, orderId: uid('other'), attempt: '1' });
      expect(await b.orderOfPayment(p2)).toBe(id);
      expect(await a.paymentsOfOrder(id)).toEqual([p1, p2]);
    });

    test('changes: what one instance publishes every instance hears, itself too, until it stops listening', async () => {
      const [a, b] = backend.stores;
      const heardA: string[] = [];
      const heardB: string[] = [];
      const stopA = await a.subscribe!((m) => heardA.push(m));
      const stopB = await b.subscribe!((m) => heardB.push(m));
      const id = uid('order');
      await a.publish!(id);
      await expect.poll(() => heardB).toEqual([id]);
      await expect.poll(() => heardA).toEqual([id]);
      await stopB();
      await b.publish!(`${id}-2`);
      await expect.poll(() => heardA).toEqual([id, `${id}-2`]);
      expect(heardB).toEqual([id]);
      await stopA();
    });

    test('charge state: written only over the rev it was read with', async () => {
      const [a, b] = backend.stores;
      const id = uid('order');
      expect(await a.getCharge(id)).toBeUndefined();
      expect(await a.swapCharge(id, 'r0', charging('r1'))).toBe(false);
      expect(await a.swapCharge(id, undefined, charging('r1'))).toBe(true);
      expect(await b.getCharge(id)).toEqual(charging('r1'));
      expect(await b.swapCharge(id, undefined, charging('r2'))).toBe(false);
      expect(await b.swapCharge(id, 'r0', settled('r2', 'P-1'))).toBe(false);
      expect(await b.swapCharge(id, 'r1', settled('r2', 'P-1'))).toBe(true);
      expect(await a.getCharge(id)).toEqual(settled('r2', 'P-1'));
      expect(await a.swapCharge(id, 'r1', open('r3', 2, 'P-1'))).toBe(false);
      expect(await a.swapCharge(id, 'r2', open('r3', 2, 'P-1'))).toBe(true);
      expect(await b.getCharge(id)).toEqual(open('r3', 2, 'P-1'));
    });

    test('compare-and-set under 20 concurrent swaps from one rev: exactly one wins, on either instance', async () => {
      const [a, b] = backend.stores;
      for (const from of [undefined, 'r0']) {
        const id = uid('order');
        if (from) expect(await a.swapCharge(id, undefined, charging(from))).toBe(true);
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            (i % 2 ? a : b).swapCharge(id, from, charging(`w${i}`, 2)),
          ),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
        const winner = results.indexOf(true);
        expect(await a.getCharge(id)).toEqual(charging(`w${winner}`, 2));
      }
    });

    test('bound values: bound once until they expire, the first value answered to later binds', async () => {
      const [a, b] = backend.stores;
      const key = uid('key');
      expect(await a.bound(key)).toBeUndefined();
      // Ten binds at once, with a time to live none of them outlives on a loaded machine.
      const binds = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).bind(key, `v${i}`, 60_000)),
      );
      const firsts = binds.filter((v) => v === undefined);
      expect(firsts).toHaveLength(1);
      const value = `v${binds.indexOf(undefined)}`;
      expect(binds.filter((v) => v !== undefined && v !== value)).toEqual([]);
      expect(await b.bound(key)).toBe(value);
      // A value bound briefly expires, and the key binds anew.
      const brief = uid('brief');
      expect(await b.bind(brief, 'first', 300)).toBeUndefined();
      await expect.poll(() => a.bound(brief)).toBeUndefined();
      expect(await b.bind(brief, 'later', 60_000)).toBeUndefined();
      expect(await a.bind(brief, 'again', 60_000)).toBe('later');
    });

    test('claims: true once within the ttl across instances, again after release or expiry', async () => {
      const [a, b] = backend.stores;
      const key = uid('claim');
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).claim(key, 60_000)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      await b.release(key);
      expect(await a.claim(key, 300)).toBe(true);
      expect(await b.claim(key, 300)).toBe(false);
      await expect.poll(() => b.claim(key, 60_000)).toBe(true);
      expect(await a.claim(key, 60_000)).toBe(false);
    });

    test('counters: hit counts across instances, count reads without counting, the window expires', async () => {
      const [a, b] = backend.stores;
      const key = uid('ip');
      expect(await a.count(key)).toBe(0);
      const hits = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).hit(key, 500)),
      );
      expect(hits.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(await b.count(key)).toBe(10);
      expect(await a.count(key)).toBe(10);
      await expect.poll(() => a.count(key)).toBe(0);
      expect(await b.hit(key, 60_000)).toBe(1);
    });

    test('reservations: 30 hits raced with 20 of them given back (unhit) across instances leave exactly 10; never below 0; the window is kept', async () => {
      const [a, b] = backend.stores;
      const key = uid('reserve');
      expect(await a.unhit(key)).toBe(0);
      expect(await a.count(key)).toBe(0);
      // Each of 30 callers reserves, and the 20 over a limit of 10 give theirs back, all at once.
      const answers = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const store = i % 2 ? a : b;
          const n = await store.hit(key, 60_000);
          if (n > 10) await store.unhit(key);
          return n;
        }),
      );
      // Ten reservations held, whatever the interleaving: a given-back hit is never answered twice as under the limit.
      expect(answers.filter((n) => n <= 10)).toHaveLength(10);
      expect(await b.count(key)).toBe(10);
      const downs = await Promise.all(
        Array.from({ length: 15 }, (_, i) => (i % 2 ? a : b).unhit(key)),
      );
      expect(downs.filter((d) => d === 0).length).toBeGreaterThanOrEqual(5);
      expect(await a.count(key)).toBe(0);
      // A given-back counter keeps its window: a short one still expires.
      const brief = uid('brief');
      expect(await a.hit(brief, 400)).toBe(1);
      expect(await a.hit(brief, 400)).toBe(2);
      expect(await b.unhit(brief)).toBe(1);
      await expect.poll(() => a.count(brief)).toBe(0);
      expect(await b.unhit(brief)).toBe(0);
      expect(await a.hit(brief, 60_000)).toBe(1);
    });

    test("the decline limit's reservation in one round trip: the turn first, then in flight and the store clock's window counted; a turn held counts nothing; giveBack is unhit and release", async () => {
      const [a, b] = backend.stores;
      const [turn, inFlight, prefix] = [uid('turn'), uid('inflight'), uid('declines')];
      const windowMs = 3_600_000;
      const reservation = {
        turn: { key: turn, ttlMs: 60_000 },
        inFlight: { key: inFlight, windowMs: 60_000 },
        windowed: { prefix, windowMs },
      };
      const before = Math.floor((await a.now()) / windowMs);
      const first = await a.reserve!(reservation);
      const after = Math.floor((await a.now()) / windowMs);
      expect(first).toEqual({ turn: true, window: expect.any(Number), count: 1, inFlight: 1 });
      const window = (first as { window: number }).window;
      expect(window).toBeGreaterThanOrEqual(before);
      expect(window).toBeLessThanOrEqual(after);
      expect(await b.count(`${prefix}:${window}`)).toBe(1);
      // The same turn from the other instance: held, so nothing is counted.
      expect(await b.reserve!(reservation)).toEqual({ turn: false });
      expect([await a.count(inFlight), await a.count(`${prefix}:${window}`)]).toEqual([1, 1]);
      // Without a turn, the counts go on.
      const { turn: _turn, ...noTurn } = reservation;
      expect(await b.reserve!(noTurn)).toEqual({ turn: true, window, count: 2, inFlight: 2 });
      // Given back: each hit down by one (never below 0), the claim released.
      await b.giveBack!([`${prefix}:${window}`, inFlight], [turn]);
      expect([await a.count(inFlight), await a.count(`${prefix}:${window}`)]).toEqual([1, 1]);
      await a.giveBack!([`${prefix}:${window}`, inFlight, uid('never-hit')], []);
      await a.giveBack!([inFlight], []);
      expect([await b.count(inFlight), await b.count(`${prefix}:${window}`)]).toEqual([0, 0]);
      expect(await b.claim(turn, 60_000)).toBe(true);
    });

    if (ownClock)
      test("now() is the store's clock: this process's clock set 150 s ahead does not move it", async () => {
        const [a] = backend.stores;
        const before = await backend.clock!();
        const now = await skewed(() => a.now());
        const after = await backend.clock!();
        expect(now).toBeGreaterThanOrEqual(before - 1);
        expect(now).toBeLessThanOrEqual(after + 1);
      });
  });
}

conformance(
  'memory',
  async () => {
    const store = new MemoryStore();
    return { stores: [store, store], close: () => store.close() };
  },
  { ownClock: false },
);

let redisOrders = 0;
conformance('Redis', async () => {
  const redis = await startRedis();
  const prefix = `conf${++redisOrders}:`;
  const stores = [
    await createRedisStore({ url: redis.url, prefix }),
    await createRedisStore({ url: redis.url, prefix }),
  ] as [RedisStore, RedisStore];
  const direct = createClient({ url: redis.url });
  await direct.connect();
  return {
    stores,
    clock: async () => {
      const [s, us] = await direct.time();
      return Number(s) * 1000 + Math.floor(Number(us) / 1000);
    },
    close: async () => {
      await Promise.all(stores.map((s) => s.close()));
      await direct.quit();
      await redis.stop();
    },
  };
});

conformance('PostgreSQL', async () => {
  const cluster = await startPostgres();
  const url = await cluster.createDatabase('conformance');
  const stores = [await createPostgresStore({ url }), await createPostgresStore({ url })] as [
    PostgresStore,
    PostgresStore,
  ];
  const direct = new pg.Client({ connectionString: url });
  await direct.connect();
  return {
    stores,
    clock: async () =>
      (
        await direct.query<{ ms: number }>(
          'SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::float8 AS ms',
        )
      ).rows[0]!.ms,
    close: async () => {
      await Promise.all(stores.map((s) => s.close()));
      await direct.end();
      await cluster.destroy();
    },
  };
});

/** Runs `call` and answers how it ended and how long it took. */
async function timed(call: () => Promise<unknown>): Promise<{ ms: number; error?: unknown }> {
  const started = performance.now();
  try {
    await call();
    return { ms: performance.now() - started };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

test.describe('PostgreSQL only', () => {
  let cluster: Postgres;
  let url: string;
  test.beforeAll(async () => {
    cluster = await startPostgres();
    url = await cluster.createDatabase('constraints');
  });
  test.afterAll(async () => {
    await cluster?.destroy();
  });

  test('the made table follows the settled state the compare-and-set let through: one row per order, one order per payment', async () => {
    const store = await createPostgresStore({ url });
    const direct = new pg.Client({ connectionString: url });
    await direct.connect();
    const made = async (orderId: string) =>
      (await direct.query('SELECT payment_id FROM paylit_made WHERE order_id = $1', [orderId]))
        .rows;
    try {
      const id = uid('order');
      expect(await store.swapCharge(id, undefined, charging('r1'))).toBe(true);
      expect(await store.swapCharge(id, 'r1', settled('r2', 'P-1'))).toBe(true);
      expect(await made(id)).toEqual([{ payment_id: 'P-1' }]);
      // A writer that read an older state writes nothing, and the row stays.
      expect(await store.swapCharge(id, 'r1', settled('r3', 'P-2'))).toBe(false);
      expect(await store.getCharge(id)).toEqual(settled('r2', 'P-1'));
      expect(await made(id)).toEqual([{ payment_id: 'P-1' }]);
      // Over the rev it read, another payment (the one the API says was made): the row follows it.
      expect(await store.swapCharge(id, 'r2', settled('r3', 'P-2'))).toBe(true);
      expect(await made(id)).toEqual([{ payment_id: 'P-2' }]);
      // The same payment written again is the same row.
      expect(await store.swapCharge(id, 'r3', settled('r4', 'P-2'))).toBe(true);
      expect(await made(id)).toEqual([{ payment_id: 'P-2' }]);
      // A payment is the payment of one order only: another order's state naming it is refused, whole.
      const other = uid('other');
      expect(await store.swapCharge(other, undefined, settled('r5', 'P-2'))).toBe(false);
      expect(await store.getCharge(other)).toBeUndefined();

      // The row goes with the state that names its payment as rejected or expired, and only with it.
      const next = uid('order');
      expect(await store.swapCharge(next, undefined, settled('r1', 'P-10'))).toBe(true);
      expect(await store.swapCharge(next, 'r1', open('r2', 2))).toBe(true);
      expect(await made(next)).toEqual([{ payment_id: 'P-10' }]);
      expect(await store.swapCharge(next, 'r2', open('r3', 2, 'P-10'))).toBe(true);
      expect(await made(next)).toEqual([]);
      expect(await store.swapCharge(next, 'r3', settled('r4', 'P-11', 2))).toBe(true);
      expect(await made(next)).toEqual([{ payment_id: 'P-11' }]);
    } finally {
      await direct.end();
      await store.close();
    }
  });

  test('tables are created once, by instances starting together, under a prefix of their own', async () => {
    const stores = await Promise.all(
      Array.from({ length: 4 }, () => createPostgresStore({ url, tablePrefix: 'together_' })),
    );
    try {
      await stores[0]!.putOrder(order('T-1'));
      expect(await stores[3]!.getOrder('T-1')).toEqual(order('T-1'));
      const other = await createPostgresStore({ url });
      expect(await other.getOrder('T-1')).toBeUndefined();
      await other.close();
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
    await expect(
      createPostgresStore({ url, tablePrefix: 'x"; DROP TABLE paylit_orders; --' }),
    ).rejects.toThrow(/tablePrefix must be/);
  });

  test('a database that is not there is a clear error, the password masked', async () => {
    await expect(
      createPostgresStore({ url: `postgres://postgres:hunter2@127.0.0.1:${cluster.port}/missing` }),
    ).rejects.toThrow(
      /could not set up the PostgreSQL store at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/missing: .*missing/,
    );
    const error = await createPostgresStore({
      url: `postgres://postgres:hunter2@127.0.0.1:${cluster.port}/missing`,
    }).catch((e: Error) => e);
    expect(String(error)).not.toContain('hunter2');
  });
});

test.describe('failing fast', () => {
  test('Redis paused (SIGSTOP): every call throws StoreUnavailableError after its timeout, not when the server is back, nothing sent meanwhile runs when it resumes, and the store comes back', async () => {
    const redis = await startRedis();
    const store = await createRedisStore({ url: redis.url, prefix: 'pause:' });
    try {
      expect(await store.hit('warm', 60_000)).toBe(1);
      redis.pause();
      // The first call is on the wire when Redis stops: it times out (and may run on resume).
      const first = await timed(() => store.hit('on-the-wire', 60_000));
      expect(first.error).toBeInstanceOf(StoreUnavailableError);
      expect(first.ms).toBeLessThan(FAIL_FAST_MS);
      // Calls after it fail at once: none is queued to run later.
      const rest = await Promise.all(
        Array.from({ length: 20 }, () => timed(() => store.hit('offline', 60_000))),
      );
      for (const r of rest) {
        expect(r.error).toBeInstanceOf(StoreUnavailableError);
        expect(r.ms).toBeLessThan(FAIL_FAST_MS);
      }
      const swap = await timed(() => store.swapCharge('paused-order', undefined, charging('r1')));
      expect(swap.error).toBeInstanceOf(StoreUnavailableError);
      redis.resume();
      await expect
        .poll(() => store.count('warm').catch(() => -1), { timeout: scaled(3_500) })
        .toBe(1);
      expect(await store.count('offline')).toBe(0);
      expect(await store.getCharge('paused-order')).toBeUndefined();
    } finally {
      redis.resume();
      await store.close();
      await redis.stop();
    }
  });

  test('Redis killed: calls fail at once with StoreUnavailableError; restarted on the same port, the store reconnects by itself', async () => {
    const redis = await startRedis({ persistence: 'aof', fsync: 'always' });
    const store = await createRedisStore({ url: redis.url, prefix: 'kill:' });
    try {
      await store.putOrder(order('K-1'));
      await redis.kill();
      const calls = await Promise.all(
        Array.from({ length: 10 }, () => timed(() => store.getOrder('K-1'))),
      );
      for (const r of calls) {
        expect(r.error).toBeInstanceOf(StoreUnavailableError);
        expect(r.ms).toBeLessThan(FAIL_FAST_MS);
      }
      await redis.restart();
      await expect
        .poll(() => store.getOrder('K-1').catch(() => undefined), { timeout: scaled(3_500) })
        .toEqual(order('K-1'));
    } finally {
      await store.close();
      await redis.stop();
    }
  });

  test('PostgreSQL paused (SIGSTOP): every call throws StoreUnavailableError after its timeout, not when the server is back, a swap cut off is rolled back, and the store comes back', async () => {
    const cluster = await startPostgres();
    const url = await cluster.createDatabase('pause');
    const store = await createPostgresStore({ url });
    try {
      await store.putOrder(order('Q-1'));
      cluster.pause();
      const calls = await Promise.all([
        timed(() => store.getOrder('Q-1')),
        timed(() => store.swapCharge('Q-1', undefined, charging('r1'))),
        ...Array.from({ length: 15 }, () => timed(() => store.hit('paused', 60_000))),
      ]);
      for (const r of calls) {
        expect(r.error).toBeInstanceOf(StoreUnavailableError);
        expect(r.ms).toBeLessThan(FAIL_FAST_MS);
      }
      cluster.resume();
      await expect
        .poll(() => store.getOrder('Q-1').catch(() => undefined), { timeout: scaled(3_500) })
        .toEqual(order('Q-1'));
      // A transaction cut off before its COMMIT was sent is rolled back.
      expect(await store.getCharge('Q-1')).toBeUndefined();
    } finally {
      cluster.resume();
      await store.close();
      await cluster.destroy();
    }
  });

  test('PostgreSQL killed: calls fail at once with StoreUnavailableError; restarted, the store reconnects by itself and what was committed is there', async () => {
    const cluster = await startPostgres();
    const url = await cluster.createDatabase('kill');
    const store = await createPostgresStore({ url });
    try {
      expect(await store.swapCharge('K-1', undefined, settled('r1', 'P-1'))).toBe(true);
      await cluster.kill();
      const calls = await Promise.all(
        Array.from({ length: 10 }, () => timed(() => store.getCharge('K-1'))),
      );
      for (const r of calls) {
        expect(r.error).toBeInstanceOf(StoreUnavailableError);
        expect(r.ms).toBeLessThan(FAIL_FAST_MS);
      }
      await cluster.restart();
      await expect
        .poll(() => store.getCharge('K-1').catch(() => undefined), { timeout: scaled(3_500) })
        .toEqual(settled('r1', 'P-1'));
    } finally {
      await store.close();
      await cluster.destroy();
    }
  });
});

test('close: a closed Redis or PostgreSQL store refuses every call with StoreUnavailableError, and closing twice is harmless', async () => {
  const redis = await startRedis();
  const cluster = await startPostgres();
  try {
    for (const store of [
      await createRedisStore({ url: redis.url }),
      await createPostgresStore({ url: await cluster.createDatabase('closing') }),
    ]) {
      expect(await store.hit('before', 60_000)).toBe(1);
      await store.close();
      await store.close();
      await expect(store.hit('after', 60_000)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.getCharge('any')).rejects.toBeInstanceOf(StoreUnavailableError);
    }
  } finally {
    await redis.stop();
    await cluster.destroy();
  }
});

test.describe('the handler and its store', () => {
  test("a store that is down: 503 store_unavailable after the store's timeout, and a rate limit it cannot count refuses instead of letting the request through", async () => {
    const redis = await startRedis();
    const store = await createRedisStore({ url: redis.url, prefix: 'handler:' });
    const h = await startSandbox();
    const limited = await startShop({ store, rateLimit: { windowMs: 60_000, max: 100 } }, h);
    const unlimited = await startShop({ store, rateLimit: false }, h);
    try {
      const created = await limited.order();
      expect(
        (await limited.browser(`/checkout?order=${encodeURIComponent(created.clientSecret)}`))
          .status,
      ).toBe(200);
      await redis.kill();
      const started = performance.now();
      const view = await limited.browser(
        `/checkout?order=${encodeURIComponent(created.clientSecret)}`,
      );
      expect(performance.now() - started).toBeLessThan(FAIL_FAST_MS);
      expect(view.status).toBe(503);
      expect(view.body.error).toEqual({
        type: 'store_unavailable',
        message: expect.stringContaining('cannot reach its store'),
        retryable: true,
      });
      // A callback that is not a form is refused before the store is needed: only the limit's count needs it.
      const junk = { method: 'POST', body: JSON.stringify({ x: 1 }) };
      expect((await unlimited.browser('/callback', junk)).status).toBe(400);
      const counted = await limited.browser('/callback', junk);
      expect(counted.status).toBe(503);
      expect(counted.body.error.type).toBe('store_unavailable');
    } finally {
      await limited.close();
      await unlimited.close();
      await h.close();
      await store.close();
      await redis.stop();
    }
  });

  test('createCheckoutHandler with no store warns once that memory is for development only; not with a store or development: true', async () => {
    const script = (options: string) => `
      import { createCheckoutHandler, MemoryStore, PaymentsClient } from '@paylit/server';
      const client = new PaymentsClient({ baseUrl: 'https://api.example.com', login: 'l', transKey: 't', secretKey: 's' });
      const base = { client, publicKey: { kty: 'RSA', n: 'x', e: 'AQAB' }, publicUrl: 'https://shop.example/paylit', returnUrl: 'https://shop.example/return', allowedOrigins: ['https://shop.example'] };
      for (let i = 0; i < 3; i++) createCheckoutHandler({ ...base, ${options} });`;
    const run = (options: string) => {
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', script(options)], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      return result.stderr;
    };
    const warned = run('');
    expect(warned.match(/WARNING: no store given/g)).toHaveLength(1);
    expect(warned).toContain('which is for development only');
    expect(warned).toContain('A restart forgets which orders were paid');
    expect(warned).toContain('two instances do not share it');
    expect(run('store: new MemoryStore()')).toBe('');
    expect(run('development: true')).toBe('');
  });
});
