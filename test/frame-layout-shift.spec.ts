/**
 * Frame isolation draws the card frame without moving the page: the card fields hold the frame's
 * place, at the height its fields will have, from the first paint of the form, and the frame's
 * first height corrects it by nothing. Measured as Chromium measures it: the `layout-shift`
 * entries (PerformanceObserver, `buffered`) from load until the frame's fields are drawn and
 * configured, and Pay's box on every frame from its first paint. A shopper aiming at Pay while
 * the frame loads clicks Pay, not a card field that slid under the pointer.
 *
 * On the demo's plain page (English, the demo's theme), and on a merchant's own page in Arabic,
 * right to left, with a theme of its own sizes and type.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { generateCardKeyPair } from '@paylit/core/crypto';
import { expect, payButton, test, type Demo } from './support/demo.js';
import type { Page } from '@playwright/test';

interface Seen {
  /** Every layout shift Chromium reported since the page's load, with the nodes it moved. */
  shifts: { value: number; recent: boolean; at: number; moved: string[] }[];
  /** Pay's box (its top in the document) after each frame drawn where it changed, from its first. */
  pay: { at: number; top: number; left: number; height: number }[];
  /**
   * When the first animation frame that found Pay ran, and the next: shifts reported from the
   * second on happened after the form was drawn.
   */
  form: number[];
  /** The card frame's box after each frame drawn where it changed, from the first where it is shown (of some height). */
  frame: { at: number; top: number; left: number; width: number; height: number }[];
}

