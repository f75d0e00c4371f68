/**
 * What the API answers with. Records are read leniently, so that an answer the API gives
 * is never an error (the wire dialect, in the sandbox's README): unknown fields are kept, so a
 * field the API adds tomorrow passes through untouched; a status the table does not list
 * comes through as its string; `status_code` is a string or an integer (read as a
 * string); amounts are numbers or decimal strings (read as numbers); `status_detail` is
 * any text, with or without its final period; `null` stands for an absent field.
 */
import { z } from 'zod';
import { callbackStatuses, type PaymentStatus, type RefundStatus } from '../codes.js';
import {
  fullYear,
  openEnum,
  optional as absent,
  recordNumber,
  statusCode,
  timestamp,
} from './common.js';

const optionalText = absent(z.string());
const optionalNumber = absent(recordNumber);

/** A payment's `status`: one of `PaymentStatus`, or one the API adds later, as its string. */
export const paymentStatusSchema = openEnum<PaymentStatus>();
/** A refund's `status`: one of `RefundStatus`, or one the API adds later, as its string. */
export const refundStatusSchema = openEnum<RefundStatus>();
const flow = openEnum<'DIRECT' | 'REDIRECT'>();

export const refundRecordSchema = z.looseObject({
  id: z.string(),
  payment_id: z.string(),
  order_id: optionalText,
  notification_url: optionalText,
  amount: recordNumber,
  amount_refunded: optionalNumber,
  currency: z.string(),
  status: refundStatusSchema,
  status_code: statusCode,
  status_detail: optionalText,
  created_date: absent(timestamp),
  description: optionalText,
});
export type RefundRecord = z.infer<typeof refundRecordSchema>;

/**
 * What a DIRECT cash voucher or Pix gives the payer (markets: "Non-card methods in the DIRECT
 * flow"): `number` is what they type or copy (Pix's copy-and-paste BR Code, Boleto's 47-digit
 * line, OXXO's reference), `barcode` the barcode's content in `format` (`ITF`, `CODE_128`,
 * `GS1`), or for Pix its QR as a base64 PNG.
 */
export const ticketRecordSchema = z.looseObject({
  type: optionalText,
  id: optionalText,
  number: optionalText,
  barcode: optionalText,
  format: optionalText,
  expiration_date: optionalText,
  company_name: optionalText,
  company_id: optionalText,
  provider_name: optionalText,
  provider_logo: optionalText,
  image_url: optionalText,
  amount: optionalNumber,
  currency: optionalText,
});
export type TicketRecord = z.infer<typeof ticketRecordSchema>;

/** What a DIRECT bank transfer (SPEI, Argentina's and Peru's) gives the payer to pay to. */
export const bankTransferRecordSchema = z.looseObject({
  bank_name: optionalText,
  bank_code: optionalText,
  beneficiary_name: optionalText,
  bank_account: optionalText,
  bank_account_label: optionalText,
  bank_account2: optionalText,
  bank_account2_label: optionalText,
  beneficiary_document_type: optionalText,
  beneficiary_document: optionalText,
  reference: optionalText,
  redirect_url: optionalText,
  user_payment_amount: optionalNumber,
  payment_instruction: optionalText,
  expiration_date: optionalText,
});
export type BankTransferRecord = z.infer<typeof bankTransferRecordSchema>;

/** A card's expiration year in a record: a number or its digits, two digits read as 20xx, as requests are read. */
const recordYear = recordNumber.transform(fullYear);

/** A payment's `card`. `country` is the issuing country, which the API echoes in every card record. */
export const paymentCardRecordSchema = z.looseObject({
  holder_name: optionalText,
  expiration_month: optionalNumber,
  expiration_year: absent(recordYear),
  country: optionalText,
  brand: optionalText,
  last4: optionalText,
  verify: absent(z.boolean()),
  card_id: optionalText,
  installments: optionalText,
});

