// npm run bench (journeys part), in Debian's Chromium, each figure beside a baseline measured in
// the same run:
// - the bytes of each shopper's journey (JS and CSS, gzip -9: the journey spec's measure, from
//   test/support/journeys.mjs), beside Adyen Card's first part (core + Card and its stylesheet,
//   built here from the npm package by Vite, minified, gzip -9);
// - the card number drawn, in interleaved rounds (floor, frame, page, Adyen; floor, page, Adyen, frame …):
//     floor: floor.html, a bare sandboxed srcdoc iframe with one input (the browser's own floor
//            for frame isolation: the card frame's sandbox, nothing else);
//     frame: the script-tag checkout with isolation="frame";
//     page:  the same checkout with its card fields in the page;
//     Adyen: Adyen Card mounted by its own first part.
//   Targets: frame ≤ 1.5× floor ("seen", below); page ≤ 0.3× Adyen (the issue's). Medians; bench
//   output only: no test times anything.
//
// How a load goes: a Chromium of its own, started for it (a fresh profile) with no automation
// attached (Playwright pauses every new out-of-process frame until it has set it up, the card
// frame and the floor's alike: that pause would be counted in both), on a page of the shop (a
// cart page of the same origin, where it stays a second: the browser idle, its spare renderer
// process started, as a shopper's browser is), then sent to the checkout page. The pages report
// their own times to the bench's server (sendBeacon); once the figure is in, this Chromium and
// its processes are ended. Every host but 127.0.0.1 resolves to nothing: no request leaves the
// machine.
//
// "Drawn", the same way on every page: in the document that holds the card number (the frame's
// for floor and frame, the page's for page), the first moment at which an
// <input autocomplete="cc-number"> of that document or of any shadow root in it is visible
// (a non-empty box; checkVisibility() with opacity and visibility) and focusable (not disabled,
// tabIndex ≥ 0, no inert ancestor). The bench's watch script looks for it: on every DOM mutation
// of the document and of each shadow root made in it (observed as attachShadow makes them), and
// on every animation frame until found. The watch runs first in every document that counts: the
// first script of each page's head (the bench writes the pages), the first thing in the floor's
// srcdoc, and the first lines of the card frame's script as the bench serves it (the frame's
// srcdoc loads nothing else; any script the frame asks for, cross-site from its opaque origin,
// gets it, and only the first one run watches). The moment is read on that document's clock
// (performance.timeOrigin + now(): milliseconds since the epoch, so a frame's and its page's
// compare).
// "Shown", for frame and floor: in the top document, the first moment an iframe has a non-empty,
// visible box and no inert ancestor (the card frame, once it is in the card fields' box, at the
// height they hold for it; before that it is there at height 0, inert, drawing inside). The
// floor's is its iframe as parsed. "Viewed", in the frame: the first moment, after it is drawn,
// that the frame's own viewport holds the card number (the frame's renderer has taken the height
// the page gave it), looked for at each of the frame's rendering updates and resizes. "Seen", the
// later of shown and viewed: the card number drawn, in a frame shown, which is what the shopper
// sees, and what the target is on (the issue's "drawn", read as the shopper reads it: a field
// drawn in a frame of no height is not drawn for them). "Drawn" alone is printed as information.
// "From": the page's document start, the moment the watch runs in the top document, before the
// rest of the page's HTML is parsed: the browser's navigation before it (the request, the page's
// process) is the same for every page and not the page's doing (printed apart).
// Adyen's card number is an input inside Adyen's own frame, from Adyen's servers, which this
// machine cannot reach, and its form waits at opacity 0 behind a spinner for that frame: its
// "drawn" is its Card component's number field (.adyen-checkout__field--cardNumber) laid out in
// the page (a non-empty box, checkVisibility() without opacity). That is earlier than a shopper
// could type in it, so page/Adyen is if anything harder for paylit than with Adyen's servers.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { generateCardKeyPair } from '@paylit/core/crypto';
import { shopperChromiumArgs, chromiumPath } from '../../../test/support/chromium.mjs';
import { bundleDir, journeys, measure, startShop, table } from '../../../test/support/journeys.mjs';
import { finish, target } from '../../../bench/report.mjs';
import { adyenPage as adyenCardPage, buildAdyenCard } from './adyen-card.mjs';

