/** The checkout handler's routes, against the sandbox over HTTP, as the browser, the API and the merchant use them. */
import { createCallbackSignature, encryptCvv, formatXDate } from '@paylit/core/crypto';
import { createCheckoutHandler } from '@paylit/server';
import { expect, test } from '@playwright/test';
import { payer, startShop, submitCard, type Shop } from './support/harness.js';
import { scaled } from '../../../test/support/time.mjs';

let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(() => shop.close());

async function fault(body: Record<string, unknown>) {
  await fetch(`${shop.sandboxUrl}/sandbox-tools/faults`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

test("the checkout view: the order's public part, the public key, the methods it allows, saved cards and wallets", async () => {
  const saved = await shop.client.cards.create({
    country: 'BR',
    card: {
      holder_name: 'T',
      expiration_month: 1,
      expiration_year: 2040,
      number: '5555555555554444',
      cvv: '123',
    },
    payer,
  });
  const order = await shop.order({
    methods: ['CARD', 'PX', 'MP'],
    savedCardIds: [saved.card_id],
    savedWallets: [{ token: 'W-secret-token', methodId: 'MP', name: 'Mercado Pago' }],
    description: 'Shoes',
  });
  const res = await shop.browser(`/checkout?order=${order.clientSecret}`);
  expect(res.status).toBe(200);
  expect(res.body.order).toEqual({
    id: order.id,
    amount: 120,
    currency: 'BRL',
    country: 'BR',
    intent: 'capture',
    description: 'Shoes',
    installments: true,
  });
  expect(res.body.publicKey).toEqual(shop.sandbox.publicJwk);
  const ids = res.body.paymentMethods.map((m: { id: string }) => m.id);
  expect(ids).toContain('CARD');
  expect(ids).toContain('VI');
  expect(ids).toContain('PX');
  expect(ids).not.toContain('BL');
  // A saved card shows its brand and last four only: no holder, no expiry.
  expect(res.body.savedCards).toEqual([{ card_id: saved.card_id, brand: 'MC', last4: '4444' }]);
  expect(res.body.savedWallets).toEqual([{ methodId: 'MP', name: 'Mercado Pago' }]);
  expect(JSON.stringify(res.body)).not.toContain('W-secret-token');
  expect(JSON.stringify(res.body)).not.toContain(payer.email);
  const missing = await shop.browser('/checkout?order=nope');
  expect([missing.status, missing.body.error.type]).toEqual([404, 'not_found']);
  const bad = await shop.browser('/checkout?order=%3Cscript%3E');
  expect([bad.status, bad.body.error.param]).toEqual([400, 'order']);
});

test("installment plans for a BIN and the order's amount; none for a verification", async () => {
  const order = await shop.order({ amount: 1200 });
  const res = await shop.browser('/installments', {
    method: 'POST',
    body: JSON.stringify({ order: order.clientSecret, bin: '41111111' }),
  });
  expect(res.body.plan).toMatchObject({ amount: 1200, currency: 'BRL', bin: '41111111' });
  expect(res.body.plan.installments).toHaveLength(12);
  const verify = await shop.order({ intent: 'verify' });
  expect(
    (
      await shop.browser('/installments', {
        method: 'POST',
        body: JSON.stringify({ order: verify.clientSecret, bin: '411111' }),
      })
    ).body,
  ).toEqual({ plan: null });
  const bad = await shop.browser('/installments', {
    method: 'POST',
    body: JSON.stringify({ order: order.clientSecret, bin: '4111111111111111' }),
  });
  expect([bad.status, bad.body.error.param]).toEqual([400, 'bin']);
});

test('a card payment from the JWE: the amount from the order, the record sanitized', async () => {
  const order = await shop.order({ amount: 75.5 });
  const { res } = await submitCard(shop, order.id, {
    amount: 75.5,
    currency: 'BRL',
    country: 'BR',
  });
  expect(res.status).toBe(200);
  expect(res.body.nextAction).toBeNull();
  expect(res.body.payment).toMatchObject({
    order: order.id,
    status: 'PAID',
    amount: 75.5,
    currency: 'BRL',
    card: { brand: 'VI', last4: '1111' },
  });
  expect(JSON.stringify(res.body)).not.toMatch(
    /4111111111111111|payer|notification_url|callback_url/,
  );
  const status = await shop.browser(`/payments/${res.body.payment.id}?order=${order.clientSecret}`);
  expect(status.body.payment.status).toBe('PAID');
  const other = await shop.order();
  expect(
    (await shop.browser(`/payments/${res.body.payment.id}?order=${other.clientSecret}`)).status,
  ).toBe(404);
});

test('a tampered amount, currency or country is refused, and nothing is charged', async () => {
  const order = await shop.order({ amount: 120 });
  for (const [field, value] of [
    ['amount', 1.2],
    ['currency', 'USD'],
    ['country', 'AR'],
  ] as const) {
    const { res, body } = await submitCard(shop, order.id, { [field]: value });
    expect([res.status, res.body.error.type, res.body.error.param]).toEqual([
      409,
      'order_mismatch',
      field,
    ]);
    expect(shop.sandbox.ledger({ order_id: `${order.id}.1` }).entries).toEqual([]);
  }
  // A payer detail the order has is the merchant's: the browser cannot change it.
  const { res } = await submitCard(shop, order.id, { payer: { name: 'x' } });
  expect([res.status, res.body.error.type, res.body.error.param]).toEqual([
    403,
    'forbidden',
    'payer.name',
  ]);
  // Fields the browser has no say in are not accepted at all.
  const other = await submitCard(shop, order.id, { payee: { name: 'x' } });
  expect([other.res.status, other.res.body.error.type]).toEqual([400, 'invalid_request']);
});

test('the intent comes from the order: authorize, verify', async () => {
  const authorize = await shop.order({ intent: 'authorize' });
  expect((await submitCard(shop, authorize.id)).res.body.payment.status).toBe('AUTHORIZED');
  const verify = await shop.order({ intent: 'verify' });
  const verified = (await submitCard(shop, verify.id, { amount: 0 })).res.body.payment;
  expect(verified).toMatchObject({ status: 'VERIFIED', amount: 0 });
});

test('a double submit (the same attempt twice, at once) charges once', async () => {
  const order = await shop.order();
  const { body } = await submitCard(shop, order.id);
  const [a, b] = await Promise.all(
    [1, 2].map(() => shop.browser('/payments', { method: 'POST', body: JSON.stringify(body) })),
  );
  expect(a!.body.payment.id).toBe(b!.body.payment.id);
  // …and the one before them, made by submitCard with the same attempt, was the same payment.
  expect(shop.sandbox.ledger({ order_id: `${order.id}.1` }).money_moved).toBe(1);
});

test('commit then drop between the handler and the API: the handler retries with the same key, money moves once', async () => {
  const order = await shop.order();
  await fault({ path: '/secure_payments', kind: 'commit_then_drop' });
  const { res, body } = await submitCard(shop, order.id);
  expect(res.body.payment.status).toBe('PAID');
  expect(shop.sandbox.ledger({ order_id: `${order.id}.1` })).toMatchObject({
    money_moved: 1,
    charged: 120,
  });
});

test('when the API stays down the browser is told to retry, and its retry of the same attempt charges once', async () => {
  const order = await shop.order();
  await fault({ path: '/secure_payments', kind: 'status', status: 503, count: 20 });
  const { res, body } = await submitCard(shop, order.id);
  expect([res.status, res.body.error.type, res.body.error.retryable]).toEqual([
    502,
    'upstream_unavailable',
    true,
  ]);
  await fetch(`${shop.sandboxUrl}/sandbox-tools/faults`, { method: 'DELETE' });
  const again = await shop.browser('/payments', { method: 'POST', body: JSON.stringify(body) });
  expect(again.body.payment.status).toBe('PAID');
  expect(shop.sandbox.ledger({ order_id: `${order.id}.1` }).money_moved).toBe(1);
});

test('a decline is a payment, not an error; an API refusal is a 422 that names the field', async () => {
  const declined = await shop.order({ description: 'trigger 302' });
  expect((await submitCard(shop, declined.id)).res.body.payment).toMatchObject({
    status: 'REJECTED',
    status_code: '302',
    status_detail: 'Insufficient amount.',
  });
  const order = await shop.order();
  const { res } = await submitCard(shop, order.id, {
    method: {
      type: 'card',
      encryptedData: 'aaa.bbb.ccc.ddd.eee',
      holderName: 'T',
      expirationMonth: 1,
      expirationYear: 2040,
    },
  });
  expect([res.status, res.body.error]).toEqual([
    422,
    {
      type: 'payment_refused',
      message: 'Invalid parameter: card.encrypted_data',
      code: 5001,
      param: 'card.encrypted_data',
      retryable: false,
    },
  ]);
});

test("saved cards, saved wallets and redirect methods; only the order's own", async () => {
  const saved = await shop.client.cards.create({
    country: 'BR',
    card: {
      holder_name: 'T',
      expiration_month: 1,
      expiration_year: 2040,
      number: '4111111111111111',
      cvv: '123',
    },
    payer,
  });
  // Each payment is an order of its own: an order is charged once.
  const newOrder = () =>
    shop.order({ savedCardIds: [saved.card_id], methods: ['CARD', 'PX', 'MP'] });
  const order = await newOrder();
  const savedCard = async (cardId: string, cvv: string) => ({
    type: 'saved_card',
    cardId,
    encryptedCvv: await encryptCvv(cvv, shop.sandbox.publicJwk),
  });
  const paid = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: order.clientSecret,
      attempt: crypto.randomUUID(),
      method: await savedCard(saved.card_id, '123'),
    }),
  });
  expect(paid.body.payment).toMatchObject({ status: 'PAID', card: { last4: '1111' } });
  expect((await shop.client.payments.retrieve(paid.body.payment.id)).card).toMatchObject({
    card_id: saved.card_id,
  });
  // The sandbox opened the JWE: a security code of the wrong length for the brand is its 315.
  const wrongCvv = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: (await newOrder()).clientSecret,
      attempt: crypto.randomUUID(),
      method: await savedCard(saved.card_id, '1234'),
    }),
  });
  expect(wrongCvv.body.payment).toMatchObject({ status: 'REJECTED', status_code: '315' });
  const noCvv = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: order.clientSecret,
      attempt: crypto.randomUUID(),
      method: { type: 'saved_card', cardId: saved.card_id },
    }),
  });
  expect([noCvv.status, noCvv.body.error.type, noCvv.body.error.param]).toEqual([
    400,
    'invalid_request',
    'method.encryptedCvv',
  ]);
  const other = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: order.clientSecret,
      attempt: crypto.randomUUID(),
      method: await savedCard('CV-someone-else', '123'),
    }),
  });
  expect([other.status, other.body.error.type]).toEqual([403, 'forbidden']);
  // An order that names no saved cards takes none, not any: this card is someone's, not this payer's.
  const none = await shop.order({ methods: ['CARD'] });
  const unnamed = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: none.clientSecret,
      attempt: crypto.randomUUID(),
      method: await savedCard(saved.card_id, '123'),
    }),
  });
  expect([unnamed.status, unnamed.body.error?.type, unnamed.body.error?.param]).toEqual([
    403,
    'forbidden',
    'method.cardId',
  ]);
  expect(
    shop.sandbox.ledger().entries.filter((e) => e.order_id?.startsWith(`${none.id}.`)),
  ).toEqual([]);
  const pix = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: (await newOrder()).clientSecret,
      attempt: crypto.randomUUID(),
      method: { type: 'redirect', methodId: 'PX' },
    }),
  });
  expect(pix.body.payment.status).toBe('PENDING');
  expect(pix.body.nextAction).toEqual({
    type: 'redirect',
    url: expect.stringContaining('/sandbox-pages/redirect/'),
  });
  const boleto = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: order.clientSecret,
      attempt: crypto.randomUUID(),
      method: { type: 'redirect', methodId: 'BL' },
    }),
  });
  expect([boleto.status, boleto.body.error.type]).toEqual([403, 'method_not_allowed']);
  const wallet = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: (await shop.order({ methods: ['CARD', 'PX', 'MP'], offerToSaveWallet: true }))
        .clientSecret,
      attempt: crypto.randomUUID(),
      method: { type: 'wallet', methodId: 'MP', save: true },
    }),
  });
  expect(wallet.body.nextAction.type).toBe('redirect');
  const noSaved = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: order.clientSecret,
      attempt: crypto.randomUUID(),
      method: { type: 'wallet', methodId: 'MP', useSaved: true },
    }),
  });
  expect([noSaved.status, noSaved.body.error.type]).toEqual([403, 'forbidden']);
});

