/**
 * `paylit-server` stopped with SIGTERM (a rolling deploy, a scale-down) while a shopper's payment
 * waits on the API: the server stops taking connections but answers the payment it is making,
 * logs it, then exits 0. Before, SIGTERM cut every connection at once: the shopper got no
 * answer (nothing logged) for a payment the API may have committed.
 */
import { expect, test } from '@playwright/test';
import { payer, startSandbox, type Harness } from './support/harness.js';
import { apiEnv, startCli } from './support/cli.js';
import { scaled } from '../../../test/support/time.mjs';

let h: Harness;
test.beforeAll(async () => {
  h = await startSandbox();
});
test.afterAll(() => h?.close());

test('SIGTERM while a payment waits on the API: the shopper gets its answer, the request is logged, one payment at the API, exit 0', async () => {
  const token = 'merchant-token-0123456789';
  const cli = await startCli(apiEnv(h.sandbox, h.sandboxUrl, token));
  try {
    const id = `TERM-${Date.now().toString(36)}`;
    const made = await fetch(`${cli.url}/paylit/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id, amount: 120, currency: 'BRL', country: 'BR', payer }),
    });
    expect(made.status).toBe(201);
    const { clientSecret } = (await made.json()) as { clientSecret: string };
    await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, {
      method: 'POST',
      body: JSON.stringify({ path: '/payments', kind: 'latency', latency_ms: 1_000, count: 1 }),
    });
    const paying = fetch(`${cli.url}/paylit/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        order: clientSecret,
        attempt: crypto.randomUUID(),
        method: { type: 'redirect', methodId: 'PQ' },
      }),
    }).then(
      async (r) => ({ status: r.status, body: (await r.json()) as any }),
      (error: Error) => ({ status: 0, body: String(error.cause ?? error) }),
    );
    // The payment is at the API (held there by the fault) when the signal comes.
    await expect
      .poll(() => cli.output(), { timeout: scaled(3_000) })
      .toMatch(/POST \/paylit\/orders 201/);
    await new Promise((r) => setTimeout(r, 300));
    const exited = new Promise<number | null>((resolve) => cli.child.once('exit', resolve));
    cli.child.kill('SIGTERM');
    const answer = await paying;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.payment.status).toBe('PENDING');
    expect(await exited).toBe(0);
    expect(cli.output()).toMatch(/POST \/paylit\/payments 200 /);
    expect(h.sandbox.ledger({ order_id: id })).toMatchObject({ money_moved: 0 });
    expect(
      (h.sandbox.ledger({ order_id: id }) as { entries: unknown[] }).entries.length,
    ).toBeLessThanOrEqual(1);
  } finally {
    await cli.stop('SIGKILL');
  }
});

test('a second signal during the drain stops at once, saying so, with the exit code of a death by that signal', async () => {
  const token = 'merchant-token-0123456789';
  for (const [first, second, code] of [
    ['SIGTERM', 'SIGTERM', 143],
    ['SIGTERM', 'SIGINT', 130],
  ] as const) {
    const cli = await startCli(apiEnv(h.sandbox, h.sandboxUrl, token));
    try {
      const id = `TERM2-${Date.now().toString(36)}`;
      const made = await fetch(`${cli.url}/paylit/orders`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id, amount: 120, currency: 'BRL', country: 'BR', payer }),
      });
      const { clientSecret } = (await made.json()) as { clientSecret: string };
      // A payment held at the API for longer than the test waits: the drain would wait for it.
      await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, {
        method: 'POST',
        body: JSON.stringify({ path: '/payments', kind: 'latency', latency_ms: 8_000, count: 1 }),
      });
      const paying = fetch(`${cli.url}/paylit/payments`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          order: clientSecret,
          attempt: crypto.randomUUID(),
          method: { type: 'redirect', methodId: 'PQ' },
        }),
      }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 300));
      const exited = new Promise<number | null>((resolve) =>
        cli.child.once('exit', (c) => resolve(c)),
      );
      cli.child.kill(first);
      await expect.poll(() => cli.output(), { timeout: scaled(3_000) }).toMatch(/draining/);
      const at = Date.now();
      cli.child.kill(second);
      expect([first, second, await exited]).toEqual([first, second, code]);
      expect(Date.now() - at).toBeLessThan(scaled(2_000));
      expect(cli.output()).toContain(
        `${second} during the drain: stopping now, without the answers still in flight`,
      );
      await paying;
    } finally {
      await cli.stop('SIGKILL');
    }
  }
});
