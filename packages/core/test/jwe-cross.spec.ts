/**
 * The JWE made in one environment opens in the other: Chromium (Debian's, through
 * Playwright) encrypts and Node decrypts, and the reverse. Both run core's own code.
 */
import { expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import {
  decryptCard,
  encryptCard,
  generateCardKeyPair,
  type CardKeyPair,
} from '@paylit/core/crypto';

const card = { number: '5895627823453005', cvv: '737' };
let server: ViteDevServer;
let origin: string;
let keys: CardKeyPair;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await createServer({
    configFile: fileURLToPath(new URL('../../../vite.config.ts', import.meta.url)),
    root: fileURLToPath(new URL('./fixtures/jwe-page/', import.meta.url)),
    server: { port: 0 },
  });
  await server.listen();
  origin = server.resolvedUrls!.local[0]!;
  keys = await generateCardKeyPair({ kid: 'cross-1' });
});

test.afterAll(async () => {
  await server?.close();
});

test.beforeEach(async ({ page }) => {
  await page.goto(origin);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
});

test('a JWE made in Chromium with the JWK opens in Node', async ({ page }) => {
  const jwe = await page.evaluate(([c, jwk]) => window.core.encryptCard(c, jwk), [
    card,
    keys.publicJwk,
  ] as const);
  expect(jwe.split('.')).toHaveLength(5);
  expect(await decryptCard(jwe, keys.privateJwk)).toEqual(card);
});

test('a JWE made in Chromium with the SPKI PEM opens in Node', async ({ page }) => {
  const jwe = await page.evaluate(([c, pem]) => window.core.encryptCard(c, pem), [
    card,
    keys.publicPem,
  ] as const);
  expect(await decryptCard(jwe, keys.privateKey)).toEqual(card);
});

test('a JWE made in Node opens in Chromium', async ({ page }) => {
  const jwe = await encryptCard(card, keys.publicJwk);
  const opened = await page.evaluate(([t, jwk]) => window.core.decryptCard(t, jwk), [
    jwe,
    keys.privateJwk,
  ] as const);
  expect(opened).toEqual(card);
});

test('Chromium refuses a token tampered in Node, with a typed error', async ({ page }) => {
  const parts = (await encryptCard(card, keys.publicJwk)).split('.');
  parts[3] = `${parts[3]!.startsWith('A') ? 'B' : 'A'}${parts[3]!.slice(1)}`;
  const error = await page.evaluate(
    ([t, jwk]) =>
      window.core.decryptCard(t, jwk).then(
        () => 'opened',
        (e: Error & { code?: string }) => `${e.name} ${e.code}: ${e.message}`,
      ),
    [parts.join('.'), keys.privateJwk] as const,
  );
  expect(error).toBe(
    'DecryptionError decryption_failed: the JWE could not be decrypted: it was altered or made for another key',
  );
});

test('Chromium refuses a key of the wrong type with a clear message', async ({ page }) => {
  const error = await page.evaluate(
    ([c, jwk]) =>
      window.core.encryptCard(c, jwk).then(
        () => 'encrypted',
        (e: Error & { code?: string }) => `${e.name} ${e.code}: ${e.message}`,
      ),
    [
      card,
      {
        kty: 'EC',
        crv: 'P-256',
        x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
        y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
      },
    ] as const,
  );
  expect(error).toBe(
    'KeyError invalid_key: the public key must be an RSA key (kty "RSA"), got kty "EC"',
  );
});
