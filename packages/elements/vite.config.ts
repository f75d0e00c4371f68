import { build, defineConfig, mergeConfig, runnerImport, type Plugin } from 'vite';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { locales } from './src/i18n/locales.js';
import { toArray } from './src/i18n/catalog-array.js';
import { later, planMessages } from './src/i18n/later.js';
import type { Messages } from './src/i18n/en.js';
import { fileURLToPath } from 'node:url';
import base from '../../vite.config.js';
import { collapseTemplates } from './scripts/collapse-templates.js';

const src = fileURLToPath(new URL('./src/', import.meta.url));
const dist = fileURLToPath(new URL('./dist/', import.meta.url));
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
  /** The frame script's path from internal/frame-script.ts, as the sources have it, and from the two builds' `internal/`. */
  const frame = "'../../dist/bundle/paylit.frame.js'";
  // Written once the modules are bundled: as a literal before then, Vite's own build would take the file in as an asset.
  const framePath = (dev: boolean): Plugin => ({
    name: 'paylit-frame-path',
    enforce: 'pre',
    transform(code, id) {
      return id === `${src}internal/frame-script.ts`
        ? { code: code.replace(frame, '__PAYLIT_FRAME_PATH__'), map: null }
        : null;
    },
    renderChunk(code) {
      return code.includes('__PAYLIT_FRAME_PATH__')
        ? {
            code: code.replace(
              '__PAYLIT_FRAME_PATH__',
              dev ? "'../../bundle/paylit.frame.js'" : "'../bundle/paylit.frame.js'",
            ),
            map: null,
          }
        : null;
    },
  });
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
          plugins: [framePath(dev)],
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

/**
 * The script-tag file's chunks: each language but English (`paylit.<locale>.js`), the
 * marks, the encryption, the installments' rules and the outcome's look
 * (`paylit.marks.js`, `.crypto`, `.installments`, `.outcome`), as ES modules beside `paylit.js`, which imports them from its
 * own URL when an element first needs them. Here the sources' `importers.ts` and `lazy.ts`
 * (plain `import()`s, kept in the ES modules for bundlers) become their `.chunks.ts` twins.
 */
/** Each of these source files replaced by its twin with this suffix (`lazy.ts` → `lazy.chunks.ts`). */
function twins(suffix: string): Plugin {
  const twin: Record<string, string> = Object.fromEntries(
    ['i18n/importers', 'internal/lazy', 'internal/frame-script']
      .filter((f) => existsSync(`${src}${f}.${suffix}.ts`))
      .map((f) => [`${src}${f}.ts`, `${src}${f}.${suffix}.ts`]),
  );
  return {
    name: `paylit-twins-${suffix}`,
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/^\.\.?\//.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && twin[resolved.id] ? twin[resolved.id]! : null;
    },
  };
}

