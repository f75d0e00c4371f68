import { defineConfig } from '@playwright/test';

/**
 * The soak (`npm run soak`): one long test, apart from `npm test` (whose config runs only
 * *.spec.ts). It runs for SOAK_MINUTES (default 30) of traffic and faults, then settles and
 * counts; the timeout leaves 10 minutes for starting, settling and stopping.
 */
const minutes = Number(process.env.SOAK_MINUTES) || 30;

export default defineConfig({
  testDir: '.',
  testMatch: '*.soak.ts',
  timeout: (minutes + 10) * 60_000,
  workers: 1,
  reporter: 'list',
  // Apart from test-results/, which the next run of the other suites empties.
  outputDir: '../../soak-results',
});
