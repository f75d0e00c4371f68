// The check that keeps timeouts to one rule (test/support/time.mjs, issue 39): no spec, browser
// test, support file or runner config sets a timeout as a raw number of ms. A timeout is a quiet
// machine's budget passed through scaled(), so that the machine, not the spec, says how much
// longer a loaded run may take. Run by test/timeouts.spec.ts in `npm test`, or alone:
// `node test/support/raw-timeouts.mjs` (exits 1 and lists each one it finds).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** The files the rule covers: every test, spec, support file and runner config in git. */
const covered =
  /^(?:packages\/[^/]+\/test\/.*|test\/(?!soak\/).*|packages\/[^/]+\/src\/.*\.test)\.(?:ts|tsx|mts|mjs|js)$|^(?:playwright\.config\.ts|web-test-runner\.config\.mjs)$/;

/** This check and its spec, whose samples are raw timeouts on purpose. */
const ownSamples = new Set(['test/support/raw-timeouts.mjs', 'test/timeouts.spec.ts']);

/** What a raw timeout looks like, each with what to write instead. */
const patterns = [
  // test.setTimeout(90_000), test.setTimeout(n): anything but scaled(...) (or 0, no timeout).
  [/\btest\.setTimeout\(\s*(?!scaled\(|0\s*\))[^)]*\)/g, 'test.setTimeout(scaled(quietMs))'],
  // test.slow() triples one test's timeout by hand.
  [/\btest\.slow\(/g, 'test.setTimeout(scaled(quietMs)) with what the work is'],
  // Mocha's this.timeout(5000).
  [/\bthis\.timeout\(\s*[\d_.]+\s*\)/g, 'this.timeout(scaled(quietMs))'],
  // { timeout: 15_000 } on a wait, an expect, a child process, a runner's config.
  [/(?<![\w$.])timeout:\s*[\d_.]+(?=\s*[,}\n])/g, 'timeout: scaled(quietMs)'],
  // open-wc's waitUntil, whose own timeout, unless given, is a raw second.
  [
    /\bimport\s*\{[^}]*\bwaitUntil\b[^}]*\}\s*from\s*'@open-wc\/testing(?:-helpers)?'/g,
    'waitUntil from test/support/wait-until.ts, whose default is scaled(1_000)',
  ],
];

/**
 * Every raw timeout in `files` (paths relative to `root`), as `path:line: text (write …)`.
 * @param {string} root
 * @param {string[]} files
 * @returns {string[]}
 */
export function rawTimeouts(root = repo, files = coveredFiles(root)) {
  const found = [];
  for (const file of files) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const code = line.replace(/\/\/.*$/, '');
      for (const [pattern, instead] of patterns)
        for (const m of code.matchAll(pattern))
          found.push(`${file}:${i + 1}: ${m[0].trim()} (write ${instead})`);
    });
  }
  return found;
}

/** The files in git (tracked or not yet added, not ignored) that the rule covers. */
export function coveredFiles(root = repo) {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\n')
    .filter((path) => covered.test(path) && !ownSamples.has(path));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const found = rawTimeouts();
  for (const line of found) console.error(line);
  if (found.length) {
    console.error(
      `${found.length} raw timeout(s): write the work's budget on a quiet machine through scaled() (test/support/time.mjs).`,
    );
    process.exit(1);
  }
  console.log('no raw timeout: every timeout goes through scaled() (test/support/time.mjs)');
}
