/**
 * `paylit-server` on PostgreSQL (PAYLIT_DATABASE_URL) while the database fails under it: crashed
 * (SIGKILL of the postmaster and every backend), shut down fast (`pg_ctl -m fast stop`'s SIGINT:
 * every backend told FATAL 57P01), restarted, and its connections terminated by an operator
 * (`pg_terminate_backend`) while busy and while idle. The server stays up through every one,
 * answers 503 `store_unavailable` while the database is away, and serves again once it is back;
 * an order the API paid while the database was away shows its payment as soon as it is back.
 * Payments are counted in the sandbox's ledger.
 */
import { encryptCard } from '@paylit/core/crypto';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { payer, startSandbox, type Harness } from '../../packages/server/test/support/harness.js';
import { startPostgres, type Postgres } from '../../packages/server/test/support/postgres.js';
import { apiEnv, startCli, type Cli } from '../../packages/server/test/support/cli.js';
import { apiToken, browser, payByCard, postOrder } from './cli.js';
import { report } from './support.js';
import { scaled } from '../support/time.mjs';

let n = 0;
const orderOf = () => ({
  id: `PGO-${process.pid}-${Date.now().toString(36)}-${++n}`,
  amount: 120,
  currency: 'BRL',
  country: 'BR',
  payer,
});

interface Setup {
  cluster: Postgres;
  h: Harness;
  url: string;
  cli: Cli;
  base: string;
}

async function setUp(): Promise<Setup> {
  const cluster = await startPostgres();
  const h = await startSandbox();
  const url = await cluster.createDatabase('outages');
  const cli = await startCli({
    ...apiEnv(h.sandbox, h.sandboxUrl, apiToken),
    PAYLIT_DATABASE_URL: url,
    // Each simulated shopper comes from an address of its own, as behind a proxy: the rate limit is not what is tested.
    PAYLIT_TRUST_PROXY: '1',
  });
  return { cluster, h, url, cli, base: `${cli.url}/paylit` };
}

async function tearDown(s: Partial<Setup>): Promise<void> {
  // What the server printed, when it exited under the test (its last words say why).
  if (s.cli && exited(s.cli)) console.log(s.cli.output().slice(-4000));
  await s.cli?.stop('SIGKILL');
  await s.h?.close();
  await s.cluster?.destroy();
}

const exited = (cli: Cli) => cli.child.exitCode !== null || cli.child.signalCode !== null;

