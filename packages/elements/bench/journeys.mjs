// npm run bench (journeys part), in Debian's Chromium, each figure beside a baseline measured in
// the same run:
// - the bytes of each shopper's journey (JS and CSS, gzip -9: the journey spec's measure, from
//   test/support/journeys.mjs), beside Adyen Card's first part (core + Card and its stylesheet,
//   built here from the npm package by Vite, minified, gzip -9);
// - the card fields drawn, in interleaved rounds (floor, frame, page, Adyen, floor, frame …), one
//   fresh browser context a load, from the page's document start (below):
//     floor: floor.html, a bare sandboxed srcdoc iframe with one input (the browser's own floor
//            for frame isolation: the card frame's sandbox, no script);
//     frame: the script-tag checkout with isolation="frame";
//     page:  the same checkout with its card fields in the page;
//     Adyen: Adyen Card mounted by its own first part.
//   Targets: frame ≤ 1.5× floor; page ≤ 0.3× Adyen (the issue's). Bench output only: no test
//   times anything.
//
// "Drawn", the same way on every page: in the document that holds the card number (the frame's
// for floor and frame, the page's for page), the first moment at which an
// <input autocomplete="cc-number"> of that document or of any shadow root in it is visible
// (a non-empty box; checkVisibility() with opacity and visibility) and focusable (not disabled,
// tabIndex ≥ 0, no inert ancestor). It is looked for by one script that Playwright adds to every
// document before its own scripts (an init script, in the frames too): on every DOM mutation of
// the document and of each shadow root made in it (observed as attachShadow makes them), and on
// every animation frame until found. The moment is read on that document's clock
// (performance.timeOrigin + now(): milliseconds since the epoch, so a frame's and its page's
// compare).
// "From": the page's document start, the moment the same init script runs in the top document,
// before any of the page's HTML is parsed: the network and the browser's process start before it
// are the same for every page and are not the page's doing (printed apart, for information).
// Adyen's card number is an input inside Adyen's own frame, from Adyen's servers, which this
// machine cannot reach (every request off it is aborted), and its form waits at opacity 0 behind
// a spinner for that frame: its "drawn" is its Card component's number field
// (.adyen-checkout__field--cardNumber) laid out in the page (a non-empty box, checkVisibility()
// without opacity). That is earlier than a shopper could type in it, so page/Adyen is if anything
// harder for paylit than it would be with Adyen's servers.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { generateCardKeyPair } from '@paylit/core/crypto';
import { chromiumArgs, chromiumPath } from '../../../test/support/chromium.mjs';
import {
  bundleDir,
  journeys,
  keepLocal,
  measure,
  startShop,
  table,
} from '../../../test/support/journeys.mjs';
import { finish, target } from '../../../bench/report.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const here = (name) => fileURLToPath(new URL(name, import.meta.url));
const gz = (b) => gzipSync(b, { level: 9 }).length;

// Adyen Card's first part: built from the npm package as a merchant's bundler would.
const [adyenOut] = await build({
  configFile: false,
  logLevel: 'silent',
  build: {
    write: false,
    minify: true,
    cssCodeSplit: false,
    lib: {
      entry: here('./adyen-card.js'),
      name: 'benchAdyenCard',
      formats: ['iife'],
      fileName: () => 'adyen.js',
      cssFileName: 'adyen',
    },
  },
});
const adyenJs = Buffer.from(adyenOut.output.find((o) => o.type === 'chunk').code);
const adyenCssAsset = adyenOut.output.find((o) => o.fileName.endsWith('.css'));
const adyenCss = Buffer.from(adyenCssAsset?.source ?? '');
const adyenVersion = JSON.parse(
  // Its entry is dist/es/index.js; the package's own package.json is not exported.
  readFileSync(new URL('../../package.json', import.meta.resolve('@adyen/adyen-web')), 'utf8'),
).version;
const adyen = { js: gz(adyenJs), css: gz(adyenCss) };
adyen.total = adyen.js + adyen.css;

