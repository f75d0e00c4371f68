/**
 * Each language's chunk of the script-tag file as an array of its messages in English's key
 * order (src/i18n/catalog-array.ts): the keys travel once, in English, which paylit.js holds.
 * The catalogs' sources stay objects, for translators, and the ES modules keep them so; only
 * this build writes the arrays, which no library does for us.
 */
import { readFileSync } from 'node:fs';
import { runnerImport, type Plugin } from 'vite';
import { toArray } from '../src/i18n/catalog-array.js';
import type { Messages } from '../src/i18n/en.js';
import { locales } from '../src/i18n/locales.js';

const isLocale = (name: string | undefined): name is string =>
  !!name && name !== 'en' && (locales as readonly string[]).includes(name);

/**
 * The catalog's module as the chunk ships it: `export default [...]`. A catalog made from
 * another (es-419 from es) is written as that one's array with its own messages in place.
 */
export function catalogArrays(src: string): Plugin {
  const read = async (file: string) =>
    toArray(
      (await runnerImport<{ default: Messages }>(file, { configFile: false, logLevel: 'silent' }))
        .module.default,
    );
  return {
    name: 'paylit-catalog-arrays',
    enforce: 'pre',
    async load(id) {
      const locale = id.startsWith(`${src}i18n/`) ? /\/([\w-]+)\.ts$/.exec(id)?.[1] : undefined;
      if (!isLocale(locale)) return null;
      const values = await read(id);
      const missing = values.filter((v) => v === null).length;
      if (missing)
        this.warn(`${locale} lacks ${missing} message(s) of English's: English stands in for them`);
      const base = [...readFileSync(id, 'utf8').matchAll(/from '\.\/([\w-]+)\.js'/g)]
        .map((m) => m[1])
        .find(isLocale);
      if (!base) return `export default ${JSON.stringify(values)};`;
      const from = await read(`${src}i18n/${base}.ts`);
      const own = Object.fromEntries(values.flatMap((v, i) => (v === from[i] ? [] : [[i, v]])));
      return `import base from ${JSON.stringify(`${src}i18n/${base}.ts`)};\nconst own = ${JSON.stringify(own)};\nexport default base.map((v, i) => own[i] ?? v);`;
    },
  };
}
