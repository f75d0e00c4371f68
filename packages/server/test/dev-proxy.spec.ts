/**
 * `paylit-server` behind a Vite dev server's proxy (`server.proxy` with `changeOrigin`), as a
 * merchant develops: the page is served by Vite on an origin the CLI was not told about, and
 * calls `/paylit/…` on its own origin, which Vite forwards. The browser sends that origin
 * (a POST carries Origin even to its own origin), and the request succeeds, as a same-origin
 * request needs no CORS: nothing is wrong, and the CLI's log says nothing. A page on another
 * origin calling the CLI directly is refused by CORS, and that is logged: one line naming the
 * origin and the setting, once, with no stack trace.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { createCheckoutHandler, SetupWarning } from '@paylit/server';
import { startCli, type Cli } from './support/cli.js';
import { payer, startSandbox } from './support/harness.js';
import { freePort } from './support/ports.js';
import { scaled } from '../../../test/support/time.mjs';

let cli: Cli;
let vite: ViteDevServer;
let viteUrl: string;
let dir: string;
test.beforeAll(async () => {
  cli = await startCli();
  dir = await mkdtemp(join(tmpdir(), 'paylit-vite-'));
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>shop</title></head><body><p>shop</p></body></html>',
  );
  // Not 5173, which the CLI allows by default: the page's origin is one it was not told about.
  const port = await freePort();
  vite = await createViteServer({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    server: {
      host: '127.0.0.1',
      port,
      strictPort: true,
      proxy: { '/paylit': { target: cli.url, changeOrigin: true } },
    },
  });
  await vite.listen();
  viteUrl = `http://127.0.0.1:${port}`;
});
test.afterAll(async () => {
  await vite?.close();
  await cli?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function order(): Promise<string> {
  const made = await fetch(`${cli.url}/paylit/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${cli.apiToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      id: `proxy-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      amount: 120,
      currency: 'BRL',
      country: 'BR',
      payer,
    }),
  });
  expect(made.status).toBe(201);
  return ((await made.json()) as { clientSecret: string }).clientSecret;
}

/** The CLI's output from `from` on, once it has logged `line` (each request is logged when answered). */
async function outputThrough(from: number, line: RegExp): Promise<string> {
  await expect.poll(() => cli.output().slice(from), { timeout: scaled(5_000) }).toMatch(line);
  return cli.output().slice(from);
}

test('a same-origin POST through the Vite proxy from an origin the CLI was not told about succeeds, and the log holds only its request line', async ({
  page,
}) => {
  const secret = await order();
  await page.goto(viteUrl);
  const from = cli.output().length;
  const answer = await page.evaluate(async (order) => {
    const res = await fetch('/paylit/installments', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ order, bin: '411111' }),
    });
    return { status: res.status, body: await res.json() };
  }, secret);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const log = await outputThrough(from, /POST \/paylit\/installments 200 /);
  expect(log).not.toContain('allowedOrigins');
  expect(log).not.toContain('error');
  expect(log).not.toMatch(/^\s+at /m);
});

test('a page on another origin calling the CLI directly is refused by CORS, and the log says which origin to allow, once, in one line with no stack trace', async ({
  page,
}) => {
  const secret = await order();
  const other = createHttpServer((_req, res) =>
    res
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end('<!doctype html><title>elsewhere</title>'),
  );
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const otherOrigin = `http://127.0.0.1:${(other.address() as { port: number }).port}`;
  try {
    await page.goto(otherOrigin);
    const from = cli.output().length;
    const tries = await page.evaluate(
      async ({ url, order }) => {
        const results: string[] = [];
        for (let i = 0; i < 2; i++) {
          try {
            const res = await fetch(url, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ order, bin: '411111' }),
            });
            results.push(String(res.status));
          } catch (error) {
            results.push((error as Error).name);
          }
        }
        return results;
      },
      { url: `${cli.url}/paylit/installments`, order: secret },
    );
    expect(tries).toEqual(['TypeError', 'TypeError']);
    // Both preflights answered, and the warning out (stdout and stderr arrive in either order).
    await outputThrough(
      from,
      /OPTIONS \/paylit\/installments \d+ [^]*OPTIONS \/paylit\/installments \d+ /,
    );
    const log = await outputThrough(from, /is not in allowedOrigins/);
    const warnings = log.split('\n').filter((l) => l.includes('allowedOrigins'));
    expect(warnings).toEqual([
      `paylit-server: warning: origin ${otherOrigin} is not in allowedOrigins (PAYLIT_ALLOWED_ORIGINS): its pages cannot call this server; add it if it is yours`,
    ]);
    expect(log).not.toMatch(/^\s+at /m);
    expect(log).not.toContain('unexpected error');
  } finally {
    other.closeAllConnections();
    await new Promise((resolve) => other.close(resolve));
  }
});

test('without Sec-Fetch-Site (an older browser), a page whose host is the one it asked is same-origin too: not logged; the same Origin sent to another host is', async () => {
  const h = await startSandbox();
  try {
    const logged: unknown[] = [];
    const handler = createCheckoutHandler({
      client: h.client,
      publicKey: h.sandbox.publicJwk,
      publicUrl: 'http://127.0.0.1:4000/paylit',
      returnUrl: 'http://127.0.0.1:4000/return',
      allowedOrigins: ['http://127.0.0.1:4000'],
      development: true,
      onError: (e) => void logged.push(e),
    });
    const ask = (host: string) =>
      handler.request('http://x/installments', {
        method: 'POST',
        headers: {
          Origin: 'http://localhost:4000',
          Host: host,
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
    expect((await ask('localhost:4000')).status).toBe(400);
    expect(logged).toEqual([]);
    expect((await ask('127.0.0.1:4000')).status).toBe(400);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toBeInstanceOf(SetupWarning);
    expect((logged[0] as Error).message).toBe(
      'paylit: origin http://localhost:4000 is not in allowedOrigins (PAYLIT_ALLOWED_ORIGINS): its pages cannot call this server; add it if it is yours',
    );
  } finally {
    await h.close();
  }
});
