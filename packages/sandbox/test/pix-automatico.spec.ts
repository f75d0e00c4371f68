/**
 * Pix Automático (method `XA`) as the sandbox plays the payer's bank: a mandate (an enrollment
 * with a `subscription`) waits PENDING for the payer, who authorizes, refuses or later cancels it
 * with the sandbox's tools, each change notified to `enrollment.notification_url`; its charges,
 * by `enrollment.id` alone, carry a `scheduled_date` 2 to 10 days ahead of the sandbox's clock
 * and within the mandate's dates, and stay within its amount. Card recurring fields are echoed.
 */
import { orderId, payer, visa } from './support/client.js';
import { expect, test, withSandbox, type SandboxFixture } from './support/fixture.js';

const DAY = 24 * 60 * 60 * 1000;
const ymd = (d: Date) => d.toISOString().slice(0, 10);

async function mandate(sbx: SandboxFixture, subscription: Record<string, unknown>, extra = {}) {
  const res = await sbx.api.post('/enrollments', {
    country: 'BR',
    payer,
    payment_method_id: 'XA',
    external_id: orderId('pixauto'),
    type: 'MERCHANT_SUBSCRIPTION',
    subscription,
    notification_url: `${sbx.receiver.url}/pix-automatico`,
    ...extra,
  });
  return res;
}

/** A charge of a mandate: its id, the scheme's method, and the scheduled date. */
function charge(id: string, amount: number, scheduled_date?: string, extra = {}) {
  return {
    amount,
    currency: 'BRL',
    country: 'BR',
    payment_method_id: 'XA',
    payment_method_flow: 'DIRECT',
    payer,
    order_id: orderId('pixauto-charge'),
    enrollment: { id },
    ...(scheduled_date !== undefined ? { scheduled_date } : {}),
    ...extra,
  };
}

test('a Pix Automático mandate waits PENDING for the payer; authorized in the bank it is ACTIVE, each change notified', async () => {
  await withSandbox({}, async (sbx) => {
    const start = ymd(new Date(sbx.sandbox.clock.now().getTime() + 5 * DAY));
    const made = await mandate(sbx, {
      frequency: 'MONTHLY',
      start_date: start,
      amount: { type: 'FIXED', value: 39.9 },
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ status: 'PENDING', status_code: '100' });
    const id = made.body.id as string;
    // Not yet authorized: no charge.
    const early = await sbx.api.post('/payments', charge(id, 39.9, start));
    expect([early.status, early.body]).toEqual([
      400,
      { code: 5002, message: 'Invalid transaction status' },
    ]);
    const authorized = await sbx.api.post(`/sandbox-tools/enrollments/${id}/authorize`);
    expect(authorized.body).toMatchObject({ id, status: 'ACTIVE', status_code: '200' });
    // Authorized once: a second answer is refused.
    const again = await sbx.api.post(`/sandbox-tools/enrollments/${id}/reject`);
    expect([again.status, again.body.code]).toEqual([400, 5002]);
    const paid = await sbx.api.post('/payments', charge(id, 39.9, start));
    expect(paid.body).toMatchObject({
      status: 'PAID',
      amount: 39.9,
      payment_method_id: 'XA',
      enrollment: { id, status: 'ACTIVE' },
    });
    const notes = await sbx.receiver.waitFor(2, '/pix-automatico', id);
    expect(notes.map((n) => [n.record.status, n.record.status_code])).toEqual([
      ['PENDING', '100'],
      ['ACTIVE', '200'],
    ]);
    // The payer cancels it in the bank: CANCELLED 401, notified, and the next charge refused.
    const cancelled = await sbx.api.post(`/sandbox-tools/enrollments/${id}/cancel-by-payer`);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', status_code: '401' });
    const after = await sbx.api.post('/payments', charge(id, 39.9, start));
    expect([after.status, after.body.code]).toEqual([400, 5002]);
    const all = await sbx.receiver.waitFor(3, '/pix-automatico', id);
    expect(all[2]!.record).toMatchObject({
      status: 'CANCELLED',
      status_code: '401',
      status_detail: 'The enrollment was cancelled by the payer.',
    });
  });
});

