/**
 * Money on the wire to the byte: the recorded exchanges show records answering amounts with
 * their two decimals (`"amount":1.00`, the API's "Length 10,2"). Python's json reads `1.00` as
 * a float and `1` as an int (PHP likewise), so a client written against the API breaks when
 * the sandbox answers `"amount":1`. `clients/money_digits.py` checks the raw bytes of a
 * payment, its lookups, a refund, a plan, an enrollment's subscription bounds and a
 * notification with Python's standard library.
 */
import { expect, test } from '@playwright/test';
import { scaled } from '../../../test/support/time.mjs';
import { runPythonClient } from './support/python-client.js';

test('every money field answers its two decimals, read by Python as a float, not an int', async () => {
  test.setTimeout(scaled(30_000)); // the sandbox CLI started, 9 calls from python3
  const run = await runPythonClient<{ call: string; ok: boolean; detail: unknown }>(
    'money_digits.py',
    {
      PAYLIT_X_LOGIN: 'money-merchant',
      PAYLIT_X_TRANS_KEY: 'money-trans-key',
      PAYLIT_SECRET_KEY: 'money-secret-key',
    },
  );
  expect(
    run.lines.filter((line) => !line.ok),
    `${run.stdout}\n${run.stderr}`,
  ).toEqual([]);
  expect(run.lines).toHaveLength(11);
  expect(run.status, run.stderr).toBe(0);
});
