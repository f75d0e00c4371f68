/**
 * The browser's part of `attest`: opens the page in headless Chromium (Playwright's
 * `playwright-core`, an optional peer dependency loaded here only), and records what the page
 * ran (every script and stylesheet, its frames' too, with the bytes' hashes and who loaded
 * each), its headers, and what a hostile script in the page reaches of a test card typed into
 * the card fields. Nothing here judges: `findings.ts` does.
 */
import { createHash } from 'node:crypto';
import type { Browser, BrowserContext, Frame, Page, Response } from 'playwright-core';

/** The test card the probe types: a well-known test number, never a real card. */
export const PROBE_NUMBER = '4111111111111111';

export interface BrowseOptions {
  chromium?: string;
  browser?: Browser;
  timeoutMs: number;
}

/** One script or stylesheet the page (or one of its frames) ran, as observed. */
export interface ObservedResource {
  type: 'script' | 'stylesheet';
  url: string | null;
  frame: string;
  inMainFrame: boolean;
  /** For inline ones: 'element' (`<script>`/`<style>`) or 'handler' (an `on…` attribute). */
  inline: 'element' | 'handler' | null;
  hashes: { sha256: string; sha384: string; sha512: string } | null;
  bytes: number | null;
  status: number | null;
  integrity: string | null;
  nonce: boolean;
  loadedBy: { kind: 'parser' | 'script' | 'preload' | 'frame' | 'other'; by: string | null };
  /** The bytes were fetched again by attest, not taken from the browser's response. */
  refetched?: boolean;
}

export interface ProbeResult {
  ran: boolean;
  typedInto: 'page' | 'frame' | null;
  keyListener: { digitsHeard: number; number: boolean };
  inputValues: { valuesRead: number; number: boolean };
  overlay: { possible: boolean };
  replace: { possible: boolean };
  error: string | null;
}

export interface Observation {
  finalUrl: string;
  status: number | null;
  browser: string;
  headers: Record<string, string>;
  cspHeader: string | null;
  cspMeta: string[];
  resources: ObservedResource[];
  isolation: 'page' | 'frame' | 'none';
  endpoint: string | null;
  probe: ProbeResult;
}

export const hashesOf = (bytes: Buffer | string) => ({
  sha256: `sha256-${createHash('sha256').update(bytes).digest('base64')}`,
  sha384: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
  sha512: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
});

async function loadPlaywright(): Promise<typeof import('playwright-core')> {
  try {
    return await import('playwright-core');
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error(
      'attest drives Chromium with playwright-core, an optional peer dependency of @paylit/server that is not installed: npm install --save-dev playwright-core',
    );
  }
}

/** Chromium's flags: as root its sandbox cannot start, and containers have a small /dev/shm. */
export function chromiumArgs(): string[] {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  return [...(root ? ['--no-sandbox'] : []), '--disable-gpu', '--disable-dev-shm-usage'];
}

interface DomResource {
  type: 'script' | 'stylesheet';
  url: string | null;
  text: string | null;
  inline: 'element' | 'handler' | null;
  integrity: string | null;
  nonce: boolean;
}