test('a mandate the payer refuses is REJECTED, notified, and refuses charges', async ({ sbx }) => {
  const start = ymd(new Date(sbx.sandbox.clock.now().getTime() + 3 * DAY));
  const id = (
    await mandate(sbx, {
      frequency: 'WEEKLY',
      start_date: start,
      amount: { type: 'VARIABLE', min_value: 5, max_value: 80 },
    })
  ).body.id as string;
  const rejected = await sbx.api.post(`/sandbox-tools/enrollments/${id}/reject`);
  expect(rejected.body).toMatchObject({ status: 'REJECTED', status_code: '300' });
  const notes = await sbx.receiver.waitFor(2, '/pix-automatico', id);
  expect(notes.map((n) => n.record.status)).toEqual(['PENDING', 'REJECTED']);
  const res = await sbx.api.post('/payments', charge(id, 10, start));
  expect([res.status, res.body]).toEqual([
    400,
    { code: 5002, message: 'Invalid transaction status' },
  ]);
  expect((await sbx.api.post('/sandbox-tools/enrollments/E-nope/authorize')).body.code).toBe(5008);
});

test('a Pix Automático mandate states its terms and is Brazilian: 5001 naming what is missing, 5010 elsewhere', async ({
  sbx,
}) => {
  const noType = await mandate(sbx, {}, { type: 'ON_DEMAND' });
  expect([noType.status, noType.body]).toEqual([
    400,
    { code: 5001, message: 'Invalid parameter: type', param: 'type' },
  ]);
  const noAmount = await mandate(sbx, { frequency: 'MONTHLY', start_date: '2030-01-01' });
  expect(noAmount.body).toEqual({
    code: 5001,
    message: 'Invalid parameter: subscription.amount',
    param: 'subscription.amount',
  });
  const mexico = await sbx.api.post('/enrollments', {
    country: 'MX',
    payer: { ...payer, document: 'GODE561231HDFRRN09' },
    payment_method_id: 'XA',
    external_id: 'x',
    type: 'MERCHANT_SUBSCRIPTION',
    subscription: {
      frequency: 'MONTHLY',
      start_date: '2030-01-01',
      amount: { type: 'FIXED', value: 1 },
    },
  });
  expect([mexico.status, mexico.body.code, mexico.body.param]).toEqual([400, 5010, undefined]);
});

