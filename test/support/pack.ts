/**
 * The four packages as `npm pack` makes them (after the build `npm test` runs first), each
 * tarball unpacked beside itself, in a directory of its own under the system's temp dir.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repo = fileURLToPath(new URL('../..', import.meta.url));
export const packageNames = ['core', 'sandbox', 'server', 'elements'] as const;

export interface Packed {
  name: string;
  /** The directory under packages/. */
  dir: (typeof packageNames)[number];
  tarball: string;
  /** The tarball unpacked: its `package/` folder. */
  root: string;
  /** Every file in the tarball, relative to its root, with `/` separators. */
  files: string[];
}

export interface Packs {
  dir: string;
  packages: Packed[];
  remove(): Promise<void>;
}

/** Packs the four packages into a new temp dir and unpacks each tarball there. */
export async function packAll(): Promise<Packs> {
  for (const name of packageNames) {
    if (!existsSync(join(repo, 'packages', name, 'dist')))
      throw new Error(`packages/${name}/dist is missing: run npm run build first`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'paylit-pack-'));
  const { stdout } = await run(
    'npm',
    [
      'pack',
      '--json',
      '--pack-destination',
      dir,
      ...packageNames.flatMap((n) => ['-w', `packages/${n}`]),
    ],
    { cwd: repo, maxBuffer: 64 * 1024 * 1024 },
  );
  const answers = JSON.parse(stdout) as { name: string; filename: string }[];
  const packages: Packed[] = [];
  for (const answer of answers) {
    const tarball = join(dir, answer.filename);
    const unpacked = join(dir, answer.filename.replace(/\.tgz$/, ''));
    await mkdir(unpacked);
    await run('tar', ['-xzf', tarball, '-C', unpacked]);
    const { stdout: list } = await run('tar', ['-tzf', tarball], { maxBuffer: 64 * 1024 * 1024 });
    const files = list
      .split('\n')
      .filter((line) => line && !line.endsWith('/'))
      .map((line) => line.replace(/^package\//, ''));
    packages.push({
      name: answer.name,
      dir: answer.name.replace('@paylit/', '') as Packed['dir'],
      tarball,
      root: join(unpacked, 'package'),
      files,
    });
  }
  return { dir, packages, remove: () => rm(dir, { recursive: true, force: true }) };
}
