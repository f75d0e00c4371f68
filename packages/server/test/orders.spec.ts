/**
 * The order API (`POST /orders`): a refusal names every missing or wrong field at once, the
 * payer's country rules included; amounts that cannot be charged and unknown payer fields are
 * refused; an order with a payment attempt cannot change.
 */
import { clientSecretFor, MemoryStore, type MerchantOrder } from '@paylit/server';
import { createRedisStore } from '@paylit/server/redis';
import { createClient } from 'redis';
import { expect, test } from '@playwright/test';
import { payer, startShop, submitCard, uid, type Shop } from './support/harness.js';
import { startRedis } from './support/redis.js';

/** A memory store whose next `putOrder` waits at a gate: a payment can be made while an order is being written. */
class GatedStore extends MemoryStore {
  #gate: { reached: () => void; open: Promise<void> } | undefined;

  /** Holds the next order write; answers when it is held and the function that lets it through. */
  hold(): { held: Promise<void>; release: () => void } {
    let reached!: () => void;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (reached = resolve));
    this.#gate = { reached, open: new Promise<void>((resolve) => (release = resolve)) };
    return { held, release };
  }

  override async putOrder(order: MerchantOrder): Promise<void> {
    const gate = this.#gate;
    this.#gate = undefined;
    if (gate) {
      gate.reached();
      await gate.open;
    }
    return super.putOrder(order);
  }
}

const store = new GatedStore();
let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop({ store });
});
test.afterAll(async () => {
  await shop.close();
});

interface Posted {
  status: number;
  order: Record<string, unknown> | undefined;
  error: { type: string; message: string; param?: string } | undefined;
}