/** Interleaved rounds of the render figures: BENCH_ROUNDS, 15 by default. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
/**
 * BENCH_FRAME_BASELINE: other builds' bundle directories (copies of older dist/bundle/ folders),
 * comma-separated, whose frame isolation is loaded in the same interleaved rounds as this build's
 * ("frame-baseline1", "frame-baseline2"… beside "frame"), to compare builds in one run.
 */
const frameBaselines = (process.env.BENCH_FRAME_BASELINE ?? '')
  .split(',')
  .filter(Boolean)
  .map((dir) => dir.replace(/\/?$/, '/'));
const frameBaselineKinds = frameBaselines.map((_, i) => `/frame-baseline${i + 1}`);
/**
 * BENCH_PAGE_BASELINE: other builds' bundle directories, comma-separated, whose page isolation is
 * loaded in the same interleaved rounds as this build's ("page-baseline1", "page-baseline2"…
 * beside "page"), to compare builds' first render in one run.
 */
const pageBaselines = (process.env.BENCH_PAGE_BASELINE ?? '')
  .split(',')
  .filter(Boolean)
  .map((dir) => dir.replace(/\/?$/, '/'));
const pageBaselineKinds = pageBaselines.map((_, i) => `/page-baseline${i + 1}`);
/**
 * BENCH_FRAME_ONLY=1: the frame's figure alone (the floor, this build's frame and the baseline's),
 * without the journeys' bytes, page isolation and Adyen: to compare two builds' frames quickly.
 */
const frameOnly = process.env.BENCH_FRAME_ONLY === '1';
/**
 * BENCH_PAGE_ONLY=1: page isolation's first render alone (this build's, the baseline's, Adyen's),
 * without the journeys' bytes and frame isolation: to compare two builds' first render quickly.
 */
const pageOnly = process.env.BENCH_PAGE_ONLY === '1';
if (frameOnly && pageOnly) throw new Error('BENCH_FRAME_ONLY and BENCH_PAGE_ONLY: give one');
/**
 * BENCH_FRAME_PROBES=1: two more pages in the same rounds, to see where the frame's time beyond
 * the floor goes:
 *   floor-script: the floor with one empty script in its srcdoc, before its input, fetched as the
 *                 card frame fetches its first script (what any script in the frame costs);
 *   frame-alone:  the card frame's iframe as the card fields write it, in the page's markup, and
 *                 nothing else on the page (no paylit.js, no module graph loading beside it):
 *                 what the frame's first script costs, without the page.
 */
const probes = process.env.BENCH_FRAME_PROBES === '1';
const here = (name) => fileURLToPath(new URL(name, import.meta.url));
const gz = (b) => gzipSync(b, { level: 9 }).length;

// Adyen Card's first part: built from the npm package as a merchant's bundler would.
const { js: adyenJs, css: adyenCss } = await buildAdyenCard();
const adyenVersion = JSON.parse(
  // Its entry is dist/es/index.js; the package's own package.json is not exported.
  readFileSync(new URL('../../package.json', import.meta.resolve('@adyen/adyen-web')), 'utf8'),
).version;
const adyen = { js: gz(adyenJs), css: gz(adyenCss) };
adyen.total = adyen.js + adyen.css;

// The journeys' bytes: deterministic (bodies, no cache), so one run each.
const shop = await startShop();
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: shopperChromiumArgs,
});
const results = [];
try {
  if (!frameOnly && !pageOnly)
    for (const journey of journeys) results.push(await measure(browser, shop, journey));
} finally {
  await shop.close();
}

