import { build, defineConfig, mergeConfig, type Plugin } from 'vite';
import { readdirSync } from 'node:fs';
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
 * The script-tag file: all four elements with Lit, @lit/context, the card rules and
 * jose's JWE inside, as one IIFE (`dist/paylit.js`) that defines the elements when loaded.
 */
export default mergeConfig(
  base,
  defineConfig({
    define,
    plugins: [esModules()],
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
