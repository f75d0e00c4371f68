/**
 * The redirect callback decides with the status it looks up, never the form's: the payer goes
 * back with the API's status; a form that says COMPLETED for a payment the API does not have as
 * paid sends no one to a paid page; a lookup that fails (the sandbox's faults) sends the payer
 * nowhere and leaves the callback usable; a store that does not know the payment finds its order
 * from the attempt's API order_id.
 */
import { createCallbackSignature, formatXDate } from '@paylit/core/crypto';
import { MemoryStore } from '@paylit/server';
import { expect, test } from '@playwright/test';
import {
  payer,
  startSandbox,
  startShop,
  submitCard,
  type Harness,
  type Shop,
} from './support/harness.js';

/** South Africa requires 3-D Secure. */
const za = {
  country: 'ZA',
  currency: 'ZAR',
  payer: {
    ...payer,
    document: '8001015009087',
    address: { state: 'WC', city: 'Cape Town', zip_code: '8001', street: 'Long St', number: '1' },
  },
};

let h: Harness;
let shop: Shop;
test.beforeAll(async () => {
  h = await startSandbox();
  shop = await startShop({ store: new MemoryStore() }, h);
});
test.afterAll(async () => {
  await shop.close();
  await h.close();
});

/** An order paid with 3-D Secure, waiting on the bank's page: its payment id and that page. */
async function pending(
  s: Shop = shop,
): Promise<{ orderId: string; clientSecret: string; paymentId: string; page: string }> {
  const order = await s.order(za);
  const { res } = await submitCard(s, order.clientSecret);
  expect(res.body.payment).toMatchObject({ status: 'PENDING', status_code: '101' });
  return {
    orderId: order.id,
    clientSecret: order.clientSecret,
    paymentId: res.body.payment.id,
    page: res.body.nextAction.url,
  };
}

/** The payer answers the bank's page; the signed form the page posts to the callback. */
async function answer(
  page: string,
  outcome: 'approve' | 'reject',
): Promise<Record<string, string>> {
  const html = await (
    await fetch(page, { method: 'POST', body: new URLSearchParams({ outcome }) })
  ).text();
  const at = html.indexOf('id="callback"');
  return Object.fromEntries(
    [...html.slice(at).matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );
}

/** A form signed with the merchant's secret, as the API signs it, saying `status`. */
async function signed(paymentId: string, status: string): Promise<Record<string, string>> {
  const date = formatXDate(h.sandbox.clock.now());
  const { login, secretKey } = h.sandbox.credentials;
  return {
    paymentId,
    status,
    date,
    signature: await createCallbackSignature({ login, secretKey, date, status, paymentId }),
  };
}

async function callback(
  s: Shop,
  fields: Record<string, string>,
): Promise<{
  status: number;
  location: URL | undefined;
  error: { type: string; message: string } | undefined;
}> {
  const res = await fetch(`${s.base}/callback`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
  const location = res.headers.get('location');
  const body = location
    ? undefined
    : ((await res.json()) as { error: { type: string; message: string } });
  return {
    status: res.status,
    location: location ? new URL(location) : undefined,
    error: body?.error,
  };
}

async function fault(body: Record<string, unknown>): Promise<void> {
  expect(
    (
      await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, {
        method: 'POST',
        body: JSON.stringify(body),
      })
    ).ok,
  ).toBe(true);
}

test('the payer goes back to the return page with the status the API answered', async () => {
  const { clientSecret, paymentId, page } = await pending();
  const back = await callback(shop, await answer(page, 'approve'));
  expect(back.status).toBe(303);
  expect([
    back.location?.pathname,
    back.location?.searchParams.get('payment_id'),
    back.location?.searchParams.get('order'),
    back.location?.searchParams.get('status'),
  ]).toEqual(['/return', paymentId, clientSecret, 'PAID']);
  const declined = await pending();
  const refused = await callback(shop, await answer(declined.page, 'reject'));
  expect([refused.status, refused.location?.searchParams.get('status')]).toEqual([303, 'REJECTED']);
});

test('a form that says COMPLETED sends no one to a paid page when the API has the payment otherwise', async () => {
  // Accepted: a signed COMPLETED for a payment the API has as PAID.
  const approved = await pending();
  await answer(approved.page, 'approve');
  expect(
    (
      await callback(shop, await signed(approved.paymentId, 'COMPLETED'))
    ).location?.searchParams.get('status'),
  ).toBe('PAID');
  // The same signed COMPLETED for a payment still waiting on the bank's page, and one the payer refused.
  const waiting = await pending();
  const early = await callback(shop, await signed(waiting.paymentId, 'COMPLETED'));
  expect([early.status, early.location?.searchParams.get('status')]).toEqual([303, 'PENDING']);
  const rejected = await pending();
  await answer(rejected.page, 'reject');
  const lie = await callback(shop, await signed(rejected.paymentId, 'COMPLETED'));
  expect([lie.status, lie.location?.searchParams.get('status')]).toEqual([303, 'REJECTED']);
  // The return page, asked again, reads the same.
  const view = await shop.browser(
    `/payments/${rejected.paymentId}?order=${encodeURIComponent(rejected.clientSecret)}`,
  );
  expect(view.body.payment.status).toBe('REJECTED');
});

test('a lookup that fails sends the payer nowhere, and the same callback works once the API answers', async () => {
  const { paymentId, page } = await pending();
  const fields = await answer(page, 'approve');
  for (const broken of [
    { path: `/payments/${paymentId}`, method: 'GET', kind: 'status', status: 503, count: 20 },
    { path: `/payments/${paymentId}`, method: 'GET', kind: 'drop', count: 20 },
  ]) {
    await fault(broken);
    const failed = await callback(shop, fields);
    await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, { method: 'DELETE' });
    expect([broken.kind, failed.status, failed.location, failed.error?.type]).toEqual([
      broken.kind,
      502,
      undefined,
      'upstream_unavailable',
    ]);
  }
  const later = await callback(shop, fields);
  expect([later.status, later.location?.searchParams.get('status')]).toEqual([303, 'PAID']);
  // Used now: once.
  expect((await callback(shop, fields)).error?.message).toBe('this callback was already used');
});

