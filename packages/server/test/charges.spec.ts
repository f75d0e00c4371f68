/**
 * The one-charge engine against the real sandbox, where the store misleads it: a lost
 * compare-and-set after the API committed, a store that forgot the order, a store that is
 * behind the API (a snapshot restored). Counts from the sandbox's ledger.
 */
import { MemoryStore, type ChargeState, type Transport } from '@paylit/server';
import { nodeTransport } from '@paylit/server/node';
import { expect, test } from '@playwright/test';
import {
  payer,
  startSandbox,
  startShop,
  submitCard,
  type Harness,
  type Shop,
} from './support/harness.js';

let h: Harness;
test.beforeAll(async () => {
  h = await startSandbox();
});
test.afterAll(() => h?.close());

const paymentsOf = (orderId: string) =>
  h.sandbox
    .ledger()
    .entries.filter((e) => e.order_id?.startsWith(`${orderId}.`) && e.kind === 'payment');

/**
 * A store on which another instance moves the order's state while this one's attempt is with
 * the API: just before the attempt's payment is written, the state is set to `interloper`.
 */
class RacedStore extends MemoryStore {
  interloper: ((current: ChargeState) => ChargeState) | undefined;
  override async swapCharge(orderId: string, expectedRev: string | undefined, next: ChargeState) {
    const meddle = this.interloper;
    if (meddle && next.state === 'settled') {
      this.interloper = undefined;
      const current = (await this.getCharge(orderId))!;
      await super.swapCharge(orderId, current.rev, meddle(current));
    }
    return super.swapCharge(orderId, expectedRev, next);
  }
}

test('a lost race after the API committed is not ignored: the payment is recorded over the other write', async () => {
  const store = new RacedStore();
  const shop = await startShop({ store }, h);
  try {
    const order = await shop.order();
    // Another instance judged the attempt abandoned and opened the order with the same number.
    store.interloper = (current) => ({
      state: 'open',
      rev: crypto.randomUUID(),
      n: current.n,
      declines: 0,
    });
    const first = (await submitCard(shop, order.id)).res;
    expect(first.body.payment.status).toBe('PAID');
    expect(await store.getCharge(order.id)).toMatchObject({
      state: 'settled',
      paymentId: first.body.payment.id,
    });
    const again = (await submitCard(shop, order.id)).res;
    expect([again.body.replayed, again.body.payment.id]).toEqual([true, first.body.payment.id]);
    expect(paymentsOf(order.id)).toHaveLength(1);
  } finally {
    await shop.close();
  }
});

test('a store that forgot the order asks the API: a paid order answers its payment, in the checkout view and on Pay', async () => {
  const before = await startShop({ store: new MemoryStore() }, h);
  let after: Shop | undefined;
  try {
    const order = await before.order();
    const paid = (await submitCard(before, order.id)).res.body.payment;
    after = await startShop({ store: new MemoryStore() }, h);
    // The merchant's backend makes the order again on the new instance.
    const made = (await after.order({ id: order.id })) as { id: string; clientSecret?: string };
    const view = (
      await after.browser(`/checkout?order=${encodeURIComponent(made.clientSecret ?? order.id)}`)
    ).body;
    expect(view.payment?.id).toBe(paid.id);
    const again = (await submitCard(after, order.id)).res;
    expect([again.body.replayed, again.body.payment.id]).toEqual([true, paid.id]);
    expect(paymentsOf(order.id)).toHaveLength(1);
  } finally {
    await before.close();
    await after?.close();
  }
});

test('a store that forgot an order declined four times counts four declines, not five: the fifth attempt reaches the API, the sixth is refused', async () => {
  const declining = { number: '4111111111111111', cvv: '1234' };
  const before = await startShop({ store: new MemoryStore() }, h);
  let after: Shop | undefined;
  try {
    const order = await before.order();
    for (let i = 0; i < 4; i++)
      expect((await submitCard(before, order.id, {}, declining)).res.body.payment.status).toBe(
        'REJECTED',
      );
    after = await startShop({ store: new MemoryStore() }, h);
    await after.order({ id: order.id });
    const fifth = (await submitCard(after, order.id, {}, declining)).res;
    expect([fifth.status, fifth.body.payment?.status]).toEqual([200, 'REJECTED']);
    const sixth = (await submitCard(after, order.id, {}, declining)).res;
    expect([sixth.status, sixth.body.error?.type]).toEqual([409, 'order_locked']);
    expect(paymentsOf(order.id).map((e) => e.order_id)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `${order.id}.${n}`),
    );
  } finally {
    await before.close();
    await after?.close();
  }
});

