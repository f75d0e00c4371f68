/**
 * The API's `order_id`s the handler makes must never name two things. An order's attempts are
 * `<order>.<n>`; a subscription's period charges are `<subscription>.<billing date>.<n>`. An
 * order whose id is `<subscription>.<billing date>` (a valid order id: letters, digits, "-", ".")
 * has attempt 1 `<subscription>.<billing date>.1`, the id of that period's first charge. On
 * main its Pay met the API's 5009 (order id taken), found the subscription's payment under
 * `<order>.1` and answered the order PAID with it: an order never charged, shown paid, and the
 * subscription's notification handed to the merchant under that order's id. The other way, the
 * order paid first: the period's charge met 5009, found the order's payment under its id and
 * recorded the period charged with it, the period's amount never taken. Such an order id is now
 * refused where orders are made (core's ORDER_ID_PATTERN), and so each period's charge is its own.
 */
import { createSubscriptions, MemoryStore } from '@paylit/server';
import { expect, test } from '@playwright/test';
import {
  firstSubscriptionPayment,
  payer,
  startSandbox,
  startShop,
  uid,
  type Harness,
} from './support/harness.js';

let h: Harness;
test.beforeAll(async () => {
  h = await startSandbox();
});
test.afterAll(async () => {
  await h?.close();
});

test("an order id of a subscription period's form (`<subscription>.<date>`) is refused, and the period is charged its own amount once", async () => {
  const store = new MemoryStore();
  const shop = await startShop({ store }, h);
  try {
    const subs = createSubscriptions({ client: h.client, store });
    const first = await firstSubscriptionPayment(h.client, 25, 'collide');
    const start = h.sandbox.clock.now().toISOString().slice(0, 10);
    const sub = uid('collide');
    // Made before the subscription charges anything, and after: refused either way.
    const made = async () => {
      const res = await fetch(`${shop.base}/orders`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${shop.apiToken}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          id: `${sub}.${start}`,
          amount: 77,
          currency: 'BRL',
          country: 'BR',
          payer,
        }),
      });
      return [res.status, ((await res.json()) as { error?: { param?: string } }).error?.param];
    };
    expect(await made(), 'POST /orders before the period').toEqual([400, 'id']);
    await subs.create({
      id: sub,
      plan: {
        frequency: 'MONTHLY',
        amount: { type: 'FIXED', value: 25 },
        startDate: start,
        firstCharge: 'start',
      },
      currency: 'BRL',
      country: 'BR',
      payer,
      method: { type: 'CARD', cardId: first.card!.card_id! },
    });
    // A day into the period, so that Brazil's whole calendar has reached the billing date.
    const charged = await subs.chargeDue(
      new Date(h.sandbox.clock.now().getTime() + 24 * 60 * 60 * 1000),
    );
    expect(charged.charged.map((c) => c.id)).toEqual([sub]);
    expect(await made(), 'POST /orders after the period').toEqual([400, 'id']);
    const ledger = (await (await fetch(`${h.sandboxUrl}/sandbox-tools/ledger`)).json()) as {
      entries: { order_id: string; amount: number; kind: string }[];
    };
    expect(
      ledger.entries
        .filter((e) => e.kind === 'payment' && e.order_id.startsWith(`${sub}.`))
        .map((e) => [e.order_id, e.amount]),
      "the period's own charge, once",
    ).toEqual([[`${sub}.${start}.1`, 25]]);
  } finally {
    await shop.close();
  }
});
