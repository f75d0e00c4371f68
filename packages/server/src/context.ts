/** What the routes of one checkout handler share: its options, client, store and the order lookup. */
import type { Context } from 'hono';
import type { PaymentsClient } from './client/payments-client.js';
import type { HandlerEnv } from './env.js';
import { apiErrors, isApiErrorCode } from '@paylit/core/codes';
import { PaymentsApiError } from './client/errors.js';
import { compiled } from './compiled.js';
import { CheckoutError } from './middleware/errors.js';
import { merchantOrderSchema, type MerchantOrder, type MerchantOrderInput } from './order.js';
import type { Changes } from './live.js';
import type { CheckoutStore } from './store/store.js';
import type { PaymentRecord } from '@paylit/core/schemas';

export interface NotificationEvent {
  kind: 'payment' | 'refund' | 'enrollment';
  /** The record as the API sent it. */
  record: Record<string, unknown> & { id: string; status: string };
  /**
   * The merchant order it belongs to: from the record's API `order_id` (`<order>.<n>`), the
   * store's link, or for a refund its payment. Undefined for an enrollment, or a payment this
   * handler did not make.
   */
  orderId: string | undefined;
  /**
   * False when a later status of the same record reached the handler before this one (the API
   * retrying an AUTHORIZED after the CANCELLED was handed over): record it, but it is not the
   * record's current status. Statuses only move forward (PENDING, then AUTHORIZED or ACTIVE,
   * then a final one); a capture is a payment of its own.
   */
  latest: boolean;
}

export interface HandlerContext {
  /** The shopper's address, through the proxies the merchant trusts; `unknown` without a socket. */
  clientAddress: (c: Context<HandlerEnv>) => string;
  client: PaymentsClient;
  store: CheckoutStore;
  publicKey: JsonWebKey | string;
  publicUrl: string;
  returnUrl: string;
  resolveOrder: (id: string) => Promise<MerchantOrderInput | MerchantOrder | undefined | null>;
  /** True when orders come from the order API's store (no `resolveOrder`): the handler keeps them from changing under a payment. */
  ordersInStore: boolean;
  onNotification: ((event: NotificationEvent) => void | Promise<void>) | undefined;
  logError: (error: unknown) => void;
  /** Timings of one-order-one-charge (see charges.ts). */
  charge: ChargeTimings;
  /** The merchant's name as the payer's bank shows it on a mandate (the handler's `merchantName`). */
  merchantName?: string | undefined;
  /** Who hears that an order's payment changed, on every instance (live.ts). */
  changes: Changes;
  /**
   * Told a payment's status whenever a route learns it from the API (the callback, a
   * notification, a status lookup): the decline limit gives back the place a pending payment
   * held once it was made (middleware/decline-limit.ts). Never throws.
   */
  paymentHeard?: (payment: { id: string; status: string }) => Promise<void>;
  /** Told the payment of an order that is a subscription, as the API answered it: a card saved by it starts the subscription (subscriptions/). Never throws. */
  subscriptionPaid?: (order: MerchantOrder, payment: PaymentRecord) => Promise<void>;
  /** Told each verified enrollment notification: the subscriptions hear the payer's bank (subscriptions/). */
  enrollmentHeard?: (record: {
    id: string;
    status: string;
    status_code?: unknown;
    external_id?: unknown;
  }) => Promise<void>;
}

export interface ChargeTimings {
  /** How long an attempt may be with the API before others stop waiting for it: the client's deadline and a margin. */
  inFlightMs: number;
  /** How long an attempt whose outcome is unknown keeps its order closed if the API shows no payment for it. */
  outcomeWindowMs: number;
  /** How often a waiting submission looks at the order's state again. */
  pollMs: number;
}

/** Orders already checked, by identity: a store that answers the same frozen object is not checked again. */
const checked = new WeakMap<object, MerchantOrder>();
/**
 * The order, checked; a missing one is 404, a broken one from `resolveOrder` a 500 that says why.
 * `resolveOrder`'s promise is followed with `then`, not awaited in an async function of this
 * one's: one promise fewer per payment and per view.
 */
