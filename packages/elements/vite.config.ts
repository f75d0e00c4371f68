import { build, defineConfig, mergeConfig, type Plugin } from 'vite';
import { existsSync, readdirSync } from 'node:fs';
import { locales } from './src/i18n/locales.js';
import { fileURLToPath } from 'node:url';
import base from '../../vite.config.js';

const src = fileURLToPath(new URL('./src/', import.meta.url));
const dist = fileURLToPath(new URL('./dist/', import.meta.url));
/** The published builds: dev-mode warnings folded away (src/internal/dev.ts). */
const define = { __PAYLIT_DEV__: 'false' };

/**
 * The ES modules: tsc writes the declarations, then the same modules are written again by
 * Vite with `__PAYLIT_DEV__` false, so that no dev-mode warning's text is published.
 */
function esModules(): Plugin {
  return {
    name: 'paylit-es-modules',
    apply: 'build',
    async closeBundle() {
      const input = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !/\.(test|spec|d)\.ts$/.test(f)).map((f) => src + f);
      await build({
        configFile: false,
        logLevel: 'warn',
        define,
        build: {
          outDir: dist,
          emptyOutDir: false,
          minify: false,
          sourcemap: true,
          target: 'es2022',
          lib: { entry: input, formats: ['es'] },
          rolldownOptions: {
            external: (id) => /^(lit|@lit\/|@paylit\/)/.test(id),
            output: { preserveModules: true, preserveModulesRoot: src, entryFileNames: '[name].js', sourcemapExcludeSources: true },
          },
        },
      });
    },
  };
}

/**
 * The script-tag file's chunks: each language but English (`paylit.<locale>.js`) and the
 * marks (`paylit.marks.js`), as ES modules beside `paylit.js`, which imports them from its
 * own URL when an element first needs them. Here the sources' `importers.ts` and `lazy.ts`
 * (plain `import()`s, kept in the ES modules for bundlers) become their `.chunks.ts` twins.
 */
function scriptTagChunks(): Plugin {
  const twins: Record<string, string> = { [`${src}i18n/importers.ts`]: `${src}i18n/importers.chunks.ts`, [`${src}internal/lazy.ts`]: `${src}internal/lazy.chunks.ts` };
  return {
    name: 'paylit-script-tag-chunks',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/^\.\.?\//.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && twins[resolved.id] ? twins[resolved.id]! : null;
    },
    async closeBundle() {
      const entries: Record<string, string> = {};
      for (const locale of locales) if (locale !== 'en') entries[`paylit.${locale}`] = `${src}i18n/${locale}.ts`;
      entries['paylit.marks'] = `${src}internal/marks.ts`;
      for (const [name, file] of Object.entries(entries)) if (!existsSync(file)) throw new Error(`the script-tag chunk ${name}.js has no source: ${file}`);
      await build({
        configFile: false,
        logLevel: 'warn',
        define,
        build: {
          outDir: fileURLToPath(new URL('./dist/bundle', import.meta.url)),
          emptyOutDir: false,
          target: 'es2022',
          minify: true,
          lib: { entry: entries, formats: ['es'], fileName: (_format, name) => `${name}.js` },
          rolldownOptions: { output: { chunkFileNames: 'paylit.[name]-[hash].js' } },
        },
      });
    },
  };
}

/**
 * The script-tag file: all four elements with Lit, @lit/context, the card rules, English
 * and jose's JWE inside, as one IIFE (`dist/paylit.js`) that defines the elements when
 * loaded; the other languages and the marks are its chunks (above).
 */
export default mergeConfig(
  base,
  defineConfig({
    define,
    plugins: [esModules(), scriptTagChunks()],
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
