/**
 * A card subscription whose plan charges more decimals than its currency has (10 990.50 CLP:
 * Chile's pesos have none), or in a currency the country does not take. Taken, every period would be refused by core's rules before the
 * API sees it and heard as a decline, four times, then past due: the merchant would read a
 * payer's card refusing a charge that was never sent. It is refused when it is made, naming
 * the plan's amount, as the order API refuses an order's amount.
 */
import { createSubscriptions, MemoryStore, SubscriptionError } from '@paylit/server';
import { expect, test } from '@playwright/test';
import { payer, startSandbox, uid } from './support/harness.js';

const ymd = (d: Date) => d.toISOString().slice(0, 10);

for (const [currency, amount, param] of [
  ['CLP', { type: 'FIXED' as const, value: 10990.5 }, 'plan.amount.value'],
  ['CLP', { type: 'VARIABLE' as const, max: 20000.25 }, 'plan.amount.max'],
  ['MXN', { type: 'FIXED' as const, value: 10990 }, 'currency'],
] as const) {
  test(`a card plan of ${JSON.stringify(amount)} ${currency} in Chile is refused when made, naming ${param}`, async () => {
    const h = await startSandbox();
    try {
      const subs = createSubscriptions({ client: h.client, store: new MemoryStore() });
      const made = subs.create({
        id: uid('clpsub'),
        plan: { frequency: 'MONTHLY', amount, startDate: ymd(h.sandbox.clock.now()) },
        currency,
        country: 'CL',
        payer: { ...payer, document: '123456785' },
        method: { type: 'CARD', cardId: 'CV-any' },
      });
      const error = await made.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SubscriptionError);
      expect((error as SubscriptionError).param).toBe(param);
      expect((error as SubscriptionError).message).toMatch(/CLP/);
    } finally {
      await h.close();
    }
  });
}

test('Pix Automático outside Brazil is still refused when made, naming method.type', async () => {
  const h = await startSandbox();
  try {
    const subs = createSubscriptions({ client: h.client, store: new MemoryStore() });
    const error = await subs
      .create({
        id: uid('mxsub'),
        plan: {
          frequency: 'MONTHLY',
          amount: { type: 'FIXED', value: 100 },
          startDate: ymd(h.sandbox.clock.now()),
        },
        currency: 'MXN',
        country: 'MX',
        payer,
        method: { type: 'XA' },
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(SubscriptionError);
    expect((error as SubscriptionError).param).toBe('method.type');
  } finally {
    await h.close();
  }
});
