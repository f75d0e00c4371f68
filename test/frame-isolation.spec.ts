/**
 * Frame isolation (`isolation="frame"`) on pages written as merchants write them, served with
 * the built script-tag files under the demo's strict CSP with Trusted Types: the card fields in
 * a merchant's own form, two on one page, the page's language and theme crossing into the frame;
 * and the frame's closed list held against messages of the wrong shape or from another source.
 * demo.spec.ts pays in both modes on the demo's three pages; hostile-page.spec.ts holds the
 * hostile page script; frame-platform.spec.ts the browser's side of it.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Frame, type Page } from '@playwright/test';
import { decryptCard, generateCardKeyPair } from '@paylit/core/crypto';
import { consoleErrors } from './support/console.js';
import { focusedId, typeCard } from './support/demo.js';
import { scaled } from './support/time.mjs';

// Every page of these tests fails on a console error: a CSP or Trusted Types violation logs as one.
const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [consoleErrors, { auto: true }],
});

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; require-trusted-types-for 'script'";
const bundle = fileURLToPath(new URL('../packages/elements/dist/bundle/', import.meta.url));

/** What each page's own script does: records the host's events and the form's submits. */
const recorder = `
window.seen = { events: [], submits: [] };
for (const host of document.querySelectorAll('paylit-card-fields')) {
  for (const type of ['input', 'change']) host.addEventListener(type, (e) => seen.events.push(host.getAttribute('name') + ':' + type + ':' + (e.data ?? '')));
}
for (const form of document.querySelectorAll('form')) form.addEventListener('submit', (e) => { e.preventDefault(); seen.submits.push(form.id); });
`;

/**
 * A page that makes the card frame itself, as the page side does (frame-host.ts), to speak to the
 * frame script directly: a sibling frame of the page's origin offers its own port first, then the
 * page offers its own; what comes back on each is recorded.
 */
const rawPage = `
const policy = trustedTypes.createPolicy('paylit', { createHTML: (s) => s });
window.heard = { page: [], sibling: [] };
const card = document.createElement('iframe');
card.setAttribute('sandbox', 'allow-scripts');
card.title = 'Card details';
card.srcdoc = policy.createHTML('<!doctype html><html><head><meta charset="utf-8"></head><body><script src="' + new URL('/paylit.frame.js', location.href) + '"></' + 'script></body></html>');
card.addEventListener('load', () => {
  // Another window of the page's origin, first: the frame takes no port but its parent's.
  const sibling = new MessageChannel();
  sibling.port1.onmessage = (e) => heard.sibling.push(e.data);
  document.getElementById('sibling').contentWindow.postMessage({ offer: sibling.port2 }, location.origin, [sibling.port2]);
  setTimeout(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => heard.page.push(e.data);
    window.pagePort = channel.port1;
    card.contentWindow.postMessage('paylit-card-frame', '*', [channel.port2]);
  }, 300);
}, { once: true });
document.body.append(card);
`;
/** The sibling: hands the card frame the port it was given, in the frame's own words. */
const siblingScript = `
window.addEventListener('message', (e) => {
  const card = parent.document.querySelector('iframe[title="Card details"]');
  card.contentWindow.postMessage('paylit-card-frame', '*', [e.data.offer]);
});
`;

