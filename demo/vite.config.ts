import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import base from '../vite.config.js';

const page = (name: string) => fileURLToPath(new URL(`./${name}.html`, import.meta.url));

/** The demo shop's pages, built to demo/dist and served by demo/server.mjs under a strict CSP. */
export default mergeConfig(
  base,
  defineConfig({
    root: fileURLToPath(new URL('.', import.meta.url)),
    logLevel: 'warn',
    build: {
      outDir: fileURLToPath(new URL('./dist', import.meta.url)),
      emptyOutDir: true,
      target: 'es2022',
      // No inline scripts or styles: the pages run under script-src 'self'; style-src 'self'.
      modulePreload: { polyfill: false },
      assetsInlineLimit: 0,
      rollupOptions: {
        input: Object.fromEntries(
          ['index', 'plain', 'react', 'vue', 'return', 'back-office'].map((n) => [n, page(n)]),
        ),
      },
    },
  }),
);
