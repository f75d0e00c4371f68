/**
 * Money when two faults meet: a late Pix while a card payment is with the API or its state
 * write fails, an order's state lost while its attempt is with the API and a second tab pays,
 * a 3-D Secure payment cancelled while the store blips, a late code against a settled order on
 * every store. Against the real sandbox over HTTP, on memory, a real redis-server and a real
 * PostgreSQL; every count comes from the sandbox's ledger, and the mechanism is counted too
 * (requests per attempt number, the state the store keeps).
 */
import { encryptCard } from '@paylit/core/crypto';
import { MemoryStore, type CheckoutStore } from '@paylit/server';
import { createPostgresStore } from '@paylit/server/postgres';
import { createRedisStore } from '@paylit/server/redis';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { createClient } from 'redis';
import {
  payer,
  settleInSandbox,
  startSandbox,
  startShop,
  submitCard,
  uid,
  visa,
  type Harness,
  type Shop,
} from '../../packages/server/test/support/harness.js';
import { startPostgres, type Postgres } from '../../packages/server/test/support/postgres.js';
import { startRedis, type Redis } from '../../packages/server/test/support/redis.js';
import { report } from './support.js';
import { scaled } from '../support/time.mjs';

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

/** The order's entries in the sandbox's ledger, all its attempts together. */
function ledgerOf(orderId: string) {
  const entries = h.sandbox.ledger().entries.filter((e) => e.order_id?.startsWith(`${orderId}.`));
  const payments = entries.filter((e) => e.kind === 'payment' || e.kind === 'authorization');
  const refunds = h.sandbox
    .ledger()
    .entries.filter((e) => e.kind === 'refund' && payments.some((p) => p.id === e.payment_id));
  return {
    /** API order ids sent, one per payment the API made (whatever its status). */
    orderIds: payments.map((e) => e.order_id!).sort(),
    /** Payments that moved money, refunded or not. */
    charged: payments.filter((e) => e.money_moved).map((e) => e.id),
    refunded: refunds.map((e) => e.payment_id!),
  };
}

async function fault(body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  expect(res.status, await res.text()).toBe(201);
}

/** South Africa requires 3-D Secure: a card payment there waits for the payer on the bank's page. */
const za = {
  country: 'ZA',
  currency: 'ZAR',
  payer: {
    ...payer,
    document: '8001015009087',
    address: { state: 'WC', city: 'Cape Town', zip_code: '8001', street: 'Long St', number: '1' },
  },
};

/** Resolves once the sandbox has taken every fault (the request it delays is at the API now). */
const faultsTaken = () =>
  expect
    .poll(async () => (await (await fetch(`${h.sandboxUrl}/sandbox-tools/faults`)).json()).length)
    .toBe(0);

const clearFaults = () => fetch(`${h.sandboxUrl}/sandbox-tools/faults`, { method: 'DELETE' });

/**
 * How long a store call may take before it is unavailable: the stores' 1 s, scaled as any work is
 * (a loaded machine's PostgreSQL once took longer and a second tab was told `store_unavailable`).
 * The faults here are the API's and an evicted state, not a slow store; a paused one still ends
 * its calls with `StoreUnavailableError`, after this time.
 */
const storeTime = scaled(1_000);

/** A store of each kind, shared by two instances where it can be, and how to make it lose an order's state. */
interface Stores {
  name: string;
  make(): Promise<{
    stores: [CheckoutStore, CheckoutStore];
    /** The order's charge state gone from the store (an eviction, a replica that lags). */
    evict(orderId: string): Promise<void>;
    /** The store's server stops answering (SIGSTOP), until `resume`. */
    pause(): void;
    resume(): void;
    close(): Promise<void>;
  }>;
}

