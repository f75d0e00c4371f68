/**
 * Charging an enrollment as the spec has it ("Enrollment (payment.enrollment)"): the charge
 * sends `enrollment: {id}` and no card, and is paid with the enrollment's method; a
 * subscription bounds each charge (FIXED: its value; VARIABLE: at most its max_value); an
 * enrollment that is not active refuses charges.
 */
import { orderId, payer, payerIn, visa } from './support/client.js';
import { expect, test } from './support/fixture.js';
import { choose } from './support/pages.js';

const fixed = {
  frequency: 'MONTHLY',
  start_date: '2026-12-01',
  amount: { type: 'FIXED', value: 30 },
};
const variable = {
  frequency: 'MONTHLY',
  start_date: '2026-12-01',
  amount: { type: 'VARIABLE', min_value: 10, max_value: 40 },
};

/** A charge of an enrollment: its id, and no card. */
function charge(id: string, amount: number) {
  return {
    amount,
    currency: 'BRL',
    country: 'BR',
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    payer,
    order_id: orderId('charge'),
    enrollment: { id },
  };
}

test('an enrollment made with a card payment is charged by id alone, with that card, at once', async ({
  sbx,
}) => {
  const first = await sbx.api.post('/secure_payments', {
    ...charge('', 30),
    enrollment: { external_id: 'ch-1', type: 'MERCHANT_SUBSCRIPTION', subscription: fixed },
    card: { ...visa, number: '5555555555554444', save: true },
  });
  expect(first.body).toMatchObject({
    status: 'PAID',
    card: { brand: 'MC', last4: '4444' },
    enrollment: { status: 'ACTIVE' },
  });
  const res = await sbx.api.post('/payments', charge(first.body.enrollment.id, 30));
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    status: 'PAID',
    amount: 30,
    payment_method_id: 'CARD',
    payment_method_type: 'CARD',
    card: {
      brand: 'MC',
      last4: '4444',
      holder_name: visa.holder_name,
      card_id: first.body.card.card_id,
    },
    enrollment: { id: first.body.enrollment.id, status: 'ACTIVE' },
  });
  expect(res.body.card.network_tx_reference).toMatch(/^\d{15}$/);
  expect(res.body).not.toHaveProperty('redirect_url');
  expect(sbx.sandbox.ledger({ order_id: res.body.order_id })).toMatchObject({ money_moved: 1 });
});

test('an enrollment made alone is charged with the card the payer registered', async ({ sbx }) => {
  const e = (
    await sbx.api.post('/enrollments', {
      country: 'BR',
      payer,
      external_id: 'ch-2',
      type: 'ON_DEMAND',
    })
  ).body;
  const res = await sbx.api.post('/payments', charge(e.id, 99.9));
  expect(res.body).toMatchObject({
    status: 'PAID',
    amount: 99.9,
    payment_method_id: 'CARD',
    card: { brand: 'VI', last4: '1111', holder_name: payer.name },
    enrollment: { id: e.id },
  });
  // ON_DEMAND has no subscription: any amount.
  expect((await sbx.api.post('/payments', charge(e.id, 500))).body.status).toBe('PAID');
});

test('FIXED: exactly its value; VARIABLE: at most its max_value; anything else 400 / 5001 amount', async ({
  sbx,
}) => {
  const amountError = { code: 5001, message: 'Invalid parameter: amount', param: 'amount' };
  const f = (
    await sbx.api.post('/enrollments', {
      country: 'BR',
      payer,
      external_id: 'ch-3',
      type: 'MERCHANT_SUBSCRIPTION',
      subscription: fixed,
    })
  ).body;
  for (const amount of [50, 29.99, 30.01]) {
    const res = await sbx.api.post('/payments', charge(f.id, amount));
    expect([amount, res.status, res.body]).toEqual([amount, 400, amountError]);
  }
  expect((await sbx.api.post('/payments', charge(f.id, 30))).body.status).toBe('PAID');

  const v = (
    await sbx.api.post('/enrollments', {
      country: 'BR',
      payer,
      external_id: 'ch-4',
      type: 'MERCHANT_SUBSCRIPTION',
      subscription: variable,
    })
  ).body;
  const before = sbx.sandbox.ledger().entries.length;
  const over = await sbx.api.post('/payments', charge(v.id, 50));
  expect([over.status, over.body]).toEqual([400, amountError]);
  // With a card beside the id, the same bounds.
  const withCard = await sbx.api.post('/secure_payments', { ...charge(v.id, 50), card: visa });
  expect([withCard.status, withCard.body]).toEqual([400, amountError]);
  // The refusals made no payment.
  expect(sbx.sandbox.ledger().entries.length).toBe(before);
  for (const amount of [40, 12.5])
    expect((await sbx.api.post('/payments', charge(v.id, amount))).body).toMatchObject({
      status: 'PAID',
      amount,
    });
});

