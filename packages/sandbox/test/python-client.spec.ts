/**
 * An independent client in another language, against the CLI as a merchant runs it:
 * `clients/python_client.py`, Python's standard library only (urllib, hmac, hashlib, json),
 * written from the public record of the API, not from paylit's code. It makes a status lookup
 * and a cancel without a body signed over the four characters `"{}"`, a refund and its lookup,
 * a payment with numbers as strings, strings as numbers and nulls, a Panama payment with no
 * payer name and an empty holder name, the empty-id cancel and a POST with a wrong signature;
 * each must get the answer the record shows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { scaled } from '../../../test/support/time.mjs';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const client = fileURLToPath(new URL('./clients/python_client.py', import.meta.url));

const credentials = {
  PAYLIT_X_LOGIN: 'python-merchant',
  PAYLIT_X_TRANS_KEY: 'python-trans-key',
  PAYLIT_SECRET_KEY: 'python-secret-key',
};

let child: ChildProcess | undefined;
test.afterEach(async () => {
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child!.once('exit', () => resolve());
    child!.kill('SIGTERM');
  });
});

test('a Python standard-library client gets, from the sandbox CLI, every answer the record shows', async () => {
  test.setTimeout(scaled(40_000)); // the sandbox CLI started, 12 calls from python3
  child = spawn(process.execPath, [cli, '--port', '0'], {
    env: { PATH: process.env.PATH, ...credentials },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let banner = '';
  child.stdout!.on('data', (d: Buffer) => (banner += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (banner += d.toString()));
  // Its banner, once it listens (the CLI loads the sandbox and makes a key pair first: slow on a busy machine).
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
  const run = { stdout: '', stderr: '', status: null as number | null };
  python.stdout.on('data', (d: Buffer) => (run.stdout += d.toString()));
  python.stderr.on('data', (d: Buffer) => (run.stderr += d.toString()));
  run.status = await new Promise<number | null>((resolve) => python.once('close', resolve));
  const lines = run.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { call: string; ok: boolean; status: number });
  const failed = lines.filter((line) => !line.ok);
  expect(failed, `${run.stdout}\n${run.stderr}`).toEqual([]);
  expect(run.status, run.stderr).toBe(0);
  expect(lines.map((line) => line.call)).toEqual([
    'a payment with numbers as strings, order_id and address.number as numbers, nulls',
    'a payment with user_reference, phone, document, card.number, card.cvv and description as numbers',
    'the plans for a BIN sent as a JSON number',
    "a payment whose risk data's numbers and booleans are strings",
    'Panama: payer.name and payer.email null, card.holder_name empty',
    'a status lookup signed over login + X-Date + "{}"',
    'a status lookup signed over login + X-Date, X-Date with microseconds, a trailing slash',
    'a cancel signed over "{}"',
    'a card payment, captured at once',
    'a refund of part, its amount as a string',
    'a refund lookup signed over "{}"',
    'a refund of more than remains: 400 / 5007, no param',
    "an unknown payment's status: 404 / 4000, no param",
    'the empty-id cancel POST /payments//cancel: JSON 404 / 4000',
    'a POST with a wrong signature: 400 / 5000 Signature not match',
  ]);
  // What it printed holds no secret and no card data.
  for (const secret of [credentials.PAYLIT_SECRET_KEY, '4111111111111111', '"123"'])
    expect(run.stdout).not.toContain(secret);
});
