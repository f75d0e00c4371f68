/**
 * Pix, vouchers and transfers paid without leaving the page, in Chromium on the demo: the Pix QR
 * read from the screen as a banking app reads it (it is the BR Code, its CRC valid), the code
 * copied to the clipboard, paid in the sandbox and the checkout paid within 3 seconds with no
 * reload; a code that expires by the sandbox's clock, a new one, the first paid late and the
 * order still one charge; OXXO's, Boleto's and SPEI's details, the barcodes read back; a reload
 * while pending shows the same state.
 */
import type { Page } from '@playwright/test';
import { crc16, readBrCode, clabeCheckDigit } from '../packages/sandbox/src/state/tickets.js';
import { axeViolations } from './support/axe.js';
import { readBarcode, readQr } from './support/barcodes.js';
import {
  expect,
  ledger,
  log,
  openCheckout,
  payButton,
  test,
  type Demo,
  type Kind,
} from './support/demo.js';

const view = (page: Page) => page.locator('paylit-checkout [part=pending]');
/** The outcome around the view: its one heading. */
const outcome = (page: Page) => page.locator('paylit-checkout [part=outcome]');

/** Picks `method` in the wallet picker and pays: answers the pending payment's id from the log. */
async function choose(page: Page, method: string): Promise<string> {
  await page.locator('paylit-wallet-select').getByRole('radio', { name: method }).check();
  await payButton(page).click();
  await expect(page.locator('paylit-checkout [part=outcome] h2')).toBeVisible();
  await expect(log(page).first()).toContainText('PENDING');
  return /\((\S+)\)/.exec((await log(page).first().textContent())!)![1]!;
}

