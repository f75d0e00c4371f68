/**
 * "An API answer of 5xx or 429 is a failure it reported: the order opens again at once, with
 * the same number" (README, "What the server guarantees"). Once, and again: the API may fail
 * twice in a row (an outage of a few seconds), and the shopper presses Pay a third time. Nothing
 * was charged, so the third Pay charges the order, at once, once. On main the number's lease is
 * still the first failed attempt's, which only the second was allowed to pass: the third takes
 * it for a payment in flight, waits the whole in-flight time and answers 409
 * `payment_in_progress`, and the order stays closed until the outcome window ends.
 */
import { expect, test } from '@playwright/test';
import { scaled } from '../../../test/support/time.mjs';
import { startSandbox, startShop, submitCard, type Harness } from './support/harness.js';

let h: Harness;
test.beforeAll(async () => {
  h = await startSandbox();
});
test.afterAll(() => h?.close());

async function fault(body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
}

for (const status of [500, 429, 503]) {
  test(`the API answers ${status} to two Pays in a row: the third Pay charges the order, once`, async () => {
    // The one-charge engine waits its in-flight time (the client's deadline + 10 s) for an
    // attempt it believes is with the API: room for that wait, so that main answers, and fails.
    test.setTimeout(scaled(40_000));
    // One API request per Pay: no retry spends the faults.
    const shop = await startShop({ client: h.clientFor({ maxRetries: 0, deadlineMs: 2_000 }) }, h);
    try {
      const order = await shop.order();
      await fault({ path: '/secure_payments', method: 'POST', kind: 'status', status, count: 2 });

      const first = (await submitCard(shop, order.id)).res;
      const second = (await submitCard(shop, order.id)).res;
      // Answered as the API's failure, to try again (the checkout's Try again).
      for (const failed of [first, second])
        expect([failed.status, failed.body.error?.retryable]).toEqual([502, true]);
      const ledger = () =>
        h.sandbox.ledger().entries.filter((e) => e.order_id?.startsWith(`${order.id}.`));
      expect(ledger()).toHaveLength(0);

      const third = (await submitCard(shop, order.id)).res;
      expect([third.status, third.body.payment?.status, third.body.error]).toEqual([
        200,
        'PAID',
        undefined,
      ]);
      expect(ledger().map((e) => [e.order_id, e.status])).toEqual([[`${order.id}.1`, 'PAID']]);
    } finally {
      await shop.close();
    }
  });
}
