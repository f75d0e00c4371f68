/**
 * Pix Automático charges sent across UTC midnight. The API takes a charge scheduled 2 to 10 UTC
 * calendar days ahead by its own clock; the server picks the date by the run's (`asOf`). A cron
 * at 00:00 UTC sends each new period exactly 10 days ahead, so the API's clock a few seconds
 * behind reads 11 days; a late period sent at 23:59:59.95 is scheduled 2 days ahead, which
 * the API, a moment past midnight, reads as 1. Either way the API refuses (400 / 5001
 * `scheduled_date`) and the period is counted as the payer's decline.
 */
import { type SubscriptionEvent } from '@paylit/server';
import { expect, test } from '@playwright/test';
import { scaled } from '../../../test/support/time.mjs';
import { payer, startShop, uid, type Shop } from './support/harness.js';

const DAY = 24 * 60 * 60 * 1000;
const ymd = (d: Date | number) => new Date(d).toISOString().slice(0, 10);
const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`);

let shop: Shop;
const events: SubscriptionEvent[] = [];
test.beforeAll(async () => {
  shop = await startShop({ onSubscription: (e) => void events.push(e) });
});
test.afterAll(() => shop.close());

/** An active Pix Automático subscription whose first period is billed on `start`. */
async function subscription(start: string): Promise<string> {
  const id = uid('midnight');
  const sub = await shop.handler.subscriptions.create({
    id,
    plan: {
      frequency: 'MONTHLY',
      amount: { type: 'FIXED', value: 39.9 },
      startDate: start,
      firstCharge: 'start',
    },
    currency: 'BRL',
    country: 'BR',
    payer,
    method: { type: 'XA' },
  });
  const enrollmentId = (sub.method as { enrollmentId: string }).enrollmentId;
  const res = await fetch(
    `${shop.sandboxUrl}/sandbox-tools/enrollments/${enrollmentId}/authorize`,
    {
      method: 'POST',
    },
  );
  expect(res.status).toBe(200);
  await expect
    .poll(() => events.filter((e) => e.subscription.id === id).map((e) => e.type), {
      timeout: scaled(3_500),
    })
    .toEqual(['created', 'activated']);
  return id;
}

async function setApiClock(at: number): Promise<void> {
  const res = await fetch(`${shop.sandboxUrl}/sandbox-tools/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ now: new Date(at).toISOString() }),
  });
  expect(res.status).toBe(200);
}

test('daily runs at 00:00 UTC, the API 5 s behind: the period is charged once, never declined', async () => {
  const start = ymd(shop.sandbox.clock.now().getTime() + 20 * DAY);
  const id = await subscription(start);
  const charged: string[] = [];
  const declined: string[] = [];
  // The runs of the 11 to 8 days before the billing date: the period falls due in one of them.
  for (let days = 11; days >= 8; days--) {
    const run = midnight(ymd(midnight(start) - days * DAY)) + 50;
    await setApiClock(run - 5_000);
    const result = await shop.handler.subscriptions.chargeDue(new Date(run));
    charged.push(...result.charged.map((c) => c.id));
    declined.push(...result.declined.map((c) => c.id));
  }
  expect([charged, declined]).toEqual([[id], []]);
});

test('a late period sent at 23:59:59.95 UTC, the API 100 ms past midnight: charged, not declined', async () => {
  const start = ymd(shop.sandbox.clock.now().getTime() + 20 * DAY);
  const id = await subscription(start);
  // Not run in its window until the last moment: due the day after tomorrow by the run's clock.
  const run = midnight(start) - DAY - 50;
  await setApiClock(run + 100);
  const result = await shop.handler.subscriptions.chargeDue(new Date(run));
  expect([result.charged.map((c) => c.id), result.declined.map((c) => c.id)]).toEqual([[id], []]);
});
