/**
 * `@paylit/core`: the one place where the Payments API v2.1's rules live.
 *
 * Subpaths for bundles that need less: `@paylit/core/card`, `/money`, `/crypto`, `/codes`
 * and `/installments` carry no zod; `/schemas` has the schemas; `/checkout` the protocol
 * between the elements and the companion server.
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
export { IDEMPOTENCY_KEY_MAX } from './codes.js';
export type {
  ApiErrorBody,
  ApiErrorCode,
  CallbackStatus,
  EnrollmentStatus,
  PaymentStatus,
  RefundStatus,
  RejectionCode,
} from './codes.js';
export {
  DecryptionError,
  EncryptionError,
  InvalidArgumentError,
  KeyError,
  PaylitError,
  ValidationError,
  errorKindOfStatus,
  errorKinds,
} from './errors.js';
export type {
  PaylitErrorCode,
  PaylitErrorKind,
  PaylitErrorOptions,
  ValidationIssue,
} from './errors.js';
export {
  ORDER_ID_PATTERN,
  checkoutErrorAnswerSchema,
  checkoutErrorKinds,
  checkoutErrorSchema,
  checkoutViewSchema,
  installmentOptionSchema,
  installmentsAnswerSchema,
  installmentsPlanViewSchema,
  installmentsRequestSchema,
  nextActionSchema,
  orderIdSchema,
  orderIntentSchema,
  orderViewSchema,
  paymentAnswerSchema,
  paymentIdSchema,
  paymentMethodViewSchema,
  paymentStatusAnswerSchema,
  paymentViewSchema,
  savedCardViewSchema,
  savedWalletViewSchema,
  submissionSchema,
} from './checkout/index.js';
export type {
  CheckoutErrorAnswer,
  CheckoutErrorBody,
  CheckoutErrorType,
  CheckoutView,
  InstallmentOption,
  InstallmentsAnswer,
  InstallmentsPlan,
  InstallmentsRequest,
  NextAction,
  OrderIntent,
  OrderView,
  PaymentAnswer,
  PaymentMethodView,
  PaymentStatusAnswer,
  PaymentView,
  SavedCardView,
  SavedWalletView,
  Submission,
  SubmissionMethod,
} from './checkout/index.js';
export {
  acceptsCurrency,
  addressFields,
  addressRequiredCountries,
  countries,
  countryOf,
  currencies,
  ipRequiredCountries,
  isServedCountry,
  marketProblem,
  requiresThreeDSecure,
  threeDSecureCountries,
} from './countries.js';
export type { Country, CountryMethod, PaymentFlow, PaymentMethodType } from './countries.js';
export {
  apiDocumentProblem,
  compactDocument,
  countryDocuments,
  documentCountries,
  documentExample,
  documentMessage,
  documentOptional,
  documentProblem,
  documentTypes,
  formatDocument,
  isCnpj,
  isCpf,
} from './documents.js';
export type { DocumentCountry, DocumentProblem } from './documents.js';
export {
  checkoutFlow,
  choices,
  methodProblem,
  needsPhone,
  payableMethods,
  payingWay,
  payingWays,
} from './methods.js';
export type { HiddenMethod, ListedMethod, PayingOrder } from './methods.js';
export {
  apiBirthDate,
  callingCodes,
  compactPostalCode,
  hasPayerDetail,
  indiaLimits,
  missingPayerDetails,
  normalizePhone,
  payerDetails,
  payerNeeds,
  postalCodeExample,
  postalCodeProblem,
} from './payer.js';
export type { PartialPayer, PayerDetail, PayerNeedsOptions, PayingWith } from './payer.js';
export {
  DEFAULT_VAT,
  isInterestFree,
  monthlyCostWithVat,
  monthlyRate,
  planPayments,
  planRates,
  splitAmount,
} from './installments.js';
export type {
  AmountSplit,
  InstallmentTerms,
  PlanPayments,
  PlanRates,
  PlanRatesOptions,
} from './installments.js';
export * from './card/index.js';
export * from './money.js';
export * from './crypto/index.js';
export * from './schemas/index.js';
export {
  COMPACT_JWE_PATTERN,
  MAX_JWE_LENGTH,
  chargedAmount,
  checkoutErrorKind,
  isPaymentMade,
  madeStatuses,
  offersInstallments,
  orderIntents,
} from './rules.js';
export type { MadeStatus } from './rules.js';
