import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './test/support/chromium.mjs';
import { describeTimeScale, scaled } from './test/support/time.mjs';

// Said once, by the run's main process (each worker loads this file too).
if (!process.env.TEST_WORKER_INDEX) console.log(`paylit: ${describeTimeScale()}`);

/**
 * Playwright Test runs every *.spec.ts: Node specs of the packages (and of their
 * *.test.ts suites, through test/support/mocha-shim.ts), and end-to-end suites in Chromium.
 */
export default defineConfig({
  testDir: '.',
  testMatch: ['packages/*/test/**/*.spec.ts', 'test/**/*.spec.ts'],
  // Every timeout is a quiet machine's budget for the work, scaled for this machine's load by the
  // one rule in test/support/time.mjs (×3 on CI's 2 cores): 10 s for a test of one page or a
  // few requests (a spec whose work is longer says so with test.setTimeout(scaled(...))).
  timeout: scaled(10_000),
  // An assertion waits for what it asserts; this is only how long before it gives up: Playwright's
  // own 5 s, a quiet machine's time for a page to draw its checkout.
  expect: { timeout: scaled(5_000) },
  // One npm pack of the four packages per run, shared by the specs that install them.
  globalSetup: './test/support/global-setup.ts',
  fullyParallel: true,
  // One worker more than the CPUs: much of a spec's time is waiting (a page loading, a story's
  // play function, a sandbox's settle delay, a child server starting; storybook.spec, measured
  // here: about 1 s of CPU in each story of 2.5 to 3.5 s), so one worker per CPU leaves CPU idle.
  // Not more: on a machine already busy, twice the CPUs pushed demo.spec's four axe runs past
  // the 30 s timeout. PLAYWRIGHT_WORKERS (or --workers) overrides it.
  workers: Number(process.env.PLAYWRIGHT_WORKERS) || Math.max(2, availableParallelism() + 1),
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  use: {
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
});
