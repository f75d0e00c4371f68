/**
 * @paylit/core as merchants install it: the built `dist/`, imported by plain Node 20 with
 * no TypeScript in between, and the browser entry points bundled by Vite without zod.
 */
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';

const root = fileURLToPath(new URL('../../../', import.meta.url));

test('plain Node imports the built package and its subpaths, and they work', () => {
  const script = `
    import * as core from '@paylit/core';
    import { detectBrand } from '@paylit/core/card';
    import { formatAmount } from '@paylit/core/money';
    import { encryptCard, decryptCard, generateCardKeyPair, createSignature } from '@paylit/core/crypto';
    import { parse, paymentRequestSchema } from '@paylit/core/schemas';
    import { apiErrorBody } from '@paylit/core/codes';
    const keys = await generateCardKeyPair();
    const jwe = await encryptCard({ number: '4111111111111111', cvv: '123' }, keys.publicPem);
    const opened = await decryptCard(jwe, keys.privateJwk);
    let param;
    try { parse(paymentRequestSchema, { amount: 1 }); } catch (e) { param = e.toApiError().param; }
    console.log(JSON.stringify({
      brand: detectBrand('5895 62').name,
      amount: formatAmount(10, 'USD', 'en-US'),
      opened: opened.number === '4111111111111111',
      signature: (await createSignature({ login: 'l', date: 'd', body: '', secretKey: 's' })).length,
      param,
      error: apiErrorBody(4000).message,
      exports: typeof core.encryptCard === 'function' && typeof core.paymentRequestSchema === 'object',
    }));
  `;
  // No --conditions=source: Node resolves the package's "default" export, dist/.
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  expect(JSON.parse(out)).toEqual({
    brand: 'Naranja',
    amount: '$10.00',
    opened: true,
    signature: 64,
    param: 'currency',
    error: 'Payment not found',
    exports: true,
  });
});

/**
 * A card form's share of core, in bytes of gzip. Measured 14.8 KB on 2026-11-22: jose's
 * encryption with JWK and PEM import is about 9 KB of it, the brand table 2 KB.
 */
const BROWSER_BUDGET = 16_000;

test("the browser entry points carry no zod, and a card form's share of core stays within budget", async () => {
  // The files the package's exports map names for each browser subpath (its "source" condition).
  const { exports } = JSON.parse(readFileSync(`${root}packages/core/package.json`, 'utf8')) as {
    exports: Record<string, { source: string }>;
  };
  const entries: Record<string, string> = Object.fromEntries(
    ['card', 'money', 'crypto', 'codes', 'errors'].map((name) => [
      name,
      `${root}packages/core/${exports[`./${name}`]!.source}`,
    ]),
  );
  const bundle = async (entry: Record<string, string>) => {
    const result = (await build({
      configFile: `${root}vite.config.ts`,
      root,
      logLevel: 'silent',
      build: { write: false, minify: true, lib: { entry, formats: ['es'] } },
    })) as Rollup.RollupOutput | Rollup.RollupOutput[];
    return (Array.isArray(result) ? result : [result])
      .flatMap((r) => r.output)
      .filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  };
  const subpaths = await bundle(entries);
  expect(
    subpaths.flatMap((c) => Object.keys(c.modules)).filter((m) => m.includes('node_modules/zod')),
  ).toEqual([]);

  // Bundled alone, as an app would: one chunk, tree-shaken to what the form imports.
  const [form, ...rest] = await bundle({
    form: fileURLToPath(new URL('./fixtures/browser-entry.ts', import.meta.url)),
  });
  expect(rest).toEqual([]);
  expect(Object.keys(form!.modules).filter((m) => m.includes('node_modules/zod'))).toEqual([]);
  const size = gzipSync(form!.code).length;
  test.info().annotations.push({
    type: 'size',
    description: `a card form's share of core: ${size} B gzip (budget ${BROWSER_BUDGET})`,
  });
  expect(size).toBeLessThanOrEqual(BROWSER_BUDGET);
});
