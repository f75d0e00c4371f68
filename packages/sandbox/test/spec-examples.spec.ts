/**
 * The spec's own example requests (core's fixtures, written from the spec's tables)
 * accepted by the sandbox. Where an example names a saved card, token, enrollment or
 * wallet, that thing is made first and its id put in.
 */
import {
  specCaptureRequests,
  specPaymentRequests,
  specRefundRequests,
} from '../../core/test/fixtures/spec-examples.js';
import { orderId, payer, visa } from './support/client.js';
import { expect, test } from './support/fixture.js';
import { choose } from './support/pages.js';

const approved = ['PAID', 'AUTHORIZED', 'VERIFIED', 'PENDING'];

test('every example payment request is accepted', async ({ sbx }) => {
  const callback_url = `${sbx.receiver.url}/return`;
  const card = (await sbx.api.post('/secure_cards', { country: 'BR', card: visa, payer })).body
    .card_id;
  const enrollment = (
    await sbx.api.post('/enrollments', {
      country: 'BR',
      payer,
      external_id: orderId('e'),
      type: 'ON_DEMAND',
    })
  ).body.id;
  const walletPayment = (
    await sbx.api.post('/payments', {
      amount: 10,
      currency: 'BRL',
      country: 'BR',
      payment_method_id: 'MP',
      payment_method_flow: 'REDIRECT',
      payer: { ...payer, phone: '1' },
      wallet: { save: true },
      order_id: orderId('w'),
      callback_url,
    })
  ).body;
  await choose(walletPayment.redirect_url, 'approve');
  const walletToken = (await sbx.api.get(`/payments/${walletPayment.id}`)).body.wallet.token;
  const plan = (
    await sbx.api.post('/installments-plans', {
      country: 'BR',
      bin: '411111',
      amount: 1200,
      currency: 'BRL',
    })
  ).body;
  const jwk = sbx.sandbox.publicJwk;
  const { encryptCard } = await import('@paylit/core/crypto');

  for (const [name, example] of Object.entries(specPaymentRequests)) {
    const body = structuredClone(example) as Record<string, any>;
    body.order_id = orderId('spec');
    if (body.card?.card_id) body.card.card_id = card;
    if (body.card?.token)
      body.card.token = (
        await (
          await fetch(`${sbx.running.url}/sandbox-tools/card-tokens`, {
            method: 'POST',
            body: JSON.stringify({ card: visa }),
          })
        ).json()
      ).token;
    if (body.card?.encrypted_data)
      body.card.encrypted_data = await encryptCard({ number: '4111111111111111', cvv: '123' }, jwk);
    if (body.card?.installment_id)
      body.card.installment_id = plan.installments.find(
        (i: { installments: number }) => i.installments === Number(body.card.installments),
      ).id;
    if (body.enrollment?.id) body.enrollment.id = enrollment;
    if (body.wallet?.token) body.wallet.token = walletToken;
    if (body.three_dsecure?.force || body.payment_method_flow === 'REDIRECT')
      body.callback_url ??= callback_url;
    const secure = Boolean(body.card?.number || body.card?.encrypted_data);
    const res = await sbx.api.post(secure ? '/secure_payments' : '/payments', body);
    expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
    expect(approved, name).toContain(res.body.status);
  }
});

test('the example captures and refunds are accepted', async ({ sbx }) => {
  for (const [name, example] of Object.entries(specCaptureRequests)) {
    const auth = (
      await sbx.api.post('/secure_payments', {
        amount: 100,
        currency: 'BRL',
        country: 'BR',
        payment_method_id: 'CARD',
        payment_method_flow: 'DIRECT',
        payer,
        card: { ...visa, capture: false },
        order_id: orderId(),
      })
    ).body;
    const res = await sbx.api.post('/payments', {
      ...(example as object),
      authorization_id: auth.id,
    });
    expect([res.status, res.body.status], name).toEqual([200, 'PAID']);
  }
  for (const [name, example] of Object.entries(specRefundRequests)) {
    const paid = (
      await sbx.api.post('/secure_payments', {
        amount: 100,
        currency: 'BRL',
        country: 'BR',
        payment_method_id: 'CARD',
        payment_method_flow: 'DIRECT',
        payer,
        card: visa,
        order_id: orderId(),
      })
    ).body;
    const res = await sbx.api.post('/refunds', { ...(example as object), payment_id: paid.id });
    expect([res.status, res.body.status], name).toEqual([200, 'SUCCESS']);
  }
});
