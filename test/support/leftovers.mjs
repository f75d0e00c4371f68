#!/usr/bin/env node
/**
 * The last step of `npm test`: no process the run started is still running. A process is the
 * run's when it carries the run's `PAYLIT_TEST_RUN` in its environment (what the runners and
 * most children inherit: Chromium, redis-server, PostgreSQL) or runs a file of this checkout
 * (a CLI a spec started with a bare environment); this script's own ancestors (npm, the shell)
 * are not counted. Processes that are ending get up to 10 s; whatever is left is listed with
 * its command line, and the run fails. Linux only (it reads /proc); elsewhere it says so and
 * passes.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const run = process.env.PAYLIT_TEST_RUN;

function read(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** This process and its ancestors, which carry the run's id without being left behind. */
function ancestors() {
  const mine = new Set();
  let pid = String(process.pid);
  while (pid && pid !== '0' && !mine.has(pid)) {
    mine.add(pid);
    const stat = read(`/proc/${pid}/stat`);
    pid = stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
  }
  return mine;
}

function leftovers() {
  const mine = ancestors();
  const found = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || mine.has(pid)) continue;
    const stat = read(`/proc/${pid}/stat`);
    // A zombie has ended; its parent has not read its exit yet.
    if (!stat || stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
    const cmdline = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').join(' ').trim();
    const environ = (read(`/proc/${pid}/environ`) ?? '').split('\0');
    if (environ.includes(`PAYLIT_TEST_RUN=${run}`) || cmdline.includes(repo))
      found.push(`${pid} ${cmdline}`);
  }
  return found;
}

if (process.platform !== 'linux') {
  console.log('leftovers: not checked (this check reads /proc, on Linux)');
} else if (!run) {
  console.error('leftovers: PAYLIT_TEST_RUN is not set: run it as npm test does');
  process.exitCode = 1;
} else {
  const until = Date.now() + 10_000;
  let left = leftovers();
  while (left.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    left = leftovers();
  }
  if (left.length > 0) {
    console.error(`leftovers: ${left.length} process(es) the tests started are still running:`);
    for (const line of left) console.error(`  ${line}`);
    process.exitCode = 1;
  } else {
    console.log('leftovers: no process the tests started is still running');
  }
}