// The journeys' bytes: deterministic (bodies, no cache), so one run each.
const shop = await startShop();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const results = [];
try {
  for (const journey of journeys) results.push(await measure(browser, shop, journey));
} finally {
  await shop.close();
}

// The pages of the render rounds, and their files, from one server on this machine.
const keys = await generateCardKeyPair();
const checkoutPage = (isolation) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>checkout</title><script src="/paylit.js"></script></head>
<body><paylit-checkout amount="120" currency="BRL" country="BR" isolation="${isolation}" public-key='${JSON.stringify(keys.publicJwk)}'></paylit-checkout></body>
</html>`;
const adyenPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Adyen Card</title><link rel="stylesheet" href="/adyen.css"><script src="/adyen.js"></script></head>
<body><div id="card"></div>
<script>
benchAdyen
  .AdyenCheckout({
    clientKey: 'test_${'B'.repeat(32)}',
    environment: 'test',
    countryCode: 'BR',
    locale: 'en-US',
    amount: { value: 12000, currency: 'BRL' },
    paymentMethodsResponse: { paymentMethods: [{ type: 'scheme', name: 'Cards', brands: ['visa', 'mc', 'amex'] }] },
    analytics: { enabled: false },
  })
  .then((checkout) => new benchAdyen.Card(checkout).mount('#card'));
</script>
</body>
</html>`;
const pages = {
  '/floor': readFileSync(here('./floor.html')),
  '/frame': checkoutPage('frame'),
  '/page': checkoutPage('page'),
  '/adyen': adyenPage,
};
const server = createServer((req, res) => {
  const noStore = { 'Cache-Control': 'no-store' };
  const path = req.url ?? '';
  if (pages[path])
    return void res
      .writeHead(200, { ...noStore, 'Content-Type': 'text/html; charset=utf-8' })
      .end(pages[path]);
  if (path === '/adyen.js' || path === '/adyen.css')
    return void res
      .writeHead(200, {
        ...noStore,
        'Content-Type': path.endsWith('.js') ? 'text/javascript' : 'text/css',
      })
      .end(path.endsWith('.js') ? adyenJs : adyenCss);
  const chunk = /^\/(paylit(?:\.[\w-]+)*\.js)$/.exec(path)?.[1];
  if (chunk) {
    try {
      return void res
        .writeHead(200, { ...noStore, 'Content-Type': 'text/javascript' })
        .end(readFileSync(bundleDir + chunk));
    } catch {
      // Not in the bundle: 404 below.
    }
  }
  res.writeHead(404).end();
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const origin = `http://127.0.0.1:${server.address().port}`;

// The watch for "drawn" (see the top of this file), in every document.
const watch = `(() => {
  if (window === top) window.benchStartAt = performance.timeOrigin + performance.now();
  const wanted = 'input[autocomplete="cc-number"], .adyen-checkout__field--cardNumber';
  const roots = [document];
  const observer = new MutationObserver(() => check());
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (...args) {
    const root = attachShadow.apply(this, args);
    roots.push(root);
    observer.observe(root, { childList: true, subtree: true, attributes: true });
    return root;
  };
  const drawn = (el) => {
    const box = el.getBoundingClientRect();
    if (!(box.width > 0 && box.height > 0)) return false;
    if (el.localName !== 'input') return el.checkVisibility({ visibilityProperty: true });
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    return !el.disabled && el.tabIndex >= 0 && !el.closest('[inert]');
  };
  const check = () => {
    if (window.benchDrawnAt !== undefined) return;
    for (const root of roots)
      for (const el of root.querySelectorAll(wanted))
        if (drawn(el)) {
          window.benchDrawnAt = performance.timeOrigin + performance.now();
          observer.disconnect();
          return;
        }
  };
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  const frame = () => { check(); if (window.benchDrawnAt === undefined) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})();`;

/** One load of a page in a fresh context: ms from its document start to its card number drawn, and from its navigation start to its document start. */
async function drawnMs(path) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await keepLocal(context);
    await context.addInitScript(watch);
    const page = await context.newPage();
    const inFrame = path === '/floor' || path === '/frame';
    const child = inFrame
      ? page.waitForEvent('frameattached', { timeout: 10_000 })
      : Promise.resolve(undefined);
    await page.goto(origin + path, { waitUntil: 'commit' });
    const frame = (await child) ?? page.mainFrame();
    const at = await (
      await frame.waitForFunction(() => window.benchDrawnAt, null, { timeout: 10_000 })
    ).jsonValue();
    const { start, navigation } = await page.evaluate(() => ({
      start: window.benchStartAt,
      navigation: performance.timeOrigin,
    }));
    return { drawn: at - start, before: start - navigation };
  } finally {
    await context.close();
  }
}