test("a server that lost its memory while the payer was on the 3-D Secure page finds the order from the API's order_id", async () => {
  const before = await pending();
  // A new process on a new, empty memory store: it knows neither the payment nor the order.
  const restarted = await startShop({ store: new MemoryStore() }, h);
  try {
    const back = await callback(restarted, await answer(before.page, 'approve'));
    expect([
      back.status,
      back.location?.origin,
      back.location?.pathname,
      back.location?.searchParams.get('status'),
      back.location?.searchParams.get('payment_id'),
    ]).toEqual([303, restarted.origin, '/return', 'PAID', before.paymentId]);
    expect(back.location?.searchParams.get('order')).toBe(await restarted.secret(before.orderId));
    // The merchant posts the order again; the shopper who comes back is answered the payment, not charged again.
    expect(
      (
        await fetch(`${restarted.base}/orders`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${restarted.apiToken}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ id: before.orderId, amount: 120, ...za }),
        })
      ).status,
    ).toBe(201);
    const again = await submitCard(restarted, before.orderId);
    expect([again.res.body.replayed, again.res.body.payment.id]).toEqual([true, before.paymentId]);
    expect(
      h.sandbox
        .ledger()
        .entries.filter((e) => e.order_id?.startsWith(`${before.orderId}.`))
        .map((e) => e.status),
    ).toEqual(['PAID']);
  } finally {
    await restarted.close();
  }
});

test('a payment this handler did not make is not found, whatever its signature', async () => {
  const api = h.client;
  const foreign = await api.payments.create({
    amount: 10,
    currency: 'BRL',
    country: 'BR',
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    payer,
    order_id: `not-an-attempt-${Date.now()}`,
    card: {
      holder_name: 'T',
      number: '4111111111111111',
      cvv: '123',
      expiration_month: 10,
      expiration_year: 2040,
    },
  });
  const answered = await callback(shop, await signed(foreign.id, 'COMPLETED'));
  expect([answered.status, answered.location, answered.error?.type]).toEqual([
    404,
    undefined,
    'not_found',
  ]);
});

test("a subscription's first card payment made on the bank's page (3-D Secure) starts the subscription, as one made at once does", async () => {
  const start = new Date(h.sandbox.clock.now().getTime() + 5 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const order = await shop.order({
    ...za,
    amount: 499,
    plan: { frequency: 'MONTHLY', amount: { type: 'FIXED', value: 499 }, startDate: start },
  });
  const { encryptCard } = await import('@paylit/core/crypto');
  const view = (await shop.browser(`/checkout?order=${encodeURIComponent(order.clientSecret)}`))
    .body;
  const res = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: order.clientSecret,
      attempt: crypto.randomUUID(),
      method: {
        type: 'card',
        encryptedData: await encryptCard(
          { number: '4111111111111111', cvv: '123' },
          view.publicKey,
        ),
        holderName: 'Thiago Gabriel',
        expirationMonth: 10,
        expirationYear: 2040,
        subscribe: true,
      },
    }),
  });
  expect(res.body.payment).toMatchObject({ status: 'PENDING', status_code: '101' });
  expect(await shop.handler.subscriptions.get(order.id)).toBeUndefined();
  const back = await callback(shop, await answer(res.body.nextAction.url, 'approve'));
  expect(back.location?.searchParams.get('status')).toBe('PAID');
  const sub = await shop.handler.subscriptions.get(order.id);
  expect(sub).toMatchObject({ status: 'active', method: { type: 'CARD' }, firstPeriod: 1 });
  expect((sub!.method as { cardId: string }).cardId).toMatch(/\S/);
});
