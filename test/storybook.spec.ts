/**
 * Storybook, as built by `npm run build-storybook` (storybook-static/): every story and
 * every docs page renders, and its play function reaches its state, with no console
 * error. Served by a bare static server, with nothing else running: the stories' sandbox
 * and companion server live in the page.
 *
 * Stories share one page per worker, as @storybook/test-runner does: the page loads
 * iframe.html once, and each story after the first is selected on Storybook's channel
 * (`setCurrentStory`) instead of loading the preview, its bundles and its in-page backend
 * again, which was most of a story's time. Each test checks that what it reads is its own
 * story's render (a new render of that id, in a final phase, the previous story's DOM gone),
 * and a test that fails leaves the page to be loaded afresh for the next one. Docs pages
 * render every story of their component at once, with play functions still running after
 * the check: each keeps a page of its own.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type FrameLocator, type Page } from '@playwright/test';
import { axeViolations, axeWithCardFrame } from './support/axe.js';
import { consoleErrors } from './support/console.js';
import { ar } from '../packages/elements/src/i18n/ar.js';
import { en, type Messages } from '../packages/elements/src/i18n/en.js';
import { scaled } from './support/time.mjs';

const root = fileURLToPath(new URL('../storybook-static/', import.meta.url));
const index = JSON.parse(readFileSync(join(root, 'index.json'), 'utf8')) as {
  entries: Record<
    string,
    { id: string; title: string; name: string; type: 'story' | 'docs'; tags?: string[] }
  >;
};
const entries = Object.values(index.entries);

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

/** A worker's page for stories: the console errors since the current test began, and whether the page must be loaded afresh. */
interface StoryTab {
  page: Page;
  errors: string[];
  fresh: boolean;
}

/** Storybook's channel events that say a story failed, recorded by `recordEvents` with the story they came during. */
const failures = [
  'storyErrored',
  'storyThrewException',
  'playFunctionThrewException',
  'unhandledErrorsWhilePlaying',
  'storyMissing',
];

/**
 * Runs in the page before Storybook: hooks its channel as the preview creates it, and records
 * every render phase change and every failure event in `window.__storyEvents`.
 */
function recordEvents(failures: string[]): void {
  const w = window as unknown as {
    __storyEvents: { type: string; args: unknown[] }[];
    __STORYBOOK_ADDONS_CHANNEL__?: unknown;
  };
  w.__storyEvents = [];
  let channel: unknown;
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set: (value: { on(type: string, listener: (...args: unknown[]) => void): void }) => {
      if (value && value !== channel) {
        for (const type of ['storyRenderPhaseChanged', 'storyFinished', ...failures])
          value.on(type, (...args) => w.__storyEvents.push({ type, args }));
      }
      channel = value;
    },
  });
}

const test = base.extend<
  { consoleErrors: string[]; story: Page },
  { storybook: string; storyTab: StoryTab }
>({
  storybook: [
    async ({}, use) => {
      const server: Server = createServer(async (req, res) => {
        const path = normalize(
          decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname),
        ).replace(/^(\.\.[/\\])+/, '');
        try {
          const body = await readFile(join(root, path.endsWith('/') ? `${path}index.html` : path));
          res
            .writeHead(200, { 'Content-Type': types[extname(path)] ?? 'application/octet-stream' })
            .end(body);
        } catch {
          res.writeHead(404).end();
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as { port: number };
      await use(`http://127.0.0.1:${port}`);
      server.close();
    },
    { scope: 'worker' },
  ],
  storyTab: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const tab: StoryTab = { page, errors: [], fresh: true };
      page.on('console', (m) => {
        if (m.type() === 'error') tab.errors.push(m.text());
      });
      page.on('pageerror', (e) => tab.errors.push(e.message));
      await page.addInitScript(recordEvents, failures);
      await use(tab);
      await context.close();
    },
    { scope: 'worker' },
  ],
  // The worker's page, for one story's test: no console error during the test; after a failure, the next test loads the page afresh.
  story: async ({ storyTab }, use, testInfo) => {
    storyTab.errors.length = 0;
    await use(storyTab.page);
    if (testInfo.status !== testInfo.expectedStatus) storyTab.fresh = true;
    const errors = [...storyTab.errors];
    if (errors.length) storyTab.fresh = true;
    expect(errors, 'console errors').toEqual([]);
  },
  consoleErrors,
});

