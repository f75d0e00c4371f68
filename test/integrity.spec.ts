/**
 * Every file pinned (issue 41): the script-tag build's manifest (`dist/bundle/integrity.json`)
 * holds each file's SHA-384 as computed by openssl, never by our code; `paylit.js` carries the
 * same values for the files it loads; and a page that pins `paylit.js` (`<script integrity>`)
 * pins them all, in Chromium, on the demo shop (its page pinned by a shop's server in front of it,
 * as a merchant serves it: no local network permission granted) under the strictest policy it sends
 * (`?csp=strict`) with the page's nonce on `paylit.js`'s tag (the nonce lets paylit's import map
 * in): one chunk altered by one byte (the payer's fields, loaded after the first render; the
 * card's encryption, loaded when a card field is first focused) is refused, the checkout says so, fires `paylit-error` with `kind: 'integrity'`, and no request
 * leaves with the card; the same page with the published files pays.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  cardFrame,
  expect,
  ledger,
  log,
  openCheckout,
  payButton,
  test,
  typeCard,
  type Demo,
} from './support/demo.js';
import { NONCE, shopFront, type FrontOptions, type Served } from './support/shop-front.js';
import { opensslSri } from './support/openssl-sri.js';

const bundle = fileURLToPath(new URL('../packages/elements/dist/bundle/', import.meta.url));
const manifest = () =>
  JSON.parse(readFileSync(`${bundle}integrity.json`, 'utf8')) as {
    algorithm: string;
    files: Record<string, string>;
  };
/** A file's SRI value as openssl computes it (support/openssl-sri.ts: several files in one run). */
const openssl = (file: string) => opensslSri(bundle, [file])[file];

test("the manifest lists every file of dist/bundle/ with its SHA-384 as openssl reads it; paylit.pins.json carries the same for every file paylit.js loads, the card frame's three scripts included, and paylit.js only the pins' own", () => {
  const { algorithm, files } = manifest();
  expect(algorithm).toBe('sha384');
  const onDisk = readdirSync(bundle)
    .filter((f) => f.endsWith('.js') || f === 'paylit.pins.json')
    .sort();
  expect(Object.keys(files).sort()).toEqual(onDisk);
  expect(onDisk).toContain('paylit.module.js');
  expect(onDisk).toContain('paylit.paylit-payer-fields.js');
  const computed = opensslSri(bundle, onDisk);
  for (const file of onDisk) expect(files[file], file).toBe(computed[file]);
  // paylit.pins.json: each module paylit.js can load, by its name between `paylit.` and `.js`,
  // the same value; paylit.js carries the pins' own value, and no other hash.
  const pins = JSON.parse(readFileSync(`${bundle}paylit.pins.json`, 'utf8')) as Record<
    string,
    string
  >;
  // The card frame's three scripts are pinned too: paylit.js hands their values to the frame.
  const notLoaded = ['paylit.js', 'paylit.pins.json'];
  expect(Object.keys(pins)).toEqual(
    expect.arrayContaining(['frame', 'frame-marks', 'frame-crypto']),
  );
  const loaded = onDisk.filter((f) => !notLoaded.includes(f));
  expect(Object.keys(pins).sort()).toEqual(
    loaded.map((file) => file.slice('paylit.'.length, -'.js'.length)).sort(),
  );
  for (const file of loaded)
    expect(`sha384-${pins[file.slice('paylit.'.length, -'.js'.length)]}`, file).toBe(files[file]);
  const tag = readFileSync(`${bundle}paylit.js`, 'utf8');
  expect(tag.match(/sha384-[A-Za-z0-9+/=]{64}/g)).toEqual([files['paylit.pins.json']]);
});

