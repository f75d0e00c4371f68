/**
 * The API's status and error tables as data (the API's "Payment statuses",
 * "Refunds", "Errors", "Endpoints"). Every package reads them from here: the sandbox
 * to answer, the server to interpret, the elements to translate.
 *
 * No zod here, so the browser bundle can import the codes without the schemas.
 */

/** Payment statuses with their `status_code` (a string on the wire) and `status_detail`. */
export const paymentStatuses = {
  PENDING: { code: '100', detail: 'The payment is pending.' },
  PAID: { code: '200', detail: 'The payment was paid.' },
  REJECTED: { code: '300', detail: 'The payment was rejected.' },
  CANCELLED: { code: '400', detail: 'The payment was cancelled.' },
  EXPIRED: { code: '500', detail: 'The payment was expired.' },
  AUTHORIZED: { code: '600', detail: 'The payment was authorized.' },
  VERIFIED: { code: '700', detail: 'The payment was verified.' },
} as const;

export type PaymentStatus = keyof typeof paymentStatuses;
export const paymentStatusNames = Object.keys(paymentStatuses) as [
  PaymentStatus,
  ...PaymentStatus[],
];

/** PENDING while the payer completes 3-D Secure. */
export const pendingThreeDSecure = {
  status: 'PENDING',
  code: '101',
  detail: 'The payment is pending 3D Secure authentication.',
} as const;

/**
 * Rejection codes 300 to 326, each with the reason the API gives. `detail` is the
 * `status_detail` text of a payment rejected with that code.
 */
export const rejectionCodes = {
  '300': 'The payment was rejected.',
  '301': 'Rejected by bank.',
  '302': 'Insufficient amount.',
  '303': 'Card blacklisted.',
  '304': 'Score validation.',
  '305': 'Max attempts reached.',
  '306': 'Call bank for authorization.',
  '307': 'Duplicated payment.',
  '308': 'Card disabled.',
  '309': 'Card expired.',
  '310': 'Card reported lost.',
  '311': 'Card requested by the bank.',
  '312': 'Card restricted by the bank.',
  '313': 'Card reported stolen.',
  '314': 'Invalid card number.',
  '315': 'Invalid security code.',
  '316': 'Unsupported operation.',
  '317': 'Rejected due to high risk.',
  '318': 'Invalid transaction.',
  '319': 'Amount exceeded.',
  '320': '3D Secure is required.',
  '321': 'Error in acquirer.',
  '322': 'Wallet disabled.',
  '323': 'Invalid user account.',
  '324': 'Invalid PIN.',
  '325': 'Transaction frequency limit exceeded.',
  '326': 'User account disabled.',
} as const;

export type RejectionCode = keyof typeof rejectionCodes;

export function isRejectionCode(value: unknown): value is RejectionCode {
  return typeof value === 'string' && Object.hasOwn(rejectionCodes, value);
}

/** Refund statuses. `status_code` is a string, as in payments (our choice, as the API does not say). */
export const refundStatuses = {
  PENDING: { code: '100', detail: 'The refund is pending.' },
  SUCCESS: { code: '200', detail: 'The refund was paid.' },
  REJECTED: { code: '300', detail: 'The refund was rejected.' },
  CANCELLED: { code: '400', detail: 'The refund was cancelled.' },
} as const;

export type RefundStatus = keyof typeof refundStatuses;
export const refundStatusNames = Object.keys(refundStatuses) as [RefundStatus, ...RefundStatus[]];

/** Enrollment statuses. CANCELLED is 400 when the merchant cancels, 401 when the payer does. */
export const enrollmentStatuses = {
  PENDING: { code: '100', detail: 'The enrollment is pending.' },
  ACTIVE: { code: '200', detail: 'The enrollment is active.' },
  REJECTED: { code: '300', detail: 'The enrollment was rejected.' },
  CANCELLED: { code: '400', detail: 'The enrollment was cancelled by the merchant.' },
} as const;

export const enrollmentCancelledByPayer = {
  status: 'CANCELLED',
  code: '401',
  detail: 'The enrollment was cancelled by the payer.',
} as const;

export type EnrollmentStatus = keyof typeof enrollmentStatuses;
export const enrollmentStatusNames = Object.keys(enrollmentStatuses) as [
  EnrollmentStatus,
  ...EnrollmentStatus[],
];

/** Values of `status` in the form POST the API sends to `callback_url`. Never trusted: confirm with a status lookup. */
export const callbackStatuses = ['COMPLETED', 'APPROVED', 'REJECTED', 'PENDING'] as const;
export type CallbackStatus = (typeof callbackStatuses)[number];

/**
 * API error codes with their HTTP status, wire message (no trailing period) and what each
 * means for the merchant (`meaning`, the companion server's message when the API answers it;
 * the sandbox says when each is answered).
 * 5001's message is completed with the parameter: `Invalid parameter: payer.email`.
 */