/**
 * Shows a story in the worker's page: loads iframe.html on it when the page is fresh, else
 * selects it on Storybook's channel. Resolves once that story's own render has finished,
 * with the phases it went through and the failure events it sent.
 */
interface Shown {
  phases: string[];
  failed: string[];
  finished: string;
  leftovers: number;
}

async function showStory(tab: StoryTab, storybook: string, storyId: string): Promise<Shown> {
  const { page } = tab;
  if (tab.fresh) {
    await page.goto(`${storybook}/iframe.html?id=${storyId}&viewMode=story`);
    tab.fresh = false;
  } else {
    await page.evaluate((storyId) => {
      const w = window as unknown as {
        __storyEvents: unknown[];
        __previous?: { render: unknown; nodes: Element[] };
        __STORYBOOK_PREVIEW__: { currentRender?: unknown };
        __STORYBOOK_ADDONS_CHANNEL__: { emit(type: string, ...args: unknown[]): void };
      };
      // What the previous story left: its render and its DOM, which the new story's must replace.
      w.__previous = {
        render: w.__STORYBOOK_PREVIEW__.currentRender,
        nodes: [
          ...document.querySelectorAll(
            '#storybook-root > *, #storybook-root paylit-checkout, #storybook-root paylit-card-fields, #storybook-root paylit-installments, #storybook-root paylit-wallet-select',
          ),
        ],
      };
      w.__storyEvents = [];
      w.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' });
    }, storyId);
  }
  const result = await page.waitForFunction(
    ({ storyId, failures }) => {
      const w = window as unknown as {
        __storyEvents: {
          type: string;
          args: { storyId?: string; newPhase?: string; renderId?: number; status?: string }[];
        }[];
        __previous?: { render: unknown; nodes: Element[] };
        __STORYBOOK_PREVIEW__?: {
          currentRender?: { id?: string; phase?: string; renderId?: number };
        };
      };
      const render = w.__STORYBOOK_PREVIEW__?.currentRender;
      if (!render || render === w.__previous?.render || render.id !== storyId) return false;
      // A render is done once it has finished (after its play function and afterEach), or has errored or been aborted.
      const phase = render.phase;
      if (!phase || !['finished', 'errored', 'aborted'].includes(phase)) return false;
      const events = w.__storyEvents;
      const phases = events
        .filter(
          (e) =>
            e.type === 'storyRenderPhaseChanged' &&
            e.args[0]?.storyId === storyId &&
            e.args[0]?.renderId === render.renderId,
        )
        .map((e) => e.args[0]!.newPhase!);
      const failed = events
        .filter(
          (e) =>
            failures.includes(e.type) ||
            (e.type === 'storyFinished' && e.args[0]?.status !== 'success'),
        )
        .map((e) => `${e.type}: ${JSON.stringify(e.args)}`);
      const leftovers = (w.__previous?.nodes ?? []).filter((n) => n.isConnected).length;
      return { phases, failed, finished: phase, leftovers };
    },
    { storyId, failures },
    { timeout: scaled(7_000) },
  );
  return (await result.jsonValue()) as Shown;
}

/**
 * Stories in frame isolation (tagged `frame-isolation`): the card fields' inputs are in a
 * sandboxed frame of an opaque origin, which no script of the page reaches, play functions
 * included. What shows inside the frame is checked here, where Playwright reaches every frame,
 * and the shopper's typing of the stories tagged `shopper-types-in-frame` is done here too:
 * their play functions wait for the host to say the card is complete.
 */
const cardFrame = (page: Page): FrameLocator =>
  page.locator('#storybook-root paylit-card-fields iframe[part=frame]').contentFrame();
const inputIn = (
  frame: FrameLocator,
  field: 'number' | 'expiry' | 'cvv' | 'holder',
  t: Messages = en,
) =>
  frame
    .locator(`paylit-card-fields input#${field}`)
    .and(
      frame.getByLabel(
        field === 'number'
          ? t.cardNumber
          : field === 'expiry'
            ? t.expiry
            : field === 'cvv'
              ? t.cvv
              : t.holder,
        { exact: true },
      ),
    );

