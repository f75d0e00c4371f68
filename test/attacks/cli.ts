/**
 * `paylit-server` as an operator runs it: the CLI in a child process, configured by its
 * environment against a sandbox the spec runs, so that a spec can kill it, restart it on the
 * same port, run two of it on one store, or give one a clock that runs ahead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { encryptCard } from '@paylit/core/crypto';
import type { Sandbox } from '@paylit/sandbox';
import { expect } from '@playwright/test';

const cli = fileURLToPath(new URL('../../packages/server/dist/cli.js', import.meta.url));
const skewClock = fileURLToPath(new URL('./fixtures/skew-clock.mjs', import.meta.url));

export const apiToken = 'attack-token-0123456789abcdef';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface CliServer {
  /** `http://127.0.0.1:<port>/paylit` */
  base: string;
  /** Everything it printed, stdout and stderr. */
  output(): string;
  /** Stops it with `signal` and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface CliOptions {
  port: number;
  /** More environment: PAYLIT_REDIS_URL, PAYLIT_DATABASE_URL… */
  env?: Record<string, string>;
  /** How far this instance's clock (`Date.now()`) runs ahead of the machine's, in ms. */
  clockSkewMs?: number;
}

/** Starts `paylit-server` against `sandbox` (served at `sandboxUrl`) and waits for its banner. */
export async function startCli(sandbox: Sandbox, sandboxUrl: string, options: CliOptions): Promise<CliServer> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    PORT: String(options.port),
    PAYLIT_BASE_URL: sandboxUrl,
    PAYLIT_X_LOGIN: sandbox.credentials.login,
    PAYLIT_X_TRANS_KEY: sandbox.credentials.transKey,
    PAYLIT_SECRET_KEY: sandbox.credentials.secretKey,
    PAYLIT_PUBLIC_KEY: JSON.stringify(sandbox.publicJwk),
    PAYLIT_API_TOKEN: apiToken,
    ...options.env,
  };
  const args = options.clockSkewMs ? ['--import', skewClock, cli] : [cli];
  if (options.clockSkewMs) env.PAYLIT_TEST_CLOCK_SKEW_MS = String(options.clockSkewMs);
  const child: ChildProcess = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await expect.poll(() => (child.exitCode !== null ? `exited ${child.exitCode}: ${out}` : /paylit server: /.test(out) && /store\s+\S/.test(out) ? 'ready' : 'starting'), { timeout: 20_000 }).toBe('ready');
  return {
    base: `http://127.0.0.1:${options.port}/paylit`,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export interface Answer {
  status: number;
  body: any;
}

async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}

/** The merchant's backend making (or making again, after a restart) an order; answers what the page is given for it. */
export async function postOrder(base: string, order: Record<string, unknown>): Promise<string> {
  const answer = await call(`${base}/orders`, { method: 'POST', headers: { Authorization: `Bearer ${apiToken}`, 'Content-Type': 'application/json' }, body: JSON.stringify(order) });
  expect([201, 200]).toContain(answer.status);
  return (answer.body.clientSecret as string | undefined) ?? (order.id as string);
}

/** What the browser does: the page's origin on a same-origin request, no Origin header. */
export function browser(base: string, path: string, body?: unknown): Promise<Answer> {
  return call(`${base}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

/** A card payment submitted as `<paylit-checkout>` does, with a new attempt id. */
export async function payByCard(base: string, orderRef: string): Promise<Answer> {
  const view = await browser(base, `/checkout?order=${encodeURIComponent(orderRef)}`);
  expect(view.status, JSON.stringify(view.body)).toBe(200);
  const encryptedData = await encryptCard({ number: '4111111111111111', cvv: '123' }, view.body.publicKey);
  return browser(base, '/payments', { order: orderRef, attempt: crypto.randomUUID(), method: { type: 'card', encryptedData, holderName: 'Thiago Gabriel', expirationMonth: 10, expirationYear: 2040 } });
}