test("3-D Secure: the redirect, the signed callback confirmed with the API, then the merchant's return page", async () => {
  // South Africa requires 3-D Secure.
  const za = await shop.order({
    country: 'ZA',
    currency: 'ZAR',
    payer: {
      ...payer,
      document: '8001015009087',
      address: { state: 'WC', city: 'Cape Town', zip_code: '8001', street: 'Long St', number: '1' },
    },
  });
  const { res } = await submitCard(shop, za.id);
  expect(res.body.payment).toMatchObject({ status: 'PENDING', status_code: '101' });
  const url = res.body.nextAction.url;
  // The payer approves; the sandbox's page posts the signed callback to the handler.
  const page = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'approve' }),
  });
  const html = await page.text();
  const action = /action="([^"]+)"/.exec(html.slice(html.indexOf('id="callback"')))![1]!;
  expect(action).toBe(`${shop.base}/callback`);
  const fields = Object.fromEntries(
    [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );
  const callback = await fetch(action, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
  expect(callback.status).toBe(303);
  const location = new URL(callback.headers.get('location')!);
  expect(location.pathname).toBe('/return');
  expect(location.searchParams.get('payment_id')).toBe(res.body.payment.id);
  // The return page is told the order's client secret, never its id.
  expect(location.searchParams.get('order')).toBe(za.clientSecret);
  expect(
    (await shop.browser(`/payments/${res.body.payment.id}?order=${za.clientSecret}`)).body.payment
      .status,
  ).toBe('PAID');
  // The same callback again is refused.
  const replay = await fetch(action, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
  expect([replay.status, (await replay.json()).error.message]).toEqual([
    403,
    'this callback was already used',
  ]);
});

test('forged and stale callbacks are refused', async () => {
  const { login, secretKey } = shop.sandbox.credentials;
  const paymentId = 'D-1-whatever';
  const forged = {
    paymentId,
    status: 'COMPLETED',
    date: formatXDate(new Date()),
    signature: 'a'.repeat(64),
  };
  const res = await fetch(`${shop.base}/callback`, {
    method: 'POST',
    body: new URLSearchParams(forged),
    redirect: 'manual',
  });
  expect(res.status).toBe(403);
  const other = await createCallbackSignature({
    login,
    secretKey: 'another-merchants-secret',
    date: forged.date,
    status: 'COMPLETED',
    paymentId,
  });
  expect(
    (
      await fetch(`${shop.base}/callback`, {
        method: 'POST',
        body: new URLSearchParams({ ...forged, signature: other }),
        redirect: 'manual',
      })
    ).status,
  ).toBe(403);
  const old = formatXDate(new Date(Date.now() - 10 * 60_000));
  const stale = await createCallbackSignature({
    login,
    secretKey,
    date: old,
    status: 'COMPLETED',
    paymentId,
  });
  expect(
    (
      await fetch(`${shop.base}/callback`, {
        method: 'POST',
        body: new URLSearchParams({ paymentId, status: 'COMPLETED', date: old, signature: stale }),
        redirect: 'manual',
      })
    ).status,
  ).toBe(403);
  const garbage = await fetch(`${shop.base}/callback`, {
    method: 'POST',
    body: 'x=1',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  expect([garbage.status, (await garbage.json()).error.type]).toEqual([400, 'invalid_request']);
});

test("notifications reach the merchant's hook once per status, even when delivered twice", async () => {
  const order = await shop.order();
  const before = shop.notifications.length;
  const { res } = await submitCard(shop, order.id);
  const id = res.body.payment.id;
  await expect.poll(() => shop.notifications.filter((n) => n.record.id === id).length).toBe(1);
  const event = shop.notifications.find((n) => n.record.id === id)!;
  expect(event).toMatchObject({ kind: 'payment', orderId: order.id, record: { status: 'PAID' } });
  // The API delivers the same status again (a retry): signed anew, handed over no more.
  const { authorizationHeader, createSignature } = await import('@paylit/core/crypto');
  const body = JSON.stringify(event.record);
  const date = formatXDate(new Date());
  const signature = await createSignature({ ...shop.sandbox.credentials, date, body });
  const again = await fetch(`${shop.base}/notifications`, {
    method: 'POST',
    headers: {
      'X-Date': date,
      Authorization: authorizationHeader(signature),
      'Content-Type': 'application/json',
    },
    body,
  });
  expect([again.status, await again.json()]).toEqual([200, { received: true, duplicate: true }]);
  expect(shop.notifications.filter((n) => n.record.id === id)).toHaveLength(1);
  expect(shop.notifications.length).toBeGreaterThan(before);
});

test('forged, stale and replayed notifications are refused', async () => {
  const { authorizationHeader, createSignature } = await import('@paylit/core/crypto');
  const body = JSON.stringify({
    id: 'D-1-forged',
    amount: 1,
    currency: 'BRL',
    status: 'PAID',
    status_code: '200',
  });
  const date = formatXDate(new Date());
  const post = (headers: Record<string, string>, b = body) =>
    fetch(`${shop.base}/notifications`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: b,
    });
  const forged = await post({ 'X-Date': date, Authorization: authorizationHeader('b'.repeat(64)) });
  expect([forged.status, (await forged.json()).error.type]).toEqual([401, 'unauthorized']);
  expect((await post({ 'X-Date': date })).status).toBe(401);
  const old = formatXDate(new Date(Date.now() - 6 * 60_000));
  const stale = await createSignature({ ...shop.sandbox.credentials, date: old, body });
  expect((await post({ 'X-Date': old, Authorization: authorizationHeader(stale) })).status).toBe(
    401,
  );
  // Signed over one body, sent with another.
  const good = await createSignature({ ...shop.sandbox.credentials, date, body });
  expect(
    (
      await post(
        { 'X-Date': date, Authorization: authorizationHeader(good) },
        body.replace('"amount":1', '"amount":1000'),
      )
    ).status,
  ).toBe(401);
  // A genuine one, replayed word for word: handed over once.
  const first = await post({ 'X-Date': date, Authorization: authorizationHeader(good) });
  const replayed = await post({ 'X-Date': date, Authorization: authorizationHeader(good) });
  expect([first.status, replayed.status]).toEqual([200, 200]);
  expect(await replayed.json()).toEqual({ received: true, duplicate: true });
  expect(shop.notifications.filter((n) => n.record.id === 'D-1-forged')).toHaveLength(1);
});

test("a PENDING refund confirmed by notification reaches the merchant's hook once", async () => {
  const order = await shop.order({ methods: ['PX'] });
  const pix = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: order.clientSecret,
      attempt: crypto.randomUUID(),
      method: { type: 'redirect', methodId: 'PX' },
    }),
  });
  await fetch(pix.body.nextAction.url, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'approve' }),
  });
  const refunded = await fetch(`${shop.base}/admin/payments/${pix.body.payment.id}/refunds`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${shop.apiToken}`,
      'Content-Length': '0',
      'Idempotency-Key': crypto.randomUUID(),
    },
  });
  const { refund } = await refunded.json();
  expect(refund.status).toBe('PENDING');
  await expect
    .poll(() =>
      shop.notifications.filter((n) => n.record.id === refund.id).map((n) => n.record.status),
    )
    .toEqual(['PENDING', 'SUCCESS']);
  const success = shop.notifications.filter(
    (n) => n.record.id === refund.id && n.record.status === 'SUCCESS',
  );
  expect(success).toHaveLength(1);
  expect(success[0]).toMatchObject({ kind: 'refund', orderId: order.id });
});

test('a failing hook answers 500 so the API retries, and the retry is handed over', async () => {
  let fail = true;
  const calls: string[] = [];
  const flaky = await startShop({
    onNotification: (e) => {
      calls.push(e.record.status);
      if (fail) {
        fail = false;
        throw new Error('database down');
      }
    },
    onError: () => {},
  });
  try {
    const order = await flaky.order();
    const { res } = await submitCard(flaky, order.id);
    await expect.poll(() => calls.length, { timeout: scaled(3_500) }).toBe(2);
    expect(calls).toEqual(['PAID', 'PAID']);
    const deliveries = await flaky.sandbox.notifications({ record_id: res.body.payment.id });
    expect(deliveries[0]!.attempts.map((a) => a.status)).toEqual([500, 200]);
  } finally {
    await flaky.close();
  }
});

test('the back office: token required; capture in part, cancel, refund, retrieve; the order API', async () => {
  const order = await shop.order({ intent: 'authorize', amount: 100 });
  const auth = (await submitCard(shop, order.id)).res.body.payment;
  const admin = (path: string, init: RequestInit = {}, token = shop.apiToken) =>
    fetch(`${shop.base}${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(init.body ? { 'Content-Type': 'application/json' } : { 'Content-Length': '0' }),
        ...(init.method === 'POST' ? { 'Idempotency-Key': crypto.randomUUID() } : {}),
        ...(init.headers as object),
      },
    }).then(async (r) => ({ status: r.status, body: await r.json() }));
  expect((await admin(`/admin/payments/${auth.id}`, {}, 'wrong-token-0123456789')).status).toBe(
    401,
  );
  expect((await fetch(`${shop.base}/admin/payments/${auth.id}`)).status).toBe(401);
  // Without an Idempotency-Key or an action id, a retried capture could capture twice: refused.
  const unkeyed = await fetch(`${shop.base}/admin/payments/${auth.id}/capture`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${shop.apiToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: 30 }),
  });
  expect([unkeyed.status, (await unkeyed.json()).error.param]).toEqual([400, 'action']);
  const capture = await admin(`/admin/payments/${auth.id}/capture`, {
    method: 'POST',
    body: JSON.stringify({ amount: 30 }),
  });
  expect(capture.body.payment).toMatchObject({
    status: 'PAID',
    amount: 30,
    authorization_id: auth.id,
  });
  // Mounted in process (Next.js, a Worker, app.request): a body with no Content-Length header still carries its action id.
  const inProcess = await shop.handler.request(`/admin/payments/${auth.id}/capture`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${shop.apiToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: 5, action: crypto.randomUUID() }),
  });
  expect([inProcess.status, (await inProcess.json()).payment?.amount]).toEqual([200, 5]);
  const refund = await admin(`/admin/payments/${capture.body.payment.id}/refunds`, {
    method: 'POST',
    body: JSON.stringify({ amount: 10 }),
  });
  expect(refund.body.refund).toMatchObject({ status: 'SUCCESS', amount: 10 });
  const over = await admin(`/admin/payments/${capture.body.payment.id}/refunds`, {
    method: 'POST',
    body: JSON.stringify({ amount: 100 }),
  });
  expect([over.status, over.body.error.code]).toEqual([422, 5007]);
  const view = await admin(`/orders/${order.id}`);
  expect(view.body.payments).toHaveLength(3);
  expect(view.body.payments.slice(0, 2)).toEqual([auth.id, capture.body.payment.id]);
  const order2 = await shop.order({ intent: 'authorize' });
  const auth2 = (await submitCard(shop, order2.id)).res.body.payment;
  expect(
    (await admin(`/admin/payments/${auth2.id}/cancel`, { method: 'POST' })).body.payment.status,
  ).toBe('CANCELLED');
  expect((await admin(`/admin/payments/${auth2.id}`)).body.payment.status).toBe('CANCELLED');
  const badOrder = await admin('/orders', {
    method: 'POST',
    body: JSON.stringify({ id: 'x', amount: -1, currency: 'BRL', country: 'BR', payer }),
  });
  expect([badOrder.status, badOrder.body.error.param]).toEqual([400, 'amount']);
  // The API refuses a Brazilian payer whose document is no CPF or CNPJ: so does the order, when it is made, not at payment time.
  const badDocument = await admin('/orders', {
    method: 'POST',
    body: JSON.stringify({
      id: 'bad-doc',
      amount: 10,
      currency: 'BRL',
      country: 'BR',
      payer: { ...payer, document: 'bad_document' },
    }),
  });
  expect([badDocument.status, badDocument.body.error.param]).toEqual([400, 'payer.document']);
});

