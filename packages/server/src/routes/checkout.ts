/**
 * What the checkout needs to render: the order's public view, the public key, the
 * country's payment methods the order can be paid with (core's `payableMethods`: the flow
 * the checkout would use, what the order allows, what the payer lacks; in development, the
 * others with why), a returning payer's saved cards and wallets, the payer's details the
 * order lacks for each way it can be paid (payer.ts, core's `payingWays`), and the order's payment once it is made; and the installment plans for a BIN and the order's amount.
 */
import type { Hono } from 'hono';
import type { z } from 'zod';
import {
  chargedAmount,
  installmentsRequestSchema,
  offersInstallments,
  orderReferenceSchema,
  type checkoutViewSchema,
  type installmentsAnswerSchema,
  type OrderView,
} from '@paylit/core/checkout';
import { checkoutFlow, payableMethods, payingWays } from '@paylit/core/methods';
import type { PaymentFlow } from '@paylit/core/countries';
import type { InstallmentsPlanRecord, PaymentMethodRecord } from '@paylit/core/schemas';
import { paymentShown } from '../charges.js';
import { orderOfClientSecret } from '../client-secret.js';
import { fromApiError, loadOrder, type HandlerContext } from '../context.js';
import type { HandlerEnv } from '../env.js';
import { CheckoutError } from '../middleware/errors.js';
import { readJson, validate } from '../middleware/input.js';
import type { MerchantOrder } from '../order.js';
import { asksView } from '../payer.js';
import { subscriptionView } from '../subscriptions/view.js';
import { publicPayment } from './public-payment.js';

const TTL_MS = 5 * 60 * 1000;
/** How long a plan made for an order may be paid with: longer than the cache that hands it out. */
const PLAN_TTL_MS = 60 * 60 * 1000;

/** What an installment plan was made for, kept under each of its ids (the plan's and each option's). */
interface PlanBinding {
  order: string;
  amount: number;
  currency: string;
  bin: string;
  /**
   * The counts the id pays in: an option's own, or every option's under the plan's id
   * (absent from a binding an older version kept: not compared).
   */
  counts?: number[];
}

const planKey = (id: string) => `plan:${id}`;

/**
 * Refuses a plan id that this handler did not make for this order and its amount: another
 * order's plan (another amount, another BIN's rates) or one made up; and a count the id does
 * not pay in (an option of 3 sent with `installments: "6"`: the API takes any count its plan
 * offers, so the shopper would pay another option than the one shown). The card's BIN itself
 * is inside the JWE, so the API checks it against the plan.
 */
export async function checkPlan(
  ctx: HandlerContext,
  order: MerchantOrder,
  installmentsId: string,
  installments: string | undefined,
): Promise<void> {
  const text = await ctx.store.bound(planKey(installmentsId));
  const plan = text === undefined ? undefined : (JSON.parse(text) as PlanBinding);
  if (!plan)
    throw new CheckoutError(400, {
      type: 'invalid_request',
      message:
        'method.installmentsId is not an installment plan offered for this order, or it has expired; choose the installments again',
      param: 'method.installmentsId',
    });
  if (plan.order !== order.id || plan.amount !== order.amount || plan.currency !== order.currency) {
    throw new CheckoutError(409, {
      type: 'order_mismatch',
      message:
        'method.installmentsId was made for another order or amount; choose the installments again',
      param: 'method.installmentsId',
    });
  }
  if (plan.counts && !plan.counts.includes(Number(installments ?? '1')))
    throw new CheckoutError(400, {
      type: 'invalid_request',
      message:
        'method.installments is not the count of the plan method.installmentsId names; choose the installments again',
      param: 'method.installments',
    });
}

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

const methodLists = new WeakMap<HandlerContext, Cache<PaymentMethodRecord[]>>();

/** The country's payment methods as the API lists them, cached for a few minutes per handler. */
export function countryMethods(
  ctx: HandlerContext,
  country: string,
): Promise<PaymentMethodRecord[]> {
  let cache = methodLists.get(ctx);
  if (!cache) methodLists.set(ctx, (cache = new Cache()));
  return cache.get(country, () => ctx.client.paymentMethods.list({ country }));
}

/**
 * The flow the checkout pays a method of the country in (core's `checkoutFlow`, by the API's
 * list): DIRECT for a voucher, Pix or transfer the API takes so, shown in the checkout.
 */
export async function methodFlow(
  ctx: HandlerContext,
  country: string,
  methodId: string,
): Promise<PaymentFlow> {
  let listed;
  try {
    listed = (await countryMethods(ctx, country)).find((m) => m.id === methodId);
  } catch (error) {
    throw fromApiError(error);
  }
  return listed ? checkoutFlow(listed.type, false, listed.allowed_flows) : 'REDIRECT';
}

