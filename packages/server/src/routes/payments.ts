/**
 * The submission: what `<paylit-checkout>` posts (the JWE, holder, expiry, the plan or
 * method, a per-submit attempt id). The trusted part of the payment comes from the order;
 * an order is charged at most once (charges.ts: a submission for an order in flight or
 * paid answers that payment, `replayed: true`); the idempotency key derives from the order
 * and the attempt, so a retried request charges once. And a payment's status, for return pages.
 */
import type { Hono } from 'hono';
import type { z } from 'zod';
import {
  chargedAmount,
  orderReferenceSchema,
  paymentIdSchema,
  submissionSchema,
  type paymentAnswerSchema,
  type paymentStatusAnswerSchema,
  type Submission,
} from '@paylit/core/checkout';
import type { PaymentRequest } from '@paylit/core/schemas';
import { attemptOrderId, chargeOnce, orderOfAttempt } from '../charges.js';
import { orderOfClientSecret } from '../client-secret.js';
import { fromApiError, isRememberedOrder, loadOrder, type HandlerContext } from '../context.js';
import type { HandlerEnv } from '../env.js';
import { CheckoutError } from '../middleware/errors.js';
import { readJson, validate } from '../middleware/input.js';
import type { MerchantOrder } from '../order.js';
import { checkPlan } from './checkout.js';
import { nextAction, publicPayment } from './public-payment.js';

/** The submission, defined in core; re-exported here, where the server has always named it. */
export { submissionSchema };
export type { Submission };

function checkAgreement(order: MerchantOrder, s: Submission): void {
  const shown = { amount: chargedAmount(order), currency: order.currency, country: order.country };
  for (const field of ['amount', 'currency', 'country'] as const) {
    if (s[field] !== undefined && s[field] !== shown[field]) {
      throw new CheckoutError(409, {
        type: 'order_mismatch',
        message: `${field} differs from the order's; reload the checkout`,
        param: field,
      });
    }
  }
}

function allowed(order: MerchantOrder, id: string): void {
  if (order.methods && !order.methods.includes(id))
    throw new CheckoutError(403, {
      type: 'method_not_allowed',
      message: `the order does not allow ${id}`,
      param: 'method.methodId',
    });
  // Only a card is authorized or verified: anything else would be charged at once, or refused at zero amount.
  if (id !== 'CARD' && order.intent !== 'capture')
    throw new CheckoutError(403, {
      type: 'method_not_allowed',
      message: `${order.intent === 'verify' ? 'a verify' : 'an authorize'} order is paid by card only, not ${id}`,
      param: 'method.methodId',
    });
}

/** The API's payment request for attempt `n` of a submission, trusting only the order for what matters. */
export function paymentRequest(
  ctx: HandlerContext,
  order: MerchantOrder,
  s: Submission,
  n: number,
): PaymentRequest {
  const base = {
    amount: chargedAmount(order),
    currency: order.currency,
    country: order.country,
    payer: order.payer,
    order_id: attemptOrderId(order.id, n),
    ...(order.description !== undefined ? { description: order.description } : {}),
    notification_url: `${ctx.publicUrl}/notifications`,
    callback_url: `${ctx.publicUrl}/callback`,
  };
  const intent = {
    capture: order.intent === 'capture',
    ...(order.intent === 'verify' ? { verify: true, capture: false } : {}),
  };
  const m = s.method;
  switch (m.type) {
    case 'card':
      allowed(order, 'CARD');
      return {
        ...base,
        payment_method_id: 'CARD',
        payment_method_flow: 'DIRECT',
        card: {
          holder_name: m.holderName,
          expiration_month: m.expirationMonth,
          expiration_year: m.expirationYear,
          encrypted_data: m.encryptedData,
          ...(m.installments ? { installments: m.installments } : {}),
          ...(m.installmentsId ? { installments_id: m.installmentsId } : {}),
          ...(m.save ? { save: true } : {}),
          ...intent,
        },
      };
    case 'saved_card':
      allowed(order, 'CARD');
      if (!order.savedCardIds?.includes(m.cardId))
        throw new CheckoutError(403, {
          type: 'forbidden',
          message: "this card is not one of the payer's saved cards",
          param: 'method.cardId',
        });
      return {
        ...base,
        payment_method_id: 'CARD',
        payment_method_flow: 'DIRECT',
        card: {
          card_id: m.cardId,
          encrypted_data: m.encryptedCvv,
          ...(m.installments ? { installments: m.installments } : {}),
          ...(m.installmentsId ? { installments_id: m.installmentsId } : {}),
          ...intent,
        },
      };
    case 'wallet': {
      allowed(order, m.methodId);
      const saved = m.useSaved
        ? order.savedWallets?.find((w) => w.methodId === m.methodId)
        : undefined;
      if (m.useSaved && !saved)
        throw new CheckoutError(403, {
          type: 'forbidden',
          message: 'the payer has no saved wallet of this method',
          param: 'method.methodId',
        });
      return saved
        ? {
            ...base,
            payment_method_id: m.methodId,
            payment_method_flow: 'DIRECT',
            wallet: { token: saved.token, ...(saved.name ? { name: saved.name } : {}) },
          }
        : {
            ...base,
            payment_method_id: m.methodId,
            payment_method_flow: 'REDIRECT',
            wallet: { ...(m.save ? { save: true } : {}) },
          };
    }
    case 'redirect':
      allowed(order, m.methodId);
      return { ...base, payment_method_id: m.methodId, payment_method_flow: 'REDIRECT' };
  }
}