/** Before any script of the page: what `Seen` holds, recorded as the page loads and draws. */
const watch = () => {
  if (window.top !== window) return;
  const w = window as unknown as { seen: Seen };
  const seen: Seen = (w.seen = { shifts: [], pay: [], form: [], frame: [] });
  const name = (node: Node | null) =>
    node instanceof Element
      ? `${node.localName}${node.id ? '#' + node.id : ''}${typeof node.className === 'string' && node.className ? '.' + node.className.trim().split(/\s+/).join('.') : ''}`
      : String(node?.nodeName ?? '(in a shadow root)');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null }[];
    })[])
      seen.shifts.push({
        value: entry.value,
        recent: entry.hadRecentInput,
        at: entry.startTime,
        moved: entry.sources.map((s) => name(s.node)),
      });
  }).observe({ type: 'layout-shift', buffered: true });
  const pay = () =>
    document.querySelector('paylit-checkout')?.shadowRoot?.querySelector('button[part=button]');
  // Read in a task after each frame was drawn: the box the shopper saw.
  const read = () => {
    const frame = document
      .querySelector('paylit-checkout')
      ?.shadowRoot?.querySelector('paylit-card-fields')
      ?.shadowRoot?.querySelector('iframe');
    const f = frame?.getBoundingClientRect();
    const was = seen.frame.at(-1);
    if (
      f &&
      (was || f.height > 0) &&
      (!was ||
        was.top !== f.top + scrollY ||
        was.left !== f.left ||
        was.width !== f.width ||
        was.height !== f.height)
    )
      seen.frame.push({
        at: performance.now(),
        top: f.top + scrollY,
        left: f.left,
        width: f.width,
        height: f.height,
      });
    const button = pay();
    if (!button) return;
    const r = button.getBoundingClientRect();
    const last = seen.pay.at(-1);
    const now = { at: performance.now(), top: r.top + scrollY, left: r.left, height: r.height };
    if (!last || last.top !== now.top || last.left !== now.left || last.height !== now.height)
      seen.pay.push(now);
  };
  const tick = () => {
    // The time now, not the frame's: a frame's time is when it was due, and may come before the
    // last frame's shifts were reported.
    if (seen.form.length < 2 && (seen.form.length || pay())) seen.form.push(performance.now());
    setTimeout(read);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

/**
 * Waits until the frame's fields are drawn as configured (its labels in the page's language) and
 * the page holds the frame at their height; then two frames more, for the entries of the last
 * frame drawn. Nothing is scrolled or clicked: a scroll or an input would end the measure.
 */
async function drawn(page: Page, numberLabel: string): Promise<Seen> {
  const frame = page.locator('paylit-card-fields iframe').contentFrame();
  await expect(frame.locator('paylit-card-fields label[for=number]')).toHaveText(numberLabel);
  await expect
    .poll(async () => {
      const inside = Math.ceil(
        await frame
          .locator(':root')
          .evaluate(() => document.documentElement.getBoundingClientRect().height),
      );
      const outside = await page
        .locator('paylit-card-fields iframe')
        .evaluate((f: HTMLIFrameElement) => f.style.height);
      return inside > 0 && outside === `${inside}px`;
    })
    .toBe(true);
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  return page.evaluate(() => (window as unknown as { seen: Seen }).seen);
}

/**
 * The layout shift after the form was first drawn: what the card frame can cause (the form's own
 * arrival moves what is below it, with a frame or without). Printed with every entry.
 */
function afterForm(title: string, seen: Seen): number {
  const counted = (s: Seen['shifts'][number]) => !s.recent;
  const total = seen.shifts
    .filter((s) => counted(s) && s.at >= seen.form[1]!)
    .reduce((sum, s) => sum + s.value, 0);
  const all = seen.shifts.filter(counted).reduce((sum, s) => sum + s.value, 0);
  console.log(
    `${title}: layout shift after the form was drawn ${total.toFixed(4)} (from load ${all.toFixed(4)}); form drawn by ${seen.form[1]?.toFixed(1)} ms; entries ${JSON.stringify(seen.shifts)}; Pay ${JSON.stringify(seen.pay)}`,
  );
  return total;
}

/**
 * Pay's box never moved from its first paint: every box read is the first, within a pixel (a read
 * may come between a change and the card fields' rounding of their stand-in to whole pixels, which
 * happens before the frame is drawn).
 */
function still(seen: Seen): void {
  const [first] = seen.pay;
  expect(first, 'Pay drawn').toBeDefined();
  for (const box of seen.pay) {
    expect(
      Math.abs(box.top - first!.top),
      `Pay's top ${box.top}, first ${first!.top}`,
    ).toBeLessThan(1);
    expect(box.left, "Pay's left").toBe(first!.left);
    expect(box.height, "Pay's height").toBe(first!.height);
  }
  // The card frame, once shown (of some height), neither moves nor resizes: its fields are
  // drawn, configured, in the box it was shown in.
  const [shown] = seen.frame;
  expect(shown, 'the card frame shown').toBeDefined();
  for (const box of seen.frame)
    expect(box, `the card frame's box (first shown ${JSON.stringify(shown)})`).toEqual({
      ...shown,
      at: box.at,
    });
}

test("the demo's plain page in frame isolation: the card frame moves nothing from load until its fields are drawn, and Pay keeps its box from its first paint", async ({
  page,
  demo,
}: {
  page: Page;
  demo: Demo;
}) => {
  await page.addInitScript(watch);
  await page.goto(`${demo.url}/plain.html?scenario=approved&isolation=frame`);
  await expect(payButton(page)).toBeVisible();
  const seen = await drawn(page, 'Card number');
  const shift = afterForm('plain, frame isolation', seen);
  still(seen);
  expect(shift).toBeLessThan(0.01);
  // The frame's own height, given before it drew, is the height of its fields.
  const frame = page.locator('paylit-card-fields iframe');
  expect(await frame.evaluate((f: HTMLIFrameElement) => f.getBoundingClientRect().height)).toBe(
    parseFloat(await frame.evaluate((f: HTMLIFrameElement) => f.style.height)),
  );
});

test("a merchant's own page, Arabic and right to left, with a theme of its own sizes and type: the card frame moves nothing, and Pay keeps its box", async ({
  page,
}) => {
  const keys = await generateCardKeyPair();
  const bundle = fileURLToPath(new URL('../packages/elements/dist/bundle/', import.meta.url));
  const html = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>متجر</title>
    <style>
      body { font: 17px/1.6 Georgia, serif; max-width: 34rem; margin: 2rem auto; }
      paylit-checkout {
        --paylit-input-size: 18px;
        --paylit-label-size: 15px;
        --paylit-card-fields-gap: 1.25rem;
        --paylit-radius: 2px;
        --paylit-color-accent: #7c3aed;
      }
    </style>
    <script src="/paylit.js"></script></head><body><main>
    <h1>الدفع</h1>
    <paylit-checkout amount="120" currency="BRL" country="BR" isolation="frame" public-key='${JSON.stringify(keys.publicJwk)}'></paylit-checkout>
    <p>شكرًا لتسوقك معنا.</p>
  </main></body></html>`;
  const server = createServer((req, res) => {
    const f = /^\/(paylit[\w.-]*\.js)$/.exec(req.url ?? '')?.[1];
    if (f)
      return void res
        .writeHead(200, { 'Content-Type': 'text/javascript' })
        .end(readFileSync(bundle + f));
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    await page.addInitScript(watch);
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await expect(payButton(page)).toBeVisible();
    const seen = await drawn(page, 'رقم البطاقة');
    const shift = afterForm('Arabic, themed, frame isolation', seen);
    still(seen);
    expect(shift).toBeLessThan(0.01);
  } finally {
    server.close();
  }
});
