/** `paylit-server` as a merchant runs it: nothing configured (embedded sandbox), or against an API given by the environment. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encryptCard } from '@paylit/core/crypto';
import { expect, test } from '@playwright/test';
import { payer, startSandbox } from './support/harness.js';
import { apiEnv, runCliToExit } from './support/cli.js';
import { startPostgres } from './support/postgres.js';
import { startRedis } from './support/redis.js';
import { scaled } from '../../../test/support/time.mjs';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

async function start(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; out: () => string }> {
  const child = spawn(process.execPath, [cli], {
    env: { PATH: process.env.PATH, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  try {
    await expect.poll(() => out, { timeout: scaled(7_000) }).toMatch(/store|paylit-server:/);
  } catch (error) {
    // Not started in time: stopped here, not left running after the suite.
    child.kill('SIGKILL');
    throw error;
  }
  return { child, out: () => out };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

test('with nothing configured it starts the embedded sandbox, prints both URLs, takes a payment, and answers a path it has no route for with its JSON 404', async () => {
  const { child, out } = await start({});
  try {
    const banner = out();
    const base = /paylit server: (\S+)/.exec(banner)![1]!;
    expect(banner).toMatch(
      /API\s+http:\/\/127\.0\.0\.1:\d+ \(embedded sandbox: no PAYLIT_BASE_URL\)/,
    );
    const token = /Bearer ([0-9a-f]{32})/.exec(banner)![1]!;
    const order = {
      id: `cli-${Date.now()}`,
      amount: 99.9,
      currency: 'MXN',
      country: 'MX',
      payer: { ...payer, document: 'HEGG560427MVZRRL04' },
    };
    const made = await fetch(`${base}/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(order),
    });
    expect(made.status).toBe(201);
    const { clientSecret } = await made.json();
    const view = await (await fetch(`${base}/checkout?order=${clientSecret}`)).json();
    // On its embedded sandbox the CLI is in development: the view says why Apple Pay is not offered.
    expect(view.hiddenMethods.find((m: { id: string }) => m.id === 'AP').reason).toMatch(
      /only in the DIRECT flow/,
    );
    const encryptedData = await encryptCard(
      { number: '4111111111111111', cvv: '123' },
      view.publicKey,
    );
    const paid = await fetch(`${base}/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        order: clientSecret,
        attempt: crypto.randomUUID(),
        method: {
          type: 'card',
          encryptedData,
          holderName: 'T',
          expirationMonth: 1,
          expirationYear: 2040,
        },
      }),
    });
    expect((await paid.json()).payment).toMatchObject({
      status: 'PAID',
      amount: 99.9,
      currency: 'MXN',
    });
    await expect.poll(out).toMatch(/POST \/paylit\/payments 200 \d+ms/);
    expect(out()).not.toContain('4111111111111111');
    // A path under the mount that no route takes gets the handler's JSON 404, as every error.
    for (const path of ['PAYMENTS', 'payments/']) {
      const missing = await fetch(`${base}/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect([missing.status, missing.headers.get('content-type')]).toEqual([
        404,
        'application/json',
      ]);
      expect((await missing.json()).error).toEqual({
        type: 'not_found',
        message: `no route POST /paylit/${path}`,
      });
    }
  } finally {
    await stop(child);
  }
});

test('against an API given by the environment: credentials and public key from it, no secret printed', async () => {
  const h = await startSandbox();
  const dir = await mkdtemp(join(tmpdir(), 'paylit-server-'));
  const keyFile = join(dir, 'public.pem');
  await writeFile(keyFile, h.sandbox.publicPem);
  const { login, transKey, secretKey } = h.sandbox.credentials;
  const { child, out } = await start({
    PAYLIT_BASE_URL: h.sandboxUrl,
    PAYLIT_X_LOGIN: login,
    PAYLIT_X_TRANS_KEY: transKey,
    PAYLIT_SECRET_KEY: secretKey,
    PAYLIT_PUBLIC_KEY: keyFile,
    PAYLIT_API_TOKEN: 'merchant-token-0123456789',
  });
  try {
    const banner = out();
    expect(banner).toContain(`API           ${h.sandboxUrl}`);
    for (const secret of [secretKey, transKey, 'merchant-token-0123456789'])
      expect(banner).not.toContain(secret);
    const base = /paylit server: (\S+)/.exec(banner)![1]!;
    const order = { id: `env-${Date.now()}`, amount: 10, currency: 'BRL', country: 'BR', payer };
    const made = await fetch(`${base}/orders`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer merchant-token-0123456789',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(order),
    });
    expect(made.status).toBe(201);
    const view = await (
      await fetch(`${base}/checkout?order=${(await made.json()).clientSecret}`)
    ).json();
    expect(view.publicKey).toBe(h.sandbox.publicPem);
    // Against a configured API it is not: the view does not say what it hides.
    expect('hiddenMethods' in view).toBe(false);
  } finally {
    await stop(child);
    await h.close();
  }
});

test('a configuration that cannot work says what to set and exits 2', async () => {
  for (const [env, message] of [
    [
      { PAYLIT_BASE_URL: 'https://api.example.com' },
      /PaymentsClient: login is required: the X-Login from the merchant dashboard \(PAYLIT_X_LOGIN\)/,
    ],
    [
      {
        PAYLIT_BASE_URL: 'https://api.example.com',
        PAYLIT_X_LOGIN: 'l',
        PAYLIT_X_TRANS_KEY: 't',
        PAYLIT_SECRET_KEY: 'very-secret',
      },
      /PAYLIT_PUBLIC_KEY is required/,
    ],
    [
      {
        PAYLIT_BASE_URL: 'https://api.example.com',
        PAYLIT_X_LOGIN: 'l',
        PAYLIT_X_TRANS_KEY: 't',
        PAYLIT_SECRET_KEY: 'very-secret',
        PAYLIT_PUBLIC_KEY: '{"kty":"EC"}',
      },
      /PAYLIT_PUBLIC_KEY: the public key must be an RSA key/,
    ],
    [{ PORT: 'abc' }, /PORT must be a port number/],
  ] as const) {
    const child = spawn(process.execPath, [cli], {
      env: { PATH: process.env.PATH, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code, err).toBe(2);
    expect(err).toMatch(message);
    expect(err).not.toContain('very-secret');
  }
});

/** The environment of a server on the sandbox `h`, as a merchant sets it. */
const apiOf = (h: Awaited<ReturnType<typeof startSandbox>>) =>
  apiEnv(h.sandbox, h.sandboxUrl, 'merchant-token-0123456789');