test('a wallet payment for a payer without a phone: the view asks for it, a submission without it is refused before the API, with it paid', async () => {
  const { phone: _phone, ...noPhone } = payer;
  const order = await shop.order({ payer: noPhone, methods: ['MP'] });
  const view = (await shop.browser(`/checkout?order=${order.clientSecret}`)).body;
  expect(view.order.asks).toEqual({ wallet: ['phone'] });
  const submit = (extra: Record<string, unknown> = {}) =>
    shop.browser('/payments', {
      method: 'POST',
      body: JSON.stringify({
        order: order.clientSecret,
        attempt: crypto.randomUUID(),
        method: { type: 'wallet', methodId: 'MP' },
        ...extra,
      }),
    });
  const res = await submit();
  expect([res.status, res.body.error]).toEqual([
    400,
    {
      type: 'invalid_request',
      message: 'payer.phone is required',
      param: 'payer.phone',
      fields: [{ param: 'payer.phone', message: 'is required' }],
    },
  ]);
  const wrong = await submit({ payer: { phone: '12-ab' } });
  expect([wrong.status, wrong.body.error.param]).toEqual([400, 'payer.phone']);
  expect(shop.sandbox.ledger({ order_id: `${order.id}.1` }).entries).toEqual([]);
  // Typed as a shopper types it: the country's calling code is added.
  const paid = await submit({ payer: { phone: '(11) 98765-4321' } });
  expect([paid.status, paid.body.nextAction.type]).toEqual([200, 'redirect']);
  const record = await shop.client.payments.retrieve(paid.body.payment.id);
  expect(record.payer?.phone).toBe('+5511987654321');
});

