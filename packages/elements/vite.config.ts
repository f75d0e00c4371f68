import { minifyTemplateLiterals } from 'rollup-plugin-minify-template-literals';
import { defineConfig, mergeConfig } from 'vite';
import base from '../../vite.config.js';
import { esModules } from './build/es-modules.js';
import { frameScript } from './build/frame-script.js';
import { integrity } from './build/integrity.js';
import { bundle, define, src } from './build/layout.js';

/**
 * The script-tag build: one code-split ES build whose chunks Rollup makes. Its module,
 * `paylit.module.js` (src/script-tag-module.ts), holds the checkout and the card fields and imports Lit
 * and core's card rules from the one chunk it shares with the lazy parts (`firstLoadShared`);
 * each lazy part (a language, the marks, the encryption, the installments' rules, the payer's
 * fields, a pending payment's view, frame isolation's page side...) is a chunk `paylit.<name>.js`
 * that an `import()` loads when needed. `paylit.js` (src/script-tag.ts) is the classic script a
 * merchant writes one tag for, which imports that module from beside itself.
 *
 * `paylit.js` carries the SHA-384 of every file it can load, and pins them when a page pins it
 * (build/integrity.ts); `dist/bundle/integrity.json` lists every file of the folder with its own.
 *
 * Then the card frame's script (build/frame-script.ts) and the ES modules (build/es-modules.ts).
 */
/**
 * What the first load runs and a lazy chunk also uses (Lit, the words' loading, core's errors,
 * card brands, number and order rules…) in one chunk, `paylit.shared.js`, not one small chunk per
 * set of users: Rolldown's own merge of such chunks into the module stops where a merge would
 * make two chunks import each other (the words' loading imports Lit; brands, numbers and rules
 * import the errors), which left six files beside the module, about 650 B of gzip more on each
 * journey than this one. A rule by Rolldown's own tags, not a list of modules: `$initial`, what an
 * entry imports statically, and used by two entries or more (the module and a lazy chunk),
 * which keeps the module's own code, and `paylit.js`'s, where they are.
 */
const firstLoadShared = {
  groups: [{ name: 'shared', tags: ['$initial' as const], minShareCount: 2 }],
};

export default mergeConfig(
  base,
  defineConfig({
    define,
    plugins: [minifyTemplateLiterals(), integrity(), esModules(), frameScript()],
    build: {
      outDir: bundle,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      lib: {
        entry: { paylit: `${src}script-tag.ts`, 'paylit.module': `${src}script-tag-module.ts` },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
      rolldownOptions: {
        // The chunks may import from the module: what the first load and a later chunk share
        // (the styles, the wallet rule, core's brand table…) stays in the module, which the page
        // has already loaded, rather than in small chunks of its own (Rolldown's own merge of
        // common chunks into an entry, which a strict entry signature forbids). The page's
        // `paylit` global is the module's default export alone (src/script-tag-module.ts).
        preserveEntrySignatures: 'allow-extension',
        output: {
          chunkFileNames: 'paylit.[name].js',
          minify: true,
          // The bundler's own annotations (`/* @__PURE__ */` before each `new Set`, each call it
          // may drop) help a later bundler shake code: nothing bundles these files again, so the
          // browser would download them for nothing (about 50 B of gzip in each large file). The
          // ES modules (build/es-modules.ts) keep them for the merchant's bundler.
          comments: { annotation: false },
          codeSplitting: firstLoadShared,
        },
      },
    },
  }),
);