export function orderView(order: MerchantOrder, payee?: string): OrderView {
  return {
    id: order.id,
    amount: chargedAmount(order),
    currency: order.currency,
    country: order.country,
    intent: order.intent,
    ...(order.description !== undefined ? { description: order.description } : {}),
    installments: offersInstallments(order),
    ...(order.plan ? { subscription: subscriptionView(order, order.plan, payee) } : {}),
  };
}

export interface CheckoutRouteOptions {
  /** The view lists the methods it does not offer, with why (`hiddenMethods`). */
  development?: boolean;
}

export function mountCheckout(
  app: Hono<HandlerEnv>,
  ctx: HandlerContext,
  options: CheckoutRouteOptions = {},
): void {
  const plans = new Cache<InstallmentsPlanRecord>();

  app.get('/checkout', async (c) => {
    const id = await orderOfClientSecret(
      ctx.client,
      validate(orderReferenceSchema, c.req.query('order'), 'order'),
    );
    const order = await loadOrder(ctx, id);
    try {
      const [list, savedCards, made] = await Promise.all([
        countryMethods(ctx, order.country),
        Promise.all(
          (order.savedCardIds ?? []).map((cardId) =>
            ctx.client.cards.retrieve(cardId).catch(() => undefined),
          ),
        ),
        paymentShown(ctx, order.id),
      ]);
      // A subscription's first card payment whose subscription was not made when it was (the
      // store lost while the payer was on the bank's page: the callback found no order): made
      // now that the order is known again. Made already, it answers the one made.
      if (made && order.plan) await ctx.subscriptionPaid?.(order, made);
      const payable = payableMethods(order, list, order.savedWallets ?? []);
      const ways = payingWays(payable.offered, payable.savedWallets.length);
      // Pix Automático is signed up away from the card form (routes/subscribe.ts), with what Pix
      // asks of a payer: the view says what the payer lacks for it, as for a redirect method.
      if (
        order.plan &&
        !ways.includes('redirect') &&
        subscriptionView(order, order.plan).methods.includes('XA')
      )
        ways.push('redirect');
      // Read after paymentShown, which writes the state of an order the store did not know.
      const needs = made
        ? undefined
        : asksView(order, (await ctx.store.getCharge(order.id))?.payer, ways);
      const cards = ways.includes('card');
      return c.json({
        order: { ...orderView(order, ctx.merchantName), ...(needs ? { asks: needs } : {}) },
        publicKey: ctx.publicKey,
        paymentMethods: payable.offered,
        savedCards: cards
          ? savedCards
              .filter((card) => card !== undefined)
              .map(({ card_id, brand, last4 }) => ({ card_id, brand, last4 }))
          : [],
        savedWallets: payable.savedWallets.map(({ methodId, name }) => ({
          methodId,
          ...(name ? { name } : {}),
        })),
        ...(options.development ? { hiddenMethods: payable.hidden } : {}),
        ...(made ? { payment: publicPayment(made, order.id, Date.now()) } : {}),
      } satisfies z.input<typeof checkoutViewSchema>);
    } catch (error) {
      throw fromApiError(error);
    }
  });

  app.post('/installments', async (c) => {
    const { order: reference, bin } = validate(installmentsRequestSchema, await readJson(c));
    const order = await loadOrder(ctx, await orderOfClientSecret(ctx.client, reference));
    if (!offersInstallments(order))
      return c.json({ plan: null } satisfies z.input<typeof installmentsAnswerSchema>);
    try {
      const plan = await plans.get(`${order.id}\n${order.amount}\n${bin}`, async () => {
        const made = await ctx.client.installmentsPlans.create({
          country: order.country,
          bin,
          amount: order.amount,
          currency: order.currency,
        });
        const binding = (counts: number[]) =>
          JSON.stringify({
            order: order.id,
            amount: order.amount,
            currency: order.currency,
            bin,
            counts,
          } satisfies PlanBinding);
        await Promise.all([
          ctx.store.bind(
            planKey(made.id),
            binding(made.installments.map((option) => option.installments)),
            PLAN_TTL_MS,
          ),
          ...made.installments.map((option) =>
            ctx.store.bind(planKey(option.id), binding([option.installments]), PLAN_TTL_MS),
          ),
        ]);
        return made;
      });
      return c.json({ plan } satisfies z.input<typeof installmentsAnswerSchema>);
    } catch (error) {
      throw fromApiError(error);
    }
  });
}
