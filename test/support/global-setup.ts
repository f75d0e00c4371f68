/**
 * Playwright's global setup: a directory for the run's one `npm pack` of the four packages
 * (test/support/pack.ts packs into it when a spec first asks, and every spec after reads the same
 * tarballs), removed when the run ends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'paylit-run-packs-'));
  // Workers inherit it.
  process.env.PAYLIT_PACK_DIR = dir;
  return () => rm(dir, { recursive: true, force: true });
}
