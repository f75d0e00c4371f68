/**
 * `npm run soak [-- --minutes N]`: the soak's one test under its own Playwright config, for
 * N minutes of traffic and faults (default SOAK_MINUTES, else 30).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const at = args.indexOf('--minutes');
const minutes = at === -1 ? process.env.SOAK_MINUTES : args[at + 1];
if (minutes !== undefined && !(Number(minutes) > 0)) {
  console.error(`soak: --minutes must be a positive number, not ${JSON.stringify(minutes)}`);
  process.exit(2);
}
const config = fileURLToPath(new URL('./playwright.config.ts', import.meta.url));
const cli = fileURLToPath(new URL('../../node_modules/@playwright/test/cli.js', import.meta.url));
const child = spawn(process.execPath, [cli, 'test', '-c', config], {
  stdio: 'inherit',
  env: { ...process.env, ...(minutes !== undefined ? { SOAK_MINUTES: String(minutes) } : {}) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
