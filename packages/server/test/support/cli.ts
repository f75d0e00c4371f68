/**
 * `paylit-server` (packages/server/dist/cli.js) as an operator runs it: a child process
 * configured by its environment (nothing: the embedded sandbox; `apiEnv`: a sandbox the spec
 * runs), on a port chosen here (so that a proxy can be pointed at it before it prints its
 * banner, or so that it starts again on the same port after a kill), optionally with a clock
 * that runs ahead of the machine's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Sandbox } from '@paylit/sandbox';
import { freePort } from './ports.js';
import { scaled } from '../../../../test/support/time.mjs';

const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const skewClock = fileURLToPath(new URL('./skew-clock.mjs', import.meta.url));

/** The environment that points the CLI at `sandbox` (served at `sandboxUrl`) with its credentials and key. */
export function apiEnv(
  sandbox: Sandbox,
  sandboxUrl: string,
  apiToken: string,
): Record<string, string> {
  const { login, transKey, secretKey } = sandbox.credentials;
  return {
    PAYLIT_BASE_URL: sandboxUrl,
    PAYLIT_X_LOGIN: login,
    PAYLIT_X_TRANS_KEY: transKey,
    PAYLIT_SECRET_KEY: secretKey,
    PAYLIT_PUBLIC_KEY: JSON.stringify(sandbox.publicJwk),
    PAYLIT_API_TOKEN: apiToken,
  };
}

export interface CliOptions {
  /** Where it listens; default a free port. */
  port?: number;
  /** How far this process's clock (`Date.now()`) runs ahead of the machine's, in ms. */
  clockSkewMs?: number;
}

export interface Cli {
  child: ChildProcess;
  /** Where it listens, e.g. http://127.0.0.1:4123 (its handler is under /paylit). */
  url: string;
  banner: string;
  /** The order API's token, from the banner. */
  apiToken: string;
  /** The embedded sandbox, from the banner (its tools: /sandbox-tools/notifications …). */
  sandboxUrl: string;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Stops it with `signal` (default SIGTERM) and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts the CLI with `env` added to a bare environment; resolves once its banner is out. */
export async function startCli(
  env: Record<string, string> = {},
  options: CliOptions = {},
): Promise<Cli> {
  const port = options.port ?? (await freePort());
  const skew = options.clockSkewMs
    ? { PAYLIT_TEST_CLOCK_SKEW_MS: String(options.clockSkewMs) }
    : {};
  const args = options.clockSkewMs ? ['--import', skewClock, cli] : [cli];
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH, PORT: String(port), ...skew, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  const startMs = scaled(7_000); // a Node process loading the server and printing its banner
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not started in time: stopped here, not left running after the suite.
      child.kill('SIGKILL');
      reject(new Error(`paylit-server printed no banner within ${startMs / 1000} s:\n${out}`));
    }, startMs);
    const look = () => {
      if (/^ {2}store +\S.*$/m.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`paylit-server exited with ${code}:\n${out}`));
    });
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    banner: out,
    apiToken: /Bearer ([0-9a-f]{32})/.exec(out)?.[1] ?? '',
    sandboxUrl: /API\s+(http:\/\/\S+) \(embedded sandbox/.exec(out)?.[1] ?? '',
    output: () => out,
    stop,
  };
}

/** Runs the CLI until it refuses its configuration and exits, or until it has started (then stopped: code null); its exit code and output. */
export async function runCliToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [cli], {
    env: { PATH: process.env.PATH, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  // A CLI that started instead (its banner out) did not refuse the configuration.
  const started = setInterval(() => {
    if (/^ {2}store +\S.*$/m.test(out)) child.kill('SIGTERM');
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearInterval(started);
  return { code, output: out };
}