const kinds: Stores[] = [
  {
    name: 'Redis',
    async make() {
      const prefix = `${uid('tf')}:`;
      const stores: [CheckoutStore, CheckoutStore] = [
        await createRedisStore({ url: redis.url, prefix, timeoutMs: storeTime }),
        await createRedisStore({ url: redis.url, prefix, timeoutMs: storeTime }),
      ];
      const raw = createClient({ url: redis.url });
      raw.on('error', () => {});
      await raw.connect();
      return {
        stores,
        evict: async (orderId) => void (await raw.del(`${prefix}charge:${orderId}`)),
        pause: () => redis.pause(),
        resume: () => redis.resume(),
        close: async () => {
          await raw.quit();
          for (const s of stores) await s.close();
        },
      };
    },
  },
  {
    name: 'PostgreSQL',
    async make() {
      const prefix = `${uid('tf').replace(/\W/g, '_')}_`;
      const stores: [CheckoutStore, CheckoutStore] = [
        await createPostgresStore({ url: postgres.url, tablePrefix: prefix, timeoutMs: storeTime }),
        await createPostgresStore({ url: postgres.url, tablePrefix: prefix, timeoutMs: storeTime }),
      ];
      const raw = new pg.Client({ connectionString: postgres.url });
      raw.on('error', () => {});
      await raw.connect();
      return {
        stores,
        evict: async (orderId) =>
          void (await raw.query(`DELETE FROM "${prefix}charges" WHERE order_id = $1`, [orderId])),
        pause: () => postgres.pause(),
        resume: () => postgres.resume(),
        close: async () => {
          await raw.end();
          for (const s of stores) await s.close();
        },
      };
    },
  },
];

/** A card submission as the checkout sends it, with a new attempt id. */
async function cardBody(shop: Shop, secret: string) {
  const view = (await shop.browser(`/checkout?order=${encodeURIComponent(secret)}`)).body;
  return {
    order: secret,
    attempt: crypto.randomUUID(),
    method: {
      type: 'card',
      encryptedData: await encryptCard({ number: '4111111111111111', cvv: '123' }, view.publicKey),
      holderName: 'Thiago Gabriel',
      expirationMonth: 10,
      expirationYear: 2040,
    },
  };
}

const post = (shop: Shop, body: unknown) =>
  shop.browser('/payments', { method: 'POST', body: JSON.stringify(body) });

function pix(shop: Shop, secret: string) {
  return post(shop, {
    order: secret,
    attempt: crypto.randomUUID(),
    method: { type: 'redirect', methodId: 'PQ' },
  });
}

/** Moves the sandbox's clock past a pending code's expiry and waits until the API says EXPIRED. */
async function expire(payment: { id: string; ticket: { expiration_date: string } }) {
  const ahead = Date.parse(payment.ticket.expiration_date) - h.sandbox.clock.now().getTime() + 1000;
  h.sandbox.clock.advance(ahead);
  await expect
    .poll(async () => (await h.client.payments.retrieve(payment.id)).status)
    .toBe('EXPIRED');
  return ahead;
}

test('the sandbox makes one payment of an order_id sent twice at once, and refuses the other (5009)', async () => {
  const sends = Array.from({ length: 10 }, () => uid('dup'));
  const create = async (orderId: string) => {
    const { number, cvv, ...clear } = visa;
    try {
      return await h.client.payments.create({
        amount: 120,
        currency: 'BRL',
        country: 'BR',
        payment_method_id: 'CARD',
        payment_method_flow: 'DIRECT',
        payer,
        order_id: orderId,
        // The card's decryption is awaited between the check and the record: the gap two sends race in.
        card: { ...clear, encrypted_data: await encryptCard({ number, cvv }, h.sandbox.publicJwk) },
      });
    } catch (error) {
      return (error as { code?: number }).code;
    }
  };
  const answers = await Promise.all(sends.flatMap((id) => [create(id), create(id)]));
  const made = h.sandbox
    .ledger()
    .entries.filter((e) => e.kind === 'payment' && sends.includes(e.order_id!));
  report(
    '10 pairs of payments, each pair one order_id, sent at once',
    `${made.length} payments made; the others answered ${answers.filter((a) => a === 5009).length}× 5009`,
  );
  expect(made).toHaveLength(10);
  expect(answers.filter((a) => a === 5009)).toHaveLength(10);
});

