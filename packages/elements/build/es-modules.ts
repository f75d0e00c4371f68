import { readdirSync } from 'node:fs';
import { build, type Plugin } from 'vite';
import { dist, src } from './layout.js';

/**
 * The ES modules: tsc writes the declarations, then the same modules are written again by
 * Vite with `__PAYLIT_DEV__` false, so that no dev-mode warning's text is published in
 * `dist/`; and once more with it true in `dist/development/`, which the package's
 * `development` export condition names (as Lit's packages do): Vite's dev server and webpack
 * in development mode pick it, so a merchant's app explains misuse while it is built and the
 * production build carries none of it.
 */
export function esModules(): Plugin {
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
