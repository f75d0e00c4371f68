/**
 * The script-tag file as merchants load it: one file with all four elements and English,
 * under its size budget, without zod, and its chunks beside it (each other language, the
 * marks), small and self-contained; and the package imported in Node (server rendering)
 * without crashing.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { locales } from '../src/i18n/locales.js';

/**
 * Issue 15 split the file: paylit.js is the first part (the four elements, Lit, @lit/context,
 * the card rules, money and English; the CSS inside, its comments and blank space dropped at
 * build time), and the rest are chunks beside it, loaded when needed: the encryption (jose,
 * when a card field is first focused), each other language (when chosen; its messages as an
 * array in English's key order, src/i18n/catalog-array.ts), the marks (after the first
 * render), the installments' rules and look (with the first plans) and the outcome's look
 * (when a payment is sent). The issue asks 24 576 B for the first part, and that is the
 * budget: it is 24 576 B, with no room left (bench/elements.mjs prints the breakdown). Everything (paylit.js and
 * the 16 chunks a page in page isolation can load) is about 60.9 KB against the 49 152 B: jose is 7.8 KB of it, the 12
 * catalogs 19.1 KB, and the installments' chunk carries its own copy of core's money and
 * errors (about 1 KB).
 */
const BUDGET_GZIP = 24_576;
/**
 * Each chunk: a language (es-419 imports es's), the marks (with the CVV hint's drawings and the wallet picker's look, out of the first part), the encryption.
 * A language is 2 300 B: issue 23's messages took the largest, Hindi, to 2 228 B and Thai to 2 113 B.
 * The installments' also carries what a chosen plan costs for the pay button and the outcome (core's planPayments and splitAmount), kept out of the first part, the plans' boxes,
 * and English's wording of the plans (src/i18n/later.ts, 0.4 KB). The outcome's carries English's messages for the rare states (a payment's answer, an order that cannot be opened:
 * 1.2 KB) and the plan kept across the bank's page, out of the first part.
 */
const CHUNK_GZIP = {
  language: 2_300,
  marks: 4_300,
  crypto: 9_600,
  installments: 3_900,
  outcome: 1_900,
  /**
   * What the checkout asks beyond the card (issue 25), loaded only for an order that asks
   * something: core's documents of every country (2.5 KB), the payer's fields, the consent to
   * save a card and their look, with core's caret rule (4.3 KB), and their words in all 13
   * languages (6.2 KB, the card-on-file terms most of it), which keeps them out of paylit.js and
   * the language chunks of orders that never ask.
   */
  payer: 14_600,
  /**
   * A payment that waits for the shopper (issue 26), loaded only for a PENDING outcome: the
   * Pix, voucher and transfer views and the 3-D Secure dialog (3.9 KB), the live connection
   * (0.9 KB), the barcodes' encoders (1.1 KB), their look (1.6 KB), core's money and what reads
   * a payment's answer again, and their words in all 13 languages (8 KB), kept out of paylit.js
   * and the language chunks of orders paid by card without a challenge.
   */
  pending: 17_600,
};
/**
 * paylit.js and every chunk a page in page isolation can load, together: a ratchet (the issue's
 * 49 152 B is not met, and the bench says why). Raised from 61 000 B by issue 17's two messages in
 * each of the 13 catalogs (the card frame's title, and a name that holds a card number). Raised to 65 500 B by
 * issue 23: its messages in the 13 catalogs, and English's messages for rare states and plans moved out of
 * paylit.js into the outcome's and installments' chunks, where they compress less well alone (65 228 B).
 * Raised to 79 500 B by issue 25's payer chunk (14.4 KB; 79 017 B in all),
 * and to 97 000 B by issue 26's pending chunk (17.4 KB; 96 508 B in all).
 */
const EVERYTHING_GZIP = 97_000;
/**
 * The frame isolation's two files, loaded only by a page that asks for it: the page side, a
 * chunk like the others; and the frame's script, one classic script (the frame's opaque origin
 * loads no ES module from a host that sends no CORS headers: test/frame-platform.spec.ts) that
 * holds the card fields with Lit, English, the marks and the encryption. The page side carries its
 * own copy of the brand table (1.6 KB) and the protocol's reader.
 */