// The render rounds: each load in a Chromium of its own, started for it with the page's URL and
// ended once the page has said when its card number was drawn, with no automation attached
// (Playwright pauses every new out-of-process frame, the card frame and the floor's alike, until
// it has set it up: that pause would be counted in both). The pages say it themselves: the
// bench's watch script (below) runs first in every document that counts, and reports by
// sendBeacon to the bench's server. Every host but 127.0.0.1 resolves to nothing.
await browser.close();
const keys = await generateCardKeyPair();
let origin = '';
/** The watch (see the top of this file), as a script's text, reporting to this run's server. */
const watchScript = () => `(() => {
  if (window.benchWatching) return;
  window.benchWatching = true;
  const now = () => performance.timeOrigin + performance.now();
  const began = now();
  const top = window === window.top;
  const report = (data) =>
    navigator.sendBeacon(${JSON.stringify(`${origin}/result`)}, JSON.stringify({ top, ...data }));
  if (top) {
    const start = now();
    addEventListener('load', () => report({ start, navigation: performance.timeOrigin }));
  }
  const wanted = 'input[autocomplete="cc-number"], .adyen-checkout__field--cardNumber';
  const roots = [document];
  let iframe = false;
  let done = false;
  let shown = false;
  // In the top document: the first iframe the shopper can see (a non-empty box, visible), which
  // the card frame is once the page has given it its height.
  const seen = () => {
    if (!top || shown || !iframe) return;
    for (const root of roots)
      for (const f of root.querySelectorAll('iframe')) {
        const box = f.getBoundingClientRect();
        if (box.width > 0 && box.height > 0 && f.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !f.closest('[inert]')) {
          shown = true;
          // Shown as it is placed (a frame given its height by the page's styles): placed now.
          if (!steps.placed && root !== document) steps.placed = now();
          // And the page's steps by then: paylit's files (asked for, received), the checkout
          // defined and rendered.
          const files = performance.getEntriesByType('resource').filter((e) => /\\/paylit(\\.[\\w.-]+)?\\.js$/.test(e.name)).map((e) => [e.name.split('/').pop(), performance.timeOrigin + e.fetchStart, performance.timeOrigin + e.responseEnd]);
          report({ shown: now(), steps, files });
          return;
        }
      }
  };
  const observer = new MutationObserver((records) => {
    if (top && !steps.parsed && document.querySelector('paylit-checkout')) steps.parsed = now();
    if (top && !iframe)
      for (const { addedNodes } of records)
        for (const n of addedNodes)
          if (!iframe && (n.localName === 'iframe' || n.querySelector?.('iframe'))) {
            iframe = true;
            report({ iframe: now() });
          }
    seen();
    check();
  });
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
  // In the top document, page isolation's steps: the checkout defined (its module has run), its
  // first content drawn (a shadow root with children: the catalog is here).
  const steps = {};
  if (top) customElements.whenDefined('paylit-checkout').then(() => (steps.defined = now()));
  const check = () => {
    // The card frame moved into the card fields' shadow root (an early frame) or drawn there.
    if (top && !steps.placed && roots.some((r) => r !== document && r.querySelector('iframe')))
      steps.placed = now();
    if (done) return;
    if (top && !steps.rendered && document.querySelector('paylit-checkout')?.shadowRoot?.childElementCount)
      steps.rendered = now();
    for (const root of roots)
      for (const el of root.querySelectorAll(wanted))
        if (drawn(el)) {
          done = true;
          const at = now();
          observer.disconnect();
          const script = performance.getEntriesByType('resource').find((e) => e.initiatorType === 'script' || e.name.endsWith('.js'));
          // And each of paylit's files the page fetched by then: its name, asked for, received.
          const files = performance.getEntriesByType('resource').filter((e) => /\\/paylit(\\.[\\w.-]+)?\\.js$/.test(e.name)).map((e) => [e.name.split('/').pop(), performance.timeOrigin + e.fetchStart, performance.timeOrigin + e.responseEnd]);
          report({ drawn: at, began, origin: performance.timeOrigin, asked: script ? performance.timeOrigin + script.fetchStart : null, script: script ? performance.timeOrigin + script.responseEnd : null, ...(top ? { steps, files } : {}) });
          // In a frame: the first moment its own viewport holds that field (the page has given the
          // frame its height, and the frame's renderer has taken it), looked for at each of its
          // rendering updates and resizes; a frame of no height does neither.
          if (!top) {
            let viewed = false;
            const view = () => {
              if (viewed) return;
              if (innerHeight > el.getBoundingClientRect().top && drawn(el)) {
                viewed = true;
                report({ viewed: now() });
              } else requestAnimationFrame(view);
            };
            addEventListener('resize', view);
            view();
          }
          return;
        }
  };
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  const frame = () => { seen(); check(); if (!done) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})();`;
const inline = (html) => html.replace('<head>', `<head><script>${watchScript()}</script>`);
const attr = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const checkoutPage = (isolation, dir = '') =>
  inline(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>checkout</title><script src="${dir}/paylit.js"></script></head>
<body><paylit-checkout amount="120" currency="BRL" country="BR" isolation="${isolation}" public-key='${JSON.stringify(keys.publicJwk)}'></paylit-checkout></body>
</html>`);
const adyenPage = () => inline(adyenCardPage());
// The floor as floor.html has it, the watch added to its page and, as the first thing after its
// title, to its frame's srcdoc (as it is added to paylit's frame script).
const floorPage = () =>
  inline(readFileSync(here('./floor.html'), 'utf8')).replace(
    '<title>card</title>',
    `<title>card</title>${attr(`<script>${watchScript()}</script>`)}`,
  );

// The probes (BENCH_FRAME_PROBES): the floor with an empty script first in its srcdoc, and the
// card frame alone in a page's markup.
const floorScriptPage = () =>
  floorPage().replace(
    '<label>',
    attr(`<script src="${origin}/probe-empty.js"></script>`) + '<label>',
  );
const frameAlonePage = () =>
  inline(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>the card frame alone</title></head>
<body><iframe sandbox="allow-scripts" title="Card" srcdoc="${attr(`<!doctype html><body><script src="${origin}/paylit.frame.js"></script>`)}"></iframe></body>
</html>`);

