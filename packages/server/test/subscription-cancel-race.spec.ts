/**
 * A merchant's cancel crossing a run of `chargeDue` on a card subscription: the cron's run has
 * claimed the period and is asking the API whether it was already charged when the merchant
 * cancels (another process, another instance). The cancel answers `cancelled`; nothing may be
 * charged after it. A card subscription has no mandate at the API to refuse the charge (a Pix
 * Automático cancel cancels the enrollment first), so only the server can stop it.
 */
import { createSubscriptions, MemoryStore, type Subscriptions } from '@paylit/server';
import { expect, test } from '@playwright/test';
import {
  brazilToday,
  payer,
  startSandbox,
  uid,
  firstSubscriptionPayment,
} from './support/harness.js';

const DAY = 24 * 60 * 60 * 1000;

test('a card subscription cancelled while its period is claimed and being looked up: cancelled, and nothing charged after the cancel', async () => {
  const h = await startSandbox();
  let subs: Subscriptions | undefined;
  let cancelled: string | undefined;
  const id = uid('cardsub');
  // The store as two processes share it: the merchant's cancel lands just after the run's claim.
  class CancelOnClaim extends MemoryStore {
    override async swapSubscription(
      ...args: Parameters<MemoryStore['swapSubscription']>
    ): ReturnType<MemoryStore['swapSubscription']> {
      const written = await super.swapSubscription(...args);
      const claimed = Object.values(args[2].periods).some((p) => p.state === 'charging');
      if (written && claimed && cancelled === undefined) {
        cancelled = 'pending';
        cancelled = (await subs!.cancel(id)).status;
      }
      return written;
    }
  }
  subs = createSubscriptions({ client: h.client, store: new CancelOnClaim() });
  try {
    const first = await firstSubscriptionPayment(h.client, 25, 'cardsub');
    await subs.create({
      id,
      plan: {
        frequency: 'MONTHLY',
        amount: { type: 'FIXED', value: 25 },
        startDate: brazilToday(h.sandbox.clock.now()),
      },
      currency: 'BRL',
      country: 'BR',
      payer,
      method: { type: 'CARD', cardId: first.card!.card_id! },
    });
    h.sandbox.clock.advance(31 * DAY);
    const run = await subs.chargeDue(h.sandbox.clock.now());
    expect(cancelled).toBe('cancelled');
    expect(run.charged).toEqual([]);
    const res = await fetch(`${h.sandboxUrl}/sandbox-tools/ledger`);
    const { entries } = (await res.json()) as { entries: { order_id: string }[] };
    expect(entries.filter((e) => e.order_id.startsWith(`${id}.`))).toEqual([]);
    expect((await subs.get(id))!.status).toBe('cancelled');
  } finally {
    await h.close();
  }
});
