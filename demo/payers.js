// The demo shop's signed-in customers, as a merchant's database would keep them: each one's
// saved cards and subscriptions, for the checkout's saved payment methods (the handler's
// `payers` option). Shared by the demo server (Node) and Storybook's in-page backend.
import { encryptCard } from '@paylit/core/crypto';

const payer = {
  name: 'Thiago Gabriel',
  email: 'thiago@example.com',
  document: '53033315550',
  phone: '+5511999999999',
};
const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo's customers. `customer(id)` makes one the first time it is asked for: two saved
 * cards (a Mastercard and a Visa, saved at the API) and a monthly card subscription to the
 * demo's coffee club, starting in five days.
 * @param {{ client: import('@paylit/server').PaymentsClient, publicJwk: JsonWebKey, subscriptions: () => import('@paylit/server').Subscriptions, now?: () => Date }} backend
 */
export function demoPayers({ client, publicJwk, subscriptions, now = () => new Date() }) {
  /** @type {Map<string, Promise<{ savedCardIds: string[], subscriptionIds: string[] }>>} */
  const customers = new Map();
  async function make(id) {
    const savedCardIds = [];
    for (const number of ['5555555555554444', '4111111111111111']) {
      const saved = await client.cards.create({
        country: 'BR',
        card: {
          holder_name: payer.name,
          expiration_month: 10,
          expiration_year: 2040,
          encrypted_data: await encryptCard({ number, cvv: '123' }, publicJwk),
        },
        payer,
      });
      savedCardIds.push(saved.card_id);
    }
    const sub = await subscriptions().create({
      id: `${id}-club`,
      plan: {
        frequency: 'MONTHLY',
        amount: { type: 'FIXED', value: 39.9 },
        startDate: new Date(now().getTime() + 5 * DAY).toISOString().slice(0, 10),
        firstCharge: 'start',
      },
      currency: 'BRL',
      country: 'BR',
      payer,
      description: 'Coffee club',
      method: { type: 'CARD', cardId: savedCardIds[0] },
    });
    return { savedCardIds, subscriptionIds: [sub.id] };
  }
  return {
    /** The customer `id`, made on first sight. */
    customer: (/** @type {string} */ id) => {
      let made = customers.get(id);
      if (!made) {
        made = make(id);
        customers.set(id, made);
        made.catch(() => customers.delete(id));
      }
      return made;
    },
    /** The handler's `payers` option. */
    options: {
      payee: 'paylit demo shop',
      resolve: (/** @type {string} */ id) => customers.get(id),
    },
  };
}
