/**
 * Each refusal of the API reaches the back office and the browser with its own message (core's
 * `apiErrors[code].meaning`) and its code, against the real sandbox: a PAID payment cancelled is
 * said to be paid, an amount past what remains is said to be so, the merchant's credentials and
 * IP are named only when they are at fault. And money limits where money settles later: a
 * PENDING refund and an earlier partial capture count against what remains.
 */
import { apiErrors } from '@paylit/core/codes';
import { MemoryStore } from '@paylit/server';
import { expect, test } from '@playwright/test';
import { startSandbox, startShop, submitCard, type Harness, type Shop } from './support/harness.js';

let h: Harness;
let shop: Shop;
test.beforeAll(async () => {
  // Refunds of other methods stay PENDING until forced: money that settles later.
  h = await startSandbox({ settleDelayMs: 600_000 });
  shop = await startShop({ store: new MemoryStore() }, h);
});
test.afterAll(async () => {
  await shop.close();
  await h.close();
});

interface Answer {
  status: number;
  body: {
    error?: { type: string; message: string; code?: number; param?: string; retryable?: boolean };
    payment?: { id: string; status: string; amount: number };
    refund?: { id: string; status: string; amount: number };
  };
}

async function admin(s: Shop, path: string, body?: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(`${s.base}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      Authorization: `Bearer ${s.apiToken}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify({ action: crypto.randomUUID(), ...body }) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

async function paid(
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; status: string }> {
  const order = await shop.order(overrides);
  return (await submitCard(shop, order.clientSecret)).res.body.payment;
}

/** A Pix payment the payer paid on the sandbox's page: its refunds stay PENDING. */
async function paidByPix(amount: number): Promise<string> {
  const order = await shop.order({ amount });
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
  await expect
    .poll(
      async () =>
        (await admin(shop, `/admin/payments/${pix.body.payment.id}`)).body.payment?.status,
    )
    .toBe('PAID');
  return pix.body.payment.id;
}

const refusal = (answer: Answer) => [
  answer.status,
  answer.body.error?.type,
  answer.body.error?.code,
  answer.body.error?.message,
];

test('cancelling a PAID payment says it is paid and can only be refunded, not that the credentials were refused', async () => {
  const payment = await paid();
  expect(payment.status).toBe('PAID');
  expect(refusal(await admin(shop, `/admin/payments/${payment.id}/cancel`, {}))).toEqual([
    422,
    'payment_refused',
    3003,
    'the payment is PAID: a paid payment cannot be cancelled, only refunded',
  ]);
  // The same request on an authorization, which may be cancelled, succeeds: only the status differs.
  const auth = await paid({ intent: 'authorize' });
  expect((await admin(shop, `/admin/payments/${auth.id}/cancel`, {})).body.payment?.status).toBe(
    'CANCELLED',
  );
});

test("the API's refusals of back-office operations, each with its own message and code", async () => {
  const payment = await paid();
  const meaning = (code: keyof typeof apiErrors) => apiErrors[code].meaning;
  const seen = new Map<number, string>();
  const check = (answer: Answer, expected: [number, string, number, string]) => {
    expect(refusal(answer)).toEqual(expected);
    seen.set(expected[2], expected[3]);
  };
  check(await admin(shop, '/admin/payments/D-1-no-such-payment'), [
    404,
    'not_found',
    4000,
    meaning(4000),
  ]);
  // The API answers a cancel of an unknown id 400 / 4000: still "no such payment".
  check(await admin(shop, '/admin/payments/D-1-no-such-payment/cancel', {}), [
    404,
    'not_found',
    4000,
    meaning(4000),
  ]);
  check(await admin(shop, `/admin/payments/${payment.id}/refunds`, { amount: 120.01 }), [
    422,
    'payment_refused',
    5007,
    meaning(5007),
  ]);
  check(await admin(shop, `/admin/payments/${payment.id}/capture`, {}), [
    422,
    'payment_refused',
    5002,
    `${meaning(5002)}; the payment is PAID`,
  ]);
  const auth = await paid({ intent: 'authorize' });
  check(await admin(shop, `/admin/payments/${auth.id}/refunds`, {}), [
    422,
    'payment_refused',
    5002,
    `${meaning(5002)}; the payment is AUTHORIZED`,
  ]);
  const verified = await paid({ intent: 'verify', amount: 0 });
  expect(verified.status).toBe('VERIFIED');
  check(await admin(shop, `/admin/payments/${verified.id}/cancel`, {}), [
    422,
    'payment_refused',
    5013,
    meaning(5013),
  ]);
  const disputed = await paid();
  await fetch(`${h.sandboxUrl}/sandbox-tools/chargebacks`, {
    method: 'POST',
    body: JSON.stringify({ payment_id: disputed.id }),
  });
  check(await admin(shop, `/admin/payments/${disputed.id}/refunds`, {}), [
    422,
    'payment_refused',
    5018,
    meaning(5018),
  ]);
  const old = await paid();
  const year = 366 * 24 * 60 * 60 * 1000;
  h.sandbox.clock.advance(year);
  try {
    // The client signs with the sandbox's clock (the harness's `now`), so only the refund period has passed.
    check(await admin(shop, `/admin/payments/${old.id}/refunds`, {}), [
      422,
      'payment_refused',
      5020,
      meaning(5020),
    ]);
  } finally {
    h.sandbox.clock.advance(-year);
  }
  const usd = await paid({ currency: 'USD', amount: 50 });
  await fetch(`${h.sandboxUrl}/sandbox-tools/balance`, {
    method: 'POST',
    body: JSON.stringify({ currency: 'USD', available: 10 }),
  });
  check(await admin(shop, `/admin/payments/${usd.id}/refunds`, { amount: 20 }), [
    422,
    'payment_refused',
    5012,
    meaning(5012),
  ]);
  // Each code its own message.
  expect(new Set(seen.values()).size).toBe(seen.size);
});

test("the merchant's credentials and IP are named when, and only when, the API refuses them", async () => {
  const payment = await paid();
  const wrong = await startShop(
    {
      store: new MemoryStore(),
      client: h.clientFor({ secretKey: 'not-the-merchants-secret-key' }),
    },
    h,
  );
  try {
    expect(refusal(await admin(wrong, `/admin/payments/${payment.id}`))).toEqual([
      502,
      'upstream_unavailable',
      3001,
      apiErrors[3001].meaning,
    ]);
    // A POST signed with the wrong key (a cancel) is 400 / 5000 "Signature not match" at the API: the same.
    expect(refusal(await admin(wrong, `/admin/payments/${payment.id}/cancel`, {}))).toEqual([
      502,
      'upstream_unavailable',
      5000,
      apiErrors[3001].meaning,
    ]);
  } finally {
    await wrong.close();
  }
  // The same request with the right key reads the payment.
  expect((await admin(shop, `/admin/payments/${payment.id}`)).body.payment?.status).toBe('PAID');
  const fenced = await startSandbox({ allowedIps: ['203.0.113.9'] });
  const outside = await startShop({ store: new MemoryStore() }, fenced);
  try {
    expect(refusal(await admin(outside, `/admin/payments/${payment.id}`))).toEqual([
      502,
      'upstream_unavailable',
      3002,
      apiErrors[3002].meaning,
    ]);
  } finally {
    await outside.close();
    await fenced.close();
  }
});

test('the API failing or limiting is retryable, said as such', async () => {
  const payment = await paid();
  for (const [status, code] of [
    [503, 7000],
    [429, 6000],
  ] as const) {
    await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, {
      method: 'POST',
      body: JSON.stringify({
        path: `/payments/${payment.id}`,
        method: 'GET',
        kind: 'status',
        status,
        count: 10,
      }),
    });
    const answer = await admin(shop, `/admin/payments/${payment.id}`);
    await fetch(`${h.sandboxUrl}/sandbox-tools/faults`, { method: 'DELETE' });
    expect([...refusal(answer), answer.body.error?.retryable]).toEqual([
      502,
      'upstream_unavailable',
      code,
      apiErrors[code].meaning,
      true,
    ]);
  }
});

test("an order below the smallest amount the API charges: the shopper's refusal says so, with the code", async () => {
  const order = await shop.order({ amount: 0.5 });
  const { res } = await submitCard(shop, order.clientSecret);
  expect([res.status, res.body.error.type, res.body.error.code, res.body.error.message]).toEqual([
    422,
    'payment_refused',
    5016,
    apiErrors[5016].meaning,
  ]);
});

test('a PENDING refund counts against what the back office can still refund: 25 pending of 40, then 20 is refused 5007, 15 fits', async () => {
  const id = await paidByPix(40);
  const first = await admin(shop, `/admin/payments/${id}/refunds`, { amount: 25 });
  expect(first.body.refund).toMatchObject({ status: 'PENDING', amount: 25 });
  expect(refusal(await admin(shop, `/admin/payments/${id}/refunds`, { amount: 20 }))).toEqual([
    422,
    'payment_refused',
    5007,
    apiErrors[5007].meaning,
  ]);
  expect(
    (await admin(shop, `/admin/payments/${id}/refunds`, { amount: 15 })).body.refund,
  ).toMatchObject({ status: 'PENDING', amount: 15 });
  expect(
    h.sandbox
      .ledger({ payment_id: id })
      .entries.filter((e) => e.kind === 'refund')
      .map((e) => e.amount),
  ).toEqual([25, 15]);
});

test('partial captures from the back office never exceed the authorization: 40 then 90 of 120 is refused 5007, 80 fits', async () => {
  const auth = await paid({ intent: 'authorize' });
  expect(auth.status).toBe('AUTHORIZED');
  expect(
    (await admin(shop, `/admin/payments/${auth.id}/capture`, { amount: 40 })).body.payment,
  ).toMatchObject({ status: 'PAID', amount: 40 });
  expect(refusal(await admin(shop, `/admin/payments/${auth.id}/capture`, { amount: 90 }))).toEqual([
    422,
    'payment_refused',
    5007,
    apiErrors[5007].meaning,
  ]);
  expect(
    (await admin(shop, `/admin/payments/${auth.id}/capture`, { amount: 80 })).body.payment,
  ).toMatchObject({ status: 'PAID', amount: 80 });
  expect(
    h.sandbox
      .ledger({ payment_id: auth.id })
      .entries.filter((e) => e.kind === 'capture')
      .map((e) => e.amount),
  ).toEqual([40, 80]);
});

test("every code of the API's table has a meaning of its own", () => {
  const meanings = Object.values(apiErrors).map((e) => e.meaning);
  expect(meanings.every((m) => m.length > 20)).toBe(true);
  expect(new Set(meanings).size).toBe(meanings.length);
});