test("the elements' README shows the pinned tag, and its command reads paylit.js's value as openssl computes it", () => {
  const readme = readFileSync(
    fileURLToPath(new URL('../packages/elements/README.md', import.meta.url)),
    'utf8',
  );
  expect(readme).toContain(
    '<script src="/paylit/paylit.js" integrity="sha384-…" crossorigin="anonymous" nonce="…"></script>',
  );
  // The value changes with every file of a release (paylit.js carries their hashes): the README
  // says where to read it, and that command, run as a merchant would, answers the built file's.
  const command = /`node -p '([^`']+)'`/.exec(readme)?.[1];
  expect(command).toContain('@paylit/elements/integrity.json');
  expect(execFileSync('node', ['-p', command!], { encoding: 'utf8' }).trim()).toBe(
    openssl('paylit.js'),
  );
});

/** The shop `openPinned` served in this test, by upstream, and what it pins; closed after each test. */
const fronts = new Map<string, { served: Served; options: FrontOptions }>();
test.afterEach(async () => {
  await Promise.all([...fronts.values()].map((f) => f.served.close()));
  fronts.clear();
});

/**
 * Opens the demo's script-tag checkout for `scenario` as a shop that pins `paylit.js`, served by
 * the shop's own server in front of the demo (`base`), as a merchant's is: its tag with the
 * manifest's value and the page's nonce, the strict policy with that nonce (unless `nonce` is
 * false: then the policy has none, or only `hash`, and the tag carries none). One shop (one
 * origin) per test, opened again with the options of the second call. Answers the shop's origin.
 */
async function openPinned(
  page: Page,
  demo: Demo,
  scenario: string,
  { nonce = true, hash = '', isolation = 'page', base = demo.url } = {},
): Promise<string> {
  const options: FrontOptions = {
    pin: manifest().files['paylit.js']!,
    nonce,
    // The demo's strict policy, with the tag's nonce or the map's hash (or neither).
    csp: (policy) =>
      nonce
        ? policy.replace("script-src 'self';", `script-src 'self' 'nonce-${NONCE}';`)
        : hash
          ? policy.replace("script-src 'self';", `script-src 'self' '${hash}';`)
          : policy,
  };
  let front = fronts.get(base);
  if (front) Object.assign(front.options, options);
  else fronts.set(base, (front = { served: await shopFront(base, demo.url, options), options }));
  const url = front.served.url;
  await page.addInitScript(() => {
    const seen: { kind: string; message: string }[] = [];
    (window as unknown as { paylitErrors: typeof seen }).paylitErrors = seen;
    document.addEventListener('paylit-error', (e) => {
      const { kind, message } = (e as CustomEvent<{ kind: string; message: string }>).detail;
      seen.push({ kind, message });
    });
  });
  const response = (await page.goto(
    `${url}/plain.html?scenario=${scenario}&csp=strict${isolation === 'frame' ? '&isolation=frame' : ''}`,
  ))!;
  // The page as the shop's server wrote it: paylit.js's tag pinned, the policy as asked.
  expect(await response.text()).toContain(
    `<script src="/paylit.js" integrity="${options.pin}" crossorigin="anonymous"${nonce ? ` nonce="${NONCE}"` : ''}></script>`,
  );
  expect(response.headers()['content-security-policy']).toContain(
    nonce ? `script-src 'self' 'nonce-${NONCE}';` : `script-src 'self'${hash ? ` '${hash}'` : ''};`,
  );
  return url;
}

/** Serves `file` with one byte changed (a letter of its first string literal's text). */
async function tamper(page: Page, file: string): Promise<void> {
  await page.route(
    (url) => url.pathname === `/${file}`,
    async (route) => {
      const response = await route.fetch();
      const code = await response.text();
      const at = code.search(/`[a-z]/) + 1;
      expect(at).toBeGreaterThan(0);
      const altered = code.slice(0, at) + (code[at] === 'x' ? 'y' : 'x') + code.slice(at + 1);
      expect(altered.length).toBe(code.length);
      await route.fulfill({ response, body: altered });
    },
  );
}

const payerFields = (page: Page) => page.locator('paylit-checkout fieldset[part=payer]');

test('pinned paylit.js, the published files: the import map pins each file, and the shopper pays', async ({
  page,
  demo,
}) => {
  const shop = await openPinned(page, demo, 'payer-br');
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  const map = await page.evaluate(() =>
    JSON.parse(document.querySelector('script[type=importmap]')!.textContent!),
  );
  expect(map.integrity[`${shop}/paylit.paylit-payer-fields.js`]).toBe(
    manifest().files['paylit.paylit-payer-fields.js'],
  );
  await expect(payerFields(page)).toBeVisible();
  await payerFields(page).getByLabel('CPF', { exact: true }).fill('53033315550');
  await typeCard(page);
  await payButton(page).click();
  await expect(log(page).first()).toContainText('PAID');
  expect(
    await page.evaluate(() => (window as unknown as { paylitErrors: unknown[] }).paylitErrors),
  ).toEqual([]);
});

