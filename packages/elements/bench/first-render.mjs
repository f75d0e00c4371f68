// node packages/elements/bench/first-render.mjs [rounds]: what page isolation's first render waits
// for, step by step, beside Adyen Card's, in the same run (interleaved loads, medians). A tool for
// finding the time, not a bench with targets: `npm run bench` holds the ratio
// (packages/elements/bench/journeys.mjs, whose pages these are: the server-less checkout of the
// script-tag bundle, and Adyen Card mounted by its first part, built the same way).
//
// Each load is a fresh Playwright context on this run's server. The page reports, on its own
// clock from its time origin: each script's request (fetchStart) and its end (responseEnd), with
// its size; when `paylit-checkout` is defined (the module has run); the first time the checkout
// and the card fields have a shadow root with content; and when the card number is drawn (the
// same test as the bench's: a visible, focusable cc-number input, or Adyen's number field laid
// out).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { chromium } from '@playwright/test';
import { generateCardKeyPair } from '@paylit/core/crypto';
import { shopperChromiumArgs, chromiumPath } from '../../../test/support/chromium.mjs';
import { bundleDir, keepLocal, startShop } from '../../../test/support/journeys.mjs';
import { adyenPage as adyenCardPage, buildAdyenCard } from './adyen-card.mjs';

const rounds = Number(process.argv[2] ?? 9);
/**
 * FIRST_RENDER_BASELINE: another build's bundle folder (a copy of an older dist/bundle/), whose
 * pages are loaded in the same interleaved rounds ("-baseline"), to compare two builds in one run.
 */
const baseline = process.env.FIRST_RENDER_BASELINE?.replace(/\/?$/, '/');
const { js: adyenJs, css: adyenCss } = await buildAdyenCard();
const keys = await generateCardKeyPair();

// Runs first in the page: when each step happens, on the page's clock (ms from its time origin).
const watch = `(() => {
  const steps = (window.benchSteps = {});
  const at = (name) => void (steps[name] ??= performance.now());
  customElements.whenDefined('paylit-checkout').then(() => at('checkout defined'));
  customElements.whenDefined('paylit-card-fields').then(() => at('card fields defined'));
  const drawn = (el) => {
    const box = el.getBoundingClientRect();
    if (!(box.width > 0 && box.height > 0)) return false;
    if (el.localName !== 'input') return el.checkVisibility({ visibilityProperty: true });
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    return !el.disabled && el.tabIndex >= 0 && !el.closest('[inert]');
  };
  const look = () => {
    const checkout = document.querySelector('paylit-checkout');
    if (checkout?.shadowRoot?.childElementCount) at('checkout rendered');
    const fields = checkout?.shadowRoot?.querySelector('paylit-card-fields');
    if (fields) at('card fields in the checkout');
    if (fields?.shadowRoot?.childElementCount) at('card fields rendered');
    const input =
      fields?.shadowRoot?.querySelector('input[autocomplete="cc-number"]') ??
      document.querySelector('.adyen-checkout__field--cardNumber');
    if (input && drawn(input)) return void at('card number drawn');
    requestAnimationFrame(look);
    queueMicrotask(() => {});
  };
  new MutationObserver(() => {}).observe(document, { childList: true, subtree: true });
  requestAnimationFrame(look);
  setInterval(look, 1);
})();`;
const checkoutPage = () => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>checkout</title><script>${watch}</script><script src="/paylit.js"></script></head>
<body><paylit-checkout amount="120" currency="BRL" country="BR" isolation="page" public-key='${JSON.stringify(keys.publicJwk)}'></paylit-checkout></body>
</html>`;
const adyenPage = () => adyenCardPage(`<script>${watch}</script>`);
const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const noStore = { 'Cache-Control': 'no-store' };
  const page = { '/page': checkoutPage, '/adyen': adyenPage }[path];
  if (page) return void res.writeHead(200, { ...noStore, 'Content-Type': 'text/html' }).end(page());
  if (path === '/adyen.js' || path === '/adyen.css')
    return void res
      .writeHead(200, {
        ...noStore,
        'Content-Type': path.endsWith('.js') ? 'text/javascript' : 'text/css',
      })
      .end(path.endsWith('.js') ? adyenJs : adyenCss);
  const file = path.slice(1);
  if (/^[\w-][\w.-]*$/.test(file))
    try {
      const body = readFileSync(bundleDir + file);
      return void res
        .writeHead(200, {
          ...noStore,
          'Content-Type': file.endsWith('.json') ? 'application/json' : 'text/javascript',
        })
        .end(body);
    } catch {
      // 404 below.
    }
  res.writeHead(404).end();
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const origin = `http://127.0.0.1:${server.address().port}`;
// The journeys' shop (test/support/journeys.mjs): an order made by its server, the checkout with
// its endpoint, the bundle from a static origin of its own: the view's GET is on the way.
const shop = await startShop();
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: shopperChromiumArgs,
});

