/**
 * Attacks on frame isolation (`isolation="frame"`): a hostile page script, a hostile frame, a
 * careless merchant. Each test asserts the safe behaviour. The attack pass that wrote them found
 * four faults, fixed with them: the last four of each valid prefix of the number, told as it was
 * typed, gave a reading page script the whole number (A1, A3); a theme value with a line break
 * before url() made the frame fetch (B1, B2); the host kept a moved or dropped frame's card (H1,
 * I); a nonce-based CSP blocked the frame's script (K2). C is a limit docs/security.md states.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { test, expect, type Frame, type Page } from '@playwright/test';
import { luhnCheck } from '@paylit/core/card';
import { decryptCard, generateCardKeyPair } from '@paylit/core/crypto';
import { cardWords } from '../packages/elements/src/i18n/card-words.js';
import { en } from '../packages/elements/src/i18n/en.js';
import {
  test as demoTest,
  ledger,
  log,
  openCheckout,
  payButton,
  typeCard,
  cardInputs,
  watchRequests,
} from './support/demo.js';
import { scaled } from './support/time.mjs';

const STRICT =
  "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; require-trusted-types-for 'script'";
const bundle = fileURLToPath(new URL('../packages/elements/dist/bundle/', import.meta.url));

/** On each `input` of the host: what a page script can read of the card (form value, bin, validation message). */
const recorder = `
window.seen = [];
for (const host of document.querySelectorAll('paylit-card-fields')) {
  host.addEventListener('input', () => {
    const form = host.closest('form');
    const data = form ? Object.fromEntries(new FormData(form)) : {};
    seen.push({ last4: data['card-last4'] ?? null, bin: host.bin ?? null, msg: host.validationMessage, complete: host.complete });
  });
}
`;

/** A page that makes the card frame itself (as frame-host.ts does) and keeps the port: the page side's powers, in a test's hands. */
const rawScript = `
const policy = trustedTypes.createPolicy('paylit', { createHTML: (s) => s });
window.heard = [];
const card = document.createElement('iframe');
card.id = 'card';
card.setAttribute('sandbox', 'allow-scripts');
card.style.cssText = 'width:400px;height:400px';
card.srcdoc = policy.createHTML('<!doctype html><html><head><meta charset="utf-8"></head><body><script src="' + new URL('/paylit.frame.js', location.href) + '"></' + 'script></body></html>');
card.addEventListener('load', () => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => heard.push(e.data);
  window.pagePort = channel.port1;
  card.contentWindow.postMessage('paylit-card-frame', '*', [channel.port2]);
}, { once: true });
document.body.append(card);
`;

/** A page script that races the page side: it posts its own port to the card frame before the frame's load. */
const hijackScript = `
window.stolen = [];
const seenFrames = new WeakSet();
const grab = () => {
  const host = document.querySelector('paylit-card-fields');
  const frame = host?.shadowRoot?.querySelector('iframe');
  if (!frame || seenFrames.has(frame) || !frame.contentWindow) return;
  seenFrames.add(frame);
  const tryPost = () => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => stolen.push(e.data);
    window.stolenPort = channel.port1;
    frame.contentWindow.postMessage('paylit-card-frame', '*', [channel.port2]);
  };
  // Again and again, as early as possible and until the frame answers (however late it starts,
  // on a loaded machine): the frame takes the first port its parent sends.
  const race = setInterval(() => (stolen.length ? clearInterval(race) : tryPost()), 2);
};
setInterval(grab, 1);
`;

