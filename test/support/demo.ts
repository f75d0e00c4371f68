/**
 * End-to-end fixtures: the demo shop (`demo/server.mjs`, built pages, embedded sandbox)
 * started once per Playwright worker on a free port, and what a shopper does on its pages.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CLIENT_SECRET_PATTERN } from '@paylit/core/checkout';
import {
  test as base,
  expect,
  type Frame,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import { consoleErrors } from './console.js';

export interface Demo {
  url: string;
  sandbox: string;
}

export type Kind = 'plain' | 'react' | 'vue';
export const kinds: readonly Kind[] = ['plain', 'react', 'vue'];

/** Where the card fields keep the card: in the page, or in a sandboxed frame (the demo's toggle, `?isolation=frame`). */
export type Isolation = 'page' | 'frame';
export const isolations: readonly Isolation[] = ['page', 'frame'];
/** The query that puts a demo page in this isolation mode, to add to its URL. */
export const inMode = (isolation: Isolation): string =>
  isolation === 'frame' ? '&isolation=frame' : '';

/**
 * The card fields the shopper types into: the page's `<paylit-card-fields>`, or, in frame
 * isolation, the one inside its frame (where a test reaches as the shopper's browser does,
 * and no page script can).
 */
export async function cardInputs(page: Page): Promise<Locator> {
  const host = page.locator('paylit-card-fields').first();
  await expect(host).toBeAttached();
  if ((await host.getAttribute('isolation')) !== 'frame') return host;
  return host.locator('iframe').contentFrame().locator('paylit-card-fields');
}

/** The card frame itself, for what only a frame can be asked (its focused element). */
export async function cardFrame(page: Page): Promise<Frame | null> {
  const frame = page.locator('paylit-card-fields iframe').first();
  return (await frame.count()) ? (await frame.elementHandle())!.contentFrame() : null;
}

/** The id of the focused element, through shadow roots and into the card frame. */
export async function focusedId(page: Page): Promise<string> {
  // Focus crossing into or out of the card frame crosses processes, after the key that moved it
  // has returned: read until two reads a frame apart agree.
  let last = await focusedOnce(page);
  for (let i = 0; i < 20; i++) {
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 10))),
    );
    const now = await focusedOnce(page);
    if (now === last) return now;
    last = now;
  }
  return last;
}

async function focusedOnce(page: Page): Promise<string> {
  const deepest = () => {
    let a: Element | null = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a?.tagName === 'IFRAME' ? '(frame)' : (a?.id ?? '');
  };
  const id = await page.evaluate(deepest);
  if (id !== '(frame)') return id;
  return (await (await cardFrame(page))?.evaluate(deepest)) ?? '';
}