/** What the pages of the load under way reported: the top document's and the frame's. */
let current;
const server = createServer((req, res) => {
  const noStore = { 'Cache-Control': 'no-store' };
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path === '/result' && req.method === 'POST') {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.writeHead(204).end();
      try {
        const { top, ...data } = JSON.parse(body);
        if (current) Object.assign(current[top ? 'top' : 'frame'], data);
        current?.check();
      } catch {
        // Not a report.
      }
    });
    return;
  }
  // The shop's page before the checkout: the browser settles on it for a second (idle, its spare
  // renderer process started, as a shopper's browser is), then the shopper goes to the checkout.
  if (path === '/shop') {
    const next = new URL(req.url ?? '/', 'http://x').searchParams.get('next') ?? '/';
    return void res
      .writeHead(200, { ...noStore, 'Content-Type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>shop</title></head><body><p>Cart</p><script>setTimeout(() => location.replace(${JSON.stringify(next)}), 1000)</script></body></html>`,
      );
  }
  const page = {
    '/floor': floorPage,
    '/floor-script': floorScriptPage,
    '/frame-alone': frameAlonePage,
    '/frame': () => checkoutPage('frame'),
    ...Object.fromEntries(
      frameBaselineKinds.map((kind, i) => [
        kind,
        () => checkoutPage('frame', `/fbaseline${i + 1}`),
      ]),
    ),
    '/page': () => checkoutPage('page'),
    ...Object.fromEntries(
      pageBaselineKinds.map((kind, i) => [kind, () => checkoutPage('page', `/baseline${i + 1}`)]),
    ),
    '/adyen': adyenPage,
  }[path];
  if (page)
    return void res
      .writeHead(200, { ...noStore, 'Content-Type': 'text/html; charset=utf-8' })
      .end(page());
  if (path === '/adyen.js' || path === '/adyen.css')
    return void res
      .writeHead(200, {
        ...noStore,
        'Content-Type': path.endsWith('.js') ? 'text/javascript' : 'text/css',
      })
      .end(path.endsWith('.js') ? adyenJs : adyenCss);
  if (path === '/probe-empty.js')
    return void res
      .writeHead(200, { ...noStore, 'Content-Type': 'text/javascript' })
      .end(req.headers['sec-fetch-site'] === 'cross-site' ? watchScript() : '');
  // The bundle's files, at any depth, by a path of plain names; under /fbaseline1/, /fbaseline2/…,
  // the frame baselines'; under /baseline1/, /baseline2/…, the page baselines'.
  const [, under, f, n] = /^\/((f?)baseline(\d+))\//.exec(path) ?? [];
  const from = under === undefined ? bundleDir : (f ? frameBaselines : pageBaselines)[n - 1];
  const file = path.slice(under === undefined ? 1 : under.length + 2);
  if (file.split('/').every((part) => /^[\w-][\w.-]*$/.test(part))) {
    try {
      if (!from) throw new Error(`no folder for ${path}`);
      const body = readFileSync(from + file);
      const script = /\.m?js$/.test(file);
      // The card frame's scripts (an opaque origin's requests are cross-site): the watch first,
      // as in the floor's frame, whatever the build names them.
      const inFrame = script && req.headers['sec-fetch-site'] === 'cross-site';
      return void res
        .writeHead(200, {
          ...noStore,
          'Content-Type': script
            ? 'text/javascript'
            : file.endsWith('.css')
              ? 'text/css'
              : 'application/octet-stream',
          'Access-Control-Allow-Origin': '*',
        })
        .end(inFrame ? `${watchScript()}\n${body}` : body);
    } catch {
      // Not in the bundle: 404 below.
    }
  }
  res.writeHead(404).end();
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
origin = `http://127.0.0.1:${server.address().port}`;

/**
 * The CPU time (ms, Linux's /proc/<pid>/schedstat: time on a CPU, in nanoseconds) of each renderer
 * process of a load's Chromium (its process group `group`) so far, in the order Chromium made them
 * (`--renderer-client-id`). Here: the shop's page, the page measured, its frame (the card frame's
 * or the floor's), and one more Chromium starts. Read as the last figure of the load comes in, a
 * few milliseconds after it; none where /proc is not Linux's. Information beside the wall times,
 * which the other work on a shared machine moves more than it moves the CPU a load takes.
 */
function renderersCpu(group) {
  const cpu = [];
  let pids = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  for (const pid of pids)
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After the command's name: state, ppid, pgrp…
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== group) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!command.includes('--type=renderer')) continue;
      const ns = Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
      cpu.push([Number(/--renderer-client-id=(\d+)/.exec(command)?.[1]), ns / 1e6]);
    } catch {
      // Gone meanwhile.
    }
  return cpu.sort((a, b) => a[0] - b[0]).map(([, ms]) => ms);
}

