/**
 * A cash voucher's barcode in forced colours (Windows' contrast themes), as the cashier scans it
 * from the shopper's screen. The barcode is black bars on a white card of its own; a dark theme
 * gives every background the theme's black, the card's too, and leaves the bars black: on main
 * nothing is left to scan (zxing reads nothing), while the light theme and print read back. The
 * barcode keeps its own colours there, as a QR code drawn on a canvas does.
 */
import type { Page } from '@playwright/test';
import { readBarcode } from './support/barcodes.js';
import { expect, log, openCheckout, payButton, test } from './support/demo.js';

// Scanned from a screen of two device pixels a CSS pixel (pending.spec.ts's barcodes).
test.use({ deviceScaleFactor: 2 });

const barcode = (page: Page) =>
  page.locator('paylit-checkout [part=pending]').getByRole('img', { name: /^Barcode for / });

// OXXO's Code 128 for every voucher: the Boleto's ITF is drawn on the same card, by the same rule.
test("forced colours, dark theme: OXXO's barcode reads back", async ({ page, demo }) => {
  await page.emulateMedia({ colorScheme: 'dark', forcedColors: 'active' });
  await openCheckout(page, demo, 'plain', 'oxxo');
  await page.locator('paylit-wallet-select').getByRole('radio', { name: 'OXXO' }).check();
  await payButton(page).click();
  await expect(log(page).first()).toContainText('PENDING');
  await expect(barcode(page)).toBeVisible();
  expect(readBarcode(await barcode(page).screenshot()).format).toBe('CODE_128');
});
