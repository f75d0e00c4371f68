/**
 * `PAYLIT_SANDBOX_PORT`: `paylit-server` with nothing configured starts its embedded sandbox on
 * that port (a payment made through the CLI is in the ledger read there); a value that is not
 * a port, a port another process holds, and the variable beside PAYLIT_BASE_URL are each
 * refused naming the variable (exit 2).
 */
import { createServer } from 'node:net';
import { encryptCard } from '@paylit/core/crypto';
import { expect, test } from '@playwright/test';
import { scaled } from '../../../test/support/time.mjs';
import { apiEnv, runCliToExit, startCli } from './support/cli.js';
import { payer, startSandbox } from './support/harness.js';
import { freePort } from './support/ports.js';

test('PAYLIT_SANDBOX_PORT pins the embedded sandbox: the banner names it, and a payment through the CLI is in the ledger read on that port', async () => {
  const port = await freePort();
  const cli = await startCli({ PAYLIT_SANDBOX_PORT: String(port) });
  try {
    expect(cli.sandboxUrl).toBe(`http://127.0.0.1:${port}`);
    const base = `${cli.url}/paylit`;
    const order = {
      id: `pinned-${Date.now()}`,
      amount: 120,
      currency: 'BRL',
      country: 'BR',
      payer,
    };
    const made = await fetch(`${base}/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${cli.apiToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(order),
    });
    expect(made.status).toBe(201);
    const { clientSecret } = (await made.json()) as { clientSecret: string };
    const view = (await (await fetch(`${base}/checkout?order=${clientSecret}`)).json()) as {
      publicKey: JsonWebKey;
    };
    const encryptedData = await encryptCard(
      { number: '4111111111111111', cvv: '123' },
      view.publicKey,
    );
    const submission = {
      order: clientSecret,
      attempt: crypto.randomUUID(),
      method: {
        type: 'card',
        encryptedData,
        holderName: 'T',
        expirationMonth: 1,
        expirationYear: 2040,
      },
    };
    const paid = await fetch(`${base}/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(submission),
    });
    expect(((await paid.json()) as { payment: { status: string } }).payment.status).toBe('PAID');
    const ledger = (await (
      await fetch(`http://127.0.0.1:${port}/sandbox-tools/ledger?order_id=${order.id}.1`)
    ).json()) as { entries: { status: string; amount: number; currency: string }[] };
    expect(ledger.entries.map((e) => `${e.status} ${e.amount} ${e.currency}`)).toEqual([
      'PAID 120 BRL',
    ]);
  } finally {
    await cli.stop();
  }
});

test('a PAYLIT_SANDBOX_PORT that is not a port number is refused naming it, and the same CLI with a port starts', async () => {
  // Seven CLI processes one after another (six refusals, one start with its sandbox): about
  // seven seconds on a quiet machine, more than the default budget leaves room for (it took
  // 30 s in CI's pair).
  test.setTimeout(scaled(20_000));
  for (const value of ['abc', '65536', '-1', '4000.5', '4000x', '1e3']) {
    const run = await runCliToExit({ PAYLIT_SANDBOX_PORT: value });
    expect(run.code, value).toBe(2);
    expect(run.output, value).toContain(
      `paylit-server: PAYLIT_SANDBOX_PORT must be a port number from 0 to 65535, not "${value}"`,
    );
  }
  // The accepted value beside them: the CLI starts (stopped by runCliToExit once its banner is out).
  const started = await runCliToExit({ PAYLIT_SANDBOX_PORT: '0' });
  expect(started.output).toMatch(/API\s+http:\/\/127\.0\.0\.1:\d+ \(embedded sandbox/);
  expect(started.output).not.toContain('PAYLIT_SANDBOX_PORT');
});

test('a PAYLIT_SANDBOX_PORT another process listens on is refused naming it; free again, the same port is taken', async () => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const port = (holder.address() as { port: number }).port;
  let closed = false;
  try {
    const run = await runCliToExit({ PAYLIT_SANDBOX_PORT: String(port) });
    expect(run.code).toBe(2);
    expect(run.output).toContain(
      `paylit-server: PAYLIT_SANDBOX_PORT ${port} is taken: another process listens there`,
    );
    await new Promise((resolve) => holder.close(resolve));
    closed = true;
    const cli = await startCli({ PAYLIT_SANDBOX_PORT: String(port) });
    expect(cli.sandboxUrl).toBe(`http://127.0.0.1:${port}`);
    await cli.stop();
  } finally {
    if (!closed) await new Promise((resolve) => holder.close(resolve));
  }
});

test('PAYLIT_SANDBOX_PORT beside PAYLIT_BASE_URL is refused: there is no embedded sandbox to put on it', async () => {
  const h = await startSandbox();
  try {
    const env = apiEnv(h.sandbox, h.sandboxUrl, 'test-token-0123456789abcdef');
    const run = await runCliToExit({ ...env, PAYLIT_SANDBOX_PORT: '4010' });
    expect(run.code).toBe(2);
    expect(run.output).toContain(
      "PAYLIT_SANDBOX_PORT is the embedded sandbox's port, and with PAYLIT_BASE_URL set there is no embedded sandbox",
    );
    // The same configuration without it starts.
    const started = await runCliToExit(env);
    expect(started.output).toMatch(/API\s+http:\/\/127\.0\.0\.1:\d+\n/);
  } finally {
    await h.close();
  }
});
