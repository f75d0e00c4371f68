// node packages/elements/bench/coverage.mjs [journey ids…]: what of each file a shopper's journey
// downloads never runs, by Chromium's JavaScript coverage (Playwright's page.coverage, V8's
// block coverage), and where in the sources those bytes come from. A tool for cutting bytes, not
// a bench with targets: `npm run bench` does not run it.
//
// The journeys are the journey spec's (test/support/journeys.mjs: the same shop, orders and
// steps), run on a copy of the script-tag bundle built here with source maps (the same entry,
// chunking and minifier as packages/elements/vite.config.ts; only the map comments differ), which
// the context serves in place of dist/bundle/. For each file: its size, the bytes V8 never ran
// (a function never called, a branch never taken), their share, and the sources they come from
// (the source map's original file of each unrun byte), largest first.
//
// Unrun is not unneeded: an error path, a branch for another language or method, is code a
// journey may need. The list says where to look.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { minifyTemplateLiterals } from 'rollup-plugin-minify-template-literals';
import { chromiumArgs, chromiumPath } from '../../../test/support/chromium.mjs';
import { journeys, keepLocal, startShop } from '../../../test/support/journeys.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const src = here('../src/');
const root = here('../../../');
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const detail = Number(process.env.COVERAGE_SOURCES ?? 12);
/** COVERAGE_LINES=<source path>: also print that source's lines holding unrun bytes, with their count. */
const linesOf = process.env.COVERAGE_LINES;
/** Unrun bytes of `linesOf`, by its line: line → bytes. */
const unrunLines = new Map();

const out = mkdtempSync(join(tmpdir(), 'paylit-coverage-'));
await build({
  configFile: false,
  logLevel: 'silent',
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  define: { __PAYLIT_DEV__: 'false' },
  plugins: [minifyTemplateLiterals()],
  build: {
    outDir: out,
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: true,
    lib: {
      entry: { paylit: `${src}script-tag.ts`, 'paylit.module': `${src}script-tag-module.ts` },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rolldownOptions: {
      preserveEntrySignatures: 'allow-extension',
      output: {
        chunkFileNames: 'paylit.[name].js',
        minify: true,
        // vite.config.ts's `firstLoadShared`: what the first load shares with a lazy chunk, one chunk.
        codeSplitting: { groups: [{ name: 'shared', tags: ['$initial'], minShareCount: 2 }] },
      },
    },
  },
});

/** Each byte's count: the innermost range that holds it (V8's ranges nest; later, smaller ones win). */
function unrunRanges(entry) {
  const counts = new Int32Array(entry.source.length).fill(1);
  const ranges = entry.functions
    .flatMap((f) => f.ranges)
    .sort((a, b) => b.endOffset - b.startOffset - (a.endOffset - a.startOffset));
  for (const r of ranges) counts.fill(r.count, r.startOffset, r.endOffset);
  const unrun = [];
  for (let i = 0; i < counts.length; i++) {
    if (counts[i] !== 0) continue;
    let j = i;
    while (j < counts.length && counts[j] === 0) j++;
    unrun.push([i, j]);
    i = j;
  }
  return unrun;
}

/** Bytes and unrun bytes by original source, through the file's source map: [file, bytes, unrun]. */
function bySource(name, code, unrun) {
  let map;
  try {
    map = new TraceMap(readFileSync(join(out, `${name}.map`), 'utf8'));
  } catch {
    return new Map();
  }
  // Line starts of the generated code, to turn offsets into lines and columns.
  const starts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') starts.push(i + 1);
  const isUnrun = new Uint8Array(code.length);
  for (const [from, to] of unrun) isUnrun.fill(1, from, to);
  const sources = new Map();
  // One lookup per line and column run: a mapping holds until the next one on its line.
  for (let line = 0; line < starts.length; line++) {
    const end = line + 1 < starts.length ? starts[line + 1] : code.length;
    let file = '(unmapped)';
    for (let i = starts[line]; i < end; i++) {
      const original = originalPositionFor(map, { line: line + 1, column: i - starts[line] });
      const { source } = original;
      if (source)
        file = relative(root, fileURLToPath(new URL(source, `file://${out}/`))).replace(
          /^.*node_modules\//,
          'node_modules/',
        );
      const row = sources.get(file) ?? [file, 0, 0];
      row[1]++;
      row[2] += isUnrun[i];
      if (isUnrun[i] && linesOf && file === linesOf && original.line)
        unrunLines.set(original.line, (unrunLines.get(original.line) ?? 0) + 1);
      sources.set(file, row);
    }
  }
  return [...sources.values()];
}

const shop = await startShop();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  for (const journey of journeys.filter((j) => !wanted.length || wanted.includes(j.id))) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await keepLocal(context);
    // The static origin's files, from the source-mapped build.
    await context.route(
      (url) => url.origin === shop.static,
      (route) => {
        const name = new URL(route.request().url()).pathname.slice(1);
        let body;
        try {
          body = readFileSync(join(out, name));
        } catch {
          return route.fulfill({ status: 404 });
        }
        return route.fulfill({
          status: 200,
          body,
          headers: {
            'Content-Type': name.endsWith('.json') ? 'application/json' : 'text/javascript',
            'Access-Control-Allow-Origin': '*',
            'Cache-Control': 'no-store',
          },
        });
      },
    );
    const page = await context.newPage();
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await journey.run(page, shop, () => undefined);
    const entries = await page.coverage.stopJSCoverage();
    await context.close();
    console.log(`\n${journey.name}`);
    console.log(`  ${'file'.padEnd(34)}${'bytes'.padStart(8)}${'unrun'.padStart(8)}  share`);
    let total = 0;
    let unrunTotal = 0;
    const rows = [];
    for (const entry of entries) {
      const url = new URL(entry.url);
      if (url.origin !== shop.static) continue;
      const name = url.pathname.slice(1);
      const unrun = unrunRanges(entry);
      const bytes = unrun.reduce((s, [a, b]) => s + b - a, 0);
      rows.push({ name, size: entry.source.length, bytes, unrun, code: entry.source });
    }
    rows.sort((a, b) => b.bytes - a.bytes);
    for (const row of rows) {
      total += row.size;
      unrunTotal += row.bytes;
      console.log(
        `  ${row.name.padEnd(34)}${String(row.size).padStart(8)}${String(row.bytes).padStart(8)}  ${((100 * row.bytes) / row.size).toFixed(0)} %`,
      );
      const sources = bySource(row.name, row.code, row.unrun).sort((a, b) => b[2] - a[2]);
      for (const [file, bytes, n] of sources.slice(0, detail))
        console.log(`      ${String(bytes).padStart(6)}${String(n).padStart(8)}  ${file}`);
    }
    if (linesOf) {
      const text = readFileSync(join(root, linesOf), 'utf8').split('\n');
      console.log(`  ${linesOf}: its lines with unrun bytes`);
      for (const [line, n] of [...unrunLines].sort((a, b) => a[0] - b[0]))
        console.log(
          `    ${String(line).padStart(5)} ${String(n).padStart(5)}  ${text[line - 1]?.trim().slice(0, 100)}`,
        );
      unrunLines.clear();
    }
    console.log(
      `  ${'all'.padEnd(34)}${String(total).padStart(8)}${String(unrunTotal).padStart(8)}  ${((100 * unrunTotal) / total).toFixed(0)} %`,
    );
  }
} finally {
  await browser.close();
  await shop.close();
  rmSync(out, { recursive: true, force: true });
}
