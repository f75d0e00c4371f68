/**
 * The periodic path (`handler.sweep()`, which paylit-server runs every minute): orders whose
 * state still waits on the API catch up with it even if no one opens them again. On the memory
 * store, a real redis-server and a real PostgreSQL, against the real sandbox over HTTP.
 */
import { MemoryStore, type CheckoutStore } from '@paylit/server';
import { createPostgresStore } from '@paylit/server/postgres';
import { createRedisStore } from '@paylit/server/redis';
import { expect, test } from '@playwright/test';
import {
  payer,
  startSandbox,
  startShop,
  uid,
  visa,
  type Harness,
  type Shop,
} from './support/harness.js';
import { startPostgres, type Postgres } from './support/postgres.js';
import { startRedis, type Redis } from './support/redis.js';

test.describe.configure({ mode: 'serial' });

let h: Harness;
let redis: Redis;
let postgres: Postgres;
test.beforeAll(async () => {
  h = await startSandbox();
  [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
});
test.afterAll(async () => {
  await h?.close();
  await redis?.stop();
  await postgres?.destroy();
});

const kinds: [string, () => Promise<CheckoutStore>][] = [
  ['memory', async () => new MemoryStore()],
  ['Redis', () => createRedisStore({ url: redis.url, prefix: `${uid('sw')}:` })],
  [
    'PostgreSQL',
    () =>
      createPostgresStore({ url: postgres.url, tablePrefix: `${uid('sw').replace(/\W/g, '_')}_` }),
  ],
];

const TEN_MINUTES = 10 * 60_000;

/** Writes what a process that died mid-attempt leaves: attempt 1 `charging` since `ago` ms. */
async function leftCharging(store: CheckoutStore, orderId: string, ago: number) {
  const now = await store.getCharge(orderId);
  expect(
    await store.swapCharge(orderId, now?.rev, {
      state: 'charging',
      rev: crypto.randomUUID(),
      n: 1,
      attempt: 'a-process-that-died',
      since: (await store.now()) - ago,
      declines: 0,
    }),
  ).toBe(true);
}

for (const [name, make] of kinds) {
  test(`${name}: the sweep settles an attempt whose owner died after the API made it, reopens one the API never saw, and leaves one still in flight alone`, async () => {
    const store = await make();
    const shop: Shop = await startShop({ store }, h);
    try {
      // 1. The API made attempt 1; the process that sent it died before writing it down.
      const paid = await shop.order();
      const made = await h.client.payments.create({
        amount: paid.amount,
        currency: 'BRL',
        country: 'BR',
        payment_method_id: 'CARD',
        payment_method_flow: 'DIRECT',
        payer,
        card: visa,
        order_id: `${paid.id}.1`,
      });
      await leftCharging(store, paid.id, TEN_MINUTES);
      // 2. Attempt 1 never reached the API, and its outcome window has passed.
      const lost = await shop.order();
      await leftCharging(store, lost.id, TEN_MINUTES);
      // 3. Attempt 1 is with the API right now.
      const flying = await shop.order();
      await leftCharging(store, flying.id, 0);

      let swept = 0;
      for (
        let round = 0;
        round < 20 && (await store.getCharge(paid.id))?.state === 'charging';
        round++
      )
        swept += await shop.handler.sweep();
      expect(swept).toBeGreaterThan(0);
      expect(await store.getCharge(paid.id)).toMatchObject({
        state: 'settled',
        paymentId: made.id,
      });
      await expect.poll(async () => (await store.getCharge(lost.id))?.state).toBe('open');
      expect(await store.getCharge(flying.id)).toMatchObject({
        state: 'charging',
        attempt: 'a-process-that-died',
      });
      // What the shopper sees and does next: the paid order shows its payment; the lost one pays once.
      expect(
        (await shop.browser(`/checkout?order=${paid.clientSecret}`)).body.payment,
      ).toMatchObject({ id: made.id });
      const ledger = (orderId: string) =>
        h.sandbox
          .ledger()
          .entries.filter((e) => e.order_id?.startsWith(`${orderId}.`) && e.kind === 'payment');
      expect(ledger(paid.id)).toHaveLength(1);
      expect(ledger(lost.id)).toHaveLength(0);
    } finally {
      await shop.close();
      await store.close();
    }
  });
}