test('a cancelled (or not yet confirmed) enrollment refuses charges: 400 / 5002; an unknown one 400 / 5008', async ({
  sbx,
}) => {
  const e = (
    await sbx.api.post('/enrollments', {
      country: 'BR',
      payer,
      external_id: 'ch-5',
      type: 'ON_DEMAND',
    })
  ).body;
  await sbx.api.post(`/enrollments/${e.id}/cancel`);
  const res = await sbx.api.post('/payments', charge(e.id, 10));
  expect([res.status, res.body]).toEqual([
    400,
    { code: 5002, message: 'Invalid transaction status' },
  ]);
  const pending = (
    await sbx.api.post('/enrollments', {
      country: 'BR',
      payer,
      external_id: 'ch-6',
      type: 'ON_DEMAND',
      callback_url: `${sbx.receiver.url}/enrolled`,
    })
  ).body;
  expect((await sbx.api.post('/payments', charge(pending.id, 10))).body.code).toBe(5002);
  const nope = await sbx.api.post('/payments', charge('E-1-nope', 10));
  expect([nope.status, nope.body]).toEqual([
    400,
    { code: 5008, message: 'Token not found or inactive' },
  ]);
});

test('the bounds are in the local currency: a USD charge is held to them at the sandbox rate, never read as pesos', async ({
  sbx,
}) => {
  // The spec's Enrollment table: subscription.amount.value is "Local currency".
  const created = await sbx.api.post('/enrollments', {
    country: 'CL',
    payer: payerIn('CL'),
    external_id: orderId('sub'),
    type: 'MERCHANT_SUBSCRIPTION',
    subscription: {
      frequency: 'MONTHLY',
      start_date: '2030-01-01',
      amount: { type: 'FIXED', value: 9500 },
    },
  });
  const chargeIn = (currency: string, amount: number, country = 'CL') => ({
    ...charge(created.body.id, amount),
    country,
    currency,
    payer: payerIn(country),
  });
  const before = sbx.sandbox.ledger().entries.length;
  // 9,500 USD is not 9,500 CLP; 9,500 MXN in Mexico is no charge of a Chilean mandate either.
  const usd = await sbx.api.post('/payments', chargeIn('USD', 9500));
  expect([usd.status, usd.body.code, usd.body.param]).toEqual([400, 5001, 'amount']);
  const other = await sbx.api.post('/payments', chargeIn('MXN', 9500, 'MX'));
  expect([other.status, other.body.code, other.body.param]).toEqual([400, 5001, 'country']);
  expect(sbx.sandbox.ledger().entries.length).toBe(before);
  // 10 USD at the sandbox's 950 CLP is the mandate's 9,500 CLP.
  const ok = await sbx.api.post('/payments', chargeIn('USD', 10));
  expect(ok.body).toMatchObject({ status: 'PAID', amount: 10, currency: 'USD' });
});

test('an enrollment made with a first payment follows it: rejected or failing 3-D Secure, it is REJECTED and charges nothing; its saved card is not kept', async ({
  sbx,
}) => {
  const enrollment = () => ({ external_id: orderId('e'), type: 'ON_DEMAND' });
  const refused = { code: 5002, message: 'Invalid transaction status' };
  const moved = () => sbx.sandbox.ledger().entries.filter((e) => e.money_moved).length;
  const before = moved();
  // Rejected by the issuer ("300" in description, as the production sandbox does it).
  const rejected = await sbx.api.post('/secure_payments', {
    ...charge('', 30),
    enrollment: enrollment(),
    card: visa,
    description: 'issuer 300',
  });
  expect([rejected.body.status, rejected.body.enrollment.status]).toEqual(['REJECTED', 'REJECTED']);
  const again = await sbx.api.post('/payments', charge(rejected.body.enrollment.id, 30));
  expect([again.status, again.body]).toEqual([400, refused]);
  // 3-D Secure: PENDING until the payer authenticates; failed, no mandate and no saved card.
  const challenged = await sbx.api.post('/secure_payments', {
    ...charge('', 30),
    enrollment: enrollment(),
    card: { ...visa, save: true },
    three_dsecure: { force: true },
    callback_url: 'https://shop.example/back',
  });
  expect([challenged.body.status_code, challenged.body.enrollment.status]).toEqual([
    '101',
    'PENDING',
  ]);
  const early = await sbx.api.post('/payments', charge(challenged.body.enrollment.id, 30));
  expect([early.status, early.body]).toEqual([400, refused]);
  // Its payer answers by 3-D Secure, not in a bank's app (the tool that stands for one).
  const byTool = await fetch(
    `${sbx.running.url}/sandbox-tools/enrollments/${challenged.body.enrollment.id}/authorize`,
    { method: 'POST' },
  );
  expect([byTool.status, await byTool.json()]).toEqual([400, refused]);
  await choose(challenged.body.three_dsecure.redirect_url, 'reject');
  const late = await sbx.api.post('/payments', charge(challenged.body.enrollment.id, 30));
  expect([late.status, late.body]).toEqual([400, refused]);
  const { enrollment: _none, ...plain } = charge('', 30);
  const byCard = await sbx.api.post('/payments', {
    ...plain,
    card: { card_id: challenged.body.card.card_id },
  });
  expect([byCard.status, byCard.body.code]).toEqual([400, 5008]);
  expect(moved()).toBe(before);
  // Authenticated, it is ACTIVE and charged.
  const passed = await sbx.api.post('/secure_payments', {
    ...charge('', 30),
    enrollment: enrollment(),
    card: visa,
    three_dsecure: { force: true },
    callback_url: 'https://shop.example/back',
  });
  await choose(passed.body.three_dsecure.redirect_url, 'approve');
  const paid = await sbx.api.post('/payments', charge(passed.body.enrollment.id, 30));
  expect(paid.body).toMatchObject({ status: 'PAID', enrollment: { status: 'ACTIVE' } });
});

