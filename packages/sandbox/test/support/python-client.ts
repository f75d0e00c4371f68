/**
 * A client written in Python's standard library (`clients/*.py`) against the sandbox CLI as a
 * merchant runs it: the CLI started with `credentials` on a free port, the script given its URL
 * and those credentials (`PAYMENTS_API_URL`, `PAYMENTS_X_LOGIN`, `PAYMENTS_X_TRANS_KEY`,
 * `PAYMENTS_SECRET_KEY`), each line the script prints read as JSON. The CLI is stopped before
 * this resolves, whatever happened.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { scaled } from '../../../../test/support/time.mjs';

const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface SandboxCredentials {
  PAYLIT_X_LOGIN: string;
  PAYLIT_X_TRANS_KEY: string;
  PAYLIT_SECRET_KEY: string;
}

export interface PythonRun<Line> {
  /** What the script printed, one JSON value a line. */
  lines: Line[];
  stdout: string;
  stderr: string;
  /** Its exit status. */
  status: number | null;
}

/** Runs `clients/<script>` against a sandbox CLI of its own. */
export async function runPythonClient<Line>(
  script: string,
  credentials: SandboxCredentials,
): Promise<PythonRun<Line>> {
  const child = spawn(process.execPath, [cli, '--port', '0'], {
    env: { PATH: process.env.PATH, ...credentials },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    let banner = '';
    child.stdout.on('data', (d: Buffer) => (banner += d.toString()));
    child.stderr.on('data', (d: Buffer) => (banner += d.toString()));
    // Its banner, once it listens (the CLI loads the sandbox and makes a key pair first: slow on a
    // busy machine).
    await expect.poll(() => banner, { timeout: scaled(15_000) }).toContain('tools');
    const url = /paylit sandbox: (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)![1]!;

    const python = spawn(
      'python3',
      [fileURLToPath(new URL(`../clients/${script}`, import.meta.url))],
      {
        env: {
          PATH: process.env.PATH,
          PAYMENTS_API_URL: url,
          PAYMENTS_X_LOGIN: credentials.PAYLIT_X_LOGIN,
          PAYMENTS_X_TRANS_KEY: credentials.PAYLIT_X_TRANS_KEY,
          PAYMENTS_SECRET_KEY: credentials.PAYLIT_SECRET_KEY,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    python.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    python.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const status = await new Promise<number | null>((resolve) => python.once('close', resolve));
    const lines = stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line);
    return { lines, stdout, stderr, status };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  }
}
