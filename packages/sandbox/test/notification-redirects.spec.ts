/**
 * The notifications the sandbox POSTs, as a merchant's receiver written only from the reference
 * meets them (`clients/notifications_client.py`, Python's standard library): the record's bytes,
 * X-Date and the signature over login + X-Date + those bytes; and "the receiver answers any
 * 2xx; anything else is retried", so a redirect is an answer to retry, never an address the
 * record is sent on to (a 302 or 303 followed by a GET without the record, counted delivered; a
 * 307 or 308 posting it to another URL).
 */
import { expect, test } from '@playwright/test';
import { scaled } from '../../../test/support/time.mjs';
import { runPythonClient } from './support/python-client.js';

test('notifications: signed over the raw bytes; a redirect is retried, never followed', async () => {
  test.setTimeout(scaled(30_000)); // the sandbox CLI started, 6 payments notified to python3
  const run = await runPythonClient<{ call: string; ok: boolean; detail: unknown }>(
    'notifications_client.py',
    {
      PAYLIT_X_LOGIN: 'notify-merchant',
      PAYLIT_X_TRANS_KEY: 'notify-trans-key',
      PAYLIT_SECRET_KEY: 'notify-secret-key',
    },
  );
  expect(
    run.lines.filter((line) => !line.ok),
    `${run.stdout}\n${run.stderr}`,
  ).toEqual([]);
  expect(run.lines).toHaveLength(6);
  expect(run.status, run.stderr).toBe(0);
});
