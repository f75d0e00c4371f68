/**
 * Pix Automático's sign-up refused by the server naming the payer's fields (`fields`, 400), as
 * a card payment's refusal names them: a CPF the page took but the server does not (its check
 * digit changed on the way, as a proxy or an extension would). The field named is marked as a
 * card payment's refused field is (`aria-invalid`, its message beside it, focus on it), in the
 * payer's language, with one `paylit-error` carrying `fields`; the CPF typed again signs up.
 */
import { expect, payButton, test } from './support/demo.js';
import { seen, startScriptTagShop, type ScriptTagShop } from './support/script-tag-shop.js';

const token = 'subscription-fields-token-0123456789ab';
let shop: ScriptTagShop;

test.beforeAll(async () => {
  shop = await startScriptTagShop({
    token,
    events: ['paylit-error', 'paylit-declined'],
    page: (
      secret,
    ) => `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Assinatura</title>
<script src="/recorder.js"></script><script src="/paylit.js"></script></head>
<body><main><h1>Clube</h1><paylit-checkout endpoint="/paylit" order="${secret}"></paylit-checkout></main></body></html>`,
  });
});

test.afterAll(async () => {
  await shop?.close();
});

test('Pix Automático refused by the server for the CPF: the CPF field marked (aria-invalid, its message, focus) in pt-BR, one paylit-error with fields; typed again, it signs up', async ({
  page,
  consoleErrors,
}) => {
  const id = `sub-fields-${Date.now().toString(36)}`;
  const res = await fetch(`${shop.origin}/paylit/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      id,
      amount: 39.9,
      currency: 'BRL',
      country: 'BR',
      payer: { name: 'Ana Lima', email: 'ana@example.com' },
      methods: ['XA'],
      installments: false,
      plan: {
        frequency: 'MONTHLY',
        amount: { type: 'FIXED', value: 39.9 },
        startDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      },
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { clientSecret } = (await res.json()) as { clientSecret: string };

  // The first sign-up's CPF reaches the server with its last digit changed.
  let tamper = true;
  await page.route('**/paylit/subscriptions', async (route) => {
    const body = route.request().postData();
    if (!tamper || route.request().method() !== 'POST' || !body) return route.continue();
    tamper = false;
    const sent = JSON.parse(body) as { payer: { document: string } };
    sent.payer.document = sent.payer.document.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    return route.continue({ postData: JSON.stringify(sent) });
  });
  await page.goto(`${shop.origin}/checkout.html?order=${encodeURIComponent(clientSecret)}`);
  const payer = page.locator('paylit-checkout [part=payer]');
  const cpf = payer.getByRole('textbox').first();
  await cpf.fill('530.333.155-50');
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  await payButton(page).click();

  await expect(cpf).toHaveAttribute('aria-invalid', 'true');
  await expect(cpf).toHaveAccessibleDescription(
    'A loja não aceitou este dado. Confira e tente de novo.',
  );
  await expect(cpf).toBeFocused();
  const errors = (await seen(page)).filter((e) => e.type === 'paylit-error');
  expect(errors).toHaveLength(1);
  expect(errors[0]!.detail.fields).toEqual([expect.objectContaining({ param: 'payer.document' })]);

  await cpf.fill('530.333.155-50');
  await expect(cpf).not.toHaveAttribute('aria-invalid', 'true');
  await payButton(page).click();
  await expect(
    page.locator('paylit-checkout [part=subscription-status]').getByRole('heading'),
  ).toHaveText('Autorize no seu banco');
  expect((await seen(page)).filter((e) => e.type === 'paylit-error')).toHaveLength(1);
  const others = consoleErrors.filter((e) => !/status of 400 \(Bad Request\)/.test(e));
  expect(consoleErrors.length - others.length).toBe(1);
  consoleErrors.splice(0, consoleErrors.length, ...others);
});