const page = (
  title: string,
  body: string,
  head = '<script src="/paylit.js"></script><script src="/recorder.js" defer></script>',
) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const pages: Record<string, { html: string; csp?: string }> = {
  '/form.html': {
    html: page(
      'Form',
      `<form id="order"><div id="a"><paylit-card-fields name="card" isolation="frame"></paylit-card-fields></div><div id="b"></div><button id="next">Next</button></form>`,
    ),
  },
  '/theme.html': {
    html: page(
      'Theme',
      `<form id="order"><paylit-card-fields name="card" isolation="frame"></paylit-card-fields></form>`,
      '<link rel="stylesheet" href="/theme.css"><script src="/paylit.js"></script>',
    ),
  },
  '/raw.html': { html: page('Raw', '', '<script src="/raw.js" defer></script>') },
  '/hijack.html': {
    html: page(
      'Hijack',
      `<form id="order"><paylit-card-fields name="card" isolation="frame"></paylit-card-fields></form>`,
      '<script src="/hijack.js"></script><script src="/paylit.js"></script>',
    ),
  },
  '/tt-other.html': {
    html: page(
      'TT',
      `<form id="order"><paylit-card-fields name="card" isolation="frame"></paylit-card-fields></form>`,
      '<script src="/paylit.js"></script>',
    ),
    csp: "default-src 'self'; script-src 'self'; style-src 'self'; require-trusted-types-for 'script'; trusted-types lit-html other",
  },
  '/nonce.html': {
    html: page(
      'Nonce',
      `<form id="order"><paylit-card-fields name="card" isolation="frame"></paylit-card-fields></form>`,
      '<script nonce="n0nce" src="/paylit.js"></script>',
    ),
    csp: "default-src 'self'; script-src 'nonce-n0nce' 'strict-dynamic'; style-src 'self'; require-trusted-types-for 'script'",
  },
};
const scripts: Record<string, string> = {
  '/recorder.js': recorder,
  '/raw.js': rawScript,
  '/hijack.js': hijackScript,
};
// A theme value with a line break before url(): the validator's `.` does not cross the line.
const themeCss =
  'paylit-card-fields { --paylit-color-surface: white\n  url("/beacon-theme.png"); }';

let server: Server;
let origin: string;
const beacons: Record<string, number> = {};

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const csp = pages[path]?.csp ?? STRICT;
    const headers = { 'Content-Security-Policy': csp, 'Cache-Control': 'no-store' };
    if (path.startsWith('/beacon')) {
      beacons[path] = (beacons[path] ?? 0) + 1;
      return void res.writeHead(204, headers).end();
    }
    if (pages[path])
      return void res
        .writeHead(200, { ...headers, 'Content-Type': 'text/html' })
        .end(pages[path].html);
    if (scripts[path])
      return void res
        .writeHead(200, { ...headers, 'Content-Type': 'text/javascript' })
        .end(scripts[path]);
    if (path === '/theme.css')
      return void res.writeHead(200, { ...headers, 'Content-Type': 'text/css' }).end(themeCss);
    const chunk = /^\/(paylit(\.[\w.-]+)?\.js)$/.exec(path)?.[1];
    if (chunk) {
      try {
        return void res
          .writeHead(200, { ...headers, 'Content-Type': 'text/javascript' })
          .end(readFileSync(bundle + chunk));
      } catch {
        /* not in the bundle */
      }
    }
    res.writeHead(404, headers).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function hostFrame(p: Page, selector = 'paylit-card-fields'): Promise<Frame> {
  const host = p.locator(selector).first();
  await expect
    .poll(
      async () =>
        (await (await host.locator('iframe').elementHandle())?.contentFrame())
          ?.locator('paylit-card-fields #number')
          .count(),
      { timeout: scaled(3_500) },
    )
    .toBe(1);
  await expect
    .poll(() =>
      host.locator('iframe').evaluate((f: HTMLIFrameElement) => parseFloat(f.style.height)),
    )
    .toBeGreaterThan(100);
  return (await (await host.locator('iframe').elementHandle())!.contentFrame())!;
}

async function rawFrame(p: Page): Promise<Frame> {
  await p.goto(`${origin}/raw.html`);
  await expect
    .poll(() =>
      p.evaluate(() =>
        (window as unknown as { heard: { type: string }[] }).heard.some((m) => m.type === 'ready'),
      ),
    )
    .toBe(true);
  return (await p.locator('#card').elementHandle())!.contentFrame() as Promise<Frame>;
}

const checkDigit = (body: string) => [...'0123456789'].find((d) => luhnCheck(body + d))!;

