/**
 * An order id is not a key (issue 21, "What must hold" 5): a stranger who knows or guesses an
 * order id (they are sequential: A-1041, A-1042…) reads nothing and pays nothing. The browser
 * routes take the order's client secret; a bare id, or a secret of the right shape with one
 * character changed, is refused exactly where the right secret works. Saved cards show brand
 * and last four only and take the security code typed again. Declines are limited per client
 * address across orders. Money is counted in the sandbox's ledger.
 */
import { request } from 'node:http';
import { encryptCard, encryptCvv } from '@paylit/core/crypto';
import { clientSecretFor, createCheckoutHandler } from '@paylit/server';
import { expect, test } from '@playwright/test';
import {
  payer,
  startSandbox,
  startShop,
  type Harness,
  type Shop,
} from '../../packages/server/test/support/harness.js';
import { report, steadyWindowMs } from './support.js';

let h: Harness;
let shop: Shop;
test.beforeAll(async () => {
  h = await startSandbox();
  shop = await startShop({}, h);
});
test.afterAll(async () => {
  await shop.close();
  await h.close();
});

/** Every ledger entry of `orderId`'s attempts (`<order>.<n>`), whatever their number. */
function ledgerOf(sandbox: Harness['sandbox'], orderId: string) {
  return sandbox.ledger().entries.filter((e) => e.order_id?.startsWith(`${orderId}.`));
}

/** The same secret with its last character changed: the right length and alphabet, the wrong HMAC. */
function oneCharacterOff(secret: string): string {
  return secret.slice(0, -1) + (secret.endsWith('0') ? '1' : '0');
}

/** A sequence of order ids as a shop numbers them, unique to this run. */
const run = Date.now().toString(36);
let sequence = 1040;
const nextId = () => `A-${run}-${++sequence}`;

/**
 * What a stranger tries with `reference` in place of the client secret: the checkout view
 * (the order, a returning payer's saved cards, a paid order's card), the installments, the
 * paid order's payment, and a payment by new card and by the saved card with CVV 000.
 */
async function tryEverything(
  s: Shop,
  reference: { returning: string; paid: string },
  ids: { savedCardId: string; paymentId: string },
) {
  const view = await s.browser(`/checkout?order=${encodeURIComponent(reference.returning)}`);
  const paidView = await s.browser(`/checkout?order=${encodeURIComponent(reference.paid)}`);
  const status = await s.browser(
    `/payments/${ids.paymentId}?order=${encodeURIComponent(reference.paid)}`,
  );
  const plans = await s.browser('/installments', {
    method: 'POST',
    body: JSON.stringify({ order: reference.returning, bin: '41111111' }),
  });
  const encryptedData = await encryptCard(
    { number: '4111111111111111', cvv: '123' },
    s.sandbox.publicJwk,
  );
  const byCard = await s.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: reference.returning,
      attempt: crypto.randomUUID(),
      method: {
        type: 'card',
        encryptedData,
        holderName: 'Stranger',
        expirationMonth: 10,
        expirationYear: 2040,
      },
    }),
  });
  const bySavedCard = await s.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: reference.returning,
      attempt: crypto.randomUUID(),
      method: {
        type: 'saved_card',
        cardId: ids.savedCardId,
        encryptedCvv: await encryptCvv('000', s.sandbox.publicJwk),
      },
    }),
  });
  return { view, paidView, status, plans, byCard, bySavedCard };
}

/** A returning payer's order (a saved card) and a paid order beside it, as a shop makes them. */
async function orders(s: Shop) {
  const saved = await s.client.cards.create({
    country: 'BR',
    card: {
      holder_name: 'Thiago Gabriel',
      expiration_month: 10,
      expiration_year: 2040,
      number: '5555555555554444',
      cvv: '123',
    },
    payer,
  });
  const paid = await s.order({ id: nextId(), amount: 1200 });
  const encryptedData = await encryptCard(
    { number: '4111111111111111', cvv: '123' },
    s.sandbox.publicJwk,
  );
  const payment = await s.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: paid.clientSecret,
      attempt: crypto.randomUUID(),
      method: {
        type: 'card',
        encryptedData,
        holderName: 'Thiago Gabriel',
        expirationMonth: 10,
        expirationYear: 2040,
      },
    }),
  });
  expect(payment.body.payment.status).toBe('PAID');
  const returning = await s.order({ id: nextId(), amount: 1200, savedCardIds: [saved.card_id] });
  return { saved, paid, paymentId: payment.body.payment.id as string, returning };
}

