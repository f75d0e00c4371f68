/**
 * `cspFor`: the page's policy for each setup, written out whole. That each policy is enough,
 * and no more than enough, is shown in Chromium: `test/storefront.spec.ts` (a storefront on
 * another origin) and the demo's pages, served with `cspFor()`'s (`test/demo.spec.ts`,
 * `test/three-ds-dialog.spec.ts`).
 */
import { cspFor } from '@paylit/server';
import { expect, test } from '@playwright/test';

test('one origin for the page, paylit.js and the server', () => {
  expect(cspFor()).toBe(
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; frame-src https: 'self'; base-uri 'self'; object-src 'none'; require-trusted-types-for 'script'",
  );
});

test('a storefront with paylit.js from a CDN and its server on another origin', () => {
  expect(
    cspFor({
      scripts: 'https://cdn.example/paylit/1.0/paylit.js',
      server: 'https://pay.shop.example/paylit',
    }),
  ).toBe(
    "default-src 'self'; script-src https://cdn.example; style-src 'self'; img-src 'self'; connect-src 'self' https://pay.shop.example https://cdn.example; frame-src https: 'self' https://pay.shop.example; base-uri 'self'; object-src 'none'; require-trusted-types-for 'script'",
  );
});

test("a page that pins paylit.js: its tag's nonce allowed, which paylit.js's import map takes", () => {
  expect(cspFor({ scripts: 'https://cdn.example/paylit/', nonce: 'c2hvcC1ub25jZS0x' })).toBe(
    "default-src 'self'; script-src 'nonce-c2hvcC1ub25jZS0x' https://cdn.example; style-src 'self'; img-src 'self'; connect-src 'self' https://cdn.example; frame-src https: 'self'; base-uri 'self'; object-src 'none'; require-trusted-types-for 'script'",
  );
});

test('3-D Secure never in a dialog, and no Trusted Types', () => {
  expect(cspFor({ threeDSecure: false, trustedTypes: false })).toBe(
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; frame-src 'none'; base-uri 'self'; object-src 'none'",
  );
  expect(cspFor({ threeDSecure: ['https://acs.bank.example/challenge', 'https:'] })).toContain(
    "frame-src https://acs.bank.example https: 'self';",
  );
});

test('a wrong URL is refused, naming the option', () => {
  expect(() => cspFor({ server: '/paylit' })).toThrow(
    'cspFor: server must be an http(s) URL or origin, such as https://pay.example, not "/paylit"',
  );
  expect(() => cspFor({ scripts: 'javascript:alert(1)' })).toThrow(TypeError);
  expect(() => cspFor({ threeDSecure: ['*'] })).toThrow('cspFor: threeDSecure must be');
  expect(() => cspFor({ nonce: "abc' 'unsafe-inline" })).toThrow(
    'cspFor: nonce must be base64 or base64url characters (a new random value per response), not "abc\' \'unsafe-inline"',
  );
});