test("pinned paylit.js, the payer's chunk altered by one byte: refused, said, paylit-error kind integrity, nothing sent", async ({
  page,
  demo,
  consoleErrors,
}) => {
  await tamper(page, 'paylit.paylit-payer-fields.js');
  await openPinned(page, demo, 'payer-br');
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  const order = (await page.locator('paylit-checkout').getAttribute('order'))!;
  await typeCard(page);
  const posts: string[] = [];
  page.on('request', (r) => void (r.method() !== 'GET' && posts.push(r.url())));
  await payButton(page).click();
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { paylitErrors: unknown[] }).paylitErrors),
    )
    .toEqual([
      {
        kind: 'integrity',
        message:
          "Part of this checkout did not match the store's published files, so it was stopped and nothing was charged. Reload the page; if it happens again, contact the store.",
      },
    ]);
  await expect(page.locator('paylit-checkout')).toContainText(
    "Part of this checkout did not match the store's published files",
  );
  // The refused chunk never ran: its element is not defined, and nothing left the page.
  expect(await page.evaluate(() => customElements.get('paylit-payer-fields'))).toBeUndefined();
  expect(posts).toEqual([]);
  expect(await ledger(demo, order)).toEqual([]);
  // The checkout asks for the chunk again later (refused again while the route alters it): the
  // page is closed first, so that every refusal Chromium says is read below, none after it
  // (one came after this check once in CI, and was counted as an error of another kind).
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.close();
  // What Chromium said, and nothing else: the refused file, by its integrity.
  expect(consoleErrors.length).toBeGreaterThan(0);
  for (const error of consoleErrors) expect(error).toMatch(/integrity|paylit-payer-fields/);
  consoleErrors.length = 0;
});

test('pinned paylit.js, the encryption altered by one byte: the card is never sealed, the checkout says so, paylit-error kind integrity, nothing sent', async ({
  page,
  demo,
  consoleErrors,
}) => {
  await tamper(page, 'paylit.encryption.js');
  await openPinned(page, demo, 'pay');
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  const order = (await page.locator('paylit-checkout').getAttribute('order'))!;
  await typeCard(page);
  const posts: string[] = [];
  page.on('request', (r) => void (r.method() !== 'GET' && posts.push(r.url())));
  await payButton(page).click();
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { paylitErrors: { kind: string }[] }).paylitErrors),
    )
    .toEqual([expect.objectContaining({ kind: 'integrity' })]);
  await expect(page.locator('paylit-checkout')).toContainText(
    "Part of this checkout did not match the store's published files",
  );
  expect(posts).toEqual([]);
  expect(await ledger(demo, order)).toEqual([]);
  // As above: the page closed before its refusals are read, so none comes after.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.close();
  for (const error of consoleErrors) expect(error).toMatch(/integrity|paylit\.encryption/);
  consoleErrors.length = 0;
});

test('pinned paylit.js under a policy that refuses its import map: nothing of paylit loads, and the console says why', async ({
  page,
  demo,
  consoleErrors,
}) => {
  await openPinned(page, demo, 'pay', { nonce: false });
  await expect
    .poll(() => consoleErrors.join('\n'))
    .toContain("paylit.js is pinned: the page's CSP must allow its import map");
  expect(await page.evaluate(() => customElements.get('paylit-checkout'))).toBeUndefined();
  consoleErrors.length = 0;
});