for (const kind of kinds) {
  test.describe(kind.name, () => {
    let made: Awaited<ReturnType<Stores['make']>>;
    let a: Shop;
    let b: Shop;
    test.beforeAll(async () => {
      made = await kind.make();
      a = await startShop({ store: made.stores[0] }, h);
      b = await startShop({ store: made.stores[1] }, h);
    });
    test.afterAll(async () => {
      await clearFaults();
      await a?.close();
      await b?.close();
      await made?.close();
    });

    test(`${kind.name}: the order's state lost while attempt 1 is with the API, a second tab pays on the other instance, and the API's duplicate check is off: one charge`, async () => {
      const order = await a.order();
      const bodyA = await cardBody(a, order.clientSecret);
      const bodyB = await cardBody(b, order.clientSecret);
      // Both sends of the order go through without the API's duplicate check, the first held 1.5 s.
      await fault({
        path: '/secure_payments',
        kind: 'no_duplicate_check',
        latency_ms: 1500,
        count: 2,
      });
      const first = post(a, bodyA);
      await expect
        .poll(async () => (await made.stores[0].getCharge(order.id))?.state)
        .toBe('charging');
      await made.evict(order.id);
      const second = await post(b, bodyB);
      const answers = [await first, second];
      await clearFaults();
      const ledger = ledgerOf(order.id);
      report(
        `${kind.name}: state evicted while attempt 1 is at the API; tab 2 submits on instance B; API duplicate check off`,
        `${ledger.orderIds.length} payment(s) sent (${ledger.orderIds.join(', ')}); answers ${answers.map((x) => x.status).join(' ')}`,
      );
      // The mechanism: attempt number 1 was sent once; nothing else was sent.
      expect(ledger.orderIds).toEqual([`${order.id}.1`]);
      expect(ledger.charged).toHaveLength(1);
      expect(answers[0]!.body.payment).toMatchObject({ id: ledger.charged[0], status: 'PAID' });
      // The second tab is told of that payment, or to try again while it is with the API.
      if (answers[1]!.status === 200)
        expect(answers[1]!.body).toMatchObject({
          payment: { id: ledger.charged[0] },
          replayed: true,
        });
      else expect(answers[1]!.body.error).toMatchObject({ type: 'payment_in_progress' });
      // And Pay again, on either instance, answers the one payment.
      const again = await post(b, await cardBody(b, order.clientSecret));
      expect(again.body).toMatchObject({ payment: { id: ledger.charged[0] }, replayed: true });
      expect(ledgerOf(order.id).orderIds).toHaveLength(1);
    });

    test(`${kind.name}: a Pix expired, the shopper pays by card, the old Pix is paid while the card payment is with the API: the card is kept, the Pix refunded once, the merchant told`, async () => {
      const order = await a.order();
      const code = (await pix(a, order.clientSecret)).body.payment;
      const ahead = await expire(code);
      try {
        await fault({ path: '/secure_payments', kind: 'latency', latency_ms: 1500 });
        const card = post(b, await cardBody(b, order.clientSecret));
        await expect
          .poll(async () => (await made.stores[0].getCharge(order.id))?.state)
          .toBe('charging');
        // The payer pays the old code in their bank's app: the API notifies the server now.
        await settleInSandbox(h, code.id, 'PAID');
        const paid = (await card).body.payment;
        expect(paid).toMatchObject({ status: 'PAID' });
        await expect
          .poll(() => ledgerOf(order.id).refunded, { timeout: scaled(7_000) })
          .toEqual([code.id]);
        const ledger = ledgerOf(order.id);
        report(
          `${kind.name}: old Pix paid while the card payment is with the API`,
          `charged ${ledger.charged.length}, refunded ${ledger.refunded.join(', ')}`,
        );
        expect(ledger.charged.sort()).toEqual([code.id, paid.id].sort());
        const heard = [...a.notifications, ...b.notifications].filter(
          (n) => n.record.id === code.id,
        );
        expect(heard.length).toBeGreaterThan(0);
        const view = (await a.browser(`/checkout?order=${order.clientSecret}`)).body;
        expect(view.payment).toMatchObject({ id: paid.id, status: 'PAID' });
        // Once: the notification again and a reload refund nothing more.
        await settleInSandbox(h, code.id, 'PAID').catch(() => {});
        await b.browser(`/checkout?order=${order.clientSecret}`);
        expect(ledgerOf(order.id).refunded).toEqual([code.id]);
      } finally {
        h.sandbox.clock.advance(-ahead);
      }
    });

    test(`${kind.name}: the old Pix paid while the card payment is with the API, and the card's own notification arriving before its answer: the Pix refunded at once`, async () => {
      const order = await a.order();
      const code = (await pix(a, order.clientSecret)).body.payment;
      const ahead = await expire(code);
      try {
        // The card is held 1.5 s before the API makes it, and its answer 1.5 s after: the API
        // notifies the server of the card first, and the server learns the outcome from it.
        await fault({
          path: '/secure_payments',
          kind: 'latency',
          latency_ms: 1500,
          answer_after_ms: 1500,
        });
        const card = post(b, await cardBody(b, order.clientSecret));
        await expect
          .poll(async () => (await made.stores[0].getCharge(order.id))?.state)
          .toBe('charging');
        await settleInSandbox(h, code.id, 'PAID');
        await expect
          .poll(async () => (await made.stores[0].getCharge(order.id))?.late)
          .toEqual([code.id]);
        // The card's notification settles the order before its answer arrives.
        await expect
          .poll(async () => (await made.stores[0].getCharge(order.id))?.state)
          .toBe('settled');
        const paid = (await card).body.payment;
        expect(paid).toMatchObject({ status: 'PAID' });
        // Whoever learns the card's outcome settles the Pix heard of meanwhile: no shopper
        // reloads, no sweep runs, and still the Pix is refunded, once.
        await expect.poll(() => ledgerOf(order.id).refunded).toEqual([code.id]);
        expect((await made.stores[0].getCharge(order.id))?.late).toBeUndefined();
        const ledger = ledgerOf(order.id);
        report(
          `${kind.name}: old Pix paid while the card is with the API; card notified before answered`,
          `charged ${ledger.charged.length}, refunded ${ledger.refunded.join(', ')}`,
        );
        expect(ledger.charged.sort()).toEqual([code.id, paid.id].sort());
      } finally {
        h.sandbox.clock.advance(-ahead);
      }
    });

    test(`${kind.name}: code A expires, code B is made, A is paid late: the order is settled on A, B is cancelled, and Pay answers A`, async () => {
      const order = await a.order();
      const first = (await pix(a, order.clientSecret)).body.payment;
      const ahead = await expire(first);
      try {
        const second = (await pix(b, order.clientSecret)).body.payment;
        expect(second.id).not.toBe(first.id);
        await settleInSandbox(h, first.id, 'PAID');
        await expect
          .poll(async () => (await h.client.payments.retrieve(second.id)).status)
          .toBe('CANCELLED');
        const view = (await b.browser(`/checkout?order=${order.clientSecret}`)).body;
        expect(view.payment).toMatchObject({ id: first.id, status: 'PAID' });
        const again = await pix(a, order.clientSecret);
        expect(again.body).toMatchObject({
          payment: { id: first.id, status: 'PAID' },
          replayed: true,
        });
        const ledger = ledgerOf(order.id);
        report(
          `${kind.name}: code A paid late after code B was made`,
          `order settled on A; B cancelled; ${ledger.charged.length} charge`,
        );
        expect(ledger.charged).toEqual([first.id]);
        expect([...a.notifications, ...b.notifications].some((n) => n.record.id === first.id)).toBe(
          true,
        );
      } finally {
        h.sandbox.clock.advance(-ahead);
      }
    });

    test(`${kind.name}: both codes paid and the late one refunded, then the order's state evicted: the rebuilt order shows the payment kept, not the refunded one`, async () => {
      const order = await a.order();
      const first = (await pix(a, order.clientSecret)).body.payment;
      const ahead = await expire(first);
      try {
        const second = (await pix(b, order.clientSecret)).body.payment;
        await settleInSandbox(h, second.id, 'PAID');
        await settleInSandbox(h, first.id, 'PAID');
        await expect.poll(() => ledgerOf(order.id).refunded).toEqual([first.id]);
        await made.evict(order.id);
        const view = (await b.browser(`/checkout?order=${order.clientSecret}`)).body;
        report(
          `${kind.name}: both codes paid, one refunded, state evicted`,
          `view shows ${view.payment?.id === second.id ? 'the kept payment' : view.payment?.id}`,
        );
        expect(view.payment).toMatchObject({ id: second.id, status: 'PAID' });
        expect((await pix(a, order.clientSecret)).body).toMatchObject({
          payment: { id: second.id },
          replayed: true,
        });
        expect(kept(order.id)).toEqual([second.id]);
        expect(ledgerOf(order.id).refunded).toEqual([first.id]);
      } finally {
        h.sandbox.clock.advance(-ahead);
      }
    });

    test(`${kind.name}: the order's state evicted after a new code was taken, then the old code paid late: the order settles on the old code and the new one is cancelled`, async () => {
      const order = await a.order();
      const first = (await pix(a, order.clientSecret)).body.payment;
      const ahead = await expire(first);
      try {
        const second = (await pix(b, order.clientSecret)).body.payment;
        await made.evict(order.id);
        await settleInSandbox(h, first.id, 'PAID');
        await expect
          .poll(async () => {
            await a.browser(`/checkout?order=${order.clientSecret}`);
            return (await h.client.payments.retrieve(second.id)).status;
          })
          .toBe('CANCELLED');
        const view = (await b.browser(`/checkout?order=${order.clientSecret}`)).body;
        report(
          `${kind.name}: state evicted between the new code and the old one paid`,
          `new code ${(await h.client.payments.retrieve(second.id)).status}; view ${view.payment?.id === first.id ? 'the late payment' : view.payment?.id}`,
        );
        expect(view.payment).toMatchObject({ id: first.id, status: 'PAID' });
        expect(kept(order.id)).toEqual([first.id]);
      } finally {
        h.sandbox.clock.advance(-ahead);
      }
    });

    test(`${kind.name}: a payment the merchant refunded in full, then the order's state evicted: the rebuilt order is still settled on it, and Pay charges nothing`, async () => {
      const order = await a.order();
      const paid = (await post(a, await cardBody(a, order.clientSecret))).body.payment;
      expect(paid).toMatchObject({ status: 'PAID' });
      const refund = await fetch(`${a.base}/admin/payments/${paid.id}/refunds`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${a.apiToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: crypto.randomUUID() }),
      });
      expect(refund.status, await refund.text()).toBe(200);
      await made.evict(order.id);
      const again = await post(b, await cardBody(b, order.clientSecret));
      report(
        `${kind.name}: refunded by the merchant, state evicted, Pay again`,
        `answered ${again.body.payment?.id === paid.id ? 'the refunded payment' : again.status}`,
      );
      expect(again.body).toMatchObject({ payment: { id: paid.id }, replayed: true });
      expect(ledgerOf(order.id).orderIds).toEqual([`${order.id}.1`]);
    });

    test(`${kind.name}: the shopper cancels the 3-D Secure page while the store stops answering between the API's cancel and the state's write: the order stays payable, one charge`, async () => {
      const order = await a.order(za);
      const first = (await submitCard(a, order.clientSecret)).res.body.payment;
      expect(first).toMatchObject({ status: 'PENDING' });
      await fault({ path: `/payments/${first.id}/cancel`, kind: 'latency', latency_ms: 1500 });
      const cancel = a.browser(`/payments/${encodeURIComponent(first.id)}/cancel`, {
        method: 'POST',
        body: JSON.stringify({ order: order.clientSecret }),
      });
      await faultsTaken();
      made.pause();
      let cancelled;
      try {
        cancelled = await cancel;
      } finally {
        made.resume();
      }
      expect(cancelled.body.payment).toMatchObject({ id: first.id, status: 'CANCELLED' });
      // The order is open: the view shows the form, and Pay makes a new attempt (on either instance).
      expect(
        (await b.browser(`/checkout?order=${order.clientSecret}`)).body.payment,
      ).toBeUndefined();
      const second = (await submitCard(b, order.clientSecret)).res.body;
      expect(second.replayed).toBeUndefined();
      expect(second.payment).toMatchObject({ status: 'PENDING' });
      expect(second.payment.id).not.toBe(first.id);
      const ledger = ledgerOf(order.id);
      report(
        `${kind.name}: 3-D Secure cancelled while the store is paused`,
        `attempts ${ledger.orderIds.join(', ')}`,
      );
      expect(ledger.orderIds).toEqual([`${order.id}.1`, `${order.id}.2`]);
    });
  });
}

