/**
 * The four packages as `npm pack` makes them (after the build `npm test` runs first), each
 * tarball unpacked beside itself, in a directory of its own under the system's temp dir.
 *
 * Packed once per run: Playwright's global setup (test/support/global-setup.ts) names a
 * directory in PAYLIT_PACK_DIR; the first spec to ask packs into it, the others (in any worker)
 * wait for that and read the same tarballs; the global setup's teardown removes it. Without
 * PAYLIT_PACK_DIR (another runner), each call packs into a temp dir of its own.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { scaled } from './time.mjs';

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

/** The four packages packed and unpacked: once per run where the run shares them (PAYLIT_PACK_DIR). */
export async function packAll(): Promise<Packs> {
  const shared = process.env.PAYLIT_PACK_DIR;
  if (!shared) {
    const dir = await mkdtemp(join(tmpdir(), 'paylit-pack-'));
    return {
      dir,
      packages: await packInto(dir),
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  }
  // The run's teardown removes them: a spec's own remove() leaves them to the others.
  const kept = (packages: Packed[]): Packs => ({ dir: shared, packages, remove: async () => {} });
  const done = join(shared, 'packs.json');
  const failed = join(shared, 'failed.txt');
  try {
    await mkdir(join(shared, 'packing'));
  } catch {
    // Another spec is packing them: wait for its answer.
    const until = Date.now() + scaled(20_000); // npm pack of the four packages, unpacked
    for (;;) {
      if (existsSync(done)) return kept(JSON.parse(await readFile(done, 'utf8')) as Packed[]);
      if (existsSync(failed)) throw new Error(`npm pack failed: ${await readFile(failed, 'utf8')}`);
      if (Date.now() > until) throw new Error(`no tarballs in ${shared} in time`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    const packages = await packInto(join(shared, 'packs'));
    await writeFile(done, JSON.stringify(packages));
    return kept(packages);
  } catch (error) {
    await writeFile(failed, String(error));
    throw error;
  }
}

/** Packs the four packages into `dir` and unpacks each tarball there. */
async function packInto(dir: string): Promise<Packed[]> {
  for (const name of packageNames) {
    if (!existsSync(join(repo, 'packages', name, 'dist')))
      throw new Error(`packages/${name}/dist is missing: run npm run build first`);
  }
  await mkdir(dir, { recursive: true });
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
  return packages;
}