const pages: Record<string, string> = {
  '/form.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A merchant's form</title><script src="/paylit.js"></script><script src="/recorder.js" defer></script></head>
<body><main><h1>Your order</h1>
  <form id="order">
    <label>Email <input id="email" name="email" type="email" value="ana@example.com"></label>
    <!-- the card, in a frame of its own -->
    <div class="card-box">
      <paylit-card-fields
        name="card"
        isolation="frame">
      </paylit-card-fields>
    </div>
    <button id="next">Continue</button>
  </form>
</main></body></html>`,
  '/early.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checked at once</title><script src="/paylit.js"></script><script src="/early.js" defer></script></head>
<body><main><h1>Your order</h1>
  <form id="order"><paylit-card-fields name="card" isolation="frame"></paylit-card-fields></form>
</main></body></html>`,
  '/two.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Two cards</title><script src="/paylit.js"></script><script src="/recorder.js" defer></script></head>
<body><main><h1>Split the bill</h1>
  <form id="first"><paylit-card-fields name="first" isolation="frame"></paylit-card-fields></form>
  <form id="second"><paylit-card-fields name="second" isolation="frame"></paylit-card-fields></form>
</main></body></html>`,
  '/arabic.html': `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>الدفع</title><link rel="stylesheet" href="/theme.css"><script src="/paylit.js"></script></head>
<body><main><h1>الدفع</h1><paylit-card-fields isolation="frame"></paylit-card-fields></main></body></html>`,
  '/raw.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The frame script alone</title><script src="/raw.js" defer></script></head>
<body><main><h1>Frame</h1><iframe id="sibling" title="A sibling" src="/sibling.html"></iframe></main></body></html>`,
  '/sibling.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sibling</title><script src="/sibling.js"></script></head><body></body></html>`,
};
const scripts: Record<string, string> = {
  '/recorder.js': recorder,
  // The form checked as soon as the card fields are defined, before their frame has loaded.
  '/early.js': `customElements.whenDefined('paylit-card-fields').then(() => { window.early = document.querySelector('paylit-card-fields').reportValidity(); });`,
  '/raw.js': rawPage,
  '/sibling.js': siblingScript,
};
// A merchant's theme: tokens, one that holds an image (which the frame must not be sent), and a long font list.
const theme = `paylit-card-fields { --paylit-color-accent: #c026d3; --paylit-radius: 2px; --paylit-pattern: url("/pattern.png"); }
.second-brand paylit-card-fields { --paylit-color-accent: #16a34a; }
html { font-family: ${Array.from({ length: 14 }, (_, i) => `"Merchant Sans ${i}"`).join(', ')}, system-ui, sans-serif; }`;

let server: Server;
let origin: string;
/** Requests of paylit.frame.js to refuse next (the frame's requests are not seen by Playwright's routing: its own process), and how many were. */
let refuseFrameScript = 0;
let refusedFrameScript = 0;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const headers = { 'Content-Security-Policy': CSP, 'Cache-Control': 'no-store' };
    if (pages[path])
      return void res.writeHead(200, { ...headers, 'Content-Type': 'text/html' }).end(pages[path]);
    if (scripts[path])
      return void res
        .writeHead(200, { ...headers, 'Content-Type': 'text/javascript' })
        .end(scripts[path]);
    if (path === '/theme.css')
      return void res.writeHead(200, { ...headers, 'Content-Type': 'text/css' }).end(theme);
    if (path === '/paylit.frame.js' && refuseFrameScript > 0) {
      refuseFrameScript--;
      refusedFrameScript++;
      return void res.writeHead(503, headers).end();
    }
    const chunk = /^\/(paylit(\.[\w.-]+)?\.js)$/.exec(path)?.[1];
    if (chunk) {
      try {
        return void res
          .writeHead(200, { ...headers, 'Content-Type': 'text/javascript' })
          .end(readFileSync(bundle + chunk));
      } catch {
        /* not a file of the bundle */
      }
    }
    res.writeHead(path === '/favicon.ico' ? 204 : 404, headers).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The card frame of the host named `name` (or the first), once its fields are drawn. */
async function cardFrame(page: Page, name?: string): Promise<Frame> {
  const host = page
    .locator(name ? `paylit-card-fields[name="${name}"]` : 'paylit-card-fields')
    .first();
  const frame = (await host.locator('iframe').elementHandle())!.contentFrame();
  await expect
    .poll(async () => (await frame)?.locator('paylit-card-fields #number').count())
    .toBe(1);
  // Drawn as configured: its height is the page's.
  await expect
    .poll(() =>
      host.locator('iframe').evaluate((f: HTMLIFrameElement) => parseFloat(f.style.height)),
    )
    .toBeGreaterThan(100);
  return (await frame)!;
}