/**
 * One load in a Chromium of its own: ms from the page's document start to its card number drawn,
 * and, for a page with a frame, its steps on the way.
 */
async function drawnMs(path) {
  const inFrame = path.startsWith('/floor') || path.startsWith('/frame');
  const profile = mkdtempSync(join(tmpdir(), 'paylit-bench-'));
  const browserProcess = spawn(
    chromiumPath(),
    [
      ...shopperChromiumArgs,
      `--user-data-dir=${profile}`,
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      '--window-size=800,600',
      `${origin}/shop?next=${encodeURIComponent(path)}`,
    ],
    { stdio: 'ignore', detached: true },
  );
  const exited = new Promise((done) => browserProcess.once('exit', done));
  try {
    const reported = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('never drawn within 20 s')), 20_000);
      current = {
        top: {},
        frame: {},
        check() {
          const { top, frame } = this;
          const drawn = inFrame ? frame.drawn : top.drawn;
          if (top.start === undefined || drawn === undefined) return;
          if (
            inFrame &&
            (top.iframe === undefined || top.shown === undefined || frame.viewed === undefined)
          )
            return;
          clearTimeout(timer);
          this.cpu = renderersCpu(browserProcess.pid);
          resolve(this);
        },
      };
      exited.then(() => reject(new Error('Chromium exited')));
    });
    const { top, frame } = reported;
    const start = top.start;
    const load = {
      drawn: (inFrame ? frame.drawn : top.drawn) - start,
      before: start - top.navigation,
      cpu: reported.cpu,
    };
    if (top.files)
      load.steps = {
        ...Object.fromEntries(
          top.files.flatMap(([name, asked, got]) => [
            [`${name} asked for`, asked - start],
            [`${name} received`, got - start],
          ]),
        ),
        ...(top.steps.parsed ? { 'checkout parsed (its tag)': top.steps.parsed - start } : {}),
        ...(top.iframe ? { 'the iframe in the page': top.iframe - start } : {}),
        ...(top.steps.defined ? { 'checkout defined': top.steps.defined - start } : {}),
        ...(top.steps.rendered ? { 'checkout rendered': top.steps.rendered - start } : {}),
        ...(top.steps.placed
          ? { "the iframe in the card fields' shadow root": top.steps.placed - start }
          : {}),
        ...(inFrame
          ? {
              'card number drawn in the frame': frame.drawn - start,
              'frame shown': top.shown - start,
            }
          : { 'card number drawn': top.drawn - start }),
      };
    if (inFrame)
      load.phases = {
        iframe: top.iframe - start,
        doc: frame.origin - start,
        asked: frame.asked === null ? NaN : frame.asked - start,
        script: frame.script === null ? NaN : frame.script - start,
        began: frame.script === null ? NaN : frame.began - start,
        drawn: frame.drawn - start,
        shown: top.shown - start,
        // In the frame: its viewport holds the card number (the frame's renderer has its height).
        viewed: frame.viewed - start,
        // What the shopper sees: the card number drawn in a frame shown on the page, its viewport
        // holding it (the later of the two; a frame stays shown once shown).
        seen: Math.max(frame.viewed, top.shown) - start,
      };
    return load;
  } finally {
    current = undefined;
    // The Chromium this load started, and its own processes (its process group).
    try {
      process.kill(-browserProcess.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await exited;
    rmSync(profile, { recursive: true, force: true });
  }
}

const kinds = [
  ...(pageOnly ? [] : ['/floor', '/frame']),
  ...frameBaselineKinds,
  ...(probes ? ['/floor-script', '/frame-alone'] : []),
  ...(frameOnly ? [] : ['/page', ...pageBaselineKinds, '/adyen']),
];
const times = Object.fromEntries(kinds.map((k) => [k, []]));
/** "Seen": the card number drawn in a frame shown (the later of the two); drawn, for a page without one. */
const seenTimes = Object.fromEntries(kinds.map((k) => [k, []]));
/** Seen, by round (a load without a figure leaves its round empty): to pair this build with a baseline. */
const roundSeen = Object.fromEntries(kinds.map((k) => [k, []]));
const before = [];
const phases = Object.fromEntries(kinds.map((k) => [k, []]));
const pageSteps = Object.fromEntries(kinds.map((k) => [k, []]));
const missed = Object.fromEntries(kinds.map((k) => [k, 0]));
/** Each load's renderers' CPU time (`renderersCpu`), in the order Chromium made them. */
const cpus = Object.fromEntries(kinds.map((k) => [k, []]));
/** Why a load gave no figure, the first time for each page. */
const why = {};
// One load of each, not counted: the machine's own first-time work (disk caches) falls on none of them.
for (const kind of kinds) await drawnMs(kind).catch(() => undefined);
// Each round loads the pages after the floor one place further round (floor, frame, baseline 1,
// baseline 2; then floor, baseline 1, baseline 2, frame…): a load starts as the previous load's
// Chromium exits, so a fixed order gave the page after the light floor a quieter start than the
// pages after a heavy checkout (main's bundle against a copy of itself in a fixed order, 10
// rounds: "frame" lower than "baseline 1" in 9 of 10, by 23.6 ms). Turned, each page follows the
// floor in as many rounds as the others.
const ordered = (round) => {
  const [first, ...after] = kinds;
  const turn = round % Math.max(after.length, 1);
  return [first, ...after.slice(turn), ...after.slice(0, turn)];
};
for (let round = 0; round < rounds; round++)
  for (const kind of ordered(round)) {
    try {
      const load = await drawnMs(kind);
      times[kind].push(load.drawn);
      seenTimes[kind].push(load.phases?.seen ?? load.drawn);
      roundSeen[kind][round] = load.phases?.seen ?? load.drawn;
      before.push(load.before);
      if (load.phases) phases[kind].push(load.phases);
      if (load.steps) pageSteps[kind].push(load.steps);
      if (load.cpu.length) cpus[kind].push(load.cpu);
    } catch (error) {
      missed[kind]++;
      why[kind] ??= error.message;
    }
  }
server.close();
// BENCH_RAW: a file to write each load's figures to (JSON, by page, in round order), to read them
// round by round.
if (process.env.BENCH_RAW)
  writeFileSync(
    process.env.BENCH_RAW,
    JSON.stringify({ times, seenTimes, phases, pageSteps, cpus }, null, 1),
  );

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const m = Object.fromEntries(kinds.map((k) => [k, median(times[k])]));
const seen = Object.fromEntries(kinds.map((k) => [k, median(seenTimes[k])]));

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

const ms = (x) => (Number.isNaN(x) ? 'n/a' : `${x.toFixed(1)} ms`);
const counted = (k) =>
  `${times[k].length} loads${missed[k] ? `, ${missed[k]} without a figure: ${why[k]}` : ''}`;
console.log(
  `\ncard number drawn, from the page's document start (medians of ${rounds} interleaved rounds, a Chromium of its own a load; "drawn" and "from": see packages/elements/bench/journeys.mjs)`,
);
/** A page with a frame: drawn in the frame, and seen (drawn, in a frame shown), each against the floor's. */
const framed = (k) =>
  `drawn ${ms(m[k]).padStart(9)} (${(m[k] / m['/floor']).toFixed(2)}×), seen ${ms(seen[k]).padStart(9)} (${(seen[k] / seen['/floor']).toFixed(2)}×)  (${counted(k)})`;
if (!pageOnly) {
  console.log(
    `  floor: a bare sandboxed srcdoc iframe, one input  drawn ${ms(m['/floor']).padStart(9)}, seen ${ms(seen['/floor']).padStart(9)}  (${counted('/floor')})`,
  );
  console.log(`  paylit, isolation="frame"                         ${framed('/frame')}`);
}
frameBaselineKinds.forEach((kind, i) =>
  console.log(
    `  frame baseline ${i + 1}'s isolation="frame" (${frameBaselines[i]})\n${''.padEnd(52)}${framed(kind)}`,
  ),
);
if (probes) {
  console.log(
    `  probe: the floor with an empty script first        ${ms(m['/floor-script']).padStart(10)}  (${counted('/floor-script')}; ${(m['/floor-script'] / m['/floor']).toFixed(2)}× the floor)`,
  );
  console.log(
    `  probe: the card frame alone in a page's markup     ${ms(m['/frame-alone']).padStart(10)}  (${counted('/frame-alone')}; ${(m['/frame-alone'] / m['/floor']).toFixed(2)}× the floor)`,
  );
}
if (!frameOnly) {
  console.log(
    `  paylit, isolation="page"                          ${ms(m['/page']).padStart(10)}  (${counted('/page')})`,
  );
  pageBaselineKinds.forEach((kind, i) =>
    console.log(
      `  baseline ${i + 1}'s isolation="page" (${pageBaselines[i]})\n${''.padEnd(52)}${ms(m[kind]).padStart(10)}  (${counted(kind)}; ${(m[kind] / m['/adyen']).toFixed(2)}× Adyen Card's)`,
    ),
  );
  console.log(
    `  Adyen Card (its number field in the page)         ${ms(m['/adyen']).padStart(10)}  (${counted('/adyen')})`,
  );
}
console.log(
  `  (before the document start, from navigation start: ${ms(median(before))}, the same for every page: the request, the page's process)`,
);
/** The columns of the breakdown: each page with a frame. */
const columns = [
  ['/frame', 'frame'],
  ['/floor', 'floor'],
  ...frameBaselineKinds.map((kind, i) => [kind, `baseline${i + 1}`]),
  ...(probes
    ? [
        ['/floor-script', 'fl+script'],
        ['/frame-alone', 'alone'],
      ]
    : []),
];
/** Where each page's time goes in the top document: each step's median, in the order of those medians. */
function printSteps(pages) {
  for (const [kind, name] of pages) {
    console.log(`  where ${name}'s time goes in the page, from its document start (medians)`);
    const names = [...new Set(pageSteps[kind].flatMap((steps) => Object.keys(steps)))];
    const at = (step) =>
      median(pageSteps[kind].map((steps) => steps[step]).filter((x) => x !== undefined));
    for (const step of names.sort((a, b) => at(a) - at(b)))
      console.log(`    ${step.padEnd(74)}${ms(at(step)).padStart(10)}`);
  }
}
const step = (label, key) =>
  console.log(
    `    ${label.padEnd(74)}${columns
      .map(([k]) => k)
      .map((k) => ms(median(phases[k].map((p) => p[key]))).padStart(10))
      .join('')}`,
  );
if (!pageOnly) {
  console.log(
    `${"  where the frame's time goes, from the page's document start (medians)".padEnd(78)}${columns.map(([, name]) => name.padStart(10)).join('')}`,
  );
  step('the iframe in the page (a shadow root, or the markup)', 'iframe');
  step("the frame's navigation starts (its document's time origin)", 'doc');
  step("the frame's first script asked for (its request's fetchStart)", 'asked');
  step("the frame's first script received (the floor has none)", 'script');
  step("the frame's first script starts running (the watch, its first lines)", 'began');
  step('the card number drawn in the frame', 'drawn');
  step('the frame shown on the page (a visible, non-inert box of some height)', 'shown');
  step("the card number in the frame's viewport (the frame has its height)", 'viewed');
  step('the card number seen: in the viewport of a frame shown (the later of the two)', 'seen');
  if (!frameOnly)
    console.log(
      `  frame (seen)/page ${(seen['/frame'] / m['/page']).toFixed(2)}×, frame (seen)/Adyen ${(seen['/frame'] / m['/adyen']).toFixed(2)}× (information, no target)`,
    );
  printSteps([
    ['/frame', 'paylit, isolation="frame"'],
    ...frameBaselineKinds.map((kind, i) => [kind, `frame baseline ${i + 1}'s isolation="frame"`]),
  ]);
  // Per load, what follows the page's chain, and each baseline against this build round by round:
  // the page's module graph varies from load to load by more than a change after it moves "seen".
  const rendered = (k) =>
    median(
      phases[k]
        .map((p, i) => p.seen - (pageSteps[k][i]?.['checkout rendered'] ?? NaN))
        .filter(Number.isFinite),
    );
  console.log(
    `  seen minus the checkout rendered, per load (medians): ${[['/frame', 'frame'], ...frameBaselineKinds.map((k, i) => [k, `baseline${i + 1}`])].map(([k, name]) => `${name} ${ms(rendered(k))}`).join(', ')}`,
  );
  for (const [i, kind] of frameBaselineKinds.entries()) {
    const pairs = roundSeen['/frame'].map((x, r) => x - roundSeen[kind][r]).filter(Number.isFinite);
    console.log(
      `  seen, this build minus baseline ${i + 1}, paired by round: median ${ms(median(pairs))}, lower in ${pairs.filter((d) => d < 0).length} of ${pairs.length} rounds`,
    );
  }
  // The CPU the renderers took by then (information), in the order Chromium made them.
  if (cpus['/frame'].length) {
    console.log(
      "  renderers' CPU time by the figure, in the order made (shop's page, page, its frame, another; medians, Linux's schedstat)",
    );
    for (const [k, name] of [
      ['/frame', 'frame'],
      ['/floor', 'floor'],
      ...frameBaselineKinds.map((k, i) => [k, `baseline${i + 1}`]),
    ])
      console.log(
        `    ${name.padEnd(10)}${[0, 1, 2, 3].map((i) => ms(median(cpus[k].map((c) => c[i] ?? 0))).padStart(10)).join('')}`,
      );
  }
  // What the shopper sees: a card number drawn in a frame of no height, or inert, is not drawn
  // for them. "Drawn" alone is printed above, as information.
  target(
    'frame isolation: card number seen (drawn, in a frame shown), against the bare sandboxed iframe',
    seen['/frame'] / seen['/floor'],
    1.5,
    {
      unit: '×',
      note: `${ms(seen['/frame'])} against ${ms(seen['/floor'])}; drawn in the frame alone ${(m['/frame'] / m['/floor']).toFixed(2)}×`,
    },
  );
}
if (!frameOnly) {
  printSteps([
    ['/page', 'paylit, isolation="page"'],
    ...pageBaselineKinds.map((kind, i) => [kind, `baseline ${i + 1}'s isolation="page"`]),
  ]);
  target("page isolation: first render, against Adyen Card's", m['/page'] / m['/adyen'], 0.3, {
    unit: '×',
    note: `${ms(m['/page'])} against ${ms(m['/adyen'])}`,
  });
}
finish();
