/**
 * What every attack spec shares: one line per attack saying what was tried and what held,
 * so that `npm run test:attacks` reads as a report (counts from the sandbox's ledger, never
 * from the server's own bookkeeping).
 */
import { test } from '@playwright/test';

/** Prints `attack: <what was tried> → held: <what held>` and attaches it to the test's report. */
export function report(tried: string, held: string): void {
  const line = `attack: ${tried}\n  held: ${held}`;
  console.log(line);
  test.info().annotations.push({ type: 'attack', description: `${tried} → ${held}` });
}
