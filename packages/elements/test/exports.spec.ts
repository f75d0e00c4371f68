/**
 * `@paylit/elements` as a merchant's bundler or Node resolves it: one entry per element beside
 * the whole set, each defining its own tag (the checkout also its default content) and naming
 * only public names of the index; the index names exactly the public API, nothing from
 * `internal/`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const root = fileURLToPath(new URL('../../..', import.meta.url));
const manifest = JSON.parse(readFileSync(`${packageDir}package.json`, 'utf8')) as {
  exports: Record<string, string | Record<string, string>>;
};
const tags = [
  'paylit-checkout',
  'paylit-card-fields',
  'paylit-installments',
  'paylit-wallet-select',
] as const;

/** The public API: every value `@paylit/elements` exports (types are checked by the rule below). */
const publicNames = [
  'CardFieldsInvalidError',
  'PaylitCardFields',
  'PaylitCheckout',
  'PaylitDeclinedEvent',
  'PaylitErrorEvent',
  'PaylitInstallments',
  'PaylitPaymentEvent',
  'PaylitRedirectEvent',
  'PaylitSubmitEvent',
  'PaylitSubscribedEvent',
  'PaylitWalletSelect',
  'checkoutContext',
  'format',
  'locales',
  'messagesFor',
  'resolveLocale',
];

/** Imports `specifier` in a fresh Node (plain ESM resolution, no `source` condition: dist). */
function importInNode(specifier: string): { names: string[]; defined: string[] } {
  const script = `const m = await import(${JSON.stringify(specifier)});
console.log(JSON.stringify({ names: Object.keys(m).sort(), defined: ${JSON.stringify(tags)}.filter((t) => customElements.get(t)) }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

test('the export map has an entry per element, with its source, types, development build and built module', () => {
  for (const tag of tags) {
    const entry = manifest.exports[`./${tag}`];
    expect(entry, tag).toEqual({
      source: `./src/${tag}.ts`,
      types: `./dist/${tag}.d.ts`,
      development: `./dist/development/${tag}.js`,
      default: `./dist/${tag}.js`,
    });
    for (const file of Object.values(entry as Record<string, string>))
      expect(existsSync(packageDir + file), `${tag}: ${file}`).toBe(true);
  }
});

test('the index exports exactly the public names', () => {
  expect(importInNode('@paylit/elements').names).toEqual(publicNames);
});

for (const tag of tags) {
  test(`@paylit/elements/${tag} defines ${tag === 'paylit-checkout' ? 'the checkout and its default content' : 'its element alone'}, and exports only public names`, () => {
    const { names, defined } = importInNode(`@paylit/elements/${tag}`);
    expect(defined).toEqual(tag === 'paylit-checkout' ? [...tags] : [tag]);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(publicNames, `${tag} exports ${name}`).toContain(name);
  });
}

test('the index and the element entries name their exports one by one, none from internal/', () => {
  for (const file of ['index', ...tags]) {
    const source = readFileSync(`${packageDir}src/${file}.ts`, 'utf8');
    expect(source, file).not.toMatch(/export\s+(type\s+)?\*/);
    for (const [, from] of source.matchAll(/^export\b[^;]*?from\s+'([^']+)'/gms))
      expect(from, `${file}.ts exports from ${from}`).not.toMatch(/(^|\/)internal\//);
  }
});
