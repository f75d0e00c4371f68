/** Enrollments: created alone or with a payment, confirmed by the payer, charged by id, cancelled. */
import { enrollmentRecordSchema, parse } from '@paylit/core/schemas';
import { cardPayment, payer, payerIn, visa } from './support/client.js';
import { expect, test } from './support/fixture.js';
import { choose } from './support/pages.js';

const subscription = {
  start_date: '2026-12-01',
  frequency: 'MONTHLY',
  amount: { type: 'FIXED', value: 50 },
};

test('an enrollment without a callback is ACTIVE at once, charged by id, then cancelled by the merchant', async ({
  sbx,
}) => {
  const notification_url = `${sbx.receiver.url}/enrollments`;
  const res = await sbx.api.post('/enrollments', {
    country: 'BR',
    payer,
    external_id: 'sub-1',
    type: 'MERCHANT_SUBSCRIPTION',
    subscription,
    notification_url,
  });
  const e = parse(enrollmentRecordSchema, res.body);
  expect(e).toMatchObject({
    external_id: 'sub-1',
    type: 'MERCHANT_SUBSCRIPTION',
    status: 'ACTIVE',
    status_code: '200',
  });
  const charged = await sbx.api.post(
    '/secure_payments',
    cardPayment({ amount: 50, enrollment: { id: e.id } }),
  );
  expect(charged.body).toMatchObject({
    status: 'PAID',
    enrollment: { id: e.id, status: 'ACTIVE' },
  });
  const cancelled = await sbx.api.post(`/enrollments/${e.id}/cancel`);
  expect(cancelled.body).toMatchObject({ id: e.id, status: 'CANCELLED', status_code: '400' });
  const refused = await sbx.api.post('/secure_payments', cardPayment({ enrollment: { id: e.id } }));
  expect([refused.status, refused.body]).toEqual([
    400,
    { code: 5002, message: 'Invalid transaction status' },
  ]);
  const notes = await sbx.receiver.waitFor(2, '/enrollments', e.id);
  expect(notes.map((n) => n.record.status)).toEqual(['ACTIVE', 'CANCELLED']);
  expect((await sbx.api.post(`/enrollments/${e.id}/cancel`)).body.code).toBe(5002);
  expect((await sbx.api.post('/enrollments/E-nope/cancel')).body.code).toBe(5008);
});

test('with a callback_url the payer confirms first; a payer can cancel (401)', async ({ sbx }) => {
  const res = await sbx.api.post('/enrollments', {
    country: 'MX',
    payer: payerIn('MX'),
    external_id: 'sub-2',
    type: 'ON_DEMAND',
    callback_url: `${sbx.receiver.url}/enrolled`,
  });
  expect(res.body).toMatchObject({ status: 'PENDING', status_code: '100' });
  const done = await choose(res.body.redirect_url, 'approve');
  expect(done.callback?.fields).toEqual({ enrollmentId: res.body.id, status: 'ACTIVE' });
  const byPayer = await fetch(
    `${sbx.running.url}/sandbox-tools/enrollments/${res.body.id}/cancel-by-payer`,
    { method: 'POST' },
  );
  expect(await byPayer.json()).toMatchObject({
    status: 'CANCELLED',
    status_code: '401',
    status_detail: 'The enrollment was cancelled by the payer.',
  });
  const declined = await sbx.api.post('/enrollments', {
    country: 'MX',
    payer: payerIn('MX'),
    external_id: 'sub-3',
    type: 'ON_DEMAND',
    callback_url: `${sbx.receiver.url}/enrolled`,
  });
  expect((await choose(declined.body.redirect_url, 'reject')).callback?.fields.status).toBe(
    'REJECTED',
  );
});

test('an enrollment created with the first payment, then charged with the saved card', async ({
  sbx,
}) => {
  const res = await sbx.api.post(
    '/secure_payments',
    cardPayment({
      card: { ...visa, save: true },
      enrollment: { external_id: 'sub-4', type: 'MERCHANT_SUBSCRIPTION', subscription },
    }),
  );
  expect(res.body.status).toBe('PAID');
  expect(res.body.enrollment).toMatchObject({ status: 'ACTIVE' });
  expect(res.body.enrollment.id).toMatch(/^E-/);
  const next = await sbx.api.post(
    '/payments',
    cardPayment({
      amount: 50,
      card: {
        card_id: res.body.card.card_id,
        stored_credential_type: 'SUBSCRIPTION',
        stored_credential_usage: 'USED',
      },
      enrollment: { id: res.body.enrollment.id },
    }),
  );
  expect(next.body).toMatchObject({ status: 'PAID', enrollment: { id: res.body.enrollment.id } });
});

test('the enrollment request is validated by core: 5001 with the path, 5003 for a country', async ({
  sbx,
}) => {
  expect(
    (
      await sbx.api.post('/enrollments', {
        country: 'BR',
        payer,
        external_id: 'x',
        type: 'MERCHANT_SUBSCRIPTION',
      })
    ).body,
  ).toMatchObject({ code: 5001, param: 'subscription' });
  expect(
    (
      await sbx.api.post('/enrollments', {
        country: 'FR',
        payer,
        external_id: 'x',
        type: 'ON_DEMAND',
      })
    ).body.code,
  ).toBe(5003);
});
