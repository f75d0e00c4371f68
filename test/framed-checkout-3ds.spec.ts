/**
 * A marketplace frames the shop's checkout page (another origin: the shop's page in an
 * `<iframe>` of the marketplace's). The card asks for 3-D Secure: the bank's page says which
 * origin may frame it (`frame-ancestors` naming the shop's), and the browser checks that
 * against every ancestor, the marketplace's too. The companion server asked only about the
 * shop's origin, so the checkout put the bank's page in its dialog, where Chromium blocks it:
 * the shopper sees a broken frame, nothing said, and cannot authenticate. The bank's page must
 * reach the shopper somewhere they can approve it, and the payment be made once.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, ledger, log, test } from './support/demo.js';

test("the shop's checkout framed by a marketplace of another origin: the bank's 3-D Secure page can be approved, and the card is charged once", async ({
  page,
  context,
  demo,
}) => {
  const market = createServer((_, res) =>
    res
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end(
        `<!doctype html><title>Marketplace</title><iframe title="Shop" src="${demo.url}/plain.html?scenario=3ds" style="width:600px;height:900px"></iframe>`,
      ),
  );
  await new Promise<void>((listening) => market.listen(0, '127.0.0.1', listening));
  try {
    await page.goto(`http://127.0.0.1:${(market.address() as AddressInfo).port}/`);
    const shop = page.frameLocator('iframe[title=Shop]');
    const pay = shop.locator('paylit-checkout button[part=button]');
    await expect(pay).toHaveAttribute('aria-disabled', 'false');
    const order = (await shop.locator('paylit-checkout').getAttribute('order'))!;
    const fields = shop.locator('paylit-card-fields');
    await fields.locator('#number').pressSequentially('4111111111111111');
    await fields.locator('#expiry').pressSequentially('1230');
    await fields.locator('#cvv').fill('123');
    await fields.locator('#holder').fill('Ana Lima');
    await pay.click();

    // The bank's page refuses the marketplace as an ancestor: the whole tab goes to it, and
    // its return page brings the shopper back to the shop (the marketplace's page is left).
    await expect(page).toHaveURL(/\/sandbox-pages\/3ds\//);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/return\.html\?/);
    await expect(log(page).first()).toContainText('PAID');
    expect(context.pages()).toHaveLength(1);
    expect((await ledger(demo, order)).filter((e) => e.money_moved)).toHaveLength(1);
  } finally {
    market.close();
    market.closeAllConnections();
  }
});