test('a 3-D Secure payment cancelled in the back office reopens its order: Pay makes a new attempt instead of answering the cancelled one', async () => {
  const shop = await startShop({ store: new MemoryStore() }, h);
  try {
    const order = await shop.order(za);
    const first = (await submitCard(shop, order.clientSecret)).res.body.payment;
    expect(first).toMatchObject({ status: 'PENDING' });
    const res = await fetch(`${shop.base}/admin/payments/${first.id}/cancel`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${shop.apiToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: crypto.randomUUID() }),
    });
    expect(res.status, await res.text()).toBe(200);
    expect(
      (await shop.browser(`/checkout?order=${order.clientSecret}`)).body.payment,
    ).toBeUndefined();
    const second = (await submitCard(shop, order.clientSecret)).res.body;
    report(
      'a pending 3-D Secure payment cancelled by the merchant, then Pay',
      `answered ${second.payment.id === first.id ? 'the cancelled payment' : 'a new attempt'}`,
    );
    expect(second.replayed).toBeUndefined();
    expect(second.payment.id).not.toBe(first.id);
    expect(ledgerOf(order.id).orderIds).toEqual([`${order.id}.1`, `${order.id}.2`]);
  } finally {
    await shop.close();
  }
});

/** The payer on the bank's 3-D Secure page, approving or rejecting, as a browser posts the form. */
async function onBankPage(url: string, outcome: 'approve' | 'reject') {
  const page = await fetch(url, { method: 'POST', body: new URLSearchParams({ outcome }) });
  expect(page.status).toBeLessThan(400);
}