/** Each field's message, shown inside the frame: the catalog's "empty" message of every field. */
async function everyFieldEmptyShown(frame: FrameLocator, t: Messages): Promise<void> {
  for (const field of ['number', 'expiry', 'cvv', 'holder'] as const) {
    await expect(
      frame.locator(`paylit-card-fields #${field}-error`),
      `the ${field}'s message in the frame`,
    ).toHaveText(t.errors[field].empty);
  }
}

/** The shopper types the test Visa into the frame, once this story's own render is playing (its play function waits for it). */
async function shopperTypesInFrame(page: Page, storyId: string): Promise<void> {
  await page.waitForFunction(
    (storyId) => {
      const render = (
        window as unknown as {
          __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } };
        }
      ).__STORYBOOK_PREVIEW__?.currentRender;
      return render?.id === storyId && render.phase === 'playing';
    },
    storyId,
    { timeout: scaled(7_000) },
  );
  const frame = cardFrame(page);
  // The name first: the card is complete at the last key, and a story that pays then (the
  // form and its frame giving way to the outcome) cannot cut the typing short.
  await inputIn(frame, 'holder').pressSequentially('Ana Lima');
  await inputIn(frame, 'number').pressSequentially('4111111111111111');
  await inputIn(frame, 'expiry').pressSequentially('1230');
  await inputIn(frame, 'cvv').pressSequentially('123');
}

/** What each story in frame isolation shows inside its frame, once its play function is done. */
const inFrame: Record<string, (page: Page) => Promise<void>> = {
  'Elements/Card fields/Frame isolation': async (page) => {
    const frame = cardFrame(page);
    for (const field of ['number', 'expiry', 'cvv', 'holder'] as const)
      await expect(inputIn(frame, field), field).toHaveValue('');
    // Read as the shopper's screen reader reads it: the frame's fields carry no parts (no
    // page's style reaches across the frame).
    await expect(
      frame.getByRole('list', { name: 'Cards accepted' }).getByRole('listitem').locator('svg'),
      'the accepted brands, in the frame',
    ).toHaveCount(3);
  },
  'Elements/Card fields/Frame isolation: typed and valid': async (page) => {
    const frame = cardFrame(page);
    await expect(inputIn(frame, 'number')).toHaveValue('4111 1111 1111 1111');
    await expect(inputIn(frame, 'expiry')).toHaveValue('12/30');
    await expect(
      frame.locator('paylit-card-fields .error:not(:empty)'),
      'no message in the frame',
    ).toHaveCount(0);
  },
  'Elements/Card fields/Frame isolation: errors shown': async (page) =>
    everyFieldEmptyShown(cardFrame(page), en),
  "Elements/Card fields/Frame isolation: Arabic, dark, a merchant's accent": async (page) => {
    const frame = cardFrame(page);
    await expect(
      page.locator('#storybook-root paylit-card-fields iframe[part=frame]'),
    ).toHaveAttribute('title', ar.cardFrame);
    await expect(frame.locator('html'), "the page's language, in the frame").toHaveAttribute(
      'lang',
      'ar',
    );
    expect(
      await frame
        .locator('html')
        .evaluate((html) => [
          html.style.getPropertyValue('--paylit-color-accent'),
          getComputedStyle(html).colorScheme,
        ]),
      'the accent token and the dark scheme, in the frame',
    ).toEqual(['#2dd4bf', 'dark']);
    await expect(
      frame.locator('paylit-card-fields [dir=rtl]').first(),
      'right to left, in the frame',
    ).toBeAttached();
    await everyFieldEmptyShown(frame, ar);
  },
  'Elements/Checkout/Frame isolation': async (page) => {
    for (const field of ['number', 'expiry', 'cvv', 'holder'] as const)
      await expect(inputIn(cardFrame(page), field), field).toBeVisible();
  },
  // Paid: the form, its frame with it, has given way to the success state.
  'Elements/Checkout/Frame isolation: paid': async (page) =>
    expect(page.locator('#storybook-root paylit-card-fields iframe')).toHaveCount(0),
  'Elements/Installments/Brazil in a checkout with frame isolation': async (page) =>
    expect(inputIn(cardFrame(page), 'number')).toHaveValue('4111 1111 1111 1111'),
  'Elements/Wallet select/Wallets and banks in a checkout with frame isolation': async (page) =>
    expect(inputIn(cardFrame(page), 'number')).toBeVisible(),
};

