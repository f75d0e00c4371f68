/**
 * The browser build's own modules (packages/elements/build/): the styles minified with their
 * `${…}` parts kept, the size report's text by source, English split between paylit.js and the
 * chunks, and each language written as its array.
 */
import { encode } from '@jridgewell/sourcemap-codec';
import { expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { catalogArrays } from '../build/catalog-arrays.js';
import { englishFor } from '../build/english-later.js';
import { lightStyles, minifyCss } from '../build/light-styles.js';
import { textBySource } from '../build/size-report.js';
import { toArray } from '../src/i18n/catalog-array.js';
import { en } from '../src/i18n/en.js';
import es from '../src/i18n/es.js';
import esLatinAmerica from '../src/i18n/es-419.js';
import { later, planMessages } from '../src/i18n/later.js';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const call = (hook: Plugin['transform'] | Plugin['load'], ...args: unknown[]) =>
  (hook as (...a: unknown[]) => unknown).call({ warn: () => undefined }, ...args);

test("a css template's text is minified, comments out, its ${…} parts kept where they were", () => {
  expect(
    minifyCss(
      '\n  /* The box. */\n  :host {\n    display: block;\n    margin: 0.50rem ${gap};\n  }\n  p { color: ${ink} }\n',
    ),
  ).toBe(':host{margin:.5rem ${gap};display:block}p{color:${ink}}');
});

test('a css template lightningcss cannot read, or one that would lose a ${…} part, fails the build, naming the file', () => {
  expect(() => minifyCss('@media ( { p { color: red } }', 'x.styles.ts')).toThrow(/x\.styles\.ts/);
  expect(() => minifyCss('p { color: ${ink}; color: red }', 'y.styles.ts')).toThrow(
    /y\.styles\.ts: .* part was not kept/,
  );
});

test("the plugin minifies css templates of the package's modules and squeezes the elements' html templates; a `css` named in a comment stays", () => {
  const { transform } = lightStyles(src);
  const code =
    "/** Not Lit's `css`: plain text. */\nconst css = String.raw;\nexport const s = css`\n  p {\n    color: red;\n  }\n`;\nconst t = html`<p>\n    ${x}\n  </p>`;";
  const out = (id: string) => (call(transform, code, id) as { code: string } | null)?.code;
  expect(out(`${src}components/x/x.ts`)).toBe(
    "/** Not Lit's `css`: plain text. */\nconst css = String.raw;\nexport const s = css`p{color:red}`;\nconst t = html`<p>\n${x}\n</p>`;",
  );
  expect(out(`${src}internal/x.ts`)).toContain('html`<p>\n    ${x}\n  </p>`');
  expect(out('/elsewhere/x.ts')).toBeUndefined();
});

test("the size report gives each source module its text, a stretch without a mapping to the source before it, paths from the package's", () => {
  const code = 'var a=1;var b=2;\ntemplate text\nvar c=3;';
  const map = {
    sources: ['../../src/a.ts', '../../node_modules/lit/b.js'],
    mappings: encode([
      [
        [0, 0, 0, 0],
        [8, 1, 0, 0],
      ],
      [],
      [[0, 0, 1, 0]],
    ]),
  };
  expect(textBySource(code, map)).toEqual({
    'src/a.ts': 'var a=1;var c=3;',
    'lit/b.js': 'var b=2;\ntemplate text\n',
  });
});

test("English for paylit.js keeps every key, with the chunks' messages empty; for a chunk, its messages alone", () => {
  const english = en as unknown as Record<string, unknown>;
  const rest = englishFor(english, 'rest');
  expect(Object.keys(rest)).toEqual(Object.keys(en));
  expect(toArray(rest as typeof en).length).toBe(toArray(en).length);
  for (const key of [...later, ...planMessages])
    expect(JSON.stringify(rest[key]).replace(/"[^"]+":/g, '')).toMatch(/^("")?(\{(""(,"")*)?\})?$/);
  expect(rest.cardNumber).toBe(en.cardNumber);
  expect(englishFor(english, planMessages)).toEqual(
    Object.fromEntries(planMessages.map((key) => [key, en[key]])),
  );
});

test("a language's chunk is its messages as an array in English's order; es-419 is es's array with its own in place", async () => {
  const { load } = catalogArrays(src);
  const module = async (locale: string) =>
    (await call(load, `${src}i18n/${locale}.ts`)) as string | null;
  expect(await module('es')).toBe(`export default ${JSON.stringify(toArray(es))};`);
  const latin = (await module('es-419'))!;
  expect(latin).toContain(`import base from ${JSON.stringify(`${src}i18n/es.ts`)}`);
  const own = JSON.parse(/const own = (.*);/.exec(latin)![1]!) as Record<string, string>;
  const expected = toArray(esLatinAmerica);
  expect(toArray(es).map((v, i) => own[i] ?? v)).toEqual(expected);
  expect(await module('en')).toBeNull();
  expect(await module('locales')).toBeNull();
});
