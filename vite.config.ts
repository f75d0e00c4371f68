import { defaultClientConditions, defineConfig } from 'vite';

/**
 * The repository's Vite set-up: workspace packages resolve to their TypeScript sources
 * (the `source` export condition), so pages and specs run on the code as it is, with no
 * build step in between. Builds of publishable packages live beside each package.
 */
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // localhost is a secure context: WebCrypto, and so jose, works there.
  server: { host: '127.0.0.1', strictPort: false },
  logLevel: 'warn',
});
