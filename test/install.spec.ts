/**
 * Installable as merchants install (issue 15): after `npm install` (or `npm ci`) and
 * `npm run build` on a fresh clone, `npx paylit-sandbox` and `npx paylit-server` start with
 * nothing configured, print their URL and answer HTTP. `.ci/run` type-checks the fresh clone
 * before any build; this runs after the build, as `npm test` does.
 *
 * The commands run through `npx`, as a user types them, each in a process group of its own:
 * a server started by `npx` outlives the `npx` process, so the whole group is stopped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { scaled } from './support/time.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));

interface Started {
  child: ChildProcess;
  out: () => string;
  stop: () => Promise<void>;
}

/** `npx <bin> ...args` from the repository's root, the environment cut to what a shell gives. */
function npx(bin: string, args: string[], env: Record<string, string> = {}): Started {
  const child = spawn('npx', ['--no-install', bin, ...args], {
    cwd: repo,
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    out: () => out,
    stop: async () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {}
      await exited;
    },
  };
}

test('npx paylit-sandbox, with nothing configured, prints its URL and answers HTTP', async () => {
  const sandbox = npx('paylit-sandbox', ['--port', '0']);
  try {
    await expect.poll(sandbox.out, { timeout: scaled(7_000) }).toMatch(/tools\s+http/);
    const url = /paylit sandbox: (http:\/\/127\.0\.0\.1:\d+)/.exec(sandbox.out())![1]!;
    const key = await fetch(`${url}/sandbox-tools/public-key`);
    expect(key.status).toBe(200);
    expect((await key.json()).kty).toBe('RSA');
  } finally {
    await sandbox.stop();
  }
});

test('npx paylit-server, with nothing configured, runs against the embedded sandbox and answers HTTP', async () => {
  const server = npx('paylit-server', [], { PORT: '0' });
  try {
    await expect.poll(server.out, { timeout: scaled(7_000) }).toMatch(/store\s+in memory/);
    const banner = server.out();
    expect(banner).toMatch(
      /API\s+http:\/\/127\.0\.0\.1:\d+ \(embedded sandbox: no PAYLIT_BASE_URL\)/,
    );
    const base = /paylit server: (\S+)/.exec(banner)![1]!;
    const token = /Bearer ([0-9a-f]{32})/.exec(banner)![1]!;
    const order = {
      id: `install-${Date.now()}`,
      amount: 120,
      currency: 'BRL',
      country: 'BR',
      payer: { name: 'Ana Lima', document: '53033315550' },
    };
    const created = await fetch(`${base}/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(order),
    });
    expect(created.status).toBe(201);
    const view = await fetch(`${base}/checkout?order=${(await created.json()).clientSecret}`);
    expect(view.status).toBe(200);
    expect((await view.json()).order).toMatchObject({ id: order.id, amount: 120, currency: 'BRL' });
  } finally {
    await server.stop();
  }
});

test('before a build, each launcher says to run npm run build', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'paylit-launcher-'));
  try {
    for (const name of ['server', 'sandbox']) {
      // The launcher alone, as a fresh clone has it: no dist/ beside it.
      await mkdir(join(dir, name, 'bin'), { recursive: true });
      await cp(
        join(repo, `packages/${name}/bin/paylit-${name}.mjs`),
        join(dir, name, 'bin', `paylit-${name}.mjs`),
      );
      const run = spawnSync(process.execPath, [join(dir, name, 'bin', `paylit-${name}.mjs`)], {
        encoding: 'utf8',
      });
      expect([run.status, run.stderr]).toEqual([
        1,
        expect.stringMatching(
          new RegExp(`^paylit-${name}: .*dist/cli\\.js is missing: run npm run build first`),
        ),
      ]);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('installed without @paylit/sandbox (a production install), the server says what to install or set', async () => {
  // node_modules as `npm install @paylit/server` leaves it: the server and its dependencies, no simulator.
  const dir = await mkdtemp(join(tmpdir(), 'paylit-production-'));
  try {
    const modules = join(dir, 'node_modules');
    await mkdir(join(modules, '@paylit', 'server'), { recursive: true });
    for (const part of ['package.json', 'bin', 'dist'])
      await cp(join(repo, 'packages/server', part), join(modules, '@paylit/server', part), {
        recursive: true,
      });
    await symlink(join(repo, 'packages/core'), join(modules, '@paylit/core'), 'dir');
    for (const dep of ['hono', '@hono', 'zod', 'jose', 'redis', '@redis'])
      await symlink(join(repo, 'node_modules', dep), join(modules, dep), 'dir').catch(() => {});
    const run = spawnSync(
      process.execPath,
      [join(modules, '@paylit/server/bin/paylit-server.mjs')],
      {
        cwd: dir,
        env: { PATH: process.env.PATH!, PORT: '0' },
        encoding: 'utf8',
        timeout: scaled(7_000),
      },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      'paylit-server: with no PAYLIT_BASE_URL this server runs against the embedded sandbox, and @paylit/sandbox is not installed',
    );
    expect(run.stderr).toContain('set PAYLIT_BASE_URL');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
