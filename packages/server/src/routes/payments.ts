/**
 * The submission: what `<paylit-checkout>` posts (the JWE, holder, expiry, the plan or
 * method, a per-submit attempt id). The trusted part of the payment comes from the order;
 * an order is charged at most once (charges.ts: a submission for an order in flight or
 * paid answers that payment, `replayed: true`); the idempotency key derives from the order
 * and the attempt, so a retried request charges once. And a payment's status, for return pages.
 */
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import {
  chargedAmount,
  offersInstallments,
  orderReferenceSchema,
  paymentIdSchema,
  submissionSchema,
  type paymentAnswerSchema,
  type paymentStatusAnswerSchema,
  type Submission,
} from '@paylit/core/checkout';
import type { PaymentFlow } from '@paylit/core/countries';
import {
  safeParse,
  type Payer,
  type PaymentRecord,
  type PaymentRequest,
} from '@paylit/core/schemas';
import {
  attemptOrderId,
  cancelWaiting,
  chargeOnce,
  orderOfAttempt,
  paymentMade,
} from '../charges.js';
import { orderOfClientSecret, rememberedOrderOf } from '../client-secret.js';
import { fromApiError, loadOrder, type HandlerContext } from '../context.js';
import type { HandlerEnv } from '../env.js';
import { compiled } from '../compiled.js';
import { isIpAddress } from '../middleware/client-address.js';
import { CheckoutError } from '../middleware/errors.js';
import { readJson, validate } from '../middleware/input.js';
import { saveNotOffered, type MerchantOrder } from '../order.js';
import { subscriptionCardFields } from '../subscriptions/consent.js';
import { mergedPayer, payerOfSubmission, payerRefusal } from '../payer.js';
import { checkPlan, methodFlow } from './checkout.js';
import { nextAction, nextActionFor, publicPayment } from './public-payment.js';

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
  // A subscription is started by the card its first payment saves (or a Pix Automático mandate,
  // signed up apart): anything else would pay once and start none.
  if (id !== 'CARD' && order.plan)
    throw new CheckoutError(403, {
      type: 'method_not_allowed',
      message: `the order is a subscription, paid by card (or signed up by Pix Automático), not ${id}, which would pay once and start no subscription`,
      param: 'method.methodId',
    });
}

/** What the request that brought a submission says of the shopper, for fraud prevention. */
export interface RiskSignals {
  /** The client's address (through the proxies the merchant trusts). */
  ip?: string;
  userAgent?: string;
  /** The browser's first language (`Accept-Language`), a BCP 47 tag. */
  locale?: string;
}

/** What a payment request takes beyond the order and the submission. */
export interface PaymentExtras {
  /** The whole payer: the order's details and the shopper's for the rest (payer.ts). Default: the order's. */
  payer?: Partial<Payer>;
  signals?: RiskSignals;
  /** The API `order_id` of the declined attempt this one retries. */
  retryOf?: string;
  /**
   * The flow of a method paid away from the card form (`methodFlow`): DIRECT for a voucher, Pix
   * or transfer shown in the checkout. Default: REDIRECT.
   */
  flow?: PaymentFlow;
}

const LOCALE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,4}$/;

/** The shopper's signals of a request: its address, `User-Agent` and first `Accept-Language`. */
export function riskSignals(ctx: HandlerContext, c: Context<HandlerEnv>): RiskSignals {
  const ip = ctx.clientAddress(c);
  const userAgent = c.req.header('User-Agent')?.trim().slice(0, 512);
  const locale = c.req.header('Accept-Language')?.split(',')[0]?.split(';')[0]?.trim();
  // Set one by one, in this order (the idempotency key is written from it): no object per part.
  const signals: RiskSignals = {};
  // The API's payer.ip holds at most 39 characters: an IPv6 address in full.
  if (ip.length <= 39 && isIpAddress(ip)) signals.ip = ip;
  if (userAgent) signals.userAgent = userAgent;
  if (locale && LOCALE.test(locale)) signals.locale = locale;
  return signals;
}

/** The handler's `notification_url` and `callback_url`, written once per public URL (a process has one or a few). */
let urlsOf: { publicUrl: string; notification: string; callback: string } | undefined;
function callbackUrls(publicUrl: string): { notification: string; callback: string } {
  if (urlsOf?.publicUrl !== publicUrl)
    urlsOf = {
      publicUrl,
      notification: `${publicUrl}/notifications`,
      callback: `${publicUrl}/callback`,
    };
  return urlsOf;
}

