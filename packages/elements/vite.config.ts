import { build, defineConfig, mergeConfig, type Plugin } from 'vite';
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import base from '../../vite.config.js';
import { catalogArrays } from './build/catalog-arrays.js';
import { englishLater } from './build/english-later.js';
import { lightStyles } from './build/light-styles.js';
import { sizeReport } from './build/size-report.js';
import { locales } from './src/i18n/locales.js';
import { later, planMessages } from './src/i18n/later.js';

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const src = at('./src/');
const dist = at('./dist/');
const bundle = at('./dist/bundle/');
const sizes = at('./.cache/bundle-sizes.json');
/** The published builds: dev-mode warnings folded away (src/internal/dev.ts). */
const define = { __PAYLIT_DEV__: 'false' };

/**
 * The ES modules: tsc writes the declarations, then the same modules are written again by
 * Vite with `__PAYLIT_DEV__` false, so that no dev-mode warning's text is published in
 * `dist/`; and once more with it true in `dist/development/`, which the package's
 * `development` export condition names (as Lit's packages do): Vite's dev server and webpack
 * in development mode pick it, so a merchant's app explains misuse while it is built and the
 * production build carries none of it.
 */
function esModules(): Plugin {
  // A library's `new URL('…', import.meta.url)` (the card frame's script,
  // src/internal/module-loaders.ts) is for the merchant's bundler to take in as an asset: Vite's
  // own handling would inline the script into the module.
  const keepAssetUrls: Plugin = {
    name: 'paylit-keep-asset-urls',
    configResolved(config) {
      const plugins = config.plugins as Plugin[];
      const at = plugins.findIndex((p) => p.name === 'vite:asset-import-meta-url');
      if (at < 0) throw new Error('vite:asset-import-meta-url is gone: check the ES modules');
      plugins.splice(at, 1);
    },
  };
  return {
    name: 'paylit-es-modules',
    apply: 'build',
    async closeBundle() {
      const input = readdirSync(src, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts') && !/\.(test|spec|d)\.ts$/.test(f))
        .map((f) => src + f);
      for (const [outDir, dev] of [
        [dist, false],
        [`${dist}development/`, true],
      ] as const) {
        await build({
          configFile: false,
          logLevel: 'warn',
          define: { __PAYLIT_DEV__: String(dev) },
          plugins: [keepAssetUrls],
          build: {
            outDir,
            emptyOutDir: false,
            minify: false,
            sourcemap: true,
            target: 'es2022',
            lib: { entry: input, formats: ['es'] },
            rolldownOptions: {
              external: (id) => /^(lit|@lit\/|@paylit\/|react$)/.test(id),
              output: {
                preserveModules: true,
                preserveModulesRoot: src,
                entryFileNames: '[name].js',
                sourcemapExcludeSources: true,
              },
            },
          },
        });
      }
    },
  };
}

/** How each script-tag file beside paylit.js is written: minified, for the browser as it is, its map for the size report alone. */
const besidePaylit = {
  sourcemap: 'hidden',
  outDir: bundle,
  emptyOutDir: false,
  target: 'es2022',
  minify: true,
} as const;

/**
 * The script-tag file's chunks, as ES modules beside `paylit.js`, which imports them from its
 * own URL when an element first needs them (src/internal/script-loaders.ts): each language but
 * English (`paylit.<locale>.js`), the marks, the encryption, the installments' rules, the
 * outcome's look and frame isolation's page side (`paylit.marks.js`, `.crypto`,
 * `.installments`, `.outcome`, `.isolation`); and the card frame's script.
 */
function scriptTagChunks(): Plugin {
  return {
    name: 'paylit-script-tag-chunks',
    apply: 'build',
    async closeBundle() {
      const entries: Record<string, string> = {};
      for (const locale of locales)
        if (locale !== 'en') entries[`paylit.${locale}`] = `${src}i18n/${locale}.ts`;
      entries['paylit.marks'] = `${src}internal/marks.ts`;
      entries['paylit.crypto'] = `${src}internal/encryption.ts`;
      // Built apart from the others, each with its own English (englishLater): sharing core's
      // errors with the encryption, or en.ts between them, would make a third chunk.
      const installments = { 'paylit.installments': `${src}internal/installment-plans.ts` };
      const outcome = {
        'paylit.outcome': `${src}components/paylit-checkout/paylit-checkout-outcome.styles.ts`,
      };
      // The frame isolation's page side, alone: it shares core's card rules with nothing loaded beside it.
      const isolation = { 'paylit.isolation': `${src}internal/frame-host.ts` };
      for (const [name, file] of Object.entries({
        ...entries,
        ...installments,
        ...outcome,
        ...isolation,
      }))
        if (!existsSync(file))
          throw new Error(`the script-tag chunk ${name}.js has no source: ${file}`);
      for (const entry of [entries, installments, outcome, isolation]) {
        await build({
          configFile: false,
          logLevel: 'warn',
          define,
          // Core from its sources, as in paylit.js.
          resolve: base.resolve,
          plugins: [
            catalogArrays(src),
            lightStyles(src),
            sizeReport(sizes, false),
            ...(entry === installments
              ? [englishLater(src, planMessages)]
              : entry === outcome
                ? [englishLater(src, later)]
                : []),
          ],
          build: {
            ...besidePaylit,
            lib: { entry, formats: ['es'], fileName: (_format, name) => `${name}.js` },
            // Whitespace too: Vite leaves it in a library's ES output, for the merchant's
            // minifier; these chunks go to the browser as they are.
            rolldownOptions: {
              output: { chunkFileNames: 'paylit.[name]-[hash].js', minify: true },
            },
          },
        });
      }
      // The card frame's script (src/frame/card-frame.ts): one classic script, as the frame's
      // opaque origin loads no ES module from a host that does not send CORS headers.
      await build({
        configFile: false,
        logLevel: 'warn',
        define,
        resolve: base.resolve,
        plugins: [lightStyles(src), sizeReport(sizes, false)],
        build: {
          ...besidePaylit,
          lib: {
            entry: `${src}frame/card-frame.ts`,
            name: 'paylitFrame',
            formats: ['iife'],
            fileName: () => 'paylit.frame.js',
          },
        },
      });
      // Where the ES modules' one path finds it (src/internal/module-loaders.ts): `frame/` at the
      // package's root from `src/` and `dist/`, `dist/frame/` from `dist/development/`.
      for (const dir of [at('./frame/'), `${dist}frame/`]) {
        mkdirSync(dir, { recursive: true });
        copyFileSync(`${bundle}paylit.frame.js`, `${dir}paylit.frame.js`);
      }
    },
  };
}

/**
 * The script-tag file, `paylit.js` (src/script-tag.ts): all four elements with Lit,
 * @lit/context, the card rules and English inside, as one IIFE that defines the elements when
 * loaded; the other languages, the marks and the rest are its chunks (above).
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
