/**
 * A shop that pins `paylit.js`, in frame isolation, as Chromium meets it (issue 41): the card
 * frame (a `srcdoc` frame of an opaque origin) asks for its pinned scripts with `integrity`, in
 * CORS mode. Whether Chromium's local network access permission is needed depends on the
 * addresses of the page and of paylit's files, not on the pin nor on the frame's origin:
 * - a page served from a loopback address (a developer's machine) with paylit's files beside
 *   it: no permission, the shopper pays;
 * - a page Chromium counts as public (a shop on the Internet) or private (a staging shop on a
 *   company's network): here a loopback server whose address Chromium is told to count so
 *   (`--ip-address-space-overrides`, as Chromium's own tests do), with paylit's files beside it:
 *   no permission either; with paylit's files on a loopback address, the public page is refused
 *   them without the permission and loads them with it, the private page loads them with none;
 * - a page a test tool answers in the server's place (Playwright's `route.fulfill`): Chromium has
 *   no address for it (`Unknown` in its network log); it lets that page fetch from its own
 *   origin (paylit.js loads) but refuses any other origin on a loopback address without the
 *   permission, and the card frame's opaque origin is another origin: its script is refused,
 *   pinned or not (granted the permission, it loads and the shopper pays). A shop never meets that; a test that serves its page so does not test what a
 *   shop meets.
 * And paylit's files from a CDN under the policy `cspFor` returns for it: the pinned page fetches
 * `paylit.pins.json` from the CDN (connect-src), and the shopper pays.
 */
import type { Browser, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cspFor } from '@paylit/server';
import { chromiumArgs, chromiumPath } from './support/chromium.mjs';
import { cdn, NONCE, shopFront, type Served } from './support/shop-front.js';
import { expect, log, payButton, test, typeCard, type Demo } from './support/demo.js';
import { scaled } from './support/time.mjs';

const bundle = fileURLToPath(new URL('../packages/elements/dist/bundle/', import.meta.url));
const files = () =>
  (JSON.parse(readFileSync(`${bundle}integrity.json`, 'utf8')) as { files: Record<string, string> })
    .files;
const QUERY = '/plain.html?scenario=pay&csp=strict&isolation=frame';
const DENIED = 'Permission was denied for this request to access the `loopback` address space';

const served: Served[] = [];
test.afterEach(async () => {
  await Promise.all(served.splice(0).map((s) => s.close()));
});
async function front(demo: Demo, options: Parameters<typeof shopFront>[2] = {}): Promise<string> {
  const s = await shopFront(demo.url, demo.url, options);
  served.push(s);
  return s.url;
}

/** The card fields drawn in their frame; the shopper types a card and pays: PAID. */
async function pays(page: Page): Promise<void> {
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  await typeCard(page);
  await payButton(page).click();
  await expect(log(page).first()).toContainText('PAID');
}

/** The frame's document, pinned: its first script with the release's value. */
async function framePinned(page: Page, filesAt: string): Promise<void> {
  await expect(page.locator('paylit-card-fields iframe').first()).toHaveAttribute(
    'srcdoc',
    new RegExp(
      `src="${filesAt}/paylit\\.frame\\.js" integrity="${files()['paylit.frame.js']!.replace(/[+/]/g, '\\$&')}" crossorigin="anonymous"`,
    ),
  );
}

/** Chromium refused a request, and said why: the loopback address space (and nothing else). */
async function refused(page: Page, consoleErrors: string[], what: RegExp): Promise<void> {
  await expect.poll(() => consoleErrors.join('\n')).toContain(DENIED);
  expect(consoleErrors.find((e) => e.includes(DENIED))).toMatch(what);
  for (const error of consoleErrors) expect(error).toMatch(/loopback|net::ERR_FAILED/);
  consoleErrors.length = 0;
}