test('a first payment authorized, then its authorization cancelled: the enrollment it made is REJECTED, notified, and charges nothing', async ({
  sbx,
}) => {
  const hook = `${sbx.receiver.url}/enrollment-of-auth`;
  const auth = await sbx.api.post('/secure_payments', {
    ...charge('', 30),
    enrollment: { external_id: orderId('e'), type: 'ON_DEMAND', notification_url: hook },
    card: { ...visa, capture: false },
  });
  expect([auth.body.status, auth.body.enrollment.status]).toEqual(['AUTHORIZED', 'ACTIVE']);
  const id: string = auth.body.enrollment.id;
  const cancelled = await sbx.api.post(`/payments/${auth.body.id}/cancel`);
  expect([cancelled.body.status, cancelled.body.enrollment]).toEqual([
    'CANCELLED',
    { id, status: 'REJECTED' },
  ]);
  const notes = await sbx.receiver.waitFor(2, '/enrollment-of-auth', id);
  expect(notes.map((n) => [n.record.status, n.record.status_code])).toEqual([
    ['ACTIVE', '200'],
    ['REJECTED', '300'],
  ]);
  const moved = sbx.sandbox.ledger().entries.filter((e) => e.money_moved).length;
  const res = await sbx.api.post('/payments', charge(id, 30));
  expect([res.status, res.body]).toEqual([
    400,
    { code: 5002, message: 'Invalid transaction status' },
  ]);
  expect(sbx.sandbox.ledger().entries.filter((e) => e.money_moved).length).toBe(moved);
});

test('a Boleto first payment that expired, then is reported paid late: its enrollment goes REJECTED, then ACTIVE, and is charged', async ({
  sbx,
}) => {
  const first = await sbx.api.post('/payments', {
    ...charge('', 30),
    payment_method_id: 'BL',
    enrollment: { external_id: orderId('e'), type: 'ON_DEMAND' },
  });
  expect([first.body.status, first.body.enrollment.status]).toEqual(['PENDING', 'PENDING']);
  const id: string = first.body.enrollment.id;
  const ahead = Date.parse(first.body.ticket.expiration_date) - sbx.sandbox.clock.now().getTime();
  sbx.sandbox.clock.advance(ahead + 1000);
  try {
    const expired = await sbx.api.get(`/payments/${first.body.id}`);
    expect([expired.body.status, expired.body.enrollment]).toEqual([
      'EXPIRED',
      { id, status: 'REJECTED' },
    ]);
    const late = await sbx.api.post('/sandbox-tools/payments', {
      payment_id: first.body.id,
      status: 'PAID',
    });
    expect(late.status).toBe(200);
    const paid = await sbx.api.get(`/payments/${first.body.id}`);
    expect([paid.body.status, paid.body.enrollment]).toEqual(['PAID', { id, status: 'ACTIVE' }]);
    const res = await sbx.api.post('/payments', { ...charge(id, 30), payment_method_id: 'BL' });
    expect([res.status, res.body.status, res.body.payment_method_id]).toEqual([200, 'PAID', 'BL']);
  } finally {
    sbx.sandbox.clock.advance(-(ahead + 1000));
  }
});
