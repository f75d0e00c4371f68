/**
 * The stores through a PostgreSQL outage, and the settled state that moves to the payment the API
 * says was made. Against the real thing: a throwaway cluster (Debian's postgresql) crashed
 * (SIGKILL of the postmaster and every backend), shut down fast (SIGINT, what `pg_ctl -m fast
 * stop` sends), paused, and its connections terminated (`pg_terminate_backend`); Redis
 * (Debian's redis-server) and the memory store for the settled state's rule.
 *
 * - Two instances listening on one PostgreSQL hear each other again after an outage of any
 *   length (LISTEN is joined again, with a capped backoff, until the subscription is stopped).
 * - A write issued while PostgreSQL is down fails fast with StoreUnavailableError (the caller can
 *   retry it), and the first retry after PostgreSQL is back is written.
 * - A settled state written over the rev it was read with moves to its payment, whichever payment
 *   the order had recorded (a late Pix code paid after a newer one was issued).
 */
import {
  MemoryStore,
  StoreUnavailableError,
  type ChargeState,
  type CheckoutStore,
} from '@paylit/server';
import { createPostgresStore, type PostgresStore } from '@paylit/server/postgres';
import { createRedisStore } from '@paylit/server/redis';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { startPostgres, type Postgres } from './support/postgres.js';
import { startRedis } from './support/redis.js';
import { scaled } from '../../../test/support/time.mjs';

/** The store's timeout is 1 s; a call that waited for PostgreSQL to come back would take the whole outage. */
const FAIL_FAST_MS = 8_000;

let n = 0;
const uid = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++n}`;

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

/** Every unhandled rejection of this worker while `work` runs (a retry loop must never leave one). */
async function noUnhandledRejection(work: () => Promise<void>): Promise<void> {
  const rejections: unknown[] = [];
  const heard = (reason: unknown) => void rejections.push(reason);
  process.on('unhandledRejection', heard);
  try {
    await work();
  } finally {
    process.off('unhandledRejection', heard);
  }
  expect(rejections).toEqual([]);
}

/**
 * The outage the test makes: PostgreSQL is away this long, twice the old single retry's 1 s, so
 * that a subscription that retried once and gave up is caught; the backoff (250 ms, doubling) has
 * failed three times by then. Not longer: a longer wait only adds time.
 */
const OUTAGE_MS = 2_000;
const outage = () => new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));

test.describe('LISTEN after an outage', () => {
  let cluster: Postgres;
  let stores: PostgresStore[] = [];
  let admin: pg.Client | undefined;
  test.beforeEach(async () => {
    cluster = await startPostgres();
  });
  test.afterEach(async () => {
    await admin?.end().catch(() => {});
    admin = undefined;
    for (const store of stores) await store.close();
    stores = [];
    await cluster.destroy();
  });

  /** Publishes from `from` until `to` has heard it; answers how long after the first try. */
  async function heardAcross(from: CheckoutStore, heard: string[]): Promise<number> {
    const message = uid('change');
    const started = performance.now();
    await expect
      .poll(
        async () => {
          await from.publish!(message).catch(() => {});
          return heard.includes(message);
        },
        { timeout: scaled(10_000), intervals: [250] },
      )
      .toBe(true);
    return Math.round(performance.now() - started);
  }

  test('two instances on one PostgreSQL stopped (fast shutdown) for 2 s, then crashed (SIGKILL) for 2 s, then their connections terminated: each time, a publish from one reaches the other within seconds of PostgreSQL being back', async () => {
    test.setTimeout(scaled(40_000)); // two outages of 2 s, a termination, and PostgreSQL back
    const url = await cluster.createDatabase('listen');
    stores = [await createPostgresStore({ url }), await createPostgresStore({ url })];
    const [a, b] = stores as [PostgresStore, PostgresStore];
    const heard: string[] = [];
    await noUnhandledRejection(async () => {
      const stop = await b.subscribe((m) => heard.push(m));
      expect(await heardAcross(a, heard)).toBeLessThan(5_000);

      await cluster.stop();
      await outage();
      await cluster.restart();
      const afterStop = await heardAcross(a, heard);

      await cluster.kill();
      await outage();
      await cluster.restart();
      const afterKill = await heardAcross(a, heard);

      admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const terminated = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'paylit' AND query ILIKE 'LISTEN%'",
      );
      expect(terminated.rowCount).toBe(1);
      const afterTerminate = await heardAcross(a, heard);

      console.log(
        `heard again ${afterStop} ms after a 2 s fast shutdown, ${afterKill} ms after a 2 s crash, ${afterTerminate} ms after its connection was terminated`,
      );
      // Within seconds: the subscription's backoff is capped (3 s), not never (the bound leaves room for a loaded machine).
      for (const ms of [afterStop, afterKill, afterTerminate]) expect(ms).toBeLessThan(15_000);

      // Stopped, it stays stopped: nothing is heard, and PostgreSQL has no LISTEN of it left.
      await stop();
      await a.publish(uid('after-stop'));
      await expect
        .poll(
          async () =>
            (
              await admin!.query(
                "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'paylit' AND query ILIKE 'LISTEN%'",
              )
            ).rows[0].n,
        )
        .toBe(0);
      expect(heard.some((m) => m.startsWith('after-stop'))).toBe(false);
    });
  });

  test('a subscription made while PostgreSQL is paused (SIGSTOP) answers StoreUnavailableError within its timeout instead of waiting for it', async () => {
    test.setTimeout(scaled(20_000)); // a paused PostgreSQL, and the store's own timeout
    const url = await cluster.createDatabase('paused');
    stores = [await createPostgresStore({ url })];
    const [a] = stores as [PostgresStore];
    // A connection in the pool, so that subscribe does not wait for a new one (that would time out by itself).
    await a.now();
    cluster.pause();
    try {
      const r = await timed(() => a.subscribe(() => {}));
      expect(r.error).toBeInstanceOf(StoreUnavailableError);
      expect(r.ms).toBeLessThan(FAIL_FAST_MS);
    } finally {
      cluster.resume();
    }
  });
});

test.describe('writes while PostgreSQL is briefly down', () => {
  for (const how of ['stopped (fast shutdown)', 'crashed (SIGKILL)'] as const) {
    test(`PostgreSQL ${how}: every write fails fast with StoreUnavailableError, and the caller's first retry once it is back is written`, async () => {
      test.setTimeout(scaled(30_000)); // PostgreSQL stopped and started again
      const cluster = await startPostgres();
      const url = await cluster.createDatabase('writes');
      const store = await createPostgresStore({ url });
      try {
        const id = uid('order');
        expect(await store.swapCharge(id, undefined, charging('r1'))).toBe(true);
        // Connections in the pool, as a busy server has, when PostgreSQL goes away.
        await Promise.all(Array.from({ length: 5 }, () => store.getCharge(id)));
        if (how === 'crashed (SIGKILL)') await cluster.kill();
        else await cluster.stop();
        const writes = await Promise.all([
          timed(() => store.swapCharge(id, 'r1', settled('r2', 'P-1'))),
          timed(() => store.linkPayment({ paymentId: 'P-1', orderId: id, attempt: '1' })),
          ...Array.from({ length: 8 }, () =>
            timed(() => store.swapCharge(id, 'r1', settled('r2', 'P-1'))),
          ),
        ]);
        for (const w of writes) {
          expect(w.error).toBeInstanceOf(StoreUnavailableError);
          expect(w.ms).toBeLessThan(FAIL_FAST_MS);
        }
        await cluster.restart();
        // The caller retries (charges.ts): the first retry after the restart is written, not refused by a stale connection.
        const back = await timed(() => store.swapCharge(id, 'r1', settled('r2', 'P-1')));
        expect(back.error).toBeUndefined();
        expect(await store.getCharge(id)).toEqual(settled('r2', 'P-1'));
      } finally {
        await store.close();
        await cluster.destroy();
      }
    });
  }
});