test('with only the order id (sequential ids of real orders) nothing is read and nothing is paid; with the client secret everything works', async () => {
  const { saved, paid, paymentId, returning } = await orders(shop);
  const ids = { savedCardId: saved.card_id, paymentId };

  const stranger = await tryEverything(shop, { returning: returning.id, paid: paid.id }, ids);
  const refusals = Object.values(stranger);
  for (const res of refusals)
    expect([res.status, res.body.error?.type, res.body.error?.param]).toEqual([
      404,
      'not_found',
      'order',
    ]);
  expect(stranger.view.body.error.message).toMatch(/client secret.*not its id/);
  // Nothing of the saved card or the paid order's card in any answer.
  for (const res of refusals)
    expect(JSON.stringify(res.body)).not.toMatch(/4444|1111|card_id|Thiago|MC|"VI"/);
  expect(ledgerOf(shop.sandbox, returning.id)).toEqual([]);
  expect(ledgerOf(shop.sandbox, paid.id).filter((e) => e.money_moved)).toHaveLength(1);

  // The same requests with the client secret: the view shows the saved card (brand and last
  // four only) and the paid order's card; the status reads; a payment goes through, once.
  const owner = await tryEverything(
    shop,
    { returning: returning.clientSecret, paid: paid.clientSecret },
    ids,
  );
  expect(owner.view.body.savedCards).toEqual([
    { card_id: saved.card_id, brand: 'MC', last4: '4444' },
  ]);
  expect(owner.paidView.body.payment).toMatchObject({
    order: paid.id,
    status: 'PAID',
    card: { last4: '1111' },
  });
  expect(owner.status.body.payment).toMatchObject({ id: paymentId, status: 'PAID' });
  expect(owner.plans.body.plan.installments.length).toBeGreaterThan(1);
  expect(owner.byCard.body.payment.status).toBe('PAID');
  expect(owner.bySavedCard.body).toMatchObject({
    payment: { id: owner.byCard.body.payment.id },
    replayed: true,
  });
  expect(ledgerOf(shop.sandbox, returning.id).filter((e) => e.money_moved)).toHaveLength(1);
  report(
    `with only the ids ${returning.id} and ${paid.id} (the next and the previous order): the checkout view, the saved cards, the paid order's card and status, installments, a payment by new card and by the saved card with CVV 000`,
    `6 of 6 refused 404 not_found (param order) with nothing of either card in the answers; ${returning.id} has 0 ledger entries; with the client secret the same 6 requests read the order and pay it once`,
  );
});

test("a client secret of the right shape with one character changed, or made with another merchant's key, is refused the same way", async () => {
  const { saved, paid, paymentId, returning } = await orders(shop);
  const ids = { savedCardId: saved.card_id, paymentId };
  const other = await startSandbox();
  try {
    for (const [name, reference] of [
      [
        'one character changed',
        {
          returning: oneCharacterOff(returning.clientSecret),
          paid: oneCharacterOff(paid.clientSecret),
        },
      ],
      [
        "another merchant's key",
        {
          returning: await clientSecretFor(other.client, returning.id),
          paid: await clientSecretFor(other.client, paid.id),
        },
      ],
      [
        "another order's secret",
        {
          returning: paid.clientSecret.replace(paid.id, returning.id),
          paid: returning.clientSecret.replace(returning.id, paid.id),
        },
      ],
    ] as const) {
      expect(reference.returning).toHaveLength(returning.clientSecret.length);
      expect(reference.returning).not.toBe(returning.clientSecret);
      const tried = await tryEverything(shop, reference, ids);
      for (const res of Object.values(tried))
        expect([res.status, res.body.error?.type, res.body.error?.param], name).toEqual([
          404,
          'not_found',
          'order',
        ]);
      // One answer for every wrong reference: it does not tell a wrong secret from an unknown order.
      expect(tried.view.body.error.message).toBe(
        (await shop.browser('/checkout?order=A-0')).body.error.message,
      );
    }
  } finally {
    await other.close();
  }
  expect(ledgerOf(shop.sandbox, returning.id)).toEqual([]);
  const control = await shop.browser(`/checkout?order=${returning.clientSecret}`);
  expect(control.status).toBe(200);
  report(
    "client secrets of the right length: the last character changed, made with another merchant's secret key, and the paid order's HMAC under the next order's id; 6 requests each",
    `18 of 18 refused with one 404 not_found that does not say which; ${returning.id} has 0 ledger entries; the right secret reads it (${control.status})`,
  );
});