async function load(kind) {
  const path = kind.replace(/-baseline$/, '');
  const context = await browser.newContext();
  await keepLocal(context);
  // The bundle's files (paylit.js, its chunks, its pins), this build's or the baseline's, served
  // the same way for both (through the context), so that they compare.
  const dir = kind === path ? bundleDir : baseline;
  if (baseline)
    await context.route(
      (url) => /^\/paylit(\.[\w.-]+)?\.(js|json)$/.test(url.pathname),
      (route) => {
        const name = new URL(route.request().url()).pathname.slice(1);
        return route.fulfill({
          status: 200,
          body: readFileSync(dir + name),
          headers: {
            'Content-Type': name.endsWith('.json') ? 'application/json' : 'text/javascript',
            'Access-Control-Allow-Origin': '*',
            'Cache-Control': 'no-store',
          },
        });
      },
    );
  // The watch, first in the shop's page too.
  if (path === '/server') await context.addInitScript(watch);
  const page = await context.newPage();
  await page.goto(
    path === '/server'
      ? `${shop.shop}/checkout?order=card&lang=en&isolation=page`
      : `${origin}${path}`,
  );
  await page.waitForFunction(() => window.benchSteps['card number drawn'] !== undefined, null, {
    timeout: 20_000,
  });
  const result = await page.evaluate(() => ({
    steps: window.benchSteps,
    resources: performance.getEntriesByType('resource').map((e) => ({
      name: new URL(e.name).pathname.slice(1) + (e.name.includes('/paylit/') ? '?…' : ''),
      asked: e.fetchStart,
      got: e.responseEnd,
      size: e.decodedBodySize,
    })),
    parsed: performance.getEntriesByType('navigation')[0].domInteractive,
  }));
  await context.close();
  return result;
}

const runs = Object.fromEntries(
  ['/page', '/server', ...(baseline ? ['/page-baseline', '/server-baseline'] : []), '/adyen'].map(
    (kind) => [kind, []],
  ),
);
for (const path of Object.keys(runs)) await load(path);
for (let i = 0; i < rounds; i++)
  for (const path of Object.keys(runs)) runs[path].push(await load(path));
await browser.close();
server.close();
await shop.close();

const median = (xs) => {
  const s = xs.filter((x) => x !== undefined).sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => (x === undefined || Number.isNaN(x) ? '' : x.toFixed(1));
for (const [path, list] of Object.entries(runs)) {
  console.log(
    `\n${{ '/page': 'paylit, isolation="page", no server (the bench\'s page)', '/server': 'paylit, isolation="page", its companion server (the card journey\'s page)', '/adyen': 'Adyen Card' }[path.replace(/-baseline$/, '')]}${path.endsWith('-baseline') ? ', the baseline' : ''}: medians of ${list.length} loads, ms from the page's time origin`,
  );
  console.log(
    `  ${'document parsed (domInteractive)'.padEnd(44)}${ms(median(list.map((r) => r.parsed))).padStart(8)}`,
  );
  const names = [...new Set(list.flatMap((r) => r.resources.map((x) => x.name)))];
  const rows = names.map((name) => {
    const of = list.map((r) => r.resources.find((x) => x.name === name)).filter(Boolean);
    return {
      name,
      asked: median(of.map((x) => x.asked)),
      got: median(of.map((x) => x.got)),
      size: median(of.map((x) => x.size)),
    };
  });
  for (const r of rows.sort((a, b) => a.asked - b.asked))
    console.log(
      `  ${r.name.padEnd(44)}${ms(r.asked).padStart(8)} → ${ms(r.got).padStart(7)}  ${String(r.size).padStart(7)} B`,
    );
  const steps = [...new Set(list.flatMap((r) => Object.keys(r.steps)))];
  for (const step of steps.sort(
    (a, b) => median(list.map((r) => r.steps[a])) - median(list.map((r) => r.steps[b])),
  ))
    console.log(`  ${step.padEnd(44)}${ms(median(list.map((r) => r.steps[step]))).padStart(8)}`);
}
const drawn = (path) => median(runs[path].map((r) => r.steps['card number drawn']));
console.log(
  `\ncard number drawn against Adyen Card's: no server ${(drawn('/page') / drawn('/adyen')).toFixed(2)}×, with a server ${(drawn('/server') / drawn('/adyen')).toFixed(2)}×${baseline ? `; the baseline's ${(drawn('/page-baseline') / drawn('/adyen')).toFixed(2)}× and ${(drawn('/server-baseline') / drawn('/adyen')).toFixed(2)}×` : ''} (Playwright-driven loads: the bench's own figure is in npm run bench)`,
);
