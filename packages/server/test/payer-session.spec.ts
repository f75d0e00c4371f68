/**
 * A returning payer manages what they saved, against the sandbox over HTTP: the payer session
 * the merchant mints (`payerSessionFor`) lists the customer's saved cards and active
 * subscriptions, removes a card at the API (the next order no longer offers it) and cancels a
 * subscription, each once however often it is asked. A bare customer id, a forged, altered or
 * ended session, and another customer's session read and remove nothing: the cards still in the
 * sandbox are counted over its HTTP API. The cancel is run on Redis and PostgreSQL too.
 */
import {
  payerSessionFor,
  type CheckoutStore,
  type PayerChange,
  type PayerRecord,
  type SubscriptionEvent,
} from '@paylit/server';
import { createPostgresStore } from '@paylit/server/postgres';
import { createRedisStore } from '@paylit/server/redis';
import { expect, test } from '@playwright/test';
import { scaled } from '../../../test/support/time.mjs';
import { payer, startShop, uid, visa, type Shop } from './support/harness.js';
import { startPostgres } from './support/postgres.js';
import { startRedis } from './support/redis.js';

const DAY = 24 * 60 * 60 * 1000;
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** The merchant's customers, as its database keeps them: their saved cards and subscriptions. */
function customers() {
  const byId = new Map<string, { savedCardIds: string[]; subscriptionIds: string[] }>();
  const changes: PayerChange[] = [];
  return {
    byId,
    changes,
    options: {
      payee: 'Loja Exemplo',
      resolve: (id: string): PayerRecord | undefined => byId.get(id),
      onChange: (change: PayerChange) => void changes.push(change),
    },
  };
}

async function saveCard(shop: Shop, number = visa.number) {
  return (await shop.client.cards.create({ country: 'BR', card: { ...visa, number }, payer }))
    .card_id;
}

/** How many of these cards the sandbox still has, asked over its HTTP API. */
async function cardsInSandbox(shop: Shop, ids: readonly string[]): Promise<number> {
  const found = await Promise.all(
    ids.map((id) =>
      shop.client.cards.retrieve(id).then(
        () => 1,
        () => 0,
      ),
    ),
  );
  return found.reduce((a, b) => a + b, 0 as number);
}

async function cardSubscription(shop: Shop, cardId: string, id = uid('sub')) {
  return shop.handler.subscriptions.create({
    id,
    plan: {
      frequency: 'MONTHLY',
      amount: { type: 'FIXED', value: 39.9 },
      startDate: ymd(new Date(shop.sandbox.clock.now().getTime() + 5 * DAY)),
      firstCharge: 'start',
    },
    currency: 'BRL',
    country: 'BR',
    payer,
    description: 'Clube do café',
    method: { type: 'CARD', cardId },
  });
}

const post = (shop: Shop, path: string, session: string) =>
  shop.browser(path, { method: 'POST', body: JSON.stringify({ session }) });

