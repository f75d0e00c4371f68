/**
 * The payer's details the order leaves out, collected by the checkout and checked by the
 * companion server as each country checks them; and the signals that fraud prevention reads.
 * Every payment goes to the sandbox over HTTP, and what it recorded is read back: the record's
 * payer, and what the request carried for fraud prevention (`/sandbox-tools/risk`).
 */
import { expect, test } from '@playwright/test';
import type { MerchantOrderInput } from '@paylit/server';
import { startShop, submitCard, uid, type Shop } from './support/harness.js';

let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(async () => {
  await shop.close();
});

/** What the sandbox's fraud prevention received with a payment. */
async function risk(s: Shop, paymentId: string) {
  const res = await fetch(`${s.sandboxUrl}/sandbox-tools/risk?payment_id=${paymentId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    payer: { ip?: string; user_reference?: string };
    device?: { type?: string };
    additional_risk_data?: {
      device?: { user_agent?: string; locale?: string };
      purchase?: { is_retry?: boolean };
    };
    original_order_id?: string;
  };
}

/** Goes through a 3-D Secure page or a method's page as a payer who approves. */
async function approve(answer: { nextAction?: { type: string; url: string } }) {
  if (answer.nextAction?.type !== 'redirect') return;
  const page = await fetch(answer.nextAction.url, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'approve' }),
  });
  expect(page.status).toBe(200);
}

const ledger = (s: Shop, orderId: string, n = 1) =>
  s.sandbox
    .ledger({ order_id: `${orderId}.${n}` })
    .entries.map((e) => [e.kind, e.status, e.money_moved]);

const address = {
  street: 'Avenida Paulista',
  number: '1578',
  city: 'São Paulo',
  state: 'SP',
  zip_code: '01310-200',
};

interface Market {
  country: string;
  currency: string;
  amount: number;
  /** What the merchant's order has of the payer. */
  payer: MerchantOrderInput['payer'];
  /** What the view asks for a new card. */
  needs: string[];
  /** As a shopper types them: punctuation, lower case, a national phone. */
  typed: Record<string, unknown>;
  /** One wrong detail (a check digit), and the field the refusal names. */
  wrong: Record<string, unknown>;
  wrongField: string;
  /** What the sandbox's record holds. */
  recorded: Record<string, unknown>;
}

const markets: Record<string, Market> = {
  'Brazil, a CPF': {
    country: 'BR',
    currency: 'BRL',
    amount: 120,
    payer: { name: 'Ana Lima', email: 'ana@example.com' },
    needs: ['document'],
    typed: { document_type: 'CPF', document: '530.333.155-50' },
    wrong: { document_type: 'CPF', document: '530.333.155-51' },
    wrongField: 'payer.document',
    recorded: { document: '53033315550' },
  },
  'Brazil, an alphanumeric CNPJ': {
    country: 'BR',
    currency: 'BRL',
    amount: 120,
    payer: { name: 'Loja Exemplo Ltda' },
    needs: ['email', 'document'],
    typed: {
      email: ' compras@loja.example ',
      document_type: 'CNPJ',
      document: '12.abc.345/01de-35',
    },
    wrong: { email: 'compras@loja.example', document_type: 'CNPJ', document: '12.ABC.345/01DE-36' },
    wrongField: 'payer.document',
    recorded: { email: 'compras@loja.example', document: '12ABC34501DE35' },
  },
  'Argentina, a CUIT': {
    country: 'AR',
    currency: 'ARS',
    amount: 5000,
    payer: { name: 'Lucía Pérez', email: 'lucia@example.com' },
    needs: ['document'],
    typed: { document_type: 'CUIT', document: '20-12345678-6' },
    wrong: { document_type: 'CUIT', document: '20-12345678-5' },
    wrongField: 'payer.document',
    recorded: { document: '20123456786' },
  },
  'Chile, a RUT ending in K': {
    country: 'CL',
    currency: 'CLP',
    amount: 15000,
    payer: { name: 'Matías Soto', email: 'matias@example.com' },
    needs: ['document'],
    typed: { document: '10.000.013-k' },
    wrong: { document: '12.345.678-4' },
    wrongField: 'payer.document',
    recorded: { document: '10000013K' },
  },
  'Colombia, a NIT': {
    country: 'CO',
    currency: 'COP',
    amount: 50000,
    payer: { name: 'Camila Gómez', email: 'camila@example.com' },
    needs: ['document'],
    typed: { document_type: 'NIT', document: '900.123.456-8' },
    // As a CC, any 6 to 11 digits; as the NIT the shopper chose, a wrong check digit.
    wrong: { document_type: 'NIT', document: '900.123.456-7' },
    wrongField: 'payer.document',
    recorded: { document: '9001234568' },
  },
  'Mexico, a CURP': {
    country: 'MX',
    currency: 'MXN',
    amount: 500,
    payer: { name: 'Guadalupe Hernández', email: 'lupe@example.com' },
    needs: ['document'],
    typed: { document_type: 'CURP', document: 'hegg560427mvzrrl04' },
    wrong: { document_type: 'CURP', document: 'HEGG560427MVZRRL05' },
    wrongField: 'payer.document',
    recorded: { document: 'HEGG560427MVZRRL04' },
  },
  'Peru, a RUC': {
    country: 'PE',
    currency: 'PEN',
    amount: 100,
    payer: { name: 'Rosa Quispe', email: 'rosa@example.com' },
    needs: ['document'],
    typed: { document_type: 'RUC', document: '20512345671' },
    wrong: { document_type: 'RUC', document: '20512345672' },
    wrongField: 'payer.document',
    recorded: { document: '20512345671' },
  },
  'Uruguay, a CI': {
    country: 'UY',
    currency: 'UYU',
    amount: 1000,
    payer: { name: 'Martina Silva', email: 'martina@example.com' },
    needs: ['document'],
    typed: { document_type: 'CI', document: '4.567.890-5' },
    wrong: { document_type: 'CI', document: '4.567.890-4' },
    wrongField: 'payer.document',
    recorded: { document: '45678905' },
  },
  'India, cross-border: PAN, birth date, phone and the full address with a 6-digit PIN': {
    country: 'IN',
    currency: 'INR',
    amount: 1500,
    payer: { name: 'Asha Rao', email: 'asha@example.com' },
    needs: ['document', 'phone', 'birth_date', 'address'],
    typed: {
      document: 'afzpk7190k',
      phone: '098765 43210',
      birth_date: '02-04-1990',
      address: {
        street: 'MG Road',
        number: '12',
        city: 'Bengaluru',
        state: 'KA',
        zip_code: '560 001',
      },
    },
    wrong: {
      document: 'AFZPK7190K',
      phone: '9876543210',
      birth_date: '02-04-1990',
      address: {
        street: 'MG Road',
        number: '12',
        city: 'Bengaluru',
        state: 'KA',
        zip_code: '56001',
      },
    },
    wrongField: 'payer.address.zip_code',
    recorded: {
      document: 'AFZPK7190K',
      phone: '+919876543210',
      birth_date: '02-04-1990',
      address: {
        street: 'MG Road',
        number: '12',
        city: 'Bengaluru',
        state: 'KA',
        zip_code: '560001',
      },
    },
  },
  'South Africa: the full address': {
    country: 'ZA',
    currency: 'ZAR',
    amount: 499,
    payer: { name: 'Thandi Nkosi', email: 'thandi@example.com', document: '8001015009087' },
    needs: ['address'],
    typed: {
      address: {
        street: 'Long Street',
        number: '1',
        city: 'Cape Town',
        state: 'WC',
        zip_code: '8001',
      },
    },
    wrong: {
      address: {
        street: 'Long Street',
        number: '1',
        city: 'Cape Town',
        state: 'WC',
        zip_code: '80011',
      },
    },
    wrongField: 'payer.address.zip_code',
    recorded: {
      address: {
        street: 'Long Street',
        number: '1',
        city: 'Cape Town',
        state: 'WC',
        zip_code: '8001',
      },
    },
  },
};

for (const [name, m] of Object.entries(markets)) {
  test(`${name}: the view asks for exactly what is missing, a wrong detail is refused by name before the API, the typed details are paid normalized`, async () => {
    const order = await shop.order({
      country: m.country,
      currency: m.currency,
      amount: m.amount,
      payer: m.payer,
    });
    const view = (await shop.browser(`/checkout?order=${order.clientSecret}`)).body;
    expect(view.order.asks.card).toEqual(m.needs);

    // Nothing: every missing detail named at once.
    const none = await submitCard(shop, order.clientSecret);
    expect(none.res.status).toBe(400);
    expect(none.res.body.error.fields.map((f: { param: string }) => f.param)).toEqual(
      m.needs.map((d) => `payer.${d}`),
    );
    // A wrong check digit or postal code: refused on its field.
    const wrong = await submitCard(shop, order.clientSecret, { payer: m.wrong });
    expect([wrong.res.status, wrong.res.body.error.param]).toEqual([400, m.wrongField]);
    expect(ledger(shop, order.id)).toEqual([]);

    const paid = await submitCard(shop, order.clientSecret, { payer: m.typed });
    expect(paid.res.status).toBe(200);
    await approve(paid.res.body);
    const record = await shop.client.payments.retrieve(paid.res.body.payment.id);
    expect(record.status).toBe('PAID');
    expect(record.payer).toMatchObject({ ...m.payer, ...m.recorded });
    expect(record.payer).not.toHaveProperty('document_type');
    expect(ledger(shop, order.id)).toEqual([['payment', 'PAID', true]]);
    // Paid: the view asks for nothing more.
    const after = (await shop.browser(`/checkout?order=${order.clientSecret}`)).body;
    expect(after.order.asks).toBeUndefined();
  });
}

test("a body that changes the order's own payer details is refused, and nothing is charged", async () => {
  const order = await shop.order({
    payer: { name: 'Ana Lima', email: 'ana@example.com', address },
  });
  for (const payer of [
    { email: 'thief@example.com', document: '530.333.155-50' },
    { address: { city: 'Rio de Janeiro' } },
    { name: 'Someone Else', document: '530.333.155-50' },
  ]) {
    const { res } = await submitCard(shop, order.clientSecret, { payer });
    expect([res.status, res.body.error.type]).toEqual([403, 'forbidden']);
    expect(res.body.error.param).toMatch(/^payer\.(email|address\.city|name)$/);
  }
  expect(ledger(shop, order.id)).toEqual([]);
  // Only what the order lacks is taken.
  const { res } = await submitCard(shop, order.clientSecret, {
    payer: { document: '530.333.155-50' },
  });
  expect(res.body.payment.status).toBe('PAID');
  const record = await shop.client.payments.retrieve(res.body.payment.id);
  expect(record.payer).toMatchObject({
    name: 'Ana Lima',
    email: 'ana@example.com',
    document: '53033315550',
    address,
  });
});

test('the signals: the client address (an undeclared X-Forwarded-For ignored), device WEB, the user agent, the locale and the user reference', async () => {
  const order = await shop.order({
    payer: {
      name: 'Ana Lima',
      email: 'ana@example.com',
      document: '53033315550',
      user_reference: 'shopper-42',
    },
  });
  const { res } = await submitCard(shop, order.clientSecret, {}, undefined, {
    'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 paylit-spec',
    'Accept-Language': 'pt-BR,pt;q=0.9,en;q=0.8',
    'X-Forwarded-For': '203.0.113.9',
  });
  expect(res.body.payment.status).toBe('PAID');
  expect(await risk(shop, res.body.payment.id)).toEqual({
    payer: expect.objectContaining({ ip: '127.0.0.1', user_reference: 'shopper-42' }),
    device: { type: 'WEB' },
    additional_risk_data: {
      device: {
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 paylit-spec',
        locale: 'pt-BR',
      },
    },
  });
});

test('behind a proxy the merchant declares, the shopper is the rightmost address the proxy did not write', async () => {
  const proxied = await startShop({ trustProxy: ['127.0.0.1'] }, shop);
  try {
    for (const [forwarded, ip] of [
      ['203.0.113.9', '203.0.113.9'],
      // The left entry is whatever the client wrote: only the proxy's own entry counts.
      ['198.51.100.7, 203.0.113.9', '203.0.113.9'],
      ['2001:db8::5', '2001:db8::5'],
    ] as const) {
      const order = await proxied.order();
      const { res } = await submitCard(proxied, order.clientSecret, {}, undefined, {
        'X-Forwarded-For': forwarded,
      });
      expect(res.body.payment.status).toBe('PAID');
      expect((await risk(proxied, res.body.payment.id)).payer.ip, forwarded).toBe(ip);
    }
  } finally {
    await proxied.close();
  }
});

test('declined, then paid: the second attempt retries the first (original_order_id, is_retry), with the details the shopper gave the first time', async () => {
  // The merchant's own order lookup: the first attempt's description asks the sandbox to decline.
  let description: string | undefined = '300';
  const own = await startShop(
    {
      resolveOrder: async (id) => ({
        id,
        amount: 120,
        currency: 'BRL',
        country: 'BR',
        payer: { name: 'Ana Lima', email: 'ana@example.com' },
        ...(description ? { description } : {}),
      }),
    },
    shop,
  );
  try {
    const id = uid('retry');
    const first = await submitCard(own, id, { payer: { document: '530.333.155-50' } });
    expect(first.res.body.payment.status).toBe('REJECTED');
    const declined = await risk(own, first.res.body.payment.id);
    expect(declined.original_order_id).toBeUndefined();
    expect(declined.additional_risk_data?.purchase).toBeUndefined();
    // The document is stored with the order's charge state: the view does not ask again (a
    // wallet would still need the phone, which the shopper has not given).
    const view = (await own.browser(`/checkout?order=${await own.secret(id)}`)).body;
    expect(view.order.asks).toEqual({ wallet: ['phone'] });

    description = undefined;
    const second = await submitCard(own, id);
    expect(second.res.body.payment.status).toBe('PAID');
    const retried = await risk(own, second.res.body.payment.id);
    expect(retried.original_order_id).toBe(`${id}.1`);
    expect(retried.additional_risk_data?.purchase).toEqual({ is_retry: true });
    const record = await own.client.payments.retrieve(second.res.body.payment.id);
    expect([record.order_id, record.payer?.document]).toEqual([`${id}.2`, '53033315550']);
    expect(ledger(own, id, 1)).toEqual([['payment', 'REJECTED', false]]);
    expect(ledger(own, id, 2)).toEqual([['payment', 'PAID', true]]);
  } finally {
    await own.close();
  }
});

/** A new card paid as the checkout submits it, with `method` fields added (`save`). */
async function payCard(s: Shop, secret: string, method: Record<string, unknown> = {}) {
  const { encryptCard } = await import('@paylit/core/crypto');
  const view = (await s.browser(`/checkout?order=${secret}`)).body;
  return s.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: secret,
      attempt: crypto.randomUUID(),
      method: {
        type: 'card',
        encryptedData: await encryptCard(
          { number: '5555555555554444', cvv: '123' },
          view.publicKey,
        ),
        holderName: 'Thiago Gabriel',
        expirationMonth: 10,
        expirationYear: 2040,
        ...method,
      },
    }),
  });
}

test('a card saved only with consent, for an order that offers it: unticked saves nothing, ticked answers the card_id the next order offers; an order that does not offer it refuses', async () => {
  const offering = await shop.order({ offerToSaveCard: true });
  const view = (await shop.browser(`/checkout?order=${offering.clientSecret}`)).body;
  expect(view.order.asks).toEqual({ card: ['save_card'] });

  // Unticked: nothing saved, no card_id anywhere.
  const unticked = await payCard(shop, offering.clientSecret);
  expect(unticked.body.payment.status).toBe('PAID');
  expect(unticked.body.payment.card).not.toHaveProperty('card_id');
  const plain = await shop.client.payments.retrieve(unticked.body.payment.id);
  expect([plain.card?.save, plain.card?.card_id]).toEqual([undefined, undefined]);

  // Ticked: saved as a card on file, its first use; the browser gets its id for the merchant.
  const consented = await shop.order({ offerToSaveCard: true });
  const saved = await payCard(shop, consented.clientSecret, { save: true });
  expect(saved.body.payment.status).toBe('PAID');
  const cardId = saved.body.payment.card.card_id as string;
  expect(cardId).toMatch(/\S/);
  const record = await shop.client.payments.retrieve(saved.body.payment.id);
  expect(record.card).toMatchObject({
    save: true,
    card_id: cardId,
    stored_credential_usage: 'FIRST',
    last4: '4444',
  });
  // The next order offers it, by brand and last four.
  const next = await shop.order({ savedCardIds: [cardId] });
  expect((await shop.browser(`/checkout?order=${next.clientSecret}`)).body.savedCards).toEqual([
    { card_id: cardId, brand: 'MC', last4: '4444' },
  ]);

  // An order that does not offer it: a body asking to save is refused, and nothing is charged.
  const other = await shop.order();
  const refused = await payCard(shop, other.clientSecret, { save: true });
  expect([refused.status, refused.body.error.type, refused.body.error.param]).toEqual([
    403,
    'forbidden',
    'method.save',
  ]);
  expect(ledger(shop, other.id)).toEqual([]);
});

test("what a hostile page sends as the payer's details is refused by name, and nothing is charged: a control character, an unknown or re-cased key, a wrong document type, a field far too long", async () => {
  const order = await shop.order({ payer: { name: 'Ana Lima', email: 'ana@example.com' } });
  for (const [payer, param] of [
    [
      { document: '530.333.155-50', address: { street: 'Rua A\nX-Injected: 1' } },
      'payer.address.street',
    ],
    [{ document: '530333155\u000050' }, 'payer.document'],
    // A right-to-left override would make the street read otherwise in the merchant's records.
    [{ document: '530.333.155-50', address: { street: 'Rua \u202eA 12' } }, 'payer.address.street'],
    [{ Document: '530.333.155-50' }, undefined],
    [{ document: '530.333.155-50', document_type: 'cpf' }, 'payer.document_type'],
    [{ document: '530.333.155-50', phone: '9'.repeat(10_000) }, 'payer.phone'],
  ] as const) {
    const { res } = await submitCard(shop, order.clientSecret, { payer });
    expect(res.status, JSON.stringify(payer).slice(0, 60)).toBe(400);
    if (param) expect(res.body.error.param).toBe(param);
  }
  // __proto__ written as JSON, as a hostile page would send it.
  const proto = await shop.browser('/payments', {
    method: 'POST',
    body: `{"order":"${order.clientSecret}","attempt":"${crypto.randomUUID()}","method":{"type":"redirect","methodId":"BL"},"payer":{"__proto__":{"document":"53033315550"}}}`,
  });
  expect(proto.status).toBe(400);
  expect(ledger(shop, order.id)).toEqual([]);
});

test("malformed payer details are named all at once, each on its field, as the country's rules are", async () => {
  const order = await shop.order({
    country: 'IN',
    currency: 'INR',
    amount: 1500,
    payer: { name: 'Asha Rao', email: 'asha@example.com' },
  });
  const { res } = await submitCard(shop, order.clientSecret, {
    payer: {
      document: 'AFZPK7190K',
      phone: '+919876543210',
      birth_date: '31-02-1990',
      address: {
        street: 'MG Road',
        number: '',
        city: 'Bengaluru',
        state: 'KA',
        zip_code: '560001',
      },
    },
  });
  expect(res.status).toBe(400);
  expect(res.body.error.fields.map((f: { param: string }) => f.param)).toEqual([
    'payer.birth_date',
    'payer.address.number',
  ]);
  expect(res.body.error.param).toBe('payer.birth_date');
  expect(ledger(shop, order.id)).toEqual([]);
});

test("behind a declared proxy, an X-Forwarded-For entry that is no IP address is not sent as the payer's IP", async () => {
  const proxied = await startShop({ trustProxy: 1 }, shop);
  try {
    const order = await proxied.order();
    const { res } = await submitCard(proxied, order.clientSecret, {}, undefined, {
      'X-Forwarded-For': 'beef, not-an-address',
    });
    expect(res.body.payment.status).toBe('PAID');
    expect((await risk(proxied, res.body.payment.id)).payer).not.toHaveProperty('ip');
  } finally {
    await proxied.close();
  }
});

test('a paid order submitted again after the store lost it, without the details the shopper gave: the payment made, not a request for them', async () => {
  const resolveOrder = async (id: string) => ({
    id,
    amount: 120,
    currency: 'BRL',
    country: 'BR',
    payer: { name: 'Ana Lima', email: 'ana@example.com' },
  });
  const first = await startShop({ resolveOrder }, shop);
  // The same merchant after a restart: its memory store knows nothing.
  const restarted = await startShop({ resolveOrder }, shop);
  try {
    const id = uid('lost');
    const paid = await submitCard(first, id, { payer: { document: '530.333.155-50' } });
    expect(paid.res.body.payment.status).toBe('PAID');
    // Another tab, or Pay pressed again after the restart, sends no details: the order is paid.
    const again = await submitCard(restarted, id);
    expect([again.res.status, again.res.body.payment?.id, again.res.body.replayed]).toEqual([
      200,
      paid.res.body.payment.id,
      true,
    ]);
    expect(ledger(shop, id)).toEqual([['payment', 'PAID', true]]);
    expect(ledger(shop, id, 2)).toEqual([]);
  } finally {
    await Promise.all([first.close(), restarted.close()]);
  }
});