/** What a payment takes from the order, as one text to compare. */
function charged(order: MerchantOrder): string {
  const sorted = (value: unknown): unknown =>
    value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, v]) => [k, sorted(v)]),
        )
      : value;
  return JSON.stringify(
    sorted({
      amount: order.amount,
      currency: order.currency,
      country: order.country,
      intent: order.intent,
      payer: order.payer,
      methods: order.methods,
      savedCardIds: order.savedCardIds,
    }),
  );
}

/**
 * Orders whose requests core has already checked, per method type. A checked order from
 * the store is the same object each time (see loadOrder), so its later requests, built
 * from it and from a checked submission, skip the second check; an order the merchant's
 * resolveOrder makes anew is checked every time.
 */
const checkedRequests = new WeakMap<MerchantOrder, Set<string>>();

export function mountPayments(app: Hono<HandlerEnv>, ctx: HandlerContext): void {
  app.post('/payments', async (c) => {
    const submission = validate(submissionSchema, await readJson(c));
    const order = await loadOrder(ctx, await orderOfClientSecret(ctx.client, submission.order));
    checkAgreement(order, submission);
    // Built once before charging, so that what the order does not allow is refused first.
    const request = paymentRequest(ctx, order, submission, 1);
    if ('installmentsId' in submission.method && submission.method.installmentsId !== undefined)
      await checkPlan(ctx, order, submission.method.installmentsId);
    // Only an order loadOrder answers again is worth remembering: one checked anew is a new object each time.
    const remembered = isRememberedOrder(order);
    const checked = remembered ? checkedRequests.get(order) : undefined;
    const firstOfItsKind = checked?.has(submission.method.type) !== true;
    const { record, replayed } = await chargeOnce(ctx, order.id, submission.attempt, async (n) => {
      // The attempt is recorded by now: an order the order API replaced since it was read is
      // refused, not charged at what it said before (the order API looks for an attempt after it
      // replaces an order). A merchant's own resolveOrder keeps its orders as its database does.
      if (ctx.ordersInStore && charged(await loadOrder(ctx, order.id)) !== charged(order)) {
        throw new CheckoutError(409, {
          type: 'order_mismatch',
          message: 'the order changed while it was being paid; reload the checkout',
          param: 'order',
        });
      }
      const made = await ctx.client.payments.create(
        { ...request, order_id: attemptOrderId(order.id, n) },
        {
          idempotencyKey: await ctx.client.idempotencyKeyFor(
            order.id,
            submission.attempt,
            String(n),
          ),
          validate: firstOfItsKind,
        },
      );
      if (firstOfItsKind && remembered)
        checkedRequests.set(order, (checked ?? new Set<string>()).add(submission.method.type));
      return made;
    });
    return c.json({
      payment: publicPayment(record, order.id),
      nextAction: nextAction(record),
      ...(replayed ? { replayed } : {}),
    } satisfies z.input<typeof paymentAnswerSchema>);
  });

  app.get('/payments/:id', async (c) => {
    const orderId = await orderOfClientSecret(
      ctx.client,
      validate(orderReferenceSchema, c.req.query('order'), 'order'),
    );
    const id = validate(paymentIdSchema, c.req.param('id'), 'id');
    const notFound = new CheckoutError(404, {
      type: 'not_found',
      message: 'no payment with this id for this order',
      param: 'id',
    });
    // Only the order a payment was made for may read it: the store's link, or, when the store
    // does not know the payment (a restart, a lost store), the order its API order_id names.
    const linked = await ctx.store.orderOfPayment(id);
    if (linked !== undefined && linked !== orderId) throw notFound;
    let record;
    try {
      record = await ctx.client.payments.retrieve(id);
    } catch (error) {
      const mapped = fromApiError(error);
      throw mapped.status === 404 ? notFound : mapped;
    }
    if (linked === undefined && orderOfAttempt(record.order_id) !== orderId) throw notFound;
    return c.json({
      payment: publicPayment(record, orderId),
      nextAction: nextAction(record),
    } satisfies z.input<typeof paymentStatusAnswerSchema>);
  });
}
