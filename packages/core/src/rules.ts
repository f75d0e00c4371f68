/**
 * `@paylit/core/rules`: the checkout's plain rules, without zod, so that the browser calls the
 * same functions and patterns the companion server's schemas are built on
 * (`@paylit/core/checkout`). Card rules are in `@paylit/core/card`, error kinds in
 * `@paylit/core/errors`.
 *
 * @example
 * import { chargedAmount, isPaymentMade } from '@paylit/core/rules';
 * chargedAmount({ amount: 1500, intent: 'verify' }) // 0
 */
import { errorKindOfStatus, type PaylitErrorKind } from './errors.js';

/** capture: charge now; authorize: capture later from the back office; verify: a zero-amount card check. */
export const orderIntents = ['capture', 'authorize', 'verify'] as const;
export type OrderIntent = (typeof orderIntents)[number];

/**
 * The amount a payment for the order charges, and the amount the checkout shows and
 * submits: a verification is a zero-amount check whatever the order's amount.
 */
export function chargedAmount(order: { amount: number; intent: OrderIntent }): number {
  return order.intent === 'verify' ? 0 : order.amount;
}

/** Whether the order offers installment plans: never for a verification. */
export function offersInstallments(order: { installments: boolean; intent: OrderIntent }): boolean {
  return order.installments && order.intent !== 'verify';
}

/**
 * The statuses of a payment that is made: the order is paid (or its card verified) and no
 * other payment may be taken for it.
 */
export const madeStatuses = ['PAID', 'AUTHORIZED', 'VERIFIED'] as const;
export type MadeStatus = (typeof madeStatuses)[number];

/** Whether a payment in this status is made (`madeStatuses`). */
export function isPaymentMade(status: string): status is MadeStatus {
  return (madeStatuses as readonly string[]).includes(status);
}

/** Refund statuses that give (or will give) the money back: all but REJECTED and CANCELLED. */
const RETURNING_REFUNDS: readonly string[] = ['PENDING', 'SUCCESS'];

/**
 * Whether a payment's refunds, as its record lists them, give back its whole amount: a payment
 * made and refunded in full no longer pays its order. Added in cents (amounts are the API's
 * 10,2): 10.10 + 20.20 in floats is 30.299999999999997, short of 30.30.
 */
export function isRefundedInFull(payment: {
  amount: number;
  refunds?: readonly { amount: number; status: string }[] | undefined;
}): boolean {
  const cents = (amount: number) => Math.round(amount * 100);
  const back = (payment.refunds ?? [])
    .filter((r) => RETURNING_REFUNDS.includes(r.status))
    .reduce((sum, r) => sum + cents(r.amount), 0);
  return payment.amount > 0 && back >= cents(payment.amount);
}

/**
 * A compact JWE as the card fields make it: five base64url parts, the content key's part
 * possibly empty, each within the length an RSA-OAEP-256 / A256GCM card payload can have.
 */
export const COMPACT_JWE_PATTERN =
  /^[\w-]{1,2048}\.[\w-]{0,2048}\.[\w-]{1,64}\.[\w-]{1,4096}\.[\w-]{1,64}$/;
/** The longest compact JWE the checkout accepts, in characters. */
export const MAX_JWE_LENGTH = 4096;

/** The companion server's refusals (`error.type`) that are `server`: the other side failed or is busy. */
const serverRefusals: readonly string[] = [
  'payment_in_progress',
  'store_unavailable',
  'upstream_unavailable',
  'internal_error',
];
/** The refusals that are `configuration`: the set-up is wrong. */
const configurationRefusals: readonly string[] = ['unauthorized'];

/**
 * The kind of a companion server's refusal: `server` or `configuration` for the types listed
 * above, `rate_limited` for `rate_limited` (a 429), `validation` for its other types (the
 * input or the order's state was refused), and the HTTP status's kind (`errorKindOfStatus`)
 * when it came with no type.
 */
export function checkoutErrorKind(type: string | undefined, status: number): PaylitErrorKind {
  if (type === undefined) return errorKindOfStatus(status);
  if (type === 'rate_limited') return 'rate_limited';
  return serverRefusals.includes(type)
    ? 'server'
    : configurationRefusals.includes(type)
      ? 'configuration'
      : 'validation';
}
