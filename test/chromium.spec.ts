/** How both test runners find Chromium, what they say when there is none, and the flags they start it with. */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import {
  chromiumArgs,
  chromiumPath,
  playwrightDisabledFeatures,
  spareRendererFeatures,
  windowUiFeatures,
} from './support/chromium.mjs';

const only =
  (...present: string[]) =>
  (path: string) =>
    present.includes(path);

test('CHROME_PATH comes first', () => {
  expect(
    chromiumPath(
      { CHROME_PATH: '/opt/chrome/chrome' },
      only('/opt/chrome/chrome', '/usr/bin/chromium'),
    ),
  ).toBe('/opt/chrome/chrome');
});

test("Debian's /usr/bin/chromium otherwise, or when CHROME_PATH points nowhere", () => {
  expect(chromiumPath({}, only('/usr/bin/chromium'))).toBe('/usr/bin/chromium');
  expect(chromiumPath({ CHROME_PATH: '/nowhere' }, only('/usr/bin/chromium'))).toBe(
    '/usr/bin/chromium',
  );
});

test('no Chromium: an error that says how to install it', () => {
  expect(() => chromiumPath({ CHROME_PATH: '/nowhere' }, only())).toThrow(
    /Chromium not found \(looked at \/nowhere, \/usr\/bin\/chromium\)\. Install Debian's package with `apt-get install -y chromium`, or set CHROME_PATH/,
  );
});

test("the one --disable-features keeps every feature Playwright's launcher turns off", () => {
  // Chromium reads only the last --disable-features: ours must repeat Playwright's own list,
  // read here from the launcher's code, so that an upgrade adding one to it says so.
  const bundle = readFileSync(
    join(
      dirname(createRequire(import.meta.url).resolve('playwright-core/package.json')),
      'lib/coreBundle.js',
    ),
    'utf8',
  );
  const list = /\bdisabledFeatures = \[([\s\S]*?)\]/.exec(bundle)?.[1];
  expect(
    list,
    "Playwright's list of disabled features, in playwright-core/lib/coreBundle.js",
  ).toBeTruthy();
  const playwrights = [...list!.matchAll(/^\s*"(\w+)"/gm)].map((m) => m[1]!);
  expect(playwrights.length).toBeGreaterThan(5);
  expect(playwrightDisabledFeatures).toEqual(expect.arrayContaining(playwrights));
  const flags = chromiumArgs.filter((a) => a.startsWith('--disable-features='));
  expect(flags).toEqual([
    `--disable-features=${[...playwrightDisabledFeatures, ...windowUiFeatures, ...spareRendererFeatures].join(',')}`,
  ]);
});

/** A page with a sandboxed srcdoc frame of an opaque origin, as the card frame is, served over HTTP (a site of its own). */
async function pageWithCardFrame(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_, res) =>
    res
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end(
        '<!doctype html><title>t</title><iframe sandbox="allow-scripts" srcdoc="<p>card</p>"></iframe>',
      ),
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

test("a test's page opens no page of the browser's own window, and its card frame is still in a process of its own", async ({
  page,
}) => {
  const server = await pageWithCardFrame();
  try {
    await page.goto(server.url);
    await expect(page.frameLocator('iframe').locator('p')).toHaveText('card');
    const cdp = await page.context().newCDPSession(page);
    const { targetInfos } = await cdp.send('Target.getTargets');
    const kinds = targetInfos.map((t) => `${t.type} ${t.url.split('?')[0]}`);
    // The frame is a target of its own: drawn by another process than its page's.
    expect(kinds).toContain('iframe about:srcdoc');
    expect(
      kinds.filter((k) => /omnibox|top-chrome/.test(k)),
      "the window's own pages",
    ).toEqual([]);
  } finally {
    await server.close();
  }
});

test('a page and its card frame take one renderer process each, and Chromium starts no spare one beside them', async () => {
  // A browser of its own: the worker's shares its processes with the tests before this one.
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const server = await pageWithCardFrame();
  try {
    const page = await browser.newPage();
    await page.goto(server.url);
    await expect(page.frameLocator('iframe').locator('p')).toHaveText('card');
    const cdp = await browser.newBrowserCDPSession();
    const renderers = async () =>
      (
        (await cdp.send('SystemInfo.getProcessInfo')) as {
          processInfo: { type: string }[];
        }
      ).processInfo.filter((p) => p.type === 'renderer').length;
    // With the spare renderer on, a third one is already running once the frame is drawn.
    expect(await renderers()).toBe(2);
  } finally {
    await browser.close();
    await server.close();
  }
});
