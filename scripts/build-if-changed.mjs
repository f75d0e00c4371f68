#!/usr/bin/env node
/**
 * `npm run demo`'s first step: builds the packages (`npm run build`) and the demo's pages
 * (`npm run build:demo`) only when a file they are built from changed since their last build,
 * so that a second start takes seconds, not minutes. A build is due when any of its inputs is
 * newer than the oldest of its outputs (each package's `dist/` as its last build left it), or
 * an output is missing. `--dry-run` prints what would be built and why, and builds nothing.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dryRun = process.argv.includes('--dry-run');
const packages = readdirSync(join(root, 'packages')).map((name) => join('packages', name));

/** Folders that are never a build's input: outputs, installs, and what only the tests read. */
const notInput = new Set([
  'dist',
  'node_modules',
  'test',
  'bench',
  'frame',
  'storybook-static',
  'custom-elements.json',
]);

/** The newest file under `path` (its path and time), skipping `notInput` folders. */
function newest(path, skip = notInput) {
  let found = { path: undefined, time: -Infinity };
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return found;
  }
  if (!stat.isDirectory()) return { path, time: stat.mtimeMs };
  for (const entry of readdirSync(path)) {
    if (skip.has(entry) || entry.startsWith('.')) continue;
    const inner = newest(join(path, entry), skip);
    if (inner.time > found.time) found = inner;
  }
  return found;
}

/** The newest of several paths. */
function newestOf(paths) {
  return paths
    .map((path) => newest(join(root, path)))
    .reduce((a, b) => (b.time > a.time ? b : a), { path: undefined, time: -Infinity });
}

/** When `dir` was last built: its newest file (a build rewrites its whole output); -Infinity if none. */
const builtAt = (dir) => newest(join(root, dir), new Set()).time;

const rootInputs = ['package.json', 'package-lock.json', 'tsconfig.json'];
const steps = [
  {
    script: 'build',
    inputs: [...rootInputs, ...packages],
    outputs: packages.map((dir) => join(dir, 'dist')),
  },
  {
    script: 'build:demo',
    inputs: [...rootInputs, 'demo', join('packages', 'elements', 'dist')],
    outputs: [join('demo', 'dist')],
  },
];

let due = false;
for (const step of steps) {
  const input = newestOf(step.inputs);
  const oldest = step.outputs
    .map((dir) => ({ dir, time: builtAt(dir) }))
    .reduce((a, b) => (b.time < a.time ? b : a));
  const why = due
    ? 'the step before it is built first'
    : oldest.time === -Infinity
      ? `${oldest.dir} is missing`
      : input.time > oldest.time
        ? `${relative(root, input.path)} changed since ${oldest.dir} was built`
        : undefined;
  if (why === undefined) {
    console.log(`demo: npm run ${step.script} skipped, nothing changed since the last build`);
    continue;
  }
  due = true;
  console.log(`demo: npm run ${step.script}${dryRun ? ' is due' : ''}: ${why}`);
  if (dryRun) continue;
  const run = spawnSync('npm', ['run', step.script, '--silent'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
