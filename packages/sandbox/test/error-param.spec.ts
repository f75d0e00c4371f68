/**
 * `param` only on parameter errors ("The wire dialect", newest section): `5001 Invalid
 * parameter` names it, and every other code is answered `{"code","message"}` alone, as
 * `{"code":5007,"message":"Amount exceeded"}` and `{"code":4000,"message":"Payment not found"}`
 * were recorded though one parameter was at fault. `clients/error_bodies.py`, Python's
 * standard library only, drives the sandbox CLI to 5009, 5043, 5010, 5003, 5004, 5016, 5002,
 * 5008 and 5013, then to the rest of the table a client meets (3001, 3003, 4000, 4001, 5000,
 * 5007, 5012, 5017, 5018), and compares each answer's bytes, and what `json.loads` reads, with
 * the record.
 */
import { expect, test } from '@playwright/test';
import { scaled } from '../../../test/support/time.mjs';
import { runPythonClient } from './support/python-client.js';

const credentials = {
  PAYLIT_X_LOGIN: 'param-merchant',
  PAYLIT_X_TRANS_KEY: 'param-trans-key',
  PAYLIT_SECRET_KEY: 'param-secret-key',
};

test('only 5001 carries param: every other error body is {"code","message"}, byte for byte', async () => {
  test.setTimeout(scaled(40_000)); // the sandbox CLI started, 35 calls from python3
  const run = await runPythonClient<{ call: string; ok: boolean; raw: string }>(
    'error_bodies.py',
    credentials,
  );
  const lines = run.lines;
  expect(
    lines.filter((line) => !line.ok).map((line) => `${line.call}: ${line.raw}`),
    run.stderr,
  ).toEqual([]);
  expect(run.status, run.stderr).toBe(0);
  expect(lines.map((line) => line.call)).toEqual([
    '5009 an order_id paid already',
    '5043 a count the plan does not offer',
    '5010 a method Brazil does not have',
    '5003 a country not served',
    '5004 a currency Brazil does not take',
    '5016 an amount too low',
    '5002 a refund of an authorization',
    '5008 an unknown card_id',
    '5013 a refund of a verification',
    '5001 names its parameter',
    '3001 an unknown X-Login',
    '5000 a POST whose signature does not match',
    '5000 a body that is no JSON',
    '5017 another X-Version',
    '4000 a status lookup of an unknown id',
    '4000 a cancel of an unknown id is 400',
    '4001 an unknown refund',
    '5007 a capture over the authorization',
    '5007 a capture twice in full',
    '5007 a refund past the capture',
    '3003 a cancel of a PAID payment',
    '5002 a cancel of a captured authorization',
    '5018 a refund under a chargeback',
    '5012 a refund past the available balance',
  ]);
});