test.describe('a pinned page served from a loopback address (a developer machine)', () => {
  test('no permission granted: the card frame loads its pinned scripts, draws the fields, and the shopper pays', async ({
    page,
    demo,
  }) => {
    test.setTimeout(scaled(20_000));
    const shop = await front(demo, { pin: files()['paylit.js'] });
    const asked: { path: string; origin?: string; status?: number }[] = [];
    page.on('requestfinished', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/paylit\.frame-(marks|crypto)\.js$/.test(path))
        void request
          .response()
          .then((r) =>
            asked.push({ path, origin: request.headers()['origin'], status: r?.status() }),
          );
    });
    await page.goto(`${shop}${QUERY}`);
    await framePinned(page, shop);
    await pays(page);
    // The frame's later scripts, asked for pinned (CORS mode, from its opaque origin) and answered.
    expect(asked.map((a) => a.path).sort()).toEqual([
      '/paylit.frame-crypto.js',
      '/paylit.frame-marks.js',
    ]);
    for (const a of asked) expect(a, a.path).toMatchObject({ origin: 'null', status: 200 });
  });
});

test.describe("a page a test tool answers in the server's place (route.fulfill)", () => {
  for (const pinned of [false, true])
    test(`${pinned ? 'pinned' : 'unpinned'}, no permission: paylit.js loads from the page's origin, but Chromium refuses the card frame (another origin, opaque) its script on the loopback demo`, async ({
      page,
      demo,
      consoleErrors,
    }) => {
      await page.route(
        (url) => url.pathname === '/plain.html',
        async (route) => {
          // The demo's own answer, handed back by the tool: the page is the same, but Chromium
          // has no address for it.
          const response = await route.fetch();
          let body = await response.text();
          const headers = response.headers();
          if (pinned) {
            body = body.replace(
              /<script\s+src="\/paylit\.js"><\/script>/,
              `<script src="/paylit.js" integrity="${files()['paylit.js']}" crossorigin="anonymous" nonce="${NONCE}"></script>`,
            );
            headers['content-security-policy'] = headers['content-security-policy']!.replace(
              "script-src 'self'",
              `script-src 'self' 'nonce-${NONCE}'`,
            );
          }
          await route.fulfill({ response, headers, body });
        },
      );
      await page.goto(`${demo.url}${QUERY}`);
      await refused(page, consoleErrors, /paylit\.frame\.js' from origin 'null'/);
      // The page's own origin is let through: paylit.js and its module load, the checkout is drawn.
      await expect(payButton(page)).toBeVisible();
      await expect(
        page.locator('paylit-card-fields iframe').contentFrame().locator('input'),
      ).toHaveCount(0);
    });

  test('pinned, the context granted local-network-access: the frame loads its scripts, and the shopper pays (what integrity.spec once granted)', async ({
    page,
    demo,
  }) => {
    test.setTimeout(scaled(20_000));
    await page.context().grantPermissions(['local-network-access']);
    await page.route(
      (url) => url.pathname === '/plain.html',
      async (route) => {
        const response = await route.fetch();
        const headers = response.headers();
        headers['content-security-policy'] = headers['content-security-policy']!.replace(
          "script-src 'self'",
          `script-src 'self' 'nonce-${NONCE}'`,
        );
        await route.fulfill({
          response,
          headers,
          body: (await response.text()).replace(
            /<script\s+src="\/paylit\.js"><\/script>/,
            `<script src="/paylit.js" integrity="${files()['paylit.js']}" crossorigin="anonymous" nonce="${NONCE}"></script>`,
          ),
        });
      },
    );
    await page.goto(`${demo.url}${QUERY}`);
    await framePinned(page, demo.url);
    await pays(page);
  });
});

for (const space of ['public', 'private'] as const)
  test.describe(`a page Chromium counts as ${space}`, () => {
    let browser: Browser;
    let shop: Served;
    let loopbackFiles: Served;
    let shopLoopbackFiles: Served;
    test.beforeAll(async ({ demo, playwright }) => {
      loopbackFiles = await cdn();
      const policy = (p: string) =>
        p
          .replace("script-src 'self'", `script-src 'self' 'nonce-${NONCE}' ${loopbackFiles.url}`)
          .replace("default-src 'self'", `default-src 'self' ${loopbackFiles.url}`);
      shop = await shopFront(demo.url, demo.url, { pin: files()['paylit.js'] });
      shopLoopbackFiles = await shopFront(demo.url, demo.url, {
        pin: files()['paylit.js'],
        files: loopbackFiles.url,
        csp: policy,
      });
      // The two shops' addresses counted as public (a shop on the Internet) or private (a staging
      // shop on a company's network); the CDN's stays loopback.
      const overrides = [shop, shopLoopbackFiles]
        .map((s) => `${new URL(s.url).host}=${space}`)
        .join(',');
      browser = await playwright.chromium.launch({
        executablePath: chromiumPath(),
        args: [...chromiumArgs, `--ip-address-space-overrides=${overrides}`],
      });
    });
    test.afterAll(async () => {
      await browser?.close();
      await Promise.all([shop, loopbackFiles, shopLoopbackFiles].map((s) => s?.close()));
    });

    /** A page of that browser, its console errors collected. */
    async function open(permission: boolean): Promise<{ page: Page; errors: string[] }> {
      const context = await browser.newContext(
        permission ? { permissions: ['local-network-access'] } : {},
      );
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
      page.on('pageerror', (e) => errors.push(e.message));
      return { page, errors };
    }

    test("paylit's files beside the page, no permission: the frame loads pinned, and the shopper pays", async () => {
      test.setTimeout(scaled(20_000));
      const { page, errors } = await open(false);
      // Chromium counts the page where this test says.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const spaces = new Set<string>();
      cdp.on('Network.responseReceivedExtraInfo', (e) => spaces.add(e.resourceIPAddressSpace));
      await page.goto(`${shop.url}${QUERY}`);
      expect([...spaces]).toEqual([space === 'public' ? 'Public' : 'Local']);
      await framePinned(page, shop.url);
      await pays(page);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    if (space === 'private')
      test("paylit's files on a loopback address, no permission: loaded all the same (Chromium asks nothing of a private page for loopback), and the shopper pays", async () => {
        test.setTimeout(scaled(20_000));
        const { page, errors } = await open(false);
        await page.goto(`${shopLoopbackFiles.url}${QUERY}`);
        await framePinned(page, loopbackFiles.url);
        await pays(page);
        expect(errors).toEqual([]);
        await page.context().close();
      });
    else
      test("paylit's files on a loopback address: refused without the permission (paylit.js itself); with it, the shopper pays", async () => {
        test.setTimeout(scaled(30_000));
        const without = await open(false);
        await without.page.goto(`${shopLoopbackFiles.url}${QUERY}`);
        await refused(
          without.page,
          without.errors,
          /paylit\.js' from origin 'http:\/\/127\.0\.0\.1:/,
        );
        expect(
          await without.page.evaluate(() => customElements.get('paylit-checkout')),
        ).toBeUndefined();
        await without.page.context().close();

        const granted = await open(true);
        await granted.page.goto(`${shopLoopbackFiles.url}${QUERY}`);
        await framePinned(granted.page, loopbackFiles.url);
        await pays(granted.page);
        expect(granted.errors).toEqual([]);
        await granted.page.context().close();
      });
  });

test("paylit's files from a CDN, the page under the policy cspFor returns for it with the tag's nonce (and the shop's own scripts): the pinned page fetches its pins from the CDN, and the shopper pays", async ({
  page,
  demo,
}) => {
  test.setTimeout(scaled(20_000));
  const cdnFiles = await cdn();
  served.push(cdnFiles);
  const policy = cspFor({
    scripts: `${cdnFiles.url}/`,
    nonce: NONCE,
    threeDSecure: [demo.sandbox],
  });
  expect(policy).toContain(`script-src 'nonce-${NONCE}' ${cdnFiles.url};`);
  expect(policy).toContain(`connect-src 'self' ${cdnFiles.url};`);
  const shop = await front(demo, {
    pin: files()['paylit.js'],
    files: cdnFiles.url,
    // The demo page's own scripts ('self'), which the shop adds to cspFor's policy.
    csp: () => policy.replace("script-src 'nonce-", "script-src 'self' 'nonce-"),
  });
  await page.goto(`${shop}${QUERY}`);
  await framePinned(page, cdnFiles.url);
  await pays(page);
});