test.describe('a settled state moves to the payment the API says was made', () => {
  interface Backend {
    store: CheckoutStore;
    /** PostgreSQL's row in `made` for the order, read directly. */
    made?: (orderId: string) => Promise<string | undefined>;
    close(): Promise<void>;
  }
  const backends: Record<string, () => Promise<Backend>> = {
    memory: async () => ({ store: new MemoryStore(), close: async () => {} }),
    Redis: async () => {
      const redis = await startRedis();
      const store = await createRedisStore({ url: redis.url });
      return {
        store,
        close: async () => {
          await store.close();
          await redis.stop();
        },
      };
    },
    PostgreSQL: async () => {
      const cluster = await startPostgres();
      const url = await cluster.createDatabase('settled');
      const store = await createPostgresStore({ url });
      const direct = new pg.Client({ connectionString: url });
      await direct.connect();
      return {
        store,
        made: async (orderId) =>
          (
            await direct.query<{ payment_id: string }>(
              'SELECT payment_id FROM paylit_made WHERE order_id = $1',
              [orderId],
            )
          ).rows[0]?.payment_id,
        close: async () => {
          await direct.end();
          await store.close();
          await cluster.destroy();
        },
      };
    },
  };
  for (const [name, start] of Object.entries(backends)) {
    test(`${name}: settled on Pix code B, then code A (an older attempt) paid: written over the rev it was read with, refused over any other`, async () => {
      test.setTimeout(scaled(20_000)); // two stores on PostgreSQL, a Pix settled twice
      const { store, made, close } = await start();
      try {
        const id = uid('order');
        expect(await store.swapCharge(id, undefined, charging('r1', 2))).toBe(true);
        // Attempt 2's Pix code B, pending while the shopper pays it.
        expect(await store.swapCharge(id, 'r1', settled('r2', 'B', 2))).toBe(true);
        // The API says code A (attempt 1) was paid: the server writes it over the state it read.
        const late = { ...settled('r3', 'A', 2), attempt: '' };
        expect(await store.swapCharge(id, 'r2', late)).toBe(true);
        expect(await store.getCharge(id)).toEqual(late);
        if (made) expect(await made(id)).toBe('A');
        // A second writer that read the state before (rev r2) writes nothing.
        expect(await store.swapCharge(id, 'r2', settled('r4', 'C', 3))).toBe(false);
        expect(await store.getCharge(id)).toEqual(late);
        // And the order can move on from A as from any settled state.
        expect(await store.swapCharge(id, 'r3', settled('r5', 'B', 2))).toBe(true);
        expect(await store.getCharge(id)).toEqual(settled('r5', 'B', 2));
        if (made) expect(await made(id)).toBe('B');
      } finally {
        await close();
      }
    });
  }
});