test('pinned paylit.js, its pins altered by one byte: refused, and nothing of paylit but paylit.js loads, pinned or not; the console says why', async ({
  page,
  demo,
  consoleErrors,
}) => {
  await page.route(
    (url) => url.pathname === '/paylit.pins.json',
    async (route) => {
      const response = await route.fetch();
      const text = await response.text();
      // One letter of the module's hash: the pins a tamperer would rewrite to let theirs in.
      const at = text.indexOf('"module":"') + '"module":"'.length;
      expect(at).toBeGreaterThan('"module":"'.length);
      const altered = text.slice(0, at) + (text[at] === 'x' ? 'y' : 'x') + text.slice(at + 1);
      await route.fulfill({ response, body: altered });
    },
  );
  const loaded: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/paylit.')) loaded.push(path);
  });
  await openPinned(page, demo, 'pay');
  await expect
    .poll(() => consoleErrors.join('\n'))
    .toContain('paylit.pins.json (connect-src), which must be the one published with paylit.js');
  expect(consoleErrors.join('\n')).toMatch(/integrity/);
  expect(loaded).toEqual(['/paylit.js', '/paylit.pins.json']);
  expect(await page.evaluate(() => customElements.get('paylit-checkout'))).toBeUndefined();
  expect(await page.locator('script[type=importmap]').count()).toBe(0);
  consoleErrors.length = 0;
});

test("pinned paylit.js under a policy that lists its import map's hash, as Chromium names it when it refuses the map: the checkout loads, pinned", async ({
  page,
  demo,
  consoleErrors,
}) => {
  await openPinned(page, demo, 'pay', { nonce: false });
  await expect.poll(() => consoleErrors.join('\n')).toMatch(/'sha256-[A-Za-z0-9+/=]{44}'/);
  // The refused map's consequence said too, before the page is opened again: not left to land
  // among the second page's messages.
  await expect.poll(() => consoleErrors.join('\n')).toContain('could not be loaded');
  // And the page's unhandled rejection of `paylit.ready`, which the browser reports after it: on a
  // loaded machine it came once the second page was open, and was counted there.
  await expect
    .poll(() => consoleErrors.join('\n'))
    .toContain('Failed to fetch dynamically imported module');
  const hash = /'(sha256-[A-Za-z0-9+/=]{44})'/.exec(consoleErrors.join('\n'))![1]!;
  consoleErrors.length = 0;
  await openPinned(page, demo, 'pay', { nonce: false, hash });
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  expect(await page.locator('script[type=importmap]').count()).toBe(1);
});

/** The card frame's document, as the page wrote it (`srcdoc`). */
const srcdoc = (page: Page) =>
  page.locator('paylit-card-fields iframe').first().getAttribute('srcdoc');

/**
 * The card frame's later scripts as it asked for them: in CORS mode (an `Origin`), and the answer.
 * (Its first script's request is not one Chromium shows the driver; its document's `integrity`
 * and the fields it draws show it loaded pinned.)
 */
function frameScripts(page: Page): { path: string; origin?: string; status?: number }[] {
  const seen: { path: string; origin?: string; status?: number }[] = [];
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (!/^\/paylit\.frame-(marks|crypto)\.js$/.test(path)) return;
    void request
      .response()
      .then((response) =>
        seen.push({ path, origin: request.headers()['origin'], status: response?.status() }),
      );
  });
  return seen;
}

test("pinned paylit.js in frame isolation: the card frame's script is pinned (integrity, crossorigin) and so are its later scripts, the demo answers their CORS requests, and the shopper pays", async ({
  page,
  demo,
}) => {
  const { files } = manifest();
  const asked = frameScripts(page);
  const shop = await openPinned(page, demo, 'pay', { isolation: 'frame' });
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  // The frame's document, as the script-tag file wrote it early and the card fields kept it: its
  // first script with its value and `crossorigin`, and the later scripts' values beside it.
  expect(await srcdoc(page)).toBe(
    `<!doctype html><body><script nonce="${NONCE}" src="${shop}/paylit.frame.js" integrity="${files['paylit.frame.js']}" crossorigin="anonymous" data-marks-integrity="${files['paylit.frame-marks.js']}" data-crypto-integrity="${files['paylit.frame-crypto.js']}"></script>`,
  );
  await typeCard(page);
  await payButton(page).click();
  await expect(log(page).first()).toContainText('PAID');
  // Each later script asked for by the frame in CORS mode (its origin is opaque: `null`), and answered.
  expect(asked.map((a) => a.path).sort()).toEqual([
    '/paylit.frame-crypto.js',
    '/paylit.frame-marks.js',
  ]);
  for (const a of asked) expect(a, a.path).toMatchObject({ origin: 'null', status: 200 });
  expect(
    await page.evaluate(() => (window as unknown as { paylitErrors: unknown[] }).paylitErrors),
  ).toEqual([]);
});