test('the build has a story for every element and state the designers asked for', () => {
  const stories = entries.filter((e) => e.type === 'story');
  for (const title of [
    'Elements/Checkout',
    'Elements/Card fields',
    'Elements/Installments',
    'Elements/Wallet select',
  ]) {
    expect(stories.filter((s) => s.title === title).length, title).toBeGreaterThan(2);
  }
  const names = stories.map((s) => `${s.title}/${s.name}`).join('\n');
  for (const state of [
    'Empty',
    'Typing',
    'Every field in error',
    'Busy',
    'Declined',
    '3-D Secure pending',
    'Saved card',
    'Dark',
    'Custom theme',
    'Right to left',
    'American Express',
    'interest-free',
    'with interest',
    'Card fields/Paste',
    'Card fields/Autofill',
    'Card fields/Native digits',
    'Checkout/Unknown order',
    'Checkout/Page origin not allowed: not set up',
    // Every market's cash vouchers and transfers, each as its shopper sees it: Argentina's
    // Rapipago, Pago Fácil and CBU transfer, Chile's Servipag, Colombia's Efecty and Baloto (a
    // GS1-128 barcode), Peru's PagoEfectivo and bank transfer.
    'Checkout/Pending: Rapipago',
    'Checkout/Pending: Pago Fácil',
    'Checkout/Pending: Argentina, bank transfer',
    'Checkout/Pending: Servipag',
    'Checkout/Pending: Efecty',
    'Checkout/Pending: Baloto',
    'Checkout/Pending: PagoEfectivo',
    'Checkout/Pending: Peru, bank transfer',
  ]) {
    expect(names, state).toContain(state);
  }
  // Each element in frame isolation too (the card in a sandboxed frame), each with what its frame shows checked below.
  const framed = [
    'Elements/Card fields/Frame isolation',
    'Elements/Card fields/Frame isolation: typed and valid',
    'Elements/Card fields/Frame isolation: errors shown',
    "Elements/Card fields/Frame isolation: Arabic, dark, a merchant's accent",
    'Elements/Checkout/Frame isolation',
    'Elements/Checkout/Frame isolation: paid',
    'Elements/Installments/Brazil in a checkout with frame isolation',
    'Elements/Wallet select/Wallets and banks in a checkout with frame isolation',
  ];
  expect(names.split('\n')).toEqual(expect.arrayContaining(framed));
  expect(
    stories
      .filter((s) => s.tags?.includes('frame-isolation'))
      .map((s) => `${s.title}/${s.name}`)
      .sort(),
  ).toEqual([...framed].sort());
  expect(entries.filter((e) => e.type === 'docs').map((e) => e.title)).toEqual(
    expect.arrayContaining(['Introduction', 'Elements/Checkout', 'Elements/Card fields']),
  );
});

test('the toolbar offers every language the elements speak, and each element has a story per language group (left to right, right to left, CJK, Thai script)', async () => {
  const { locales } = await import('../packages/elements/src/i18n/locales.js');
  const preview = readFileSync(
    fileURLToPath(new URL('../.storybook/preview.ts', import.meta.url)),
    'utf8',
  );
  for (const locale of locales) expect(preview, locale).toContain(`{ value: '${locale}',`);
  const stories = entries.filter((e) => e.type === 'story');
  for (const title of [
    'Elements/Checkout',
    'Elements/Card fields',
    'Elements/Installments',
    'Elements/Wallet select',
  ]) {
    const names = stories.filter((s) => s.title === title).map((s) => s.name);
    for (const group of [
      /Spanish|Portuguese|Español|Brazil|Argentina|Mexico/i,
      /Right to left|Arabic/i,
      /Chinese|zh-CN/i,
      /Thai/i,
    ])
      expect(
        names.some((n) => group.test(n)),
        `${title}: ${group}`,
      ).toBe(true);
  }
  expect(stories.map((s) => `${s.title}/${s.name}`)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^Elements\/Installments\/.*Argentina.*rates/i)]),
  );
});

