/**
 * The soak: money holds under faults, for SOAK_MINUTES (default 30) of mixed shoppers.
 *
 * One sandbox (the API, with its ledger) served over HTTP; a throwaway PostgreSQL cluster and a
 * redis-server; four `paylit-server` processes against the sandbox, two sharing PostgreSQL and
 * two sharing Redis. A few shoppers at a time pay cards (approved, declined, declined then
 * approved), submit twice, pay one order from two tabs on the two instances of a pair, and pay
 * by Pix: paid, left unpaid, expired with a new code taken and the old one paid late, or both
 * codes paid. Every minute, at random moments, PostgreSQL is restarted (a fast stop, or SIGKILL
 * as in a crash), Redis is paused for 2 to 3 s, and one order's charge state is deleted from its
 * store. Then the faults stop, the API's notifications are let through (those its retry
 * schedule gave up on are delivered again, and counted), and each order is looked at through
 * the checkout view.
 *
 * What is asserted comes from the sandbox's ledger alone: each paid order keeps exactly one
 * charge, an unpaid order none, every extra charge is refunded exactly once; and no instance
 * exited or printed an uncaught exception. The summary line and the table say what was found.
 */
import { writeFileSync } from 'node:fs';
import {
  authorizationHeader,
  createSignature,
  encryptCard,
  formatXDate,
  signedHeaders,
} from '@paylit/core/crypto';
import { createSandbox, type LedgerEntry, type Sandbox } from '@paylit/sandbox';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { createClient } from 'redis';
import { apiEnv, startCli, type Cli } from '../../packages/server/test/support/cli.js';
import { startPostgres, type Postgres } from '../../packages/server/test/support/postgres.js';
import { startRedis, type Redis } from '../../packages/server/test/support/redis.js';

const MINUTES = Number(process.env.SOAK_MINUTES) || 30;
const TRAFFIC_MS = MINUTES * 60_000;
/** Shoppers at a time. */
const SHOPPERS = 4;
/** Bounds on the traffic, whatever the duration. */
const MAX_ORDERS = Math.ceil(MINUTES * 200);
const MAX_REQUESTS = Math.ceil(MINUTES * 3_000);
const REQUEST_TIMEOUT_MS = 30_000;
/** How long a shopper keeps trying one submission (503, in progress, a cut connection). */
const SUBMIT_PATIENCE_MS = 45_000;
/** The API's notification retries (hourly, then every 12 hours) at 1 s for an hour: some 80 s for all 12. */
const NOTIFICATION_TIME_FACTOR = 1 / 3600;
const API_TOKEN = 'soak-token-0123456789abcdef0123';

const payer = {
  name: 'Thiago Gabriel',
  email: 'thiago@example.com',
  document: '53033315550',
  phone: '+5511999999999',
};
const GOOD_CARD = { number: '4111111111111111', cvv: '123' };
/** Fails the Luhn check: the sandbox declines it (REJECTED 314). */
const BAD_CARD = { number: '4111111111111112', cvv: '123' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low: number, high: number) => low + Math.random() * (high - low);
function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

type Pair = 'pg' | 'redis';
interface Instance {
  name: string;
  pair: Pair;
  cli: Cli;
  base: string;
}

type Scenario =
  | 'card'
  | 'card-declined'
  | 'declined-then-paid'
  | 'double-submit'
  | 'two-tabs'
  | 'pix-paid'
  | 'pix-unpaid'
  | 'pix-late'
  | 'pix-both-paid';
const SCENARIOS: [Scenario, number][] = [
  ['card', 3],
  ['card-declined', 1],
  ['declined-then-paid', 2],
  ['double-submit', 2],
  ['two-tabs', 2],
  ['pix-paid', 2],
  ['pix-unpaid', 1],
  ['pix-late', 2],
  ['pix-both-paid', 2],
];

/** What the soak did with one order, as the shopper saw it (the checks read the ledger instead). */
interface SoakOrder {
  id: string;
  pair: Pair;
  scenario: Scenario;
  ip: string;
  secret?: string;
  /** The payments the shopper was answered (id → last status seen). */
  answered: Map<string, string>;
  /** What the soak did, in order, each at its time: for the report of a failure. */
  steps: string[];
  /** The checkout view's payment at the end. */
  view?: { id?: string; status?: string; error?: string };
}

interface Answer {
  status: number;
  body: any;
}

interface Failure {
  kind: string;
  order?: string;
  detail: string;
  ledger?: string[];
}

