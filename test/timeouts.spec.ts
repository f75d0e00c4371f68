/**
 * One rule for every timeout of the suite (issue 39): a quiet machine's budget for the work,
 * scaled for the machine by test/support/time.mjs. No spec, browser test, support file or
 * runner config sets a raw number of ms (test/support/raw-timeouts.mjs); the factor follows the
 * cores and PAYLIT_TEST_TIME_SCALE.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { rawTimeouts } from './support/raw-timeouts.mjs';
import { QUIET_CORES, scaled, timeScale, timeScaleFor } from './support/time.mjs';

test('no timeout in the suite is a raw number: each is a quiet budget through scaled()', () => {
  expect(rawTimeouts()).toEqual([]);
});

test('the check finds each way of writing a raw timeout, and passes what goes through scaled()', async () => {
  const root = await mkdtemp(join(tmpdir(), 'paylit-timeouts-'));
  try {
    const files = {
      'test/raw.spec.ts': [
        'test.setTimeout(90_000);',
        'test.slow();',
        "await expect(page.locator('x')).toBeVisible({ timeout: 20_000 });",
        'await expect.poll(() => n, {',
        '  timeout: 5000,',
        '}).toBe(1);',
        'const limit = 3;',
      ].join('\n'),
      'packages/x/src/a.test.ts': [
        "it('x', function () { this.timeout(5000); });",
        "import { expect, fixture, waitUntil } from '@open-wc/testing';",
      ].join('\n'),
      'test/scaled.spec.ts': [
        'test.setTimeout(scaled(30_000)); // builds the app',
        'await expect(x).toBeVisible({ timeout: scaled(2_000) });',
        '// a comment may say timeout: 5000',
        "const client = h.clientFor({ timeoutMs: 300 }); // the client's own deadline under test",
        'await expect.poll(f, { timeout: 2 * windowMs }).toBe(1); // the clock, not work',
        "import { waitUntil } from '../../test/support/wait-until.js';",
        "import { expect, fixture } from '@open-wc/testing';",
      ].join('\n'),
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
    expect(
      rawTimeouts(root, Object.keys(files)).map((line) => line.replace(/ \(write .*/, '')),
    ).toEqual([
      'test/raw.spec.ts:1: test.setTimeout(90_000)',
      'test/raw.spec.ts:2: test.slow(',
      'test/raw.spec.ts:3: timeout: 20_000',
      'test/raw.spec.ts:5: timeout: 5000',
      'packages/x/src/a.test.ts:1: this.timeout(5000)',
      "packages/x/src/a.test.ts:2: import { expect, fixture, waitUntil } from '@open-wc/testing'",
    ]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test("the factor: 1 on a machine of QUIET_CORES cores or more, in proportion on fewer (3 on CI's 2 cores), PAYLIT_TEST_TIME_SCALE over both", () => {
  expect(QUIET_CORES).toBe(6);
  expect(timeScaleFor({ cores: 2 })).toBe(3);
  expect(timeScaleFor({ cores: 4 })).toBe(1.5);
  expect(timeScaleFor({ cores: 6 })).toBe(1);
  expect(timeScaleFor({ cores: 32 })).toBe(1);
  expect(timeScaleFor({ cores: 2, override: '1' })).toBe(1);
  expect(timeScaleFor({ cores: 16, override: '2.5' })).toBe(2.5);
  expect(timeScaleFor({ cores: 2, override: '' })).toBe(3);
  for (const bad of ['0', '-1', 'fast', 'NaN'])
    expect(() => timeScaleFor({ cores: 2, override: bad })).toThrow(
      /PAYLIT_TEST_TIME_SCALE must be a positive number/,
    );
  // This machine's.
  expect(scaled(10_000)).toBe(Math.round(10_000 * timeScale));
  expect(() => scaled(0)).toThrow(/quiet machine's budget/);
});
