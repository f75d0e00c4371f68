/**
 * A voucher's or a transfer's instructions come with the view that waits for them: the shopper
 * never reads "This page updates automatically once your payment arrives" under "Pay with OXXO"
 * without the reference to pay with. The waiting view's element is defined by a chunk that can
 * arrive after the checkout has drawn it, and its voucher and barcode views by two more: each
 * frame the view shows is watched from its first, in Chromium on the demo (OXXO's reference and
 * barcode, SPEI's CLABE).
 */
import type { Page } from '@playwright/test';
import { expect, openCheckout, payButton, test, type Kind } from './support/demo.js';

/** Watches every frame from now on: answers what the pending view held at the first frame it showed its waiting line. */
async function watchFirstDrawing(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as { firstDrawing?: { copyable: boolean; barcode: boolean } };
    const look = () => {
      const view = document
        .querySelector('paylit-checkout')
        ?.shadowRoot?.querySelector('paylit-pending')?.shadowRoot;
      if (view?.querySelector('.waiting'))
        w.firstDrawing = {
          copyable: !!view.querySelector('.copyable'),
          barcode: !!view.querySelector('[part=barcode]'),
        };
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

const firstDrawing = (page: Page) =>
  page.evaluate(() => (window as { firstDrawing?: unknown }).firstDrawing);

for (const kind of ['plain', 'react'] as Kind[])
  for (const [method, barcode] of [
    ['OXXO', true],
    ['SPEI', false],
  ] as const)
    test(`${kind}: ${method}: the waiting view's first frame already holds what to pay with`, async ({
      page,
      demo,
    }) => {
      await openCheckout(page, demo, kind, 'oxxo');
      await page.locator('paylit-wallet-select').getByRole('radio', { name: method }).check();
      await watchFirstDrawing(page);
      await payButton(page).click();
      await expect.poll(() => firstDrawing(page)).toBeDefined();
      expect(await firstDrawing(page)).toEqual({ copyable: true, barcode });
    });
