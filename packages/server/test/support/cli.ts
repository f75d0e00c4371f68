/**
 * `paylit-server` (packages/server/dist/cli.js) as a child process, in its no-configuration
 * mode (the embedded sandbox), on a port chosen here so that a proxy can be pointed at it
 * before it prints its banner.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './proxy.js';

const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

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
  stop(): Promise<void>;
}

/** Starts the CLI with `env` added to a bare environment; resolves once its banner is out. */
export async function startCli(env: Record<string, string> = {}): Promise<Cli> {
  const port = await freePort();
  const child = spawn(process.execPath, [cli], { env: { PATH: process.env.PATH, PORT: String(port), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`paylit-server printed no banner within 20 s:\n${out}`)), 20_000);
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
export async function runCliToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [cli], { env: { PATH: process.env.PATH, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
