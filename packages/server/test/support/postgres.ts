/**
 * A throwaway PostgreSQL cluster (Debian's `postgresql` package) for the specs that need one:
 * initdb into a temp dir, the server on a free port and a socket dir of its own, stopped
 * cleanly, paused (SIGSTOP) or killed with SIGKILL (the postmaster and every backend, as in a crash) and started
 * again on the same data dir and port. As root it runs as Debian's `postgres` user.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from './ports.js';
import { scaled } from '../../../../test/support/time.mjs';

/** The directory of Debian's PostgreSQL programs (the newest installed), e.g. /usr/lib/postgresql/15/bin. */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error(
      "initdb not found under /usr/lib/postgresql/*/bin: install Debian's package with `apt-get install -y postgresql` (.ci/run does)",
    );
  return join(root, versions[0], 'bin');
}

/** As root, the uid and gid of Debian's `postgres` user (PostgreSQL refuses to run as root). */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || uid === 0)
    throw new Error(
      "running as root, and there is no `postgres` user to run PostgreSQL as (Debian's postgresql package makes it)",
    );
  return { uid, gid };
}

function command(
  program: string,
  args: string[],
  user: { uid: number; gid: number } | undefined,
): [string, string[]] {
  // setpriv execs the program itself: its pid is the postmaster's.
  return user
    ? [
        'setpriv',
        [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--', program, ...args],
      ]
    : [program, args];
}

function statOf(pid: number): { ppid: number; state: string } | undefined {
  try {
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  const stat = statOf(pid);
  return stat !== undefined && stat.state !== 'Z' && stat.state !== 'X';
}

function signal1(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {}
}

export interface Postgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** A new database in the cluster, and its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server cleanly (a fast shutdown). */
  stop(): Promise<void>;
  /** SIGKILL to the postmaster and every backend: a crash, with whatever the WAL holds. */
  kill(): Promise<void>;
  /** SIGSTOP to the postmaster and every backend: alive to TCP, answering nothing, until `resume`. */
  pause(): void;
  resume(): void;
  /** Starts the server again on the same data dir and port, after `stop` or `kill`. */
  restart(): Promise<void>;
  /** Stops the server and deletes its data dir. */
  destroy(): Promise<void>;
}

/** The cluster the first `initdb` of this process made, which each new cluster copies; removed as the process exits. */
let template: string | undefined;

/**
 * A new cluster's data dir at `data`: a copy of this process's template cluster, made by
 * `initdb` the first time. A copy is what initdb would write again (the same options, an empty
 * cluster), in a fraction of the time: initdb took 5 to 8 s on a loaded 2-core machine, and the
 * specs make a cluster per file and worker, and per test where one is crashed.
 */
function newCluster(
  data: string,
  bin: string,
  user: { uid: number; gid: number } | undefined,
  parent: string,
): void {
  if (!template) {
    const dir = mkdtempSync(join(parent, 'paylit-pg-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    if (user) chownSync(dir, user.uid, user.gid);
    const made = join(dir, 'data');
    const [initdb, initArgs] = command(
      join(bin, 'initdb'),
      ['-D', made, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'],
      user,
    );
    const init = spawnSync(initdb, initArgs, { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
    template = made;
  }
  // -a keeps the files' owner (the postgres user, as root) and the data dir's mode (0700).
  const copy = spawnSync('cp', ['-a', template, data], { encoding: 'utf8' });
  if (copy.status !== 0) throw new Error(`copying the template cluster failed: ${copy.stderr}`);
}

/** A new cluster in a temp dir, started and accepting connections. */
export async function startPostgres(): Promise<Postgres> {
  const bin = postgresBin();
  const user = runAs();
  // The postgres user must reach the data dir: a TMPDIR inside root's home would not do.
  const reachable = (path: string) =>
    !user ||
    spawnSync('setpriv', [
      `--reuid=${user.uid}`,
      `--regid=${user.gid}`,
      '--clear-groups',
      '--',
      'test',
      '-x',
      path,
    ]).status === 0;
  const dir = mkdtempSync(join(reachable(tmpdir()) ? tmpdir() : '/tmp', 'paylit-pg-'));
  const data = join(dir, 'data');
  const sockets = join(dir, 'sockets');
  mkdirSync(sockets);
  if (user) {
    chownSync(dir, user.uid, user.gid);
    chownSync(sockets, user.uid, user.gid);
  }
  newCluster(data, bin, user, dirname(dir));
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    const [program, args] = command(
      join(bin, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        sockets,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'max_connections=100',
      ],
      user,
    );
    const started = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child = started;
    // A worker that exits takes its cluster with it.
    const orphaned = () => void signalAll('SIGKILL');
    process.once('exit', orphaned);
    started.once('exit', () => process.off('exit', orphaned));
    let log = '';
    started.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`postgres did not start: ${log}`)),
        scaled(10_000),
      ); // initdb'd cluster up
      const exited = (code: number | null) => {
        clearTimeout(timer);
        reject(new Error(`postgres exited ${code}: ${log}`));
      };
      started.once('exit', exited);
      started.stderr!.on('data', () => {
        if (!log.includes('database system is ready to accept connections')) return;
        clearTimeout(timer);
        started.off('exit', exited);
        resolve();
      });
    });
    // Ready in its log; the port is open too.
    await new Promise<void>((resolve, reject) => {
      const socket = createConnection({ port, host: '127.0.0.1' }, () => {
        socket.end();
        resolve();
      });
      socket.once('error', reject);
    });
  };

  const stopWith = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once('exit', () => resolve());
      signalAll('SIGCONT');
      running.kill(signal);
    });

  /** The postmaster and its children (each backend is in a session of its own, so not in its process group). */
  const processes = (): number[] => {
    const postmaster = child?.pid;
    if (!postmaster || child!.exitCode !== null || child!.signalCode !== null) return [];
    const children = readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          return statOf(Number(pid))?.ppid === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [postmaster, ...children];
  };

  const signalAll = (signal: NodeJS.Signals) => {
    // The postmaster first, for SIGSTOP and SIGKILL: it forks no backend after the list is read.
    const postmaster = child?.pid;
    if (postmaster && signal !== 'SIGCONT') signal1(postmaster, signal);
    const all = processes();
    for (const pid of all) signal1(pid, signal);
    return all;
  };

  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    const all = signalAll('SIGKILL');
    await exited;
    // Every backend gone too (a zombie counts as gone), before a restart takes the port.
    while (all.some((pid) => alive(pid))) await new Promise((r) => setTimeout(r, 10));
  };

  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    async createDatabase(name) {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replaceAll('"', '')}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(name)}`;
    },
    stop: () => stopWith('SIGINT'),
    kill,
    pause: () => void signalAll('SIGSTOP'),
    resume: () => void signalAll('SIGCONT'),
    restart: start,
    async destroy() {
      await stopWith('SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
