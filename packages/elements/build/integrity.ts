import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { bundle } from './layout.js';

/**
 * Every file of the script-tag build pinned by its SHA-384 (Subresource Integrity), in two steps
 * of the one build, with Node's own hash and nothing else:
 *
 * - `paylit.js` carries the hashes of the files it can load (its module and every chunk of the
 *   one code-split build): once Rollup has written them all (`generateBundle`, the files' final
 *   bytes), the one placeholder `__PAYLIT_PINS__` in paylit.js's output becomes an object of
 *   those hashes, each by its name between `paylit.` and `.js` (script-tag.ts writes the import
 *   map from it). No source is rewritten, and no chunk changes after it is hashed.
 * - `dist/bundle/integrity.json`, the manifest the package ships: every file of `dist/bundle/`
 *   (the card frame's scripts too, written after the build: build/frame-script.ts calls
 *   `writeIntegrity` last) with its SRI value, `{"algorithm":"sha384","files":{name: "sha384-…"}}`.
 *   A merchant pins `paylit.js` with its value; `paylit-server attest` reads the rest.
 *
 * The SRI plugins we looked at write `integrity` onto the `<script>` tags of an HTML page a build
 * emits, or into Vite's manifest for an app's entries: neither pins what a classic script loads
 * through `import()`, which here only the browser's import map can (script-tag.ts).
 */
export const sri = (bytes: string | Uint8Array): string =>
  `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** The placeholder in script-tag.ts. */
const PINS = '__PAYLIT_PINS__';

export function integrity(): Plugin {
  return {
    name: 'paylit-integrity',
    apply: 'build',
    generateBundle(_options, output) {
      const tag = output['paylit.js'];
      if (tag?.type !== 'chunk') throw new Error('paylit-integrity: no paylit.js in the build');
      const pins: Record<string, string> = {};
      for (const [file, out] of Object.entries(output)) {
        if (file === 'paylit.js' || !file.endsWith('.js')) continue;
        const name = /^paylit\.(.+)\.js$/.exec(file)?.[1];
        if (!name) throw new Error(`paylit-integrity: ${file} is not named paylit.<name>.js`);
        pins[name] = sri(out.type === 'chunk' ? out.code : out.source).slice('sha384-'.length);
      }
      const parts = tag.code.split(PINS);
      if (parts.length !== 2)
        throw new Error(`paylit-integrity: paylit.js holds ${parts.length - 1} ${PINS}, not one`);
      tag.code = parts.join(JSON.stringify(pins));
    },
  };
}

/** Writes `dist/bundle/integrity.json`: every file of the folder with its SRI value. */
export function writeIntegrity(): void {
  const files: Record<string, string> = {};
  for (const file of readdirSync(bundle).sort())
    if (file.endsWith('.js')) files[file] = sri(readFileSync(`${bundle}${file}`));
  writeFileSync(
    `${bundle}integrity.json`,
    `${JSON.stringify({ algorithm: 'sha384', files }, null, 2)}\n`,
  );
}