test.describe("in a merchant's own form, written as merchants write it", () => {
  test("the host is the form's field as in page mode: its validity, its value (brand and last four, never more), input and change with no data, Enter in the last field submits", async ({
    page,
  }) => {
    await page.goto(`${origin}/form.html`);
    const host = page.locator('paylit-card-fields');
    // Asked at once, before the frame (or even its page side) is there: nothing typed is valid.
    expect(await host.evaluate((h) => (h as HTMLInputElement).reportValidity())).toBe(false);
    const frame = await cardFrame(page);
    expect(
      await page.evaluate(() =>
        (document.getElementById('order') as HTMLFormElement).checkValidity(),
      ),
    ).toBe(false);
    await expect
      .poll(() => host.evaluate((h: HTMLInputElement) => h.validationMessage))
      .toBe('Enter the card number.');
    const fields = frame.locator('paylit-card-fields');
    await fields.locator('#number').pressSequentially('5555555555554444');
    await fields.locator('#expiry').pressSequentially('1130');
    await expect
      .poll(() => host.evaluate((h: HTMLInputElement) => h.validationMessage))
      .toBe('Enter the security code.');
    await fields.locator('#cvv').pressSequentially('321');
    await fields.locator('#holder').pressSequentially('Ana Lima');
    await expect
      .poll(() =>
        page.evaluate(() => (document.getElementById('order') as HTMLFormElement).checkValidity()),
      )
      .toBe(true);
    const data = await page.evaluate(() =>
      [...new FormData(document.getElementById('order') as HTMLFormElement)].map(
        ([k, v]) => `${k}=${String(v)}`,
      ),
    );
    expect(data).toEqual(['email=ana@example.com', 'card-brand=MC', 'card-last4=4444']);
    expect(
      await host.evaluate((h) => [
        (h as unknown as { brand?: { code: string } }).brand?.code,
        (h as unknown as { bin: string }).bin,
        (h as unknown as { complete: boolean }).complete,
      ]),
    ).toEqual(['MC', '55555555', true]);
    // Enter in the name, the last field: the merchant's form is submitted, from inside the frame.
    await fields.locator('#holder').press('Enter');
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { seen: { submits: string[] } }).seen.submits),
      )
      .toEqual(['order']);
    const events = await page.evaluate(
      () => (window as unknown as { seen: { events: string[] } }).seen.events,
    );
    expect(events.filter((e) => e.startsWith('card:input:')).length).toBeGreaterThan(10);
    expect(events, 'each event with no data').toEqual(events.map((e) => e.replace(/:[^:]*$/, ':')));
    expect(events).toContain('card:change:');
  });

  test("Tab moves from the page into the frame's first field, through them, and out to the page; Shift+Tab back in to the last; disabled reaches the frame", async ({
    page,
  }) => {
    await page.goto(`${origin}/form.html`);
    const frame = await cardFrame(page);
    await page.locator('#email').focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedId(page)).toBe('number');
    for (const next of ['expiry', 'cvv', 'holder']) {
      await page.keyboard.press('Tab');
      await expect.poll(() => focusedId(page)).toBe(next);
    }
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedId(page)).toBe('next');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusedId(page)).toBe('holder');
    await page
      .locator('paylit-card-fields')
      .evaluate((h) => ((h as unknown as { disabled: boolean }).disabled = true));
    await expect(frame.locator('paylit-card-fields #number')).toBeDisabled();
  });

  test("autofill inside the frame, as Chromium writes it (each field's whole value and one input event): formatted, validated, the card complete on the host", async ({
    page,
  }) => {
    await page.goto(`${origin}/form.html`);
    const frame = await cardFrame(page);
    // In the frame's own document, as the browser's autofill acts there: no page script can.
    await frame.locator('paylit-card-fields').evaluate((el) => {
      for (const [id, value] of Object.entries({
        number: '4111111111111111',
        expiry: '12/2030',
        cvv: '123',
        holder: 'ANA LIMA',
      })) {
        const input = el.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!;
        input.value = value;
        input.dispatchEvent(
          new InputEvent('input', {
            inputType: 'insertReplacementText',
            bubbles: true,
            composed: true,
          }),
        );
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }
    });
    await expect(frame.locator('paylit-card-fields #number')).toHaveValue('4111 1111 1111 1111');
    await expect(frame.locator('paylit-card-fields #expiry')).toHaveValue('12/30');
    const host = page.locator('paylit-card-fields');
    await expect
      .poll(() => host.evaluate((h) => (h as unknown as { complete: boolean }).complete))
      .toBe(true);
    expect(
      await page.evaluate(() =>
        [...new FormData(document.getElementById('order') as HTMLFormElement)].map(
          ([k, v]) => `${k}=${String(v)}`,
        ),
      ),
    ).toEqual(['email=ana@example.com', 'card-brand=VI', 'card-last4=1111']);
  });

  test("the frame's script blocked once: encrypt() is refused as a network failure the shopper may retry, the frame is loaded anew, and the card then seals", async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(scaled(20_000)); // the frame blocked, loaded anew, a card sealed
    const { publicJwk, privateJwk } = await generateCardKeyPair();
    refuseFrameScript = 1;
    refusedFrameScript = 0;
    await page.goto(`${origin}/form.html`);
    const host = page.locator('paylit-card-fields');
    const encrypt = () =>
      host.evaluate(
        (h, key) =>
          (h as unknown as { encrypt(k: string): Promise<{ encryptedData: string }> })
            .encrypt(JSON.stringify(key))
            .then(
              (c) => c.encryptedData,
              (e: { kind?: string; message: string }) => `refused (${e.kind}): ${e.message}`,
            ),
        publicJwk,
      );
    expect(await encrypt()).toMatch(/^refused \(network\): the card frame did not start/);
    // Loaded anew: the fields are there now, and the card seals.
    await cardFrame(page);
    await typeCard(page);
    const jwe = await encrypt();
    expect(await decryptCard(jwe, privateJwk)).toEqual({ number: '4111111111111111', cvv: '123' });
    expect(refusedFrameScript).toBe(1);
    // The one refused request, as the browser reports it (in the frame's console and the page's), and nothing else.
    const logged = consoleErrors.splice(0);
    expect(logged.length).toBeGreaterThan(0);
    expect(new Set(logged)).toEqual(
      new Set([
        'Failed to load resource: the server responded with a status of 503 (Service Unavailable)',
      ]),
    );
  });

  test("a page script's own `load` on the card frame does not take the page side off its port: the form's reportValidity and encrypt() are still answered by the frame, then the typed card seals", async ({
    page,
  }) => {
    const { publicJwk, privateJwk } = await generateCardKeyPair();
    await page.goto(`${origin}/form.html`);
    const host = page.locator('paylit-card-fields');
    const frame = await cardFrame(page);
    const fields = frame.locator('paylit-card-fields');
    // What a clumsy or hostile script of the page can do to any iframe it finds.
    await host.evaluate((h) =>
      h.shadowRoot!.querySelector('iframe')!.dispatchEvent(new Event('load')),
    );
    const encrypt = () =>
      host.evaluate(
        (h, key) =>
          (h as unknown as { encrypt(k: string): Promise<{ encryptedData: string }> })
            .encrypt(JSON.stringify(key))
            .then(
              (c) => c.encryptedData,
              (e: { kind?: string; message: string }) => `refused (${e.kind})`,
            ),
        publicJwk,
      );
    // Nothing typed: the frame itself answers, with each field's message, not "did not start".
    expect(await encrypt()).toBe('refused (validation)');
    await expect(fields.locator('#number-error')).toHaveText('Enter the card number.');
    await typeCard(page);
    const jwe = await encrypt();
    expect(await decryptCard(jwe, privateJwk)).toEqual({ number: '4111111111111111', cvv: '123' });
  });

  test("the form's reportValidity() asked before the frame has loaded: the frame shows every field's message once it is there", async ({
    page,
  }) => {
    await page.goto(`${origin}/early.html`);
    // Asked as soon as the elements are defined, which may be after the page's load.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { early?: boolean }).early))
      .toBe(false);
    const fields = (await cardFrame(page)).locator('paylit-card-fields');
    await expect(fields.locator('#number-error')).toHaveText('Enter the card number.');
    await expect(fields.locator('#holder-error')).toHaveText(
      'Enter the name as it appears on the card.',
    );
  });

  test("a card number typed into the name is refused in the frame, with its message, and never crosses as the holder's name", async ({
    page,
  }) => {
    const { publicJwk } = await generateCardKeyPair();
    await page.goto(`${origin}/form.html`);
    const fields = (await cardFrame(page)).locator('paylit-card-fields');
    await typeCard(page, { holder: '4111 1111 1111 1111' });
    const host = page.locator('paylit-card-fields');
    const answer = await host.evaluate(
      (h, key) =>
        (h as unknown as { encrypt(k: string): Promise<unknown> })
          .encrypt(JSON.stringify(key))
          .then(
            () => 'sealed',
            (e: { name: string; fields: string[] }) => `${e.name} ${e.fields.join(',')}`,
          ),
      publicJwk,
    );
    expect(answer).toBe('CardFieldsInvalidError holder');
    await expect(fields.locator('#holder-error')).toHaveText(
      'Enter the name on the card, not a number.',
    );
    expect(await host.evaluate((h) => (h as HTMLInputElement).validationMessage)).toBe(
      'Enter the name on the card, not a number.',
    );
  });

  test('two on one page: each its own frame and port, what is typed in one is in that one alone', async ({
    page,
  }) => {
    await page.goto(`${origin}/two.html`);
    const first = await cardFrame(page, 'first');
    await cardFrame(page, 'second');
    await first.locator('paylit-card-fields #number').pressSequentially('4111111111111111');
    const state = (name: string) =>
      page
        .locator(`paylit-card-fields[name="${name}"]`)
        .evaluate((h) => [
          (h as unknown as { bin?: string }).bin ?? null,
          (h as unknown as { brand?: { id: string } }).brand?.id ?? null,
        ]);
    await expect.poll(() => state('first')).toEqual(['41111111', 'visa']);
    expect(await state('second')).toEqual([null, null]);
    expect(await page.locator('iframe').count()).toBe(2);
  });

  test("the page's language, direction and theme cross into the frame: Arabic labels, right to left, the merchant's accent", async ({
    page,
  }) => {
    await page.goto(`${origin}/arabic.html`);
    const frame = await cardFrame(page);
    await expect(frame.locator('paylit-card-fields label[for=number]')).toHaveText('رقم البطاقة');
    expect(
      await frame.evaluate(() => [
        document.documentElement.lang,
        getComputedStyle(document.documentElement).getPropertyValue('--paylit-color-accent').trim(),
        getComputedStyle(document.documentElement).getPropertyValue('--paylit-radius').trim(),
      ]),
    ).toEqual(['ar', '#c026d3', '2px']);
    expect(
      await frame
        .locator('paylit-card-fields')
        .evaluate((f) => f.shadowRoot!.querySelector('.root')!.getAttribute('dir')),
    ).toBe('rtl');
    // The token that holds an image stays on the page; the long font list reaches the frame.
    expect(
      await frame.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--paylit-pattern'),
      ),
    ).toBe('');
    expect(
      await frame.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--paylit-font'),
      ),
    ).toContain('Merchant Sans 13');
    expect(await page.locator('paylit-card-fields iframe').getAttribute('title')).toBe(
      'بيانات البطاقة',
    );
    // The page changes its theme (a class on <html>, as a theme switcher does): the frame follows.
    await page.evaluate(() => document.documentElement.classList.add('second-brand'));
    await expect
      .poll(() =>
        frame.evaluate(() =>
          getComputedStyle(document.documentElement)
            .getPropertyValue('--paylit-color-accent')
            .trim(),
        ),
      )
      .toBe('#16a34a');
  });
});

