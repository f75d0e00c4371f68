/**
 * What an attacker may not slip past the checkout's consent and text rules, against the real
 * checkout handler and the real sandbox over HTTP: a wallet saved on an order that offers no
 * saving, and names or addresses carrying bidirectional overrides, separators or other format
 * characters. What reached the API is read from the sandbox (its ledger, its records, its
 * payments), never from the server's own bookkeeping.
 */
import { encryptCard } from '@paylit/core/crypto';
import { expect, test } from '@playwright/test';
import {
  payer,
  southAfricanPayer,
  startSandbox,
  startShop,
  shopPaths,
  type Harness,
  type Shop,
} from '../../packages/server/test/support/harness.js';
import { report } from './support.js';

let h: Harness;

test.beforeAll(async () => {
  h = await startSandbox();
});
test.afterAll(async () => {
  await h?.close();
});

/** The payments the sandbox holds for a merchant order, all its attempts together. */
const paymentsOf = (orderId: string) =>
  h.sandbox.ledger().entries.filter((e) => e.order_id?.startsWith(`${orderId}.`));

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
/**
 * Every member of the classes an attacker reaches for (core's format-characters spec goes
 * through every Cf character; over HTTP, these and the common invisible ones).
 */
const hostile = [
  ...range(0x00, 0x1f), // C0
  ...range(0x7f, 0x9f), // DEL and C1, U+0085 next line among them
  ...[0x061c, 0x200e, 0x200f, ...range(0x202a, 0x202e), ...range(0x2066, 0x2069)], // bidirectional
  0x2028,
  0x2029, // line and paragraph separators
  ...[0x00ad, 0x200b, 0x2060, 0xfeff, 0x180e, 0xe0001], // other format characters
];

/** The payments the sandbox holds whose payer or card carries one of `hostile`. */
function sandboxSawHostile(orderIds: string[]): string[] {
  return orderIds.flatMap((id) => paymentsOf(id).map((e) => `${id}: payment ${e.payment_id}`));
}