test('PAYLIT_DATABASE_URL keeps the state in PostgreSQL: the banner says so with the password masked, no memory warning, and an order outlives a restart', async () => {
  const cluster = await startPostgres();
  const h = await startSandbox();
  try {
    // The throwaway cluster trusts local connections, so any password is accepted: it must never be printed.
    const url = (await cluster.createDatabase('cli')).replace(
      'postgres@',
      'postgres:db-password-42@',
    );
    const env = { ...apiOf(h), PAYLIT_DATABASE_URL: url };
    const first = await start(env);
    let secret: string;
    try {
      await expect
        .poll(first.out)
        .toMatch(/store\s+PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/cli\n/);
      const base = /paylit server: (\S+)/.exec(first.out())![1]!;
      const made = await fetch(`${base}/orders`, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer merchant-token-0123456789',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          id: `pg-${Date.now()}`,
          amount: 10,
          currency: 'BRL',
          country: 'BR',
          payer,
        }),
      });
      expect(made.status).toBe(201);
      secret = (await made.json()).clientSecret;
    } finally {
      await stop(first.child);
    }
    const second = await start(env);
    try {
      const base = /paylit server: (\S+)/.exec(second.out())![1]!;
      const view = await fetch(`${base}/checkout?order=${encodeURIComponent(secret)}`);
      expect(view.status).toBe(200);
      expect((await view.json()).order.amount).toBe(10);
      for (const out of [first.out(), second.out()]) {
        expect(out).not.toContain('db-password-42');
        expect(out).not.toContain('IN MEMORY');
      }
    } finally {
      await stop(second.child);
    }
  } finally {
    await h.close();
    await cluster.destroy();
  }
});