test("unpinned paylit.js in frame isolation: the card frame's document is as before, nothing pinned", async ({
  page,
  demo,
}) => {
  await page.goto(`${demo.url}/plain.html?scenario=pay&isolation=frame`);
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  expect(await srcdoc(page)).toBe(
    `<!doctype html><body><script src="${demo.url}/paylit.frame.js"></script>`,
  );
  expect(await page.evaluate(() => Symbol.for('paylit.framePins') in globalThis)).toBe(false);
});

/**
 * A proxy in front of the demo that serves `path` with one byte changed (as `tamper`), and
 * everything else as the demo answers it.
 */
async function alteringProxy(
  upstream: string,
  path: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const { port } = new URL(upstream);
  const server = createServer((req, res) => {
    const up = request(
      { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        if (new URL(req.url ?? '/', upstream).pathname !== path) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          return void answer.pipe(res);
        }
        const parts: Buffer[] = [];
        answer.on('data', (part: Buffer) => parts.push(part));
        answer.on('end', () => {
          const code = Buffer.concat(parts).toString('utf8');
          const at = code.search(/`[a-z]/) + 1;
          const altered = code.slice(0, at) + (code[at] === 'x' ? 'y' : 'x') + code.slice(at + 1);
          const headers = { ...answer.headers };
          delete headers['content-length'];
          res.writeHead(answer.statusCode ?? 502, headers).end(altered);
        });
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Pay pressed on a pinned frame-isolation page with one frame file altered: refused, said, nothing sent. */
async function refusedInFrame(
  page: Page,
  demo: Demo,
  typed: boolean,
  base = demo.url,
): Promise<void> {
  await openPinned(page, demo, 'pay', { isolation: 'frame', base });
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  const order = (await page.locator('paylit-checkout').getAttribute('order'))!;
  if (typed) await typeCard(page);
  const posts: string[] = [];
  page.on('request', (r) => void (r.method() !== 'GET' && posts.push(r.url())));
  await payButton(page).click();
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { paylitErrors: unknown[] }).paylitErrors),
    )
    .toEqual([
      {
        kind: 'integrity',
        message:
          "Part of this checkout did not match the store's published files, so it was stopped and nothing was charged. Reload the page; if it happens again, contact the store.",
      },
    ]);
  await expect(page.locator('paylit-checkout')).toContainText(
    "Part of this checkout did not match the store's published files",
  );
  expect(posts).toEqual([]);
  expect(await ledger(demo, order)).toEqual([]);
}

test("pinned paylit.js in frame isolation, the frame's encryption altered by one byte: the card is never sealed, the checkout says so, paylit-error kind integrity, nothing sent", async ({
  page,
  demo,
  consoleErrors,
}) => {
  await tamper(page, 'paylit.frame-crypto.js');
  await refusedInFrame(page, demo, true);
  for (const error of consoleErrors) expect(error).toMatch(/integrity|paylit\.frame-crypto/);
  consoleErrors.length = 0;
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test("pinned paylit.js in frame isolation, the frame's first script altered by one byte: the frame never runs, the checkout says so, paylit-error kind integrity, nothing sent", async ({
  page,
  demo,
  consoleErrors,
}) => {
  // Altered where the shop serves it: the frame's own request for its first script is not one
  // the page's routes see (Chromium hands the driver no response for it), so a proxy in front of
  // the demo alters it for the frame and the page alike.
  const proxy = await alteringProxy(demo.url, '/paylit.frame.js');
  try {
    await refusedInFrame(page, demo, false, proxy.url);
  } finally {
    await proxy.close();
  }
  // The frame ran nothing: no field was drawn in it.
  const frame = await cardFrame(page);
  expect(await frame!.locator('paylit-card-fields, input').count()).toBe(0);
  for (const error of consoleErrors) expect(error).toMatch(/integrity|paylit\.frame/);
  consoleErrors.length = 0;
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
