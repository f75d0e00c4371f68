// What the merchant's backend does for a demo scenario: it saves the returning payer's
// cards, then creates the order through the companion server's order API. Shared by the
// demo server (Node) and Storybook's in-page backend (the browser).
import { encryptCard } from '@paylit/core/crypto';
import { scenario } from './scenarios.js';

/**
 * Creates the order of a scenario and answers its id and client secret (the order API's
 * `clientSecret`): the secret is what the page gets, in `<paylit-checkout order="…">`.
 * @param {{ client: import('@paylit/server').PaymentsClient, handler: { request(path: string, init: RequestInit): Response | Promise<Response> }, token: string, publicJwk: JsonWebKey }} backend
 * @param {{ scenario: string, returnUrl: string, code?: string | null, prefix?: string, savedCardId?: string | null, savedCardIds?: string[] }} options
 * @returns {Promise<{ id: string, clientSecret: string }>}
 */
export async function createScenarioOrder({ client, handler, token, publicJwk }, options) {
  const s = scenario(options.scenario);
  const orderId = `${options.prefix ?? 'shop'}-${s.id}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  /** @type {Record<string, any>} */
  const order = { id: orderId, ...s.order, returnUrl: options.returnUrl };
  if (s.id === 'decline' && /^3(0\d|1\d|2[0-6])$/.test(options.code ?? ''))
    order.description = `Decline ${options.code}`;
  // A card the payer saved on an earlier order of this shop (the "Save the card" scenario): offered again.
  if (options.savedCardId) order.savedCardIds = [options.savedCardId];
  // A signed-in customer's saved cards (demo/payers.js), in place of the scenario's.
  if (options.savedCardIds) order.savedCardIds = [...options.savedCardIds];
  else if (s.savedCards) {
    order.savedCardIds ??= [];
    for (const number of s.savedCards) {
      const saved = await client.cards.create({
        country: order.country,
        card: {
          holder_name: order.payer.name,
          expiration_month: 10,
          expiration_year: 2040,
          encrypted_data: await encryptCard({ number, cvv: '123' }, publicJwk),
        },
        payer: order.payer,
      });
      order.savedCardIds.push(saved.card_id);
    }
  }
  const res = await handler.request('/orders', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(order),
  });
  if (res.status !== 201) throw new Error(`the order API refused the order: ${await res.text()}`);
  const { clientSecret } = await res.json();
  return { id: orderId, clientSecret };
}
