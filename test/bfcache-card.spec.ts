/**
 * A card typed, then the page left and gone back to through the back/forward cache (on, as in a
 * shopper's Chromium: see bfcache.spec.ts). The page is frozen with its documents as they were: a
 * card left in the fields would sit in the memory of a page nobody looks at, and come back on
 * screen to whoever presses Back on that browser later. The card fields are emptied when the page
 * goes into the cache (`pagehide` with `persisted`), in the page and in the card frame, as a fresh
 * load of the page shows them: empty, no message, no plans; a card typed again pays once.
 */
import type { Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/chromium.mjs';
import {
  cardInputs,
  expect,
  inMode,
  isolations,
  ledger,
  log,
  openCheckout,
  payButton,
  test,
  typeCard,
} from './support/demo.js';

test.use({
  launchOptions: {
    executablePath: chromiumPath(),
    args: chromiumArgs,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  },
});

/** Marks the page when Chromium shows it again from the cache (`pageshow` with `persisted`). */
const markRestored = (page: Page) =>
  page.addInitScript(() =>
    addEventListener('pageshow', (e) => {
      if (e.persisted) document.documentElement.dataset.restored = '';
    }),
  );

for (const isolation of isolations)
  test(`${isolation} isolation: a card typed, away and back (from the cache): the fields empty, as on a fresh load; typed again, one charge`, async ({
    page,
    demo,
  }) => {
    await markRestored(page);
    const order = await openCheckout(page, demo, 'plain', 'pay', inMode(isolation));
    await typeCard(page, { number: '4111111111111111', expiry: '12/30', cvv: '123' });
    const fields = await cardInputs(page);
    await expect(fields.locator('#number')).toHaveValue('4111 1111 1111 1111');
    await page.goto(`${demo.url}/index.html`);
    await page.goBack({ waitUntil: 'commit' });
    await expect(page.locator('html[data-restored]')).toHaveCount(1);
    const host = page.locator('paylit-card-fields').first();
    // What the card entry holds (in frame isolation, what the frame told the page since).
    await expect(host).toHaveJSProperty('complete', false);
    await expect(host).toHaveJSProperty('bin', undefined);
    if (isolation === 'page') {
      for (const field of ['#number', '#expiry', '#cvv', '#holder'])
        await expect(fields.locator(field)).toHaveValue('');
      await expect(fields.locator('[part~=error]:not(:empty)')).toHaveCount(0);
    }
    // Typed again from the keyboard (Playwright loses sight of a frame the cache gave back: its
    // fields are reached as a shopper reaches them). Digits left in a field would make the new
    // number too long, and the card incomplete. The fields' own check puts the caret in the number.
    // The caret must be in the number before the first key. In frame isolation it moves by a
    // message to the frame, sent after the one that shows the fields' messages: once the frame
    // has grown to show them, both are read (on a loaded machine, keys sent sooner are lost).
    const frameHeight = () =>
      host.evaluate((el) => el.shadowRoot?.querySelector('iframe')?.getBoundingClientRect().height);
    const before = await frameHeight();
    await host.evaluate((el: HTMLElement & { reportValidity(): boolean }) => el.reportValidity());
    if (isolation === 'frame') await expect.poll(frameHeight).toBeGreaterThan(before!);
    else
      await expect
        .poll(() =>
          page.evaluate(() => {
            let at = document.activeElement;
            while (at?.shadowRoot?.activeElement) at = at.shadowRoot.activeElement;
            return at?.id;
          }),
        )
        .toBe('number');
    for (const [i, text] of ['4111111111111111', '1230', '123', 'Ana Lima'].entries()) {
      if (i) await page.keyboard.press('Tab');
      await page.keyboard.type(text);
    }
    await expect(host).toHaveJSProperty('complete', true);
    await expect(host).toHaveJSProperty('bin', '41111111');
    await payButton(page).click();
    await expect(log(page).first()).toContainText('PAID');
    expect((await ledger(demo, order)).filter((e) => e.money_moved)).toHaveLength(1);
  });