test('a saved card: brand and last four only, and its security code typed again, even with the client secret', async () => {
  const { saved, returning } = await orders(shop);
  const view = await shop.browser(`/checkout?order=${returning.clientSecret}`);
  expect(view.body.savedCards).toEqual([{ card_id: saved.card_id, brand: 'MC', last4: '4444' }]);
  expect(JSON.stringify(view.body)).not.toMatch(/Thiago|expiration|2040/);
  const noCvv = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: returning.clientSecret,
      attempt: crypto.randomUUID(),
      method: { type: 'saved_card', cardId: saved.card_id },
    }),
  });
  expect([noCvv.status, noCvv.body.error.type, noCvv.body.error.param]).toEqual([
    400,
    'invalid_request',
    'method.encryptedCvv',
  ]);
  expect(ledgerOf(shop.sandbox, returning.id)).toEqual([]);
  const withCvv = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: returning.clientSecret,
      attempt: crypto.randomUUID(),
      method: {
        type: 'saved_card',
        cardId: saved.card_id,
        encryptedCvv: await encryptCvv('123', shop.sandbox.publicJwk),
      },
    }),
  });
  expect(withCvv.body.payment).toMatchObject({ status: 'PAID', card: { last4: '4444' } });
  report(
    "a returning payer's checkout view read with the client secret; a saved-card payment without the security code",
    `the view holds card_id, brand and last four only (no holder, no expiry); without encryptedCvv: ${noCvv.status} (param method.encryptedCvv), nothing in the ledger; with it: PAID once`,
  );
});

/** POST /payments from the local address `from` (127.0.0.1, 127.0.0.2…: each a client of its own, no proxy header). */
function postFrom(s: Shop, from: string, body: unknown): Promise<{ status: number; body: any }> {
  const url = new URL(`${s.base}/payments`);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(text),
          Origin: 'https://shop.example',
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (data += d));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(data) }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

async function declineFrom(s: Shop, from: string) {
  const order = await s.order({ id: nextId(), description: 'trigger 302' });
  const encryptedData = await encryptCard(
    { number: '4111111111111111', cvv: '123' },
    s.sandbox.publicJwk,
  );
  const res = await postFrom(s, from, {
    order: order.clientSecret,
    attempt: crypto.randomUUID(),
    method: {
      type: 'card',
      encryptedData,
      holderName: 'Card Tester',
      expirationMonth: 10,
      expirationYear: 2040,
    },
  });
  return { order, res };
}

test('the velocity limit across orders, scope address: the 11th decline from one address in an hour is refused before the API sees it; another address is not affected', async () => {
  // The default limit (10 an hour) with the whole address blocked (scope 'address'; the
  // default scope lets an order with no decline yet be tried: decline-limits.spec.ts).
  const velocity = await startShop(
    { declineLimit: { windowMs: steadyWindowMs(), max: 10, scope: 'address' } },
    h,
  );
  try {
    const declined = [];
    for (let i = 0; i < 10; i++) declined.push(await declineFrom(velocity, '127.0.0.1'));
    for (const { order, res } of declined) {
      expect(res.body.payment).toMatchObject({ status: 'REJECTED', status_code: '302' });
      expect(ledgerOf(velocity.sandbox, order.id)).toHaveLength(1);
    }
    const eleventh = await declineFrom(velocity, '127.0.0.1');
    expect([
      eleventh.res.status,
      eleventh.res.body.error.type,
      eleventh.res.body.error.retryable,
    ]).toEqual([429, 'rate_limited', false]);
    expect(ledgerOf(velocity.sandbox, eleventh.order.id)).toEqual([]);
    // An order that would be paid is refused too from that address: the limit is on the client, not the card.
    const good = await velocity.order({ id: nextId() });
    const encryptedData = await encryptCard(
      { number: '4111111111111111', cvv: '123' },
      velocity.sandbox.publicJwk,
    );
    const blocked = await postFrom(velocity, '127.0.0.1', {
      order: good.clientSecret,
      attempt: crypto.randomUUID(),
      method: {
        type: 'card',
        encryptedData,
        holderName: 'Thiago Gabriel',
        expirationMonth: 10,
        expirationYear: 2040,
      },
    });
    expect(blocked.status).toBe(429);
    // Another client: its own decline is answered, and its payment goes through.
    const elsewhere = await declineFrom(velocity, '127.0.0.2');
    expect(elsewhere.res.body.payment).toMatchObject({ status: 'REJECTED' });
    const paid = await postFrom(velocity, '127.0.0.2', {
      order: good.clientSecret,
      attempt: crypto.randomUUID(),
      method: {
        type: 'card',
        encryptedData,
        holderName: 'Thiago Gabriel',
        expirationMonth: 10,
        expirationYear: 2040,
      },
    });
    expect(paid.body.payment.status).toBe('PAID');
    expect(ledgerOf(velocity.sandbox, good.id).filter((e) => e.money_moved)).toHaveLength(1);
    report(
      '11 declined card payments from one address on 11 orders (the default limit), then a good card from it, then the same from another address',
      `10 declined by the API; the 11th and the good card refused 429 rate_limited with 0 ledger entries for the 11th order; from 127.0.0.2 a decline and a payment went through (1 charge)`,
    );
  } finally {
    await velocity.close();
  }
});

