/**
 * The wire dialect's newer request fields (the wire dialect: what the API accepts beyond its spec, packages/sandbox/README.md): 3-D
 * Secure done by the merchant's own MPI is approved at once, with no redirect, even where
 * 3-D Secure is required; a network token with its cryptogram pays like a card;
 * the card's `country` is echoed. Each needs core's request schema to accept the field.
 */
import { cardPayment, payerIn, visa } from './support/client.js';
import { expect, test } from './support/fixture.js';

const mpi2 = {
  mpi: true,
  three_dsecure_version: '2.2.0',
  eci: '05',
  cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
  ds_transaction_id: 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
};
const mpi1 = {
  mpi: true,
  three_dsecure_version: '1.0.2',
  eci: '05',
  cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
  xid: 'MDAwMDAwMDAwMDAwMDAwMzIyNzY=',
  enrollment_response: 'Y',
  authentication_response: 'Y',
};
const address = {
  state: 'GP',
  city: 'Johannesburg',
  zip_code: '2000',
  street: 'Main Road',
  number: '1',
};

test('MPI 3-D Secure: paid or authorized at once, no redirect, in countries that require it', async ({
  sbx,
}) => {
  const paid = await sbx.api.post('/secure_payments', cardPayment({ three_dsecure: mpi2 }));
  expect(paid.body).toMatchObject({ status: 'PAID', status_code: '200', three_dsecure: {} });
  expect(paid.body.three_dsecure).not.toHaveProperty('redirect_url');
  // 1.x results (xid), in the Philippines where 3-D Secure is required. (Core refuses `force` beside `mpi`.)
  const philippines = await sbx.api.post(
    '/secure_payments',
    cardPayment({ country: 'PH', currency: 'PHP', three_dsecure: mpi1 }),
  );
  expect(philippines.body).toMatchObject({ status: 'PAID', status_code: '200' });
  const southAfrica = await sbx.api.post(
    '/secure_payments',
    cardPayment({
      country: 'ZA',
      currency: 'ZAR',
      payer: { ...payerIn('ZA'), address },
      card: { ...visa, capture: false },
      three_dsecure: mpi2,
    }),
  );
  expect(southAfrica.body).toMatchObject({ status: 'AUTHORIZED', status_code: '600' });
  expect(southAfrica.body).not.toHaveProperty('redirect_url');
  // Without the MPI's results the same payment waits for the challenge.
  const challenged = await sbx.api.post(
    '/secure_payments',
    cardPayment({ three_dsecure: { force: true }, callback_url: `${sbx.receiver.url}/cb` }),
  );
  expect(challenged.body.status_code).toBe('101');
});

test('a network token with its cryptogram pays like a card on /secure_payments: brand and last four from its digits', async ({
  sbx,
}) => {
  const token = {
    network_token: '4111111111111111',
    cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
    eci: '07',
    expiration_month: 12,
    expiration_year: 2040,
    holder_name: 'Thiago Gabriel',
  };
  const res = await sbx.api.post('/secure_payments', cardPayment({ card: token }));
  expect(res.body).toMatchObject({
    status: 'PAID',
    payment_method_id: 'CARD',
    card: { brand: 'VI', last4: '1111', holder_name: 'Thiago Gabriel' },
  });
  expect(JSON.stringify(res.body)).not.toMatch(/4111111111111111|cryptogram/);
  const mastercard = await sbx.api.post(
    '/secure_payments',
    cardPayment({ card: { ...token, network_token: '5555555555554444', capture: false } }),
  );
  expect(mastercard.body).toMatchObject({
    status: 'AUTHORIZED',
    card: { brand: 'MC', last4: '4444' },
  });
  const stored = await sbx.api.post(
    '/secure_payments',
    cardPayment({
      card: {
        ...token,
        stored_credential_type: 'UNSCHEDULED_CARD_ON_FILE',
        stored_credential_usage: 'USED',
        network_payment_reference: '123456789012345',
      },
    }),
  );
  expect(stored.body).toMatchObject({
    status: 'PAID',
    card: {
      brand: 'VI',
      stored_credential_type: 'UNSCHEDULED_CARD_ON_FILE',
      stored_credential_usage: 'USED',
    },
  });
  expect(stored.body.card.network_tx_reference).toMatch(/^\d{15}$/);
  // Card data goes to /secure_payments.
  const wrongPath = await sbx.api.post('/payments', cardPayment({ card: token }));
  expect([wrongPath.status, wrongPath.body.code]).toEqual([400, 5001]);
});

test("card.country is echoed: the card's when given, else the payment's country", async ({
  sbx,
}) => {
  const res = await sbx.api.post(
    '/secure_payments',
    cardPayment({ card: { ...visa, country: 'US' } }),
  );
  expect(res.body).toMatchObject({ status: 'PAID', card: { country: 'US' } });
  expect((await sbx.api.post('/secure_payments', cardPayment())).body.card.country).toBe('BR');
});