test.describe('leaks of the number without encrypt()', () => {
  test('A1: retyping the number after the other fields: the page reads no last four of a shorter prefix (Visa 16 whose first 13 digits pass Luhn)', async ({
    page: p,
  }) => {
    // A Visa of 16 digits whose 13-digit prefix is itself a valid Visa number.
    const p12 = '453927061845';
    const p13 = p12 + checkDigit(p12);
    const number = p13 + '27' + checkDigit(p13 + '27');
    expect(luhnCheck(p13) && luhnCheck(number)).toBe(true);
    await p.goto(`${origin}/form.html`);
    const frame = await hostFrame(p);
    const fields = frame.locator('paylit-card-fields');
    // The shopper fills the rest first (or autofill did, or the number is corrected after a decline).
    await fields.locator('#expiry').pressSequentially('1130');
    await fields.locator('#cvv').pressSequentially('321');
    await fields.locator('#holder').pressSequentially('Ana Lima');
    await fields.locator('#number').pressSequentially(number, { delay: 30 });
    // While the shopper is in the number, the page is told neither its validity nor its last four.
    expect(
      await p.evaluate(() =>
        (window as unknown as { seen: { complete: boolean }[] }).seen.some((s) => s.complete),
      ),
    ).toBe(false);
    // The shopper leaves the field (to pay): the card is complete, with its one last four.
    await fields.locator('#number').press('Tab');
    await expect
      .poll(() =>
        p.evaluate(
          () => (window as unknown as { seen: { complete: boolean }[] }).seen.at(-1)?.complete,
        ),
      )
      .toBe(true);
    const seen = await p.evaluate(
      () => (window as unknown as { seen: { last4: string | null; bin: string | null }[] }).seen,
    );
    const last4s = [...new Set(seen.map((s) => s.last4).filter((x): x is string => !!x))];
    const bins = [...new Set(seen.map((s) => s.bin).filter((x): x is string => !!x))];
    // What a page script reconstructs: BIN (1-8), last four of the 13-digit prefix (10-13), last four (13-16), digit 9 by Luhn.
    const bin8 = bins.find((b) => b.length === 8);
    const reconstructed =
      bin8 && last4s.length >= 2
        ? [...'0123456789']
            .map((d) => bin8 + d + last4s[0] + last4s.at(-1)!.slice(1))
            .filter((c) => luhnCheck(c))
        : [];
    console.log(
      `A1: last fours seen by the page ${JSON.stringify(last4s)}, BINs ${JSON.stringify(bins)}, candidates ${JSON.stringify(reconstructed)} (number ${number})`,
    );
    expect(reconstructed, 'the page script reconstructs the whole number').not.toContain(number);
    expect(last4s, 'only the final last four reaches the page').toEqual([number.slice(-4)]);
  });

  test("A3: a script that only wraps MessagePort's onmessage setter (set before paylit.js) hears one last four, the final number's, not one per valid prefix", async ({
    page: p,
  }) => {
    await p.addInitScript(() => {
      const heard: unknown[] = ((window as unknown as { tapped: unknown[] }).tapped = []);
      const desc = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!;
      Object.defineProperty(MessagePort.prototype, 'onmessage', {
        ...desc,
        set(fn: (e: MessageEvent) => void) {
          desc.set!.call(this, (e: MessageEvent) => (heard.push(e.data), fn.call(this, e)));
        },
      });
    });
    const p12 = '453927061845';
    const p13 = p12 + checkDigit(p12);
    const number = p13 + '27' + checkDigit(p13 + '27');
    await p.goto(`${origin}/form.html`);
    const frame = await hostFrame(p);
    await frame.locator('paylit-card-fields #number').pressSequentially(number, { delay: 30 });
    await frame.locator('paylit-card-fields #number').press('Tab');
    const tappedLast4s = () =>
      p.evaluate(() => [
        ...new Set(
          (window as unknown as { tapped: { type: string; last4?: string }[] }).tapped
            .filter((m) => m?.type === 'state' && m.last4)
            .map((m) => m.last4),
        ),
      ]);
    // The frame tells the final last four when the shopper leaves the number; anything told
    // before it (a prefix's) came earlier on the same port.
    await expect.poll(tappedLast4s).toContain(number.slice(-4));
    const last4s = await tappedLast4s();
    console.log(
      `A3: last fours heard on the page side's port: ${JSON.stringify(last4s)} (number ${number})`,
    );
    expect(last4s).toEqual([number.slice(-4)]);
  });

  test('A2: the code: the page learns nothing of its digits as it is typed (only valid or not)', async ({
    page: p,
  }) => {
    await p.goto(`${origin}/form.html`);
    const frame = await hostFrame(p);
    const fields = frame.locator('paylit-card-fields');
    await fields.locator('#number').pressSequentially('4111111111111111');
    await fields.locator('#expiry').pressSequentially('1130');
    await fields.locator('#holder').pressSequentially('Ana Lima');
    // Every height the page side gives the frame from here on.
    await p.locator('paylit-card-fields iframe').evaluate((f: HTMLIFrameElement) => {
      const heights: string[] = ((window as unknown as { heights: string[] }).heights = [
        f.style.height,
      ]);
      new MutationObserver(() => heights.push(f.style.height)).observe(f, {
        attributes: true,
        attributeFilter: ['style'],
      });
    });
    await fields.locator('#cvv').focus();
    for (const ch of '739') await p.keyboard.type(ch);
    // The card is complete once the third digit is in: the page is told so. A height the digits
    // caused is measured in the frame's next frames and told after it: wait for those too.
    await expect
      .poll(() =>
        p.evaluate(
          () => (window as unknown as { seen: { complete: boolean }[] }).seen.at(-1)?.complete,
        ),
      )
      .toBe(true);
    await frame.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    await p.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    const heights = await p.evaluate(() => (window as unknown as { heights: string[] }).heights);
    const seen = await p.evaluate(() =>
      JSON.stringify((window as unknown as { seen: unknown[] }).seen),
    );
    expect(seen).not.toMatch(/739/);
    // The height does not change per digit (a length side channel).
    expect(new Set(heights).size).toBe(1);
  });
});

