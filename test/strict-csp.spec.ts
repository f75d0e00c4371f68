/**
 * Every view of the checkout under the strictest policy a shop may send, in Chromium on the demo
 * shop (`?csp=strict`: `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self';
 * require-trusted-types-for 'script'`, and `frame-src` for the card frame and the bank's page):
 * no `data:` or `blob:` URL is needed. The Pix QR is read back from the screen (jsQR) to the exact
 * copy-and-paste code shown; the vouchers' barcodes are read back too; the form, its card fields
 * (in the page and in their frame), plans, wallets and the payer's details, the bank's 3-D
 * Secure dialog and the outcome all show; and the page reports no violation (listened to on the
 * document, and on the console by the fixture, where Chromium logs each).
 */
import type { Page } from '@playwright/test';
import { readBarcode, readQr } from './support/barcodes.js';
import {
  expect,
  log,
  openCheckout,
  payButton,
  settled,
  test,
  typeCard,
  type Demo,
} from './support/demo.js';

const POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; frame-src 'self' http://127.0.0.1:*; require-trusted-types-for 'script'";

const view = (page: Page) => page.locator('paylit-checkout [part=pending]');

/** Each violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

/** Opens `scenario` under the strict policy, checking the page was sent with exactly that policy. */
async function openStrict(page: Page, demo: Demo, scenario: string, extra = ''): Promise<void> {
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/plain.html');
  await openCheckout(page, demo, 'plain', scenario, `&csp=strict${extra}`);
  expect((await sent).headers()['content-security-policy']).toBe(POLICY);
}

/** Picks `method` in the wallet picker and pays; waits for the pending view. */
async function choose(page: Page, method: string): Promise<void> {
  await page.locator('paylit-wallet-select').getByRole('radio', { name: method }).check();
  await payButton(page).click();
  await expect(page.locator('paylit-checkout [part=outcome] h2')).toBeVisible();
}

test('Pix under the strict policy: the QR shows, drawn with no URL, and reads back as the code to copy', async ({
  page,
  demo,
}) => {
  const violations = await watchViolations(page);
  await openStrict(page, demo, 'pix');
  await choose(page, 'Pix');
  const code = await view(page).getByLabel('Pix code (copy and paste)').inputValue();
  const qr = view(page).getByRole('img', { name: 'Pix QR code' });
  await expect(qr).toBeVisible();
  // Read from the screen as a banking app's camera would, once drawn.
  await expect.poll(async () => readQr(await qr.screenshot())).toBe(code);
  // Nothing in the page asked for an image by URL.
  expect(
    await page.evaluate(() => {
      const urls: string[] = [];
      const walk = (root: Document | ShadowRoot) =>
        root.querySelectorAll('*').forEach((el) => {
          if (el instanceof HTMLImageElement) urls.push(el.src);
          if (el.shadowRoot) walk(el.shadowRoot);
        });
      walk(document);
      return urls;
    }),
  ).toEqual([]);
  expect(await violations()).toEqual([]);
});

test.describe('vouchers and transfers', () => {
  test.use({ deviceScaleFactor: 2 });

  test('OXXO, SPEI and Boleto under the strict policy: barcodes read back, details shown, no violation', async ({
    page,
    demo,
  }) => {
    const violations = await watchViolations(page);
    await openStrict(page, demo, 'oxxo');
    await choose(page, 'OXXO');
    const reference = await view(page).getByLabel('Reference').inputValue();
    expect(
      readBarcode(await view(page).getByRole('img', { name: 'Barcode for OXXO' }).screenshot()),
    ).toEqual({ text: reference.replaceAll('-', ''), format: 'CODE_128' });
    await expect(view(page).getByRole('link', { name: /Print the voucher/ })).toBeVisible();
    expect(await violations()).toEqual([]);

    await openStrict(page, demo, 'oxxo');
    await choose(page, 'SPEI');
    await expect(view(page).getByLabel('CLABE')).toHaveValue(/^\d{3} \d{3} \d{11} \d$/);
    await expect(view(page).locator('.facts')).toContainText('STP');
    expect(await violations()).toEqual([]);

    await openStrict(page, demo, 'boleto');
    await choose(page, 'Boleto Bancário');
    const line = await view(page).getByLabel('Barcode number').inputValue();
    expect(line.replace(/\D/g, '')).toMatch(/^\d{47}$/);
    const read = readBarcode(
      await view(page)
        .getByRole('img', { name: /^Barcode for / })
        .screenshot(),
    );
    expect(read.format).toBe('ITF');
    expect(await violations()).toEqual([]);
  });
});

test('the form under the strict policy: card fields in the page and in their frame, plans, wallets, the payer; paid, the outcome', async ({
  page,
  demo,
}) => {
  const violations = await watchViolations(page);
  // Card fields and their plans.
  await openStrict(page, demo, 'installments-br');
  await typeCard(page, { number: '5555555555554444' });
  const plans = page.locator('paylit-installments');
  await expect(plans.getByRole('combobox').or(plans.getByRole('radio').first())).toBeVisible();
  expect(await violations()).toEqual([]);
  // The wallet picker, with its marks.
  await openStrict(page, demo, 'wallet');
  await expect(page.locator('paylit-wallet-select [part=methods] svg').first()).toBeVisible();
  expect(await violations()).toEqual([]);
  // The payer's details the order lacks.
  await openStrict(page, demo, 'payer-br');
  await expect(page.locator('paylit-checkout [part=payer]')).toBeVisible();
  expect(await violations()).toEqual([]);
  // The card fields in their sandboxed frame; paid, the outcome.
  await openStrict(page, demo, 'pay', '&isolation=frame');
  await typeCard(page);
  await payButton(page).click();
  await expect(page.locator('paylit-checkout [part=outcome] h2')).toContainText('Paid');
  await expect(log(page).first()).toContainText('PAID');
  expect(await violations()).toEqual([]);
});

test("the bank's 3-D Secure page under the strict policy: in its dialog, approved, paid", async ({
  page,
  demo,
}) => {
  const violations = await watchViolations(page);
  await openStrict(page, demo, '3ds');
  await typeCard(page);
  await payButton(page).click();
  await expect(page.locator('paylit-checkout dialog[part=challenge]')).toBeVisible();
  const bank = page.frameLocator('paylit-checkout iframe[part=challenge-frame]');
  await bank.getByRole('button', { name: 'Approve' }).click();
  await settled(page);
  await expect(page.locator('paylit-checkout [part=outcome] h2')).toContainText('Paid');
  expect(await violations()).toEqual([]);
});
