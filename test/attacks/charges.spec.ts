/**
 * One order, one charge: resubmits, races, faults, plans of other orders, back-office
 * actions sent twice and replayed callbacks, against the real checkout handler and the real
 * sandbox over HTTP, once with the memory store and once with two instances sharing a real
 * redis-server. Every count comes from the sandbox's ledger.
 */
import { encryptCard } from '@paylit/core/crypto';
import { MemoryStore, type CheckoutHandlerOptions, type CheckoutStore } from '@paylit/server';
import { createRedisStore } from '@paylit/server/redis';
import { expect, test } from '@playwright/test';
import {
  payer,
  startSandbox,
  startShop,
  submitCard,
  type Harness,
  type Shop,
} from '../../packages/server/test/support/harness.js';
import { startRedis } from '../../packages/server/test/support/redis.js';
import { report } from './support.js';

type Answer = Awaited<ReturnType<Shop['browser']>>;

/** What the sandbox's ledger says of a merchant order: its attempts' payments, and how many moved money. */
function ledgerOf(h: Harness, orderId: string) {
  const entries = h.sandbox.ledger().entries.filter((e) => e.order_id?.startsWith(`${orderId}.`));
  const payments = entries.filter(
    (e) => e.kind === 'payment' || e.kind === 'authorization' || e.kind === 'verification',
  );
  return {
    payments: payments.length,
    accepted: payments.filter((e) => e.status !== 'REJECTED').length,
    moved: entries.filter((e) => e.money_moved).length,
    captures: entries.filter((e) => e.kind === 'capture').length,
    summary: () =>
      `${payments.length} payment(s) made, ${entries.filter((e) => e.money_moved).length} moved money`,
  };
}

function refundsOf(h: Harness, paymentId: string): number {
  return h.sandbox.ledger({ payment_id: paymentId }).entries.filter((e) => e.kind === 'refund')
    .length;
}

async function fault(h: Harness, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
}

async function clearFaults(h: Harness): Promise<void> {
  await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, { method: 'DELETE' });
}

const statuses = (answers: Answer[]) => answers.map((a) => a.status).join(' ');
const ids = (answers: Answer[]) => new Set(answers.map((a) => a.body.payment?.id));

/** A 3-D Secure (South Africa) or redirect page, answered as the payer would; the callback form it posts. */
async function payerOnPage(
  url: string,
  outcome: 'approve' | 'reject',
): Promise<{ action: string; fields: Record<string, string> } | undefined> {
  const html = await (
    await fetch(url, { method: 'POST', body: new URLSearchParams({ outcome }) })
  ).text();
  const at = html.indexOf('id="callback"');
  if (at < 0) return undefined;
  const action = /action="([^"]+)"/.exec(html.slice(at))![1]!;
  return {
    action,
    fields: Object.fromEntries(
      [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    ),
  };
}

/** South Africa requires 3-D Secure. */
const za = {
  country: 'ZA',
  currency: 'ZAR',
  payer: {
    ...payer,
    document: '8001015009087',
    address: { state: 'WC', city: 'Cape Town', zip_code: '8001', street: 'Long St', number: '1' },
  },
};