const kinds = ['/floor', '/frame', '/page', '/adyen'];
const times = Object.fromEntries(kinds.map((k) => [k, []]));
const before = [];
const missed = Object.fromEntries(kinds.map((k) => [k, 0]));
// One load of each, not counted: the browser's own first-time work falls on none of them.
for (const kind of kinds) await drawnMs(kind).catch(() => undefined);
for (let round = 0; round < rounds; round++)
  for (const kind of kinds) {
    try {
      const load = await drawnMs(kind);
      times[kind].push(load.drawn);
      before.push(load.before);
    } catch {
      missed[kind]++;
    }
  }
await browser.close();
server.close();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const m = Object.fromEntries(kinds.map((k) => [k, median(times[k])]));

console.log(
  '\njourneys: the JS and CSS of paylit a shopper downloads until each journey ends (gzip -9; test/journeys.spec.ts holds them to budgets)',
);
console.log(table(results));
console.log(
  `\nAdyen Card's first part (@adyen/adyen-web ${adyenVersion}: core + Card, built by Vite, minified): ${adyen.js} B JS + ${adyen.css} B CSS = ${adyen.total} B gzip`,
);
for (const r of results)
  console.log(
    `  ${r.id.padEnd(20)}${String(r.total).padStart(8)} B  ${(r.total / adyen.total).toFixed(2)}× Adyen Card's first part`,
  );

const ms = (x) => `${x.toFixed(1)} ms`;
const counted = (k) =>
  `${times[k].length} loads${missed[k] ? `, ${missed[k]} never drawn within 10 s` : ''}`;
console.log(
  `\ncard number drawn, from the page's document start (medians of ${rounds} interleaved rounds, a fresh context a load; "drawn" and "start": see packages/elements/bench/journeys.mjs)`,
);
console.log(
  `  floor: a bare sandboxed srcdoc iframe, one input  ${ms(m['/floor']).padStart(10)}  (${counted('/floor')})`,
);
console.log(
  `  paylit, isolation="frame"                         ${ms(m['/frame']).padStart(10)}  (${counted('/frame')})`,
);
console.log(
  `  paylit, isolation="page"                          ${ms(m['/page']).padStart(10)}  (${counted('/page')})`,
);
console.log(
  `  Adyen Card (its number field in the page)         ${ms(m['/adyen']).padStart(10)}  (${counted('/adyen')})`,
);
console.log(
  `  (before the document start, from navigation start: ${ms(median(before))}, the same for every page: the request and the page's process)`,
);
console.log(
  `  frame/page ${(m['/frame'] / m['/page']).toFixed(2)}×, frame/Adyen ${(m['/frame'] / m['/adyen']).toFixed(2)}× (information, no target)`,
);
target(
  'frame isolation: fields drawn, against the bare sandboxed iframe',
  m['/frame'] / m['/floor'],
  1.5,
  {
    unit: '×',
    note: `${ms(m['/frame'])} against ${ms(m['/floor'])}`,
  },
);
target("page isolation: first render, against Adyen Card's", m['/page'] / m['/adyen'], 0.3, {
  unit: '×',
  note: `${ms(m['/page'])} against ${ms(m['/adyen'])}`,
});
finish();
