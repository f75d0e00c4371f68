import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type InlineConfig, type Plugin, type PluginOption } from 'vite';
import base from '../../../vite.config.js';
import { writeIntegrity } from './integrity.js';
import { bundle, define, dist, frame } from './layout.js';

/**
 * The card frame's scripts (src/frame/), for `isolation="frame"`: classic scripts, as the frame's
 * opaque origin loads no ES module from a host that does not send CORS headers
 * (test/frame-platform.spec.ts), so they cannot share the script-tag build's ES chunks. The first,
 * `paylit.frame.js`, holds what draws and formats the fields and speaks the frame protocol; what
 * the fields need later comes after it (src/frame/frame-loaders.ts `FRAME_SCRIPTS`): the marks,
 * once the fields are drawn as the page configured them, and the encryption, when a field is
 * first focused. Each later script is one IIFE that sets one global of the frame; each holds its
 * own copy of what it shares with the first (the marks share nothing; the encryption, core's
 * errors).
 */

const src = fileURLToPath(new URL('../src/', import.meta.url));
/** Lit's packages, as installed. */
const LIT = /[\\/]node_modules[\\/](lit|lit-html|lit-element|@lit[\\/]reactive-element)[\\/]/;

/** Each frame script: its file, its entry, and the global a later one sets (src/frame/frame-loaders.ts). */
export const frameScripts = [
  { file: 'paylit.frame.js', entry: 'frame/card-frame.ts', global: undefined },
  { file: 'paylit.frame-marks.js', entry: 'frame/frame-marks.ts', global: 'paylitFrameMarks' },
  { file: 'paylit.frame-crypto.js', entry: 'frame/frame-crypto.ts', global: 'paylitFrameCrypto' },
] as const;

export interface FrameScriptsOptions {
  /** The published builds' `define` (dev-mode warnings folded away). */
  define?: Record<string, string>;
  /** How core and the other packages resolve (from their sources, as in `paylit.js`). */
  resolve?: InlineConfig['resolve'];
  /** The caller's own transforms and reports. */
  plugins?: PluginOption[];
}

/**
 * The card frame's scripts, minified, one Vite build each, in memory: each file's name and its
 * bytes, in `frameScripts`' order.
 */
export async function buildFrameScripts({
  define,
  resolve,
  plugins = [],
}: FrameScriptsOptions): Promise<{ file: string; code: string }[]> {
  const built: { file: string; code: string }[] = [];
  for (const script of frameScripts) {
    const result = await build({
      configFile: false,
      logLevel: 'warn',
      define,
      resolve,
      plugins,
      build: {
        write: false,
        target: 'es2022',
        minify: true,
        rollupOptions: {
          // The frame draws no Lit element (src/frame/frame-fields.ts): of Lit it takes only `css`,
          // for the card fields' styles. Lit's modules are read as free of side effects here, so
          // that what the frame does not call (the template engine, the element base) stays out.
          treeshake: { moduleSideEffects: (id) => !LIT.test(id) },
        },
        lib: {
          entry: `${src}${script.entry}`,
          // The first script sets no global: an IIFE with no exports needs no name.
          name: script.global ?? 'paylitFrame',
          formats: ['iife'],
          fileName: () => script.file,
        },
      },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as { output: unknown[] }[];
    const chunk = outputs
      .flatMap((o) => o.output as { type: string; fileName: string; code?: string }[])
      .find((o) => o.type === 'chunk' && o.fileName === script.file);
    if (!chunk?.code) throw new Error(`paylit-frame-script: ${script.file} was not built`);
    built.push({ file: script.file, code: chunk.code });
  }
  return built;
}

/**
 * The card frame's scripts, built when the script-tag build starts and emitted into it as files
 * of its own (beside its chunks, in dist/bundle/), so that its integrity step (build/integrity.ts)
 * hashes them with the rest: `paylit.pins.json` holds their SHA-384 too, which a pinned
 * `paylit.js` hands to the frame (src/frame/frame-start.ts, src/internal/frame-element.ts). Once
 * the build is written, they are copied where the ES modules' paths find them
 * (src/internal/module-loaders.ts, src/frame/module-frame-loaders.ts): `frame/` at the package's
 * root from `src/` and `dist/`, `dist/frame/` from `dist/development/`.
 */
export function frameScript(): Plugin {
  return {
    name: 'paylit-frame-script',
    apply: 'build',
    async buildStart() {
      for (const { file, code } of await buildFrameScripts({ define, resolve: base.resolve }))
        this.emitFile({ type: 'asset', fileName: file, source: code });
    },
    writeBundle() {
      for (const dir of [frame, `${dist}frame/`]) {
        mkdirSync(dir, { recursive: true });
        for (const { file } of frameScripts) copyFileSync(`${bundle}${file}`, `${dir}${file}`);
      }
      // Every file of dist/bundle/ is written: the manifest of their hashes (build/integrity.ts).
      writeIntegrity();
    },
  };
}
