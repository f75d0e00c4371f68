/**
 * Decline limits an attacker cannot step around: the per-address limit of declined payments
 * (`declineLimit`), against the real sandbox over HTTP, with the memory store, Redis and
 * PostgreSQL. Clients are told apart by `X-Forwarded-For` behind a trusted proxy (the
 * loopback). What reached the API is counted in the sandbox's ledger (REJECTED payments of
 * each test's own orders), never from the server's bookkeeping.
 *
 * 1. Submissions sent at once from one address reach the API at most `max` times: the place is
 *    reserved before the API is called, and given back when the attempt is not a decline.
 * 2. A decline counts whichever way it happens: REJECTED at once, a 3-D Secure challenge or a
 *    wallet's page rejected by the payer; one approved there gives its place back.
 * 3. IPv6 addresses are counted by their /64 (configurable), whatever their spelling; IPv4-mapped
 *    IPv6 as the IPv4 address.
 * 4. A shopper behind the same carrier NAT as a card tester can still pay a fresh order (the
 *    default scope), while the tester's orders stay blocked and the order's own lock still stops
 *    at its 5th decline; `scope: 'address'` blocks the whole address.
 */
import { MemoryStore, type CheckoutHandlerOptions, type CheckoutStore } from '@paylit/server';
import { createPostgresStore } from '@paylit/server/postgres';
import { createRedisStore } from '@paylit/server/redis';
import { expect, test } from '@playwright/test';
import {
  southAfricanPayer,
  startSandbox,
  startShop,
  submitCard,
  uid,
  type Harness,
  type Shop,
} from '../../packages/server/test/support/harness.js';
import { startPostgres, type Postgres } from '../../packages/server/test/support/postgres.js';
import { startRedis, type Redis } from '../../packages/server/test/support/redis.js';
import { encryptCard } from '@paylit/core/crypto';
import { browser, postOrder, startServer, type CliServer } from './cli.js';
import { report, steadyWindowMs } from './support.js';
import { scaled } from '../support/time.mjs';

/**
 * How long a store call may take before it is unavailable: the stores' 1 s, scaled as any work is
 * (30 declines at once on a loaded machine once took PostgreSQL past 1 s). The limits counted
 * here are the store's, not its speed.
 */
const storeTime = scaled(1_000);

/** A number that fails its brand's check digit: the API declines it (REJECTED 314). */
const BAD_CARD = { number: '4111111111111112', cvv: '123' };
const GOOD_CARD = { number: '4111111111111111', cvv: '123' };

/** South Africa requires 3-D Secure. */
const za = { country: 'ZA', currency: 'ZAR', payer: southAfricanPayer };

type Answer = Awaited<ReturnType<Shop['browser']>>;

/** What the sandbox's ledger holds of the orders whose ids start with `prefix`. */
function ledger(h: Harness, prefix: string) {
  const payments = h.sandbox
    .ledger()
    .entries.filter(
      (e) =>
        e.order_id?.startsWith(prefix) &&
        (e.kind === 'payment' || e.kind === 'authorization' || e.kind === 'verification'),
    );
  return {
    rejected: payments.filter((e) => e.status === 'REJECTED').length,
    made: payments.filter((e) => e.status !== 'REJECTED' && e.status !== 'PENDING').length,
    all: payments.length,
  };
}

/** A card payment from `from` (the X-Forwarded-For the trusted proxy adds). */
async function pay(
  shop: Shop,
  order: { clientSecret: string },
  from: string,
  card = BAD_CARD,
  overrides: Record<string, unknown> = {},
): Promise<Answer> {
  return (await submitCard(shop, order.clientSecret, overrides, card, { 'X-Forwarded-For': from }))
    .res;
}