/** The payer pays it (the demo's sandbox tool, which signs the sandbox's settle route). */
async function payInSandbox(demo: Demo, paymentId: string): Promise<void> {
  const res = await fetch(`${demo.url}/shop/sandbox/pay/${encodeURIComponent(paymentId)}`, {
    method: 'POST',
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Moves the sandbox's clock; answers what moves it back. */
async function advanceClock(demo: Demo, ms: number): Promise<() => Promise<void>> {
  const move = (advance_ms: number) =>
    fetch(`${demo.sandbox}/sandbox-tools/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advance_ms }),
    });
  expect((await move(ms)).status).toBe(200);
  return async () => void (await move(-ms));
}

const PAID_WITHIN_MS = 3000;

for (const kind of ['plain', 'react'] as Kind[])
  test(`${kind}: Pix in the page: the QR on screen is the BR Code, copied to the clipboard, paid within 3 s with no reload`, async ({
    page,
    demo,
  }) => {
    const order = await openCheckout(page, demo, kind, 'pix');
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    const id = await choose(page, 'Pix');
    const pix = view(page);
    await expect(
      page.locator('paylit-checkout [part=outcome]').getByRole('heading', { name: 'Pay with Pix' }),
    ).toBeVisible();
    const code = await pix.getByLabel('Pix code (copy and paste)').inputValue();
    // The code a banking app parses: EMV fields, Pix's GUI, the order's amount, a valid CRC.
    expect(crc16(code.slice(0, -4))).toBe(code.slice(-4));
    const fields = readBrCode(code);
    expect(fields['26']).toMatchObject({ '00': 'br.gov.bcb.pix' });
    expect(fields['54']).toBe('120.00');
    // The QR, read from the screen as a phone's camera would.
    const qr = pix.getByRole('img', { name: 'Pix QR code' });
    await expect(qr).toBeVisible();
    expect(readQr(await qr.screenshot())).toBe(code);
    // Copy: the button says so, and the clipboard holds the code.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: demo.url,
    });
    await pix.getByRole('button', { name: 'Copy code' }).click();
    await expect(pix.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(pix.getByRole('status')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    // The amount and a countdown, in the shopper's time.
    await expect(pix.locator('.facts')).toContainText('R$');
    await expect(pix.locator('.due [aria-hidden=true]')).toHaveText(/^Expires in \d\d:\d\d:\d\d$/);
    // Paid in the bank's app: the checkout turns paid by itself.
    const started = Date.now();
    await payInSandbox(demo, id);
    await expect(page.locator('paylit-checkout [part=outcome] h2')).toContainText('Paid', {
      timeout: PAID_WITHIN_MS,
    });
    expect(Date.now() - started).toBeLessThanOrEqual(PAID_WITHIN_MS);
    await expect(log(page).first()).toContainText(`PAID`);
    await expect(view(page)).toHaveCount(0);
    // No reload, no navigation: the page's own state is still there.
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    expect((await ledger(demo, order)).filter((e) => e.money_moved)).toHaveLength(1);
  });

test('a reload while a Pix waits shows the same code; paid meanwhile, the reload shows it paid', async ({
  page,
  demo,
}) => {
  await openCheckout(page, demo, 'plain', 'pix');
  const id = await choose(page, 'Pix');
  const code = await view(page).getByLabel('Pix code (copy and paste)').inputValue();
  // The demo keeps the order in the page's address, as a merchant's session would.
  await expect(page).toHaveURL(/[?&]order=/);
  await page.reload();
  await expect(view(page).getByLabel('Pix code (copy and paste)')).toHaveValue(code);
  await expect(payButton(page)).toHaveCount(0);
  await payInSandbox(demo, id);
  await expect(page.locator('paylit-checkout [part=outcome] h2')).toContainText('Paid');
  await page.reload();
  await expect(page.locator('paylit-checkout [part=outcome] h2')).toContainText('Paid');
  await expect(view(page)).toHaveCount(0);
});

test('expired by the sandbox clock: "Get a new code" makes a second; the first paid late, the order is paid once and the second cancelled', async ({
  page,
  demo,
}) => {
  const order = await openCheckout(page, demo, 'plain', 'pix');
  const first = await choose(page, 'Pix');
  const firstCode = await view(page).getByLabel('Pix code (copy and paste)').inputValue();
  const back = await advanceClock(demo, 25 * 60 * 60 * 1000);
  try {
    // Said once, as an alert, when it happens.
    await expect(view(page).getByRole('alert')).toHaveText(
      'The time to pay has run out. Nothing was charged.',
    );
    await view(page).getByRole('button', { name: 'Get a new code' }).click();
    const second = view(page).getByLabel('Pix code (copy and paste)');
    await expect(second).toBeVisible();
    expect(await second.inputValue()).not.toBe(firstCode);
    await expect(log(page).first()).toContainText('PENDING');
    const secondId = /\((\S+)\)/.exec((await log(page).first().textContent())!)![1]!;
    expect(secondId).not.toBe(first);
    // The first code, paid in the bank just before it expired, reported now.
    await payInSandbox(demo, first);
    await expect(page.locator('paylit-checkout [part=outcome] h2')).toContainText('Paid');
    await expect(log(page).first()).toContainText(`(${first})`);
    const entries = await ledger(demo, order);
    expect(entries.filter((e) => e.money_moved)).toHaveLength(1);
    await expect
      .poll(async () => (await ledger(demo, order)).map((e) => (e as { status?: string }).status))
      .toEqual(expect.arrayContaining(['PAID', 'CANCELLED']));
  } finally {
    await back();
  }
});

// A barcode is scanned from a screen of two device pixels a CSS pixel or more (a phone, a laptop's).
test.describe('barcodes', () => {
  test.use({ deviceScaleFactor: 2 });

  test('OXXO: the reference to copy, its Code 128 barcode read back, where to pay, the printable voucher', async ({
    page,
    demo,
  }) => {
    await openCheckout(page, demo, 'plain', 'oxxo');
    await choose(page, 'OXXO');
    const oxxo = view(page);
    await expect(outcome(page).getByRole('heading', { name: 'Pay with OXXO' })).toBeVisible();
    const reference = await oxxo.getByLabel('Reference').inputValue();
    expect(reference).toMatch(/^8500-\d{4}-\d{4}-\d{2}$/);
    const barcode = oxxo.getByRole('img', { name: 'Barcode for OXXO' });
    expect(readBarcode(await barcode.screenshot())).toEqual({
      text: reference.replaceAll('-', ''),
      format: 'CODE_128',
    });
    await expect(oxxo).toContainText('Pay in cash at any OXXO location');
    await expect(oxxo.locator('.due')).toHaveText(/^Pay by /);
    const print = oxxo.getByRole('link', { name: /Print the voucher/ });
    await expect(print).toHaveAttribute('target', '_blank');
    expect(await (await fetch((await print.getAttribute('href'))!)).text()).toContain(
      reference.replaceAll('-', ''),
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  test("Boleto: the 47-digit typed line to copy, the ITF barcode read back; paylit-pending carries the ticket for the merchant's e-mail", async ({
    page,
    demo,
  }) => {
    await openCheckout(page, demo, 'plain', 'boleto');
    const pending = page.evaluate(
      () =>
        new Promise<{ number?: string; barcode?: string; format?: string }>((resolve) =>
          document
            .querySelector('paylit-checkout')!
            .addEventListener(
              'paylit-pending',
              (e) => resolve((e as unknown as { payment: { ticket: never } }).payment.ticket),
              { once: true },
            ),
        ),
    );
    await page
      .locator('paylit-wallet-select')
      .getByRole('radio', { name: 'Boleto Bancário' })
      .check();
    await payButton(page).click();
    const ticket = await pending;
    const boleto = view(page);
    // Shown in its printed groups; the digits are the ticket's.
    await expect(boleto.getByLabel('Barcode number')).toHaveValue(
      /^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/,
    );
    expect((await boleto.getByLabel('Barcode number').inputValue()).replace(/\D/g, '')).toBe(
      ticket.number,
    );
    expect(ticket.number).toMatch(/^\d{47}$/);
    expect(
      readBarcode(await boleto.getByRole('img', { name: /^Barcode for / }).screenshot()),
    ).toEqual({ text: ticket.barcode, format: 'ITF' });
    await expect(boleto).toContainText("Pay in your bank's app or internet banking");
  });
});

test('SPEI: the CLABE (its check digit valid), beneficiary, reference and amount, each copyable', async ({
  page,
  demo,
}) => {
  await openCheckout(page, demo, 'plain', 'oxxo');
  await choose(page, 'SPEI');
  const spei = view(page);
  await expect(outcome(page).getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
  // Read in its groups (bank, branch, account, check digit), its digits the CLABE.
  const shown = await spei.getByLabel('CLABE').inputValue();
  expect(shown).toMatch(/^\d{3} \d{3} \d{11} \d$/);
  const clabe = shown.replaceAll(' ', '');
  expect(String(clabeCheckDigit(clabe.slice(0, 17)))).toBe(clabe.slice(17));
  await expect(spei.locator('.facts')).toContainText('STP');
  await expect(spei.locator('.facts')).toContainText('Paylit Sandbox Shop');
  await expect(spei.getByLabel('Reference')).toHaveValue(/^\d+$/);
  // The amount once, as it is written (the Copy button copies 500).
  await expect(spei.getByLabel('Amount')).toHaveValue('MX$500.00');
  for (const name of ['CLABE', 'Reference', 'Amount'])
    await expect(
      spei
        .getByRole('button', { name: 'Copy' })
        .nth(['CLABE', 'Reference', 'Amount'].indexOf(name)),
    ).toBeVisible();
  await page.reload();
  await expect(view(page).getByLabel('CLABE')).toHaveValue(shown);
  expect(await axeViolations(page)).toEqual([]);
});

test('in Arabic and in Portuguese: the pending view speaks the language, right to left in Arabic, axe clean', async ({
  page,
  demo,
}) => {
  for (const lang of ['ar', 'pt-BR']) {
    await openCheckout(page, demo, 'plain', 'pix', `&lang=${lang}`);
    await page
      .locator('paylit-wallet-select')
      .getByRole('radio', { name: 'Pix', exact: true })
      .check();
    await payButton(page).click();
    await expect(page.locator('paylit-checkout [part=outcome] h2')).toBeVisible();
    await expect(view(page)).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    expect(await page.locator('paylit-checkout [part=outcome] h2').textContent()).not.toBe(
      'Pay with Pix',
    );
    expect(await axeViolations(page)).toEqual([]);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("Pix's code comes first (the bank's app is on this phone), then the QR", async ({
    page,
    demo,
  }) => {
    await openCheckout(page, demo, 'plain', 'pix');
    await choose(page, 'Pix');
    const pix = view(page);
    await expect(pix.locator('.steps')).toHaveText(
      "Copy the code, then paste it in your bank's app under Pix Copia e Cola.",
    );
    const order = await pix.evaluate((el) =>
      [...el.children].map((c) => c.className).filter((c) => c === 'copyable' || c === 'qr'),
    );
    expect(order).toEqual(['copyable', 'qr']);
  });
});

test("back from the bank's app (the page shown again): the checkout asks the server at once", async ({
  page,
  demo,
}) => {
  await openCheckout(page, demo, 'plain', 'pix');
  const opened: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/events')) opened.push(r.url());
  });
  const id = await choose(page, 'Pix');
  await expect.poll(() => opened.length).toBe(1);
  // The page was hidden (the shopper in the bank's app) and is shown again.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect.poll(() => opened.length).toBe(2);
  await payInSandbox(demo, id);
  await expect(page.locator('paylit-checkout [part=outcome] h2')).toContainText('Paid');
});

test("a merchant styles the waiting view through the checkout's parts, as before (pending, qr, copy; the dialog's in three-ds-dialog.spec.ts)", async ({
  page,
  demo,
}) => {
  await openCheckout(page, demo, 'plain', 'pix');
  // The merchant's own sheet (a constructed one: the demo's policy allows no inline style).
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`paylit-checkout::part(pending) { outline: 3px solid rgb(255, 0, 0); }
      paylit-checkout::part(qr) { outline: 4px solid rgb(0, 128, 0); }
      paylit-checkout::part(copy) { outline: 5px solid rgb(0, 0, 255); }`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  await choose(page, 'Pix');
  const outline = (selector: string) =>
    view(page)
      .locator(selector)
      .first()
      .evaluate((el) => getComputedStyle(el).outline);
  expect(await view(page).evaluate((el) => getComputedStyle(el).outline)).toBe(
    'rgb(255, 0, 0) solid 3px',
  );
  expect(await outline('[part=qr]')).toBe('rgb(0, 128, 0) solid 4px');
  expect(await outline('[part=copy]')).toBe('rgb(0, 0, 255) solid 5px');
});
