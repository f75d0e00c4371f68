/**
 * A card subscription's period is charged on its billing date as the payer's country reads the
 * calendar, not UTC's. A Brazilian plan billed on the 15th, run by a cron at 22:00 in São Paulo
 * on the 14th (01:00 UTC on the 15th), must not charge: for every payer in Brazil it is still
 * the 14th. The period falls due once the 15th has begun everywhere in the country: 00:00 in
 * Rio Branco (Acre, UTC−5), 05:00 UTC.
 */
import { createSubscriptions, MemoryStore } from '@paylit/server';
import { expect, test } from '@playwright/test';
import { payer, startSandbox, uid, firstSubscriptionPayment } from './support/harness.js';

const DAY = 24 * 60 * 60 * 1000;

test('a Brazilian card period billed on the 15th: not charged at 22:00 in São Paulo on the 14th, nor at 23:59 in Acre; charged at 00:00 in Acre', async () => {
  const h = await startSandbox();
  const subs = createSubscriptions({ client: h.client, store: new MemoryStore() });
  try {
    const first = await firstSubscriptionPayment(h.client, 25, 'localday');
    // The billing date: the 15th of a month a few days after the sandbox's today.
    const soon = new Date(h.sandbox.clock.now().getTime() + 40 * DAY);
    const start = `${soon.toISOString().slice(0, 7)}-15`;
    const id = uid('localday');
    await subs.create({
      id,
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
    const charged = async (utc: string) =>
      (await subs.chargeDue(new Date(`${start}T${utc}Z`))).charged.map((c) => c.id);

    expect(await charged('01:00:00.000'), '22:00 on the 14th in São Paulo').toEqual([]);
    expect(await charged('04:59:59.999'), '23:59:59 on the 14th in Rio Branco').toEqual([]);
    expect(await charged('05:00:00.000'), '00:00 on the 15th in Rio Branco').toEqual([id]);

    const res = await fetch(`${h.sandboxUrl}/sandbox-tools/ledger`);
    const { entries } = (await res.json()) as { entries: { order_id: string }[] };
    expect(entries.filter((e) => e.order_id.startsWith(`${id}.`)).map((e) => e.order_id)).toEqual([
      `${id}.${start}.1`,
    ]);
  } finally {
    await h.close();
  }
});