test('the velocity limit counts a decline once: a replay of a declined submission is answered without counting', async () => {
  const velocity = await startShop(
    { declineLimit: { windowMs: steadyWindowMs(), max: 2, scope: 'address' } },
    h,
  );
  try {
    const order = await velocity.order({ id: nextId(), description: 'trigger 302' });
    const encryptedData = await encryptCard(
      { number: '4111111111111111', cvv: '123' },
      velocity.sandbox.publicJwk,
    );
    const body = {
      order: order.clientSecret,
      attempt: crypto.randomUUID(),
      method: {
        type: 'card',
        encryptedData,
        holderName: 'Thiago Gabriel',
        expirationMonth: 10,
        expirationYear: 2040,
      },
    };
    const first = await postFrom(velocity, '127.0.0.1', body);
    const replays = [
      await postFrom(velocity, '127.0.0.1', body),
      await postFrom(velocity, '127.0.0.1', body),
    ];
    expect(first.body.payment.status).toBe('REJECTED');
    for (const replay of replays)
      expect([replay.status, replay.body.payment?.id, replay.body.replayed]).toEqual([
        200,
        first.body.payment.id,
        true,
      ]);
    // One decline counted of two allowed: a second declined order is still answered, a third is refused.
    expect((await declineFrom(velocity, '127.0.0.1')).res.body.payment.status).toBe('REJECTED');
    expect((await declineFrom(velocity, '127.0.0.1')).res.status).toBe(429);
    expect(() =>
      createCheckoutHandler({
        client: h.client,
        publicKey: h.sandbox.publicJwk,
        publicUrl: velocity.base,
        returnUrl: `${velocity.origin}/return`,
        allowedOrigins: [],
        declineLimit: { windowMs: 0, max: 2 },
      }),
    ).toThrow('createCheckoutHandler: declineLimit.windowMs');
    report(
      'a declined submission sent three times (the same attempt), under a limit of 2',
      'the replays answered the same REJECTED payment and counted nothing: the next declined order was answered, the one after refused 429',
    );
  } finally {
    await velocity.close();
  }
});

test('with no client address to tell shoppers apart (the handler called in process), declines are not pooled into one count that would stop every shopper', async () => {
  const velocity = await startShop({ declineLimit: { windowMs: steadyWindowMs(), max: 2 } }, h);
  try {
    const encryptedData = await encryptCard(
      { number: '4111111111111111', cvv: '123' },
      velocity.sandbox.publicJwk,
    );
    const pay = async (order: { clientSecret: string }) => {
      const res = await velocity.handler.request('/payments', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          order: order.clientSecret,
          attempt: crypto.randomUUID(),
          method: {
            type: 'card',
            encryptedData,
            holderName: 'Thiago Gabriel',
            expirationMonth: 10,
            expirationYear: 2040,
          },
        }),
      });
      return { status: res.status, body: (await res.json()) as { payment?: { status: string } } };
    };
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await pay(await velocity.order({ id: nextId(), description: 'trigger 302' }))).body.payment
          ?.status,
      );
    expect(statuses).toEqual(['REJECTED', 'REJECTED', 'REJECTED']);
    const good = await velocity.order({ id: nextId() });
    expect((await pay(good)).body.payment?.status).toBe('PAID');
    report(
      '3 declines then a good card through handler.request (no socket, so no client address), under a limit of 2',
      'each answered by the API and the good card paid: an unknown address is not one bucket that ten declines would close for every shopper',
    );
  } finally {
    await velocity.close();
  }
});
