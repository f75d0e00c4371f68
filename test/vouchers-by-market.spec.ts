/**
 * Every other market's cash vouchers and bank transfers (markets' DIRECT methods), paid without
 * leaving the page, in Chromium on the demo's plain page: Argentina's Rapipago, Pago Fácil and
 * CBU transfer, Chile's Servipag (pesos with no decimals), Colombia's Efecty and Baloto (a
 * GS1-128 barcode), Peru's PagoEfectivo and a BCP transfer. Each shows what the shopper pays
 * with as the API gave it (the number to copy, the barcode read back from the screen as a
 * counter's scanner reads it, the account), then is paid in the sandbox and the page turns
 * paid by itself, one charge in the ledger.
 */
import { axeViolations } from './support/axe.js';
import { readBarcode } from './support/barcodes.js';
import { expect, ledger, log, openCheckout, payButton, test } from './support/demo.js';

type Ticket = { number: string; barcode?: string; format?: string };
type Transfer = { bank_account: string; bank_account_label: string; reference?: string };

const cases: [scenario: string, method: string, heading: string, shows: 'voucher' | 'transfer'][] =
  [
    ['cash-ar', 'Rapipago', 'Pay with Rapipago', 'voucher'],
    ['cash-ar', 'Pago Fácil', 'Pay with Pago Fácil', 'voucher'],
    ['cash-ar', 'Transferencia bancaria', 'Pay by bank transfer', 'transfer'],
    ['cash-cl', 'Servipag', 'Pay with Servipag', 'voucher'],
    ['cash-co', 'Efecty', 'Pay with Efecty', 'voucher'],
    ['cash-co', 'Baloto', 'Pay with Baloto', 'voucher'],
    ['cash-pe', 'PagoEfectivo', 'Pay with PagoEfectivo', 'voucher'],
    ['cash-pe', 'BCP', 'Pay by bank transfer', 'transfer'],
  ];

// A barcode is scanned from a screen of two device pixels a CSS pixel or more.
test.use({ deviceScaleFactor: 2 });

for (const [scenario, method, heading, shows] of cases)
  test(`${scenario}, ${method}: what to pay with, shown as the API gave it; paid, the page turns paid, one charge`, async ({
    page,
    demo,
  }) => {
    const order = await openCheckout(page, demo, 'plain', scenario);
    const pending = page.evaluate(
      () =>
        new Promise<{ ticket?: Ticket; bank_transfer?: Transfer }>((resolve) =>
          document
            .querySelector('paylit-checkout')!
            .addEventListener(
              'paylit-pending',
              (e) => resolve((e as unknown as { payment: never }).payment),
              { once: true },
            ),
        ),
    );
    await page.locator('paylit-wallet-select').getByRole('radio', { name: method }).check();
    await payButton(page).click();
    const payment = await pending;
    const view = page.locator('paylit-checkout [part=pending]');
    await expect(
      page.locator('paylit-checkout [part=outcome]').getByRole('heading', { name: heading }),
    ).toBeVisible();
    if (shows === 'voucher') {
      const ticket = payment.ticket!;
      expect((await view.getByRole('textbox').first().inputValue()).replace(/\D/g, '')).toBe(
        ticket.number.replace(/\D/g, ''),
      );
      // GS1-128 is Code 128 with FNC1 first: a scanner reads it as Code 128.
      expect(
        readBarcode(await view.getByRole('img', { name: `Barcode for ${method}` }).screenshot()),
      ).toEqual({ text: ticket.barcode, format: 'CODE_128' });
      expect(ticket.format).toBe(method === 'Baloto' ? 'GS1' : 'CODE_128');
    } else {
      const transfer = payment.bank_transfer!;
      await expect(view.getByLabel(transfer.bank_account_label)).toHaveValue(
        new RegExp(`^${transfer.bank_account.split('').join(' ?')}$`),
      );
    }
    await expect(view.locator('.due')).toHaveText(/^Pay by /);
    if (scenario === 'cash-cl') await expect(view).toContainText('CLP 15,000');
    // Axe once per market's kind of view (a voucher's barcode, a transfer's account).
    if (['Rapipago', 'Transferencia bancaria', 'Baloto'].includes(method))
      expect(await axeViolations(page)).toEqual([]);
    // Paid at the counter or from the bank: the page turns paid by itself.
    const id = /\((\S+)\)/.exec((await log(page).first().textContent())!)![1]!;
    const res = await fetch(`${demo.url}/shop/sandbox/pay/${encodeURIComponent(id)}`, {
      method: 'POST',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await expect(page.locator('paylit-checkout [part=outcome] h2')).toContainText('Paid');
    expect((await ledger(demo, order)).filter((e) => e.money_moved)).toHaveLength(1);
  });