test("with the merchant's own resolveOrder, the order is theirs; a broken order is a 500 that logs why", async () => {
  const errors: unknown[] = [];
  const own = await startShop({
    resolveOrder: async (id) =>
      id === 'good'
        ? { id, amount: 10, currency: 'BRL', country: 'BR', payer }
        : id === 'broken'
          ? ({ id, amount: 'ten' } as never)
          : undefined,
    onError: (e) => void errors.push(e),
  });
  try {
    expect(
      (await own.browser(`/checkout?order=${await own.secret('good')}`)).body.order.amount,
    ).toBe(10);
    expect((await own.browser(`/checkout?order=${await own.secret('missing')}`)).status).toBe(404);
    const broken = await own.browser(`/checkout?order=${await own.secret('broken')}`);
    expect([broken.status, broken.body.error.type]).toEqual([500, 'internal_error']);
    expect(String(errors[0])).toMatch(/resolveOrder\("broken"\) returned an invalid order: amount/);
    // No order API without a token configured? It is configured here; without resolveOrder it would be the store.
    expect(
      (
        await fetch(`${own.base}/orders`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${own.apiToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ id: 'x', amount: 1, currency: 'BRL', country: 'BR', payer }),
        })
      ).status,
    ).toBe(201);
  } finally {
    await own.close();
  }
});

