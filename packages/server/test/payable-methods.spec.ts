/**
 * The checkout offers only what the order can pay with. For orders of BR, CL, CO, MX, PE and AR,
 * with and without the payer's phone: every method the view offers is chosen, submitted and paid
 * in the sandbox (its ledger counts the money), and every method it hides is refused by the
 * sandbox when sent as the server would send it (core's client-side checks off, so the refusal
 * is the sandbox's own). The filter is proven against the API's stand-in, not against itself.
 */
import { expect, test } from '@playwright/test';
import { countries } from '@paylit/core/countries';
import { documentExample } from '@paylit/core/documents';
import { MemoryStore, merchantOrderSchema, PaymentsApiError } from '@paylit/server';
import type { HandlerContext } from '../src/context.js';
import { paymentRequest } from '../src/routes/payments.js';
import { settleInSandbox, startShop, submitCard, uid, type Shop } from './support/harness.js';

let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(async () => {
  await shop.close();
});

const amounts: Record<string, number> = {
  BR: 120,
  CL: 15000,
  CO: 50000,
  MX: 500,
  PE: 100,
  AR: 5000,
};

function orderOf(country: string, phone: boolean, extra: Record<string, unknown> = {}) {
  const payer = {
    name: 'Ana Lima',
    email: 'ana@example.com',
    document: documentExample(country)!,
    ...(phone ? { phone: '+5511999999999' } : {}),
  };
  return {
    country,
    currency: countries[country]!.currencies[0]!,
    amount: amounts[country]!,
    payer,
    ...extra,
  };
}

interface Listed {
  id: string;
  type: string;
  allowed_flows: string[];
}

/** Chooses `method` in a new order of these facts, submits it as the checkout does, and goes through its page, approving. */
async function pay(
  facts: Record<string, unknown>,
  method: Listed,
): Promise<{ status: number; ledger: ReturnType<Shop['sandbox']['ledger']> }> {
  const order = await shop.order(facts);
  let res;
  if (method.id === 'CARD') {
    res = (await submitCard(shop, order.clientSecret)).res;
  } else {
    const chosen =
      method.type === 'WALLET'
        ? { type: 'wallet', methodId: method.id }
        : { type: 'redirect', methodId: method.id };
    // What the view asks for this way to pay (a wallet's phone), typed as a shopper would.
    const view = (await shop.browser(`/checkout?order=${order.clientSecret}`)).body;
    const needs: string[] = view.order.asks?.[chosen.type] ?? [];
    res = await shop.browser('/payments', {
      method: 'POST',
      body: JSON.stringify({
        order: order.clientSecret,
        attempt: crypto.randomUUID(),
        method: chosen,
        ...(needs.includes('phone') ? { payer: { phone: '11 98765-4321' } } : {}),
      }),
    });
  }
  if (res.status === 200 && res.body.nextAction?.type === 'redirect') {
    const page = await fetch(res.body.nextAction.url, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'approve' }),
    });
    expect(page.status, `${method.id}'s page`).toBe(200);
  }
  // Pix, a voucher or a transfer shown in the checkout: the payer pays it away from the page.
  if (res.status === 200 && res.body.nextAction === null && res.body.payment.status === 'PENDING') {
    expect(res.body.payment.ticket ?? res.body.payment.bank_transfer, method.id).toBeDefined();
    await settleInSandbox(shop, res.body.payment.id);
  }
  return { status: res.status, ledger: shop.sandbox.ledger({ order_id: `${order.id}.1` }) };
}

/**
 * What the server would send the API for `method`, sent straight to the sandbox without core's
 * checks: its answer. An authorize or verify order's wallet or voucher, which the server now
 * refuses itself, is what it sent before: the capture order's request, at a verification's zero amount.
 */
async function sendAsServer(facts: Record<string, unknown>, method: Listed) {
  const order = merchantOrderSchema.parse({ id: uid('hidden'), ...facts });
  const ctx = { publicUrl: shop.base } as HandlerContext;
  const kind =
    method.type === 'WALLET'
      ? { type: 'wallet' as const, methodId: method.id }
      : { type: 'redirect' as const, methodId: method.id };
  const request = paymentRequest(
    ctx,
    { ...order, intent: 'capture' },
    { order: 'x', attempt: crypto.randomUUID(), method: kind },
    1,
  );
  if (order.intent === 'verify') request.amount = 0;
  const error = await shop.client.payments.create(request, { validate: false }).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ledger: shop.sandbox.ledger({ order_id: request.order_id }) };
}

/**
 * What each order is expected to hide: Apple and Google Pay (DIRECT only, with a token the
 * wallet's own script makes). Pix QR, DIRECT only, is offered: the checkout shows its code. A
 * wallet is offered whether the payer has a phone or not: the checkout asks for it.
 */
const expectedHidden: Record<string, string[]> = {
  BR: ['AP', 'GP'],
  CL: ['AP', 'GP'],
  CO: ['AP', 'GP'],
  MX: ['AP', 'GP'],
  PE: ['AP', 'GP'],
  AR: [],
};