test.describe('in memory', () => {
  const merchant = customers();
  let shop: Shop;
  test.beforeAll(async () => {
    shop = await startShop({ payers: merchant.options });
  });
  test.afterAll(async () => {
    await shop.close();
  });

  test("lists the customer's saved cards (brand, last four, expiry, nothing more) and active subscriptions (payee, amount, frequency)", async () => {
    const customer = uid('cus');
    const visaId = await saveCard(shop);
    const masterId = await saveCard(shop, '5555555555554444');
    const sub = await cardSubscription(shop, visaId);
    const ended = await cardSubscription(shop, visaId);
    await shop.handler.subscriptions.cancel(ended.id);
    merchant.byId.set(customer, {
      savedCardIds: [visaId, masterId],
      subscriptionIds: [sub.id, ended.id],
    });
    const session = await payerSessionFor(shop.client, customer);
    const res = await post(shop, '/payer/methods', session);
    expect(res.status).toBe(200);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('https://shop.example');
    expect(res.body).toEqual({
      cards: [
        {
          card_id: visaId,
          brand: 'VI',
          last4: '1111',
          expiration_month: 10,
          expiration_year: 2040,
        },
        {
          card_id: masterId,
          brand: 'MC',
          last4: '4444',
          expiration_month: 10,
          expiration_year: 2040,
        },
      ],
      subscriptions: [
        {
          id: sub.id,
          status: 'active',
          method: 'CARD',
          payee: 'Loja Exemplo',
          description: 'Clube do café',
          frequency: 'MONTHLY',
          amount: { type: 'FIXED', value: 39.9 },
          currency: 'BRL',
          startDate: sub.plan.startDate,
        },
      ],
    });
  });

  test('the payer removes a card: deleted at the API, the next order does not offer it, a second remove answers as the first and the hook hears it once', async () => {
    const customer = uid('cus');
    const keep = await saveCard(shop, '5555555555554444');
    const remove = await saveCard(shop);
    merchant.byId.set(customer, { savedCardIds: [keep, remove], subscriptionIds: [] });
    const session = await payerSessionFor(shop.client, customer);
    const before = await shop.order({ methods: ['CARD'], savedCardIds: [keep, remove] });
    const offered = async (secret: string) =>
      (await shop.browser(`/checkout?order=${encodeURIComponent(secret)}`)).body.savedCards.map(
        (c: { card_id: string }) => c.card_id,
      );
    expect(await offered(before.clientSecret)).toEqual([keep, remove]);

    const first = await post(shop, `/payer/cards/${remove}/remove`, session);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ card_id: remove, removed: true });
    expect(await cardsInSandbox(shop, [keep, remove])).toBe(1);
    const second = await post(shop, `/payer/cards/${remove}/remove`, session);
    expect(second).toMatchObject({ status: 200, body: first.body });
    expect(
      merchant.changes.filter((c) => c.type === 'card_removed' && c.cardId === remove),
    ).toEqual([{ type: 'card_removed', customerId: customer, cardId: remove }]);

    // The merchant's records still list it: the list and the next order do not.
    const next = await shop.order({ methods: ['CARD'], savedCardIds: [keep, remove] });
    expect(await offered(next.clientSecret)).toEqual([keep]);
    expect(
      (await post(shop, '/payer/methods', session)).body.cards.map((c: any) => c.card_id),
    ).toEqual([keep]);
  });

  test('a card that pays a subscription still running is not removed (409 card_in_use, naming it), since every later period would be declined; once the subscription is cancelled, it is', async () => {
    const customer = uid('cus');
    const card = await saveCard(shop);
    const other = await saveCard(shop, '5555555555554444');
    const sub = await cardSubscription(shop, card);
    merchant.byId.set(customer, { savedCardIds: [card, other], subscriptionIds: [sub.id] });
    const session = await payerSessionFor(shop.client, customer);

    const refused = await post(shop, `/payer/cards/${card}/remove`, session);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      type: 'card_in_use',
      message: `this card pays subscription ${sub.id} (active): cancel the subscription before removing the card`,
      param: 'card',
    });
    expect(await cardsInSandbox(shop, [card, other])).toBe(2);
    expect(merchant.changes.filter((c) => c.type === 'card_removed' && c.cardId === card)).toEqual(
      [],
    );
    // Another card of the same customer is removed as before.
    expect((await post(shop, `/payer/cards/${other}/remove`, session)).status).toBe(200);

    expect((await post(shop, `/payer/subscriptions/${sub.id}/cancel`, session)).status).toBe(200);
    const removed = await post(shop, `/payer/cards/${card}/remove`, session);
    expect(removed).toMatchObject({ status: 200, body: { card_id: card, removed: true } });
    expect(await cardsInSandbox(shop, [card, other])).toBe(0);
  });

  test('the payer cancels a subscription: cancelled in the store, gone from the list; a second cancel answers as the first, the hooks hear it once', async () => {
    const customer = uid('cus');
    const card = await saveCard(shop);
    const sub = await cardSubscription(shop, card);
    merchant.byId.set(customer, { savedCardIds: [card], subscriptionIds: [sub.id] });
    const session = await payerSessionFor(shop.client, customer);
    const first = await post(shop, `/payer/subscriptions/${sub.id}/cancel`, session);
    expect(first.status).toBe(200);
    expect(first.body.subscription).toMatchObject({ id: sub.id, status: 'cancelled' });
    expect((await shop.handler.subscriptions.get(sub.id))!.status).toBe('cancelled');
    const second = await post(shop, `/payer/subscriptions/${sub.id}/cancel`, session);
    expect(second).toMatchObject({ status: 200, body: first.body });
    expect((await post(shop, '/payer/methods', session)).body.subscriptions).toEqual([]);
    expect(
      merchant.changes.filter(
        (c) => c.type === 'subscription_cancelled' && c.subscription.id === sub.id,
      ),
    ).toHaveLength(1);
  });

  test("a subscription the payer cancels from their saved methods is recorded as the payer's cancel, not the merchant's", async () => {
    const customer = uid('cus');
    const card = await saveCard(shop);
    const sub = await cardSubscription(shop, card);
    merchant.byId.set(customer, { savedCardIds: [card], subscriptionIds: [sub.id] });
    const session = await payerSessionFor(shop.client, customer);
    expect((await post(shop, `/payer/subscriptions/${sub.id}/cancel`, session)).status).toBe(200);
    expect(await shop.handler.subscriptions.get(sub.id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'payer',
    });
    const told = merchant.changes.find(
      (c) => c.type === 'subscription_cancelled' && c.subscription.id === sub.id,
    );
    expect(told).toMatchObject({ subscription: { cancelledBy: 'payer' } });
  });

  test("a bare customer id, a forged, altered or ended session list nothing and remove nothing (401, saying which); another customer's session 403", async () => {
    const victim = uid('cus');
    const card = await saveCard(shop);
    const sub = await cardSubscription(shop, card);
    merchant.byId.set(victim, { savedCardIds: [card], subscriptionIds: [sub.id] });
    const good = await payerSessionFor(shop.client, victim);
    const [, expires, digest] = /_payer_(\d+)_([0-9a-f]{32})$/.exec(good)!;
    const otherKey = shop.clientFor({ secretKey: 'another-merchant-secret-key-0123456789' });
    const refused: [string, string, RegExp][] = [
      ['bare customer id', victim, /not a customer id/],
      [
        'forged digest',
        `${victim}_payer_${expires}_${'0'.repeat(32)}`,
        /not made with this shop's key/,
      ],
      ['another key', await payerSessionFor(otherKey, victim), /not made with this shop's key/],
      [
        'expiry moved on',
        `${victim}_payer_${Number(expires) + 3600}_${digest}`,
        /not made with this shop's key/,
      ],
      [
        'ended',
        await payerSessionFor(shop.client, victim, {
          now: Date.now() - 2 * 3600_000,
          ttlMs: 3600_000,
        }),
        /has ended/,
      ],
    ];
    for (const [what, session, message] of refused) {
      for (const path of [
        '/payer/methods',
        `/payer/cards/${card}/remove`,
        `/payer/subscriptions/${sub.id}/cancel`,
      ]) {
        const res = await post(shop, path, session);
        expect(res.status, `${what} ${path}`).toBe(401);
        expect(res.body.error).toMatchObject({ type: 'unauthorized', param: 'session' });
        expect(res.body.error.message, what).toMatch(message);
        expect(res.body).not.toHaveProperty('cards');
      }
    }
    // Another signed-in customer's own session: their list, never the victim's cards.
    const other = uid('cus');
    merchant.byId.set(other, { savedCardIds: [], subscriptionIds: [] });
    const theirs = await payerSessionFor(shop.client, other);
    expect((await post(shop, '/payer/methods', theirs)).body).toEqual({
      cards: [],
      subscriptions: [],
    });
    const removal = await post(shop, `/payer/cards/${card}/remove`, theirs);
    expect(removal.status).toBe(403);
    expect(removal.body.error).toMatchObject({ type: 'forbidden', param: 'card' });
    const cancel = await post(shop, `/payer/subscriptions/${sub.id}/cancel`, theirs);
    expect(cancel.status).toBe(403);
    expect(cancel.body.error).toMatchObject({ type: 'forbidden', param: 'subscription' });

    expect(await cardsInSandbox(shop, [card])).toBe(1);
    expect((await shop.handler.subscriptions.get(sub.id))!.status).toBe('active');
    expect((await post(shop, '/payer/methods', good)).body.cards).toHaveLength(1);
  });

  test('a session secret is refused at minting when the customer id cannot be carried', async () => {
    await expect(payerSessionFor(shop.client, 'a b')).rejects.toThrow(/customerId must be/);
    await expect(payerSessionFor(shop.client, 'c', { ttlMs: 0 })).rejects.toThrow(/ttlMs/);
  });
});