test('PAYLIT_REDIS_URL keeps the state in Redis: the banner says so with the password masked', async () => {
  const redis = await startRedis({ password: 'redis-password-42' });
  const h = await startSandbox();
  const { child, out } = await start({ ...apiOf(h), PAYLIT_REDIS_URL: redis.url });
  try {
    await expect.poll(out).toMatch(/store\s+Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\n/);
    expect(out()).not.toContain('redis-password-42');
    expect(out()).not.toContain('IN MEMORY');
  } finally {
    await stop(child);
    await h.close();
    await redis.stop();
  }
});

test('the memory store outside sandbox mode: a loud warning on stderr that it is for development only; in sandbox mode, none', async () => {
  const h = await startSandbox();
  const configured = spawn(process.execPath, [cli], {
    env: { PATH: process.env.PATH, PORT: '0', ...apiOf(h) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  configured.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  configured.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    await expect
      .poll(() => stderr, { timeout: scaled(5_000) })
      .toContain('WARNING: the state is kept IN MEMORY, which is for development only');
    expect(stderr).toMatch(/A restart forgets which orders were paid/);
    expect(stderr).toMatch(/Two instances do not share it/);
    expect(stderr).toMatch(/Set PAYLIT_DATABASE_URL \(postgres:\/\/…\) or PAYLIT_REDIS_URL/);
    expect(stdout).toMatch(/store\s+in memory \(development only/);
  } finally {
    await stop(configured);
    await h.close();
  }
  const sandboxed = await start({});
  try {
    await expect.poll(sandboxed.out).toMatch(/store\s+in memory/);
    expect(sandboxed.out()).not.toContain('WARNING');
  } finally {
    await stop(sandboxed.child);
  }
});

test('a store that cannot be used says why and exits 2: both URLs, a wrong scheme, nothing listening (the password masked)', async () => {
  for (const [env, message] of [
    [
      { PAYLIT_REDIS_URL: 'redis://127.0.0.1:9', PAYLIT_DATABASE_URL: 'postgres://127.0.0.1:9/x' },
      /set PAYLIT_REDIS_URL or PAYLIT_DATABASE_URL, not both/,
    ],
    [
      { PAYLIT_DATABASE_URL: 'mysql://127.0.0.1:9/x' },
      /PAYLIT_DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    ],
    [
      { PAYLIT_REDIS_URL: 'http://127.0.0.1:9' },
      /PAYLIT_REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/,
    ],
    [
      { PAYLIT_DATABASE_URL: 'postgres://app:very-secret@127.0.0.1:9/shop' },
      /could not set up the PostgreSQL store at postgres:\/\/app:\*\*\*@127\.0\.0\.1:9\/shop/,
    ],
    [
      { PAYLIT_REDIS_URL: 'redis://app:very-secret@127.0.0.1:9' },
      /could not connect to Redis at redis:\/\/app:\*\*\*@127\.0\.0\.1:9/,
    ],
  ] as const) {
    const child = spawn(process.execPath, [cli], {
      env: { PATH: process.env.PATH, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code, err).toBe(2);
    expect(err).toMatch(message);
    expect(err).not.toContain('very-secret');
  }
});

test('a Redis URL that carries its password as the whole userinfo (redis://password@host), or a password with an @ in it, is never printed, in the banner or in an error', async () => {
  const redis = await startRedis({ password: 'redis-password-43' });
  const h = await startSandbox();
  try {
    const port = new URL(redis.url).port;
    for (const url of [
      `redis://redis-password-43@127.0.0.1:${port}`,
      `redis://:redis@password-43@127.0.0.1:${port}`,
    ]) {
      const { output } = await runCliToExit({ ...apiOf(h), PAYLIT_REDIS_URL: url });
      expect(output).toMatch(/redis:\/\/(default)?(:)?\*\*\*@127\.0\.0\.1:\d+/);
      expect(output).not.toContain('password-43');
    }
  } finally {
    await h.close();
    await redis.stop();
  }
});