/** What one frame's document holds: its scripts, stylesheets, import map integrity and CSP `<meta>`. */
function readDom(): {
  resources: DomResource[];
  importIntegrity: Record<string, string>;
  metas: string[];
} {
  const resources: DomResource[] = [];
  const importIntegrity: Record<string, string> = {};
  const metas: string[] = [];
  const visit = (root: Document | ShadowRoot) => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (el instanceof HTMLScriptElement) {
        if (el.type === 'importmap') {
          try {
            const map = JSON.parse(el.text) as { integrity?: Record<string, string> };
            for (const [k, v] of Object.entries(map.integrity ?? {}))
              importIntegrity[new URL(k, document.baseURI).href] = v;
          } catch {
            /* not JSON: the browser ignores it too */
          }
        } else if (el.src) {
          resources.push({
            type: 'script',
            url: el.src,
            text: null,
            inline: null,
            integrity: el.integrity || null,
            nonce: !!el.nonce,
          });
        } else if (!el.type || /^(module|(text|application)\/(java|ecma)script)$/i.test(el.type)) {
          resources.push({
            type: 'script',
            url: null,
            text: el.text,
            inline: 'element',
            integrity: null,
            nonce: !!el.nonce,
          });
        }
      } else if (el instanceof HTMLLinkElement) {
        const rel = el.rel.toLowerCase().split(/\s+/);
        if (rel.includes('stylesheet') || rel.includes('modulepreload') || rel.includes('preload'))
          resources.push({
            type: rel.includes('stylesheet') ? 'stylesheet' : 'script',
            url: el.href,
            text: null,
            inline: null,
            integrity: el.integrity || null,
            nonce: false,
          });
      } else if (el instanceof HTMLStyleElement) {
        resources.push({
          type: 'stylesheet',
          url: null,
          text: el.textContent ?? '',
          inline: 'element',
          integrity: null,
          nonce: !!el.nonce,
        });
      } else if (el instanceof HTMLMetaElement && /^content-security-policy$/i.test(el.httpEquiv)) {
        metas.push(el.content);
      }
      for (const attr of Array.from(el.attributes))
        if (/^on/i.test(attr.name) && attr.value.trim())
          resources.push({
            type: 'script',
            url: null,
            text: attr.value,
            inline: 'handler',
            integrity: null,
            nonce: false,
          });
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(document);
  return { resources, importIntegrity, metas };
}

/** The probe's listeners: on window and document, in the capture phase, before anything of the page. */
function installProbe(): void {
  const heard: string[] = [];
  (window as unknown as { __paylitAttestHeard: string[] }).__paylitAttestHeard = heard;
  // Each key once (heard on window, then on document), in the capture phase.
  const once = new WeakSet<Event>();
  for (const target of [window, document])
    target.addEventListener(
      'keydown',
      (e) => {
        if (once.has(e)) return;
        once.add(e);
        const key = (e as KeyboardEvent).key;
        if (key.length === 1) heard.push(key);
      },
      true,
    );
}

/** What the probe reached: the keys it heard, and every input's value, through open shadow roots. */
function readProbe(number: string): {
  digitsHeard: number;
  heardNumber: boolean;
  valuesRead: number;
  valueNumber: boolean;
} {
  const heard = (window as unknown as { __paylitAttestHeard?: string[] }).__paylitAttestHeard ?? [];
  const digits = heard.join('').replace(/\D/g, '');
  const values: string[] = [];
  const walk = (root: Document | ShadowRoot) => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.value)
        values.push(el.value);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  return {
    digitsHeard: digits.length,
    heardNumber: digits.includes(number),
    valuesRead: values.length,
    valueNumber: values.some((v) => v.replace(/\D/g, '').includes(number)),
  };
}

/** An overlay over the card fields takes the clicks (the page draws over them); then the element is replaced. */
function overlayAndReplace(): { overlay: boolean; replace: boolean } {
  const find = (root: Document | ShadowRoot): Element | null => {
    const here = root.querySelector('paylit-card-fields');
    if (here) return here;
    for (const el of Array.from(root.querySelectorAll('*')))
      if (el.shadowRoot) {
        const inner = find(el.shadowRoot);
        if (inner) return inner;
      }
    return null;
  };
  const host = find(document);
  if (!host) return { overlay: false, replace: false };
  const box = host.getBoundingClientRect();
  const cover = document.createElement('div');
  cover.style.cssText = `position:fixed;left:${box.left}px;top:${box.top}px;width:${Math.max(box.width, 1)}px;height:${Math.max(box.height, 1)}px;z-index:2147483647`;
  document.body.append(cover);
  const x = box.left + Math.max(box.width, 1) / 2;
  const y = box.top + Math.min(Math.max(box.height, 1) / 2, 20);
  const overlay = document.elementFromPoint(x, y) === cover;
  cover.remove();
  const fake = document.createElement('div');
  fake.className = 'attest-fake-fields';
  host.replaceWith(fake);
  const replace = fake.isConnected && !host.isConnected;
  return { overlay, replace };
}

async function frameLabel(frame: Frame, main: Frame): Promise<string> {
  if (frame === main) return frame.url();
  const parent = frame.parentFrame();
  return `${frame.url()} (in ${parent ? parent.url() : main.url()})`;
}

