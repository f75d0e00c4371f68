/**
 * The Svelte 5 types (`@paylit/elements/svelte`, generated into dist by the build) as strict as
 * React's and Vue's: svelte-check over test/types/svelte finds no error in `Checkout.svelte`
 * (every attribute, property and event as the elements have them) and exactly one on each line
 * of `Mistakes.svelte` (a misspelt event, an isolation that does not exist, the order's id as an
 * attribute, a number as a string, a handler of another event, an event another element fires).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { scaled } from '../../../test/support/time.mjs';

const run = promisify(execFile);
const folder = fileURLToPath(new URL('./types/svelte/', import.meta.url));
const svelteCheck = fileURLToPath(
  new URL('../../../node_modules/svelte-check/bin/svelte-check', import.meta.url),
);

interface Problem {
  file: string;
  line: number;
  message: string;
}

test('svelte-check: the right usage passes, and each mistake is an error on its own line', async () => {
  test.setTimeout(scaled(40_000)); // svelte-check over the Svelte type tests
  // svelte-check exits 1 when it finds errors, as it must here: its output is what is checked.
  const { stdout } = await run(
    process.execPath,
    [svelteCheck, '--workspace', folder, '--tsconfig', './tsconfig.json', '--output', 'machine'],
    { cwd: folder, maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  expect(stdout).toContain('COMPLETED');
  const problems: Problem[] = [
    ...stdout.matchAll(/^\d+ (?:ERROR|WARNING) "([^"]+)" (\d+):\d+ "((?:[^"\\]|\\.)*)"$/gm),
  ].map((m) => ({ file: m[1]!, line: Number(m[2]), message: JSON.parse(`"${m[3]}"`) as string }));

  expect(problems.filter((p) => p.file !== 'Mistakes.svelte')).toEqual([]);

  const mistakes = readFileSync(`${folder}Mistakes.svelte`, 'utf8').split('\n');
  const lines = mistakes.flatMap((text, i) => (text.startsWith('<paylit-') ? [i + 1] : []));
  expect(lines).toHaveLength(7);
  expect(problems.map((p) => p.line)).toEqual(lines);
  const at = (n: number) => problems.find((p) => p.line === lines[n])!.message;
  expect(at(0)).toContain(
    "'\"onpaylit-payed\"' does not exist in type 'PaylitCheckoutSvelteProps'",
  );
  expect(at(1)).toContain(
    '\'"iframe"\' is not assignable to type \'"page" | "frame" | undefined\'',
  );
  expect(at(2)).toContain("'\"orderId\"' does not exist in type 'PaylitCheckoutSvelteProps'");
  expect(at(3)).toContain("Type 'string' is not assignable to type 'number'");
  expect(at(4)).toContain('PaylitDeclinedEvent');
  expect(at(5)).toContain(
    "'\"onpaylit-paid\"' does not exist in type 'PaylitCardFieldsSvelteProps'",
  );
  expect(at(6)).toContain('\'"iframe"\' is not assignable');
});
