/**
 * What the shopper pays, end to end in Debian's Chromium: a merchant's page with the built
 * script-tag file, the companion server and the sandbox over HTTP. A plan with interest shows
 * its total on the button, in the outcome and in `paylit-paid`, while the sandbox's ledger
 * charges the order's amount; a 3-D Secure challenge the shopper fails says the bank did not
 * confirm the payment, the form comes back, and the second try pays.
 */
import type { Sandbox } from '@paylit/sandbox';
import type { Messages } from '../packages/elements/src/i18n/index.js';
import { axeViolations } from './support/axe.js';
import { expect, payButton, test, typeCard } from './support/demo.js';
import { seen, startScriptTagShop, type ScriptTagShop } from './support/script-tag-shop.js';

const token = 'totals-spec-token-0123456789abcdef';
const catalog = async (locale: string): Promise<Messages> =>
  (await import(`../packages/elements/src/i18n/${locale}.ts`)).default;

const checkoutPage = (
  secret: string,
  lang: string,
) => `<!doctype html><html lang="${lang}"${lang === 'ar' ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><style>html { background: Canvas; color: CanvasText; font-family: system-ui, sans-serif; }</style><title>Checkout</title>
<script src="/recorder.js"></script><script src="/paylit.js"></script></head>
<body><main><h1>Your order</h1><paylit-checkout endpoint="/paylit" order="${secret}"></paylit-checkout></main></body></html>`;

let sandbox: Sandbox;
let origin: string;
let shop: ScriptTagShop;

test.beforeAll(async () => {
  shop = await startScriptTagShop({
    token,
    events: [
      'paylit-paid',
      'paylit-authorized',
      'paylit-declined',
      'paylit-redirect',
      'paylit-error',
    ],
    sandbox: { settleDelayMs: 50, notificationTimeFactor: 1 / 3_600_000 },
    page: (secret, query) => checkoutPage(secret, query.get('lang') ?? 'en'),
  });
  ({ sandbox, origin } = shop);
});

test.afterAll(async () => {
  await shop?.close();
});