/** Payments that moved money and were not refunded: what the shopper paid in the end. */
function kept(orderId: string): string[] {
  const { charged, refunded } = ledgerOf(orderId);
  return charged.filter((id) => !refunded.includes(id));
}

test.describe('faults after the charge: each API call behind a state write fails once, or commits and its answer is lost', () => {
  let shop: Shop;
  test.beforeAll(async () => {
    shop = await startShop({ store: new MemoryStore() }, h);
  });
  test.afterAll(async () => {
    await clearFaults();
    await shop?.close();
  });
  test.afterEach(clearFaults);

  for (const kind of ['status', 'commit_then_drop'] as const) {
    test(`the late code's refund (${kind}): refunded once, on the API's next try`, async () => {
      const order = await shop.order();
      const code = (await pix(shop, order.clientSecret)).body.payment;
      const ahead = await expire(code);
      try {
        const card = (await post(shop, await cardBody(shop, order.clientSecret))).body.payment;
        expect(card).toMatchObject({ status: 'PAID' });
        await fault({ path: '/refunds', method: 'POST', kind, status: 500 });
        await settleInSandbox(h, code.id, 'PAID');
        await expect
          .poll(() => ledgerOf(order.id).refunded, { timeout: scaled(7_000) })
          .toEqual([code.id]);
        await faultsTaken();
        // The API's later tries and a reload make no second refund.
        await b2(order.clientSecret);
        report(
          `late refund: POST /refunds ${kind} once`,
          `refunds ${ledgerOf(order.id).refunded.length}, kept ${kept(order.id).join(', ')}`,
        );
        expect(ledgerOf(order.id).refunded).toEqual([code.id]);
        expect(kept(order.id)).toEqual([card.id]);
      } finally {
        h.sandbox.clock.advance(-ahead);
      }
    });

    test(`cancelling the other code (${kind}): the order keeps the late code, and the cancel is tried again until the other code is cancelled`, async () => {
      const order = await shop.order();
      const first = (await pix(shop, order.clientSecret)).body.payment;
      const ahead = await expire(first);
      try {
        const second = (await pix(shop, order.clientSecret)).body.payment;
        await fault({ path: `/payments/${second.id}/cancel`, kind, status: 500 });
        await settleInSandbox(h, first.id, 'PAID');
        await faultsTaken();
        await expect
          .poll(
            async () =>
              (await shop.browser(`/checkout?order=${order.clientSecret}`)).body.payment?.id,
          )
          .toBe(first.id);
        // The cancel is tried again by the next path that meets the order (the reloads above):
        // the other code is cancelled, so the payer cannot pay it.
        await expect
          .poll(async () => {
            await b2(order.clientSecret);
            return (await h.client.payments.retrieve(second.id)).status;
          })
          .toBe('CANCELLED');
        await expect(settleInSandbox(h, second.id, 'PAID')).rejects.toThrow();
        await b2(order.clientSecret);
        report(
          `cancel of the other code: ${kind} once`,
          `kept ${kept(order.id).join(', ')}, refunded ${ledgerOf(order.id).refunded.join(', ') || 'none'}`,
        );
        expect(ledgerOf(order.id).refunded).toEqual([]);
        expect(kept(order.id)).toEqual([first.id]);
      } finally {
        h.sandbox.clock.advance(-ahead);
      }
    });

    test(`the 3-D Secure page's cancel (${kind}): the shopper cancels again or pays again, and one charge is made`, async () => {
      const order = await shop.order(za);
      const first = (await submitCard(shop, order.clientSecret)).res.body.payment;
      await fault({ path: `/payments/${first.id}/cancel`, kind, status: 500 });
      const cancel = () =>
        shop.browser(`/payments/${encodeURIComponent(first.id)}/cancel`, {
          method: 'POST',
          body: JSON.stringify({ order: order.clientSecret }),
        });
      // The client tries a refused cancel again by itself; a lost answer reaches the shopper as an error.
      const failed = await cancel();
      if (failed.status === 200) expect(failed.body.payment).toMatchObject({ status: 'CANCELLED' });
      else expect(failed.status).toBeGreaterThanOrEqual(500);
      expect((await cancel()).body.payment).toMatchObject({ id: first.id, status: 'CANCELLED' });
      const second = (await submitCard(shop, order.clientSecret)).res.body;
      expect(second.payment.id).not.toBe(first.id);
      await onBankPage(second.nextAction.url, 'approve');
      await expect
        .poll(async () => (await h.client.payments.retrieve(second.payment.id)).status)
        .toBe('PAID');
      report(
        `3-D Secure cancel: ${kind} once`,
        `attempts ${ledgerOf(order.id).orderIds.join(', ')}; kept ${kept(order.id).join(', ')}`,
      );
      expect(ledgerOf(order.id).orderIds).toEqual([`${order.id}.1`, `${order.id}.2`]);
      expect(kept(order.id)).toEqual([second.payment.id]);
    });
  }

  /** A reload of the order's checkout, as the shopper's browser makes it. */
  async function b2(secret: string) {
    expect((await shop.browser(`/checkout?order=${secret}`)).status).toBe(200);
  }

  test('a cancel in the back office and a late code crossing: the late code is kept, the other cancelled, nothing refunded', async () => {
    const order = await shop.order();
    const first = (await pix(shop, order.clientSecret)).body.payment;
    const ahead = await expire(first);
    try {
      const second = (await pix(shop, order.clientSecret)).body.payment;
      const cancel = fetch(`${shop.base}/admin/payments/${second.id}/cancel`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${shop.apiToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: crypto.randomUUID() }),
      });
      await Promise.all([cancel, settleInSandbox(h, first.id, 'PAID')]);
      await expect
        .poll(
          async () =>
            (await shop.browser(`/checkout?order=${order.clientSecret}`)).body.payment?.id,
        )
        .toBe(first.id);
      expect((await h.client.payments.retrieve(second.id)).status).toBe('CANCELLED');
      const again = await pix(shop, order.clientSecret);
      expect(again.body).toMatchObject({ payment: { id: first.id }, replayed: true });
      report(
        'back-office cancel of code B crossing code A paid late',
        `kept ${kept(order.id).join(', ')}`,
      );
      expect(kept(order.id)).toEqual([first.id]);
      expect(ledgerOf(order.id).refunded).toEqual([]);
    } finally {
      h.sandbox.clock.advance(-ahead);
    }
  });
});