/** A request from a shopper of its own (its own X-Forwarded-For address, for the rate limit). */
async function send(url: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(url, {
    ...init,
    headers: {
      'X-Forwarded-For': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}

/**
 * Shoppers loading the checkout view, the merchant posting orders, and shoppers paying new
 * orders by card, as fast as the server answers, until stopped: every answer's status (or the
 * connection error), counted.
 */
function load(base: string, orderRef: string, workers = 6) {
  const statuses = new Map<string, number>();
  const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
  let running = true;
  const loops = Array.from({ length: workers }, async (_, i) => {
    while (running) {
      try {
        let answer: { status: number; body: any };
        if (i % 3 === 0)
          answer = await send(`${base}/checkout?order=${encodeURIComponent(orderRef)}`);
        else {
          answer = await send(`${base}/orders`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${apiToken}` },
            body: JSON.stringify(orderOf()),
          });
          if (i % 3 === 2 && answer.status === 201) {
            const view = await send(
              `${base}/checkout?order=${encodeURIComponent(answer.body.clientSecret)}`,
            );
            if (view.status === 200)
              answer = await send(`${base}/payments`, {
                method: 'POST',
                body: JSON.stringify({
                  order: answer.body.clientSecret,
                  attempt: crypto.randomUUID(),
                  method: {
                    type: 'card',
                    encryptedData: await encryptCard(
                      { number: '4111111111111111', cvv: '123' },
                      view.body.publicKey,
                    ),
                    holderName: 'Thiago Gabriel',
                    expirationMonth: 10,
                    expirationYear: 2040,
                  },
                }),
              });
            else answer = view;
          }
        }
        count(answer.status === 503 ? `503 ${answer.body.error?.type}` : String(answer.status));
      } catch (error) {
        count(`error ${((error as Error).cause as Error | undefined)?.message ?? error}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  });
  return {
    statuses,
    seen: (key: string) => (statuses.get(key) ?? 0) > 0,
    async stop() {
      running = false;
      await Promise.all(loops);
      return Object.fromEntries(statuses);
    },
  };
}

/** Pays the order and reads its live events once, so that the server listens on PostgreSQL's channel (LISTEN) too. */
async function payAndListen(base: string, orderRef: string): Promise<void> {
  const paid = await payByCard(base, orderRef);
  expect(paid.body.payment?.status).toBe('PAID');
  const events = await fetch(
    `${base}/payments/${encodeURIComponent(paid.body.payment.id)}/events?order=${encodeURIComponent(orderRef)}`,
  );
  expect(await events.text()).toContain('PAID');
}

/** Waits until the order's checkout view answers 200 again. */
async function servesAgain(base: string, orderRef: string): Promise<number> {
  const started = performance.now();
  await expect
    .poll(
      async () =>
        (
          await browser(base, `/checkout?order=${encodeURIComponent(orderRef)}`).catch(() => ({
            status: 0,
          }))
        ).status,
      { timeout: scaled(10_000), intervals: [100] },
    )
    .toBe(200);
  return Math.round(performance.now() - started);
}

test.describe('paylit-server stays up when PostgreSQL fails under load', () => {
  for (const outage of ['crashed (SIGKILL)', 'shut down fast (SIGINT)'] as const) {
    test(`PostgreSQL ${outage} under six shoppers and the merchant, then started again: the server answers 503 store_unavailable meanwhile, never exits, and serves again`, async () => {
      test.setTimeout(scaled(40_000)); // an outage under load, and PostgreSQL back
      const s: Partial<Setup> = {};
      try {
        Object.assign(s, await setUp());
        const { cluster, cli, base } = s as Setup;
        const ref = await postOrder(base, orderOf());
        await payAndListen(base, ref);
        for (let round = 1; round <= 5; round++) {
          const traffic = load(base, ref);
          await expect.poll(() => traffic.seen('200'), { timeout: scaled(5_000) }).toBe(true);
          if (outage === 'crashed (SIGKILL)') await cluster.kill();
          else await cluster.stop();
          await expect
            .poll(() => traffic.seen('503 store_unavailable') || exited(cli), {
              timeout: scaled(5_000),
            })
            .toBe(true);
          expect(exited(cli), `round ${round}: paylit-server exited`).toBe(false);
          await cluster.restart();
          const backMs = await servesAgain(base, ref);
          const statuses = await traffic.stop();
          expect(exited(cli), `round ${round}: paylit-server exited`).toBe(false);
          expect(
            Object.keys(statuses).every((k) => /^(200|201|503 store_unavailable)$/.test(k)),
            JSON.stringify(statuses),
          ).toBe(true);
          report(
            `round ${round}: PostgreSQL ${outage} while six clients load the checkout view, post orders and pay them, then restarted`,
            `paylit-server still running; answers ${JSON.stringify(statuses)}; the checkout view answered 200 again ${backMs} ms after the restart`,
          );
        }
        expect(cli.output()).not.toMatch(/Unhandled|uncaught|ERR_UNHANDLED/i);
      } finally {
        await tearDown(s);
      }
    });
  }

  test("the server's connections terminated by an operator (pg_terminate_backend), busy under load and then idle: the server never exits and serves on", async () => {
    test.setTimeout(scaled(40_000)); // connections terminated under load and idle
    const s: Partial<Setup> = {};
    const admin = { client: undefined as pg.Client | undefined };
    try {
      Object.assign(s, await setUp());
      const { cli, base, url } = s as Setup;
      admin.client = new pg.Client({ connectionString: url });
      await admin.client.connect();
      const terminate = async () =>
        (
          await admin.client!.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'paylit'",
          )
        ).rowCount ?? 0;
      const ref = await postOrder(base, orderOf());
      await payAndListen(base, ref);
      const traffic = load(base, ref);
      await expect.poll(() => traffic.seen('200'), { timeout: scaled(5_000) }).toBe(true);
      let busy = 0;
      for (let i = 0; i < 20 && !exited(cli); i++) {
        busy += await terminate();
        await expect.poll(() => traffic.statuses.get('200') ?? 0).toBeGreaterThan(0);
        await new Promise((r) => setTimeout(r, 100));
      }
      const statuses = await traffic.stop();
      expect(exited(cli), 'paylit-server exited with its busy connections terminated').toBe(false);
      // Idle now: the pooled connections wait for the next call.
      const idle = await terminate();
      await servesAgain(base, ref);
      const idle2 = await terminate();
      const backMs = await servesAgain(base, ref);
      expect(exited(cli), 'paylit-server exited with its idle connections terminated').toBe(false);
      expect(
        Object.keys(statuses).every((k) => /^(200|201|503 store_unavailable)$/.test(k)),
        JSON.stringify(statuses),
      ).toBe(true);
      report(
        "pg_terminate_backend on every connection of application_name 'paylit', 20 times 100 ms apart under six clients, then twice on the idle pool",
        `${busy} busy and ${idle + idle2} idle connections terminated; paylit-server still running; answers ${JSON.stringify(statuses)}; served again ${backMs} ms after the last`,
      );
    } finally {
      await admin.client?.end().catch(() => {});
      await tearDown(s);
    }
  });
});

/** The payments the sandbox's ledger holds for a merchant order's attempts (`<order>.<n>`). */
function paymentsOf(h: Harness, orderId: string) {
  return h.sandbox
    .ledger()
    .entries.filter(
      (e) =>
        e.order_id?.startsWith(`${orderId}.`) &&
        (e.kind === 'payment' || e.kind === 'authorization' || e.kind === 'verification'),
    );
}

test.describe('a payment made while PostgreSQL is away', () => {
  for (const outage of ['crashed (SIGKILL)', 'shut down fast (SIGINT)'] as const) {
    test(`PostgreSQL ${outage} while the payment is with the API, then started again: the checkout view shows the payment at once, not the form`, async () => {
      test.setTimeout(scaled(40_000)); // an outage during a payment, and PostgreSQL back
      const s: Partial<Setup> = {};
      try {
        Object.assign(s, await setUp());
        const { cluster, h, base } = s as Setup;
        const order = orderOf();
        const ref = await postOrder(base, order);
        // The API holds the payment 1.5 s: PostgreSQL goes away while it does.
        expect(
          (
            await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, {
              method: 'POST',
              body: JSON.stringify({
                path: '/secure_payments',
                method: 'POST',
                kind: 'latency',
                latency_ms: 1500,
                count: 1,
              }),
            })
          ).ok,
        ).toBe(true);
        const inFlight = payByCard(base, ref);
        await expect
          .poll(async () => (await fetch(`${h.sandboxUrl}/sandbox-tools/faults`)).json())
          .toEqual([]);
        if (outage === 'crashed (SIGKILL)') await cluster.kill();
        else await cluster.stop();
        const paid = await inFlight;
        const ledger = paymentsOf(h, order.id);
        expect(ledger.map((e) => [e.status, e.money_moved])).toEqual([['PAID', true]]);
        await cluster.restart();
        const started = performance.now();
        let view: { status: number; body: any } = { status: 0, body: undefined };
        await expect
          .poll(
            async () => {
              view = await browser(base, `/checkout?order=${encodeURIComponent(ref)}`);
              return [view.status, view.body.payment?.id];
            },
            // Within seconds (before: the form, for as long as measured); room for a loaded machine.
            { timeout: scaled(3_000), intervals: [100] },
          )
          .toEqual([200, ledger[0]!.payment_id]);
        const shownMs = Math.round(performance.now() - started);
        expect(view.body.payment.status).toBe('PAID');
        report(
          `PostgreSQL ${outage} while a card payment was with the API (1.5 s), started again, the shopper reloads the checkout`,
          `the payment request answered ${paid.status} ${paid.body.payment?.status ?? paid.body.error?.type}; the ledger holds 1 PAID payment; the checkout view showed it ${shownMs} ms after PostgreSQL was back`,
        );
      } finally {
        await tearDown(s);
      }
    });
  }
});