test.describe('the closed list, held', () => {
  test("the frame takes its parent's port alone: a port offered first by another window of the page's origin is never answered", async ({
    page,
  }) => {
    await page.goto(`${origin}/raw.html`);
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { heard: { page: { type: string }[] } }).heard.page.map(
            (m) => m.type,
          ),
        ),
      )
      .toContain('ready');
    // The sibling's port reached the frame first; the frame has since answered on the page's (a
    // report, asked and answered): had it taken the sibling's, it would have said so before.
    const answers = () =>
      page.evaluate(() => (window as unknown as { heard: { page: unknown[] } }).heard.page.length);
    const before = await answers();
    await page.evaluate(() =>
      (window as unknown as { pagePort: MessagePort }).pagePort.postMessage({ type: 'report' }),
    );
    await expect.poll(answers).toBeGreaterThan(before);
    expect(
      await page.evaluate(
        () => (window as unknown as { heard: { sibling: unknown[] } }).heard.sibling,
      ),
    ).toEqual([]);
  });

  test("messages of the wrong shape, or sent to the frame's window instead of its port, are ignored; the right one is answered", async ({
    page,
  }) => {
    const { publicJwk } = await generateCardKeyPair();
    await page.goto(`${origin}/raw.html`);
    const heard = () =>
      page.evaluate(() =>
        (window as unknown as { heard: { page: { type: string }[] } }).heard.page.map(
          (m) => m.type,
        ),
      );
    await expect.poll(heard).toContain('state');
    // What the frame says as it starts is heard before the answer to a report asked now.
    const states = async () => (await heard()).filter((type) => type === 'state').length;
    const statesBefore = await states();
    await page.evaluate(() =>
      (window as unknown as { pagePort: MessagePort }).pagePort.postMessage({ type: 'report' }),
    );
    await expect.poll(states).toBeGreaterThan(statesBefore);
    const before = (await heard()).length;
    const key = JSON.stringify(publicJwk);
    await page.evaluate((key) => {
      const port = (window as unknown as { pagePort: MessagePort }).pagePort;
      for (const wrong of [
        { type: 'report', extra: 1 },
        { type: 'seal', id: 1, publicKey: key, cvv: '123' },
        { type: 'seal', id: -1, publicKey: key },
        { type: 'seal', id: '1', publicKey: key },
        { type: 'focus', field: 'password' },
        {
          type: 'configure',
          lang: 'en',
          messages: null,
          theme: { '--paylit-x': 'url(https://evil.example/x)' },
          brands: [],
          saved: null,
        },
        {
          type: 'configure',
          lang: 'en',
          messages: { cardNumber: 'Número' },
          theme: {},
          brands: [],
          saved: null,
        },
        { type: 'REPORT' },
        'report',
        null,
        [{ type: 'report' }],
      ])
        port.postMessage(wrong);
      // The right message, to the frame's window instead of the port: another source.
      (
        document.querySelector('iframe[title="Card details"]') as HTMLIFrameElement
      ).contentWindow!.postMessage({ type: 'seal', id: 9, publicKey: key }, '*');
    }, key);
    // The right message on the port, after them: answered, as the list says (a seal of empty fields
    // is refused with the first field's problem), and the port is read in order, so an answer to
    // any of the wrong ones would be heard before it.
    await page.evaluate(
      (key) =>
        (window as unknown as { pagePort: MessagePort }).pagePort.postMessage({
          type: 'seal',
          id: 2,
          publicKey: key,
        }),
      key,
    );
    // (the frame's focus moves to the first field as it shows why: a focus, on the list too; and
    // the frame tells its height whenever its layout changes, whatever was asked)
    await expect
      .poll(async () =>
        (await heard()).slice(before).filter((type) => type !== 'focus' && type !== 'height'),
      )
      .toEqual(['state', 'refused']);
    const refused = await page.evaluate(() =>
      (window as unknown as { heard: { page: unknown[] } }).heard.page.at(-1),
    );
    expect(refused).toEqual({ type: 'refused', id: 2, error: 'empty' });
  });

  test("on the demo's page, a forged state posted to the page's window, and a second port offered to the frame, change nothing", async ({
    page,
  }) => {
    const { publicJwk } = await generateCardKeyPair();
    await page.goto(`${origin}/form.html`);
    const frame = await cardFrame(page);
    const host = page.locator('paylit-card-fields');
    const valid = { valid: true, error: null };
    // From the frame's own window, to the page's: not the port.
    await frame.evaluate(
      (valid) =>
        parent.postMessage(
          {
            type: 'state',
            brand: 'visa',
            last4: '4242',
            bin: '42424242',
            fields: { number: valid, expiry: valid, cvv: valid, holder: valid },
          },
          '*',
        ),
      valid,
    );
    // A page script offers the frame a port of its own and asks it to seal with its key.
    await page.evaluate(async (key) => {
      const channel = new MessageChannel();
      const answers: unknown[] = [];
      channel.port1.onmessage = (e) => answers.push(e.data);
      const card = document
        .querySelector('paylit-card-fields')!
        .shadowRoot!.querySelector('iframe')!;
      card.contentWindow!.postMessage('paylit-card-frame', '*', [channel.port2]);
      channel.port1.postMessage({ type: 'seal', id: 1, publicKey: JSON.stringify(key) });
      channel.port1.postMessage({ type: 'report' });
      (window as unknown as { answers: unknown[] }).answers = answers;
    }, publicJwk);
    // The frame reads its window's messages in order: once a message it posts itself arrives,
    // it has read the offer; an answer on the offered port would follow within its next frames.
    await frame.evaluate(
      () =>
        new Promise<void>((done) => {
          addEventListener('message', function heard(e) {
            if (e.data !== 'test-marker') return;
            removeEventListener('message', heard);
            requestAnimationFrame(() => requestAnimationFrame(() => done()));
          });
          postMessage('test-marker', '*');
        }),
    );
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    const answered = await page.evaluate(
      () => (window as unknown as { answers: unknown[] }).answers,
    );
    expect(answered).toEqual([]);
    expect(
      await host.evaluate((h) => [
        (h as unknown as { complete: boolean }).complete,
        (h as unknown as { bin?: string }).bin ?? null,
        (h as HTMLInputElement).validationMessage,
      ]),
    ).toEqual([false, null, 'Enter the card number.']);
  });
});
