/**
 * Playwright's global setup: a directory for the run's one `npm pack` of the four packages
 * (test/support/pack.ts packs into it when a spec first asks, and every spec after reads the same
 * tarballs), and the run's one card key for the sandboxes the specs start
 * (packages/sandbox/test/support/run-key.ts), both removed when the run ends.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'paylit-run-packs-'));
  // Workers inherit both.
  process.env.PAYLIT_PACK_DIR = dir;
  const keyDir = await mkdtemp(join(tmpdir(), 'paylit-run-key-'));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyFile = join(keyDir, 'card-key.pem');
  await writeFile(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  process.env.PAYLIT_TEST_KEY_FILE = keyFile;
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await rm(keyDir, { recursive: true, force: true });
  };
}