// POST /payments both ways: the direct Node route (serveNode, toNodeListener, the CLI) and
// Hono (a fetch runtime, the merchant's own Hono app): the same guards on each.
for (const path of shopPaths)
  test.describe(`POST /payments ${path === 'node' ? 'on the direct Node route' : 'through Hono'}`, () => {
    let shop: Shop;

    test.beforeAll(async () => {
      shop = await startShop({}, h, path);
    });
    test.afterAll(async () => {
      await shop?.close();
    });

    function submitWallet(secret: string, method: Record<string, unknown>) {
      return shop.browser('/payments', {
        method: 'POST',
        body: JSON.stringify({
          order: secret,
          attempt: crypto.randomUUID(),
          method: { type: 'wallet', methodId: 'MP', ...method },
        }),
      });
    }

    /** A new card's submission as the checkout makes it, with `method` fields added. */
    async function submitNewCard(
      secret: string,
      method: Record<string, unknown> = {},
      extra: Record<string, unknown> = {},
    ) {
      const view = (await shop.browser(`/checkout?order=${encodeURIComponent(secret)}`)).body;
      const encryptedData = await encryptCard(
        { number: '4111111111111111', cvv: '123' },
        view.publicKey,
      );
      return shop.browser('/payments', {
        method: 'POST',
        body: JSON.stringify({
          order: secret,
          attempt: crypto.randomUUID(),
          method: {
            type: 'card',
            encryptedData,
            holderName: 'Thiago Gabriel',
            expirationMonth: 10,
            expirationYear: 2040,
            ...method,
          },
          ...extra,
        }),
      });
    }

    test('A: a wallet is saved only when the order offers it, as a card is', async () => {
      const tokensBefore = h.sandbox.records().wallet_tokens.kept;
      const order = await shop.order();
      const res = await submitWallet(order.clientSecret, { save: true });
      if (res.status === 200 && res.body.nextAction?.url) {
        // Today's code would have made the payment: the payer approves, and the wallet is saved.
        await fetch(res.body.nextAction.url, {
          method: 'POST',
          body: new URLSearchParams({ outcome: 'approve' }),
        });
      }
      expect([res.status, res.body.error?.type, res.body.error?.param]).toEqual([
        403,
        'forbidden',
        'method.save',
      ]);
      expect(res.body.error.message).toContain('offerToSaveWallet');
      // Nothing reached the API: no payment for the order, no wallet token kept.
      expect(paymentsOf(order.id)).toEqual([]);
      expect(h.sandbox.records().wallet_tokens.kept).toBe(tokensBefore);

      // A card is held to the same rule, with its own flag.
      const card = await submitNewCard((await shop.order()).clientSecret, { save: true });
      expect([card.status, card.body.error?.param]).toEqual([403, 'method.save']);

      // Offered, the shopper's consent saves it.
      const offering = await shop.order({ offerToSaveWallet: true });
      const saved = await submitWallet(offering.clientSecret, { save: true });
      expect(saved.status).toBe(200);
      await fetch(saved.body.nextAction.url, {
        method: 'POST',
        body: new URLSearchParams({ outcome: 'approve' }),
      });
      await expect
        .poll(
          async () => (await shop.client.payments.retrieve(saved.body.payment.id)).wallet?.token,
        )
        .toMatch(/^W-/);
      // An order that offers a wallet does not offer a card, nor the other way round.
      const cardOnly = await shop.order({ offerToSaveCard: true });
      expect((await submitWallet(cardOnly.clientSecret, { save: true })).status).toBe(403);
      report(
        'a wallet submitted with save: true on an order that offers no saving',
        '403 naming method.save; the sandbox made no payment and kept no wallet token',
      );
    });

    test('B: a card holder name with a control, bidirectional, separator or format character never reaches the API', async () => {
      const order = await shop.order({
        payer: { email: 'ana@example.com', document: payer.document },
      });
      const view = (await shop.browser(`/checkout?order=${encodeURIComponent(order.clientSecret)}`))
        .body;
      const encryptedData = await encryptCard(
        { number: '4111111111111111', cvv: '123' },
        view.publicKey,
      );
      const through: string[] = [];
      for (const cp of hostile) {
        const res = await shop.browser('/payments', {
          method: 'POST',
          body: JSON.stringify({
            order: order.clientSecret,
            attempt: crypto.randomUUID(),
            method: {
              type: 'card',
              encryptedData,
              holderName: `Ana${String.fromCodePoint(cp)}Souza`,
              expirationMonth: 10,
              expirationYear: 2040,
            },
          }),
        });
        if (res.status !== 400 || res.body.error?.param !== 'method.holderName')
          through.push(
            `${hex(cp)}: ${res.status} ${JSON.stringify(res.body.error ?? res.body.payment?.status)}`,
          );
      }
      expect(through).toEqual([]);
      expect(sandboxSawHostile([order.id])).toEqual([]);
      report(
        `${hostile.length} holder names, each with one control, bidirectional, separator or format character`,
        '400 on method.holderName each time; the sandbox holds no payment for the order',
      );
    });

    test("B: a payer's name with one, from the merchant's order or typed by the shopper, never reaches the API", async () => {
      const through: string[] = [];
      const orders: string[] = [];
      const untyped = await shop.order({
        payer: { email: 'ana@example.com', document: payer.document },
      });
      orders.push(untyped.id);
      for (const cp of hostile) {
        const name = `Ana${String.fromCodePoint(cp)}Souza`;
        // The merchant's order (a payer record copied from elsewhere).
        const res = await fetch(`${shop.base}/orders`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${shop.apiToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            id: `guards-${cp}-${Date.now()}`,
            amount: 10,
            currency: 'BRL',
            country: 'BR',
            payer: { ...payer, name },
          }),
        });
        const body = (await res.json()) as { error?: { param?: string } };
        if (res.status !== 400 || body.error?.param !== 'payer.name')
          through.push(`order ${hex(cp)}: ${res.status} ${JSON.stringify(body.error)}`);
        // The shopper's typed name, for an order without one.
        const typed = await shop.browser('/payments', {
          method: 'POST',
          body: JSON.stringify({
            order: untyped.clientSecret,
            attempt: crypto.randomUUID(),
            method: { type: 'redirect', methodId: 'BL' },
            payer: { name },
          }),
        });
        if (typed.status !== 400 || typed.body.error?.param !== 'payer.name')
          through.push(`typed ${hex(cp)}: ${typed.status} ${JSON.stringify(typed.body.error)}`);
      }
      expect(through).toEqual([]);
      expect(sandboxSawHostile(orders)).toEqual([]);
      report(
        `${hostile.length} payer names with a hostile character, in the merchant's order and typed by the shopper`,
        '400 on payer.name each time (the order is not stored); the sandbox holds no payment',
      );
    });

    test('B: every address field with one, from the order or typed, never reaches the API', async () => {
      const fields = ['state', 'city', 'zip_code', 'street', 'number'] as const;
      const address = {
        state: 'WC',
        city: 'Cape Town',
        zip_code: '8001',
        street: 'Long St',
        number: '1',
      };
      const through: string[] = [];
      // South Africa needs the full address: an order without one has the shopper type it.
      const { address: _, ...withoutAddress } = southAfricanPayer;
      const untyped = await shop.order({ country: 'ZA', currency: 'ZAR', payer: withoutAddress });
      for (const field of fields)
        for (const cp of hostile) {
          const value = `${address[field].slice(0, 4)}${String.fromCodePoint(cp)}1`;
          const res = await fetch(`${shop.base}/orders`, {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${shop.apiToken}`,
              'Content-Type': 'application/json',
            },
            body: JSON.stringify({
              id: `guards-${field}-${cp}-${Date.now()}`,
              amount: 10,
              currency: 'ZAR',
              country: 'ZA',
              payer: { ...southAfricanPayer, address: { ...address, [field]: value } },
            }),
          });
          const body = (await res.json()) as { error?: { param?: string } };
          if (res.status !== 400 || body.error?.param !== `payer.address.${field}`)
            through.push(`order ${field} ${hex(cp)}: ${res.status} ${JSON.stringify(body.error)}`);
          const typed = await shop.browser('/payments', {
            method: 'POST',
            body: JSON.stringify({
              order: untyped.clientSecret,
              attempt: crypto.randomUUID(),
              method: { type: 'redirect', methodId: 'IO' },
              payer: { address: { ...address, [field]: value } },
            }),
          });
          if (typed.status !== 400 || typed.body.error?.param !== `payer.address.${field}`)
            through.push(
              `typed ${field} ${hex(cp)}: ${typed.status} ${JSON.stringify(typed.body.error)}`,
            );
        }
      expect(through).toEqual([]);
      expect(sandboxSawHostile([untyped.id])).toEqual([]);
      report(
        `${hostile.length} hostile characters in each of the 5 address fields, in the order and typed`,
        '400 on payer.address.<field> each time; the sandbox holds no payment',
      );
    });
  });

test('B: the sandbox, as the API, refuses them too: a payment sent straight to it is 5001 naming the field', async () => {
  const { signedHeaders } = await import('@paylit/core/crypto');
  const base = {
    amount: 10,
    currency: 'ZAR',
    country: 'ZA',
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    payer: southAfricanPayer,
    card: {
      holder_name: 'Ayanda Dlamini',
      // Sealed as the checkout seals it: a card number never travels in clear.
      encrypted_data: await encryptCard(
        { number: '4111111111111111', cvv: '123' },
        h.sandbox.publicJwk,
      ),
      expiration_month: 10,
      expiration_year: 2040,
    },
  };
  const through: string[] = [];
  for (const [path, set] of [
    ['payer.name', (b: any, v: string) => (b.payer = { ...b.payer, name: `Ayanda${v}` })],
    [
      'card.holder_name',
      (b: any, v: string) => (b.card = { ...b.card, holder_name: `Ayanda${v}` }),
    ],
    [
      'payer.address.street',
      (b: any, v: string) =>
        (b.payer = { ...b.payer, address: { ...b.payer.address, street: `Long${v}` } }),
    ],
    [
      'payer.address.city',
      (b: any, v: string) =>
        (b.payer = { ...b.payer, address: { ...b.payer.address, city: `Cape${v}` } }),
    ],
  ] as const)
    for (const cp of hostile) {
      const body: any = { ...base, order_id: `guards-api-${path}-${cp}-${Date.now()}` };
      set(body, String.fromCodePoint(cp));
      const text = JSON.stringify(body);
      const res = await fetch(`${h.sandboxUrl}/payments`, {
        method: 'POST',
        headers: await signedHeaders({
          ...h.sandbox.credentials,
          body: text,
          date: h.sandbox.clock.now(),
        }),
        body: text,
      });
      const answer = (await res.json()) as { code?: number; param?: string };
      if (res.status !== 400 || answer.code !== 5001 || answer.param !== path)
        through.push(`${path} ${hex(cp)}: ${res.status} ${JSON.stringify(answer)}`);
    }
  expect(through).toEqual([]);
  expect(h.sandbox.ledger().entries.filter((e) => e.order_id?.startsWith('guards-api-'))).toEqual(
    [],
  );
  report(
    'payments sent straight to the sandbox with a hostile character in the name, the holder or the address',
    '400 5001 naming the field; no payment made',
  );
});

test("C: the CLI's return page and the callback's redirect to it send Referrer-Policy: no-referrer (their address carries the client secret)", async () => {
  const { startCli } = await import('../../packages/server/test/support/cli.js');
  const cli = await startCli();
  try {
    const base = `${cli.url}/paylit`;
    const headers = { Origin: cli.url, 'Content-Type': 'application/json' };
    // A South African card payment: the bank's 3-D Secure page, then the callback to the CLI.
    const created = await fetch(`${base}/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${cli.apiToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        id: `guards-cli-${Date.now()}`,
        amount: 100,
        currency: 'ZAR',
        country: 'ZA',
        payer: southAfricanPayer,
      }),
    });
    expect(created.status).toBe(201);
    const { clientSecret } = (await created.json()) as { clientSecret: string };
    const view = (await (
      await fetch(`${base}/checkout?order=${encodeURIComponent(clientSecret)}`, { headers })
    ).json()) as { publicKey: JsonWebKey };
    const submitted = await fetch(`${base}/payments`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        order: clientSecret,
        attempt: crypto.randomUUID(),
        method: {
          type: 'card',
          encryptedData: await encryptCard(
            { number: '4111111111111111', cvv: '123' },
            view.publicKey,
          ),
          holderName: 'Ayanda Dlamini',
          expirationMonth: 10,
          expirationYear: 2040,
        },
      }),
    });
    const answer = (await submitted.json()) as { nextAction: { url: string } };
    const page = await (
      await fetch(answer.nextAction.url, {
        method: 'POST',
        body: new URLSearchParams({ outcome: 'approve' }),
      })
    ).text();
    const action = /action="([^"]+)"/.exec(page.slice(page.indexOf('id="callback"')))![1]!;
    const fields = Object.fromEntries(
      [...page.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    const callback = await fetch(action, {
      method: 'POST',
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });
    expect(callback.status).toBe(303);
    expect(callback.headers.get('referrer-policy')).toBe('no-referrer');
    const returnUrl = callback.headers.get('location')!;
    expect(new URL(returnUrl).searchParams.get('order')).toBe(clientSecret);
    const returned = await fetch(returnUrl);
    expect(returned.status).toBe(200);
    expect(returned.headers.get('referrer-policy')).toBe('no-referrer');
    report(
      "the return page's address (the client secret in its query) leaking as a Referer",
      'the callback redirect and the CLI return page both send Referrer-Policy: no-referrer',
    );
  } finally {
    await cli.stop();
  }
});
