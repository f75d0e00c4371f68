import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { bundle } from './layout.js';

/**
 * Every file of the script-tag build pinned by its SHA-384 (Subresource Integrity), in two steps
 * of the one build, with Node's own hash and nothing else:
 *
 * - `paylit.pins.json` holds the hashes of the files `paylit.js` can load (its module and every
 *   chunk of the one code-split build), each by its name between `paylit.` and `.js`: written once
 *   Rollup has written them all (`generateBundle`, the files' final bytes). `paylit.js` carries
 *   only that file's hash: the one placeholder `__PAYLIT_PINS__` in its output becomes it, and a
 *   page that pins `paylit.js` fetches the pins under that hash and writes the import map from
 *   them (script-tag.ts); a page that does not pin never fetches them. No source is rewritten,
 *   and no chunk changes after it is hashed.
 * - `dist/bundle/integrity.json`, the manifest the package ships: every file of `dist/bundle/`
 *   (the pins, and the card frame's scripts too, written after the build: build/frame-script.ts calls
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
/** The file of the hashes a pinned `paylit.js` fetches. */
export const PINS_FILE = 'paylit.pins.json';

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
      const source = `${JSON.stringify(pins)}\n`;
      this.emitFile({ type: 'asset', fileName: PINS_FILE, source });
      const parts = tag.code.split(PINS);
      if (parts.length !== 2)
        throw new Error(`paylit-integrity: paylit.js holds ${parts.length - 1} ${PINS}, not one`);
      tag.code = parts.join(JSON.stringify(sri(source)));
    },
  };
}

/** Writes `dist/bundle/integrity.json`: every file of the folder (but itself) with its SRI value. */
export function writeIntegrity(): void {
  const files: Record<string, string> = {};
  for (const file of readdirSync(bundle).sort())
    if (file.endsWith('.js') || file === PINS_FILE)
      files[file] = sri(readFileSync(`${bundle}${file}`));
  writeFileSync(
    `${bundle}integrity.json`,
    `${JSON.stringify({ algorithm: 'sha384', files }, null, 2)}\n`,
  );
}