test.describe('confusing the frame', () => {
  test('D: a catalog whose messages carry markup is drawn as text, nothing runs, no element made', async ({
    page: p,
  }) => {
    const frame = await rawFrame(p);
    const evil =
      '<img src="x-attack" onerror="parent.postMessage(\'xss\',\'*\')"><b id="x-bold">b</b>';
    const map = (t: unknown): unknown =>
      typeof t === 'string'
        ? evil
        : Object.fromEntries(Object.entries(t as object).map(([k, v]) => [k, map(v)]));
    // Every word the frame is sent (the card's), each one markup.
    const catalog = map(cardWords(en));
    await p.evaluate((messages) => {
      (window as unknown as { xss: number }).xss = 0;
      addEventListener(
        'message',
        (e) => e.data === 'xss' && (window as unknown as { xss: number }).xss++,
      );
      (window as unknown as { pagePort: MessagePort }).pagePort.postMessage({
        type: 'configure',
        lang: 'fr',
        messages,
        theme: {},
        brands: [],
        saved: null,
      });
      (window as unknown as { pagePort: MessagePort }).pagePort.postMessage({ type: 'report' });
    }, catalog);
    await expect
      .poll(() =>
        frame
          .locator('paylit-card-fields')
          .evaluate((el) => el.shadowRoot!.textContent!.includes('<img')),
      )
      .toBe(true);
    expect(await frame.locator('img[src="x-attack"]').count()).toBe(0);
    expect(await frame.locator('#x-bold').count()).toBe(0);
    expect(
      await frame
        .evaluate(() => document.title + document.documentElement.outerHTML)
        .then((s) => s.includes('x-bold') && !s.includes('&lt;')),
    ).toBe(false);
    // An image that failed would have told the page by now: the frame has drawn and answered since.
    await frame.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    expect(await p.evaluate(() => (window as unknown as { xss: number }).xss)).toBe(0);
  });

  test('B1: a theme value with a line break before url() is refused (the frame fetches nothing): sent straight on the port', async ({
    page: p,
  }) => {
    const frame = await rawFrame(p);
    const before = beacons['/beacon-port.png'] ?? 0;
    const answered = () =>
      p.evaluate(() => (window as unknown as { heard: unknown[] }).heard.length);
    const answersBefore = await answered();
    await p.evaluate(() => {
      const port = (window as unknown as { pagePort: MessagePort }).pagePort;
      port.postMessage({
        type: 'configure',
        lang: 'en',
        messages: null,
        theme: { '--paylit-color-surface': 'white\nurl(/beacon-port.png)' },
        brands: [],
        saved: null,
      });
      port.postMessage({ type: 'report' });
    });
    // The frame reads its port in order: the report's answer comes after the theme was applied,
    // and a background it would fetch is asked for as the frame next draws.
    await expect.poll(answered).toBeGreaterThan(answersBefore);
    await frame.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    const applied = await frame.evaluate(() =>
      document.documentElement.style.getPropertyValue('--paylit-color-surface'),
    );
    const bg = await frame
      .locator('paylit-card-fields #number')
      .evaluate((i) => getComputedStyle(i).backgroundImage);
    console.log(
      `B1: token in the frame ${JSON.stringify(applied)}; number's background-image ${bg}; beacon fetched ${(beacons['/beacon-port.png'] ?? 0) - before}`,
    );
    expect((beacons['/beacon-port.png'] ?? 0) - before, "the frame fetched the theme's url()").toBe(
      0,
    );
    expect(applied).not.toContain('url(');
  });

  test("B2: the same, from the merchant's stylesheet through the host", async ({ page: p }) => {
    const before = beacons['/beacon-theme.png'] ?? 0;
    await p.goto(`${origin}/theme.html`);
    // Drawn, and sized: the theme came with the frame's configuration, before its fields.
    const frame = await hostFrame(p);
    await frame.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    const applied = await frame.evaluate(() =>
      document.documentElement.style.getPropertyValue('--paylit-color-surface'),
    );
    console.log(
      `B2: token in the frame ${JSON.stringify(applied)}; beacon fetched ${(beacons['/beacon-theme.png'] ?? 0) - before}`,
    );
    expect((beacons['/beacon-theme.png'] ?? 0) - before).toBe(0);
    expect(applied).not.toContain('url(');
  });

  test('E: a flood on the port (50,000 messages, 20 of 4 MB) leaves the frame answering and the page responsive', async ({
    page: p,
  }) => {
    const frame = await rawFrame(p);
    const t0 = Date.now();
    await p.evaluate(() => {
      const port = (window as unknown as { pagePort: MessagePort }).pagePort;
      for (let i = 0; i < 50_000; i++)
        port.postMessage(i % 2 ? { type: 'focus', field: 'cvv' } : { type: 'junk', i });
      const big = 'x'.repeat(4 << 20);
      for (let i = 0; i < 20; i++) port.postMessage({ type: 'seal', id: i, publicKey: big });
      port.postMessage({ type: 'seal', id: 999, publicKey: 'not a key' });
    });
    await expect
      .poll(
        () =>
          p.evaluate(() =>
            (window as unknown as { heard: { type: string; id?: number }[] }).heard.find(
              (m) => m.id === 999,
            ),
          ),
        { timeout: scaled(7_000) },
      )
      .toMatchObject({ type: 'refused' });
    const heard = await p.evaluate(
      () => (window as unknown as { heard: { type: string; id?: number }[] }).heard,
    );
    expect(heard.filter((m) => m.type === 'refused' && m.id! < 20)).toEqual([]);
    console.log(`E: answered after ${Date.now() - t0} ms`);
    expect(await frame.locator('paylit-card-fields #number').count()).toBe(1);
  });

  test("C, a known limit (docs/security.md): a page script that races the page side with its own port takes the frame, as one calling encrypt() with its own key would; the merchant's encrypt() is refused, not left waiting", async ({
    page: p,
  }) => {
    test.setTimeout(scaled(20_000)); // a page script racing the frame, then encrypt()
    await p.goto(`${origin}/hijack.html`);
    const stolen = () =>
      p.evaluate(() =>
        (window as unknown as { stolen: { type: string }[] }).stolen.map((m) => m.type),
      );
    // Who won the race: the script (the frame answered its port: 'ready') or the page side (the
    // frame told the page side its height, which it sets on the iframe). On a loaded machine the
    // page side can win it; then the script took nothing.
    const drawn = () =>
      p
        .locator('paylit-card-fields')
        .evaluate((h) => /px$/.test(h.shadowRoot?.querySelector('iframe')?.style.height ?? ''));
    await expect
      .poll(async () => (await stolen()).includes('ready') || (await drawn()), {
        timeout: scaled(7_000),
      })
      .toBe(true);
    const hijacked = (await stolen()).includes('ready');
    console.log(
      `C: what the racing page script heard on its port: ${JSON.stringify((await stolen()).slice(0, 5))}${hijacked ? '' : ' (the page side won the race)'}`,
    );
    const { publicJwk } = await generateCardKeyPair();
    const answer = await p.locator('paylit-card-fields').evaluate(
      (h, key) =>
        (h as unknown as { encrypt(k: string): Promise<unknown> })
          .encrypt(JSON.stringify(key))
          .then(
            () => 'sealed',
            (e: { kind: string; message: string }) => `${e.kind}: ${e.message}`,
          ),
      publicJwk,
    );
    // Taken, the frame answers only the script: the merchant's encrypt() is refused, not left
    // waiting. Not taken, the frame answers the merchant as ever (its empty fields: a
    // validation refusal), and the script heard nothing.
    if (hijacked) expect(answer).toMatch(/^network: the card frame did not start/);
    else {
      expect(answer).toMatch(/^validation: /);
      expect(await stolen()).toEqual([]);
    }
  });
});

