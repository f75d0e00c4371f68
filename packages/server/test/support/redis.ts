/**
 * A real redis-server (Debian's package) on a free port, for the specs that need one: without
 * persistence (the default), with the append-only file, or with Debian's default snapshot
 * settings, in a data dir that outlives a kill, so a spec can crash it and start it again on
 * the same port and data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';
import { scaled } from '../../../../test/support/time.mjs';

export function redisServerPath(): string {
  const found = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));
  if (!found)
    throw new Error(
      "redis-server not found: install Debian's package with `apt-get install -y redis-server` (.ci/run does)",
    );
  return found;
}

/**
 * `none`: nothing written to disk. `aof`: `appendonly yes` with `appendfsync everysec` (or
 * `always`, with `fsync: 'always'`). `snapshot`: Debian's redis.conf defaults, `save 3600 1
 * 300 100 60 10000` and no append-only file.
 */
export interface RedisOptions {
  persistence?: 'none' | 'aof' | 'snapshot';
  fsync?: 'everysec' | 'always';
  /** `requirepass`: the URL then carries it (`redis://:<password>@…`). */
  password?: string;
}

export interface Redis {
  url: string;
  port: number;
  /** Stops it for good (SIGTERM) and deletes its data dir. */
  stop(): Promise<void>;
  /** SIGKILL: a crash, with only what was on disk already. */
  kill(): Promise<void>;
  /** SIGSTOP: alive to TCP, answering nothing, until `resume`. */
  pause(): void;
  resume(): void;
  /** Starts it again on the same port and data dir, after `kill`. */
  restart(): Promise<void>;
}

export async function startRedis(options: RedisOptions = {}): Promise<Redis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'paylit-redis-'));
  const persistence = {
    none: ['--save', '', '--appendonly', 'no'],
    aof: ['--save', '', '--appendonly', 'yes', '--appendfsync', options.fsync ?? 'everysec'],
    snapshot: ['--save', '3600 1 300 100 60 10000', '--appendonly', 'no'],
  }[options.persistence ?? 'none'];
  let child: ChildProcess | undefined;

  const start = async () => {
    const auth = options.password ? ['--requirepass', options.password] : [];
    const started = spawn(
      redisServerPath(),
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, ...persistence, ...auth],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    const orphaned = () => started.kill('SIGKILL');
    process.once('exit', orphaned);
    started.once('exit', () => process.off('exit', orphaned));
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start: ${out}`)),
        scaled(3_500), // redis-server up and ready to accept connections
      );
      const exited = (code: number | null) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited ${code}: ${out}`));
      };
      started.once('exit', exited);
      started.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          started.off('exit', exited);
          resolve();
        }
      });
    });
  };

  const stopWith = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once('exit', () => resolve());
      if (signal !== 'SIGKILL') running.kill('SIGCONT');
      running.kill(signal);
    });

  await start();
  return {
    url: `redis://${options.password ? `:${encodeURIComponent(options.password)}@` : ''}127.0.0.1:${port}`,
    port,
    async stop() {
      await stopWith('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
    kill: () => stopWith('SIGKILL'),
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    restart: start,
  };
}