for (const country of Object.keys(expectedHidden)) {
  for (const phone of [true, false]) {
    test(`${country}, payer ${phone ? 'with' : 'without'} a phone: each method offered is paid in the sandbox, each hidden one is refused by it`, async () => {
      const facts = orderOf(country, phone);
      const viewed = await shop.order(facts);
      const view = (await shop.browser(`/checkout?order=${viewed.clientSecret}`)).body;
      const offered = view.paymentMethods as Listed[];
      const hidden = view.hiddenMethods as { id: string; reason: string }[];
      const all = (await shop.client.paymentMethods.list({ country })) as Listed[];
      // Nothing lost: what the API lists is either offered or hidden with a reason.
      expect([...offered.map((m) => m.id), ...hidden.map((m) => m.id)].sort()).toEqual(
        all.map((m) => m.id).sort(),
      );
      expect(hidden.map((m) => m.id).sort()).toEqual([...expectedHidden[country]!].sort());
      for (const h of hidden) expect(h.reason, h.id).toMatch(/flow/);
      // The phone is asked for exactly when the payer has none, and only for wallets.
      expect(view.order.asks).toEqual(phone ? undefined : { wallet: ['phone'] });

      // Offered: chosen, submitted, no 4xx, and paid (the card once for every brand: the checkout sends them all as CARD).
      expect(offered.some((m) => m.id === 'CARD')).toBe(true);
      for (const method of offered.filter((m) => m.type !== 'CARD' || m.id === 'CARD')) {
        const { status, ledger } = await pay(facts, method);
        expect(status, method.id).toBe(200);
        expect(
          ledger.entries.map((e) => [e.kind, e.status, e.money_moved]),
          method.id,
        ).toEqual([['payment', 'PAID', true]]);
      }

      // Hidden: the sandbox refuses each, and nothing is recorded.
      for (const h of hidden) {
        const method = all.find((m) => m.id === h.id)!;
        const { error, ledger } = await sendAsServer(facts, method);
        expect(error, h.id).toBeInstanceOf(PaymentsApiError);
        const refused = error as PaymentsApiError;
        // A wallet without the phone is refused for it first (the sandbox reads the request before the method), whatever its flows.
        const phoneFirst = !phone && method.type === 'WALLET';
        expect([refused.status, refused.code, refused.param], h.id).toEqual(
          // 5010 names no parameter (only 5001 does, as the API answers).
          phoneFirst ? [400, 5001, 'payer.phone'] : [400, 5010, undefined],
        );
        expect(ledger.entries, h.id).toEqual([]);
      }
    });
  }
}

test('an authorize or verify order is offered cards only: a wallet would be charged at once, or refused at zero amount', async () => {
  const mercadoPago = { id: 'MP', type: 'WALLET', allowed_flows: ['DIRECT', 'REDIRECT'] };
  const boleto = { id: 'BL', type: 'TICKET', allowed_flows: ['DIRECT', 'REDIRECT'] };
  for (const intent of ['authorize', 'verify'] as const) {
    const facts = orderOf('BR', true, { intent });
    const view = (await shop.browser(`/checkout?order=${(await shop.order(facts)).clientSecret}`))
      .body;
    expect(
      view.paymentMethods.map((m: Listed) => m.type),
      intent,
    ).toEqual(view.paymentMethods.map(() => 'CARD'));
    expect(view.hiddenMethods.find((m: { id: string }) => m.id === 'MP').reason).toContain(
      `${intent} order`,
    );
    expect(view.hiddenMethods.find((m: { id: string }) => m.id === 'BL').reason).toContain(
      `${intent} order`,
    );
    // The card is paid as the intent says.
    const card = await shop.order(facts);
    expect((await submitCard(shop, card.clientSecret)).res.body.payment.status).toBe(
      intent === 'authorize' ? 'AUTHORIZED' : 'VERIFIED',
    );
  }
  // What the hidden ones would do in the sandbox: the authorize order's wallet and voucher are charged, not authorized;
  for (const method of [mercadoPago, boleto]) {
    const { error, ledger } = await sendAsServer(
      orderOf('BR', true, { intent: 'authorize' }),
      method,
    );
    expect(error, method.id).toBeUndefined();
    expect(
      ledger.entries.map((e) => e.kind),
      method.id,
    ).toEqual(['payment']);
  }
  // the verify order's are refused (a zero amount is only for a card or wallet verification).
  for (const method of [mercadoPago, boleto]) {
    const { error, ledger } = await sendAsServer(orderOf('BR', true, { intent: 'verify' }), method);
    expect((error as PaymentsApiError).status, method.id).toBe(400);
    expect(ledger.entries).toEqual([]);
  }
  // A page that submits them all the same is refused by the server, before the API is asked.
  for (const intent of ['authorize', 'verify'] as const) {
    for (const method of [
      { type: 'wallet', methodId: 'MP' },
      { type: 'redirect', methodId: 'BL' },
    ]) {
      const order = await shop.order(orderOf('BR', true, { intent }));
      const res = await shop.browser('/payments', {
        method: 'POST',
        body: JSON.stringify({ order: order.clientSecret, attempt: crypto.randomUUID(), method }),
      });
      expect(
        [res.status, res.body.error.type, res.body.error.message],
        `${intent} ${method.methodId}`,
      ).toEqual([
        403,
        'method_not_allowed',
        `${intent === 'verify' ? 'a verify' : 'an authorize'} order is paid by card only, not ${method.methodId}`,
      ]);
      expect(shop.sandbox.ledger({ order_id: `${order.id}.1` }).entries).toEqual([]);
    }
  }
});