export const apiErrors = {
  3001: {
    http: 403,
    message: 'Invalid credentials',
    meaning:
      "the payments API refused the merchant's credentials (X-Login, X-Trans-Key or the secret key)",
  },
  3002: {
    http: 403,
    message: 'Unregistered IP address',
    meaning:
      "the payments API does not take requests from this server's IP address; register it with the API",
  },
  3003: {
    http: 403,
    message: 'Merchant has no authorization to use this API',
    meaning: "the merchant's account is not authorized for this operation of the payments API",
  },
  4000: {
    http: 404,
    message: 'Payment not found',
    meaning: 'the payments API has no payment with this id',
  },
  4001: {
    http: 404,
    message: 'Refund not found',
    meaning: 'the payments API has no refund with this id',
  },
  5000: {
    http: 400,
    message: 'Invalid request',
    meaning: 'the payments API could not read the request',
  },
  5001: {
    http: 400,
    message: 'Invalid parameter',
    meaning: 'the payments API refused a parameter',
  },
  5002: {
    http: 400,
    message: 'Invalid transaction status',
    meaning:
      "the payment's status does not allow this (a capture needs AUTHORIZED, a refund PAID, a cancel AUTHORIZED with nothing captured, or PENDING)",
  },
  5003: {
    http: 400,
    message: 'Country not supported',
    meaning: 'the payments API does not serve this country',
  },
  5004: {
    http: 400,
    message: 'Currency not allowed for this country',
    meaning: "this currency is not allowed for the payment's country",
  },
  5007: {
    http: 400,
    message: 'Amount exceeded',
    meaning:
      'the amount exceeds what remains of the payment (what was captured or refunded already, pending refunds included, is taken from it)',
  },
  5008: {
    http: 400,
    message: 'Token not found or inactive',
    meaning: 'the card or wallet token is unknown or no longer active',
  },
  5009: {
    http: 400,
    message: 'Order ID is duplicated',
    meaning: 'the payments API already has a payment with this order_id',
  },
  5010: {
    http: 400,
    message: 'Method not available',
    meaning: 'this payment method is not available',
  },
  5012: {
    http: 400,
    message: 'Insufficient funds',
    meaning: "the merchant's available balance does not cover this refund",
  },
  5013: {
    http: 400,
    message: 'Unsupported operation',
    meaning:
      'the payments API does not support this operation on this payment (a verification is never captured, cancelled or refunded)',
  },
  5016: {
    http: 400,
    message: 'Amount too low',
    meaning: 'the amount is below the smallest the payments API charges',
  },
  5017: {
    http: 400,
    message: 'Invalid API version',
    meaning: 'the payments API does not take this API version',
  },
  5018: {
    http: 400,
    message: 'Chargeback in place for this transaction',
    meaning: 'a chargeback is in place for this payment, so it cannot be refunded',
  },
  5020: {
    http: 400,
    message: 'Refund period exceeded',
    meaning: 'the time in which this payment could be refunded has passed',
  },
  5043: {
    http: 400,
    message: 'Invalid number of installments',
    meaning: 'the number of installments is not one the plan offers',
  },
  6000: {
    http: 429,
    message: 'Too many requests to the API',
    meaning: 'the payments API is taking too many requests from this merchant; try again shortly',
  },
  7000: {
    http: 500,
    message: 'Failed to process the request',
    meaning: 'the payments API failed to process the request; try again',
  },
} as const;

export type ApiErrorCode = keyof typeof apiErrors;

/** The API's error body: `{code, message, param?}`. */
export interface ApiErrorBody {
  code: number;
  message: string;
  param?: string;
}

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'number' && Object.hasOwn(apiErrors, value);
}

/**
 * The one code whose body carries `param`: "`param` only on parameter errors" (the wire dialect,
 * newest section). `5001 Invalid parameter` names it; every other code is answered
 * `{code, message}` alone, even where one parameter was at fault:
 * `{"code":5007,"message":"Amount exceeded"}` and `{"code":4000,"message":"Payment not found"}`
 * were recorded so.
 */
export const apiErrorsWithParam: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>([5001]);

/**
 * 5000's message when a request's signature does not match (recorded on the wire for a POST:
 * 400 `{"code":5000,"message":"Signature not match"}`); an unknown `X-Login` stays 3001.
 */
export const SIGNATURE_NOT_MATCH = 'Signature not match';

/**
 * The error body the API sends for `code`, with `param` only for the codes of
 * `apiErrorsWithParam` (5001: `param` is dropped for every other). `message` replaces the table's where the API
 * words one case of a code its own way (`SIGNATURE_NOT_MATCH`).
 *
 * @example apiErrorBody(5001, 'payer.email') // {code: 5001, message: 'Invalid parameter: payer.email', param: 'payer.email'}
 * @example apiErrorBody(5007, 'amount')      // {code: 5007, message: 'Amount exceeded'}
 * @example apiErrorBody(5004, 'currency')    // {code: 5004, message: 'Currency not allowed for this country'}
 */
export function apiErrorBody(code: ApiErrorCode, param?: string, message?: string): ApiErrorBody {
  const text = message ?? apiErrors[code].message;
  if (param === undefined || !apiErrorsWithParam.has(code)) return { code, message: text };
  return {
    code,
    message: code === 5001 && message === undefined ? `${text}: ${param}` : text,
    param,
  };
}

/**
 * The longest `X-Idempotency-Key` the API takes (the wire dialect: what the API accepts beyond its spec, packages/sandbox/README.md):
 * the client refuses a longer key before sending, the sandbox answers it with 5001.
 */
export const IDEMPOTENCY_KEY_MAX = 42;

/** The HTTP status the API answers with for `code`. */
export function apiErrorStatus(code: ApiErrorCode): number {
  return apiErrors[code].http;
}
