/**
 * What the checkout needs to render: the order's public view, the public key, the
 * country's payment methods (those the order allows), a returning payer's saved cards
 * and wallets; and the installment plans for a BIN and the order's amount.
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import type { PaymentMethodRecord } from '@paylit/core/schemas';
import { fromApiError, loadOrder, type HandlerContext } from '../context.js';
import type { HandlerEnv } from '../env.js';
import { readJson, validate } from '../middleware/input.js';
import type { MerchantOrder } from '../order.js';

const orderParam = z.string().regex(/^[\w\-.:]{1,80}$/, 'must be an order id');
const installmentsBody = z.strictObject({ order: orderParam, bin: z.string().regex(/^\d{6}(\d{2})?$/, 'must be the first 6 or 8 digits of the card') });

const TTL_MS = 5 * 60 * 1000;

/** A small time-limited cache, so a page of shoppers does not ask the API the same thing. */
class Cache<T> {
  readonly #entries = new Map<string, { until: number; value: Promise<T> }>();
  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const value = load();
    value.catch(() => this.#entries.delete(key));
    if (this.#entries.size > 1000) this.#entries.clear();
    this.#entries.set(key, { until: now + TTL_MS, value });
    return value;
  }
}

function allows(order: MerchantOrder, method: PaymentMethodRecord): boolean {
  if (!order.methods) return true;
  return order.methods.includes(method.id) || (method.type === 'CARD' && order.methods.includes('CARD'));
}

export function orderView(order: MerchantOrder) {
  return {
    id: order.id,
    amount: order.intent === 'verify' ? 0 : order.amount,
    currency: order.currency,
    country: order.country,
    intent: order.intent,
    ...(order.description !== undefined ? { description: order.description } : {}),
    installments: order.installments && order.intent !== 'verify',
  };
}

export function mountCheckout(app: Hono<HandlerEnv>, ctx: HandlerContext): void {
  const methods = new Cache<PaymentMethodRecord[]>();
  const plans = new Cache<unknown>();

  app.get('/checkout', async (c) => {
    const id = validate(orderParam, c.req.query('order'), 'order');
    const order = await loadOrder(ctx, id);
    try {
      const [list, savedCards] = await Promise.all([
        methods.get(order.country, () => ctx.client.paymentMethods.list({ country: order.country })),
        Promise.all((order.savedCardIds ?? []).map((cardId) => ctx.client.cards.retrieve(cardId).catch(() => undefined))),
      ]);
      return c.json({
        order: orderView(order),
        publicKey: ctx.publicKey,
        paymentMethods: list.filter((m) => allows(order, m)),
        savedCards: savedCards.filter((card) => card !== undefined).map(({ card_id, brand, last4, expiration_month, expiration_year, holder_name }) => ({ card_id, brand, last4, expiration_month, expiration_year, holder_name })),
        savedWallets: (order.savedWallets ?? []).map(({ methodId, name }) => ({ methodId, ...(name ? { name } : {}) })),
      });
    } catch (error) {
      throw fromApiError(error);
    }
  });

  app.post('/installments', async (c) => {
    const { order: id, bin } = validate(installmentsBody, await readJson(c));
    const order = await loadOrder(ctx, id);
    if (!order.installments || order.intent === 'verify') return c.json({ plan: null });
    try {
      const plan = await plans.get(`${order.id}\n${order.amount}\n${bin}`, () =>
        ctx.client.installmentsPlans.create({ country: order.country, bin, amount: order.amount, currency: order.currency }),
      );
      return c.json({ plan });
    } catch (error) {
      throw fromApiError(error);
    }
  });
}