let n = 0;
/** The merchant's backend: an order through the order API, answered with its client secret. */
async function order(fields: Record<string, unknown>): Promise<{ id: string; secret: string }> {
  const id = `totals-${Date.now().toString(36)}-${++n}`;
  const res = await fetch(`${origin}/paylit/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ id, ...fields }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { id, secret: ((await res.json()) as { clientSecret: string }).clientSecret };
}

const ledger = (orderId: string) =>
  sandbox.ledger().entries.filter((e) => e.order_id?.startsWith(`${orderId}.`));

const brazilian = {
  name: 'Thiago Gabriel',
  email: 'thiago@example.com',
  document: '53033315550',
  phone: '+5511999999999',
};
const southAfrican = {
  name: 'Ayanda Dlamini',
  email: 'ayanda@example.com',
  document: '8001015009087',
  address: {
    state: 'WC',
    city: 'Cape Town',
    zip_code: '8001',
    street: 'Long Street',
    number: '12',
  },
};

test('6 installments with interest on R$1,200.00: the button, the outcome and paylit-paid say R$1,306.74 in 6 × R$217.79; the sandbox charges R$1,200.00', async ({
  page,
}) => {
  const o = await order({
    amount: 1200,
    currency: 'BRL',
    country: 'BR',
    payer: brazilian,
    methods: ['CARD'],
  });
  await page.goto(`${origin}/checkout.html?order=${encodeURIComponent(o.secret)}`);
  await expect(payButton(page)).toHaveText('Pay R$1,200.00');
  await typeCard(page);
  // Twelve plans: a select.
  await page
    .locator('paylit-installments')
    .getByRole('combobox', { name: 'Number of installments' })
    .selectOption('6');
  await expect(payButton(page)).toHaveText('Pay R$1,306.74 (6 × R$217.79)');
  await payButton(page).click();

  const outcome = page.locator('paylit-checkout [part=outcome]');
  await expect(outcome.getByRole('heading')).toHaveText('Paid R$1,306.74');
  await expect(outcome).toContainText('6 × R$217.79');
  await expect(outcome).toContainText('Visa ending in 1111');
  const paid = (await seen(page)).filter((e) => e.type === 'paylit-paid');
  expect(paid).toHaveLength(1);
  expect(paid[0]!.detail.total).toBe(1306.74);
  expect(paid[0]!.detail.plan).toEqual({
    installments: 6,
    installment_amount: 217.79,
    last_amount: 217.79,
    total_amount: 1306.74,
    interest_free: false,
  });
  expect(paid[0]!.detail.payment).toMatchObject({
    status: 'PAID',
    amount: 1200,
    currency: 'BRL',
    card: { installments: '6' },
  });
  expect(await axeViolations(page, 'paylit-checkout')).toEqual([]);
  // The API charges the order's amount; the interest is the card issuer's, paid by the shopper over the six months.
  const moved = ledger(o.id).filter((e) => e.money_moved);
  expect(moved.map((e) => [e.kind, e.amount, e.currency])).toEqual([['payment', 1200, 'BRL']]);
});

test('9 interest-free installments of MX$6,000.00: the plan reads MX$666.67, the last MX$666.64, MX$6,000.00 in all, and that is what is paid', async ({
  page,
}) => {
  const o = await order({
    amount: 6000,
    currency: 'MXN',
    country: 'MX',
    payer: { name: 'Mariana Ruiz', email: 'mariana@example.com', document: 'RUMA900101MDFXXX06' },
    methods: ['CARD'],
  });
  await page.goto(`${origin}/checkout.html?order=${encodeURIComponent(o.secret)}`);
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  await typeCard(page);
  const nine = page
    .locator('paylit-installments')
    .getByRole('radio', { name: /^9 interest-free monthly payments/ });
  await expect(nine).toHaveAccessibleName(
    '9 interest-free monthly payments of MX$666.67, the last one MX$666.64 Total MX$6,000.00',
  );
  await nine.check();
  await expect(payButton(page)).toHaveText(
    'Pay MX$6,000.00 (9 × MX$666.67, the last one MX$666.64)',
  );
  await payButton(page).click();
  await expect(page.locator('paylit-checkout [part=outcome]').getByRole('heading')).toHaveText(
    'Paid MX$6,000.00',
  );
  const paid = (await seen(page)).find((e) => e.type === 'paylit-paid')!;
  expect(paid.detail.total).toBe(6000);
  expect(paid.detail.plan).toMatchObject({
    installments: 9,
    installment_amount: 666.67,
    last_amount: 666.64,
    total_amount: 6000,
  });
  expect(
    ledger(o.id)
      .filter((e) => e.money_moved)
      .map((e) => e.amount),
  ).toEqual([6000]);
});

for (const lang of ['en', 'pt-BR', 'ar'] as const) {
  test(`3-D Secure failed on the bank's page, in its dialog (${lang}): the bank did not confirm the payment, nothing charged, the form is back, and the second try pays`, async ({
    page,
  }) => {
    const t = await catalog(lang);
    // South African cards are always challenged.
    const o = await order({
      amount: 499,
      currency: 'ZAR',
      country: 'ZA',
      payer: southAfrican,
      methods: ['CARD'],
      returnUrl: `${origin}/checkout.html?lang=${lang}`,
    });
    await page.goto(`${origin}/checkout.html?lang=${lang}&order=${encodeURIComponent(o.secret)}`);
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
    const label = await payButton(page).textContent();
    await typeCard(page);
    await payButton(page).click();
    // The sandbox's challenge page, in a dialog over the checkout: the shopper fails it.
    const bank = page.frameLocator('paylit-checkout iframe[part=challenge-frame]');
    await bank.getByRole('button', { name: 'Reject' }).click();
    await expect(page.locator('paylit-checkout dialog')).toHaveCount(0);

    const message = page.locator('paylit-checkout [part=message]');
    await expect(message).toHaveText(t.threeDSecureFailed);
    await expect(message).toHaveAttribute('role', 'alert');
    await expect(message).not.toContainText(t.rejections['300']);
    const declined = (await seen(page)).filter((e) => e.type === 'paylit-declined');
    expect(declined).toHaveLength(1);
    expect(declined[0]!.detail).toMatchObject({
      code: '300',
      message: t.threeDSecureFailed,
      payment: { status: 'REJECTED' },
    });
    expect(ledger(o.id).filter((e) => e.money_moved)).toEqual([]);
    // The form is back, open for another try: the same order, its amount on the button.
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
    await expect(payButton(page)).toHaveText(label!);
    await expect(page.locator('paylit-card-fields')).toBeVisible();
    expect(await axeViolations(page, 'paylit-checkout')).toEqual([]);

    await typeCard(page);
    await payButton(page).click();
    await bank.getByRole('button', { name: 'Approve' }).click();
    // Paid: the dialog gives way to the success state (the waiting one had a heading too).
    await expect
      .poll(async () => (await seen(page)).filter((e) => e.type === 'paylit-paid').length)
      .toBe(1);
    await expect(page.locator('paylit-checkout dialog')).toHaveCount(0);
    await expect(page.locator('paylit-checkout [part=outcome]').getByRole('heading')).toBeVisible();
    await expect(message).not.toContainText(t.threeDSecureFailed);
    const entries = ledger(o.id);
    expect(new Set(entries.map((e) => e.order_id)).size, 'two attempts reached the API').toBe(2);
    expect(entries.filter((e) => e.money_moved).map((e) => [e.kind, e.amount])).toEqual([
      ['payment', 499],
    ]);
  });
}