async function post(body: unknown): Promise<Posted> {
  const res = await shop.handler.request('/orders', {
    method: 'POST',
    headers: { Authorization: `Bearer ${shop.apiToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { order?: Record<string, unknown>; error?: Posted['error'] };
  return { status: res.status, order: json.order, error: json.error };
}

async function stored(id: string): Promise<Record<string, unknown>> {
  const res = await shop.handler.request(`/orders/${id}`, {
    headers: { Authorization: `Bearer ${shop.apiToken}` },
  });
  return ((await res.json()) as { order: Record<string, unknown> }).order;
}

/** What the sandbox's ledger says the order's attempts charged. */
const charged = (orderId: string) =>
  shop.sandbox
    .ledger()
    .entries.filter((e) => e.order_id?.startsWith(`${orderId}.`))
    .map((e) => `${e.status} ${e.amount} ${e.currency}`);

const address = {
  state: 'WC',
  city: 'Cape Town',
  zip_code: '8001',
  street: 'Long St',
  number: '1',
};

test('a body with three problems gets one answer naming all three', async () => {
  const { status, error } = await post({
    id: uid(),
    amount: -1,
    currency: 'reais',
    country: 'BR',
    payer: { ...payer, email: 'ana at example.com' },
  });
  expect(status).toBe(400);
  expect(error).toEqual({
    type: 'invalid_request',
    param: 'amount',
    message:
      '3 problems: amount must be a non-negative number with at most 8 integer digits and 2 decimals (10,2); ' +
      'currency must be an ISO 4217 currency code of three uppercase letters; payer.email must be an e-mail address',
  });
});

test("the country's payer rules are named with the rest, even when another field has the wrong type", async () => {
  // Brazil: a CPF or CNPJ; the amount is a word, which stops the order schema's own refinements.
  const br = await post({
    id: uid(),
    amount: 'lots',
    currency: 'BRL',
    country: 'BR',
    payer: { ...payer, document: '123.456.789-00' },
  });
  expect(br.status).toBe(400);
  expect(br.error!.message).toMatch(
    /^2 problems: amount must be a number.*; payer\.document is no CPF or CNPJ of BR: wrong check digit$/,
  );
  // South Africa: the full address; an unknown field and a bad URL too.
  const za = await post({
    id: uid(),
    amount: 499,
    currency: 'ZAR',
    country: 'ZA',
    payer: { ...payer, document: '8001015009087', address: { city: 'Cape Town' } },
    returnURL: 'https://shop.example/done',
  });
  expect(za.status).toBe(400);
  for (const field of [
    'returnURL is not a field of this request',
    'payer.address.state is required for payments in ZA',
    'payer.address.zip_code is required for payments in ZA',
    'payer.address.street is required for payments in ZA',
    'payer.address.number is required for payments in ZA',
  ]) {
    expect(za.error!.message).toContain(field);
  }
  expect(za.error!.message).toMatch(/^5 problems: /);
  // India: what the order gives is held to India's limits (a name of 3 to 50 characters, a
  // 6-digit PIN code); what it leaves out (birth date, phone, the address) the checkout asks for.
  const india = await post({
    id: uid(),
    amount: 10,
    currency: 'INR',
    country: 'IN',
    payer: { name: 'Al', document: 'AFZPK7190K' },
  });
  expect(india.error!.message).toBe('payer.name must be 3 to 50 characters in India');
  const pin = await post({
    id: uid(),
    amount: 10,
    currency: 'INR',
    country: 'IN',
    payer: { name: 'Asha Rao', address: { ...address, zip_code: '56001' } },
  });
  expect(pin.error!.message).toBe('payer.address.zip_code must be exactly 6 digits in India');
});

test('an order may leave out what the checkout collects: the view asks for what each way to pay needs, and the IP of Turkey comes from the request', async () => {
  // Turkey's payer.ip is the server's to add from the request; the order need not have it.
  expect(
    (
      await post({
        id: uid(),
        amount: 10,
        currency: 'TRY',
        country: 'TR',
        payer: { ...payer, document: '10000000146' },
      })
    ).status,
  ).toBe(201);
  const view = async (facts: Record<string, unknown>) => {
    const id = uid();
    expect((await post({ id, amount: 10, ...facts })).status).toBe(201);
    const secret = await clientSecretFor(shop.client, id);
    return (await shop.browser(`/checkout?order=${secret}`)).body;
  };
  // No payer at all, in India (cross-border): everything, the name too except for a new card (its holder).
  expect((await view({ currency: 'INR', country: 'IN' })).order.asks).toEqual({
    card: ['email', 'document', 'phone', 'birth_date', 'address'],
    saved_card: ['name', 'email', 'document', 'phone', 'birth_date', 'address'],
    wallet: ['name', 'email', 'document', 'phone', 'birth_date', 'address'],
    redirect: ['name', 'email', 'document', 'phone', 'birth_date', 'address'],
  });
  // South Africa with a name and an e-mail: the document and the full address; a wallet also the phone.
  expect(
    (await view({ currency: 'ZAR', country: 'ZA', payer: { name: 'Thandi', email: 't@x.co' } }))
      .order.asks,
  ).toEqual({
    card: ['document', 'address'],
    saved_card: ['document', 'address'],
    wallet: ['document', 'phone', 'address'],
    redirect: ['document', 'address'],
  });
  // An order with everything: no asks at all.
  expect('asks' in (await view({ currency: 'BRL', country: 'BR', payer })).order).toBe(false);
});

test('the view asks only for the ways the order can be paid: a card-only or Pix-only order is not asked a phone for wallets it does not offer', async () => {
  const view = async (facts: Record<string, unknown>) => {
    const id = uid();
    expect((await post({ id, amount: 10, currency: 'BRL', country: 'BR', ...facts })).status).toBe(
      201,
    );
    const secret = await clientSecretFor(shop.client, id);
    return (await shop.browser(`/checkout?order=${secret}`)).body;
  };
  // Everything but the phone, which only a wallet needs.
  const { phone: _phone, ...noPhone } = payer;
  const cardOnly = await view({ payer: noPhone, methods: ['CARD'] });
  expect(cardOnly.paymentMethods.every((m: { type: string }) => m.type === 'CARD')).toBe(true);
  expect('asks' in cardOnly.order).toBe(false);
  const pixOnly = await view({ payer: noPhone, methods: ['PQ'] });
  expect(pixOnly.paymentMethods.map((m: { id: string }) => m.id)).toEqual(['PQ']);
  expect('asks' in pixOnly.order).toBe(false);
  // A Boleto-only order without the CPF: asked for the one way it can be paid.
  const { document: _document, ...noDocument } = noPhone;
  expect((await view({ payer: noDocument, methods: ['BL'] })).order.asks).toEqual({
    redirect: ['document'],
  });
  // Every way of the country, without the phone: the wallets ask for it.
  expect((await view({ payer: noPhone })).order.asks).toEqual({ wallet: ['phone'] });
});

test("the payer's document is checked by its country's own rule, check digits included: a typo the API would take is caught here", async () => {
  const india = {
    birth_date: '01-02-1990',
    address: { ...address, city: 'Mumbai', street: 'Marine Drive', zip_code: '400001' },
  };
  const order = (country: string, currency: string, document: string) => ({
    id: uid(),
    amount: 10,
    currency,
    country,
    payer: { ...payer, ...(country === 'IN' ? india : {}), document },
  });
  // Each pair differs only in one character of the document (or in the document being there).
  for (const [country, currency, valid, typo, rule] of [
    [
      'BR',
      'BRL',
      '12.ABC.345/01DE-35',
      '12.ABC.345/01DE-36',
      'is no CPF or CNPJ of BR: wrong check digit',
    ],
    ['BR', 'BRL', '12abc34501de35', '12abc34501de36', 'is no CPF or CNPJ of BR: wrong check digit'],
    ['CL', 'CLP', '12.345.678-5', '12.345.678-4', 'is no RUT of CL: wrong check digit'],
    [
      'AR',
      'ARS',
      '20-12345678-6',
      '20-12345678-5',
      'is no DNI, CUIT or CUIL of AR: wrong check digit',
    ],
    [
      'IN',
      'INR',
      'AFZPK7190K',
      'AFZDK7190K',
      'is no PAN of IN: its fourth letter is no holder type (P, C, H, F, A, T, B, L, J, G or K)',
    ],
    [
      'MX',
      'MXN',
      'HEGG560427MVZRRL04',
      'HEGG560427MVZRRL05',
      'is no CURP or RFC of MX: wrong check digit',
    ],
    // A CUI whose remainder is 10 has no check digit: none is written 0.
    ['GT', 'GTQ', '7000000700101', '1000000700101', 'is no CUI of GT: wrong check digit'],
  ] as const) {
    const accepted = await post(order(country, currency, valid));
    expect([country, valid, accepted.status, accepted.error]).toEqual([
      country,
      valid,
      201,
      undefined,
    ]);
    const refused = await post(order(country, currency, typo));
    expect([country, typo, refused.status, refused.error]).toEqual([
      country,
      typo,
      400,
      { type: 'invalid_request', param: 'payer.document', message: `payer.document ${rule}` },
    ]);
  }
});

test("the payer's document may be left out in the Dominican Republic and Panama only: elsewhere the checkout asks for it", async () => {
  const { document: _document, ...noDocument } = payer;
  for (const [country, currency] of [
    ['PA', 'USD'],
    ['DO', 'DOP'],
  ]) {
    const id = uid();
    const res = await post({ id, amount: 10, currency, country, payer: noDocument });
    expect([country, res.status, res.error]).toEqual([country, 201, undefined]);
    const secret = await clientSecretFor(shop.client, id);
    const view = (await shop.browser(`/checkout?order=${secret}`)).body;
    expect([country, view.order.asks?.card]).toEqual([country, undefined]);
  }
  // Costa Rica asks for one: the same order with a cédula is taken, without it refused.
  expect(
    (
      await post({
        id: uid(),
        amount: 10,
        currency: 'CRC',
        country: 'CR',
        payer: { ...noDocument, document: '112340567' },
      })
    ).status,
  ).toBe(201);
  const id = uid();
  expect(
    (await post({ id, amount: 10, currency: 'CRC', country: 'CR', payer: noDocument })).status,
  ).toBe(201);
  const secret = await clientSecretFor(shop.client, id);
  expect((await shop.browser(`/checkout?order=${secret}`)).body.order.asks.card).toEqual([
    'document',
  ]);
});

test("an order whose payer holds an alphanumeric CNPJ is paid, and counted in the sandbox's ledger", async () => {
  const order = await shop.order({
    payer: { ...payer, name: 'Loja Exemplo Ltda', document: '12.ABC.345/01DE-35' },
  });
  const { res } = await submitCard(shop, order.clientSecret);
  expect(res.body.payment.status).toBe('PAID');
  expect(charged(order.id)).toEqual(['PAID 120 BRL']);
});

test('an amount of 0 is only for a verification; a single problem reads as before', async () => {
  expect(await post({ id: uid(), amount: 0, currency: 'BRL', country: 'BR', payer })).toEqual({
    status: 400,
    order: undefined,
    error: {
      type: 'invalid_request',
      param: 'amount',
      message: 'amount must be greater than 0 (0 is for intent "verify", a card check)',
    },
  });
  expect(
    (await post({ id: uid(), amount: 0, currency: 'BRL', country: 'BR', payer, intent: 'verify' }))
      .status,
  ).toBe(201);
});

test("orders that meet their country's rules are stored", async () => {
  for (const order of [
    { country: 'BR', currency: 'BRL', payer },
    { country: 'ZA', currency: 'ZAR', payer: { ...payer, document: '8001015009087', address } },
    {
      country: 'TR',
      currency: 'TRY',
      payer: { ...payer, document: '10000000146', ip: '203.0.113.7' },
    },
    {
      country: 'IN',
      currency: 'INR',
      payer: {
        ...payer,
        document: 'AFZPK7190K',
        birth_date: '01-02-1990',
        phone: '+919876543210',
        address: { ...address, city: 'Mumbai', street: 'Marine Drive', zip_code: '400001' },
      },
    },
    { country: 'MX', currency: 'MXN', payer: { name: 'Ana López', document: 'LOAA900101AB1' } },
  ]) {
    const res = await post({ id: uid(), amount: 10, ...order });
    expect([order.country, res.status, res.error]).toEqual([order.country, 201, undefined]);
  }
});

test('amounts that charge nothing are refused for a capture or an authorization, however they are written', async () => {
  const order = (amount: unknown, extra: Record<string, unknown> = {}) => ({
    id: uid(),
    amount,
    currency: 'BRL',
    country: 'BR',
    payer,
    ...extra,
  });
  const rule = 'amount must be greater than 0 (0 is for intent "verify", a card check)';
  // The accepted order differs from each refused one only in its amount.
  expect((await post(order('0.01'))).status).toBe(201);
  for (const amount of ['0', '0.00', 0, 0.0])
    expect([amount, await post(order(amount))]).toEqual([
      amount,
      {
        status: 400,
        order: undefined,
        error: { type: 'invalid_request', param: 'amount', message: rule },
      },
    ]);
  expect((await post(order('0', { intent: 'authorize' }))).error).toEqual({
    type: 'invalid_request',
    param: 'amount',
    message: rule,
  });
  for (const amount of ['-5', '-0.01', -1, 0.001, '0.001']) {
    const { status, error } = await post(order(amount));
    expect([amount, status, error?.param, error?.message]).toEqual([
      amount,
      400,
      'amount',
      'amount must be a non-negative number with at most 8 integer digits and 2 decimals (10,2)',
    ]);
  }
  // A currency without decimals: 0.4 CLP charges nothing, 1 CLP does.
  const clp = (amount: number) => ({
    id: uid(),
    amount,
    currency: 'CLP',
    country: 'CL',
    payer: { name: 'Ana Soto', document: '12.345.678-5' },
  });
  expect(await post(clp(0.4))).toEqual({
    status: 400,
    order: undefined,
    error: {
      type: 'invalid_request',
      param: 'amount',
      message: `amount rounds to 0 in CLP, which has 0 decimals: it must be greater than 0 (0 is for intent "verify", a card check)`,
    },
  });
  expect((await post(clp(1))).status).toBe(201);
  // A verification checks the card whatever the amount says.
  expect((await post(order('0', { intent: 'verify' }))).status).toBe(201);
  // Named with the other problems of the body, in one answer.
  const both = await post({ ...order('0.00'), currency: 'reais' });
  expect(both.error!.message).toBe(
    `2 problems: currency must be an ISO 4217 currency code of three uppercase letters; ${rule}`,
  );
});

test('an authorize or verify order that allows no card is refused: only a card can be authorized or verified', async () => {
  const order = (intent: string, methods: string[]) => ({
    id: uid(),
    amount: intent === 'verify' ? 0 : 120,
    currency: 'BRL',
    country: 'BR',
    payer,
    intent,
    methods,
  });
  // Accepted: a card among the methods, as CARD or as a brand.
  for (const methods of [['CARD'], ['VI'], ['PQ', 'MC']])
    for (const intent of ['authorize', 'verify'])
      expect([intent, methods, (await post(order(intent, methods))).status]).toEqual([
        intent,
        methods,
        201,
      ]);
  // Refused: Pix, a Boleto, a wallet (Apple Pay pays with a card, but as a wallet): nothing the checkout could offer.
  for (const methods of [['PQ'], ['BL', 'PQ'], ['AP', 'MP']])
    for (const intent of ['authorize', 'verify'])
      expect([intent, methods, await post(order(intent, methods))]).toEqual([
        intent,
        methods,
        {
          status: 400,
          order: undefined,
          error: {
            type: 'invalid_request',
            param: 'methods',
            message: `methods must include a card (CARD or a card brand such as VI) for intent "${intent}": only a card payment can be ${intent === 'verify' ? 'verified at zero amount' : 'authorized and captured later'}`,
          },
        },
      ]);
  // A capture order may allow Pix alone.
  expect((await post(order('capture', ['PQ']))).status).toBe(201);
});

test('an unknown payer field, or address field, is refused by name, with every other problem', async () => {
  const base = { amount: 120, currency: 'BRL', country: 'BR' };
  // The accepted order differs from the refused ones only in the field's name.
  expect(
    (
      await post({
        id: uid(),
        ...base,
        payer: { ...payer, address: { city: 'Recife', zip_code: '50000' } },
      })
    ).status,
  ).toBe(201);
  const misspelt = await post({
    id: uid(),
    ...base,
    payer: { ...payer, emial: 'thiago@example.com' },
  });
  expect(misspelt).toEqual({
    status: 400,
    order: undefined,
    error: {
      type: 'invalid_request',
      param: 'payer.emial',
      message: 'payer.emial is not a field of this request',
    },
  });
  const nested = await post({
    id: uid(),
    ...base,
    payer: { ...payer, address: { city: 'Recife', zipcode: '50000' } },
  });
  expect(nested.error).toEqual({
    type: 'invalid_request',
    param: 'payer.address.zipcode',
    message: 'payer.address.zipcode is not a field of this request',
  });
  const all = await post({
    id: uid(),
    ...base,
    amount: 'lots',
    payer: { ...payer, document: '123', emial: 'x', address: { zipcode: '1' } },
  });
  expect(all.status).toBe(400);
  for (const part of [
    'amount must be a number',
    'payer.emial is not a field of this request',
    'payer.address.zipcode is not a field of this request',
    'payer.document is no CPF or CNPJ of BR: wrong length',
  ])
    expect(all.error!.message).toContain(part);
  // null still stands for absent.
  expect(
    (await post({ id: uid(), ...base, payer: { ...payer, address: null, email: null } })).status,
  ).toBe(201);
});

test('an order with a payment cannot change: 409 naming what changed, and the order still reads as paid for', async () => {
  const order = await shop.order();
  const { res } = await submitCard(shop, order.clientSecret);
  expect(res.body.payment.status).toBe('PAID');
  const same = { id: order.id, amount: 120, currency: 'BRL', country: 'BR', payer };
  // The same order again is answered as stored (200, nothing created), also with its amount as a string.
  for (const again of [same, { ...same, amount: '120.00' }]) {
    const answer = await post(again);
    expect([answer.status, answer.order]).toEqual([200, await stored(order.id)]);
  }
  const refused = await post({ ...same, amount: 980 });
  expect(refused).toEqual({
    status: 409,
    order: undefined,
    error: {
      type: 'order_has_payment',
      param: 'amount',
      message: `order ${order.id} has a payment attempt, so it cannot change (amount 120 → 980); post it unchanged, or make a new order`,
    },
  });
  expect((await stored(order.id)).amount).toBe(120);
  // Each field a payment charged is held, the payer's by name; the first change is `param`.
  for (const [change, param] of [
    [{ currency: 'USD' }, 'currency'],
    [
      { country: 'MX', currency: 'MXN', payer: { name: 'Ana López', document: 'LOAA900101AB1' } },
      'currency',
    ],
    [{ intent: 'authorize' }, 'intent'],
    [{ payer: { ...payer, email: 'other@example.com' } }, 'payer.email'],
    [{ payer: { ...payer, address: { city: 'Recife' } } }, 'payer.address'],
    [{ description: 'another' }, 'description'],
  ] as const) {
    const answer = await post({ ...same, ...change });
    expect([param, answer.status, answer.error?.type, answer.error?.param]).toEqual([
      param,
      409,
      'order_has_payment',
      param,
    ]);
  }
  expect(await stored(order.id)).toMatchObject({
    amount: 120,
    currency: 'BRL',
    country: 'BR',
    intent: 'capture',
    payer,
  });
  expect(charged(order.id)).toEqual(['PAID 120 BRL']);
});

test('a declined attempt is an attempt: the order cannot change after it either; an order never paid may be replaced', async () => {
  const declined = await shop.order({ description: 'declined 302' });
  expect((await submitCard(shop, declined.clientSecret)).res.body.payment).toMatchObject({
    status: 'REJECTED',
    status_code: '302',
  });
  const refused = await post({
    id: declined.id,
    amount: 980,
    currency: 'BRL',
    country: 'BR',
    payer,
    description: 'declined 302',
  });
  expect([refused.status, refused.error?.param]).toEqual([409, 'amount']);
  const fresh = await shop.order();
  const replaced = await post({ id: fresh.id, amount: 980, currency: 'BRL', country: 'BR', payer });
  expect([replaced.status, replaced.order?.amount, (await stored(fresh.id)).amount]).toEqual([
    201, 980, 980,
  ]);
});

test('a payment made while the order is being replaced: the change is refused and the order put back as it was paid', async () => {
  const order = await shop.order();
  const { held, release } = store.hold();
  // The change passed its first check (no attempt yet) and waits to write…
  const change = post({ id: order.id, amount: 980, currency: 'BRL', country: 'BR', payer });
  await held;
  // …while the shopper pays the order as it is.
  expect((await submitCard(shop, order.clientSecret)).res.body.payment).toMatchObject({
    status: 'PAID',
    amount: 120,
  });
  release();
  expect(await change).toMatchObject({
    status: 409,
    error: { type: 'order_has_payment', param: 'amount' },
  });
  expect((await stored(order.id)).amount).toBe(120);
  expect(charged(order.id)).toEqual(['PAID 120 BRL']);
});

test('a store that lost a paid order asks the API: the order cannot come back as another amount, nor change once posted back as it was', async () => {
  const order = await shop.order();
  expect((await submitCard(shop, order.clientSecret)).res.body.payment).toMatchObject({
    status: 'PAID',
    amount: 120,
  });
  // Another process on an empty store, as after a restart of the memory store.
  const restarted = await startShop({ store: new MemoryStore() }, shop);
  try {
    const post = async (body: Record<string, unknown>) => {
      const res = await fetch(`${restarted.base}/orders`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${restarted.apiToken}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      return {
        status: res.status,
        body: (await res.json()) as { error?: { type: string; param?: string; message: string } },
      };
    };
    const same = { id: order.id, amount: 120, currency: 'BRL', country: 'BR', payer };
    const changed = await post({ ...same, amount: 980 });
    expect([changed.status, changed.body.error]).toEqual([
      409,
      {
        type: 'order_has_payment',
        param: 'amount',
        message: `order ${order.id} has a payment attempt of 120 BRL at the payments API, so it cannot be 980 BRL; post it as it was, or make a new order`,
      },
    ]);
    expect((await post(same)).status).toBe(201);
    // Posted back as it was, it has its payment: listed, and it cannot change now either.
    const listed = await fetch(`${restarted.base}/orders/${order.id}`, {
      headers: { Authorization: `Bearer ${restarted.apiToken}` },
    });
    expect(((await listed.json()) as { payments: string[] }).payments).toHaveLength(1);
    const after = await post({ ...same, amount: 980 });
    expect([after.status, after.body.error?.type, after.body.error?.param]).toEqual([
      409,
      'order_has_payment',
      'amount',
    ]);
    expect(charged(order.id)).toEqual(['PAID 120 BRL']);
  } finally {
    await restarted.close();
  }
});

test('two instances on one Redis: an order paid through one cannot change through the other, nor once its payment state is evicted', async () => {
  const redis = await startRedis();
  const prefix = `orders-${Date.now()}:`;
  const stores = [
    await createRedisStore({ url: redis.url, prefix }),
    await createRedisStore({ url: redis.url, prefix }),
  ];
  const [a, b] = [
    await startShop({ store: stores[0] }, shop),
    await startShop({ store: stores[1] }, shop),
  ];
  try {
    const order = await a.order();
    expect((await submitCard(a, order.clientSecret)).res.body.payment.status).toBe('PAID');
    const post = async (amount: number) => {
      const res = await fetch(`${b.base}/orders`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${b.apiToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: order.id, amount, currency: 'BRL', country: 'BR', payer }),
      });
      return {
        status: res.status,
        body: (await res.json()) as {
          order?: { amount: number };
          error?: { type: string; param?: string };
        },
      };
    };
    const changed = await post(980);
    expect([changed.status, changed.body.error?.type, changed.body.error?.param]).toEqual([
      409,
      'order_has_payment',
      'amount',
    ]);
    const same = await post(120);
    expect([same.status, same.body.order?.amount]).toEqual([200, 120]);
    // Its payment state evicted (maxmemory), the order kept: the API is asked, and it still cannot change.
    const direct = createClient({ url: redis.url });
    await direct.connect();
    try {
      await direct.del([`${prefix}charge:${order.id}`, `${prefix}order-payments:${order.id}`]);
    } finally {
      await direct.quit();
    }
    const evicted = await post(980);
    expect([evicted.status, evicted.body.error?.type, evicted.body.error?.param]).toEqual([
      409,
      'order_has_payment',
      'amount',
    ]);
    expect(charged(order.id)).toEqual(['PAID 120 BRL']);
  } finally {
    await a.close();
    await b.close();
    for (const s of stores) await s.close();
    await redis.stop();
  }
});

test("an order whose charge state was restored to 'open at 1' after it was paid still cannot change: its payment is linked in the store", async () => {
  const order = await shop.order();
  const stale = (await store.getCharge(order.id))!;
  const { res } = await submitCard(shop, order.clientSecret);
  expect(res.body.payment.status).toBe('PAID');
  // A snapshot of the charge state taken before the payment is restored; the payment's link stays.
  const now = (await store.getCharge(order.id))!;
  expect(await store.swapCharge(order.id, now.rev, { ...stale, rev: 'r-restored' })).toBe(true);
  expect(await store.paymentsOfOrder(order.id)).toEqual([res.body.payment.id]);
  const changed = await post({ id: order.id, amount: 980, currency: 'BRL', country: 'BR', payer });
  expect([changed.status, changed.error?.type, changed.error?.param]).toEqual([
    409,
    'order_has_payment',
    'amount',
  ]);
  expect((await stored(order.id)).amount).toBe(120);
});
