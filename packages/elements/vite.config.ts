import { defineConfig, mergeConfig } from 'vite';
import base from '../../vite.config.js';
import { englishLater } from './build/english-later.js';
import { esModules } from './build/es-modules.js';
import { bundle, define, sizes, src } from './build/layout.js';
import { lightStyles } from './build/light-styles.js';
import { scriptTagChunks } from './build/script-tag-chunks.js';
import { sizeReport } from './build/size-report.js';

/**
 * The script-tag file, `paylit.js` (src/script-tag.ts): all four elements with Lit,
 * @lit/context, the card rules and English inside, as one IIFE that defines the elements when
 * loaded; the other languages, the marks and the rest are its chunks
 * (build/script-tag-chunks.ts). The ES modules are built once this is (build/es-modules.ts).
 */
export default mergeConfig(
  base,
  defineConfig({
    define,
    plugins: [
      esModules(),
      scriptTagChunks(),
      englishLater(src, 'rest'),
      lightStyles(src),
      sizeReport(sizes, true),
    ],
    build: {
      outDir: bundle,
      emptyOutDir: true,
      target: 'es2022',
      // For sizeReport() alone: not written.
      sourcemap: 'hidden',
      // The page's `paylit` global as a plain object, without a `Symbol.toStringTag` of `Module`.
      rolldownOptions: { output: { generatedCode: { symbols: false } } },
      lib: {
        entry: `${src}script-tag.ts`,
        name: 'paylit',
        formats: ['iife'],
        fileName: () => 'paylit.js',
      },
    },
  }),
);
