import { copyFileSync, mkdirSync } from 'node:fs';
import { build, type Plugin } from 'vite';
import base from '../../../vite.config.js';
import { bundle, define, dist, frame, src } from './layout.js';

/**
 * The card frame's script, `paylit.frame.js` (src/frame/card-frame.ts), written once the
 * script-tag build is: one classic script, as the frame's opaque origin loads no ES module from
 * a host that does not send CORS headers (test/frame-platform.spec.ts), so it cannot share the
 * script-tag build's ES chunks. It is written beside them, and where the ES modules' one path finds
 * it (src/internal/module-loaders.ts): `frame/` at the package's root from `src/` and `dist/`,
 * `dist/frame/` from `dist/development/`.
 */
export function frameScript(): Plugin {
  return {
    name: 'paylit-frame-script',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        define,
        resolve: base.resolve,
        build: {
          outDir: bundle,
          emptyOutDir: false,
          target: 'es2022',
          minify: true,
          lib: {
            entry: `${src}frame/card-frame.ts`,
            name: 'paylitFrame',
            formats: ['iife'],
            fileName: () => 'paylit.frame.js',
          },
        },
      });
      for (const dir of [frame, `${dist}frame/`]) {
        mkdirSync(dir, { recursive: true });
        copyFileSync(`${bundle}paylit.frame.js`, `${dir}paylit.frame.js`);
      }
    },
  };
}
