/**
 * `npm run bench`: each bench in its own process, one after the other (so none skews another's
 * figures), with the arguments passed on (`--check`: exit non-zero when a target is not met).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const benches = [
  'packages/sandbox/bench/create-payment.mjs',
  'packages/server/bench/forward.mjs',
  'packages/server/bench/live.mjs',
  'packages/elements/bench/elements.mjs',
  'packages/elements/bench/journeys.mjs',
];
const root = fileURLToPath(new URL('..', import.meta.url));
let failed = 0;
for (const bench of benches) {
  const run = spawnSync(process.execPath, [bench, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) failed++;
}
if (failed > 0) {
  console.log(
    `bench: ${failed} of ${benches.length} benches ${process.argv.includes('--check') ? 'missed a target or ' : ''}failed`,
  );
  process.exitCode = 1;
}
