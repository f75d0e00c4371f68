/**
 * A card copied from where text carries invisible format characters: a right-to-left page or
 * phone (left-to-right marks and embeddings around the digits), a formatted document or an e-mail
 * (zero-width spaces between the groups, a word joiner, a byte order mark). The shopper sees the
 * digits and nothing else: the number, the expiry and the security code are read as what is seen
 * (no digit field holds a format character), with no message saying they are not, and the card pays
 * once, in both isolations. (The name is core's rule for names: no format character.)
 */
import type { Page } from '@playwright/test';
import {
  cardInputs,
  expect,
  inMode,
  isolations,
  ledger,
  log,
  openCheckout,
  payButton,
  settled,
  test,
} from './support/demo.js';

/** Pastes `text` into the field with the keyboard shortcut, over what it holds, and leaves it. */
async function paste(page: Page, field: string, text: string): Promise<void> {
  const input = (await cardInputs(page)).locator(`#${field}`);
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await input.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
  await input.blur();
}

for (const isolation of isolations)
  test(`${isolation} isolation: a number, an expiry and a security code pasted with bidirectional marks and zero-width spaces are read as the digits seen; one charge`, async ({
    page,
    demo,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: demo.url,
    });
    const order = await openCheckout(page, demo, 'plain', 'pay', inMode(isolation));
    const fields = await cardInputs(page);
    await paste(page, 'number', '4111\u200b1111\u200b1111\u200b1111');
    await expect(fields.locator('#number')).toHaveValue('4111 1111 1111 1111');
    await paste(page, 'number', '\u202a4111\u20601111 1111 1111\ufeff\u202c');
    await expect(fields.locator('#number')).toHaveValue('4111 1111 1111 1111');
    await paste(page, 'expiry', '\u200e12/30\u200e');
    await expect(fields.locator('#expiry')).toHaveValue('12/30');
    await paste(page, 'cvv', '\u2066123\u2069');
    await expect(fields.locator('#cvv')).toHaveValue('123');
    await fields.locator('#holder').fill('Ana Lima');
    for (const field of ['number', 'expiry', 'cvv', 'holder'])
      await expect(fields.locator(`#${field}-error`)).toBeEmpty();
    await expect(page.locator('paylit-card-fields').first()).toHaveJSProperty('complete', true);
    await expect(page.locator('paylit-installments[aria-busy="true"]')).toHaveCount(0);
    await settled(page);
    await payButton(page).click();
    await expect(log(page).first()).toContainText('PAID');
    expect((await ledger(demo, order)).filter((e) => e.money_moved)).toHaveLength(1);
  });