const stats = {
  requests: 0,
  byStatus: new Map<number, number>(),
  networkErrors: 0,
  faults: { pgRestart: 0, pgCrash: 0, redisPause: 0, evictPg: 0, evictRedis: 0, evictMissed: 0 },
  forced: 0,
  redelivered: 0,
  redeliveredAnswers: new Map<number, number>(),
};

class Budget extends Error {}
/** While the shoppers shop, the request budget applies; the settling looks are outside it. */
let shopping = true;

/** One HTTP request to an instance, counted; a cut connection or a timeout is status 0. */
async function call(
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  if (shopping && stats.requests >= MAX_REQUESTS) throw new Budget('request budget spent');
  stats.requests++;
  try {
    const res = await fetch(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: res.status, body };
  } catch (error) {
    stats.networkErrors++;
    return { status: 0, body: { error: { message: (error as Error).message } } };
  }
}

/** Worth trying again: the store or the API away, an attempt in progress, a cut connection. */
function retryable(a: Answer): boolean {
  return (
    a.status === 0 ||
    a.status >= 500 ||
    a.status === 429 ||
    (a.status === 409 && a.body?.error?.type === 'payment_in_progress')
  );
}

function ledgerLine(e: LedgerEntry): string {
  return `${e.kind} ${e.id} payment=${e.payment_id} order_id=${e.order_id} ${e.amount} ${e.currency} ${e.status} money_moved=${e.money_moved}`;
}