/**
 * The installment options as a shopper sees them, at a phone's 390 px and a desktop's 1280 px,
 * in four languages (two light, two dark): each radio beside its words, the CFT inside its plan, one
 * height per row. The pictures go to the test's folder under test-results/ (not tracked), to be looked at.
 */
const argentine = { name: 'Lucía Fernández', email: 'lucia@example.com', document: '30111222' };
// Each language in one scheme, light and dark in turn: the layout is the language's, the
// contrast axe checks the scheme's.
for (const [lang, scheme] of [
  ['en', 'light'],
  ['pt-BR', 'dark'],
  ['es-AR', 'light'],
  ['ar', 'dark'],
] as const) {
  test(`the installment options at 390 and 1280 px, ${scheme}, ${lang}: radios beside their words, the CFT inside each plan, one height per row`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const o = await order({
      amount: 90000,
      currency: 'ARS',
      country: 'AR',
      payer: argentine,
      methods: ['CARD'],
    });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${origin}/checkout.html?lang=${lang}&order=${encodeURIComponent(o.secret)}`);
      await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
      await typeCard(page);
      const plans = page.locator('paylit-installments');
      await plans.locator('input[type=radio][value="6"]').check();
      await expect(plans.locator('[part=cft]').first()).toBeVisible();
      const boxes = await plans.locator('label[part=option]').evaluateAll((labels) =>
        labels.map((label) => {
          const r = (e: Element | null) => e!.getBoundingClientRect();
          const [box, radio, words] = [
            r(label),
            r(label.querySelector('input')),
            r(label.querySelector('.text')),
          ];
          const cft = label.querySelector('[part=cft]');
          return {
            top: Math.round(box.top),
            height: Math.round(box.height),
            radioTop: radio.top,
            radioLeft: radio.left,
            radioRight: radio.right,
            wordsTop: words.top,
            wordsLeft: words.left,
            wordsRight: words.right,
            cftInside: cft ? r(cft).top >= box.top && r(cft).bottom <= box.bottom : null,
          };
        }),
      );
      expect(boxes.length).toBeGreaterThan(2);
      for (const b of boxes) {
        expect(
          Math.abs(b.radioTop - b.wordsTop),
          "the radio on its words' first line",
        ).toBeLessThan(8);
        if (lang === 'ar') expect(b.radioLeft).toBeGreaterThanOrEqual(b.wordsRight - 1);
        else expect(b.radioRight).toBeLessThanOrEqual(b.wordsLeft + 1);
        if (b.cftInside !== null) expect(b.cftInside, 'the CFT inside its plan').toBe(true);
      }
      const rows = new Map<number, Set<number>>();
      for (const b of boxes) rows.set(b.top, (rows.get(b.top) ?? new Set()).add(b.height));
      for (const heights of rows.values()) expect(heights.size, 'one height per row').toBe(1);
      expect(await axeViolations(page, 'paylit-checkout')).toEqual([]);
      await page.locator('paylit-checkout').screenshot({
        path: test.info().outputPath(`installments-${lang}-${width}-${scheme}.png`),
        animations: 'disabled',
      });
    }
  });
}
