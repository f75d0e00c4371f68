// Browser tests: every *.test.ts of the packages, in Debian's Chromium.
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { fileURLToPath } from 'node:url';
import { chromiumArgs, chromiumPath } from './test/support/chromium.mjs';
import { paylitBackend } from './test/support/backend-plugin.mjs';

export default {
  files: ['packages/*/src/**/*.test.ts'],
  nodeResolve: { exportConditions: ['source', 'browser', 'development'] },
  plugins: [
    esbuildPlugin({
      ts: true,
      target: 'es2022',
      tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
    }),
    paylitBackend(),
  ],
  browsers: [
    chromeLauncher({ launchOptions: { executablePath: chromiumPath(), args: chromiumArgs } }),
  ],
  // localhost is a secure context: WebCrypto (and so jose) works there.
  hostname: 'localhost',
  // One page at a time: the element tests type with real keystrokes, which go to the focused page.
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
};
