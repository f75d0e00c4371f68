/**
 * A sandbox in its own process, for specs that measure its memory: sends `{ url }` over IPC
 * once listening, then answers `'reset'` (the peak starts again from now) and `'memory'`
 * with `{ rss, peak }` in bytes, the resident size sampled every 2 ms. Stops when the parent
 * disconnects. Its generated credentials are never printed.
 */
import { createSandbox } from '@paylit/sandbox';

const sandbox = await createSandbox({
  settleDelayMs: 50,
  onError: (e) => process.send?.({ unexpected: String(e) }),
});
const running = await sandbox.listen();
let peak = process.memoryUsage().rss;
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
setInterval(sample, 2).unref();
process.on('message', (message) => {
  sample();
  if (message === 'reset') peak = process.memoryUsage().rss;
  process.send?.({ rss: process.memoryUsage().rss, peak });
});
process.on('disconnect', () => void sandbox.close().then(() => process.exit(0)));
process.send?.({ url: running.url });