test('payer routes are rate-limited per client address like the other browser routes, and answer 404 naming the option when the handler has no payers', async () => {
  const shop = await startShop({ rateLimit: { windowMs: 60_000, max: 3 } });
  try {
    const session = await payerSessionFor(shop.client, 'cus-1');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(shop, '/payer/methods', session)).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const first = await startShop({});
    try {
      const res = await post(first, '/payer/methods', await payerSessionFor(first.client, 'cus-1'));
      expect(res.body.error.message).toMatch(/no payers option/);
    } finally {
      await first.close();
    }
  } finally {
    await shop.close();
  }
});

for (const kind of ['Redis', 'PostgreSQL'] as const) {
  test(`${kind}: a subscription cancelled by its payer is cancelled once, whichever instance is asked`, async () => {
    test.setTimeout(scaled(30_000));
    let url: string;
    let stop: () => Promise<void>;
    if (kind === 'Redis') {
      const redis = await startRedis();
      url = redis.url;
      stop = () => redis.stop();
    } else {
      const cluster = await startPostgres();
      url = await cluster.createDatabase('payer');
      stop = () => cluster.destroy();
    }
    const open = (): Promise<CheckoutStore> =>
      kind === 'Redis' ? createRedisStore({ url }) : createPostgresStore({ url });
    const merchant = customers();
    const events: SubscriptionEvent[] = [];
    const a = await startShop({
      store: await open(),
      payers: merchant.options,
      onSubscription: (e) => void events.push(e),
    });
    const b = await startShop(
      { store: await open(), payers: merchant.options, onSubscription: (e) => void events.push(e) },
      a,
    );
    try {
      const customer = uid('cus');
      const card = await saveCard(a);
      const sub = await cardSubscription(a, card);
      merchant.byId.set(customer, { savedCardIds: [card], subscriptionIds: [sub.id] });
      const session = await payerSessionFor(a.client, customer);
      const answers = await Promise.all([
        post(a, `/payer/subscriptions/${sub.id}/cancel`, session),
        post(b, `/payer/subscriptions/${sub.id}/cancel`, session),
      ]);
      expect(answers.map((r) => [r.status, r.body.subscription?.status])).toEqual([
        [200, 'cancelled'],
        [200, 'cancelled'],
      ]);
      expect((await post(b, '/payer/methods', session)).body.subscriptions).toEqual([]);
      expect(
        events.filter((e) => e.type === 'cancelled' && e.subscription.id === sub.id),
      ).toHaveLength(1);
      expect(
        merchant.changes.filter(
          (c) => c.type === 'subscription_cancelled' && c.subscription.id === sub.id,
        ),
      ).toHaveLength(1);
    } finally {
      await b.close();
      await a.close();
      await stop();
    }
  });
}