function scriptTagChunks(): Plugin {
  return {
    ...twins('chunks'),
    name: 'paylit-script-tag-chunks',
    async closeBundle() {
      const entries: Record<string, string> = {};
      for (const locale of locales)
        if (locale !== 'en') entries[`paylit.${locale}`] = `${src}i18n/${locale}.ts`;
      entries['paylit.marks'] = `${src}internal/marks.ts`;
      entries['paylit.crypto'] = `${src}internal/encryption.ts`;
      // Built apart from the others: sharing core's errors with the encryption would make a
      // third chunk that a card payment fetches for nothing.
      const apart: Record<string, string> = {
        'paylit.installments': `${src}internal/installment-plans.ts`,
        'paylit.outcome': `${src}components/paylit-checkout/paylit-checkout-outcome.styles.ts`,
        'paylit.payment': `${src}components/paylit-checkout/checkout-payment.ts`,
      };
      // Each with its own English (englishLater): one build for both would share en.ts as a third chunk.
      const [installments, outcome, payment] = Object.entries(apart).map(([name, file]) => ({
        [name]: file,
      }));
      // The frame isolation's page side, alone: it shares core's card rules with nothing loaded beside it.
      const isolation = { 'paylit.isolation': `${src}internal/frame-host.ts` };
      for (const [name, file] of Object.entries({ ...entries, ...apart, ...isolation }))
        if (!existsSync(file))
          throw new Error(`the script-tag chunk ${name}.js has no source: ${file}`);
      for (const entry of [entries, installments!, outcome!, payment!, isolation]) {
        await build({
          configFile: false,
          logLevel: 'warn',
          define,
          // Core from its sources, as in paylit.js.
          resolve: base.resolve,
          plugins: [
            twins('chunks'),
            catalogArrays(),
            lightStyles(),
            sizeReport(false),
            ...(entry === installments
              ? [englishLater(planMessages)]
              : entry === outcome
                ? [englishLater(later)]
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
      // The card frame's script (frame/card-frame.ts): one classic script, as the frame's opaque
      // origin loads no ES module from a host that does not send CORS headers; its marks and
      // encryption inside (lazy.frame.ts), its catalog from the page (importers.frame.ts).
      await build({
        configFile: false,
        logLevel: 'warn',
        define,
        resolve: base.resolve,
        plugins: [twins('frame'), lightStyles(), sizeReport(false)],
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
    },
  };
}

/**
 * English's messages that only a chunk's state needs (src/i18n/later.ts: the rare states in
 * the outcome's chunk, the plans' wording in the installments') travel in that chunk rather
 * than in paylit.js: `rest` writes en.ts for paylit.js with their keys and empty texts (the
 * keys keep the catalogs' arrays in English's order), a list of keys writes it for a chunk with
 * them alone. The elements put them in place when the chunk is loaded (src/i18n/index.ts
 * `addLater`).
 */
function englishLater(part: 'rest' | readonly string[]): Plugin {
  return {
    name: `paylit-english-${part === 'rest' ? part : 'later'}`,
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (id !== `${src}i18n/en.ts`) return null;
      const en = (
        await runnerImport<{ en: Messages }>(id, { configFile: false, logLevel: 'silent' })
      ).module.en as unknown as Record<string, unknown>;
      const blank = (texts: unknown): unknown =>
        typeof texts === 'string'
          ? ''
          : Object.fromEntries(
              Object.entries(texts as object).map(([key, text]) => [key, blank(text)]),
            );
      const chunks: readonly string[] = [...later, ...planMessages];
      const written =
        part === 'rest'
          ? Object.fromEntries(
              Object.entries(en).map(([key, value]) => [
                key,
                chunks.includes(key) ? blank(value) : value,
              ]),
            )
          : Object.fromEntries(part.map((key) => [key, en[key]]));
      return `export const en = ${JSON.stringify(written)};\nexport default en;`;
    },
  };
}

/**
 * Each language's chunk as an array of its messages in English's key order
 * (src/i18n/catalog-array.ts): the keys travel once, in English. The catalog is read from its
 * source (an object, for translators) and written as `export default [...]`; a catalog made
 * from another (es-419 from es) is written as that one's array with its own messages in place.
 */
function catalogArrays(): Plugin {
  const catalog = /\/i18n\/([\w-]+)\.ts$/;
  return {
    name: 'paylit-catalog-arrays',
    enforce: 'pre',
    async load(id) {
      const locale = catalog.exec(id)?.[1];
      if (
        !id.startsWith(`${src}i18n/`) ||
        !locale ||
        locale === 'en' ||
        !(locales as readonly string[]).includes(locale)
      )
        return null;
      const read = async (file: string) =>
        toArray(
          (
            await runnerImport<{ default: Messages }>(file, {
              configFile: false,
              logLevel: 'silent',
            })
          ).module.default,
        );
      const values = await read(id);
      const missing = values.flatMap((v, i) => (v === null ? [i] : []));
      if (missing.length)
        this.warn(
          `${locale} lacks ${missing.length} message(s) of English's: English stands in for them`,
        );
      const base = [...readFileSync(id, 'utf8').matchAll(/from '\.\/([\w-]+)\.js'/g)]
        .map((m) => m[1]!)
        .find((l) => l !== 'en' && (locales as readonly string[]).includes(l));
      if (!base) return `export default ${JSON.stringify(values)};`;
      const from = await read(`${src}i18n/${base}.ts`);
      const own = Object.fromEntries(values.flatMap((v, i) => (v === from[i] ? [] : [[i, v]])));
      return `import base from ${JSON.stringify(`${src}i18n/${base}.ts`)};\nconst own = ${JSON.stringify(own)};\nexport default base.map((v, i) => own[i] ?? v);`;
    },
  };
}

/**
 * The styles as the browser needs them: Lit ships a `css` template's text as written, so
 * the script-tag file drops its comments and the spaces that carry no meaning (the ES
 * modules keep them, for the merchant's bundler and for reading). `${…}` parts are left as
 * they are.
 */
function minifyCss(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .replace(/([\s:(,])0\.(\d)/g, '$1.$2')
    .trim();
}

function lightStyles(): Plugin {
  return {
    name: 'paylit-light-styles',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(src) || !id.endsWith('.ts')) return null;
      let light = code.includes('css`')
        ? code.replace(
            /\bcss`([^`]*)`/g,
            (_whole, body: string) =>
              `css\`${body
                .split(/(\$\{[^}]*\})/)
                .map((part, i) => (i % 2 ? part : minifyCss(part)))
                .join('')}\``,
          )
        : code;
      if (id.startsWith(`${src}components/`) && light.includes('html`'))
        light = collapseTemplates(light);
      // `map: null`: the lines stay where they were (only spaces go), so the sources' own mappings hold
      // well enough for the size report, which needs no more than which module a line is from.
      return light === code ? null : { code: light, map: null };
    },
  };
}

/** How each script-tag file beside paylit.js is written: minified, for the browser as it is, its map for the size report alone. */
const besidePaylit = {
  sourcemap: 'hidden',
  outDir: fileURLToPath(new URL('./dist/bundle', import.meta.url)),
  emptyOutDir: false,
  target: 'es2022',
  minify: true,
} as const;

const sizesFile = fileURLToPath(new URL('./.cache/bundle-sizes.json', import.meta.url));
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Where each file's bytes come from, for the bench's breakdown (bench/elements.mjs): the
 * minified text of every source module, found through a source map that is made for this
 * and not written, in `.cache/bundle-sizes.json` as `{file: {source: text}}`. A stretch of
 * output the map gives no source for (a template's text on its own lines) goes with the
 * source before it.
 */
function sizeReport(fresh: boolean): Plugin {
  return {
    name: 'paylit-size-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: Record<string, Record<string, string>> = !fresh && existsSync(sizesFile)
        ? JSON.parse(readFileSync(sizesFile, 'utf8'))
        : {};
      for (const [name, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk' || !output.map) continue;
        const { sources, mappings } = output.map;
        const bySource: Record<string, string> = {};
        let source = 0;
        const lines = output.code.split('\n');
        mappings.split(';').forEach((line, i) => {
          const text = lines[i] ?? '';
          const segments: [number, number][] = [];
          let column = 0;
          for (const segment of line.split(',').filter(Boolean)) {
            const values: number[] = [];
            let value = 0;
            let shift = 0;
            for (const ch of segment) {
              const digit = B64.indexOf(ch);
              value += (digit & 31) << shift;
              if (digit & 32) shift += 5;
              else {
                values.push(value & 1 ? -(value >> 1) : value >> 1);
                value = shift = 0;
              }
            }
            column += values[0]!;
            if (values.length > 1) source += values[1]!;
            segments.push([column, values.length > 1 ? source : -1]);
          }
          let at = 0;
          let from = segments.length && segments[0]![1] >= 0 ? segments[0]![1] : source;
          for (const [col, src] of [...segments, [text.length, -1] as [number, number]]) {
            const key = sources[from] ?? '(no source)';
            bySource[key] =
              (bySource[key] ?? '') +
              text.slice(at, col) +
              (col === text.length && i < lines.length - 1 ? '\n' : '');
            at = col;
            if (src >= 0) from = src;
          }
        });
        report[name] = Object.fromEntries(
          Object.entries(bySource).map(([k, v]) => [
            k.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, ''),
            v,
          ]),
        );
        if (bundle[`${name}.map`]) delete bundle[`${name}.map`];
      }
      mkdirSync(dirname(sizesFile), { recursive: true });
      writeFileSync(sizesFile, JSON.stringify(report));
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
    plugins: [
      esModules(),
      scriptTagChunks(),
      englishLater('rest'),
      lightStyles(),
      sizeReport(true),
    ],
    build: {
      outDir: fileURLToPath(new URL('./dist/bundle', import.meta.url)),
      emptyOutDir: true,
      target: 'es2022',
      // For sizeReport() alone: not written.
      sourcemap: 'hidden',
      lib: {
        entry: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
        name: 'paylit',
        formats: ['iife'],
        fileName: () => 'paylit.js',
      },
    },
  }),
);
