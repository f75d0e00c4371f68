/**
 * The merchant's sites that may frame its 3-D Secure challenge (`frameOrigins`,
 * `paylit-sandbox --frame-origin`): a storefront on another origin than the server named in
 * `callback_url`. Read from the challenge page's own header, as a browser reads it.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createSandbox } from '@paylit/sandbox';
import { expect, test } from '@playwright/test';
import { cardPayment } from './support/client.js';
import { withSandbox } from './support/fixture.js';

test('the challenge may be framed by the callback’s origin and by each registered site, by no other', async () => {
  await withSandbox(
    // As merchants write them: a trailing slash, capitals, a default port.
    {
      frameOrigins: [
        'https://shop.example',
        'http://127.0.0.1:8080/',
        'HTTPS://Outlet.Example:443',
      ],
    },
    async ({ api }) => {
      const res = await api.post(
        '/secure_payments',
        cardPayment({
          three_dsecure: { force: true },
          callback_url: 'https://pay.example/paylit/callback',
        }),
      );
      const page = await fetch(res.body.three_dsecure.redirect_url);
      expect(page.status).toBe(200);
      expect(page.headers.get('Content-Security-Policy')).toBe(
        'frame-ancestors https://pay.example https://shop.example http://127.0.0.1:8080 https://outlet.example',
      );
    },
  );
});

test('a registered site that is not an origin is refused, naming it', async () => {
  await expect(createSandbox({ frameOrigins: ['shop.example'] })).rejects.toThrow(
    'frameOrigins: "shop.example" is not an origin (scheme, host and port, such as https://shop.example)',
  );
  await expect(createSandbox({ frameOrigins: ['https://shop.example/checkout'] })).rejects.toThrow(
    '"https://shop.example/checkout" is not an origin',
  );
  const cli = spawnSync(
    process.execPath,
    [
      fileURLToPath(new URL('../dist/cli.js', import.meta.url)),
      '--port',
      '0',
      '--frame-origin',
      'ftp://x',
    ],
    { encoding: 'utf8', env: { PATH: process.env.PATH } },
  );
  expect(cli.status).toBe(2);
  expect(cli.stderr).toContain('paylit-sandbox: --frame-origin: "ftp://x" is not an origin');
});
