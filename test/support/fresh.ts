/**
 * What a merchant's app outside the repository needs from a spec: commands run in a merchant's
 * shell, each step timed and printed (a spec that installs and builds must fit CI's budget), and
 * the versions the repository's own install has, which its `npm ci` put in the npm cache (an app
 * installs them with `--prefer-offline`: CI needs no download beyond that).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repo } from './pack.js';

const run = promisify(execFile);

/** The version the repository's own install has of a package: what the npm cache holds. */
export const installed = (name: string) =>
  `${name}@${(JSON.parse(readFileSync(join(repo, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version}`;

/** A merchant's shell: no npm_* of ours (they would point npm back at the repository), no NODE_OPTIONS, no NODE_ENV a library set in this worker. */
export const shellEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) =>
      !/^npm_/i.test(name) && name !== 'NODE_OPTIONS' && name !== 'INIT_CWD' && name !== 'NODE_ENV',
  ),
) as Record<string, string>;

export interface Ran {
  code: number;
  out: string;
}

/** Runs a command in `cwd`, resolving with its exit code and its output (stdout and stderr). */
export async function sh(
  cwd: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Ran> {
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd,
      env: { ...shellEnv, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof e.code === 'number' ? e.code : -1,
      out: `${e.stdout ?? ''}${e.stderr ?? String(error)}`,
    };
  }
}

/** Runs `step`, printing `label: what N s` when it ends (and keeping the line in `lines`). */
export async function timed<T>(
  label: string,
  what: string,
  step: () => Promise<T>,
  lines: string[] = [],
): Promise<T> {
  const started = Date.now();
  try {
    return await step();
  } finally {
    const line = `${label}: ${what} ${((Date.now() - started) / 1000).toFixed(1)} s`;
    lines.push(line);
    console.log(line);
  }
}