/** A payment request under construction: its fields set one by one, in the order the API is sent them. */
type Building = Record<string, unknown>;

/**
 * The API's payment request for attempt `n` of a submission, trusting only the order for what
 * matters. Built field by field, in a fixed order (the body sent, and signed, is the same
 * bytes for the same attempt), without an intermediate object per part.
 */
export function paymentRequest(
  ctx: HandlerContext,
  order: MerchantOrder,
  s: Submission,
  n: number,
  extras: PaymentExtras = {},
): PaymentRequest {
  const { signals, retryOf } = extras;
  const userAgent = signals?.userAgent;
  const locale = signals?.locale;
  const ip = signals?.ip;
  // Copied with Object.assign, not a spread: V8 (Node 20) makes a new hidden class for each
  // object spread that then takes a key the source lacks (ip), about 1 µs each time.
  const payer: Building = Object.assign({}, extras.payer ?? order.payer);
  if (ip) payer.ip = ip;
  const urls = callbackUrls(ctx.publicUrl);
  const request: Building = {
    amount: chargedAmount(order),
    currency: order.currency,
    country: order.country,
    payer,
    order_id: attemptOrderId(order.id, n),
  };
  if (retryOf) request.original_order_id = retryOf;
  if (order.description !== undefined) request.description = order.description;
  request.notification_url = urls.notification;
  request.callback_url = urls.callback;
  request.device = { type: 'WEB' };
  if (userAgent || locale || retryOf) {
    const risk: Building = {};
    if (userAgent || locale) {
      const device: Building = {};
      if (userAgent) device.user_agent = userAgent;
      if (locale) device.locale = locale;
      risk.device = device;
    }
    if (retryOf) risk.purchase = { is_retry: true };
    request.additional_risk_data = risk;
  }
  const m = s.method;
  // Saving any credential needs the order to offer it (order.ts), whatever the way to pay.
  const notOffered = saveNotOffered(order, m);
  if (notOffered)
    throw new CheckoutError(403, { type: 'forbidden', message: notOffered, param: 'method.save' });
  // Installments only where the order offers them (the view's plans): an order made with
  // `installments: false`, or a verify, is paid in one payment whatever the submission names.
  if (
    (m.type === 'card' || m.type === 'saved_card') &&
    ((m.installments !== undefined && m.installments !== '1') || m.installmentsId !== undefined) &&
    !offersInstallments(order)
  )
    throw new CheckoutError(403, {
      type: 'forbidden',
      message: 'the order offers no installments: it is paid in one payment',
      param: 'method.installments',
    });
  // A count needs the plan it was shown in: without one the API would charge its own plan for
  // that count (the issuer's rates), not the option and total the shopper chose.
  if (
    (m.type === 'card' || m.type === 'saved_card') &&
    m.installments !== undefined &&
    m.installments !== '1' &&
    m.installmentsId === undefined
  )
    throw new CheckoutError(400, {
      type: 'invalid_request',
      message:
        'method.installments needs the plan it was chosen from (method.installmentsId); choose the installments again',
      param: 'method.installmentsId',
    });
  switch (m.type) {
    case 'card': {
      allowed(order, 'CARD');
      const card: Building = {
        holder_name: m.holderName,
        expiration_month: m.expirationMonth,
        expiration_year: m.expirationYear,
        encrypted_data: m.encryptedData,
      };
      return withCard(request, order, m, card, m.save === true);
    }
    case 'saved_card': {
      allowed(order, 'CARD');
      if (!order.savedCardIds?.includes(m.cardId))
        throw new CheckoutError(403, {
          type: 'forbidden',
          message: "this card is not one of the payer's saved cards",
          param: 'method.cardId',
        });
      const card: Building = { card_id: m.cardId, encrypted_data: m.encryptedCvv };
      return withCard(request, order, m, card, false);
    }
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
      request.payment_method_id = m.methodId;
      if (saved) {
        request.payment_method_flow = 'DIRECT';
        request.wallet = { token: saved.token, ...(saved.name ? { name: saved.name } : {}) };
      } else {
        request.payment_method_flow = 'REDIRECT';
        request.wallet = { ...(m.save ? { save: true } : {}) };
      }
      return request as PaymentRequest;
    }
    case 'redirect':
      allowed(order, m.methodId);
      request.payment_method_id = m.methodId;
      request.payment_method_flow = extras.flow ?? 'REDIRECT';
      return request as PaymentRequest;
  }
}