test("the order's methods: the others are hidden, saved cards too when it allows no card; the server refuses them still", async () => {
  const saved = await shop.client.cards.create({
    country: 'BR',
    card: {
      holder_name: 'Ana Lima',
      expiration_month: 10,
      expiration_year: 2040,
      number: '4111111111111111',
      cvv: '123',
    },
    payer: orderOf('BR', true).payer,
  });
  const pixOnly = await shop.order(
    orderOf('BR', true, { methods: ['PX'], savedCardIds: [saved.card_id] }),
  );
  const view = (await shop.browser(`/checkout?order=${pixOnly.clientSecret}`)).body;
  expect(view.paymentMethods.map((m: Listed) => m.id)).toEqual(['PX']);
  expect(view.savedCards).toEqual([]);
  expect(view.hiddenMethods.find((m: { id: string }) => m.id === 'VI').reason).toBe(
    "the order's methods (PX) do not include CARD",
  );
  const card = await submitCard(shop, pixOnly.clientSecret);
  expect([card.res.status, card.res.body.error.type]).toEqual([403, 'method_not_allowed']);
  const withCard = await shop.order(
    orderOf('BR', true, { methods: ['CARD'], savedCardIds: [saved.card_id] }),
  );
  expect((await shop.browser(`/checkout?order=${withCard.clientSecret}`)).body.savedCards).toEqual([
    { card_id: saved.card_id, brand: 'VI', last4: '1111' },
  ]);
});

test("a payer's saved wallet is offered when its method is paid by token; the checkout asks a payer without a phone for it", async () => {
  // A Mercado Pago wallet saved by a first payment, its token in the sandbox.
  const first = await shop.order(orderOf('BR', true, { offerToSaveWallet: true }));
  const res = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: first.clientSecret,
      attempt: crypto.randomUUID(),
      method: { type: 'wallet', methodId: 'MP', save: true },
    }),
  });
  await fetch(res.body.nextAction.url, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'approve' }),
  });
  const token = (await shop.client.payments.retrieve(res.body.payment.id)).wallet!.token!;
  const savedWallets = [{ token, methodId: 'MP', name: 'ana@mp' }];
  const noPhone = await shop.order(orderOf('BR', false, { savedWallets }));
  const askingView = (await shop.browser(`/checkout?order=${noPhone.clientSecret}`)).body;
  expect([askingView.savedWallets, askingView.order.asks]).toEqual([
    [{ methodId: 'MP', name: 'ana@mp' }],
    { wallet: ['phone'] },
  ]);
  const withTypedPhone = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: noPhone.clientSecret,
      attempt: crypto.randomUUID(),
      method: { type: 'wallet', methodId: 'MP', useSaved: true },
      payer: { phone: '+55 11 98765-4321' },
    }),
  });
  expect([withTypedPhone.status, withTypedPhone.body.payment.status]).toEqual([200, 'PAID']);
  const withPhone = await shop.order(orderOf('BR', true, { savedWallets }));
  expect(
    (await shop.browser(`/checkout?order=${withPhone.clientSecret}`)).body.savedWallets,
  ).toEqual([{ methodId: 'MP', name: 'ana@mp' }]);
  const paid = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: withPhone.clientSecret,
      attempt: crypto.randomUUID(),
      method: { type: 'wallet', methodId: 'MP', useSaved: true },
    }),
  });
  expect([paid.status, paid.body.payment.status]).toEqual([200, 'PAID']);
  expect(
    shop.sandbox.ledger({ order_id: `${withPhone.id}.1` }).entries.map((e) => e.money_moved),
  ).toEqual([true]);
});

test('outside development the view lists what it offers and says nothing of the rest', async () => {
  const production = await startShop({ development: false, store: new MemoryStore() }, shop);
  try {
    const order = await production.order(orderOf('BR', false));
    const view = (await production.browser(`/checkout?order=${order.clientSecret}`)).body;
    expect(view.paymentMethods.map((m: Listed) => m.id)).not.toContain('AP');
    expect(view.paymentMethods.map((m: Listed) => m.id)).toContain('MP');
    expect('hiddenMethods' in view).toBe(false);
  } finally {
    await production.close();
  }
});