export const test = base.extend<{ consoleErrors: string[] }, { demo: Demo }>({
  demo: [
    async ({}, use) => {
      const child: ChildProcess = fork(
        fileURLToPath(new URL('../../demo/server.mjs', import.meta.url)),
        [],
        { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
      );
      const demo = await new Promise<Demo>((resolve, reject) => {
        child.once('message', (m) => resolve(m as Demo));
        child.once('exit', (code) =>
          reject(
            new Error(
              `the demo server exited with ${code}: is demo/dist built (npm run demo:build)?`,
            ),
          ),
        );
      });
      await use(demo);
      child.kill();
    },
    { scope: 'worker' },
  ],
  // Every page of every test: no console error, no CSP or Trusted Types violation.
  consoleErrors: [consoleErrors, { auto: true }],
});
export { expect };

/** Opens a checkout page for a scenario and waits until it can pay; answers the order's client secret the page holds. */
export async function openCheckout(
  page: Page,
  demo: Demo,
  kind: Kind,
  scenario: string,
  extra = '',
): Promise<string> {
  await page.goto(`${demo.url}/${kind}.html?scenario=${scenario}${extra}`);
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  await settled(page);
  return (await page.locator('paylit-checkout').getAttribute('order'))!;
}

export const payButton = (page: Page) => page.locator('paylit-checkout button[part=button]');
export const log = (page: Page) => page.locator('#log li');

export async function typeCard(
  page: Page,
  card: { number?: string; expiry?: string; cvv?: string; holder?: string } = {},
): Promise<void> {
  const { number = '4111111111111111', expiry = '12/30', cvv = '123', holder = 'Ana Lima' } = card;
  const fields = await cardInputs(page);
  await fields.locator('#number').pressSequentially(number);
  await fields.locator('#expiry').pressSequentially(expiry.replace('/', ''));
  await fields.locator('#cvv').fill(cvv);
  await fields.locator('#holder').fill(holder);
  // The plans for the typed BIN, once they come, push Pay down: a click sent as they are drawn
  // lands on them (seen on CI: a plan was chosen, Pay never pressed). The installments are busy
  // (`aria-busy`) until their plans are drawn.
  await expect(page.locator('paylit-installments[aria-busy="true"]')).toHaveCount(0);
  await settled(page);
}

/**
 * In frame isolation, the frame tells the page its height a moment after its fields change
 * (a message): until then the form below it may still move. A shopper's next click comes long
 * after; a test's comes at once, so it waits for the frame's size to be the page's.
 *
 * And Pay is scrolled into view, before and after: the card frame is drawn by a process of its
 * own (its origin is opaque), and Chromium routes a click that comes in the same frame as a
 * scroll by where that frame was before it (seen here: Playwright's click, scrolling to a Pay
 * below the fold, landed in the card frame). Before, so that the frame is in view and draws
 * (a frame out of view is not drawn, and would not tell its height); after, because its height
 * came since and pushed Pay down, below the fold again (seen on CI: the next click scrolled and
 * landed in the frame's number field, and the test waited for messages Pay never asked for).
 * A shopper's click never follows a scroll so closely.
 */
export async function settled(page: Page): Promise<void> {
  const frame = await cardFrame(page);
  if (!frame) return;
  await payInView(page);
  await expect
    .poll(async () => {
      const inside = Math.ceil(
        await frame.evaluate(() => document.documentElement.getBoundingClientRect().height),
      );
      const outside = await page
        .locator('paylit-card-fields iframe')
        .first()
        .evaluate((f: HTMLIFrameElement) => f.style.height);
      return inside > 0 && outside === `${inside}px`;
    })
    .toBe(true);
  await payInView(page);
}

/** Pay in view, and two frames drawn since: a click that comes next needs no scroll. */
async function payInView(page: Page): Promise<void> {
  if (!(await payButton(page).count())) return;
  await payButton(page).scrollIntoViewIfNeeded();
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

/**
 * Watches the page's requests whose path ends with `suffix`: `quiet()` waits until each one
 * started so far has its answer (or failed), so that what a test counts next (the ledger, the
 * log) is what those requests did, with no guessed wait.
 */
export function watchRequests(
  page: Page,
  suffix: string,
): { started: () => number; quiet: () => Promise<void> } {
  let started = 0;
  let ended = 0;
  const ours = (r: Request) => new URL(r.url()).pathname.endsWith(suffix);
  page.on('request', (r) => void (ours(r) && started++));
  page.on('requestfinished', (r) => void (ours(r) && ended++));
  page.on('requestfailed', (r) => void (ours(r) && ended++));
  return {
    started: () => started,
    quiet: () => expect.poll(() => started > 0 && ended === started).toBe(true),
  };
}

/** The sandbox's ledger entries of one merchant order (attempt n is `<order>.<n>`). */
export async function ledger(
  demo: Demo,
  order: string,
): Promise<{ order_id: string; money_moved: boolean; kind?: string; amount?: number }[]> {
  // The page holds the order's client secret: the order id is its part before `_secret_`.
  const orderId = CLIENT_SECRET_PATTERN.exec(order)?.[1] ?? order;
  const all = (await (await fetch(`${demo.sandbox}/sandbox-tools/ledger`)).json()) as {
    entries: { order_id: string; money_moved: boolean }[];
  };
  return all.entries.filter((e) => e.order_id?.startsWith(`${orderId}.`));
}

/**
 * What the sandbox's fraud prevention received with the order's one payment that moved money
 * (there must be exactly one): the payer, the device and the risk data, as the API got them.
 */
export async function riskOfThePayment(
  demo: Demo,
  order: string,
): Promise<{
  payer: Record<string, unknown>;
  device?: unknown;
  additional_risk_data?: { device?: { user_agent?: string; locale?: string } };
}> {
  const moved = (await ledger(demo, order)).filter((e) => e.money_moved);
  expect(moved).toHaveLength(1);
  const paymentId = (moved[0] as { payment_id?: string }).payment_id!;
  return (await fetch(`${demo.sandbox}/sandbox-tools/risk?payment_id=${paymentId}`)).json();
}

/** The shopper approves the bank's 3-D Secure page, in its dialog over the checkout. */
export const approveChallenge = (page: Page) =>
  page
    .frameLocator('paylit-checkout iframe[part=challenge-frame]')
    .getByRole('button', { name: 'Approve' })
    .click();