export async function browse(url: string, options: BrowseOptions): Promise<Observation> {
  const own = !options.browser;
  let browser = options.browser;
  if (!browser) {
    const { chromium } = await loadPlaywright();
    browser = await chromium.launch({
      executablePath: options.chromium,
      headless: true,
      args: chromiumArgs(),
    });
  }
  let context: BrowserContext | undefined;
  try {
    // No permission granted: the page is seen as a shopper who allowed nothing sees it. (A page
    // on a local or private address loads paylit's files from itself with none; only a public
    // page loading them from a local address would be refused, and the report then says so.)
    context = await browser.newContext({ serviceWorkers: 'block' });
    context.setDefaultTimeout(options.timeoutMs);
    const page = await context.newPage();
    return await observe(page, url, browser.version(), options.timeoutMs);
  } finally {
    await context?.close().catch(() => {});
    if (own) await browser.close().catch(() => {});
  }
}

async function observe(
  page: Page,
  url: string,
  browserVersion: string,
  timeoutMs: number,
): Promise<Observation> {
  // Who started each request, as Chromium says (main frame and the frames in its process).
  const initiators = new Map<string, { type: string; url: string | null }>();
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', (e) => {
    const stack = e.initiator.stack?.callFrames[0]?.url;
    if (!initiators.has(e.request.url))
      initiators.set(e.request.url, {
        type: e.initiator.type,
        url: stack || e.initiator.url || null,
      });
  });
  await cdp.send('Network.enable');

  const bodies: Promise<{ response: Response; body: Buffer | null }>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    bodies.push(
      response.body().then(
        (body) => ({ response, body }),
        () => ({ response, body: null }),
      ),
    );
  });

  const landing = await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
  if (!landing) throw new Error(`attest: ${url} gave no document`);
  if (landing.status() >= 400)
    throw new Error(`attest: ${url} answered ${landing.status()}: not a page to attest`);
  const headers = await landing.allHeaders();
  const cspHeader =
    (await landing.headersArray())
      .filter((h) => h.name.toLowerCase() === 'content-security-policy')
      .map((h) => h.value)
      .join(', ') || null;

  // The checkout drawn: its card fields, and in frame isolation the frame's number field.
  const host = page.locator('paylit-card-fields').first();
  let isolation: Observation['isolation'] = 'none';
  const probe: ProbeResult = {
    ran: false,
    typedInto: null,
    keyListener: { digitsHeard: 0, number: false },
    inputValues: { valuesRead: 0, number: false },
    overlay: { possible: false },
    replace: { possible: false },
    error: null,
  };
  try {
    await host.waitFor({ state: 'attached', timeout: timeoutMs });
    isolation =
      (await host.getAttribute('isolation')) === 'frame' ||
      (await host.locator('iframe').count()) > 0
        ? 'frame'
        : 'page';
  } catch {
    probe.error = 'no <paylit-card-fields> on the page';
  }
  let endpoint: string | null = null;
  const named = await page
    .evaluate(() =>
      document
        .querySelector('paylit-checkout[endpoint], paylit-card-fields[endpoint]')
        ?.getAttribute('endpoint'),
    )
    .catch(() => null);
  if (named) endpoint = new URL(named, page.url()).href;

  if (isolation !== 'none') {
    try {
      const field =
        isolation === 'frame'
          ? host.locator('iframe').contentFrame().locator('#number')
          : host.locator('#number');
      await field.waitFor({ state: 'visible', timeout: timeoutMs });
      // The hostile script arrives after the checkout is drawn, as a tag loaded late would.
      await page.evaluate(installProbe);
      await field.pressSequentially(PROBE_NUMBER, { timeout: timeoutMs });
      // The fields format what was typed; the probe reads after they did.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
      const read = await page.evaluate(readProbe, PROBE_NUMBER);
      probe.ran = true;
      probe.typedInto = isolation;
      probe.keyListener = { digitsHeard: read.digitsHeard, number: read.heardNumber };
      probe.inputValues = { valuesRead: read.valuesRead, number: read.valueNumber };
    } catch (error) {
      probe.error = `the card fields were not drawn to type into: ${(error as Error).message.split('\n')[0]}`;
    }
  }
  // Whatever the fields load after being drawn has arrived before the inventory is taken.
  await page
    .waitForLoadState('networkidle', { timeout: Math.min(timeoutMs, 5000) })
    .catch(() => {});

  // The DOM's view of every frame: what it holds, how each was pinned.
  const main = page.mainFrame();
  const doms = new Map<Frame, Awaited<ReturnType<typeof readDom>> & { label: string }>();
  for (const frame of page.frames()) {
    const dom = await frame.evaluate(readDom).catch(() => undefined);
    if (dom) doms.set(frame, { ...dom, label: await frameLabel(frame, main) });
  }
  const cspMeta = doms.get(main)?.metas ?? [];

  const resources: ObservedResource[] = [];
  const fetched = await Promise.all(bodies);
  for (const { response, body } of fetched) {
    const request = response.request();
    const frame = request.frame();
    const dom = doms.get(frame);
    const rurl = response.url();
    const element = dom?.resources.find((r) => r.url === rurl);
    const integrity = element?.integrity ?? dom?.importIntegrity[rurl] ?? null;
    const started = initiators.get(rurl);
    let loadedBy: ObservedResource['loadedBy'];
    if (frame !== main) loadedBy = { kind: 'frame', by: dom?.label ?? frame.url() };
    else if (!started) loadedBy = { kind: 'other', by: null };
    else if (started.type === 'parser') loadedBy = { kind: 'parser', by: started.url };
    else if (started.type === 'script') loadedBy = { kind: 'script', by: started.url };
    else if (started.type === 'preload') loadedBy = { kind: 'preload', by: started.url };
    else loadedBy = { kind: 'other', by: started.url };
    resources.push({
      type: request.resourceType() === 'stylesheet' ? 'stylesheet' : 'script',
      url: rurl,
      frame: dom?.label ?? frame.url(),
      inMainFrame: frame === main,
      inline: null,
      hashes: body ? hashesOf(body) : null,
      bytes: body ? body.length : null,
      status: response.status(),
      integrity,
      nonce: element?.nonce ?? false,
      loadedBy,
    });
  }
  // A file the DOM names that Chromium fetched where no response event reached (a frame's
  // first script, fetched before the frame was attached to): fetched again, and said so.
  const listed = new Set(resources.map((r) => `${r.frame}|${r.url}`));
  for (const [frame, dom] of doms)
    for (const r of dom.resources) {
      if (r.inline || !r.url || listed.has(`${dom.label}|${r.url}`) || !/^https?:/.test(r.url))
        continue;
      listed.add(`${dom.label}|${r.url}`);
      const res = await fetch(r.url, { signal: AbortSignal.timeout(timeoutMs) }).catch(() => null);
      const body = res?.ok ? Buffer.from(await res.arrayBuffer()) : null;
      resources.push({
        type: r.type,
        url: r.url,
        frame: dom.label,
        inMainFrame: frame === main,
        inline: null,
        hashes: body ? hashesOf(body) : null,
        bytes: body ? body.length : null,
        status: res?.status ?? null,
        integrity: r.integrity ?? dom.importIntegrity[r.url] ?? null,
        nonce: r.nonce,
        loadedBy: { kind: frame === main ? 'parser' : 'frame', by: dom.label },
        refetched: true,
      });
    }
  for (const [frame, dom] of doms)
    for (const r of dom.resources)
      if (r.inline)
        resources.push({
          type: r.type,
          url: null,
          frame: dom.label,
          inMainFrame: frame === main,
          inline: r.inline,
          hashes: hashesOf(r.text ?? ''),
          bytes: Buffer.byteLength(r.text ?? ''),
          status: null,
          integrity: null,
          nonce: r.nonce,
          loadedBy: { kind: frame === main ? 'parser' : 'frame', by: dom.label },
        });

  if (isolation !== 'none' && probe.ran) {
    const done = await page
      .evaluate(overlayAndReplace)
      .catch(() => ({ overlay: false, replace: false }));
    probe.overlay = { possible: done.overlay };
    probe.replace = { possible: done.replace };
  }
  await cdp.detach().catch(() => {});
  return {
    finalUrl: page.url(),
    status: landing.status(),
    browser: `Chromium ${browserVersion}`,
    headers,
    cspHeader,
    cspMeta,
    resources,
    isolation,
    endpoint,
    probe,
  };
}