test('a store behind the API (a restored snapshot says "open" at attempt 1 after attempt 1 was declined and 2 paid): no third charge', async () => {
  const store = new MemoryStore();
  const shop = await startShop({ store }, h);
  try {
    const order = await shop.order();
    const stale = await store.getCharge(order.id);
    const declined = (
      await submitCard(shop, order.id, {}, { number: '4111111111111111', cvv: '1234' })
    ).res.body.payment;
    const paid = (await submitCard(shop, order.id)).res.body.payment;
    expect([declined.status, paid.status]).toEqual(['REJECTED', 'PAID']);
    // The snapshot taken before either attempt is restored.
    const now = (await store.getCharge(order.id))!;
    await store.swapCharge(
      order.id,
      now.rev,
      stale ?? { state: 'open', rev: crypto.randomUUID(), n: 1, declines: 0 },
    );
    const again = (await submitCard(shop, order.id)).res;
    expect([again.body.replayed, again.body.payment.id]).toEqual([true, paid.id]);
    expect(paymentsOf(order.id).map((e) => e.status)).toEqual(['REJECTED', 'PAID']);
  } finally {
    await shop.close();
  }
});

/** A store that holds the first write of an attempt ("charging") until released. */
class HeldStore extends MemoryStore {
  #hold: { reached: () => void; wait: Promise<void> } | undefined;
  hold(): { held: Promise<void>; release: () => void } {
    let reached!: () => void;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (reached = resolve));
    this.#hold = { reached, wait: new Promise<void>((resolve) => (release = resolve)) };
    return { held, release };
  }
  override async swapCharge(orderId: string, expectedRev: string | undefined, next: ChargeState) {
    const hold = this.#hold;
    if (hold && next.state === 'charging') {
      this.#hold = undefined;
      hold.reached();
      await hold.wait;
    }
    return super.swapCharge(orderId, expectedRev, next);
  }
}

test('an order replaced after a payment read it and before the attempt was recorded: the payment is refused, nothing charged', async () => {
  const store = new HeldStore();
  const shop = await startShop({ store }, h);
  try {
    const order = await shop.order();
    const { held, release } = store.hold();
    const paying = submitCard(shop, order.clientSecret);
    await held;
    // The order API sees no attempt yet: the change is accepted.
    const change = await fetch(`${shop.base}/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${shop.apiToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        id: order.id,
        amount: 980,
        currency: 'BRL',
        country: 'BR',
        payer: (await store.getOrder(order.id))!.payer,
      }),
    });
    expect(change.status).toBe(201);
    release();
    const { res } = await paying;
    expect([res.status, res.body.error?.type]).toEqual([409, 'order_mismatch']);
    expect(paymentsOf(order.id)).toHaveLength(0);
    // Paid again from a checkout that shows the new amount: 980.
    const again = (await submitCard(shop, order.clientSecret)).res.body.payment;
    expect([again.status, again.amount]).toEqual(['PAID', 980]);
  } finally {
    await shop.close();
  }
});

test('the API is asked once per order while the store remembers it: when the order is made, not again at the view or at Pay; a viewed order may still change', async () => {
  const lookups: string[] = [];
  const node = nodeTransport();
  const transport: Transport = (request) => {
    if (request.method === 'GET' && new URL(request.url).pathname.startsWith('/orders/'))
      lookups.push(new URL(request.url).pathname);
    return node(request);
  };
  const shop = await startShop({ client: h.clientFor({ transport }), store: new MemoryStore() }, h);
  try {
    const order = await shop.order();
    expect((await shop.browser(`/checkout?order=${order.clientSecret}`)).status).toBe(200);
    expect(lookups).toEqual([`/orders/${order.id}.1`]);
    expect(await shop.browser(`/checkout?order=${order.clientSecret}`)).toMatchObject({
      status: 200,
    });
    // The merchant changes the cart after the shopper saw the checkout: no attempt yet, so it may.
    const changed = await fetch(`${shop.base}/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${shop.apiToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: order.id, amount: 150, currency: 'BRL', country: 'BR', payer }),
    });
    expect(changed.status).toBe(201);
    const paid = (await submitCard(shop, order.clientSecret)).res.body.payment;
    expect([paid.status, paid.amount]).toEqual(['PAID', 150]);
    expect(lookups.filter((path) => path === `/orders/${order.id}.1`)).toHaveLength(1);
  } finally {
    await shop.close();
  }
});

test('an unreadable 2xx to Pay leaves the order closed until the API is asked: the checkout view shows the payment the API made, and Pay charges nothing more', async () => {
  const node = nodeTransport();
  let garble = true;
  const transport: Transport = async (request) => {
    const answer = await node(request);
    // The first Pay's card payment (`POST /secure_payments`): made, its answer cut short.
    if (garble && request.method === 'POST' && new URL(request.url).pathname === '/secure_payments')
      return { ...answer, text: '{"id": "D-' };
    return answer;
  };
  const store = new MemoryStore();
  const shop = await startShop({ client: h.clientFor({ transport }), store }, h);
  try {
    const order = await shop.order();
    const first = (await submitCard(shop, order.clientSecret)).res;
    garble = false;
    expect(first.status).toBeGreaterThanOrEqual(500);
    const made = paymentsOf(order.id);
    expect(made.map((e) => [e.order_id, e.status])).toEqual([[`${order.id}.1`, 'PAID']]);
    // Not "open": what attempt 1 did is unknown, not nothing.
    expect(await store.getCharge(order.id)).toMatchObject({
      state: 'charging',
      n: 1,
      unknown: true,
    });
    const view = (await shop.browser(`/checkout?order=${order.clientSecret}`)).body;
    expect([view.payment?.id, view.payment?.status]).toEqual([made[0]!.payment_id, 'PAID']);
    const again = (await submitCard(shop, order.clientSecret)).res.body;
    expect([again.replayed, again.payment.id]).toEqual([true, made[0]!.payment_id]);
    expect(paymentsOf(order.id)).toHaveLength(1);
  } finally {
    await shop.close();
  }
});

