/**
 * The script-tag build's files as its graph has them: a file and what it imports statically,
 * read from the built files' own `import … from "./…"` statements (the browser fetches these
 * before the file runs; `import()`s are left to when they are called). Shared by the specs and
 * the bench.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const bundleDir = fileURLToPath(
  new URL('../../packages/elements/dist/bundle/', import.meta.url),
);

/**
 * `file` and every file it imports statically, transitively, by name.
 * @param {string} file
 * @param {string} [dir]
 * @returns {string[]}
 */
export function staticGraph(file, dir = bundleDir) {
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {string} name */
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    const text = readFileSync(dir + name, 'utf8');
    for (const [, spec] of text.matchAll(
      /(?:^|[;}\n])\s*import\s*(?:[\w$*{},\s]*?from\s*)?["'`]\.\/([\w.-]+\.js)["'`]/g,
    ))
      if (spec) visit(spec);
  };
  visit(file);
  return [...seen].sort();
}

/**
 * What a page with `<script src="…/paylit.js">` fetches before any element is drawn.
 * @param {string} [dir]
 * @returns {string[]}
 */
export const firstFiles = (dir = bundleDir) => [
  'paylit.js',
  ...staticGraph('paylit.module.js', dir),
];