test('soak: money holds under faults', async () => {
  /** When the traffic starts, once everything is up: the minutes count from here. */
  let started = Date.now();
  const failures: Failure[] = [];
  let sandbox: Sandbox | undefined;
  let postgres: Postgres | undefined;
  let redis: Redis | undefined;
  const instances: Instance[] = [];
  const orders: SoakOrder[] = [];
  try {
    // --- the world ---
    sandbox = await createSandbox({
      settleDelayMs: 50,
      notificationTimeFactor: NOTIFICATION_TIME_FACTOR,
    });
    const sb = sandbox;
    const sandboxUrl = (await sb.listen()).url;
    postgres = await startPostgres();
    const pgServer = postgres;
    const databaseUrl = await pgServer.createDatabase('soak');
    redis = await startRedis();
    const redisServer = redis;
    const env = {
      ...apiEnv(sb, sandboxUrl, API_TOKEN),
      // The shoppers come through a proxy, each with an address of their own (X-Forwarded-For):
      // the limits per address apply to each as to a real shopper.
      PAYLIT_TRUST_PROXY: '1',
    };
    for (const [name, pair, store] of [
      ['pg-a', 'pg', { PAYLIT_DATABASE_URL: databaseUrl }],
      ['pg-b', 'pg', { PAYLIT_DATABASE_URL: databaseUrl }],
      ['redis-a', 'redis', { PAYLIT_REDIS_URL: redisServer.url }],
      ['redis-b', 'redis', { PAYLIT_REDIS_URL: redisServer.url }],
    ] as const) {
      const cli = await startCli({ ...env, ...store });
      instances.push({ name, pair, cli, base: `${cli.url}/paylit` });
    }
    const pairOf = (pair: Pair) => instances.filter((i) => i.pair === pair);
    const other = (i: Instance) => pairOf(i.pair).find((j) => j !== i)!;
    console.log(
      `soak: ${MINUTES} min of traffic; sandbox ${sandboxUrl}; PostgreSQL :${pgServer.port}; Redis :${redisServer.port}; ` +
        instances.map((i) => `${i.name} ${i.cli.url}`).join(', '),
    );
    started = Date.now();

    // --- what a shopper does ---
    /** Notes what was done with an order, at its time (seconds into the traffic, as the faults are). */
    const step = (o: SoakOrder, what: string) =>
      o.steps.push(`${((Date.now() - started) / 1000).toFixed(1)}s ${what}`);
    const browser = (i: Instance, o: SoakOrder, path: string, body?: unknown) =>
      call(`${i.base}${path}`, {
        ...(body === undefined ? {} : { body }),
        headers: { 'X-Forwarded-For': o.ip },
      });

    /** Tries `step` until it answers something not worth retrying, or patience runs out; each try on either instance of the pair. */
    async function persist(
      o: SoakOrder,
      first: Instance,
      step: (i: Instance) => Promise<Answer>,
      patienceMs = SUBMIT_PATIENCE_MS,
    ): Promise<Answer> {
      const until = Date.now() + patienceMs;
      let at = first;
      for (;;) {
        const a = await step(at);
        if (!retryable(a) || Date.now() > until) return a;
        await sleep(between(500, 1500));
        if (Math.random() < 0.5) at = other(at);
      }
    }

    async function makeOrder(o: SoakOrder, extra: Record<string, unknown>): Promise<boolean> {
      const order = {
        id: o.id,
        amount: pick([120, 49.9, 250.5, 1000]),
        currency: 'BRL',
        country: 'BR',
        payer,
        ...extra,
      };
      const a = await persist(o, pick(pairOf(o.pair)), (i) =>
        call(`${i.base}/orders`, {
          body: order,
          headers: { Authorization: `Bearer ${API_TOKEN}` },
        }),
      );
      step(o, `order ${a.status}`);
      if (a.status !== 201 && a.status !== 200) return false;
      o.secret = (a.body.clientSecret as string | undefined) ?? o.id;
      return true;
    }

    const view = (o: SoakOrder, i: Instance, patienceMs?: number) =>
      persist(
        o,
        i,
        (at) => browser(at, o, `/checkout?order=${encodeURIComponent(o.secret!)}`),
        patienceMs,
      );

    /** A card submission as the checkout sends it; answers the payment, or the refusal. */
    async function payCard(
      o: SoakOrder,
      i: Instance,
      card: { number: string; cvv: string },
      attempt: string = crypto.randomUUID(),
    ): Promise<Answer> {
      const v = await view(o, i);
      const encryptedData = await encryptCard(card, v.body?.publicKey ?? sb.publicJwk);
      const body = {
        order: o.secret,
        attempt,
        method: {
          type: 'card',
          encryptedData,
          holderName: payer.name,
          expirationMonth: 10,
          expirationYear: 2040,
        },
      };
      return submitted(o, i.name, await persist(o, i, (at) => browser(at, o, '/payments', body)));
    }

    async function payPix(
      o: SoakOrder,
      i: Instance,
      attempt: string = crypto.randomUUID(),
    ): Promise<Answer> {
      await view(o, i);
      const body = { order: o.secret, attempt, method: { type: 'redirect', methodId: 'PQ' } };
      return submitted(o, i.name, await persist(o, i, (at) => browser(at, o, '/payments', body)));
    }

    function submitted(o: SoakOrder, via: string, a: Answer): Answer {
      const p = a.body?.payment;
      if (p?.id) o.answered.set(p.id, p.status);
      step(
        o,
        `pay via ${via}: ${a.status} ${p ? `${p.id} ${p.status}${a.body.replayed ? ' (replayed)' : ''}` : (a.body?.error?.type ?? '')}`,
      );
      return a;
    }

    /** The sandbox's own tool (signed): the payer pays a Pix code, or it expires. */
    async function force(o: SoakOrder, paymentId: string, status: string): Promise<boolean> {
      stats.forced++;
      const body = JSON.stringify({ payment_id: paymentId, status });
      const res = await fetch(`${sandboxUrl}/sandbox-tools/payments`, {
        method: 'POST',
        headers: await signedHeaders({ ...sb.credentials, body, date: sb.clock.now() }),
        body,
      });
      const text = await res.text();
      step(o, `sandbox: ${paymentId} forced ${status}: ${res.status}`);
      if (res.status !== 200 && !text.includes('5002'))
        failures.push({
          kind: 'sandbox tool refused',
          order: o.id,
          detail: `${paymentId} → ${status}: ${res.status} ${text}`,
        });
      return res.status === 200;
    }

    const think = () => sleep(between(100, 600));

    async function shop(o: SoakOrder): Promise<void> {
      const [a, b] = Math.random() < 0.5 ? pairOf(o.pair) : pairOf(o.pair).reverse();
      if (!a || !b) throw new Error('no pair');
      if (
        !(await makeOrder(o, o.scenario === 'card-declined' ? { description: 'trigger 302' } : {}))
      )
        return;
      await think();
      switch (o.scenario) {
        case 'card':
          await payCard(o, a, GOOD_CARD);
          return;
        case 'card-declined':
          for (let n = Math.ceil(between(0, 3)); n > 0; n--) {
            await payCard(o, pick([a, b]), GOOD_CARD);
            await think();
          }
          return;
        case 'declined-then-paid':
          await payCard(o, a, BAD_CARD);
          await think();
          await payCard(o, pick([a, b]), GOOD_CARD);
          return;
        case 'double-submit': {
          // The pay button pressed twice (or a retry of the same request): one attempt id, sent twice.
          const attempt = crypto.randomUUID();
          const second = Math.random() < 0.5 ? a : b;
          await Promise.all([
            payCard(o, a, GOOD_CARD, attempt),
            payCard(o, second, GOOD_CARD, attempt),
          ]);
          return;
        }
        case 'two-tabs':
          await Promise.all([payCard(o, a, GOOD_CARD), payCard(o, b, GOOD_CARD)]);
          return;
        case 'pix-paid': {
          const code = (await payPix(o, a)).body?.payment;
          if (!code?.id) return;
          await sleep(between(0, 2000));
          await force(o, code.id, 'PAID');
          return;
        }
        case 'pix-unpaid': {
          const code = (await payPix(o, a)).body?.payment;
          if (code?.id && Math.random() < 0.5) await force(o, code.id, 'EXPIRED');
          return;
        }
        case 'pix-late':
        case 'pix-both-paid': {
          const old = (await payPix(o, a)).body?.payment;
          if (!old?.id || old.status !== 'PENDING') return;
          await think();
          await force(o, old.id, 'EXPIRED');
          await think();
          // "Get a new code", perhaps in the other tab.
          const fresh = (await payPix(o, pick([a, b]))).body?.payment;
          if (!fresh?.id || fresh.id === old.id) return;
          await think();
          if (o.scenario === 'pix-late') {
            // The old code was paid at the counter just before it expired, and reported now.
            await force(o, old.id, 'PAID');
          } else if (Math.random() < 0.5) {
            await force(o, fresh.id, 'PAID');
            await think();
            await force(o, old.id, 'PAID');
          } else {
            // Both at once: the new code paid while the late payment of the old one is reported.
            await Promise.all([force(o, fresh.id, 'PAID'), force(o, old.id, 'PAID')]);
          }
          return;
        }
      }
    }

    // --- faults ---
    /** The orders a shopper is on now. */
    const active = new Set<SoakOrder>();
    const trafficEnd = started + TRAFFIC_MS;
    let pgDown = false;
    let redisPaused = false;
    const faultLog: string[] = [];
    const note = (what: string) =>
      faultLog.push(`${((Date.now() - started) / 1000).toFixed(1)}s ${what}`);

    /** At a random moment of each minute of traffic, `fault`. */
    async function everyMinute(fault: (minute: number) => Promise<void>): Promise<void> {
      for (let minute = 0; minute < MINUTES; minute++) {
        const at = started + minute * 60_000 + between(2_000, 55_000);
        if (at >= trafficEnd) return;
        await sleep(Math.max(0, at - Date.now()));
        if (Date.now() >= trafficEnd) return;
        await fault(minute);
      }
    }

    /** A fast stop, or every other minute a crash (SIGKILL to the postmaster and its backends), then a start after 0.5 to 3 s. */
    async function restartPostgres(minute: number): Promise<void> {
      const crash = minute % 2 === 1;
      pgDown = true;
      note(crash ? 'PostgreSQL SIGKILL' : 'PostgreSQL fast stop');
      if (crash) {
        await pgServer.kill();
        stats.faults.pgCrash++;
      } else {
        await pgServer.stop();
        stats.faults.pgRestart++;
      }
      await sleep(between(500, 3000));
      for (let tries = 1; ; tries++) {
        try {
          await pgServer.restart();
          break;
        } catch (error) {
          note(
            `PostgreSQL did not start (try ${tries}): ${(error as Error).message.slice(0, 200)}`,
          );
          if (tries >= 10) throw error;
          await sleep(1000);
        }
      }
      pgDown = false;
      note('PostgreSQL up');
    }

    async function pauseRedis(): Promise<void> {
      const ms = between(2000, 3000);
      redisPaused = true;
      note(`Redis SIGSTOP for ${Math.round(ms)} ms`);
      redisServer.pause();
      await sleep(ms);
      redisServer.resume();
      redisPaused = false;
      stats.faults.redisPause++;
    }

    /** Deletes the charge state of a random order of `pair`, most often one a shopper is on now. */
    async function evict(pair: Pair): Promise<void> {
      const created = orders.filter((o) => o.secret !== undefined && o.pair === pair);
      const busy = created.filter((o) => active.has(o));
      if (created.length === 0) return;
      const o = busy.length > 0 && Math.random() < 0.8 ? pick(busy) : pick(created);
      for (let tries = 0; tries < 20; tries++) {
        if (o.pair === 'pg' ? !pgDown : !redisPaused) break;
        await sleep(250);
      }
      try {
        if (o.pair === 'pg') {
          const client = new pg.Client({
            connectionString: databaseUrl,
            connectionTimeoutMillis: 3000,
            statement_timeout: 3000,
          });
          await client.connect();
          try {
            const r = await client.query('DELETE FROM paylit_charges WHERE order_id = $1', [o.id]);
            stats.faults.evictPg++;
            note(
              `evicted ${o.id} (${o.scenario}${active.has(o) ? ', in progress' : ''}) from PostgreSQL (${r.rowCount} row)`,
            );
          } finally {
            await client.end();
          }
        } else {
          const client = createClient({
            url: redisServer.url,
            socket: { connectTimeout: 3000, reconnectStrategy: false },
          });
          client.on('error', () => {});
          await client.connect();
          try {
            const n = await Promise.race([
              client.del(`paylit:charge:${o.id}`),
              sleep(5000).then(() => {
                throw new Error('Redis did not answer DEL in 5 s');
              }),
            ]);
            stats.faults.evictRedis++;
            note(
              `evicted ${o.id} (${o.scenario}${active.has(o) ? ', in progress' : ''}) from Redis (${n} key)`,
            );
          } finally {
            client.destroy();
          }
        }
        step(o, `fault: charge state evicted from ${o.pair}`);
      } catch (error) {
        stats.faults.evictMissed++;
        note(`eviction of ${o.id} failed: ${(error as Error).message}`);
      }
    }

    const faults = Promise.all([
      everyMinute(restartPostgres),
      everyMinute(pauseRedis),
      everyMinute(() => evict('pg')),
      everyMinute(() => evict('redis')),
    ]);

    // --- traffic ---
    let n = 0;
    const running = new Set<Promise<void>>();
    const tag = Date.now().toString(36);
    const weights = SCENARIOS.flatMap(([s, w]) => Array<Scenario>(w).fill(s));
    while (Date.now() < trafficEnd && orders.length < MAX_ORDERS && stats.requests < MAX_REQUESTS) {
      while (running.size >= SHOPPERS) await Promise.race(running);
      if (Date.now() >= trafficEnd) break;
      n++;
      const o: SoakOrder = {
        id: `SK-${tag}-${n}`,
        pair: n % 2 === 0 ? 'pg' : 'redis',
        scenario: pick(weights),
        ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        answered: new Map(),
        steps: [],
      };
      orders.push(o);
      active.add(o);
      const run: Promise<void> = shop(o)
        .catch((error: unknown) => {
          if (error instanceof Budget) return;
          failures.push({
            kind: 'shopper crashed',
            order: o.id,
            detail: (error as Error).stack ?? String(error),
          });
        })
        .finally(() => {
          running.delete(run);
          active.delete(o);
        });
      running.add(run);
      await sleep(between(50, 300));
    }
    await Promise.all(running);
    await faults;
    const trafficMs = Date.now() - started;
    console.log(
      `soak: traffic and faults stopped after ${(trafficMs / 60_000).toFixed(1)} min: ${orders.length} orders, ${stats.requests} requests`,
    );

    // --- settle ---
    shopping = false;
    // The API's retries run their course (12 attempts within some 80 s here).
    const drain = async (timeoutMs: number) => {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const pending = (await sb.notifications()).filter((d) => d.state === 'pending');
        if (pending.length === 0) return 0;
        await sleep(1000);
      }
      return (await sb.notifications()).filter((d) => d.state === 'pending').length;
    };
    await drain(150_000);
    // What the schedule gave up on is delivered again, signed as the API signs it (as its
    // support would resend it), once each record's status: counted in the summary.
    const deliveries = await sb.notifications();
    const delivered = new Set(
      deliveries
        .filter((d) => d.state === 'delivered')
        .map((d) => `${d.record_id} ${d.record_status}`),
    );
    const givenUp = new Map<string, (typeof deliveries)[number]>();
    for (const d of deliveries)
      if (d.state === 'failed' && !delivered.has(`${d.record_id} ${d.record_status}`))
        givenUp.set(`${d.record_id} ${d.record_status}`, d);
    for (const d of givenUp.values()) {
      const date = formatXDate(new Date());
      const signature = await createSignature({
        login: sb.credentials.login,
        date,
        body: d.body,
        secretKey: sb.credentials.secretKey,
      });
      stats.redelivered++;
      let status = 0;
      const attempts = d.attempts.map((a) => a.status ?? a.error ?? '?');
      try {
        const res = await fetch(d.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Date': date,
            Authorization: authorizationHeader(signature),
          },
          body: d.body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        status = res.status;
        await res.body?.cancel();
      } catch {}
      stats.redeliveredAnswers.set(status, (stats.redeliveredAnswers.get(status) ?? 0) + 1);
      // Some 80 s of the API's retries outlast every fault here: a notification refused all that
      // time is one the merchant would never have heard of.
      let apiOrder: string | undefined;
      try {
        apiOrder = (JSON.parse(d.body) as { order_id?: string }).order_id;
      } catch {}
      const order = apiOrder?.replace(/\.[1-9]\d{0,5}$/, '');
      failures.push({
        kind: 'notification refused until the API gave up',
        ...(order ? { order } : {}),
        detail: `${d.kind} ${d.record_id} ${d.record_status} to ${d.url}: ${d.attempts.length} attempts answered ${[...new Set(attempts)].join(', ')}; delivered again after the faults: ${status || 'no answer'}`,
      });
    }
    // Each order looked at again through the checkout view, on either instance of its pair.
    const toLook = orders.filter((o) => o.secret !== undefined);
    const looker = async () => {
      for (let o = toLook.shift(); o; o = toLook.shift()) {
        const a = await view(o, pick(pairOf(o.pair)), 20_000);
        o.view =
          a.status === 200
            ? { id: a.body.payment?.id, status: a.body.payment?.status }
            : { error: `${a.status} ${a.body?.error?.type ?? a.body?.error?.message ?? ''}` };
      }
    };
    await Promise.all(Array.from({ length: SHOPPERS }, looker));
    // Refunds and cancellations the servers made while settling, and their notifications.
    await sleep(2000);
    const stillPending = await drain(120_000);

    // --- what the ledger says ---
    const ledger = sb.ledger();
    if (ledger.dropped > 0)
      failures.push({
        kind: 'ledger incomplete',
        detail: `the sandbox dropped ${ledger.dropped} ledger entries (maxRecords)`,
      });
    const byOrder = new Map<string, LedgerEntry[]>();
    for (const e of ledger.entries) {
      const id = e.order_id?.replace(/\.[1-9]\d{0,5}$/, '');
      if (id === undefined) continue;
      byOrder.set(id, [...(byOrder.get(id) ?? []), e]);
    }
    const count = {
      orders: orders.length,
      created: 0,
      paid: 0,
      unpaid: 0,
      extraCharges: 0,
      refundedOnce: 0,
      doubleCharges: 0,
      refundedTwice: 0,
    };
    const table = new Map<
      Scenario,
      { orders: number; paid: number; extra: number; refunds: number }
    >();
    for (const o of orders) {
      if (o.secret !== undefined) count.created++;
      const entries = byOrder.get(o.id) ?? [];
      const lines = entries.map(ledgerLine);
      const payments = entries.filter((e) => e.kind === 'payment' || e.kind === 'authorization');
      const moved = payments.filter((e) => e.money_moved);
      const refunds = entries.filter((e) => e.kind === 'refund');
      const refundsOf = (paymentId: string) => refunds.filter((r) => r.payment_id === paymentId);
      const kept = moved.filter((p) => !refundsOf(p.payment_id).some((r) => r.money_moved));
      const row = table.get(o.scenario) ?? { orders: 0, paid: 0, extra: 0, refunds: 0 };
      table.set(o.scenario, row);
      row.orders++;
      row.refunds += refunds.length;
      if (moved.length > 0) {
        count.paid++;
        row.paid++;
      } else count.unpaid++;
      if (moved.length > 1) {
        count.extraCharges += moved.length - 1;
        row.extra += moved.length - 1;
      }
      const fail = (kind: string, detail: string) =>
        failures.push({ kind, order: o.id, detail: `${o.scenario}: ${detail}`, ledger: lines });
      if (kept.length > 1) {
        count.doubleCharges++;
        fail('double charge', `${kept.length} charges kept (not refunded)`);
      }
      if (moved.length > 0 && kept.length === 0)
        fail('paid order left with no charge', 'every charge of the order was refunded');
      for (const p of payments) {
        const mine = refundsOf(p.payment_id);
        if (mine.length > 1) {
          count.refundedTwice++;
          fail('refunded twice', `${p.payment_id} has ${mine.length} refunds`);
        }
        if (mine.length === 1 && mine[0]!.money_moved) count.refundedOnce++;
        for (const r of mine) {
          if (!r.money_moved)
            fail('refund not completed', `${r.id} of ${p.payment_id} is ${r.status}`);
          if (r.amount !== p.amount)
            fail('partial refund', `${r.id} refunds ${r.amount} of ${p.payment_id}'s ${p.amount}`);
          if (!p.money_moved)
            fail('refund of a payment that moved no money', `${r.id} of ${p.payment_id}`);
        }
      }
      // The shopper was told PAID: that payment is the one kept.
      for (const [id, status] of o.answered)
        if (status === 'PAID' && !kept.some((k) => k.payment_id === id))
          fail(
            'answered PAID, not kept',
            `the shopper was answered ${id} PAID, and the ledger keeps ${kept.map((k) => k.payment_id).join(', ') || 'nothing'}`,
          );
      // Declined orders and Pix codes never paid: no money.
      if ((o.scenario === 'card-declined' || o.scenario === 'pix-unpaid') && moved.length > 0)
        fail('charged an order the shopper never paid', `${moved.length} charge(s)`);
      // The checkout view shows the payment kept; a paid order has no code left to pay.
      if (o.secret !== undefined) {
        const shown = o.view;
        if (kept.length === 1) {
          const k = kept[0]!;
          if (shown?.id !== k.payment_id || shown.status !== 'PAID')
            fail(
              'checkout view disagrees with the ledger',
              `the ledger keeps ${k.payment_id}; the view shows ${shown?.error ?? `${shown?.id ?? 'no payment'} ${shown?.status ?? ''}`}`,
            );
          for (const p of payments)
            if (p.status === 'PENDING')
              fail(
                'a paid order left a code payable',
                `${p.payment_id} is still PENDING beside ${k.payment_id}`,
              );
        } else if (kept.length === 0 && shown?.status === 'PAID')
          fail('checkout view shows a payment the ledger does not keep', `${shown.id} PAID`);
        else if (shown?.error !== undefined)
          fail('checkout view failed after settling', shown.error);
      }
    }

    // --- the instances ---
    let exits = 0;
    const unexpected = new Map<string, number>();
    for (const i of instances) {
      writeFileSync(test.info().outputPath(`${i.name}.log`), i.cli.output());
      const { child } = i.cli;
      if (child.exitCode !== null || child.signalCode !== null) {
        exits++;
        failures.push({
          kind: 'instance exited',
          detail: `${i.name} exited with ${child.exitCode ?? child.signalCode}: ${i.cli.output().slice(-2000)}`,
        });
      }
      const out = i.cli.output();
      const uncaught = out
        .split('\n')
        .filter((line) => /uncaught|unhandled/i.test(line))
        .slice(0, 5);
      if (uncaught.length > 0)
        failures.push({ kind: 'uncaught exception', detail: `${i.name}: ${uncaught.join(' | ')}` });
      for (const m of out.matchAll(/^paylit-server: unexpected error: (.*)$/gm)) {
        const key = `${i.name}: ${m[1]!.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|\d+/g, '#').slice(0, 160)}`;
        unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
      }
    }

    // --- the report ---
    const status5xx = [...stats.byStatus].filter(([s]) => s >= 500).reduce((a, [, c]) => a + c, 0);
    const faultsInjected =
      stats.faults.pgRestart +
      stats.faults.pgCrash +
      stats.faults.redisPause +
      stats.faults.evictPg +
      stats.faults.evictRedis;
    console.log('\nsoak: faults');
    for (const line of faultLog) console.log(`  ${line}`);
    console.log('\nsoak: by scenario (from the ledger)');
    console.table(
      Object.fromEntries(
        [...table].map(([s, r]) => [
          s,
          { orders: r.orders, paid: r.paid, 'extra charges': r.extra, refunds: r.refunds },
        ]),
      ),
    );
    console.table({
      orders: count.orders,
      'orders created': count.created,
      'paid (money moved)': count.paid,
      unpaid: count.unpaid,
      'extra charges': count.extraCharges,
      'refunded once': count.refundedOnce,
      'double charges (kept > 1)': count.doubleCharges,
      'refunded twice': count.refundedTwice,
      'PostgreSQL restarts (fast stop)': stats.faults.pgRestart,
      'PostgreSQL crashes (SIGKILL)': stats.faults.pgCrash,
      'Redis pauses': stats.faults.redisPause,
      'charge states evicted (PostgreSQL)': stats.faults.evictPg,
      'charge states evicted (Redis)': stats.faults.evictRedis,
      'evictions missed': stats.faults.evictMissed,
      'sandbox statuses forced': stats.forced,
      'requests sent': stats.requests,
      '5xx answers': status5xx,
      '503 answers': stats.byStatus.get(503) ?? 0,
      'cut connections / timeouts': stats.networkErrors,
      'notifications given up by the API, delivered again': stats.redelivered,
      'notifications still pending at the end': stillPending,
      'instance exits': exits,
    });
    console.log(
      `soak: answers by status: ${[...stats.byStatus]
        .sort(([a], [b]) => a - b)
        .map(([s, c]) => `${s}×${c}`)
        .join(
          ' ',
        )}; redelivered notifications answered ${[...stats.redeliveredAnswers].map(([s, c]) => `${s}×${c}`).join(' ') || '-'}`,
    );
    if (unexpected.size > 0) {
      console.log('\nsoak: errors the instances logged (paylit-server: unexpected error), by kind');
      for (const [k, c] of [...unexpected].sort((a, b) => b[1] - a[1])) console.log(`  ${c}× ${k}`);
    }
    if (failures.length > 0) {
      const kinds = new Map<string, number>();
      for (const f of failures) kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
      console.log(
        `\nsoak: ${failures.length} FAILURES: ${[...kinds].map(([k, c]) => `${c}× ${k}`).join(', ')}`,
      );
      // Which kinds of shopper, on which store, each kind of failure came from.
      const where = new Map<string, Map<string, string[]>>();
      for (const f of failures) {
        const o = f.order ? orders.find((x) => x.id === f.order) : undefined;
        const at = o ? `${o.scenario} on ${o.pair}` : '-';
        const byPlace = where.get(f.kind) ?? new Map<string, string[]>();
        where.set(f.kind, byPlace);
        byPlace.set(at, [...(byPlace.get(at) ?? []), f.order ?? '']);
      }
      for (const [kind, byPlace] of where)
        for (const [at, ids] of byPlace)
          console.log(
            `  ${kind}: ${ids.length}× ${at}${at === '-' ? '' : ` (orders ${ids.slice(0, 40).join(' ')}${ids.length > 40 ? ' …' : ''})`}`,
          );
      const shown = new Map<string, number>();
      for (const f of failures) {
        const seen = shown.get(f.kind) ?? 0;
        shown.set(f.kind, seen + 1);
        if (seen >= 5) continue;
        console.log(`\n  ${f.kind}${f.order ? ` (order ${f.order})` : ''}: ${f.detail}`);
        for (const line of f.ledger ?? []) console.log(`    ledger: ${line}`);
        const o = f.order ? orders.find((x) => x.id === f.order) : undefined;
        if (o) console.log(`    steps (${o.pair}): ${o.steps.join('; ')}`);
      }
    }
    const report = test.info().outputPath('soak-report.json');
    writeFileSync(
      report,
      JSON.stringify(
        {
          minutes: MINUTES,
          count,
          stats: {
            ...stats,
            byStatus: Object.fromEntries(stats.byStatus),
            redeliveredAnswers: Object.fromEntries(stats.redeliveredAnswers),
          },
          faults: faultLog,
          failures,
          unexpected: Object.fromEntries(unexpected),
          orders: orders.map((o) => ({
            ...o,
            answered: Object.fromEntries(o.answered),
            ledger: (byOrder.get(o.id) ?? []).map(ledgerLine),
          })),
        },
        null,
        2,
      ),
    );
    const summary =
      `soak: ${(trafficMs / 60_000).toFixed(1)} min, ${count.orders} orders, ${count.paid} paid, ` +
      `${count.extraCharges} extra charges (${count.refundedOnce} refunded once, ${count.refundedTwice} twice), ` +
      `${count.doubleCharges} double charges, ${exits} exits, ${faultsInjected} faults, ${stats.requests} requests ` +
      `(${status5xx} 5xx, ${stats.byStatus.get(503) ?? 0} 503), ${failures.length} failures`;
    console.log(`\n${summary}\nsoak: report ${report}`);
    // Each failure is printed above, with its ledger lines, and kept in the report.
    expect(failures.length, summary).toBe(0);
  } finally {
    for (const i of instances) await stopInstance(i.cli);
    await redis?.stop().catch(() => {});
    await postgres?.destroy().catch(() => {});
    await sandbox?.close().catch(() => {});
  }
});

/** SIGTERM, then SIGKILL if it has not exited within 10 s. */
async function stopInstance(cli: Cli): Promise<void> {
  const { child } = cli;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