test("with the merchant's own resolveOrder, an order their database does not have (null, as most drivers answer) is 404, not a 500 logged as broken", async () => {
  const errors: unknown[] = [];
  const own = await startShop({
    resolveOrder: async () => null as never,
    onError: (e) => void errors.push(e),
  });
  try {
    const missing = await own.browser(`/checkout?order=${await own.secret('missing')}`);
    expect([missing.status, missing.body.error.type]).toEqual([404, 'not_found']);
    expect(errors).toEqual([]);
  } finally {
    await own.close();
  }
});

test("with the merchant's own resolveOrder, an order answered under another id than the one asked is not shown or paid as it", async () => {
  const errors: unknown[] = [];
  const own = await startShop({
    // A lookup that answers another order (a query by prefix, a cache keyed wrong).
    resolveOrder: async () => ({ id: 'B-2', amount: 10, currency: 'BRL', country: 'BR', payer }),
    onError: (e) => void errors.push(e),
  });
  try {
    const shown = await own.browser(`/checkout?order=${await own.secret('A-1')}`);
    expect([shown.status, shown.body.error?.type]).toEqual([500, 'internal_error']);
    expect(String(errors[0])).toMatch(/resolveOrder\("A-1"\) returned an invalid order: id/);
  } finally {
    await own.close();
  }
});