for (const kind of ['memory', 'redis'] as const) {
  test.describe(`one order, one charge, with the ${kind} store`, () => {
    test.describe.configure({ mode: 'serial' });

    let h: Harness;
    let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
    const stores: CheckoutStore[] = [];
    const shops: Shop[] = [];
    let prefixes = 0;

    /** Handler instances sharing one store: one with memory, two on one Redis. */
    async function instances(options: Partial<CheckoutHandlerOptions> = {}): Promise<Shop[]> {
      if (kind === 'memory') {
        const store = new MemoryStore();
        stores.push(store);
        const shop = await startShop({ store, ...options }, h);
        shops.push(shop);
        return [shop];
      }
      const prefix = `attack${++prefixes}:`;
      const pair = await Promise.all([
        createRedisStore({ url: redis!.url, prefix }),
        createRedisStore({ url: redis!.url, prefix }),
      ]);
      stores.push(...pair);
      // Behind one load balancer: both instances are reached at, and tell the API, the first one's URL.
      const first = await startShop({ store: pair[0], ...options }, h);
      const second = await startShop({ store: pair[1], publicUrl: first.base, ...options }, h);
      shops.push(first, second);
      return [first, second];
    }

    let a: Shop;
    let all: Shop[];
    /** The instance the n-th request goes to: round robin, as a load balancer would. */
    const via = (n: number) => all[n % all.length]!;

    test.beforeAll(async () => {
      h = await startSandbox();
      if (kind === 'redis') redis = await startRedis();
      all = await instances();
      a = all[0]!;
    });

    test.afterAll(async () => {
      for (const shop of shops) await shop.close();
      for (const store of stores) await store.close();
      await h?.close();
      await redis?.stop();
    });

    test.afterEach(() => clearFaults(h));

    test('pay, then submit again seven times with seven new attempt ids', async () => {
      const order = await a.order();
      const first = (await submitCard(a, order.id)).res;
      expect(first.body.payment.status).toBe('PAID');
      const again: Answer[] = [];
      for (let i = 0; i < 7; i++) again.push((await submitCard(via(i + 1), order.id)).res);
      expect(
        again.every(
          (r) =>
            r.status === 200 &&
            r.body.replayed === true &&
            r.body.payment.id === first.body.payment.id &&
            r.body.payment.status === 'PAID',
        ),
      ).toBe(true);
      const ledger = ledgerOf(h, order.id);
      expect([ledger.payments, ledger.moved]).toEqual([1, 1]);
      report(
        `${kind}: a paid order submitted 7 more times with 7 attempt ids`,
        `every answer is the first payment (PAID, replayed); ledger: ${ledger.summary()}`,
      );
    });

    test('a second tab loads an order that is paid: the checkout view carries its payment, from either instance', async () => {
      const order = await a.order();
      expect(
        (await a.browser(`/checkout?order=${order.clientSecret}`)).body.payment,
      ).toBeUndefined();
      const declined = (
        await submitCard(a, order.id, {}, { number: '4111111111111111', cvv: '1234' })
      ).res;
      expect(declined.body.payment.status).toBe('REJECTED');
      // A decline leaves the order open: a form again, no payment to show.
      expect(
        (await via(1).browser(`/checkout?order=${order.clientSecret}`)).body.payment,
      ).toBeUndefined();
      const paid = (await submitCard(a, order.id)).res;
      expect(paid.body.payment.status).toBe('PAID');
      const views = await Promise.all(
        all.map((shop) => shop.browser(`/checkout?order=${order.clientSecret}`)),
      );
      for (const view of views) expect(view.body.payment).toEqual(paid.body.payment);
      const ledger = ledgerOf(h, order.id);
      expect([ledger.accepted, ledger.moved]).toEqual([1, 1]);
      report(
        `${kind}: a paid order's checkout loaded again on ${all.length} instance(s)`,
        `each view carries the PAID payment (${paid.body.payment.id}), none before it; ledger: ${ledger.summary()}, one accepted`,
      );
    });

    test('twenty concurrent submissions with twenty attempt ids', async () => {
      const order = await a.order();
      const answers = (
        await Promise.all(Array.from({ length: 20 }, (_, i) => submitCard(via(i), order.id)))
      ).map((s) => s.res);
      expect(statuses(answers)).toBe(Array(20).fill(200).join(' '));
      expect(ids(answers).size).toBe(1);
      expect(answers.filter((r) => r.body.replayed !== true)).toHaveLength(1);
      const ledger = ledgerOf(h, order.id);
      expect([ledger.payments, ledger.moved]).toEqual([1, 1]);
      report(
        `${kind}: 20 concurrent submissions, 20 attempt ids, across ${all.length} instance(s)`,
        `20 × 200 with one payment id; ledger: ${ledger.summary()}`,
      );
    });

    test('the sandbox commits then drops the connection, once and then on every retry', async () => {
      const once = await a.order();
      await fault(h, { path: '/secure_payments', kind: 'commit_then_drop', count: 1 });
      const retried = (await submitCard(a, once.id)).res;
      expect(retried.body.payment.status).toBe('PAID');
      expect(ledgerOf(h, once.id).moved).toBe(1);

      const always = await a.order();
      await fault(h, { path: '/secure_payments', kind: 'commit_then_drop', count: 10 });
      const lost = (await submitCard(a, always.id)).res;
      expect([lost.status, lost.body.error.type, lost.body.error.retryable]).toEqual([
        502,
        'upstream_unavailable',
        true,
      ]);
      await clearFaults(h);
      const after = await Promise.all(
        Array.from({ length: 5 }, (_, i) => submitCard(via(i), always.id).then((s) => s.res)),
      );
      expect(after.every((r) => r.status === 200 && r.body.payment.status === 'PAID')).toBe(true);
      const ledger = ledgerOf(h, always.id);
      expect([ledger.payments, ledger.moved]).toEqual([1, 1]);
      report(
        `${kind}: commit then drop on every try (the server never saw an answer), then 5 new submissions`,
        `the first is told to retry (502); the 5 find the committed payment through GET /orders; ledger: ${ledger.summary()}`,
      );
    });

    test('the sandbox answers 503 and 429, briefly and then for good', async () => {
      const brief = await a.order();
      await fault(h, { path: '/secure_payments', kind: 'status', status: 503, count: 1 });
      await fault(h, { path: '/secure_payments', kind: 'status', status: 429, count: 1 });
      expect((await submitCard(a, brief.id)).res.body.payment.status).toBe('PAID');
      expect(ledgerOf(h, brief.id).moved).toBe(1);

      const down = await a.order();
      await fault(h, { path: '/secure_payments', kind: 'status', status: 503, count: 20 });
      const refused = (await submitCard(a, down.id)).res;
      expect([refused.status, refused.body.error.retryable]).toEqual([502, true]);
      expect(ledgerOf(h, down.id).payments).toBe(0);
      await clearFaults(h);
      const answers = await Promise.all(
        Array.from({ length: 4 }, (_, i) => submitCard(via(i), down.id).then((s) => s.res)),
      );
      expect(ids(answers).size).toBe(1);
      const ledger = ledgerOf(h, down.id);
      expect([ledger.payments, ledger.moved]).toEqual([1, 1]);
      report(
        `${kind}: 503 then 429 (retried), and 503 on every try then 4 concurrent new submissions`,
        `one PAID each; the API's 5xx left the order open and it was charged once; ledger: ${ledger.summary()}`,
      );
    });

    test('the API answers after the client gave up (latency past the deadline), and a connection that drops before the API', async () => {
      // The API's latency (4 s) and the outcome window (6 s) leave a loaded machine time to send the
      // submissions meant to fall inside them (1.2 s and 2.5 s did not, at load 20).
      const slow = await instances({
        client: h.clientFor({ timeoutMs: 300, deadlineMs: 300, maxRetries: 0 }),
        outcomeWindowMs: 6000,
      });
      // Making an order asks the API too, through the same 0.3 s client: on a loaded machine that
      // may time out (502, retryable), which is set-up, not what is attacked here, so it is asked again.
      const newOrder = async () => {
        for (let tries = 1; ; tries++) {
          try {
            return await slow[0]!.order();
          } catch (error) {
            if (tries === 10 || !String(error).includes('order not created: 502')) throw error;
          }
        }
      };
      const order = await newOrder();
      await fault(h, { path: '/secure_payments', kind: 'latency', latency_ms: 4000, count: 1 });
      const gaveUp = (await submitCard(slow[0]!, order.id)).res;
      expect([gaveUp.status, gaveUp.body.error.retryable]).toEqual([502, true]);
      // The API is still working on it: nobody may charge the order meanwhile.
      const meanwhile = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          submitCard(slow[i % slow.length]!, order.id).then((s) => s.res),
        ),
      );
      expect(meanwhile.map((r) => [r.status, r.body.error?.type])).toEqual(
        Array(5).fill([409, 'payment_in_progress']),
      );
      // The API commits when its latency is over: then the order answers with that payment.
      await expect.poll(() => ledgerOf(h, order.id).payments).toBe(1);
      const later = (await submitCard(slow[1 % slow.length]!, order.id)).res;
      expect([later.body.payment?.status, later.body.replayed]).toEqual(['PAID', true]);
      const ledger = ledgerOf(h, order.id);
      expect([ledger.payments, ledger.moved]).toEqual([1, 1]);

      // Dropped before the API saw it: the order stays closed for the outcome window, then it can be paid.
      const dropped = await newOrder();
      await fault(h, { path: '/secure_payments', kind: 'drop', count: 1 });
      expect((await submitCard(slow[0]!, dropped.id)).res.status).toBe(502);
      expect((await submitCard(slow[0]!, dropped.id)).res.status).toBe(409);
      // The outcome window is time itself: past it, the order can be paid.
      await new Promise((resolve) => setTimeout(resolve, 6100));
      expect((await submitCard(slow[0]!, dropped.id)).res.body.payment.status).toBe('PAID');
      const second = ledgerOf(h, dropped.id);
      expect([second.payments, second.moved]).toEqual([1, 1]);
      report(
        `${kind}: the API answers 4 s after a 0.3 s deadline; 5 submissions meanwhile; and a request dropped before the API`,
        `502, then 5 × 409 payment_in_progress, then the late payment answered (ledger: ${ledger.summary()}); the dropped one: 502, 409 inside the window, paid after it (ledger: ${second.summary()})`,
      );
    });

    test('a declined attempt reopens the order; a wrong security code then the right one', async () => {
      const order = await a.order();
      const declined = (
        await submitCard(a, order.id, {}, { number: '4111111111111111', cvv: '1234' })
      ).res;
      expect(declined.body.payment).toMatchObject({ status: 'REJECTED', status_code: '315' });
      const paid = (await submitCard(via(1), order.id)).res;
      expect(paid.body.payment.status).toBe('PAID');
      const again = (await submitCard(via(2), order.id)).res;
      expect([again.body.payment.id, again.body.replayed]).toEqual([paid.body.payment.id, true]);
      const ledger = ledgerOf(h, order.id);
      expect([ledger.payments, ledger.accepted, ledger.moved]).toEqual([2, 1, 1]);
      report(
        `${kind}: a decline (315), a payment, then another submission`,
        `the decline left the order open, the payment closed it; ledger: ${ledger.summary()}, one accepted`,
      );
    });

    test('a pending redirect and a pending 3-D Secure hold the order; a rejected 3-D Secure reopens it', async () => {
      const pix = await a.order({ methods: ['CARD', 'PX'] });
      const pending = await a.browser('/payments', {
        method: 'POST',
        body: JSON.stringify({
          order: pix.clientSecret,
          attempt: crypto.randomUUID(),
          method: { type: 'redirect', methodId: 'PX' },
        }),
      });
      expect(pending.body.payment.status).toBe('PENDING');
      const cards = await Promise.all(
        Array.from({ length: 5 }, (_, i) => submitCard(via(i), pix.id).then((s) => s.res)),
      );
      expect(
        cards.every(
          (r) =>
            r.body.payment.id === pending.body.payment.id &&
            r.body.nextAction?.url === pending.body.nextAction.url,
        ),
      ).toBe(true);
      await payerOnPage(pending.body.nextAction.url, 'approve');
      await expect
        .poll(async () => (await submitCard(a, pix.id)).res.body.payment.status)
        .toBe('PAID');
      const pixLedger = ledgerOf(h, pix.id);
      expect([pixLedger.payments, pixLedger.moved]).toEqual([1, 1]);

      const tds = await a.order(za);
      const first = (await submitCard(a, tds.id)).res;
      expect(first.body.payment).toMatchObject({ status: 'PENDING', status_code: '101' });
      expect((await submitCard(via(1), tds.id)).res.body.payment.id).toBe(first.body.payment.id);
      await payerOnPage(first.body.nextAction.url, 'reject');
      const retry = (await submitCard(via(1), tds.id)).res;
      expect(retry.body.payment.status).toBe('PENDING');
      expect(retry.body.payment.id).not.toBe(first.body.payment.id);
      await payerOnPage(retry.body.nextAction.url, 'approve');
      const tdsLedger = ledgerOf(h, tds.id);
      expect([tdsLedger.payments, tdsLedger.accepted, tdsLedger.moved]).toEqual([2, 1, 1]);
      report(
        `${kind}: a PIX payment pending, 5 card submissions meanwhile; a 3-D Secure rejected by the payer, then paid`,
        `the 5 got the pending payment and its page (ledger: ${pixLedger.summary()}); after the rejection a new attempt was allowed (ledger: ${tdsLedger.summary()}, one accepted)`,
      );
    });

    test('an installment plan belongs to the order, amount and BIN it was made for', async () => {
      const mine = await a.order({ amount: 1200 });
      const other = await a.order({ amount: 1200 });
      const plan = (
        await a.browser('/installments', {
          method: 'POST',
          body: JSON.stringify({ order: mine.clientSecret, bin: '411111' }),
        })
      ).body.plan;
      const three = plan.installments.find((o: { installments: number }) => o.installments === 3);
      const using = (id: string) => ({
        method: { type: 'card', installments: '3', installmentsId: id },
      });
      const withPlan = async (
        shop: Shop,
        orderRef: string,
        id: string,
        number = '4111111111111111',
      ) => {
        const view = (await shop.browser(`/checkout?order=${orderRef}`)).body;
        const encryptedData = await encryptCard({ number, cvv: '123' }, view.publicKey);
        const body = {
          order: orderRef,
          attempt: crypto.randomUUID(),
          method: {
            ...using(id).method,
            encryptedData,
            holderName: 'Thiago Gabriel',
            expirationMonth: 10,
            expirationYear: 2040,
          },
        };
        return shop.browser('/payments', { method: 'POST', body: JSON.stringify(body) });
      };
      const stolen = await withPlan(via(1), other.clientSecret, three.id);
      expect([stolen.status, stolen.body.error.type, stolen.body.error.param]).toEqual([
        409,
        'order_mismatch',
        'method.installmentsId',
      ]);
      const madeUp = await withPlan(a, other.clientSecret, `${plan.id.slice(0, -2)}zz-3`);
      expect([madeUp.status, madeUp.body.error.param]).toEqual([400, 'method.installmentsId']);
      // The merchant changes the order's amount: the plan made for the old amount is no longer good.
      const changed = await a.order({ amount: 1200 });
      const oldPlan = (
        await a.browser('/installments', {
          method: 'POST',
          body: JSON.stringify({ order: changed.clientSecret, bin: '411111' }),
        })
      ).body.plan;
      await fetch(`${a.base}/orders`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${a.apiToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          id: changed.id,
          currency: changed.currency,
          country: 'BR',
          payer,
          amount: 1500,
        }),
      });
      const stale = await withPlan(a, changed.clientSecret, oldPlan.installments[2].id);
      expect([stale.status, stale.body.error.type]).toEqual([409, 'order_mismatch']);
      // The plan of the order's own amount, for a Visa BIN, with a Mastercard: the API (which alone sees the card) refuses it.
      const otherBin = await withPlan(a, mine.clientSecret, three.id, '5555555555554444');
      expect([otherBin.status, otherBin.body.error.code, otherBin.body.error.param]).toEqual([
        422,
        5001,
        'card.installments_id',
      ]);
      expect([
        ledgerOf(h, other.id).payments,
        ledgerOf(h, changed.id).payments,
        ledgerOf(h, mine.id).payments,
      ]).toEqual([0, 0, 0]);
      const own = await withPlan(via(1), mine.clientSecret, three.id);
      expect(own.body.payment).toMatchObject({ status: 'PAID', card: { installments: '3' } });
      report(
        `${kind}: another order's plan, a made-up plan id, a plan for an amount the order no longer has, a plan for another card's BIN`,
        `409 order_mismatch, 400, 409, 422 (API 5001 card.installments_id); nothing charged (ledger: 0 payments on each order); the order's own plan paid in 3`,
      );
    });

    test('back-office actions sent twenty times at once, retried after a 502, and one key for two operations', async () => {
      const admin = (
        shop: Shop,
        path: string,
        body: unknown,
        headers: Record<string, string> = {},
      ) =>
        fetch(`${shop.base}${path}`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${shop.apiToken}`,
            'Content-Type': 'application/json',
            ...headers,
          },
          body: JSON.stringify(body),
        }).then(async (r) => ({ status: r.status, body: await r.json() }));
      const order = await a.order({ intent: 'authorize', amount: 100 });
      const auth = (await submitCard(a, order.id)).res.body.payment;
      expect(auth.status).toBe('AUTHORIZED');

      const action = crypto.randomUUID();
      const captures = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          admin(via(i), `/admin/payments/${auth.id}/capture`, { amount: 10, action }),
        ),
      );
      expect(captures.every((r) => r.status === 200)).toBe(true);
      expect(new Set(captures.map((r) => r.body.payment.id)).size).toBe(1);
      expect(ledgerOf(h, order.id).captures).toBe(1);
      const capture = captures[0]!.body.payment;

      const refundAction = crypto.randomUUID();
      const refunds = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          admin(via(i), `/admin/payments/${capture.id}/refunds`, {
            amount: 2,
            action: refundAction,
          }),
        ),
      );
      expect(refunds.map((r) => (r.status === 200 ? 200 : JSON.stringify(r.body)))).toEqual(
        Array(20).fill(200),
      );
      expect(new Set(refunds.map((r) => r.body.refund?.id)).size).toBe(1);
      expect(refundsOf(h, capture.id)).toBe(1);

      // Every try of a capture committed and lost: the operator is told to retry, and the retry makes none extra.
      await fault(h, { path: '/payments', method: 'POST', kind: 'commit_then_drop', count: 10 });
      const lostAction = crypto.randomUUID();
      const lost = await admin(a, `/admin/payments/${auth.id}/capture`, {
        amount: 20,
        action: lostAction,
      });
      expect([lost.status, lost.body.error.retryable]).toEqual([502, true]);
      await clearFaults(h);
      const retried = await admin(via(1), `/admin/payments/${auth.id}/capture`, {
        amount: 20,
        action: lostAction,
      });
      expect(retried.body.payment).toMatchObject({ status: 'PAID', amount: 20 });
      expect(ledgerOf(h, order.id).captures).toBe(2);

      // One Idempotency-Key for a capture, then for a refund and for another amount: refused, nothing done.
      const key = crypto.randomUUID();
      expect(
        (
          await admin(
            a,
            `/admin/payments/${auth.id}/capture`,
            { amount: 5 },
            { 'Idempotency-Key': key },
          )
        ).status,
      ).toBe(200);
      const asRefund = await admin(
        via(1),
        `/admin/payments/${capture.id}/refunds`,
        { amount: 1 },
        { 'Idempotency-Key': key },
      );
      const otherAmount = await admin(
        a,
        `/admin/payments/${auth.id}/capture`,
        { amount: 6 },
        { 'Idempotency-Key': key },
      );
      expect([
        asRefund.status,
        asRefund.body.error.type,
        otherAmount.status,
        otherAmount.body.error.type,
      ]).toEqual([409, 'idempotency_key_reused', 409, 'idempotency_key_reused']);
      expect([ledgerOf(h, order.id).captures, refundsOf(h, capture.id)]).toEqual([3, 1]);
      const unkeyed = await admin(a, `/admin/payments/${auth.id}/capture`, { amount: 1 });
      expect([unkeyed.status, unkeyed.body.error.param]).toEqual([400, 'action']);
      report(
        `${kind}: 20 concurrent partial captures and 20 refunds with one action id; a capture lost on every try, then retried; one key for a capture, a refund and another amount`,
        `1 capture and 1 refund; the retry made none extra (captures in the ledger: 2 after it); the reused key: 409 twice, still 3 captures and 1 refund; no key: 400`,
      );
    });

    test('a used callback replayed as is, in other letters and in another encoding', async () => {
      const order = await a.order(za);
      const pending = (await submitCard(a, order.id)).res.body;
      const callback = (await payerOnPage(pending.nextAction.url, 'approve'))!;
      const post = (shop: Shop, body: BodyInit, headers: Record<string, string> = {}) =>
        fetch(`${shop.base}/callback`, { method: 'POST', body, headers, redirect: 'manual' }).then(
          async (r) => ({ status: r.status, text: await r.text() }),
        );
      const { fields } = callback;
      expect((await post(a, new URLSearchParams(fields))).status).toBe(303);
      const multipart = new FormData();
      for (const [k, v] of Object.entries(fields)) multipart.append(k, v);
      const encoded = Object.entries(fields)
        .map(
          ([k, v]) =>
            `${k}=${[...v].map((ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('')}`,
        )
        .join('&');
      const replays = [
        await post(via(1), new URLSearchParams(fields)),
        await post(
          a,
          new URLSearchParams({ ...fields, signature: fields.signature!.toUpperCase() }),
        ),
        await post(via(1), multipart),
        await post(a, encoded, { 'Content-Type': 'application/x-www-form-urlencoded' }),
        await post(
          via(1),
          new URLSearchParams({
            ...fields,
            signature: fields.signature!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
          }),
        ),
      ];
      expect(replays.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
      expect(replays.slice(0, 4).every((r) => r.text.includes('already used'))).toBe(true);
      const ledger = ledgerOf(h, order.id);
      expect(ledger.moved).toBe(1);
      report(
        `${kind}: a used 3-D Secure callback re-sent as is, upper-case signature, multipart, percent-encoded, and forged`,
        `5 × 403 (4 "already used", the forged one "not valid"); ledger: ${ledger.summary()}`,
      );
    });
  });
}

test('the memory store forgets expired claims and bound values instead of keeping them for ever', async () => {
  const store = new MemoryStore();
  for (let i = 0; i < 3000; i++) await store.claim(`callback:${i}`, 1);
  for (let i = 0; i < 1000; i++) await store.bind(`admin-key:${i}`, 'x', 1);
  await new Promise((resolve) => setTimeout(resolve, 10));
  for (let i = 0; i < 1000; i++) await store.claim(`later:${i}`, 60_000);
  const { claims, bound } = store.size;
  expect(claims).toBeLessThanOrEqual(1000);
  expect(bound).toBe(0);
  report(
    '4,000 one-time claims and bound values that expire, then 1,000 more claims',
    `${claims} claims and ${bound} bound values held after the sweep (4,000 expired ones dropped)`,
  );
});
