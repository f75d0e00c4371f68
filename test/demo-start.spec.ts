/**
 * `npm run demo` on a second start: it builds only what changed since the last build (none of
 * it here, right after the build `npm test` ran), says why when it must build, and its sandbox
 * listens on `SANDBOX_PORT`. Run as a merchant runs them: the script and the demo's server as
 * processes, the sandbox reached over HTTP.
 */
import { execFileSync, spawn } from 'node:child_process';
import { statSync, utimesSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// One after the other: the second test moves a source's time, which the first would see.
test.describe.configure({ mode: 'serial' });

const repo = fileURLToPath(new URL('..', import.meta.url));
const dryRun = () =>
  execFileSync(process.execPath, ['scripts/build-if-changed.mjs', '--dry-run'], {
    cwd: repo,
    encoding: 'utf8',
  });

test('a second start builds nothing: the packages and the pages are as their last build left them', () => {
  expect(dryRun().trim().split('\n')).toEqual([
    'demo: npm run build skipped, nothing changed since the last build',
    'demo: npm run build:demo skipped, nothing changed since the last build',
  ]);
});

test('a changed source is built again, and the pages after it, each saying why', () => {
  const source = 'packages/core/src/money.ts';
  const { atime, mtime } = statSync(`${repo}/${source}`);
  // Saved a second after the last build, as an editor would (its bytes unchanged).
  utimesSync(`${repo}/${source}`, atime, new Date(Date.now() + 1000));
  try {
    expect(dryRun().trim().split('\n')).toEqual([
      `demo: npm run build is due: ${source} changed since packages/core/dist was built`,
      'demo: npm run build:demo is due: the step before it is built first',
    ]);
  } finally {
    utimesSync(`${repo}/${source}`, atime, mtime);
  }
  expect(dryRun()).not.toContain('is due');
});

/** A port no one listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('SANDBOX_PORT sets the port of the demo’s sandbox, and a wrong one is named', async () => {
  const sandboxPort = await freePort();
  const child = spawn(process.execPath, ['demo/server.mjs'], {
    cwd: repo,
    env: { ...process.env, PORT: '0', SANDBOX_PORT: String(sandboxPort) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const started = await new Promise<{ sandbox: string }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { sandbox: string }));
      child.once('exit', (code) => reject(new Error(`the demo exited with ${code}`)));
    });
    expect(started.sandbox).toBe(`http://127.0.0.1:${sandboxPort}`);
    // The API answers there: an unsigned request is refused as the API refuses it.
    const res = await fetch(`${started.sandbox}/payments/none`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await res.json()).toHaveProperty('code');
  } finally {
    child.kill();
    await new Promise((resolve) =>
      child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
    );
  }
  const wrong = spawn(process.execPath, ['demo/server.mjs'], {
    cwd: repo,
    env: { ...process.env, PORT: '0', SANDBOX_PORT: 'eighty' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let said = '';
  wrong.stderr!.on('data', (chunk) => (said += chunk));
  const code = await new Promise((resolve) => wrong.once('exit', resolve));
  expect(code).toBe(2);
  expect(said).toContain('SANDBOX_PORT must be a port number from 0 to 65535, not "eighty"');
});