test('two paylit-server processes on one Redis, one with its clock 150 s ahead, the state evicted while attempt 1 is with the API, the duplicate check off: attempt 1 is sent once', async () => {
  const { startServer, payByCard, postOrder } = await import('./cli.js');
  const env = { PAYLIT_REDIS_URL: redis.url };
  const onTime = await startServer(h.sandbox, h.sandboxUrl, { env });
  const ahead = await startServer(h.sandbox, h.sandboxUrl, { env, clockSkewMs: 150_000 });
  const raw = createClient({ url: redis.url });
  raw.on('error', () => {});
  await raw.connect();
  try {
    const id = uid('skew');
    const secret = await postOrder(onTime.base, {
      id,
      amount: 120,
      currency: 'BRL',
      country: 'BR',
      payer,
    });
    await fault({
      path: '/secure_payments',
      kind: 'no_duplicate_check',
      latency_ms: 2000,
      count: 2,
    });
    const first = payByCard(onTime.base, secret);
    await expect
      .poll(async () => JSON.parse((await raw.get(`paylit:charge:${id}`)) ?? '{}').state)
      .toBe('charging');
    await raw.del(`paylit:charge:${id}`);
    const second = await payByCard(ahead.base, secret);
    const answers = [await first, second];
    await clearFaults();
    report(
      'state evicted mid-attempt; tab 2 on an instance whose clock is 150 s ahead; duplicate check off',
      `${ledgerOf(id).orderIds.length} payment(s) sent; answers ${answers.map((x) => x.status).join(' ')}`,
    );
    expect(ledgerOf(id).orderIds).toEqual([`${id}.1`]);
    expect(answers[0]!.body.payment).toMatchObject({ status: 'PAID' });
    expect(onTime.output() + ahead.output()).not.toMatch(/uncaught|unhandled/i);
  } finally {
    await clearFaults();
    await raw.quit();
    await onTime.stop();
    await ahead.stop();
  }
});