/** The payer on a 3-D Secure or wallet page: approves or rejects; answers the callback form the page posts. */
async function payerOnPage(url: string, outcome: 'approve' | 'reject') {
  const html = await (
    await fetch(url, { method: 'POST', body: new URLSearchParams({ outcome }) })
  ).text();
  const at = html.indexOf('id="callback"');
  expect(at, 'the page posts a callback').toBeGreaterThan(-1);
  const action = /action="([^"]+)"/.exec(html.slice(at))![1]!;
  const fields = Object.fromEntries(
    [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );
  // The payer's browser posts it to the shop's callback, which sends it on to the return page.
  const res = await fetch(action, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return fields;
}

const summary = (answers: Answer[]) => {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const k =
      a.status === 200 ? String(a.body.payment?.status) : `${a.status} ${a.body.error?.type}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n} × ${k}`).join(', ');
};

type Kind = 'memory' | 'redis' | 'postgres';

for (const kind of ['memory', 'redis', 'postgres'] as const satisfies readonly Kind[]) {
  test.describe(`decline limits with the ${kind} store`, () => {
    let h: Harness;
    let redis: Redis | undefined;
    let postgres: Postgres | undefined;
    let postgresUrl: string | undefined;
    const stores: CheckoutStore[] = [];
    const shops: Shop[] = [];
    let prefixes = 0;

    /** A store of its own (its own prefix), and for Redis and PostgreSQL a second handle on it: a second instance. */
    async function newStores(): Promise<CheckoutStore[]> {
      const n = ++prefixes;
      const made =
        kind === 'memory'
          ? [new MemoryStore()]
          : kind === 'redis'
            ? await Promise.all(
                [0, 1].map(() =>
                  createRedisStore({
                    url: redis!.url,
                    prefix: `declines${n}:`,
                    timeoutMs: storeTime,
                  }),
                ),
              )
            : await Promise.all(
                [0, 1].map(() =>
                  createPostgresStore({
                    url: postgresUrl!,
                    tablePrefix: `declines${n}_`,
                    timeoutMs: storeTime,
                  }),
                ),
              );
      stores.push(...made);
      return made;
    }

    /** A shop behind one trusted proxy (the loopback); for Redis and PostgreSQL, two instances sharing the store. */
    async function shopsWith(options: Partial<CheckoutHandlerOptions> = {}): Promise<Shop[]> {
      const [store, same] = await newStores();
      const opts = { store, trustProxy: ['127.0.0.1'], ...options };
      const first = await startShop(opts, h);
      shops.push(first);
      if (!same) return [first];
      const second = await startShop({ ...opts, store: same, publicUrl: first.base }, h);
      shops.push(second);
      return [first, second];
    }

    test.beforeAll(async () => {
      test.setTimeout(scaled(40_000)); // Redis and PostgreSQL started for the stores
      h = await startSandbox();
      if (kind === 'redis') redis = await startRedis();
      if (kind === 'postgres') {
        postgres = await startPostgres();
        postgresUrl = await postgres.createDatabase('declines');
      }
    });

    test.afterAll(async () => {
      // The sandbox first: no notification arrives at a shop whose store is closing.
      await h?.close();
      for (const shop of shops) await shop.close();
      for (const store of stores) await store.close();
      await redis?.stop();
      await postgres?.destroy();
    });

    test('30 bad cards at once from one address, on 30 orders, reach the API at most 10 times (the limit): the place is reserved before the API is called', async () => {
      test.setTimeout(scaled(40_000)); // 30 declined payments at once on each store
      for (const scope of ['order', 'address'] as const) {
        const all = await shopsWith({
          declineLimit: { windowMs: steadyWindowMs(), max: 10, scope },
        });
        const prefix = uid(`burst-${scope}`);
        const orders = await Promise.all(
          Array.from({ length: 30 }, (_, i) => all[0]!.order({ id: `${prefix}-${i}` })),
        );
        const answers = await Promise.all(
          orders.map((o, i) => pay(all[i % all.length]!, o, '203.0.113.7')),
        );
        const counted = ledger(h, prefix);
        expect(counted.rejected).toBeLessThanOrEqual(10);
        expect(counted.rejected).toBe(10);
        const refused = answers.filter((a) => a.status === 429);
        expect(refused).toHaveLength(20);
        for (const a of refused) expect(a.body.error).toMatchObject({ type: 'rate_limited' });
        // The refused ones sent again, one by one, once the ten are answered.
        const again: Answer[] = [];
        for (const [i, a] of answers.entries())
          if (a.status === 429)
            again.push(await pay(all[i % all.length]!, orders[i]!, '203.0.113.7'));
        const total = ledger(h, prefix);
        report(
          `${kind}, scope ${scope}: 30 bad cards sent at once from 203.0.113.7 on 30 orders${all.length > 1 ? ' through two instances' : ''} (limit 10), then the 20 refused sent again one by one`,
          `at once: ${summary(answers)} (${refused.filter((a) => a.body.error.retryable).length} of the 429 retryable: the limit was full of attempts still with the API); the sandbox ledger held ${counted.rejected} REJECTED; again: ${summary(again)}, ledger ${total.rejected} REJECTED in all`,
        );
        if (scope === 'address') {
          // Declines counted: refused for good, nothing more reaches the API.
          for (const a of again) expect([a.status, a.body.error?.retryable]).toEqual([429, false]);
          expect(total.rejected).toBe(10);
        } else {
          // Orders with no decline yet keep their own allowance (the trade-off of this scope):
          // sent one by one, each reaches the API once, never beside another.
          expect(total.rejected).toBe(30);
          expect(again.map((a) => a.body.payment?.status)).toEqual(Array(20).fill('REJECTED'));
        }
        // Another address is not affected.
        const elsewhere = await all[0]!.order({ id: `${prefix}-elsewhere` });
        expect((await pay(all[0]!, elsewhere, '203.0.113.8', GOOD_CARD)).body.payment.status).toBe(
          'PAID',
        );
      }
    });

    test('what is not a decline gives its place back: 24 approved payments (12 at once), 3 refusals before the API and a replay, then 10 declines still reach the API and the 11th is refused', async () => {
      test.setTimeout(scaled(30_000)); // 24 payments, refusals and 11 declines per store
      const [shop] = await shopsWith({
        declineLimit: { windowMs: steadyWindowMs(), max: 10, scope: 'address' },
      });
      const prefix = uid('release');
      const from = '203.0.113.20';
      const good = await Promise.all(
        Array.from({ length: 12 }, (_, i) => shop!.order({ id: `${prefix}-good-${i}` })),
      );
      // Sent at once: while ten are with the API the limit is full, and the others are told to
      // try again in a moment (retryable); sent again, each pays.
      const atOnce = await Promise.all(good.map((o) => pay(shop!, o, from, GOOD_CARD)));
      const busy = atOnce.filter((a) => a.status === 429);
      for (const a of busy)
        expect(a.body.error).toMatchObject({ type: 'rate_limited', retryable: true });
      for (const [i, a] of atOnce.entries())
        if (a.status === 429)
          expect((await pay(shop!, good[i]!, from, GOOD_CARD)).body.payment?.status).toBe('PAID');
      expect(atOnce.filter((a) => a.status === 200).map((a) => a.body.payment.status)).toEqual(
        Array(12 - busy.length).fill('PAID'),
      );
      expect(ledger(h, `${prefix}-good-`).made).toBe(12);
      // And twelve more one after the other: none is refused.
      for (let i = 0; i < 12; i++)
        expect(
          (await pay(shop!, await shop!.order({ id: `${prefix}-good-${12 + i}` }), from, GOOD_CARD))
            .body.payment?.status,
        ).toBe('PAID');
      // A client secret one character off: refused before the API.
      const off =
        good[0]!.clientSecret.slice(0, -1) + (good[0]!.clientSecret.endsWith('0') ? '1' : '0');
      for (let i = 0; i < 3; i++)
        expect((await pay(shop!, good[2]!, from, BAD_CARD, { order: off })).status).toBe(404);
      // A replay of a paid order: its payment answered again.
      expect((await pay(shop!, good[1]!, from, GOOD_CARD)).body.replayed).toBe(true);
      const bad = [];
      for (let i = 0; i < 11; i++)
        bad.push(await pay(shop!, await shop!.order({ id: `${prefix}-bad-${i}` }), from));
      const counted = ledger(h, `${prefix}-bad-`);
      report(
        `${kind}: from one address 12 good cards at once and 12 one by one, 3 bad secrets, a replay, then 11 bad cards on 11 orders (limit 10)`,
        `the 12 at once: ${summary(atOnce)}, the refused ones paid when sent again; the bad cards: ${summary(bad)}; ledger: ${counted.rejected} REJECTED, ${ledger(h, `${prefix}-good-`).made} paid`,
      );
      expect(counted.rejected).toBe(10);
      expect(bad.slice(0, 10).map((a) => a.body.payment?.status)).toEqual(
        Array(10).fill('REJECTED'),
      );
      expect([bad[10]!.status, bad[10]!.body.error?.type]).toEqual([429, 'rate_limited']);
    });

    test('a decline counts whichever way it happens: at once, a 3-D Secure challenge rejected by the payer, a wallet page rejected; approved ones give their place back', async () => {
      test.setTimeout(scaled(30_000)); // declines at once, by 3-D Secure and a wallet
      const [shop, other] = await shopsWith({
        declineLimit: { windowMs: steadyWindowMs(), max: 3, scope: 'address' },
      });
      const via = other ?? shop!;
      const prefix = uid('paths');
      const from = '198.51.100.30';
      const wallet = { method: { type: 'wallet', methodId: 'MP' } };
      // Approved on their pages: held while pending, given back by the callback.
      const tdsOk = await shop!.order({ id: `${prefix}-tds-ok`, ...za });
      const tdsOkPending = await pay(shop!, tdsOk, from, GOOD_CARD);
      expect(tdsOkPending.body.payment).toMatchObject({ status: 'PENDING', status_code: '101' });
      await payerOnPage(tdsOkPending.body.nextAction.url, 'approve');
      const wOk = await shop!.order({ id: `${prefix}-wallet-ok`, methods: ['MP'] });
      const wOkPending = await pay(via, wOk, from, GOOD_CARD, wallet);
      expect(wOkPending.body.payment.status).toBe('PENDING');
      await payerOnPage(wOkPending.body.nextAction.url, 'approve');
      // Three declines, one each way.
      const direct = await pay(shop!, await shop!.order({ id: `${prefix}-direct` }), from);
      expect(direct.body.payment.status).toBe('REJECTED');
      const tds = await shop!.order({ id: `${prefix}-tds`, ...za });
      const tdsPending = await pay(via, tds, from, GOOD_CARD);
      expect(tdsPending.body.payment.status).toBe('PENDING');
      await payerOnPage(tdsPending.body.nextAction.url, 'reject');
      const w = await shop!.order({ id: `${prefix}-wallet`, methods: ['MP'] });
      const wPending = await pay(shop!, w, from, GOOD_CARD, wallet);
      expect(wPending.body.payment.status).toBe('PENDING');
      await payerOnPage(wPending.body.nextAction.url, 'reject');
      // The fourth try, a good card, is refused before the API.
      const after = await shop!.order({ id: `${prefix}-after` });
      const fourth = await pay(via, after, from, GOOD_CARD);
      const counted = ledger(h, prefix);
      report(
        `${kind}: from one address (limit 3, scope address) a 3-D Secure and a wallet payment approved by the payer, then a card declined at once, a 3-D Secure rejected and a wallet page rejected, then a good card`,
        `ledger: ${counted.rejected} REJECTED, ${counted.made} made; the good card after: ${fourth.status} ${fourth.body.error?.type ?? fourth.body.payment?.status}, ${ledger(h, `${prefix}-after`).all} payment(s) for it`,
      );
      expect([counted.rejected, counted.made]).toEqual([3, 2]);
      expect([fourth.status, fourth.body.error?.type]).toEqual([429, 'rate_limited']);
      expect(ledger(h, `${prefix}-after`).all).toBe(0);
      // Another address pays.
      expect((await pay(shop!, after, '198.51.100.31', GOOD_CARD)).body.payment.status).toBe(
        'PAID',
      );
    });

    test('a 3-D Secure held in one window and approved in the next gives its place back to the window it was taken in, not to the next', async () => {
      test.setTimeout(scaled(30_000)); // two 8 s windows of the clock, and payments
      const windowMs = 8_000;
      const [shop] = await shopsWith({
        declineLimit: { windowMs, max: 2, scope: 'address' },
      });
      const prefix = uid('window');
      const from = '198.51.100.77';
      const clock = () => stores.at(-1)!.now();
      const windowOf = async () => Math.floor((await clock()) / windowMs);
      /**
       * Until the store's clock reads `at` or later: slept for what it says is left, then read
       * again (its clock, not this process's). Not an expect.poll every 20 ms: each of its failed
       * tries (hundreds over a window) was an error Playwright's runner drew a code frame for.
       */
      const clockReaches = async (at: number) => {
        const until = Date.now() + 2 * windowMs;
        for (let now = await clock(); now < at; now = await clock()) {
          if (Date.now() > until)
            throw new Error(
              `the store's clock reads ${now}, not yet ${at}, after ${2 * windowMs} ms`,
            );
          await new Promise((resolve) => setTimeout(resolve, Math.min(at - now, 1_000)));
        }
      };
      // From the start of a window, so that the next one is whole when the test comes to it.
      const before = await windowOf();
      await clockReaches((before + 1) * windowMs);
      expect(await windowOf()).toBe(before + 1);
      // Held while the payer is on the bank's page, in this window.
      const tds = await shop!.order({ id: `${prefix}-tds`, ...za });
      const heldAt = await clock();
      const pending = await pay(shop!, tds, from, GOOD_CARD);
      expect(pending.body.payment.status).toBe('PENDING');
      const held = Math.floor(heldAt / windowMs);
      // Until a whole window has passed since: the counter the place was taken in has expired
      // however it is counted (a window from its first hit, or numbered by the clock).
      await clockReaches(heldAt + windowMs + 101);
      // On a machine so loaded that a whole window went by meanwhile, nothing can be concluded.
      const turned = (await windowOf()) === held + 1;
      const first = await pay(shop!, await shop!.order({ id: `${prefix}-b-0` }), from);
      expect(first.body.payment.status).toBe('REJECTED');
      // Approved now: its place was the last window's.
      await payerOnPage(pending.body.nextAction.url, 'approve');
      const more: Answer[] = [];
      for (let i = 1; i <= 3; i++)
        more.push(await pay(shop!, await shop!.order({ id: `${prefix}-b-${i}` }), from));
      const inWindow = turned && (await windowOf()) === held + 1;
      report(
        `${kind}: a 3-D Secure payment held in one window of 8 s (limit 2), approved in the next after a decline there, then 3 more bad cards`,
        `the 3 more: ${summary(more)}; ledger: ${ledger(h, `${prefix}-b-`).rejected} REJECTED in the second window${inWindow ? '' : ' (the windows did not fall as planned on this loaded machine: not asserted)'}`,
      );
      if (!inWindow) return;
      expect(ledger(h, `${prefix}-b-`).rejected).toBe(2);
      expect(more.map((a) => a.status)).toEqual([200, 429, 429]);
    });

    test('IPv6: fifteen addresses of one /64, spelt every way, are one client; ipv6Prefix widens it; an IPv4-mapped address is its IPv4 address', async () => {
      test.setTimeout(scaled(30_000)); // payments from 15 IPv6 spellings per store
      const [shop] = await shopsWith({
        declineLimit: { windowMs: steadyWindowMs(), max: 10, scope: 'address' },
      });
      const prefix = uid('v6');
      const spellings = (i: number) =>
        [
          `2001:db8:1:2::${(i + 1).toString(16)}`,
          `2001:0db8:0001:0002:0000:0000:0000:${(i + 1).toString(16).padStart(4, '0')}`,
          `2001:DB8:1:2:0:0:0:${(i + 1).toString(16).toUpperCase()}`,
          `2001:db8:1:2:${(i + 7).toString(16)}::1`,
          `[2001:db8:1:2::abc:${i + 1}]:443`,
        ][i % 5]!;
      const answers: Answer[] = [];
      for (let i = 0; i < 15; i++)
        answers.push(await pay(shop!, await shop!.order({ id: `${prefix}-${i}` }), spellings(i)));
      const counted = ledger(h, prefix);
      // Another /64 is another client; with ipv6Prefix 48 the same /48 is one.
      const next64 = await pay(
        shop!,
        await shop!.order({ id: `${prefix}-n` }),
        '2001:db8:1:3::1',
        GOOD_CARD,
      );
      const [wide] = await shopsWith({
        declineLimit: { windowMs: steadyWindowMs(), max: 2, scope: 'address', ipv6Prefix: 48 },
      });
      const wideAnswers: Answer[] = [];
      for (const from of ['2001:db8:5:1::1', '2001:db8:5:ffff::9', '2001:DB8:5:abcd:1::1'])
        wideAnswers.push(
          await pay(wide!, await wide!.order({ id: `${prefix}-w-${wideAnswers.length}` }), from),
        );
      const otherWide = await pay(
        wide!,
        await wide!.order({ id: `${prefix}-w-x` }),
        '2001:db8:6::1',
        GOOD_CARD,
      );
      // IPv4-mapped IPv6 and IPv4: one client.
      const mapped: Answer[] = [];
      for (const from of ['::ffff:192.0.2.44', '192.0.2.44', '::FFFF:c000:22c'])
        mapped.push(
          await pay(wide!, await wide!.order({ id: `${prefix}-m-${mapped.length}` }), from),
        );
      report(
        `${kind}: 15 bad cards from 15 addresses of 2001:db8:1:2::/64 written compressed, expanded, in upper case, with brackets and a port (limit 10); then a /48 prefix (limit 2); then ::ffff:192.0.2.44, 192.0.2.44 and ::ffff:c000:22c`,
        `the /64: ${summary(answers)} (ledger ${counted.rejected} REJECTED); the next /64 paid: ${next64.body.payment?.status}; the /48: ${summary(wideAnswers)}, another /48 ${otherWide.body.payment?.status}; mapped: ${summary(mapped)}`,
      );
      expect(counted.rejected).toBe(10);
      expect(answers.slice(10).map((a) => a.status)).toEqual(Array(5).fill(429));
      expect(next64.body.payment?.status).toBe('PAID');
      expect(wideAnswers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(otherWide.body.payment?.status).toBe('PAID');
      expect(mapped.map((a) => a.status)).toEqual([200, 200, 429]);
    });

    test("behind one carrier NAT: a card tester's 10 declines do not lock a shopper's fresh order out (default scope); the tester's orders stay blocked; an order still locks at its 5th decline; scope \"address\" blocks the whole address", async () => {
      test.setTimeout(scaled(40_000)); // a tester's declines and a shopper's payments
      const nat = '100.64.0.1';
      for (const scope of [undefined, 'address'] as const) {
        const [shop, second] = await shopsWith({
          declineLimit: { windowMs: steadyWindowMs(), max: 10, ...(scope ? { scope } : {}) },
        });
        const via = second ?? shop!;
        const prefix = uid(`nat-${scope ?? 'default'}`);
        const tester = [];
        for (let i = 0; i < 10; i++) {
          const order = await shop!.order({ id: `${prefix}-tester-${i}` });
          expect((await pay(i % 2 ? via : shop!, order, nat)).body.payment.status).toBe('REJECTED');
          tester.push(order);
        }
        // The tester's own orders, each with a decline: refused before the API.
        const again = await Promise.all(tester.map((o) => pay(shop!, o, nat)));
        expect(again.map((a) => a.status)).toEqual(Array(10).fill(429));
        expect(ledger(h, `${prefix}-tester-`).rejected).toBe(10);
        // The shopper behind the same address, with a fresh order.
        const shopper = await shop!.order({ id: `${prefix}-shopper` });
        const shopperPaid = await pay(via, shopper, nat, GOOD_CARD);
        if (scope === 'address') {
          report(
            `${kind}, scope address: 10 declines from ${nat} on 10 orders, the same orders again, then a shopper's fresh order from ${nat}`,
            `the orders again: ${summary(again)}; the shopper: ${shopperPaid.status} ${shopperPaid.body.error?.type}, ${ledger(h, `${prefix}-shopper`).all} payment(s)`,
          );
          expect([shopperPaid.status, shopperPaid.body.error?.type]).toEqual([429, 'rate_limited']);
          expect(ledger(h, `${prefix}-shopper`).all).toBe(0);
          continue;
        }
        expect(shopperPaid.body.payment?.status).toBe('PAID');
        expect(ledger(h, `${prefix}-shopper`).made).toBe(1);
        // A fresh order the tester makes: its own allowance, up to the order's lock at 5.
        const fresh = await shop!.order({ id: `${prefix}-fresh` });
        const tries: Answer[] = [];
        for (let i = 0; i < 6; i++) tries.push(await pay(i % 2 ? via : shop!, fresh, nat));
        // The tester's old orders are still refused.
        const stillBlocked = await pay(shop!, tester[0]!, nat, GOOD_CARD);
        // A second fresh order: 5 more; and a third still gets its own allowance: the address's
        // block never locks out an order whose own declines are under its limit.
        const fresh2 = await shop!.order({ id: `${prefix}-fresh-2` });
        const tries2: Answer[] = [];
        for (let i = 0; i < 5; i++) tries2.push(await pay(via, fresh2, nat));
        const third = await pay(shop!, await shop!.order({ id: `${prefix}-fresh-3` }), nat);
        report(
          `${kind}, default scope: 10 declines from ${nat} on 10 orders, the same orders again, a shopper's fresh order from ${nat}, then a fresh order tried 6 times with bad cards`,
          `the tester's orders again: ${summary(again)}; the shopper's order: ${shopperPaid.body.payment?.status} (ledger ${ledger(h, `${prefix}-shopper`).made} made); a fresh order: ${summary(tries)}; a good card on the tester's first order: ${stillBlocked.status}; a second fresh order: ${summary(tries2)}; a third: ${third.status} ${third.body.error?.type}; ledger of the fresh orders: ${ledger(h, `${prefix}-fresh`).rejected} REJECTED`,
        );
        expect(tries.slice(0, 5).map((a) => a.body.payment?.status)).toEqual(
          Array(5).fill('REJECTED'),
        );
        expect([tries[5]!.status, tries[5]!.body.error?.type]).toEqual([409, 'order_locked']);
        expect(stillBlocked.status).toBe(429);
        expect(tries2.map((a) => a.body.payment?.status)).toEqual(Array(5).fill('REJECTED'));
        expect(third.body.payment?.status).toBe('REJECTED');
        expect(ledger(h, `${prefix}-fresh-3`).rejected).toBe(1);
        // fresh, fresh-2 and fresh-3: 5 + 5 + 1.
        expect(ledger(h, `${prefix}-fresh`).rejected).toBe(11);
        expect(ledger(h, `${prefix}-tester-`).rejected).toBe(10);
      }
    });
  });
}

test('the options are checked: ipv6Prefix from 48 to 128, scope order or address', async () => {
  const shop = await startShop();
  try {
    const base = {
      client: shop.client,
      publicKey: shop.sandbox.publicJwk,
      publicUrl: shop.base,
      returnUrl: `${shop.origin}/return`,
      allowedOrigins: [],
    };
    const { createCheckoutHandler } = await import('@paylit/server');
    for (const bad of [
      { windowMs: 1000, max: 1, ipv6Prefix: 32 },
      { windowMs: 1000, max: 1, ipv6Prefix: 129 },
      { windowMs: 1000, max: 1, scope: 'everything' },
    ])
      expect(() => createCheckoutHandler({ ...base, declineLimit: bad as never })).toThrow(
        /declineLimit\.(ipv6Prefix|scope)/,
      );
    expect(() =>
      createCheckoutHandler({
        ...base,
        declineLimit: { windowMs: 1000, max: 1, ipv6Prefix: 56, scope: 'address' },
      }),
    ).not.toThrow();
  } finally {
    await shop.close();
  }
});

test('the real paylit-server, two processes on one Redis with the default options: 30 declined payments sent at once from one address reach the API 10 times', async () => {
  test.setTimeout(scaled(40_000)); // Redis, two paylit-server processes, 30 payments
  const h = await startSandbox();
  const redis = await startRedis();
  const servers: CliServer[] = [];
  try {
    const env = { PAYLIT_REDIS_URL: redis.url };
    for (let i = 0; i < 2; i++) servers.push(await startServer(h.sandbox, h.sandboxUrl, { env }));
    const prefix = uid('cli');
    // The orders, their views and the encrypted cards first; then the 30 submissions at once.
    const bodies = [];
    for (let i = 0; i < 30; i++) {
      const base = servers[i % 2]!.base;
      // The sandbox declines an order whose description holds a code from 300 to 326.
      const ref = await postOrder(base, {
        id: `${prefix}-${i}`,
        amount: 120,
        currency: 'BRL',
        country: 'BR',
        description: 'trigger 302',
        payer: { name: 'Thiago Gabriel', email: 't@example.com', document: '53033315550' },
      });
      const view = await browser(base, `/checkout?order=${encodeURIComponent(ref)}`);
      expect(view.status).toBe(200);
      bodies.push({
        base,
        body: {
          order: ref,
          attempt: crypto.randomUUID(),
          method: {
            type: 'card',
            encryptedData: await encryptCard(GOOD_CARD, view.body.publicKey),
            holderName: 'Card Tester',
            expirationMonth: 10,
            expirationYear: 2040,
          },
        },
      });
    }
    const answers = await Promise.all(
      bodies.map(({ base, body }) => browser(base, '/payments', body)),
    );
    const counted = ledger(h, prefix);
    const statuses = new Map<string, number>();
    for (const a of answers) {
      const k = a.status === 200 ? a.body.payment?.status : `${a.status} ${a.body.error?.type}`;
      statuses.set(k, (statuses.get(k) ?? 0) + 1);
    }
    report(
      '30 declined card payments sent at once from 127.0.0.1 to two paylit-server processes sharing one Redis, default options (10 an hour)',
      `${[...statuses].map(([k, n]) => `${n} × ${k}`).join(', ')}; the sandbox ledger holds ${counted.rejected} REJECTED`,
    );
    expect(counted.rejected).toBe(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20);
    // Nothing of the card in what the servers wrote.
    // The request ids (UUIDs, random hex) and the ports (random) left out: either may hold "4111"
    // by chance (6a28ee4f-afd8-4111-…; the sandbox at http://127.0.0.1:41111 failed this once).
    const requestId = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;
    const port = /(\/\/(?:\[[^\]\s]*\]|[^\s/:[\]]+)):\d+/g;
    for (const server of servers)
      expect(server.output().replace(requestId, '<id>').replace(port, '$1:<port>')).not.toMatch(
        /4111|encryptedData/,
      );
  } finally {
    for (const server of servers) await server.stop();
    await redis.stop();
    await h.close();
  }
});
