/**
 * Installment plans the shopper was shown an hour ago or more: the companion server keeps the
 * plans it handed out for an hour, then refuses their ids (400, `method.installmentsId`,
 * "choose the installments again"). The checkout kept them for the card's BIN, so every
 * Pay sent the same forgotten id and read "Try again" until the page was reloaded. Now the
 * shopper reads that the plans must be chosen again, in their language; the plans shown are
 * new ones, and the plan chosen among them pays: in the checkout's default layout and in the
 * merchant's own (its `<paylit-installments>` stays on the page while the order loads again).
 */
import type { Sandbox } from '@paylit/sandbox';
import { MemoryStore } from '@paylit/server';
import { ptBR as t } from '../packages/elements/src/i18n/pt-BR.js';
import { expect, payButton, test, typeCard } from './support/demo.js';
import { seen, startScriptTagShop, type ScriptTagShop } from './support/script-tag-shop.js';

const token = 'plans-expired-spec-token-0123456789';

/** The in-memory store, whose plan bindings can be made to have lived past their hour (PLAN_TTL_MS). */
class AgingStore extends MemoryStore {
  plansExpired = false;
  override async bound(key: string) {
    return this.plansExpired && key.startsWith('plan:') ? undefined : super.bound(key);
  }
}
const store = new AgingStore();

let sandbox: Sandbox;
let origin: string;
let shop: ScriptTagShop;

test.beforeAll(async () => {
  shop = await startScriptTagShop({
    token,
    events: ['paylit-paid', 'paylit-declined', 'paylit-error'],
    store,
    sandbox: { settleDelayMs: 50 },
    page: (
      secret,
      query,
    ) => `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Pagamento</title>
<script src="/recorder.js"></script><script src="/paylit.js"></script></head>
<body><main><h1>Seu pedido</h1><paylit-checkout endpoint="/paylit" order="${secret}">${query.get('layout') === 'own' ? '<div class="merchant-layout"><paylit-card-fields></paylit-card-fields><paylit-installments></paylit-installments></div>' : ''}</paylit-checkout></main></body></html>`,
  });
  ({ sandbox, origin } = shop);
});

test.afterAll(async () => {
  await shop?.close();
});

for (const layout of ['default', 'own'] as const)
  test(`a plan chosen an hour ago is refused (${layout === 'own' ? "the merchant's own layout of the elements" : 'the default layout'}): the shopper reads that the plans must be chosen again, the checkout asks for new ones, and the plan chosen among them pays`, async ({
    page,
    consoleErrors,
  }) => {
    const id = `expired-${layout}-${Date.now().toString(36)}`;
    const res = await fetch(`${origin}/paylit/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        id,
        amount: 1200,
        currency: 'BRL',
        country: 'BR',
        payer: { name: 'Thiago Gabriel', email: 'thiago@example.com', document: '53033315550' },
        methods: ['CARD'],
      }),
    });
    const { clientSecret } = (await res.json()) as { clientSecret: string };
    const plans = page.waitForRequest((r) => r.url().endsWith('/paylit/installments'));
    await page.goto(
      `${origin}/checkout.html?order=${encodeURIComponent(clientSecret)}&layout=${layout}`,
    );
    await typeCard(page);
    await plans;
    const select = page.locator('paylit-installments').getByRole('combobox');
    await select.selectOption('6');
    await expect(payButton(page)).toHaveText('Pagar R$ 1.306,74 (6x de R$ 217,79)');

    // The shopper comes back after lunch: the server has forgotten the plans it handed out.
    store.plansExpired = true;
    const asked = page.waitForRequest((r) => r.url().endsWith('/paylit/installments'));
    await payButton(page).click();
    await expect
      .poll(async () => (await seen(page)).map((e) => [e.type, e.detail.param]))
      .toEqual([['paylit-error', 'method.installmentsId']]);
    // The forgotten plan is no longer chosen, nor its total on the button.
    await expect(payButton(page)).toHaveText('Pagar R$ 1.200,00');
    await expect(page.locator('paylit-checkout [part=message]')).toHaveText(t.plansExpired);
    // New plans, asked for now.
    await asked;
    store.plansExpired = false;
    await expect(page.locator('paylit-installments[aria-busy="true"]')).toHaveCount(0);
    await select.selectOption('6');
    await expect(payButton(page)).toHaveText('Pagar R$ 1.306,74 (6x de R$ 217,79)');
    await payButton(page).click();
    await expect(page.locator('paylit-checkout [part=outcome]').getByRole('heading')).toHaveText(
      'Pago: R$ 1.306,74',
    );
    expect((await seen(page)).map((e) => e.type)).toEqual(['paylit-error', 'paylit-paid']);
    const moved = sandbox
      .ledger()
      .entries.filter((e) => e.order_id?.startsWith(`${id}.`) && e.money_moved);
    expect(moved.map((e) => [e.kind, e.amount])).toEqual([['payment', 1200]]);
    // The refused POST is Chromium's one logged error: the 400 this test makes the server answer.
    const refused = consoleErrors.findIndex((e) => /status of 400 \(Bad Request\)/.test(e));
    expect(refused).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refused, 1);
  });