/** An element's docs page: its attributes, events, custom properties and parts, read from custom-elements.json. */
const documented: Record<string, string[]> = {
  'Elements/Checkout': ['endpoint', 'paylit-declined', '--paylit-button-background', 'button'],
  'Elements/Card fields': ['disabled', '--paylit-card-fields-gap', 'number-input'],
  'Elements/Installments': ['--paylit-installments-gap', 'total'],
  'Elements/Wallet select': ['--paylit-wallet-select-gap', 'logo'],
};

for (const entry of entries) {
  if (entry.type === 'docs') {
    test(`docs: ${entry.title} / ${entry.name}`, async ({ page, consoleErrors: _, storybook }) => {
      await page.goto(`${storybook}/iframe.html?id=${entry.id}&viewMode=docs`);
      const phase = await page.waitForFunction(
        () => {
          const render = (
            window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }
          ).__STORYBOOK_PREVIEW__?.currentRender;
          const phase = render?.phase;
          // Docs renders have no phase: they are done when the docs root has content.
          if (phase === undefined)
            return document.querySelector('#storybook-docs .sbdocs-content') ? 'docs' : false;
          return ['finished', 'completed', 'errored', 'aborted'].includes(phase) ? phase : false;
        },
        undefined,
        { timeout: scaled(7_000) },
      );
      expect(await phase.jsonValue()).not.toMatch(/errored|aborted/);
      await expect(page.locator('.sb-show-errordisplay')).toHaveCount(0);
      if (documented[entry.title]) {
        const text = await page.locator('#storybook-docs').innerText();
        for (const name of documented[entry.title]!)
          expect(text, `${entry.title} documents ${name}`).toContain(name);
      }
    });
    continue;
  }
  test(`story: ${entry.title} / ${entry.name}`, async ({ story: page, storyTab, storybook }) => {
    const what = `${entry.id} (${entry.title} / ${entry.name})`;
    const framed = entry.tags?.includes('frame-isolation') ?? false;
    const shopper = entry.tags?.includes('shopper-types-in-frame')
      ? shopperTypesInFrame(page, entry.id)
      : undefined;
    const [{ phases, failed, finished, leftovers }] = await Promise.all([
      showStory(storyTab, storybook, entry.id),
      shopper,
    ]);
    expect(finished, `${what}: its render's final phase`).toBe('finished');
    expect(
      phases.filter((p) => p === 'errored' || p === 'aborted'),
      `${what}: its render's phases (${phases.join(' → ')})`,
    ).toEqual([]);
    expect(phases.at(-1), `${what}: its render's last phase sent on the channel`).toBe('finished');
    expect(failed, `${what}: Storybook's failure events`).toEqual([]);
    expect(leftovers, `${what}: elements of the previous story still on the page`).toBe(0);
    await expect(
      page.locator('.sb-show-errordisplay'),
      `${what}: Storybook's error display`,
    ).toHaveCount(0);
    await expect(
      page
        .locator(
          '#storybook-root paylit-checkout, #storybook-root paylit-card-fields, #storybook-root paylit-installments, #storybook-root paylit-wallet-select',
        )
        .first(),
      `${what}: its element`,
    ).toBeAttached();
    if (framed) {
      expect(
        inFrame[`${entry.title}/${entry.name}`],
        `${what}: what its frame shows, checked here`,
      ).toBeDefined();
      await inFrame[`${entry.title}/${entry.name}`]!(page);
    }
    // Legacy mode (axe.run() in the page) for a story without a frame; with its card frame, axe in
    // every frame (test/support/axe.ts axeWithCardFrame).
    const hasFrame =
      framed && (await page.locator('#storybook-root paylit-card-fields iframe').count()) > 0;
    if (hasFrame) {
      const axe = await axeWithCardFrame(page, '#storybook-root');
      expect(axe.violations, `${what}: axe`).toEqual([]);
      expect(axe.inCardFrame, `${what}: axe checked inside the card frame`).toBe(true);
    } else {
      expect(await axeViolations(page, '#storybook-root'), `${what}: axe`).toEqual([]);
    }
  });
}
