/** The CLI as a merchant runs it: `paylit-sandbox`, with generated or environment credentials. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCardKeyPair } from '@paylit/core/crypto';
import { SandboxClient, cardPayment } from './support/client.js';
import { expect, test } from '@playwright/test';
import { scaled } from '../../../test/support/time.mjs';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

async function start(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; banner: string }> {
  const child = spawn(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  try {
    await expect.poll(() => out, { timeout: scaled(7_000) }).toContain('tools');
  } catch (error) {
    // Not started in time: stopped here, not left running after the suite.
    child.kill('SIGKILL');
    throw error;
  }
  return { child, banner: out };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

test('with nothing configured it prints its URL, generated credentials and the public key; they work', async () => {
  const { child, banner } = await start(['--port', '0']);
  try {
    const url = /paylit sandbox: (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)![1]!;
    const login = /X-Login\s+(\S+)/.exec(banner)![1]!;
    const transKey = /X-Trans-Key\s+(\S+)/.exec(banner)![1]!;
    const secretKey = /secret key\s+(\S+)/.exec(banner)![1]!;
    expect(banner).toContain(`${url}/sandbox-tools/public-key`);
    const res = await new SandboxClient(url, { login, transKey, secretKey }).post(
      '/secure_payments',
      cardPayment(),
    );
    expect(res.body.status).toBe('PAID');
    expect((await (await fetch(`${url}/sandbox-tools/public-key`)).json()).kty).toBe('RSA');
  } finally {
    await stop(child);
  }
});

test('credentials from the environment; the secret is not printed; a key file is used', async () => {
  const keys = await generateCardKeyPair({ kid: 'from-file' });
  const dir = await mkdtemp(join(tmpdir(), 'paylit-sandbox-'));
  const keyFile = join(dir, 'key.json');
  await writeFile(keyFile, JSON.stringify(keys.privateJwk));
  const env = {
    PAYLIT_X_LOGIN: 'merchant-login',
    PAYLIT_X_TRANS_KEY: 'trans-key-value',
    PAYLIT_SECRET_KEY: 'very-secret-value',
  };
  const { child, banner } = await start(['--port', '0', '--key-file', keyFile], env);
  try {
    expect(banner).toContain('merchant-login');
    expect(banner).not.toContain('very-secret-value');
    expect(banner).not.toContain('trans-key-value');
    expect(banner).toContain('kid from-file');
    const url = /paylit sandbox: (\S+)/.exec(banner)![1]!;
    expect(await (await fetch(`${url}/sandbox-tools/public-key`)).json()).toEqual(keys.publicJwk);
    const res = await new SandboxClient(url, {
      login: env.PAYLIT_X_LOGIN,
      transKey: env.PAYLIT_X_TRANS_KEY,
      secretKey: env.PAYLIT_SECRET_KEY,
    }).post('/secure_payments', cardPayment());
    expect(res.body.status).toBe('PAID');
  } finally {
    await stop(child);
  }
});

test('a bad argument says what is wrong and exits 2', async () => {
  for (const args of [['--port', 'abc'], ['--nope']]) {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(err).toMatch(/paylit-sandbox: .+\nusage: paylit-sandbox/);
  }
});
