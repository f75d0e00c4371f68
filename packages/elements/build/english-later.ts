/**
 * English's messages that only a chunk's state needs (src/i18n/later.ts: the rare states in
 * the outcome's chunk, the plans' wording in the installments') travel in that chunk rather
 * than in paylit.js. `'rest'` writes en.ts for paylit.js with their keys and empty texts (the
 * keys keep the catalogs' arrays in English's order); a list of keys writes it for a chunk with
 * them alone. The elements put them in place when the chunk is loaded (src/i18n/index.ts
 * `addLater`). A plugin rather than source modules: en.ts stays the one reference catalog the
 * others are checked against, and the ES modules keep it whole.
 */
import { runnerImport, type Plugin } from 'vite';
import type { Messages } from '../src/i18n/en.js';
import { later, planMessages } from '../src/i18n/later.js';

const blank = (texts: unknown): unknown =>
  typeof texts === 'string'
    ? ''
    : Object.fromEntries(Object.entries(texts as object).map(([key, text]) => [key, blank(text)]));

/** English as `part` of the script-tag files ships it. */
export function englishFor(
  en: Readonly<Record<string, unknown>>,
  part: 'rest' | readonly string[],
): Record<string, unknown> {
  const chunks: readonly string[] = [...later, ...planMessages];
  return part === 'rest'
    ? Object.fromEntries(
        Object.entries(en).map(([key, value]) => [
          key,
          chunks.includes(key) ? blank(value) : value,
        ]),
      )
    : Object.fromEntries(part.map((key) => [key, en[key]]));
}

/** The build plugin: en.ts (under `src`) written as `englishFor(en, part)`. */
export function englishLater(src: string, part: 'rest' | readonly string[]): Plugin {
  return {
    name: `paylit-english-${part === 'rest' ? part : 'later'}`,
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (id !== `${src}i18n/en.ts`) return null;
      const { en } = (
        await runnerImport<{ en: Messages }>(id, { configFile: false, logLevel: 'silent' })
      ).module;
      const written = englishFor(en as unknown as Record<string, unknown>, part);
      return `export const en = ${JSON.stringify(written)};\nexport default en;`;
    },
  };
}
