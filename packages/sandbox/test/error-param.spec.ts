/**
 * `param` only on parameter errors ("The wire dialect", newest section): `5001 Invalid
 * parameter` names it, and every other code is answered `{"code","message"}` alone, as
 * `{"code":5007,"message":"Amount exceeded"}` and `{"code":4000,"message":"Payment not found"}`
 * were recorded though one parameter was at fault. `clients/error_bodies.py`, Python's
 * standard library only, drives the sandbox CLI to 5009, 5043, 5010, 5003, 5004, 5016, 5002,
 * 5008 and 5013 and compares each answer's bytes, and what `json.loads` reads, with the record.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { scaled } from '../../../test/support/time.mjs';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const client = fileURLToPath(new URL('./clients/error_bodies.py', import.meta.url));

const credentials = {
  PAYLIT_X_LOGIN: 'param-merchant',
  PAYLIT_X_TRANS_KEY: 'param-trans-key',
  PAYLIT_SECRET_KEY: 'param-secret-key',
};

let child: ChildProcess | undefined;
test.afterEach(async () => {
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child!.once('exit', () => resolve());
    child!.kill('SIGTERM');
  });
});

test('only 5001 carries param: every other error body is {"code","message"}, byte for byte', async () => {
  test.setTimeout(scaled(40_000)); // the sandbox CLI started, 15 calls from python3
  child = spawn(process.execPath, [cli, '--port', '0'], {
    env: { PATH: process.env.PATH, ...credentials },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let banner = '';
  child.stdout!.on('data', (d: Buffer) => (banner += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (banner += d.toString()));
  await expect.poll(() => banner, { timeout: scaled(15_000) }).toContain('tools');
  const url = /paylit sandbox: (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)![1]!;

  const python = spawn('python3', [client], {
    env: {
      PATH: process.env.PATH,
      PAYMENTS_API_URL: url,
      PAYMENTS_X_LOGIN: credentials.PAYLIT_X_LOGIN,
      PAYMENTS_X_TRANS_KEY: credentials.PAYLIT_X_TRANS_KEY,
      PAYMENTS_SECRET_KEY: credentials.PAYLIT_SECRET_KEY,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { stdout: '', stderr: '' };
  python.stdout.on('data', (d: Buffer) => (run.stdout += d.toString()));
  python.stderr.on('data', (d: Buffer) => (run.stderr += d.toString()));
  const status = await new Promise<number | null>((resolve) => python.once('close', resolve));
  const lines = run.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { call: string; ok: boolean; raw: string });
  expect(
    lines.filter((line) => !line.ok).map((line) => `${line.call}: ${line.raw}`),
    run.stderr,
  ).toEqual([]);
  expect(status, run.stderr).toBe(0);
  expect(lines.map((line) => line.call)).toEqual([
    '5009 an order_id paid already',
    '5043 a count the plan does not offer',
    '5010 a method Brazil does not have',
    '5003 a country not served',
    '5004 a currency Brazil does not take',
    '5016 an amount too low',
    '5002 a refund of an authorization',
    '5008 an unknown card_id',
    '5013 a refund of a verification',
    '5001 names its parameter',
  ]);
});
