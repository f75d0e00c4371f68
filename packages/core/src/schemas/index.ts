/**
 * `@paylit/core/schemas`: zod schemas of every shape of the Payments API v2.1.
 *
 * Requests accept the wire dialect the API accepts (the wire dialect: what the API accepts beyond its spec, packages/sandbox/README.md):
 * `amount` as a number or a decimal string (`"1.00"`, parsed to a number under the same
 * 10,2 rule), `null` for an absent optional field, unknown fields dropped (not refused), a
 * payer without e-mail; a Brazilian `payer.document` must be a CPF or CNPJ. Every other rule
 * of the spec still refuses, naming the parameter. Records are lenient (unknown fields and
 * statuses kept, amounts and codes as numbers or strings). Types are inferred from the
 * schemas: `PaymentRequest` is what a parse gives, `PaymentRequestInput` what it takes.
 *
 * @example
 * import { parse, paymentRequestSchema } from '@paylit/core/schemas';
 * try { parse(paymentRequestSchema, body) } catch (e) { return Response.json(e.toApiError(), { status: 400 }) }
 */
export {
  METHOD_ID_PATTERN,
  amount as amountSchema,
  compactDate as compactDateSchema,
  country as countrySchema,
  currency as currencySchema,
  dmyDate as dmyDateSchema,
  isoDate as isoDateSchema,
} from './common.js';
export {
  addressSchema,
  checkPayerDocument,
  checkPayerName,
  nameOptionalCountries,
  payerSchema,
} from './payer.js';
export type { Address, Payer } from './payer.js';
export { cardSchema, cardSources, storedCredentialTypes } from './card.js';
export type { Card } from './card.js';
export { walletFingerprintSchema, walletSchema } from './wallet.js';
export type { Wallet } from './wallet.js';
export {
  additionalRiskDataSchema,
  basketItemSchema,
  beneficiarySchema,
  purchaseSchema,
  riskDeviceSchema,
  riskPayerSchema,
  riskSubmerchantSchema,
  riskSubscriptionSchema,
  shippingSchema,
} from './risk.js';
export type { AdditionalRiskData } from './risk.js';
export {
  enrollmentRecordSchema,
  enrollmentRecordSchema as enrollmentNotificationSchema,
  enrollmentRequestSchema,
  enrollmentSubscriptionSchema,
  enrollmentTypes,
  paymentEnrollmentSchema,
} from './enrollment.js';
export type {
  EnrollmentRecord,
  EnrollmentRequest,
  EnrollmentRequestInput,
  PaymentEnrollment,
} from './enrollment.js';
export {
  cardSubscriptionSchema,
  createPaymentRequestSchema,
  needsSecureEndpoint,
  paymentMethodId as paymentMethodIdSchema,
  payerInCountryIssues,
  payerInCountrySchema,
  paymentRequestSchema,
  remittanceFields,
  SCHEDULED_DAYS,
  scheduledDateProblem,
  sourcesOfFunds,
  splitSchema,
  submerchantSchema,
  subpurposes,
  threeDSecureSchema,
} from './payment-request.js';
export type {
  PaymentRequest,
  PaymentRequestInput,
  PaymentRequestRules,
  ThreeDSecure,
} from './payment-request.js';
export {
  captureRequestSchema,
  forceStatusRequestSchema,
  installmentsPlanRequestSchema,
  refundRequestSchema,
  saveCardRequestSchema,
} from './operations.js';
export type {
  CaptureRequest,
  CaptureRequestInput,
  ForceStatusRequest,
  InstallmentsPlanRequest,
  InstallmentsPlanRequestInput,
  RefundRequest,
  RefundRequestInput,
  SaveCardRequest,
  SaveCardRequestInput,
} from './operations.js';
export {
  apiErrorBodySchema,
  callbackFormSchema,
  deletedCardRecordSchema,
  installmentSchema,
  installmentsPlanRecordSchema,
  orderRecordSchema,
  paymentCardRecordSchema,
  paymentMethodListSchema,
  paymentMethodRecordSchema,
  paymentNotificationSchema,
  paymentRecordSchema,
  paymentStatusRecordSchema,
  paymentStatusSchema,
  refundNotificationSchema,
  refundRecordSchema,
  refundStatusRecordSchema,
  refundStatusSchema,
  savedCardRecordSchema,
  bankTransferRecordSchema,
  ticketRecordSchema,
} from './records.js';
export type {
  CallbackForm,
  DeletedCardRecord,
  Installment,
  InstallmentsPlanRecord,
  OrderRecord,
  PaymentMethodRecord,
  PaymentRecord,
  PaymentStatusRecord,
  RefundRecord,
  RefundStatusRecord,
  SavedCardRecord,
  BankTransferRecord,
  TicketRecord,
} from './records.js';
export { formatPath, parse, safeParse, toValidationIssues } from './parse.js';
export type { ParseResult } from './parse.js';
