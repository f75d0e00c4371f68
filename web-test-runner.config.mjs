// Browser tests: every *.test.ts of the packages, in Debian's Chromium.
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { fileURLToPath } from 'node:url';
import { chromiumArgs, chromiumPath } from './test/support/chromium.mjs';

export default {
  files: ['packages/*/src/**/*.test.ts'],
  nodeResolve: { exportConditions: ['source', 'browser', 'development'] },
  // The browser has no `process`; core's tests run in Node too and must not need it.
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) })],
  browsers: [chromeLauncher({ launchOptions: { executablePath: chromiumPath(), args: chromiumArgs } })],
  // localhost is a secure context: WebCrypto (and so jose) works there.
  hostname: 'localhost',
  concurrency: 2,
  testFramework: { config: { timeout: 10000 } },
};