test.describe('a hostile frame against the page side', () => {
  test("F: fake sealed/state posted on parent (from the frame's own world) are ignored; encrypt() gives the real card", async ({
    page: p,
  }) => {
    await p.goto(`${origin}/form.html`);
    const frame = await hostFrame(p);
    const fields = frame.locator('paylit-card-fields');
    await frame.evaluate(() => {
      for (let id = 0; id < 50; id++) {
        parent.postMessage(
          {
            type: 'sealed',
            id,
            card: {
              encryptedData: 'a.b.c.d.e',
              holderName: 'Evil',
              expirationMonth: 1,
              expirationYear: 2030,
            },
          },
          '*',
        );
        top!.postMessage(
          {
            type: 'sealed',
            id,
            card: {
              encryptedData: 'a.b.c.d.e',
              holderName: 'Evil',
              expirationMonth: 1,
              expirationYear: 2030,
            },
          },
          '*',
        );
      }
      parent.postMessage(
        { type: 'state', brand: 'visa', last4: '9999', bin: '99999999', fields: {} },
        '*',
      );
    });
    await typeCard(p, { number: '4111111111111111', expiry: '11/30', cvv: '321' });
    const { publicJwk, privateKey } = await generateCardKeyPair();
    const jwk = JSON.stringify(publicJwk);
    const card = await p.locator('paylit-card-fields').evaluate(
      async (h, k) =>
        (
          h as unknown as {
            encrypt(
              k: object,
            ): Promise<{ encryptedData: string; holderName: string; last4: string }>;
          }
        ).encrypt(JSON.parse(k)),
      jwk,
    );
    expect(card.holderName).toBe('Ana Lima');
    expect(card.last4).toBe('1111');
    const open = await decryptCard(card.encryptedData, privateKey);
    expect(open).toMatchObject({ number: '4111111111111111', cvv: '321' });
  });
});

