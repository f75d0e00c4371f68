import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './test/support/chromium.mjs';

/**
 * Playwright Test runs every *.spec.ts: Node specs of the packages (and of their
 * *.test.ts suites, through test/support/mocha-shim.ts), and end-to-end suites in Chromium.
 */
export default defineConfig({
  testDir: '.',
  testMatch: ['packages/*/test/**/*.spec.ts', 'test/**/*.spec.ts'],
  timeout: 30_000,
  // An assertion waits for what it asserts; this is only how long before it gives up. Playwright's
  // 5 s was a quiet machine's: a page built for production, loaded while the other workers and a
  // second suite share two cores, took longer to draw its checkout (fresh-app.spec, load 19).
  expect: { timeout: 15_000 },
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
