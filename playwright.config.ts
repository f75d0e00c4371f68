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
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  use: {
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
});