test.describe('lifecycle', () => {
  test('H1: moved to another parent after typing: the host no longer claims a complete card it no longer holds', async ({
    page: p,
  }) => {
    await p.goto(`${origin}/form.html`);
    const frame = await hostFrame(p);
    const fields = frame.locator('paylit-card-fields');
    await typeCard(p, { number: '4111111111111111', expiry: '11/30', cvv: '321' });
    await expect
      .poll(() =>
        p
          .locator('paylit-card-fields')
          .evaluate((h) => (h as unknown as { complete: boolean }).complete),
      )
      .toBe(true);
    const right = await p.evaluate(() => {
      const host = document.querySelector('paylit-card-fields')!;
      document.getElementById('b')!.append(host);
      const form = new FormData(document.getElementById('order') as HTMLFormElement);
      return {
        complete: (host as unknown as { complete: boolean }).complete,
        last4: form.get('card-last4'),
        valid: (host as unknown as { checkValidity(): boolean }).checkValidity(),
      };
    });
    console.log(`H1: right after the move: ${JSON.stringify(right)}`);
    // The new frame is empty: once it speaks the host must say so.
    await expect
      .poll(() =>
        p
          .locator('paylit-card-fields')
          .evaluate((h) => (h as unknown as { complete: boolean }).complete),
      )
      .toBe(false);
    expect(right.complete, 'complete right after the move (stale state from the old frame)').toBe(
      false,
    );
  });

  test('H2: remove and re-add (React StrictMode), then pay: the frame works again, encrypt() seals what was typed after', async ({
    page: p,
  }) => {
    await p.goto(`${origin}/form.html`);
    await hostFrame(p);
    await p.evaluate(() => {
      const host = document.querySelector('paylit-card-fields')!;
      const parent = host.parentElement!;
      host.remove();
      parent.append(host);
    });
    const frame = await hostFrame(p);
    const fields = frame.locator('paylit-card-fields');
    await typeCard(p, { number: '5555555555554444', expiry: '11/30', cvv: '321' });
    const { publicJwk, privateKey } = await generateCardKeyPair();
    const card = await p
      .locator('paylit-card-fields')
      .evaluate(
        async (h, k) =>
          (h as unknown as { encrypt(k: object): Promise<{ encryptedData: string }> }).encrypt(
            JSON.parse(k),
          ),
        JSON.stringify(publicJwk),
      );
    expect(await decryptCard(card.encryptedData, privateKey)).toMatchObject({
      number: '5555555555554444',
    });
  });

  test("I: isolation frame → page at runtime: the host answers for the page's (empty) fields, not the frame's old state", async ({
    page: p,
  }) => {
    await p.goto(`${origin}/form.html`);
    const frame = await hostFrame(p);
    const fields = frame.locator('paylit-card-fields');
    await typeCard(p, { number: '4111111111111111', expiry: '11/30', cvv: '321' });
    await expect
      .poll(() =>
        p
          .locator('paylit-card-fields')
          .evaluate((h) => (h as unknown as { complete: boolean }).complete),
      )
      .toBe(true);
    await p.locator('paylit-card-fields').evaluate(async (h) => {
      (h as unknown as { isolation: string }).isolation = 'page';
      await (h as unknown as { updateComplete: Promise<void> }).updateComplete;
    });
    await expect(p.locator('paylit-card-fields').locator('#number')).toBeVisible();
    const after = await p.evaluate(() => {
      const h = document.querySelector('paylit-card-fields') as unknown as {
        complete: boolean;
        bin?: string;
        checkValidity(): boolean;
      };
      const form = new FormData(document.getElementById('order') as HTMLFormElement);
      return {
        complete: h.complete,
        bin: h.bin ?? null,
        valid: h.checkValidity(),
        last4: form.get('card-last4'),
        number: (
          document
            .querySelector('paylit-card-fields')!
            .shadowRoot!.getElementById('number') as HTMLInputElement
        ).value,
      };
    });
    console.log(`I: after isolation=page: ${JSON.stringify(after)}`);
    expect(after.number).toBe('');
    expect(after).toMatchObject({ complete: false, bin: null, valid: false, last4: null });
  });
});

