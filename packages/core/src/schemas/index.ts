/**
 * `@paylit/core/schemas`: zod schemas of every shape of the Payments API v2.1.
 * Requests are strict (an unknown field is an error, as the API treats it); records
 * are lenient (unknown fields kept). Types are inferred from the schemas.
 *
 * @example
 * import { parse, paymentRequestSchema } from '@paylit/core/schemas';
 * try { parse(paymentRequestSchema, body) } catch (e) { return Response.json(e.toApiError(), { status: 400 }) }
 */
export { amount as amountSchema, compactDate as compactDateSchema, country as countrySchema, currency as currencySchema, dmyDate as dmyDateSchema, isoDate as isoDateSchema } from './common.js';
export { addressSchema, payerSchema } from './payer.js';
export type { Address, Payer } from './payer.js';
export { cardSchema, storedCredentialTypes } from './card.js';
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
export type { EnrollmentRecord, EnrollmentRequest, PaymentEnrollment } from './enrollment.js';
export {
  cardSubscriptionSchema,
  createPaymentRequestSchema,
  needsSecureEndpoint,
  paymentMethodId as paymentMethodIdSchema,
  paymentRequestSchema,
  remittanceFields,
  sourcesOfFunds,
  splitSchema,
  submerchantSchema,
  subpurposes,
} from './payment-request.js';
export type { PaymentRequest, PaymentRequestRules } from './payment-request.js';
export {
  captureRequestSchema,
  forceStatusRequestSchema,
  installmentsPlanRequestSchema,
  refundRequestSchema,
  saveCardRequestSchema,
} from './operations.js';
export type { CaptureRequest, ForceStatusRequest, InstallmentsPlanRequest, RefundRequest, SaveCardRequest } from './operations.js';
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
  refundNotificationSchema,
  refundRecordSchema,
  refundStatusRecordSchema,
  savedCardRecordSchema,
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
} from './records.js';
export { formatPath, parse, safeParse, toValidationIssues } from './parse.js';
export type { ParseResult } from './parse.js';
