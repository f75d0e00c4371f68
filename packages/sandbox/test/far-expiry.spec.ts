/**
 * 309 "Card expired." is for a card past the last day of its month (the sandbox's README:
 * "an expired card: REJECTED 309"), whichever way the card comes. A card whose expiry is
 * far ahead (some test suites and orchestrators send 2050 or 2099) is not expired: the spec
 * states no upper bound, and the production sandbox approves every card payment that its
 * description does not reject. The same card must get the same answer raw, as a hosted
 * fields' token, and saved.
 */
import { cardPayment, payer, visa } from './support/client.js';
import { expect, test } from './support/fixture.js';

const farAhead = (sbxYear: number) => sbxYear + 24;

test('a card expiring 24 years ahead is not expired: raw, tokenized and saved, each is taken', async ({
  sbx,
}) => {
  const year = farAhead(sbx.sandbox.clock.now().getUTCFullYear());
  const card = { ...visa, expiration_year: year };

  // As a hosted fields' token: paid.
  const token = await sbx.api.post('/sandbox-tools/card-tokens', { card });
  expect(token.status).toBe(201);
  const byToken = await sbx.api.post(
    '/payments',
    cardPayment({ card: { token: token.body.token } }),
  );
  expect([byToken.status, byToken.body.status, byToken.body.status_code]).toEqual([
    200,
    'PAID',
    '200',
  ]);

  // Raw, the same card: paid too, not REJECTED 309 "Card expired.".
  const raw = await sbx.api.post('/secure_payments', cardPayment({ card }));
  expect([raw.status, raw.body.status, raw.body.status_code, raw.body.status_detail]).toEqual([
    200,
    'PAID',
    '200',
    'The payment was paid.',
  ]);

  // Saved: a card_id, not 400 / 5001 card.expiration_year.
  const saved = await sbx.api.post('/secure_cards', { country: 'BR', card, payer });
  expect([saved.status, saved.body.expiration_year]).toEqual([200, year]);
  expect(saved.body.card_id).toEqual(expect.any(String));
});

test('a card past its month is still REJECTED 309, raw and tokenized alike', async ({ sbx }) => {
  const now = sbx.sandbox.clock.now();
  const card = { ...visa, expiration_month: 1, expiration_year: now.getUTCFullYear() - 1 };
  const raw = await sbx.api.post('/secure_payments', cardPayment({ card }));
  expect([raw.body.status, raw.body.status_code]).toEqual(['REJECTED', '309']);
  const token = await sbx.api.post('/sandbox-tools/card-tokens', { card });
  const byToken = await sbx.api.post(
    '/payments',
    cardPayment({ card: { token: token.body.token } }),
  );
  expect([byToken.body.status, byToken.body.status_code]).toEqual(['REJECTED', '309']);
});
