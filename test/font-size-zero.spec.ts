/**
 * The inline-block layout trick: a row's `font-size: 0` (no gaps between inline blocks), the
 * checkout one of its blocks. The checkout inherits the page's type, but a size of zero is no
 * size: Pay's words, the labels and the card frame's fields are still drawn and readable.
 */
import {
  cardInputs,
  expect,
  inMode,
  isolations,
  payButton,
  settled,
  test,
} from './support/demo.js';

for (const isolation of isolations)
  test(`${isolation} isolation: the checkout in a row of font-size 0: Pay's words and the card's labels are drawn`, async ({
    page,
    demo,
  }) => {
    await page.goto(`${demo.url}/plain.html?scenario=pay${inMode(isolation)}`);
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
    await page.evaluate(() => {
      const checkout = document.querySelector('paylit-checkout')!;
      const row = document.createElement('div');
      row.style.fontSize = '0';
      checkout.before(row);
      checkout.style.cssText = 'display:inline-block;inline-size:100%';
      row.append(checkout);
    });
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
    await settled(page);
    const label = payButton(page).locator('span').last();
    await expect(label).toContainText('Pay');
    expect(
      await label.evaluate((el) => parseFloat(getComputedStyle(el).fontSize)),
    ).toBeGreaterThanOrEqual(12);
    expect((await label.boundingBox())!.width).toBeGreaterThan(0);
    // The card's labels: each has a line of its own (not 0 px high, drawn over the next).
    const fields = await cardInputs(page);
    for (const id of ['number', 'expiry', 'cvv', 'holder'])
      await expect
        .poll(() =>
          fields
            .locator(`label[for=${id}]`)
            .evaluate(
              (el) =>
                parseFloat(getComputedStyle(el).lineHeight) || el.getBoundingClientRect().height,
            ),
        )
        .toBeGreaterThanOrEqual(12);
  });