test("a page on an origin not allowed: the merchant's log says so through onError, once per origin", async () => {
  const logged: string[] = [];
  const app = createCheckoutHandler({
    client: shop.client,
    publicKey: shop.sandbox.publicJwk,
    publicUrl: shop.base,
    returnUrl: `${shop.origin}/return`,
    allowedOrigins: ['https://shop.example'],
    rateLimit: false,
    onError: (e) => logged.push((e as Error).message),
  });
  for (const origin of [
    'https://shop.example',
    'http://localhost:5173',
    'http://localhost:5173',
    'https://staging.shop.example',
  ]) {
    const res = await app.request('/checkout?order=nope', { headers: { Origin: origin } });
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe(
      origin === 'https://shop.example' ? origin : null,
    );
  }
  expect(logged).toEqual([
    'paylit: origin http://localhost:5173 is not in allowedOrigins (PAYLIT_ALLOWED_ORIGINS): its pages cannot call this server; add it if it is yours',
    'paylit: origin https://staging.shop.example is not in allowedOrigins (PAYLIT_ALLOWED_ORIGINS): its pages cannot call this server; add it if it is yours',
  ]);
});

test('hardening: CORS only for allowed origins (never *), body limit, rate limit, a request id on every answer', async () => {
  const order = await shop.order();
  const allowed = await fetch(`${shop.base}/checkout?order=${order.clientSecret}`, {
    headers: { Origin: 'https://shop.example' },
  });
  expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
  const denied = await fetch(`${shop.base}/checkout?order=${order.clientSecret}`, {
    headers: { Origin: 'https://evil.example' },
  });
  expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  const preflight = await fetch(`${shop.base}/payments`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST' },
  });
  expect(preflight.headers.get('access-control-allow-origin')).toBe('https://shop.example');
  expect(() =>
    createCheckoutHandler({
      client: shop.client,
      publicKey: shop.sandbox.publicJwk,
      publicUrl: shop.base,
      returnUrl: `${shop.origin}/return`,
      allowedOrigins: ['*'],
    }),
  ).toThrow(
    'createCheckoutHandler: allowedOrigins.0 must be an origin such as https://shop.example (never *)',
  );

  const huge = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({ order: order.clientSecret, pad: 'x'.repeat(70_000) }),
  });
  expect([huge.status, huge.body.error.type]).toEqual([413, 'payload_too_large']);
  for (const res of [allowed, denied, huge])
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(huge.body.requestId).toBe(huge.headers.get('x-request-id'));

  const limited = await startShop({ rateLimit: { windowMs: 60_000, max: 3 } }, shop);
  try {
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await limited.browser(`/checkout?order=${order.clientSecret}`)).status);
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    const res = await limited.browser(`/checkout?order=${order.clientSecret}`);
    expect(res.body.error).toMatchObject({ type: 'rate_limited', retryable: true });
    expect(res.headers.get('retry-after')).toBe('60');
    // Pay counts once per request: three fit in a limit of three (it counted twice, under '/payments' and '/payments/*').
    const pays = [];
    const other = await startShop({ rateLimit: { windowMs: 60_000, max: 3 } }, shop);
    try {
      for (let i = 0; i < 4; i++)
        pays.push((await other.browser('/payments', { method: 'POST', body: '{}' })).status);
    } finally {
      await other.close();
    }
    expect(pays).toEqual([400, 400, 400, 429]);
    // Server-to-server routes are not rate limited by the browser limit.
    expect(
      (await fetch(`${limited.base}/notifications`, { method: 'POST', body: '{}' })).status,
    ).toBe(401);
  } finally {
    await limited.close();
  }
});

test('the log has one line per request and no secret, card data or body', async () => {
  const lines: string[] = [];
  const logged = await startShop({ logger: (e) => lines.push(JSON.stringify(e)) });
  try {
    const order = await logged.order();
    await submitCard(logged, order.id);
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const secret of [
      logged.sandbox.credentials.secretKey,
      logged.sandbox.credentials.transKey,
      logged.apiToken,
      '4111111111111111',
      payer.email,
    ])
      expect(log).not.toContain(secret);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      method: 'POST',
      path: '/paylit/orders',
      status: 201,
    });
  } finally {
    await logged.close();
  }
});
