/**
 * The merchant's hooks run after a payer's change is stored. One that never returns (a webhook
 * call without a time limit, a database lock) must not hold the payer's answer: the cancel or
 * the removal is done, and the page waiting on it must be told so. The answer waits for the hook
 * at most `hookWaitMs`; then `onError` hears a `HookTimeoutError` naming the hook, and the hook
 * runs on. A cron's run is not held either: it goes on to the next period.
 */
import {
  createSubscriptions,
  MemoryStore,
  payerSessionFor,
  type CheckoutHandlerOptions,
} from '@paylit/server';
import { expect, test } from '@playwright/test';
import { scaled } from '../../../test/support/time.mjs';
import {
  brazilToday,
  firstSubscriptionPayment,
  payer,
  startSandbox,
  startShop,
  uid,
  visa,
  type Shop,
} from './support/harness.js';

const never = () => new Promise<void>(() => {});
/** The errors `onError` heard that say a hook was not waited for past its time. */
const timeouts = (errors: unknown[]) =>
  errors.filter((e): e is Error & { hook: string } => (e as Error)?.name === 'HookTimeoutError');
const lists = new Map<string, { savedCardIds: string[]; subscriptionIds: string[] }>();

interface Hooks {
  onChange?: () => Promise<void>;
  onSubscription?: CheckoutHandlerOptions['onSubscription'];
}

async function shopWith({ onChange, onSubscription }: Hooks, errors: unknown[]): Promise<Shop> {
  return startShop({
    ...(onSubscription ? { onSubscription } : {}),
    payers: {
      payee: 'Loja Exemplo',
      resolve: (id: string) => lists.get(id),
      ...(onChange ? { onChange } : {}),
      hookWaitMs: 200,
    },
    subscriptions: { hookWaitMs: 200 },
    onError: (error) => void errors.push(error),
  });
}

/** A card saved at the API, a monthly subscription it pays, and a payer session listing both. */
async function customerOf(shop: Shop) {
  const saved = await shop.client.cards.create({ country: 'BR', card: visa, payer });
  const sub = await shop.handler.subscriptions.create({
    id: uid('sub'),
    plan: {
      frequency: 'MONTHLY',
      amount: { type: 'FIXED', value: 39.9 },
      startDate: new Date(shop.sandbox.clock.now().getTime() + 5 * 86_400_000)
        .toISOString()
        .slice(0, 10),
      firstCharge: 'start',
    },
    currency: 'BRL',
    country: 'BR',
    payer,
    method: { type: 'CARD', cardId: saved.card_id },
  });
  const customer = uid('cus');
  const spare = await shop.client.cards.create({ country: 'BR', card: visa, payer });
  lists.set(customer, { savedCardIds: [saved.card_id, spare.card_id], subscriptionIds: [sub.id] });
  return { sub, spare: spare.card_id, session: await payerSessionFor(shop.client, customer) };
}

const post = (shop: Shop, path: string, session: string) =>
  shop
    .browser(path, {
      method: 'POST',
      body: JSON.stringify({ session }),
      signal: AbortSignal.timeout(scaled(3_000)),
    })
    .catch((error: Error) => error.name);

for (const hook of ['payers.onChange', 'onSubscription'] as const)
  test(`a payer's cancel is answered though the merchant's ${hook} hook never returns; onError names the hook`, async () => {
    const errors: unknown[] = [];
    const shop = await shopWith(
      hook === 'onSubscription' ? { onSubscription: never } : { onChange: never },
      errors,
    );
    try {
      const { sub, session } = await customerOf(shop);
      const answer = await post(shop, `/payer/subscriptions/${sub.id}/cancel`, session);
      expect(answer).toMatchObject({
        status: 200,
        body: { subscription: { status: 'cancelled' } },
      });
      expect((await shop.handler.subscriptions.get(sub.id))!.status).toBe('cancelled');
      const timedOut = timeouts(errors);
      expect(timedOut.map((e) => e.hook)).toContain(hook);
      expect(timedOut.find((e) => e.hook === hook)!.message).toContain(hook);
    } finally {
      await shop.close();
    }
  });

test("a payer's card removal is answered though payers.onChange never returns", async () => {
  const errors: unknown[] = [];
  const shop = await shopWith({ onChange: never }, errors);
  try {
    const { spare, session } = await customerOf(shop);
    const answer = await post(shop, `/payer/cards/${spare}/remove`, session);
    expect(answer).toMatchObject({ status: 200 });
    expect(timeouts(errors).map((e) => e.hook)).toEqual(['payers.onChange']);
  } finally {
    await shop.close();
  }
});

test("a cron's run is not held by an onSubscription hook that never returns: both due periods are charged, each once", async () => {
  const h = await startSandbox();
  const errors: unknown[] = [];
  try {
    const subs = createSubscriptions({
      client: h.client,
      store: new MemoryStore(),
      onSubscription: never,
      hookWaitMs: 200,
      onError: (error) => void errors.push(error),
    });
    const first = await firstSubscriptionPayment(h.client, 20, 'hang');
    const ids = [uid('hang'), uid('hang')];
    for (const id of ids)
      await subs.create({
        id,
        plan: {
          frequency: 'MONTHLY',
          amount: { type: 'FIXED', value: 20 },
          startDate: brazilToday(h.sandbox.clock.now()),
          firstCharge: 'start',
        },
        currency: 'BRL',
        country: 'BR',
        payer,
        method: { type: 'CARD', cardId: first.card!.card_id! },
      });
    const run = await subs.chargeDue(h.sandbox.clock.now());
    expect(run.charged.map((c) => c.id).sort()).toEqual([...ids].sort());
    expect((await subs.chargeDue(h.sandbox.clock.now())).charged).toEqual([]);
    // created twice, charged twice: each told, none waited for past its 200 ms.
    expect(timeouts(errors).map((e) => e.hook)).toEqual(Array(4).fill('onSubscription'));
  } finally {
    await h.close();
  }
});