/** The card's `capture` (and `verify`) by the order's intent, set last on `card`, capture first. */
/**
 * A card payment's request, a new card's or a saved one's: the plan chosen, the consent to save
 * (`save`: only an order that offers it asks for it), a subscription's fields and the intent,
 * in that order (the bytes signed keep it).
 */
function withCard(
  request: Building,
  order: MerchantOrder,
  m: Extract<Submission['method'], { type: 'card' | 'saved_card' }>,
  card: Building,
  save: boolean,
): PaymentRequest {
  if (m.installments) card.installments = m.installments;
  if (m.installmentsId) card.installments_id = m.installmentsId;
  if (save) {
    card.save = true;
    card.stored_credential_usage = 'FIRST';
  }
  if (order.plan) Object.assign(card, subscriptionCardFields(order, m));
  intentOf(order, card);
  request.payment_method_id = 'CARD';
  request.payment_method_flow = 'DIRECT';
  request.card = card;
  return request as PaymentRequest;
}

function intentOf(order: MerchantOrder, card: Building): void {
  card.capture = order.intent === 'capture';
  if (order.intent === 'verify') {
    card.verify = true;
    card.capture = false;
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
 * The payment a browser's request names (`:id`) with its order's client secret (`?order=`), as
 * the API has it now. Only the order a payment was made for may read it: the store's link, or,
 * when the store does not know the payment (a restart, a lost store), the order its API
 * `order_id` names; any other is 404, as an unknown id is.
 */
export async function paymentOfRequest(
  ctx: HandlerContext,
  c: Context<HandlerEnv>,
  reference: unknown = c.req.query('order'),
): Promise<{ orderId: string; record: PaymentRecord }> {
  const orderId = await orderOfClientSecret(
    ctx.client,
    validate(orderReferenceSchema, reference, 'order'),
  );
  const id = validate(paymentIdSchema, c.req.param('id'), 'id');
  const notFound = new CheckoutError(404, {
    type: 'not_found',
    message: 'no payment with this id for this order',
    param: 'id',
  });
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
  return { orderId, record };
}

export function mountPayments(app: Hono<HandlerEnv>, ctx: HandlerContext): void {
  app.post('/payments', async (c) => {
    // Parsed by the decline limit before: the value itself, no promise to wait for.
    const read = readJson(c);
    const body = read instanceof Promise ? await read : read;
    const parsed = safeParse(compiled(submissionSchema), body);
    // What is wrong with the payer's details alone is named whole, field by field, as core's
    // country rules name theirs (payer.ts); anything else, by its first problem.
    if (!parsed.success && parsed.error.issues.every((i) => i.path.startsWith('payer.')))
      throw payerRefusal(parsed.error.issues);
    const submission = parsed.success ? parsed.data : validate(submissionSchema, body);
    const order = await loadOrder(
      ctx,
      rememberedOrderOf(ctx.client, submission.order) ??
        (await orderOfClientSecret(ctx.client, submission.order)),
    );
    checkAgreement(order, submission);
    const m = submission.method;
    // What the shopper gave before (a declined attempt) counts: a retry does not ask again.
    let asked;
    // Read once: the payer it keeps here, and the charge's first look below.
    const known = await ctx.store.getCharge(order.id);
    try {
      asked = payerOfSubmission(
        order,
        m.type,
        submission.payer,
        known?.payer,
        m.type === 'card' ? m.holderName : undefined,
      );
    } catch (error) {
      // An order paid already (another tab, a store that forgot the details it was paid with)
      // answers its payment, whatever this submission lacks: nothing more is charged.
      const made = error instanceof CheckoutError ? await paymentMade(ctx, order.id) : undefined;
      if (!made) throw error;
      const answer = {
        payment: publicPayment(made, order.id, Date.now()),
        nextAction: nextAction(made),
        replayed: true,
      } satisfies z.input<typeof paymentAnswerSchema>;
      c.set('paylitPaymentAnswer', answer);
      return c.json(answer);
    }
    const { collected, payer } = asked;
    const signals = riskSignals(ctx, c);
    // Allowed first (below); then a voucher, Pix or transfer the API takes DIRECT is shown in the checkout.
    const flow =
      m.type === 'redirect' && (!order.methods || order.methods.includes(m.methodId))
        ? await methodFlow(ctx, order.country, m.methodId)
        : undefined;
    const ways = flow ? { flow } : {};
    // Built once before charging, so that what the order does not allow is refused first.
    const request = paymentRequest(
      ctx,
      order,
      submission,
      1,
      flow ? { payer, signals, flow } : { payer, signals },
    );
    if ('installmentsId' in submission.method && submission.method.installmentsId !== undefined)
      await checkPlan(ctx, order, submission.method.installmentsId, submission.method.installments);
    const { record, replayed } = await chargeOnce(
      ctx,
      order.id,
      submission.attempt,
      (n, attempt) => {
        // The payer the attempt carries (what the shopper gave, stored with it), and the
        // declined attempt it retries: the same number sent again sends the same request.
        // Attempt 1 carrying the payer this submission gave, retrying nothing, sends the request
        // built above; any other is built for its number, payer and the attempt it retries.
        const send = (): Promise<PaymentRecord> => {
          const sent =
            n === 1 && attempt.payer === collected && attempt.retryOf === undefined
              ? request
              : paymentRequest(ctx, order, submission, n, {
                  payer: mergedPayer(
                    order,
                    attempt.payer,
                    m.type === 'card' ? m.holderName : undefined,
                  ),
                  signals,
                  ...(attempt.retryOf ? { retryOf: attempt.retryOf } : {}),
                  ...ways,
                });
          // The key names the request: what varies between two sends of one attempt (the
          // shopper's address, what they typed) is part of it, so a changed body is a new key,
          // and the API's duplicate order_id still stops a second charge (charges.ts). Its
          // promise followed with `then`: no async function of this callback's around it.
          return ctx.client
            .idempotencyKeyFor(
              order.id,
              submission.attempt,
              String(n),
              JSON.stringify([sent.payer, signals, attempt.retryOf ?? '']),
            )
            .then((idempotencyKey) =>
              ctx.client.payments.create(sent, {
                idempotencyKey,
                // Built by typed code (a PaymentRequest) from parts each checked once: the order by
                // its schema, the submission by core's, the payer by the country's rules
                // (payer.ts), the signals as addresses and tags. Not parsed again here; the API
                // checks it all again.
                validate: false,
              }),
            );
        };
        // The attempt is recorded by now: an order the order API replaced since it was read is
        // refused, not charged at what it said before (the order API looks for an attempt after it
        // replaces an order). A merchant's own resolveOrder keeps its orders as its database does.
        if (!ctx.ordersInStore) {
          try {
            return send();
          } catch (error) {
            return Promise.reject(error as Error);
          }
        }
        return loadOrder(ctx, order.id).then((now) => {
          if (charged(now) !== charged(order))
            throw new CheckoutError(409, {
              type: 'order_mismatch',
              message: 'the order changed while it was being paid; reload the checkout',
              param: 'order',
            });
          return send();
        });
      },
      known ? { payer: collected, known } : { payer: collected },
    );
    if (order.plan) await ctx.subscriptionPaid?.(order, record);
    const next = nextActionFor(record, c.req.header('Origin'));
    const payment = publicPayment(record, order.id, Date.now());
    const nextStep = next instanceof Promise ? await next : next;
    const answer = (
      replayed ? { payment, nextAction: nextStep, replayed } : { payment, nextAction: nextStep }
    ) satisfies z.input<typeof paymentAnswerSchema>;
    // The decline limit reads the payment's status from here (middleware/decline-limit.ts).
    c.set('paylitPaymentAnswer', answer);
    return c.json(answer);
  });

  // The shopper leaves the bank's page (the 3-D Secure dialog closed, "cancel the payment?"
  // answered yes): the payment waiting for them is cancelled and the order is open again.
  app.post('/payments/:id/cancel', async (c) => {
    const body = await readJson(c);
    const { orderId, record } = await paymentOfRequest(
      ctx,
      c,
      (body as { order?: unknown } | null)?.order,
    );
    const cancelled = await cancelWaiting(ctx, orderId, record);
    return c.json({
      payment: publicPayment(cancelled, orderId),
      nextAction: nextAction(cancelled),
    } satisfies z.input<typeof paymentStatusAnswerSchema>);
  });

  app.get('/payments/:id', async (c) => {
    const { orderId, record } = await paymentOfRequest(ctx, c);
    await ctx.paymentHeard?.(record);
    return c.json({
      payment: publicPayment(record, orderId, Date.now()),
      nextAction: nextAction(record),
    } satisfies z.input<typeof paymentStatusAnswerSchema>);
  });
}
