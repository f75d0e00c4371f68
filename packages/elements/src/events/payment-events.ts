/**
 * The events `<paylit-checkout>` dispatches: each an Event subclass that fixes its name
 * and options (bubbling, composed), carrying the payment record as the companion server
 * returned it (never card data), also as `detail` for frameworks that read that.
 *
 * The messages' types come from core's checkout protocol, as types only: no zod here.
 */
import type {
  PaymentView as CorePaymentView,
  Submission as CoreSubmission,
} from '@paylit/core/checkout';
import type { PaylitErrorKind } from '@paylit/core/errors';
import type { PlanPayments } from '@paylit/core/installments';

/** The payment record the companion server returns: status, amounts, brand and last four (core's `PaymentView`). */
export type PaymentView = CorePaymentView;

/** What the browser posts to the companion server (`POST <endpoint>/payments`; core's `Submission`). */
export type Submission = CoreSubmission;

export type PaymentEventType =
  'paylit-authorized' | 'paylit-paid' | 'paylit-verified' | 'paylit-pending';

/**
 * An installment plan as the shopper pays it (core's `planPayments`): the count, each
 * installment, the last one (which takes the rounding) and the total with any interest.
 */
export type PaymentPlan = PlanPayments;

/**
 * AUTHORIZED, PAID, VERIFIED, or PENDING with nothing for the payer to do. `total` is what
 * the shopper pays in all: with an installment plan, the plan's total (interest included), which
 * can be more than `payment.amount`, the amount the API charges the merchant's order.
 */
export class PaylitPaymentEvent extends CustomEvent<{
  payment: PaymentView;
  total: number;
  plan?: PaymentPlan;
}> {
  readonly payment: PaymentView;
  readonly total: number;
  /** The plan the shopper chose, when the payment's record names it (`card.installments`). */
  readonly plan: PaymentPlan | undefined;
  constructor(type: PaymentEventType, payment: PaymentView, plan?: PaymentPlan) {
    const total = plan?.total_amount ?? payment.amount;
    super(type, {
      bubbles: true,
      composed: true,
      detail: { payment, total, ...(plan ? { plan } : {}) },
    });
    this.payment = payment;
    this.total = total;
    this.plan = plan;
  }
}

/**
 * REJECTED (or cancelled, expired): the code and a message in the checkout's language. Or the
 * order is locked: it had five declined payments and the companion server refuses another
 * (409 `order_locked`); then `payment` is undefined and `code` is `'305'` (too many attempts).
 */
export class PaylitDeclinedEvent extends CustomEvent<{
  payment: PaymentView | undefined;
  code: string;
  message: string;
}> {
  readonly payment: PaymentView | undefined;
  readonly code: string;
  readonly message: string;
  constructor(payment: PaymentView | undefined, message: string, code = payment!.status_code) {
    super('paylit-declined', { bubbles: true, composed: true, detail: { payment, code, message } });
    this.payment = payment;
    this.code = code;
    this.message = message;
  }
}

/** The payer must go to `url` (3-D Secure, a wallet, a bank). Cancelable: by default the page navigates. */
export class PaylitRedirectEvent extends CustomEvent<{ payment: PaymentView; url: string }> {
  readonly payment: PaymentView;
  readonly url: string;
  constructor(payment: PaymentView, url: string) {
    super('paylit-redirect', {
      bubbles: true,
      composed: true,
      cancelable: true,
      detail: { payment, url },
    });
    this.payment = payment;
    this.url = url;
  }
}

/** core's one vocabulary of error kinds. */
export type CheckoutErrorKind = PaylitErrorKind;

/**
 * Why the checkout could not load, as `paylit-error`'s `code` (the form gives way to a message,
 * no Pay): `order_not_found`, the store's server knows no order by the checkout's `order` (a
 * client secret it did not make, an order it cannot find); `origin_not_allowed`, the store's
 * server does not allow this page's origin (add it to its `allowedOrigins`, `PAYLIT_ALLOWED_ORIGINS`);
 * `invalid_order`, a checkout without a server whose `amount` is no amount in its currency ("abc",
 * "120,50", "", "120.505" reais, "-5") or whose `currency` is no ISO 4217 code ("brl").
 */
export type CheckoutLoadErrorCode = 'order_not_found' | 'origin_not_allowed' | 'invalid_order';

/** What `paylit-error` says. */
export interface PaylitErrorEventDetail {
  kind: CheckoutErrorKind;
  message: string;
  retryable: boolean;
  /**
   * With `kind: 'rate_limited'` (the store's server answered 429): the seconds it asked the
   * shopper to wait before trying again (its `Retry-After`), when it said.
   */
  retryAfter?: number;
  code?: number | CheckoutLoadErrorCode;
  param?: string;
  /** Every field the server refused (the payer's details: `payer.document`…), each with its problem; `param` is the first. */
  fields?: { param: string; message: string }[];
}

/**
 * The payment could not be attempted, or its outcome is unknown; or the checkout could not
 * load. `code`: the API's error code (a number), or why the load failed (`CheckoutLoadErrorCode`).
 */
export class PaylitErrorEvent extends CustomEvent<PaylitErrorEventDetail> {
  readonly kind: CheckoutErrorKind;
  readonly message: string;
  readonly retryable: boolean;
  constructor(detail: PaylitErrorEventDetail) {
    super('paylit-error', { bubbles: true, composed: true, detail });
    this.kind = detail.kind;
    this.message = detail.message;
    this.retryable = detail.retryable;
  }
}

/** Before anything is sent: the encrypted submission. Cancelable, so a merchant's own backend can take it. */
export class PaylitSubmitEvent extends CustomEvent<{ submission: Submission }> {
  readonly submission: Submission;
  constructor(submission: Submission) {
    super('paylit-submit', {
      bubbles: true,
      composed: true,
      cancelable: true,
      detail: { submission },
    });
    this.submission = submission;
  }
}

declare global {
  interface HTMLElementEventMap {
    'paylit-authorized': PaylitPaymentEvent;
    'paylit-paid': PaylitPaymentEvent;
    'paylit-verified': PaylitPaymentEvent;
    'paylit-pending': PaylitPaymentEvent;
    'paylit-declined': PaylitDeclinedEvent;
    'paylit-redirect': PaylitRedirectEvent;
    'paylit-error': PaylitErrorEvent;
    'paylit-submit': PaylitSubmitEvent;
  }
}
