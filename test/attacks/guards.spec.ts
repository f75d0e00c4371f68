/**
 * What an attacker may not slip past the checkout's consent and text rules, against the real
 * checkout handler and the real sandbox over HTTP: a wallet saved on an order that offers no
 * saving, and names or addresses carrying bidirectional overrides, separators or other format
 * characters. What reached the API is read from the sandbox (its ledger, its records, its
 * payments), never from the server's own bookkeeping.
 */
import { encryptCard } from '@paylit/core/crypto';
import { expect, test } from '@playwright/test';
import {
  payer,
  southAfricanPayer,
  startSandbox,
  startShop,
  type Harness,
  type Shop,
} from '../../packages/server/test/support/harness.js';
import { report } from './support.js';

let h: Harness;
let shop: Shop;

test.beforeAll(async () => {
  h = await startSandbox();
  shop = await startShop({}, h);
});
test.afterAll(async () => {
  await shop?.close();
  await h?.close();
});

/** The payments the sandbox holds for a merchant order, all its attempts together. */
const paymentsOf = (orderId: string) =>
  h.sandbox.ledger().entries.filter((e) => e.order_id?.startsWith(`${orderId}.`));

function submitWallet(secret: string, method: Record<string, unknown>) {
  return shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: secret,
      attempt: crypto.randomUUID(),
      method: { type: 'wallet', methodId: 'MP', ...method },
    }),
  });
}

/** A new card's submission as the checkout makes it, with `method` fields added. */
async function submitNewCard(
  secret: string,
  method: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) {
  const view = (await shop.browser(`/checkout?order=${encodeURIComponent(secret)}`)).body;
  const encryptedData = await encryptCard(
    { number: '4111111111111111', cvv: '123' },
    view.publicKey,
  );
  return shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: secret,
      attempt: crypto.randomUUID(),
      method: {
        type: 'card',
        encryptedData,
        holderName: 'Thiago Gabriel',
        expirationMonth: 10,
        expirationYear: 2040,
        ...method,
      },
      ...extra,
    }),
  });
}

test('A: a wallet is saved only when the order offers it, as a card is', async () => {
  const tokensBefore = h.sandbox.records().wallet_tokens.kept;
  const order = await shop.order();
  const res = await submitWallet(order.clientSecret, { save: true });
  if (res.status === 200 && res.body.nextAction?.url) {
    // Today's code would have made the payment: the payer approves, and the wallet is saved.
    await fetch(res.body.nextAction.url, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'approve' }),
    });
  }
  expect([res.status, res.body.error?.type, res.body.error?.param]).toEqual([
    403,
    'forbidden',
    'method.save',
  ]);
  expect(res.body.error.message).toContain('offerToSaveWallet');
  // Nothing reached the API: no payment for the order, no wallet token kept.
  expect(paymentsOf(order.id)).toEqual([]);
  expect(h.sandbox.records().wallet_tokens.kept).toBe(tokensBefore);

  // A card is held to the same rule, with its own flag.
  const card = await submitNewCard((await shop.order()).clientSecret, { save: true });
  expect([card.status, card.body.error?.param]).toEqual([403, 'method.save']);

  // Offered, the shopper's consent saves it.
  const offering = await shop.order({ offerToSaveWallet: true });
  const saved = await submitWallet(offering.clientSecret, { save: true });
  expect(saved.status).toBe(200);
  await fetch(saved.body.nextAction.url, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'approve' }),
  });
  await expect
    .poll(async () => (await shop.client.payments.retrieve(saved.body.payment.id)).wallet?.token)
    .toMatch(/^W-/);
  // An order that offers a wallet does not offer a card, nor the other way round.
  const cardOnly = await shop.order({ offerToSaveCard: true });
  expect((await submitWallet(cardOnly.clientSecret, { save: true })).status).toBe(403);
  report(
    'a wallet submitted with save: true on an order that offers no saving',
    '403 naming method.save; the sandbox made no payment and kept no wallet token',
  );
});