test.describe('CSP variants', () => {
  test('K1: trusted-types without `paylit`: encrypt() rejects with a configuration error that names the policy', async ({
    page: p,
  }) => {
    await p.goto(`${origin}/tt-other.html`);
    const { publicJwk } = await generateCardKeyPair();
    const attempt = () =>
      p.locator('paylit-card-fields').evaluate(async (h, k) => {
        try {
          await (h as unknown as { encrypt(k: object): Promise<unknown> }).encrypt(JSON.parse(k));
          return 'resolved';
        } catch (e) {
          return `${(e as { code?: string }).code}: ${(e as Error).message}`;
        }
      }, JSON.stringify(publicJwk));
    // Until the element has tried to make its frame, encrypt() has nothing to say about the policy.
    await expect
      .poll(attempt, { timeout: scaled(5_000) })
      .toMatch(/configuration_error.*trusted-types/i);
    console.log(`K1: ${await attempt()}`);
  });

  test("K2: a nonce + strict-dynamic CSP (no 'self'): the card frame still draws its fields, or the merchant is told why", async ({
    page: p,
  }) => {
    const errors: string[] = [];
    p.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await p.goto(`${origin}/nonce.html`);
    const drawn = await hostFrame(p).then(
      () => true,
      () => false,
    );
    console.log(`K2: drawn ${drawn}; console: ${JSON.stringify(errors.slice(0, 3))}`);
    expect(drawn, 'the card fields are drawn under a nonce-based CSP').toBe(true);
  });
});

demoTest.describe('the demo shop', () => {
  demoTest('G: Enter twice and Pay, fast: money moves once', async ({ page: p, demo }) => {
    const order = await openCheckout(p, demo, 'plain', 'pay', '&isolation=frame');
    await typeCard(p);
    const payments = watchRequests(p, '/paylit/payments');
    const fields = await cardInputs(p);
    await fields.locator('#holder').focus();
    // The shopper's keyboard, not an element's press: the first Enter may pay and the outcome
    // remove the frame while a press aimed at its field is still being delivered. Such a press
    // may never settle (a locator's press, then the keyboard's, each seen once in a CI run), so
    // the presses are sent and not waited for: what is asserted is what they did, the log and
    // the money, below. The click may likewise find no button left to click; it is bounded.
    for (const press of [p.keyboard.press('Enter'), p.keyboard.press('Enter')])
      press.catch(() => undefined);
    await payButton(p)
      .click({ force: true, timeout: scaled(700) })
      .catch(() => undefined);
    await expect(log(p).first()).toContainText('PAID', { timeout: scaled(7_000) });
    await payments.quiet();
    expect((await ledger(demo, order)).filter((e) => e.money_moved)).toHaveLength(1);
  });
});
