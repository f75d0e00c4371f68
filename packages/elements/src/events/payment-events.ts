/**
 * The events `<paylit-checkout>` dispatches: each an Event subclass that fixes its name
 * and options (bubbling, composed), carrying the payment record as the companion server
 * returned it (never card data), also as `detail` for frameworks that read that.
 */

/** The payment record the companion server returns: status, amounts, brand and last four. */
export interface PaymentView {
  id: string;
  order: string;
  status: string;
  status_code: string;
  status_detail?: string;
  amount: number;
  currency: string;
  card?: { brand?: string; last4?: string; installments?: string };
  [field: string]: unknown;
}

/** What the browser posts to the companion server (`POST <endpoint>/payments`). */
export interface Submission {
  order: string;
  attempt: string;
  method:
    | { type: 'card'; encryptedData: string; holderName: string; expirationMonth: number; expirationYear: number; installments?: string; installmentsId?: string }
    | { type: 'saved_card'; cardId: string; encryptedCvv: string; installments?: string; installmentsId?: string }
    | { type: 'wallet'; methodId: string; useSaved?: boolean }
    | { type: 'redirect'; methodId: string };
  amount: number;
  currency: string;
  country: string;
}

export type PaymentEventType = 'paylit-authorized' | 'paylit-paid' | 'paylit-verified' | 'paylit-pending';

/** AUTHORIZED, PAID, VERIFIED, or PENDING with nothing for the payer to do. */
export class PaylitPaymentEvent extends CustomEvent<{ payment: PaymentView }> {
  readonly payment: PaymentView;
  constructor(type: PaymentEventType, payment: PaymentView) {
    super(type, { bubbles: true, composed: true, detail: { payment } });
    this.payment = payment;
  }
}

/** REJECTED (or cancelled, expired): the code and a message in the checkout's language. */
export class PaylitDeclinedEvent extends CustomEvent<{ payment: PaymentView; code: string; message: string }> {
  readonly payment: PaymentView;
  readonly code: string;
  readonly message: string;
  constructor(payment: PaymentView, message: string) {
    super('paylit-declined', { bubbles: true, composed: true, detail: { payment, code: payment.status_code, message } });
    this.payment = payment;
    this.code = payment.status_code;
    this.message = message;
  }
}

/** The payer must go to `url` (3-D Secure, a wallet, a bank). Cancelable: by default the page navigates. */
export class PaylitRedirectEvent extends CustomEvent<{ payment: PaymentView; url: string }> {
  readonly payment: PaymentView;
  readonly url: string;
  constructor(payment: PaymentView, url: string) {
    super('paylit-redirect', { bubbles: true, composed: true, cancelable: true, detail: { payment, url } });
    this.payment = payment;
    this.url = url;
  }
}

export type CheckoutErrorKind = 'validation' | 'network' | 'server' | 'configuration';

/** The payment could not be attempted, or its outcome is unknown. */
export class PaylitErrorEvent extends CustomEvent<{ kind: CheckoutErrorKind; message: string; retryable: boolean; code?: number; param?: string }> {
  readonly kind: CheckoutErrorKind;
  readonly message: string;
  readonly retryable: boolean;
  constructor(detail: { kind: CheckoutErrorKind; message: string; retryable: boolean; code?: number; param?: string }) {
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
    super('paylit-submit', { bubbles: true, composed: true, cancelable: true, detail: { submission } });
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