const FRAME_GZIP = { isolation: 5_200, frame: 34_000 };
const FRAME_FILES = ['paylit.isolation.js', 'paylit.frame.js'];
const dir = fileURLToPath(new URL('../dist/bundle/', import.meta.url));
const file = `${dir}paylit.js`;
const gzipOf = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

test('the first part stays under its budget (24 576 B gzip), with every element and English inside, no other language, no encryption and no zod', () => {
  const code = readFileSync(file);
  const gzip = gzipSync(code, { level: 9 }).length;
  const brotli = brotliCompressSync(code, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
  test.info().annotations.push({
    type: 'size',
    description: `paylit.js: ${code.length} B, ${gzip} B gzip, ${brotli} B brotli (budget ${BUDGET_GZIP} B gzip)`,
  });
  expect(gzip).toBeLessThanOrEqual(BUDGET_GZIP);
  const text = code.toString();
  for (const tag of [
    'paylit-checkout',
    'paylit-card-fields',
    'paylit-installments',
    'paylit-wallet-select',
  ])
    expect(text).toContain(tag);
  expect(text).toContain('Card number');
  // The other languages are chunks, loaded when chosen.
  for (const phrase of ['Número de tarjeta', 'Fecha de vencimiento', 'Número do cartão'])
    expect(text).not.toContain(phrase);
  // The encryption (jose) is a chunk, loaded when a card field is focused.
  expect(text).not.toMatch(/setProtectedHeader|A256GCM|CompactEncrypt/);
  expect(text).not.toMatch(/\bzod\b|ZodError/);
  expect(text).not.toContain('lit.dev/msg/dev-mode');
  // The styles as the browser needs them: no CSS comment, no indentation.
  expect(text).not.toMatch(/\/\* [A-Z]|\n {2,}[a-z-]+: /);
});

test('each language but English is its own small chunk beside paylit.js, and so are the marks and the encryption; no chunk carries Lit; all together under budget', () => {
  const sizes: string[] = [];
  let everything = gzipOf(file);
  for (const locale of locales.filter((l) => l !== 'en')) {
    const code = readFileSync(`${dir}paylit.${locale}.js`);
    const gzip = gzipSync(code, { level: 9 }).length;
    sizes.push(`${locale} ${gzip} B`);
    expect(gzip, `paylit.${locale}.js`).toBeLessThanOrEqual(CHUNK_GZIP.language);
    expect(code.toString(), `paylit.${locale}.js`).toMatch(/export\s*\{[^}]*\bas default\b/);
  }
  for (const name of ['marks', 'crypto', 'installments', 'outcome', 'payer', 'pending'] as const) {
    const gzip = gzipOf(`${dir}paylit.${name}.js`);
    sizes.push(`${name} ${gzip} B`);
    expect(gzip, `paylit.${name}.js`).toBeLessThanOrEqual(CHUNK_GZIP[name]);
  }
  expect(readFileSync(`${dir}paylit.crypto.js`, 'utf8')).toMatch(/export\s*\{[^}]*\bencryptCard\b/);
  const files = readdirSync(dir).filter((f) => f !== 'paylit.js' && f !== 'paylit.frame.js');
  for (const f of files) {
    const text = readFileSync(dir + f, 'utf8');
    expect(text, `${f} carries Lit`).not.toMatch(/_\$litType\$|lit-html/);
    // Chunks import only each other, relative to where they are.
    for (const [, spec] of text.matchAll(/\bfrom\s*["']([^"']+)["']/g))
      expect(spec, `${f} imports ${spec}`).toMatch(/^\.\/paylit\.[\w.-]+\.js$/);
  }
  everything += files
    .filter((f) => f.endsWith('.js') && !FRAME_FILES.includes(f))
    .reduce((sum, f) => sum + gzipOf(dir + f), 0);
  test.info().annotations.push({
    type: 'size',
    description: `chunks, gzip: ${sizes.join(', ')}; everything ${everything} B (budget ${EVERYTHING_GZIP} B)`,
  });
  expect(everything).toBeLessThanOrEqual(EVERYTHING_GZIP);
});

test("frame isolation costs a page that asks for it two files: the page side, a chunk with no Lit, and the frame's script, one classic script with the card fields, English, the marks and the encryption, and nothing else", () => {
  const isolation = gzipOf(`${dir}paylit.isolation.js`);
  const frame = gzipOf(`${dir}paylit.frame.js`);
  test.info().annotations.push({
    type: 'size',
    description: `frame isolation, gzip: paylit.isolation.js ${isolation} B, paylit.frame.js ${frame} B`,
  });
  expect(isolation).toBeLessThanOrEqual(FRAME_GZIP.isolation);
  expect(frame).toBeLessThanOrEqual(FRAME_GZIP.frame);
  const text = readFileSync(`${dir}paylit.frame.js`, 'utf8');
  // A classic script (module syntax would not parse as one), that fetches nothing with import().
  expect(() => new Script(text, { filename: 'paylit.frame.js' })).not.toThrow();
  expect(text).not.toMatch(/\bimport\(/);
  expect(text).toContain('paylit-card-fields');
  expect(text).toContain('Card number');
  expect(text).toMatch(/A256GCM/);
  for (const other of ['paylit-installments', '/payments', '/installments', 'Número de tarjeta'])
    expect(text.includes(other), `paylit.frame.js holds ${other}`).toBe(false);
  // paylit.js does not carry the frame's side either.
  expect(readFileSync(file, 'utf8')).not.toContain('paylit-card-frame');
});

test('the published files carry no dev-mode warning: the script-tag file and the ES modules', () => {
  // Phrases of src/internal/dev.ts's warnings, as the checkout words them in development.
  const phrases = [
    'is not a secure context',
    'to its allowedOrigins',
    'has no catalog',
    'has an endpoint but no order',
    'nothing can be paid with',
    'could not reach the companion server',
  ];
  const dist = fileURLToPath(new URL('../dist/', import.meta.url));
  // dist/development/ is the development condition's build: it carries them (the next test).
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.js(\.map)?$/.test(f) && !f.startsWith('development/'),
  );
  expect(files).toContain('bundle/paylit.js');
  expect(files).toContain('components/paylit-checkout/paylit-checkout.js');
  for (const f of files) {
    const text = readFileSync(dist + f, 'utf8');
    for (const phrase of phrases) expect(text, `${f} holds "${phrase}"`).not.toContain(phrase);
  }
  // The sources do hold them: the test looks for the right words.
  const source = readFileSync(
    fileURLToPath(new URL('../src/components/paylit-checkout/paylit-checkout.ts', import.meta.url)),
    'utf8',
  );
  expect(phrases.filter((p) => !source.includes(p))).toEqual([]);
});

test("a merchant's bundler in development (the `development` condition, as Vite's dev server and webpack use it) gets the warnings; its production build does not", () => {
  const resolve = (conditions: string[]) =>
    execFileSync(
      process.execPath,
      [
        ...conditions.map((c) => `--conditions=${c}`),
        '--input-type=module',
        '-e',
        "console.log(import.meta.resolve('@paylit/elements/paylit-checkout'))",
      ],
      { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
    ).trim();
  const development = fileURLToPath(resolve(['development']));
  const production = fileURLToPath(resolve([]));
  expect(development).toMatch(/dist\/development\/paylit-checkout\.js$/);
  expect(production).toMatch(/dist\/paylit-checkout\.js$/);
  const checkout = (entry: string) =>
    readFileSync(
      new URL('./components/paylit-checkout/paylit-checkout.js', pathToFileURL(entry)),
      'utf8',
    );
  for (const phrase of [
    'has no catalog',
    'is not a secure context',
    'could not reach the companion server',
  ]) {
    expect(checkout(development)).toContain(phrase);
    expect(checkout(production)).not.toContain(phrase);
  }
});

test('importing the package in Node (server rendering) defines the elements and does not crash', () => {
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const m = await import('@paylit/elements'); console.log(JSON.stringify({ checkout: typeof m.PaylitCheckout, defined: !!customElements.get('paylit-card-fields') }))",
    ],
    { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
  );
  expect(JSON.parse(out)).toEqual({ checkout: 'function', defined: true });
});

test("custom-elements.json is generated from the JSDoc, with each element's attributes, events and parts", () => {
  const manifest = JSON.parse(
    readFileSync(fileURLToPath(new URL('../custom-elements.json', import.meta.url)), 'utf8'),
  );
  const declarations = manifest.modules.flatMap(
    (m: { declarations?: unknown[] }) => m.declarations ?? [],
  ) as {
    tagName?: string;
    attributes?: { name: string }[];
    events?: { name?: string; description?: string }[];
    cssParts?: { name: string }[];
  }[];
  const byTag: Record<string, (typeof declarations)[number]> = Object.fromEntries(
    declarations.filter((d) => d.tagName).map((d) => [d.tagName, d]),
  );
  expect(Object.keys(byTag).sort()).toEqual([
    'paylit-card-fields',
    'paylit-checkout',
    'paylit-installments',
    'paylit-wallet-select',
  ]);
  const checkout = byTag['paylit-checkout']!;
  expect(checkout.attributes!.map((a) => a.name)).toEqual(
    expect.arrayContaining(['endpoint', 'order', 'amount', 'currency', 'country', 'public-key']),
  );
  expect(checkout.events!.filter((e) => e.description).map((e) => e.name)).toEqual([
    'paylit-submit',
    'paylit-paid',
    'paylit-authorized',
    'paylit-verified',
    'paylit-pending',
    'paylit-redirect',
    'paylit-declined',
    'paylit-error',
  ]);
  expect(byTag['paylit-card-fields']!.cssParts!.map((p) => p.name)).toEqual(
    expect.arrayContaining(['input', 'label', 'error', 'icon']),
  );
});

test("every --paylit-* token and every part an element's template and styles use is documented for designers in custom-elements.json", () => {
  const manifest = JSON.parse(
    readFileSync(fileURLToPath(new URL('../custom-elements.json', import.meta.url)), 'utf8'),
  );
  const declarations = manifest.modules.flatMap(
    (m: { declarations?: unknown[] }) => m.declarations ?? [],
  ) as {
    tagName?: string;
    cssProperties?: { name: string; description?: string }[];
    cssParts?: { name: string; description?: string }[];
  }[];
  const read = (path: string) =>
    readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
  const shared = read('../src/internal/shared-styles.ts');
  for (const tag of [
    'paylit-checkout',
    'paylit-card-fields',
    'paylit-installments',
    'paylit-wallet-select',
  ]) {
    const element = declarations.find((d) => d.tagName === tag)!;
    const dir = `../src/components/${tag}/`;
    const files = readdirSync(fileURLToPath(new URL(dir, import.meta.url))).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const source = files.map((f) => read(dir + f)).join('\n');
    const styles = read(`${dir}${tag}.styles.ts`);
    const usesChoices = styles.includes('choiceStyles');
    const tokens = new Set(
      [
        ...(
          styles +
          shared
            .split('export const choiceStyles')
            [usesChoices ? 1 : 0]!.split('export const hostStyles')
            .at(-1)
        ).matchAll(/var\((--paylit-[\w-]+)/g),
      ].map((m) => m[1]!),
    );
    const parts = new Set(
      [...source.matchAll(/part="([^"]+)"/g)]
        .flatMap((m) => m[1]!.split(/\s+/))
        .filter((p) => !p.includes('$')),
    );
    const documented = (list: { name: string; description?: string }[] | undefined) =>
      new Set((list ?? []).filter((x) => x.description).map((x) => x.name));
    expect(
      [...tokens].filter((t) => !documented(element.cssProperties).has(t)),
      `${tag}: tokens without @cssprop`,
    ).toEqual([]);
    expect(
      [...parts].filter((p) => !documented(element.cssParts).has(p)),
      `${tag}: parts without @csspart`,
    ).toEqual([]);
    // A component-level token of its own, beside the shared ones.
    expect(
      [...documented(element.cssProperties)].some((t) => t.startsWith(`--${tag}-`)),
      `${tag}: a --${tag}-* token`,
    ).toBe(true);
  }
});
