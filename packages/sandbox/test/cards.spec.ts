/** Saved cards: POST /secure_cards, GET /cards/{id}, DELETE /secure_cards/{id}. */
import { encryptCard, encryptCvv } from '@paylit/core/crypto';
import { deletedCardRecordSchema, parse, savedCardRecordSchema } from '@paylit/core/schemas';
import { cardPayment, payer, visa } from './support/client.js';
import { expect, test } from './support/fixture.js';

test('a card saved, read, used and deleted', async ({ sbx }) => {
  const saved = await sbx.api.post('/secure_cards', { country: 'BR', card: visa, payer });
  expect(saved.status).toBe(200);
  const card = parse(savedCardRecordSchema, saved.body);
  expect(saved.body).toEqual({
    card_id: card.card_id,
    holder_name: 'Thiago Gabriel',
    expiration_month: 10,
    expiration_year: 2040,
    last4: '1111',
    brand: 'VI',
  });
  expect((await sbx.api.get(`/cards/${card.card_id}`)).body).toEqual(saved.body);
  expect(
    (await sbx.api.post('/payments', cardPayment({ card: { card_id: card.card_id } }))).body.status,
  ).toBe('PAID');
  const deleted = await sbx.api.delete(`/secure_cards/${card.card_id}`);
  expect(parse(deletedCardRecordSchema, deleted.body)).toEqual({
    card_id: card.card_id,
    deleted: true,
  });
  expect((await sbx.api.get(`/cards/${card.card_id}`)).body).toMatchObject({ code: 5008 });
  expect(
    (await sbx.api.post('/payments', cardPayment({ card: { card_id: card.card_id } }))).body,
  ).toEqual({ code: 5008, message: 'Token not found or inactive' });
  expect((await sbx.api.delete(`/secure_cards/${card.card_id}`)).status).toBe(400);
});

test('a card saved from encrypted_data', async ({ sbx }) => {
  const { number: _n, cvv: _c, ...clear } = visa;
  const encrypted_data = await encryptCard(
    { number: '5066991111111118', cvv: '737' },
    sbx.sandbox.publicJwk,
  );
  const saved = await sbx.api.post('/secure_cards', {
    country: 'BR',
    card: { ...clear, encrypted_data },
    payer,
  });
  expect(saved.body).toMatchObject({ brand: 'EL', last4: '1118' });
});

test('a saved card confirmed by its security code alone, in a JWE beside card_id', async ({
  sbx,
}) => {
  const amex = (
    await sbx.api.post('/secure_cards', {
      country: 'BR',
      card: { ...visa, number: '378282246310005', cvv: '1234' },
      payer,
    })
  ).body.card_id;
  const pay = async (cvv: string) =>
    sbx.api.post(
      '/secure_payments',
      cardPayment({
        card: { card_id: amex, encrypted_data: await encryptCvv(cvv, sbx.sandbox.publicJwk) },
      }),
    );
  const paid = await pay('4321');
  expect(paid.body).toMatchObject({
    status: 'PAID',
    card: { card_id: amex, brand: 'AE', last4: '0005' },
  });
  // A security code of the wrong length for the saved card's brand is the API's 315.
  expect((await pay('432')).body).toMatchObject({ status: 'REJECTED', status_code: '315' });
  // The JWE holds card data: /payments refuses it.
  const plain = await sbx.api.post(
    '/payments',
    cardPayment({
      card: { card_id: amex, encrypted_data: await encryptCvv('4321', sbx.sandbox.publicJwk) },
    }),
  );
  expect([plain.status, plain.body.code, plain.body.param]).toEqual([
    400,
    5001,
    'card.encrypted_data',
  ]);
  // A whole card's JWE beside a card_id is not a security code.
  const whole = await sbx.api.post(
    '/secure_payments',
    cardPayment({
      card: {
        card_id: amex,
        encrypted_data: await encryptCard(
          { number: '378282246310005', cvv: '1234' },
          sbx.sandbox.publicJwk,
        ),
      },
    }),
  );
  expect([whole.status, whole.body.code, whole.body.param]).toEqual([
    400,
    5001,
    'card.encrypted_data',
  ]);
});

test('a card that cannot be saved says why', async ({ sbx }) => {
  const bad = await sbx.api.post('/secure_cards', {
    country: 'BR',
    card: { ...visa, number: '4111111111111112' },
    payer,
  });
  expect([bad.status, bad.body.code, bad.body.param]).toEqual([400, 5001, 'card.number']);
  const expired = await sbx.api.post('/secure_cards', {
    country: 'BR',
    card: { ...visa, expiration_year: 2021 },
    payer,
  });
  expect(expired.body.param).toBe('card.expiration_year');
  const country = await sbx.api.post('/secure_cards', { country: 'FR', card: visa, payer });
  expect(country.body.code).toBe(5003);
  const missing = await sbx.api.post('/secure_cards', {
    country: 'BR',
    card: { holder_name: 'x' },
    payer,
  });
  expect(missing.body.code).toBe(5001);
});