test('charges follow scheduled_date: 2 to 10 days ahead of the sandbox clock, within the mandate; the clock moves past periods', async () => {
  await withSandbox({}, async (sbx) => {
    const now = sbx.sandbox.clock.now();
    const day = (n: number) => ymd(new Date(now.getTime() + n * DAY));
    const id = (
      await mandate(sbx, {
        frequency: 'MONTHLY',
        start_date: day(5),
        end_date: day(70),
        amount: { type: 'VARIABLE', min_value: 5, max_value: 80 },
      })
    ).body.id as string;
    await sbx.api.post(`/sandbox-tools/enrollments/${id}/authorize`);
    const scheduled = {
      code: 5001,
      message: 'Invalid parameter: scheduled_date',
      param: 'scheduled_date',
    };
    // With payment_method_id CARD (ignored for a charge by id), the mandate's own rule still holds.
    for (const [date, method] of [
      [undefined, 'CARD'],
      [day(1), 'CARD'],
      [day(11), 'CARD'],
      [day(1), 'XA'],
      [day(11), 'XA'],
    ] as const) {
      const res = await sbx.api.post(
        '/payments',
        charge(id, 20, date, { payment_method_id: method }),
      );
      expect([date, method, res.status, res.body.code, res.body.param]).toEqual([
        date,
        method,
        400,
        5001,
        'scheduled_date',
      ]);
    }
    const before = sbx.sandbox.ledger().entries.length;
    // Two days ahead but before the mandate's start: refused.
    const beforeStart = await sbx.api.post('/payments', charge(id, 20, day(2)));
    expect([beforeStart.status, beforeStart.body]).toEqual([400, scheduled]);
    // Above the maximum per charge: refused with the amount's code.
    const over = await sbx.api.post('/payments', charge(id, 80.01, day(5)));
    expect([over.status, over.body]).toEqual([
      400,
      { code: 5001, message: 'Invalid parameter: amount', param: 'amount' },
    ]);
    expect(sbx.sandbox.ledger().entries.length).toBe(before);
    expect((await sbx.api.post('/payments', charge(id, 80, day(5)))).body.status).toBe('PAID');
    expect((await sbx.api.post('/payments', charge(id, 10, day(10)))).body.status).toBe('PAID');

    // A month later by the sandbox's clock, the next period's date is in the window.
    await sbx.api.post('/sandbox-tools/clock', { advance_ms: 30 * DAY });
    expect((await sbx.api.post('/payments', charge(id, 20, day(35)))).body.status).toBe('PAID');
    // What was ahead before is now past: refused.
    const past = await sbx.api.post('/payments', charge(id, 20, day(10)));
    expect([past.status, past.body]).toEqual([400, scheduled]);
    // Past the mandate's end_date: refused.
    await sbx.api.post('/sandbox-tools/clock', { advance_ms: 35 * DAY });
    const ended = await sbx.api.post('/payments', charge(id, 20, day(72)));
    expect([ended.status, ended.body]).toEqual([400, scheduled]);
    const charged = (await sbx.api.get('/sandbox-tools/ledger')).body.entries.filter(
      (e: { payment_method_id?: string; status?: string }) => e.status === 'PAID',
    );
    expect(charged.length).toBe(3);
  });
});

test('card recurring: stored_credential SUBSCRIPTION FIRST then USED with the saved card, echoed; USED with no FIRST is accepted', async ({
  sbx,
}) => {
  const base = {
    amount: 25,
    currency: 'BRL',
    country: 'BR',
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    payer,
  };
  const first = await sbx.api.post('/secure_payments', {
    ...base,
    order_id: orderId('card-sub'),
    card: {
      ...visa,
      save: true,
      stored_credential_type: 'SUBSCRIPTION',
      stored_credential_usage: 'FIRST',
    },
  });
  expect(first.body).toMatchObject({
    status: 'PAID',
    card: { stored_credential_type: 'SUBSCRIPTION', stored_credential_usage: 'FIRST', save: true },
  });
  const cardId = first.body.card.card_id as string;
  const used = await sbx.api.post('/payments', {
    ...base,
    order_id: orderId('card-sub'),
    card: {
      card_id: cardId,
      stored_credential_type: 'SUBSCRIPTION',
      stored_credential_usage: 'USED',
    },
  });
  expect(used.body).toMatchObject({
    status: 'PAID',
    card: {
      card_id: cardId,
      stored_credential_type: 'SUBSCRIPTION',
      stored_credential_usage: 'USED',
    },
  });
  expect(used.body.card.network_tx_reference).toMatch(/^\d{15}$/);
  // The spec does not refuse a USED with no FIRST before it (README): a card saved without one.
  const saved = await sbx.api.post('/secure_cards', { country: 'BR', payer, card: visa });
  const orphan = await sbx.api.post('/payments', {
    ...base,
    order_id: orderId('card-sub'),
    card: {
      card_id: saved.body.card_id,
      stored_credential_type: 'SUBSCRIPTION',
      stored_credential_usage: 'USED',
    },
  });
  expect(orphan.body).toMatchObject({ status: 'PAID', card: { stored_credential_usage: 'USED' } });
});
