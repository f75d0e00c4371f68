/**
 * `@paylit/core`: the one place where the Payments API v2.1's rules live.
 *
 * Subpaths for bundles that need less: `@paylit/core/card`, `/money`, `/crypto` and
 * `/codes` carry no zod; `/schemas` has the schemas.
 */
export {
  apiErrorBody,
  apiErrorStatus,
  apiErrors,
  callbackStatuses,
  enrollmentCancelledByPayer,
  enrollmentStatuses,
  isApiErrorCode,
  isRejectionCode,
  paymentStatuses,
  pendingThreeDSecure,
  refundStatuses,
  rejectionCodes,
} from './codes.js';
export type { ApiErrorBody, ApiErrorCode, CallbackStatus, EnrollmentStatus, PaymentStatus, RefundStatus, RejectionCode } from './codes.js';
export {
  DecryptionError,
  EncryptionError,
  InvalidArgumentError,
  KeyError,
  PaylitError,
  ValidationError,
} from './errors.js';
export type { PaylitErrorCode, ValidationIssue } from './errors.js';
export {
  addressFields,
  addressRequiredCountries,
  indiaLimits,
  ipRequiredCountries,
  requiresThreeDSecure,
  threeDSecureCountries,
} from './countries.js';
export { documentProblem, isCnpj, isCpf } from './documents.js';
export * from './card/index.js';
export * from './money.js';
export * from './crypto/index.js';
export * from './schemas/index.js';
