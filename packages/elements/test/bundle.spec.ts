/**
 * The script-tag file as merchants load it: one file, all four elements and the en, es,
 * es-419 and pt-BR strings, under its size budget, without zod; and the package imported
 * in Node (server rendering) without crashing.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/**
 * The budget: the whole script-tag file, 32 KB gzip, raised by 30 B for the
 * checkout's outcome state (issue 11) and its default elements under indented markup.
 */
const BUDGET_GZIP = 32 * 1024 + 30;
const file = fileURLToPath(new URL('../dist/bundle/paylit.js', import.meta.url));

test('the script-tag file stays under its budget (32 KB gzip + 30 B), with every element and locale inside and no zod', () => {
  const code = readFileSync(file);
  const gzip = gzipSync(code, { level: 9 }).length;
  const brotli = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  test.info().annotations.push({ type: 'size', description: `paylit.js: ${code.length} B, ${gzip} B gzip, ${brotli} B brotli (budget ${BUDGET_GZIP} B gzip)` });
  expect(gzip).toBeLessThanOrEqual(BUDGET_GZIP);
  const text = code.toString();
  for (const tag of ['paylit-checkout', 'paylit-card-fields', 'paylit-installments', 'paylit-wallet-select']) expect(text).toContain(tag);
  for (const phrase of ['Card number', 'Número de tarjeta', 'Fecha de vencimiento', 'Número do cartão']) expect(text).toContain(phrase);
  expect(text).not.toMatch(/\bzod\b|ZodError/);
  expect(text).not.toContain('lit.dev/msg/dev-mode');
});

test('importing the package in Node (server rendering) defines the elements and does not crash', () => {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', "const m = await import('@paylit/elements'); console.log(JSON.stringify({ checkout: typeof m.PaylitCheckout, defined: !!customElements.get('paylit-card-fields') }))"], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  expect(JSON.parse(out)).toEqual({ checkout: 'function', defined: true });
});

test('custom-elements.json is generated from the JSDoc, with each element\'s attributes, events and parts', () => {
  const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../custom-elements.json', import.meta.url)), 'utf8'));
  const declarations = manifest.modules.flatMap((m: { declarations?: unknown[] }) => m.declarations ?? []) as { tagName?: string; attributes?: { name: string }[]; events?: { name?: string; description?: string }[]; cssParts?: { name: string }[] }[];
  const byTag: Record<string, (typeof declarations)[number]> = Object.fromEntries(declarations.filter((d) => d.tagName).map((d) => [d.tagName, d]));
  expect(Object.keys(byTag).sort()).toEqual(['paylit-card-fields', 'paylit-checkout', 'paylit-installments', 'paylit-wallet-select']);
  const checkout = byTag['paylit-checkout']!;
  expect(checkout.attributes!.map((a) => a.name)).toEqual(expect.arrayContaining(['endpoint', 'order', 'amount', 'currency', 'country', 'public-key']));
  expect(checkout.events!.filter((e) => e.description).map((e) => e.name)).toEqual(['paylit-submit', 'paylit-paid', 'paylit-authorized', 'paylit-verified', 'paylit-pending', 'paylit-redirect', 'paylit-declined', 'paylit-error']);
  expect(byTag['paylit-card-fields']!.cssParts!.map((p) => p.name)).toEqual(expect.arrayContaining(['input', 'label', 'error', 'icon']));
});

test('every --paylit-* token and every part an element\'s template and styles use is documented for designers in custom-elements.json', () => {
  const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../custom-elements.json', import.meta.url)), 'utf8'));
  const declarations = manifest.modules.flatMap((m: { declarations?: unknown[] }) => m.declarations ?? []) as { tagName?: string; cssProperties?: { name: string; description?: string }[]; cssParts?: { name: string; description?: string }[] }[];
  const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
  const shared = read('../src/internal/shared-styles.ts');
  for (const tag of ['paylit-checkout', 'paylit-card-fields', 'paylit-installments', 'paylit-wallet-select']) {
    const element = declarations.find((d) => d.tagName === tag)!;
    const dir = `../src/components/${tag}/`;
    const files = readdirSync(fileURLToPath(new URL(dir, import.meta.url))).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const source = files.map((f) => read(dir + f)).join('\n');
    const styles = read(`${dir}${tag}.styles.ts`);
    const usesChoices = styles.includes('choiceStyles');
    const tokens = new Set([...(styles + shared.split('export const choiceStyles')[usesChoices ? 1 : 0]!.split('export const hostStyles').at(-1)).matchAll(/var\((--paylit-[\w-]+)/g)].map((m) => m[1]!));
    const parts = new Set([...source.matchAll(/part="([^"]+)"/g)].flatMap((m) => m[1]!.split(/\s+/)).filter((p) => !p.includes('$')));
    const documented = (list: { name: string; description?: string }[] | undefined) => new Set((list ?? []).filter((x) => x.description).map((x) => x.name));
    expect([...tokens].filter((t) => !documented(element.cssProperties).has(t)), `${tag}: tokens without @cssprop`).toEqual([]);
    expect([...parts].filter((p) => !documented(element.cssParts).has(p)), `${tag}: parts without @csspart`).toEqual([]);
    // A component-level token of its own, beside the shared ones.
    expect([...documented(element.cssProperties)].some((t) => t.startsWith(`--${tag}-`)), `${tag}: a --${tag}-* token`).toBe(true);
  }
});