test('the API refuses every refund while a late code is heard of: the merchant is told at once, the late payment is recorded with the order, and refunded once the API takes refunds again', async () => {
  const store = new MemoryStore();
  const shop = await startShop({ store }, h);
  try {
    const order = await shop.order();
    const code = (await pix(shop, order.clientSecret)).body.payment;
    const ahead = await expire(code);
    try {
      const card = (await post(shop, await cardBody(shop, order.clientSecret))).body.payment;
      // More refusals than the client's and the API's notification tries together.
      await fault({ path: '/refunds', method: 'POST', kind: 'status', status: 500, count: 200 });
      await settleInSandbox(h, code.id, 'PAID');
      const paidHeard = () =>
        shop.notifications.filter((n) => n.record.id === code.id && n.record.status === 'PAID');
      await expect.poll(() => paidHeard().length).toBe(1);
      expect((await store.getCharge(order.id))?.late).toEqual([code.id]);
      expect(ledgerOf(order.id).refunded).toEqual([]);
      await clearFaults();
      // The shopper reloads the page: the order meets its late payment, and refunds it.
      const view = (await shop.browser(`/checkout?order=${order.clientSecret}`)).body;
      expect(view.payment).toMatchObject({ id: card.id, status: 'PAID' });
      await expect.poll(() => ledgerOf(order.id).refunded).toEqual([code.id]);
      await shop.browser(`/checkout?order=${order.clientSecret}`);
      report(
        'every refund refused while a late code is heard of',
        `hook told once; refunded ${ledgerOf(order.id).refunded.length} once refunds work again`,
      );
      expect(ledgerOf(order.id).refunded).toEqual([code.id]);
      expect(kept(order.id)).toEqual([card.id]);
      // The API's own tries may still be placing it a moment longer; then nothing is left to do.
      await expect.poll(async () => (await store.getCharge(order.id))?.late).toBeUndefined();
      expect(paidHeard()).toHaveLength(1);
    } finally {
      h.sandbox.clock.advance(-ahead);
    }
  } finally {
    await clearFaults();
    await shop.close();
  }
});
