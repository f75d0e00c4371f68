/**
 * An operator reading `paylit-server`'s log: a request the API failed (its credentials refused,
 * its 5xx) is logged as one line that says why, not only `502`; the secret never appears.
 */
import { expect, test } from '@playwright/test';
import { payer, startSandbox, type Harness } from './support/harness.js';
import { apiEnv, startCli } from './support/cli.js';
import { scaled } from '../../../test/support/time.mjs';

let h: Harness;
test.beforeAll(async () => {
  h = await startSandbox();
});
test.afterAll(() => h?.close());

test('credentials the API refuses: the 502 line in the log names the cause (3001), and the secret is never printed', async () => {
  const token = 'merchant-token-0123456789';
  const cli = await startCli({
    ...apiEnv(h.sandbox, h.sandboxUrl, token),
    PAYLIT_SECRET_KEY: 'a-wrong-secret-key-42',
  });
  try {
    const made = await fetch(`${cli.url}/paylit/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        id: `LOG-${Date.now()}`,
        amount: 120,
        currency: 'BRL',
        country: 'BR',
        payer,
      }),
    });
    expect(made.status).toBe(502);
    await expect
      .poll(() => cli.output(), { timeout: scaled(3_000) })
      .toMatch(/POST \/paylit\/orders 502 /);
    const line = cli
      .output()
      .split('\n')
      .find((l) => l.startsWith('POST /paylit/orders 502'))!;
    expect(line).toMatch(/3001|credentials/);
    expect(cli.output()).not.toContain('a-wrong-secret-key-42');
  } finally {
    await cli.stop('SIGKILL');
  }
});