test("a store restored while attempt 1 is on its way to the API: a second submission finds the number's lease and waits for it, and attempt 1 is sent once", async () => {
  const node = nodeTransport();
  const sent: string[] = [];
  let reached!: () => void;
  const held = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const transport: Transport = async (request) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/secure_payments') {
      sent.push((JSON.parse(request.body!) as { order_id: string }).order_id);
      if (sent.length === 1) {
        reached();
        await released;
      }
    }
    return node(request);
  };
  const store = new MemoryStore();
  // Two tabs behind two addresses: no decline limit's turn (one per address and order) between them.
  const shop = await startShop(
    { client: h.clientFor({ transport }), store, declineLimit: false },
    h,
  );
  try {
    const order = await shop.order();
    const stale = (await store.getCharge(order.id))!;
    const first = submitCard(shop, order.clientSecret);
    await held;
    // The snapshot taken before the attempt is restored: "open" at 1 again.
    const now = (await store.getCharge(order.id))!;
    expect(now).toMatchObject({ state: 'charging', n: 1 });
    const owner = now.state === 'charging' ? now.attempt : undefined;
    expect(await store.swapCharge(order.id, now.rev, { ...stale, rev: crypto.randomUUID() })).toBe(
      true,
    );
    const second = submitCard(shop, order.clientSecret);
    // The second submission has met the lease once the state names attempt 1's owner again.
    for (let i = 0; i < 200; i++) {
      const state = await store.getCharge(order.id);
      if (state?.state === 'charging' && state.attempt === owner) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    release();
    const [a, b] = [(await first).res, (await second).res];
    expect([a.status, a.body.payment.status]).toEqual([200, 'PAID']);
    expect([b.status, b.body.replayed, b.body.payment.id]).toEqual([200, true, a.body.payment.id]);
    expect(sent).toEqual([`${order.id}.1`]);
    expect(paymentsOf(order.id)).toHaveLength(1);
  } finally {
    release();
    await shop.close();
  }
});

test('a declined submission sent again (the same attempt id: a retried request) answers its decline, replayed, and charges the card no second time', async () => {
  const shop = await startShop({ store: new MemoryStore() }, h);
  try {
    const order = await shop.order();
    const declined = await submitCard(
      shop,
      order.clientSecret,
      {},
      { number: '4111111111111111', cvv: '1234' },
    );
    expect(declined.res.body.payment.status).toBe('REJECTED');
    const again = await shop.browser('/payments', {
      method: 'POST',
      body: JSON.stringify(declined.body),
    });
    expect([again.status, again.body.replayed, again.body.payment.id]).toEqual([
      200,
      true,
      declined.res.body.payment.id,
    ]);
    expect(paymentsOf(order.id).map((e) => e.order_id)).toEqual([`${order.id}.1`]);
  } finally {
    await shop.close();
  }
});

test('an attempt past its in-flight time but within its outcome window, not found at the API, keeps the order closed: the view and Pay do not reopen it', async () => {
  const store = new MemoryStore();
  const shop = await startShop({ store }, h);
  try {
    const order = await shop.order();
    const open = (await store.getCharge(order.id))!;
    // Attempt 1's owner is gone: its request may still reach the API until the outcome window (120 s) ends.
    const inFlightMs = shop.client.deadlineMs + 10_000;
    const since = (await store.now()) - inFlightMs - 5_000;
    const charging = {
      state: 'charging',
      rev: 'r-lost',
      n: 1,
      attempt: 'gone',
      since,
      declines: 0,
    };
    expect(await store.swapCharge(order.id, open.rev, charging as ChargeState)).toBe(true);
    expect((await shop.browser(`/checkout?order=${order.clientSecret}`)).status).toBe(200);
    expect(await store.getCharge(order.id)).toMatchObject({ state: 'charging', attempt: 'gone' });
    const pay = (await submitCard(shop, order.clientSecret)).res;
    expect([pay.status, pay.body.error?.type]).toEqual([409, 'payment_in_progress']);
    expect(paymentsOf(order.id)).toHaveLength(0);
  } finally {
    await shop.close();
  }
});
