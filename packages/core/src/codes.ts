/**
 * The API's status and error tables as data (api-behaviour.md, "Payment statuses",
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
export const paymentStatusNames = Object.keys(paymentStatuses) as [PaymentStatus, ...PaymentStatus[]];

/** PENDING while the payer completes 3-D Secure. */
export const pendingThreeDSecure = { status: 'PENDING', code: '101', detail: 'The payment is pending 3D Secure authentication.' } as const;

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

/** Refund statuses. `status_code` is a string, as in payments (api-behaviour.md names this a choice). */
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

export const enrollmentCancelledByPayer = { status: 'CANCELLED', code: '401', detail: 'The enrollment was cancelled by the payer.' } as const;

export type EnrollmentStatus = keyof typeof enrollmentStatuses;
export const enrollmentStatusNames = Object.keys(enrollmentStatuses) as [EnrollmentStatus, ...EnrollmentStatus[]];

/** Values of `status` in the form POST the API sends to `callback_url`. Never trusted: confirm with a status lookup. */
export const callbackStatuses = ['COMPLETED', 'APPROVED', 'REJECTED', 'PENDING'] as const;
export type CallbackStatus = (typeof callbackStatuses)[number];

/**
 * API error codes with their HTTP status and wire message (no trailing period).
 * 5001's message is completed with the parameter: `Invalid parameter: payer.email`.
 */
export const apiErrors = {
  3001: { http: 403, message: 'Invalid credentials' },
  3002: { http: 403, message: 'Unregistered IP address' },
  3003: { http: 403, message: 'Merchant has no authorization to use this API' },
  4000: { http: 404, message: 'Payment not found' },
  4001: { http: 404, message: 'Refund not found' },
  5000: { http: 400, message: 'Invalid request' },
  5001: { http: 400, message: 'Invalid parameter' },
  5002: { http: 400, message: 'Invalid transaction status' },
  5003: { http: 400, message: 'Country not supported' },
  5004: { http: 400, message: 'Currency not allowed for this country' },
  5007: { http: 400, message: 'Amount exceeded' },
  5008: { http: 400, message: 'Token not found or inactive' },
  5009: { http: 400, message: 'Order ID is duplicated' },
  5010: { http: 400, message: 'Method not available' },
  5012: { http: 400, message: 'Insufficient funds' },
  5013: { http: 400, message: 'Unsupported operation' },
  5016: { http: 400, message: 'Amount too low' },
  5017: { http: 400, message: 'Invalid API version' },
  5018: { http: 400, message: 'Chargeback in place for this transaction' },
  5020: { http: 400, message: 'Refund period exceeded' },
  5043: { http: 400, message: 'Invalid number of installments' },
  6000: { http: 429, message: 'Too many requests to the API' },
  7000: { http: 500, message: 'Failed to process the request' },
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
 * The error body the API sends for `code`, with `param` when one parameter is at fault.
 *
 * @example apiErrorBody(5001, 'payer.email') // {code: 5001, message: 'Invalid parameter: payer.email', param: 'payer.email'}
 */
export function apiErrorBody(code: ApiErrorCode, param?: string): ApiErrorBody {
  const { message } = apiErrors[code];
  if (param === undefined) return { code, message };
  return { code, message: code === 5001 ? `${message}: ${param}` : message, param };
}

/**
 * The longest `X-Idempotency-Key` the API takes (api-behaviour.md, "The wire dialect"):
 * the client refuses a longer key before sending, the sandbox answers it with 5001.
 */
export const IDEMPOTENCY_KEY_MAX = 42;

/** The HTTP status the API answers with for `code`. */
export function apiErrorStatus(code: ApiErrorCode): number {
  return apiErrors[code].http;
}
