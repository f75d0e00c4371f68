/**
 * An order the merchant's backend replaces while its checkout is open: the shopper's cart changed
 * in another tab, and the order API takes the order again under the same id (an order with no
 * payment attempt may be replaced), so its client secret, and the checkout's `order`, stay the
 * same. The checkout still shows the old amount, and Pay is refused (409 `order_mismatch`, the
 * amount differs): nothing is charged at an amount the shopper was not shown. Then the shopper
 * reads that the order changed, in their language, and the checkout shows the order as it is now
 * (its amount, its plans): Pay charges what the button says. Real handler and sandbox over HTTP,
 * the script-tag file, Debian's Chromium.
 */
import type { Sandbox } from '@paylit/sandbox';
import { ptBR as t } from '../packages/elements/src/i18n/pt-BR.js';
import { expect, payButton, test, typeCard } from './support/demo.js';
import { seen, startScriptTagShop, type ScriptTagShop } from './support/script-tag-shop.js';

const token = 'order-replaced-spec-token-0123456789';

let sandbox: Sandbox;
let origin: string;
let shop: ScriptTagShop;

test.beforeAll(async () => {
  shop = await startScriptTagShop({
    token,
    events: ['paylit-paid', 'paylit-declined', 'paylit-error'],
    sandbox: { settleDelayMs: 50 },
    page: (
      secret,
    ) => `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Pagamento</title>
<script src="/recorder.js"></script><script src="/paylit.js"></script></head>
<body><main><h1>Seu pedido</h1><paylit-checkout endpoint="/paylit" order="${secret}"></paylit-checkout></main></body></html>`,
  });
  ({ sandbox, origin } = shop);
});

test.afterAll(async () => {
  await shop?.close();
});

/** The merchant's backend posts the order (again): the order API's status and client secret. */
async function postOrder(id: string, amount: number): Promise<{ status: number; secret: string }> {
  const res = await fetch(`${origin}/paylit/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      id,
      amount,
      currency: 'BRL',
      country: 'BR',
      payer: { name: 'Thiago Gabriel', email: 'thiago@example.com', document: '53033315550' },
      methods: ['CARD'],
    }),
  });
  return {
    status: res.status,
    secret: ((await res.json()) as { clientSecret: string }).clientSecret,
  };
}

test('the order replaced under an open checkout (the same client secret): Pay is refused, the shopper reads that the order changed, in Portuguese, the checkout shows the new amount and its plans, and the next Pay charges that', async ({
  page,
  consoleErrors,
}) => {
  const id = `replaced-${Date.now().toString(36)}`;
  const before = await postOrder(id, 300);
  expect(before.status).toBe(201);
  await page.goto(`${origin}/checkout.html?order=${encodeURIComponent(before.secret)}`);
  await expect(payButton(page)).toHaveText('Pagar R$ 300,00');
  await typeCard(page);

  // The cart changed in another tab: the backend posts the order again, at R$1,200.00.
  const after = await postOrder(id, 1200);
  expect([after.status, after.secret]).toEqual([201, before.secret]);

  await payButton(page).click();
  await expect
    .poll(async () => (await seen(page)).map((e) => [e.type, e.detail.param]))
    .toEqual([['paylit-error', 'amount']]);
  // The order as it is now, the card as typed: the button says what Pay charges.
  await expect(payButton(page)).toHaveText('Pagar R$ 1.200,00');
  await expect(page.locator('paylit-checkout [part=message]')).toHaveText(t.orderChanged);
  // Its plans are the new amount's: six with interest on R$1,200.00 are 6 × R$ 217,79.
  await expect(
    page.locator('paylit-installments').getByRole('combobox').locator('option[value="6"]'),
  ).toContainText('217,79');
  const payments = () =>
    sandbox.ledger().entries.filter((e) => e.order_id?.startsWith(`${id}.`) && e.money_moved);
  expect(payments()).toEqual([]);

  await payButton(page).click();
  await expect(page.locator('paylit-checkout [part=outcome]').getByRole('heading')).toHaveText(
    'Pago: R$ 1.200,00',
  );
  expect((await seen(page)).map((e) => e.type)).toEqual(['paylit-error', 'paylit-paid']);
  expect(payments().map((e) => [e.kind, e.amount])).toEqual([['payment', 1200]]);
  // The refused POST is Chromium's one logged error: the 409 this test makes the server answer.
  const refused = consoleErrors.findIndex((e) => /status of 409 \(Conflict\)/.test(e));
  expect(refused).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(refused, 1);
});
