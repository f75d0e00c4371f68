/**
 * `paylit-server` configured as deploy files write it: a .env saved with CRLF line ends, a
 * docker `--env-file` (which keeps the quotes of `KEY="value"`), a compose file's
 * `KEY: ${UNSET}` (an empty value), or the API's address missing beside the merchant's
 * credentials and key. Each must stop the CLI with exit 2 and a line naming the variable, never
 * its value; before, the CLI started and every call to the API failed its signature, listened on
 * a random port or on every interface, allowed no origin, or ran the embedded sandbox.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { scaled } from '../../../test/support/time.mjs';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

const publicJwk = JSON.stringify(
  generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' }),
);

/** A configuration that starts (against an API that need not answer at start). */
const configured = {
  PAYLIT_BASE_URL: 'https://api.example.com',
  PAYLIT_X_LOGIN: 'login-one',
  PAYLIT_X_TRANS_KEY: 'trans-key-two',
  PAYLIT_SECRET_KEY: 'very-secret-key',
  PAYLIT_PUBLIC_KEY: publicJwk,
  PAYLIT_API_TOKEN: 'order-api-token-0123456789',
};

/** Runs the CLI until it exits or prints its banner (then stops it): its exit code and output. */
function run(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [cli], {
    env: { PATH: process.env.PATH, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve) => {
    const started = () => {
      if (!/paylit server: /.test(out)) return;
      child.kill('SIGKILL');
    };
    child.stdout.on('data', (d: Buffer) => ((out += d.toString()), started()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), scaled(8_000));
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

test('a variable empty, with spaces or a line break around it, or in quotes stops the CLI naming it, not its value; so does the API key without the API', async () => {
  const cases: [Record<string, string | undefined>, RegExp][] = [
    [{ PAYLIT_SECRET_KEY: 'very-secret-key\r' }, /PAYLIT_SECRET_KEY has spaces or a line break/],
    [{ PAYLIT_X_TRANS_KEY: '"trans-key-two"' }, /PAYLIT_X_TRANS_KEY is wrapped in quotes/],
    [{ PAYLIT_X_LOGIN: ' ' }, /PAYLIT_X_LOGIN is set but empty/],
    [{ PORT: '' }, /PORT is set but empty/],
    [{ HOST: '' }, /HOST is set but empty/],
    [{ PAYLIT_ALLOWED_ORIGINS: ' , ' }, /PAYLIT_ALLOWED_ORIGINS names no origin/],
    [{ PAYLIT_BASE_URL: '' }, /PAYLIT_BASE_URL is set but empty/],
    [{ PAYLIT_BASE_URL: undefined }, /PAYLIT_PUBLIC_KEY is the API's key.*PAYLIT_BASE_URL/],
  ];
  const results = await Promise.all(
    cases.map(([change]) => {
      const env: Record<string, string> = { ...configured };
      for (const [name, value] of Object.entries(change))
        if (value === undefined) delete env[name];
        else env[name] = value;
      return run(env);
    }),
  );
  results.forEach(({ code, out }, i) => {
    const label = JSON.stringify(cases[i]![0]);
    expect(out, label).toMatch(cases[i]![1]);
    expect(code, `${label}\n${out}`).toBe(2);
    for (const secret of ['very-secret-key', 'trans-key-two', 'order-api-token'])
      expect(out, label).not.toContain(secret);
  });
});