export function loadOrder(ctx: HandlerContext, id: string): Promise<MerchantOrder> {
  let raw: ReturnType<HandlerContext['resolveOrder']>;
  try {
    raw = ctx.resolveOrder(id);
  } catch (error) {
    return Promise.reject(error);
  }
  return Promise.resolve(raw).then((order) => checkedOrder(ctx, id, order));
}

function checkedOrder(
  ctx: HandlerContext,
  id: string,
  raw: MerchantOrderInput | MerchantOrder | undefined | null,
): MerchantOrder {
  // No such order: `undefined`, or `null` as most database drivers answer a lookup that found none.
  if (raw === undefined || raw === null)
    throw new CheckoutError(404, {
      type: 'not_found',
      message: 'no order with this id',
      param: 'order',
    });
  let order =
    typeof raw === 'object' && Object.isFrozen(raw) ? checked.get(raw as object) : undefined;
  if (!order) {
    const parsed = compiled(merchantOrderSchema).safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw unreadable(ctx, id, `${issue.path.join('.')} ${issue.message}`);
    }
    order = parsed.data;
    if (Object.isFrozen(raw)) checked.set(raw as object, order);
  }
  // Another order than the one asked (a lookup by prefix, a cache keyed wrong) is not shown or
  // charged under this order's client secret.
  if (order.id !== id)
    throw unreadable(ctx, id, `id is ${JSON.stringify(order.id)}, not the id asked`);
  return order;
}

/** A 500 for an order `resolveOrder` answered wrong, `why` logged for the merchant. */
function unreadable(ctx: HandlerContext, id: string, why: string): CheckoutError {
  ctx.logError(new Error(`resolveOrder(${JSON.stringify(id)}) returned an invalid order: ${why}`));
  return new CheckoutError(500, {
    type: 'internal_error',
    message: 'the order could not be read',
  });
}

/**
 * An API failure as the browser (or the back office) should see it: each API error code with
 * its own message (core's `apiErrors[code].meaning`) and the code itself. A refusal of the
 * operation is 422 `payment_refused`; an unknown id 404; the merchant's credentials, IP or
 * authorization, the API's rate limit and its failures 502 `upstream_unavailable`, retryable
 * for the last two. A local check of the client (no code from the API) keeps its message.
 */
export function fromApiError(error: unknown): CheckoutError {
  if (!(error instanceof PaymentsApiError)) throw error;
  const code = error.code;
  const detail = {
    ...(code !== undefined ? { code } : {}),
    ...(error.param ? { param: error.param } : {}),
  };
  if (isApiErrorCode(code)) {
    // A POST whose signature does not match is 400 / 5000 "Signature not match": the key's fault.
    const badKey = code === 5000 && error.type === 'authentication_error';
    // 5001's own message names the parameter ("Invalid parameter: payer.email").
    const message = code === 5001 ? error.message : apiErrors[badKey ? 3001 : code].meaning;
    if (code === 4000 || code === 4001)
      return new CheckoutError(404, { type: 'not_found', message, ...detail });
    if (code === 3001 || code === 3002 || code === 3003 || badKey)
      return new CheckoutError(502, {
        type: 'upstream_unavailable',
        message,
        ...detail,
        retryable: false,
      });
    if (code === 6000 || code === 7000)
      return new CheckoutError(502, {
        type: 'upstream_unavailable',
        message,
        ...detail,
        retryable: true,
      });
    return new CheckoutError(422, {
      type: 'payment_refused',
      message,
      ...detail,
      retryable: false,
    });
  }
  switch (error.type) {
    case 'validation_error':
    case 'invalid_request_error':
      return new CheckoutError(422, {
        type: 'payment_refused',
        message: error.message,
        ...detail,
        retryable: false,
      });
    case 'not_found':
      return new CheckoutError(404, { type: 'not_found', message: error.message, ...detail });
    case 'authentication_error':
      return new CheckoutError(502, {
        type: 'upstream_unavailable',
        message: `the payments API refused the merchant's request (${error.status})`,
        ...detail,
        retryable: false,
      });
    case 'invalid_response':
      return new CheckoutError(502, {
        type: 'upstream_unavailable',
        message: 'the payments API answered with something unreadable; try again',
        retryable: true,
      });
    default:
      return new CheckoutError(502, {
        type: 'upstream_unavailable',
        message: 'the payments API could not be reached; try again',
        retryable: true,
      });
  }
}
