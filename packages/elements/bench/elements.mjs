// npm run bench (elements part): the script-tag file's size, the time from script start to the
// checkout's first render, and the card encryption time, in Debian's Chromium, each next to a
// baseline measured in the same run (a bare Lit element; raw WebCrypto RSA-OAEP for encryption).
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { generateCardKeyPair } from '@paylit/core/crypto';
import { chromiumArgs, chromiumPath } from '../../../test/support/chromium.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 25);
const paylit = readFileSync(fileURLToPath(new URL('../dist/bundle/paylit.js', import.meta.url)));
const [bareOut] = await build({
  configFile: false,
  logLevel: 'silent',
  build: { write: false, minify: true, lib: { entry: fileURLToPath(new URL('./bare-element.js', import.meta.url)), name: 'bare', formats: ['iife'], fileName: () => 'bare.js' } },
});
const bare = Buffer.from(bareOut.output[0].code);
const size = (b) => ({ raw: b.length, gzip: gzipSync(b, { level: 9 }).length, brotli: brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length });

const keys = await generateCardKeyPair();
const pageFor = (kind) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<script>performance.mark('script-start')</script>
<script>${(kind === 'paylit' ? paylit : bare).toString().replace(/<\/script/g, '<\\/script')}</script>
<script>
const tag = ${JSON.stringify(kind === 'paylit' ? 'paylit-checkout' : 'bare-element')};
const el = document.createElement(tag);
${kind === 'paylit' ? `el.setAttribute('amount', '120'); el.setAttribute('currency', 'BRL'); el.setAttribute('country', 'BR'); el.setAttribute('public-key', ${JSON.stringify(JSON.stringify(keys.publicJwk))});` : ''}
document.documentElement.append(el);
el.updateComplete.then(() => { performance.mark('rendered'); window.renderMs = performance.measure('r', 'script-start', 'rendered').duration; });
</script></head><body></body></html>`;

const server = createServer((req, res) => {
  if (req.url === '/paylit.js') return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(paylit);
  // The chunks (marks, other languages), beside the page, where the inlined script finds them.
  const chunk = /^\/(paylit\.[\w.-]+\.js)$/.exec(req.url ?? '')?.[1];
  const chunkFile = chunk && fileURLToPath(new URL(`../dist/bundle/${chunk}`, import.meta.url));
  if (chunkFile && existsSync(chunkFile)) return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(chunkFile));
  if (req.url === '/bare.js') return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(bare);
  res.writeHead(200, { 'Content-Type': 'text/html' }).end(pageFor(req.url === '/bare' ? 'bare' : 'paylit'));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const page = await browser.newPage();

const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function firstRender(path) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    await page.goto(`${origin}${path}`);
    await page.waitForFunction(() => window.renderMs !== undefined);
    times.push(await page.evaluate(() => window.renderMs));
  }
  return median(times);
}
const renderPaylit = await firstRender('/paylit');
const renderBare = await firstRender('/bare');

// Encryption: the card fields' encrypt() (validation + jose JWE) against raw WebCrypto RSA-OAEP of the same payload.
await page.goto(`${origin}/paylit`);
await page.waitForFunction(() => window.renderMs !== undefined);
const encryption = await page.evaluate(async ({ jwk, runs }) => {
  const fields = document.querySelector('paylit-checkout').shadowRoot.querySelector('paylit-card-fields');
  await fields.updateComplete;
  const set = (id, v) => { const i = fields.shadowRoot.querySelector('#' + id); i.value = v; i.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true })); };
  set('number', '4111111111111111'); set('expiry', '1230'); set('cvv', '123'); set('holder', 'Ana Lima');
  // The mean of a batch: one raw RSA encryption is below the timer's resolution.
  const time = async (fn) => { await fn(); const s = performance.now(); for (let i = 0; i < runs; i++) await fn(); return (performance.now() - s) / runs; };
  const paylit = await time(() => fields.encrypt(jwk));
  const key = await crypto.subtle.importKey('jwk', { ...jwk, alg: 'RSA-OAEP-256' }, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const data = new TextEncoder().encode(JSON.stringify({ number: '4111111111111111', cvv: '123' }));
  const raw = await time(() => crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, data));
  return { paylit, raw };
}, { jwk: keys.publicJwk, runs });

await browser.close();
server.close();

const s = size(paylit);
const b = size(bare);
const row = (label, a, base, unit = 'B') => console.log(`${label.padEnd(44)}${String(a).padStart(10)} ${unit}${String(base).padStart(12)} ${unit}`);
console.log(`\nelements in Chromium (first render: median of ${runs} loads, the file inlined; encryption: mean of ${runs}), same run`);
console.log(`${''.padEnd(44)}${'paylit'.padStart(12)}${'baseline'.padStart(14)}`);
row('script-tag file, JS + CSS (gzip)', s.gzip, b.gzip);
row('script-tag file, JS + CSS (brotli)', s.brotli, b.brotli);
row('script-tag file, JS + CSS (raw)', s.raw, b.raw);
console.log('  (the CSS ships inside the JS as constructable stylesheets; there is no separate CSS file)');
row('script start to first render', renderPaylit.toFixed(2), renderBare.toFixed(2), 'ms');
row('encrypt the card (baseline: raw RSA-OAEP)', encryption.paylit.toFixed(2), encryption.raw.toFixed(2), 'ms');
console.log(`targets: gzip <= 32768 B (${s.gzip <= 32768 ? 'met' : 'NOT met'}); first render <= 5 ms (${renderPaylit <= 5 ? 'met' : 'NOT met'})`);
