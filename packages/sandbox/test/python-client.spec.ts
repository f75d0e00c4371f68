/**
 * An independent client in another language, against the CLI as a merchant runs it:
 * `clients/python_client.py`, Python's standard library only (urllib, hmac, hashlib, json),
 * written from the public record of the API, not from paylit's code. It makes a status lookup
 * and a cancel without a body signed over the four characters `"{}"`, a refund and its lookup,
 * a payment with numbers as strings, strings as numbers and nulls, a Panama payment with no
 * payer name and an empty holder name, the empty-id cancel and a POST with a wrong signature;
 * each must get the answer the record shows.
 */
import { expect, test } from '@playwright/test';
import { scaled } from '../../../test/support/time.mjs';
import { runPythonClient } from './support/python-client.js';

const credentials = {
  PAYLIT_X_LOGIN: 'python-merchant',
  PAYLIT_X_TRANS_KEY: 'python-trans-key',
  PAYLIT_SECRET_KEY: 'python-secret-key',
};

test('a Python standard-library client gets, from the sandbox CLI, every answer the record shows', async () => {
  test.setTimeout(scaled(40_000)); // the sandbox CLI started, 12 calls from python3
  const run = await runPythonClient<{ call: string; ok: boolean; status: number }>(
    'python_client.py',
    credentials,
  );
  const lines = run.lines;
  const failed = lines.filter((line) => !line.ok);
  expect(failed, `${run.stdout}\n${run.stderr}`).toEqual([]);
  expect(run.status, run.stderr).toBe(0);
  expect(lines.map((line) => line.call)).toEqual([
    'a payment with numbers as strings, order_id and address.number as numbers, nulls',
    'a payment with user_reference, phone, document, card.number, card.cvv and description as numbers',
    'the plans for a BIN sent as a JSON number',
    "a payment whose risk data's numbers and booleans are strings",
    'Panama: payer.name and payer.email null, card.holder_name empty',
    'a status lookup signed over login + X-Date + "{}"',
    'a status lookup signed over login + X-Date, X-Date with microseconds, a trailing slash',
    'a cancel signed over "{}"',
    'a card payment, captured at once',
    'a refund of part, its amount as a string',
    'a refund lookup signed over "{}"',
    'a refund of more than remains: 400 / 5007, no param',
    "an unknown payment's status: 404 / 4000, no param",
    'the empty-id cancel POST /payments//cancel: JSON 404 / 4000',
    'a POST with a wrong signature: 400 / 5000 Signature not match',
  ]);
  // What it printed holds no secret and no card data.
  for (const secret of [credentials.PAYLIT_SECRET_KEY, '4111111111111111', '"123"'])
    expect(run.stdout).not.toContain(secret);
});
