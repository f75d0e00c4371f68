import { defineConfig, mergeConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import base from '../../vite.config.js';

/**
 * The script-tag file: all four elements with Lit, @lit/context, the card rules and
 * jose's JWE inside, as one IIFE (`dist/paylit.js`) that defines the elements when loaded.
 */
export default mergeConfig(
  base,
  defineConfig({
    build: {
      outDir: fileURLToPath(new URL('./dist/bundle', import.meta.url)),
      emptyOutDir: true,
      target: 'es2022',
      lib: {
        entry: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
        name: 'paylit',
        formats: ['iife'],
        fileName: () => 'paylit.js',
      },
    },
  }),
);