export const paymentRecordSchema = z.looseObject({
  id: z.string(),
  amount: recordNumber,
  currency: z.string(),
  payment_method_id: optionalText,
  payment_method_type: optionalText,
  payment_method_flow: absent(flow),
  country: optionalText,
  card: absent(paymentCardRecordSchema),
  wallet: absent(z.looseObject({ token: optionalText })),
  payer: absent(z.looseObject({})),
  created_date: absent(timestamp),
  approved_date: absent(timestamp),
  status: paymentStatusSchema,
  status_code: statusCode,
  status_detail: optionalText,
  order_id: optionalText,
  description: optionalText,
  notification_url: optionalText,
  callback_url: optionalText,
  redirect_url: optionalText,
  authorization_id: optionalText,
  original_order_id: optionalText,
  three_dsecure: absent(z.looseObject({ redirect_url: optionalText })),
  ticket: absent(ticketRecordSchema),
  bank_transfer: absent(bankTransferRecordSchema),
  refunds: absent(z.array(refundRecordSchema)),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** `GET /payments/{id}/status`. */
export const paymentStatusRecordSchema = z.looseObject({
  id: z.string(),
  status: paymentStatusSchema,
  status_code: statusCode,
  status_detail: optionalText,
  redirect_url: optionalText,
});
export type PaymentStatusRecord = z.infer<typeof paymentStatusRecordSchema>;

/** `GET /refunds/{id}/status`. */
export const refundStatusRecordSchema = z.looseObject({
  id: z.string(),
  status: refundStatusSchema,
  status_code: statusCode,
  status_detail: optionalText,
});
export type RefundStatusRecord = z.infer<typeof refundStatusRecordSchema>;

/** `GET /orders/{order_id}`. */
export const orderRecordSchema = z.looseObject({
  order_id: z.string(),
  payment_id: z.string(),
  currency: z.string(),
  amount: recordNumber,
  created_date: absent(timestamp),
  approved_date: absent(timestamp),
  status: paymentStatusSchema,
  status_code: statusCode,
  status_detail: optionalText,
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;

/** `POST /secure_cards` and `GET /cards/{card_id}`. */
export const savedCardRecordSchema = z.looseObject({
  card_id: z.string(),
  holder_name: optionalText,
  expiration_month: recordNumber,
  expiration_year: recordYear,
  last4: z.string(),
  brand: z.string(),
});
export type SavedCardRecord = z.infer<typeof savedCardRecordSchema>;

/** `DELETE /secure_cards/{card_id}`. */
export const deletedCardRecordSchema = z.looseObject({
  card_id: z.string(),
  deleted: z.literal(true),
});
export type DeletedCardRecord = z.infer<typeof deletedCardRecordSchema>;

export const installmentSchema = z.looseObject({
  id: z.string(),
  installment_amount: recordNumber,
  installments: recordNumber,
  total_amount: recordNumber,
});
export type Installment = z.infer<typeof installmentSchema>;

/** `POST /installments-plans`. Amounts include interest; `installments_by_bank` means the issuer sets it. */
export const installmentsPlanRecordSchema = z.looseObject({
  id: z.string(),
  country: z.string(),
  bin: z.string(),
  amount: recordNumber,
  currency: z.string(),
  installments: z.array(installmentSchema),
  installments_by_bank: absent(z.boolean()),
});
export type InstallmentsPlanRecord = z.infer<typeof installmentsPlanRecordSchema>;

/** An item of `GET /payments-methods?country=XX`. */
export const paymentMethodRecordSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  logo: optionalText,
  allowed_flows: z.array(flow),
});
export type PaymentMethodRecord = z.infer<typeof paymentMethodRecordSchema>;
export const paymentMethodListSchema = z.array(paymentMethodRecordSchema);

/** The API's error body. */
export const apiErrorBodySchema = z.looseObject({
  code: recordNumber,
  message: z.string(),
  param: optionalText,
});

/** What the API POSTs to a payment's `notification_url`: the whole payment record. */
export const paymentNotificationSchema = paymentRecordSchema;
/** What the API POSTs to a refund's `notification_url`: the whole refund record. */
export const refundNotificationSchema = refundRecordSchema;

/** The form the API POSTs to `callback_url` when the payer finishes a redirect. */
export const callbackFormSchema = z.looseObject({
  paymentId: z.string().min(1),
  status: z.enum(callbackStatuses),
  date: z.string().min(1),
  signature: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be a hex HMAC-SHA256 signature'),
});
export type CallbackForm = z.infer<typeof callbackFormSchema>;
