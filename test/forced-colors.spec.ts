/**
 * The checkout in forced colours (Windows' contrast themes), in Chromium on the demo shop. The
 * browser draws every background in the theme's colour there, the page's and the button's
 * alike, and removes shadows: a button whose edge is only its background (`border: 0`) reads as
 * a line of text, with nothing to say it can be pressed. Pay keeps an edge of its own, drawn in
 * the theme's text colour, in a dark and a light theme; so does the bank's 3-D Secure dialog.
 */
import type { Page } from '@playwright/test';
import { expect, openCheckout, payButton, test, typeCard } from './support/demo.js';

/** Pay's edge as drawn: each side's width and colour, and the button's own colours. */
const edge = (page: Page) =>
  payButton(page).evaluate((button) => {
    const style = getComputedStyle(button);
    return {
      widths: [
        style.borderTopWidth,
        style.borderRightWidth,
        style.borderBottomWidth,
        style.borderLeftWidth,
      ],
      styles: [...new Set([style.borderTopStyle, style.borderLeftStyle])],
      color: style.borderTopColor,
      text: style.color,
      background: style.backgroundColor,
    };
  });

for (const colorScheme of ['dark', 'light'] as const) {
  test(`forced colours, ${colorScheme} theme: Pay has a visible edge in the theme's text colour, not only a background the theme replaces`, async ({
    page,
    demo,
  }) => {
    await page.emulateMedia({ colorScheme, forcedColors: 'active' });
    await openCheckout(page, demo, 'plain', 'pay');
    const drawn = await edge(page);
    // The theme gives the button the page's background: without an edge, Pay is bare text.
    expect(drawn.background).toBe(
      await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
    );
    expect(drawn.styles).toEqual(['solid']);
    expect(drawn.widths.every((w) => parseFloat(w) >= 1)).toBe(true);
    expect(drawn.color).toBe(drawn.text);
    expect(drawn.color).not.toBe(drawn.background);
  });
}

test("without forced colours, Pay is as it was: no edge, the shop's accent behind it", async ({
  page,
  demo,
}) => {
  await openCheckout(page, demo, 'plain', 'pay');
  const drawn = await edge(page);
  expect(drawn.widths).toEqual(['0px', '0px', '0px', '0px']);
  // The demo's accent (`--paylit-color-accent`).
  expect(drawn.background).toBe('rgb(11, 107, 80)');
});

// The bank's 3-D Secure dialog over the page: its edge was only its background (`border: 0`),
// which a contrast theme replaces with the page's own, so the dialog and the dimmed page behind
// it ran together (on main: no border, the shop's page showing on at its sides).
test("forced colours, dark theme: the 3-D Secure dialog has an edge in the theme's text colour", async ({
  page,
  demo,
}) => {
  await page.emulateMedia({ colorScheme: 'dark', forcedColors: 'active' });
  await openCheckout(page, demo, 'plain', '3ds');
  await typeCard(page);
  await payButton(page).click();
  const dialog = page.locator('paylit-checkout dialog[part=challenge]');
  await expect(dialog).toBeVisible();
  const drawn = await dialog.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      widths: [
        style.borderTopWidth,
        style.borderRightWidth,
        style.borderBottomWidth,
        style.borderLeftWidth,
      ],
      style: style.borderTopStyle,
      color: style.borderTopColor,
      text: style.color,
      background: style.backgroundColor,
    };
  });
  expect(drawn.style).toBe('solid');
  expect(drawn.widths.every((w) => parseFloat(w) >= 1)).toBe(true);
  expect(drawn.color).toBe(drawn.text);
  expect(drawn.color).not.toBe(drawn.background);
});
