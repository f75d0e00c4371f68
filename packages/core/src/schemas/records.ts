/**
 * What the API answers with. Records are read leniently: unknown fields are kept, so
 * a field the API adds tomorrow passes through untouched.
 */
import { z } from 'zod';
import { callbackStatuses, paymentStatusNames, refundStatusNames } from '../codes.js';
import { statusCode, timestamp } from './common.js';

const optionalText = z.string().optional();

export const refundRecordSchema = z.looseObject({
  id: z.string(),
  payment_id: z.string(),
  order_id: optionalText,
  notification_url: optionalText,
  amount: z.number(),
  amount_refunded: z.number().optional(),
  currency: z.string(),
  status: z.enum(refundStatusNames),
  status_code: statusCode,
  status_detail: optionalText,
  created_date: timestamp.optional(),
  description: optionalText,
});
export type RefundRecord = z.infer<typeof refundRecordSchema>;

export const paymentCardRecordSchema = z.looseObject({
  holder_name: optionalText,
  expiration_month: z.number().optional(),
  expiration_year: z.number().optional(),
  brand: optionalText,
  last4: optionalText,
  verify: z.boolean().optional(),
  card_id: optionalText,
  installments: optionalText,
});

export const paymentRecordSchema = z.looseObject({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  payment_method_id: optionalText,
  payment_method_type: optionalText,
  payment_method_flow: z.enum(['DIRECT', 'REDIRECT']).optional(),
  country: optionalText,
  card: paymentCardRecordSchema.optional(),
  wallet: z.looseObject({ token: optionalText }).optional(),
  payer: z.looseObject({}).optional(),
  created_date: timestamp.optional(),
  approved_date: timestamp.optional(),
  status: z.enum(paymentStatusNames),
  status_code: statusCode,
  status_detail: optionalText,
  order_id: optionalText,
  description: optionalText,
  notification_url: optionalText,
  callback_url: optionalText,
  redirect_url: optionalText,
  authorization_id: optionalText,
  three_dsecure: z.looseObject({ redirect_url: optionalText }).optional(),
  refunds: z.array(refundRecordSchema).optional(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** `GET /payments/{id}/status`. */
export const paymentStatusRecordSchema = z.looseObject({
  id: z.string(),
  status: z.enum(paymentStatusNames),
  status_code: statusCode,
  status_detail: optionalText,
  redirect_url: optionalText,
});
export type PaymentStatusRecord = z.infer<typeof paymentStatusRecordSchema>;

/** `GET /refunds/{id}/status`. */
export const refundStatusRecordSchema = z.looseObject({
  id: z.string(),
  status: z.enum(refundStatusNames),
  status_code: statusCode,
  status_detail: optionalText,
});
export type RefundStatusRecord = z.infer<typeof refundStatusRecordSchema>;

/** `GET /orders/{order_id}`. */
export const orderRecordSchema = z.looseObject({
  order_id: z.string(),
  payment_id: z.string(),
  currency: z.string(),
  amount: z.number(),
  created_date: timestamp.optional(),
  approved_date: timestamp.optional(),
  status: z.enum(paymentStatusNames),
  status_code: statusCode,
  status_detail: optionalText,
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;

/** `POST /secure_cards` and `GET /cards/{card_id}`. */
export const savedCardRecordSchema = z.looseObject({
  card_id: z.string(),
  holder_name: optionalText,
  expiration_month: z.number(),
  expiration_year: z.number(),
  last4: z.string(),
  brand: z.string(),
});
export type SavedCardRecord = z.infer<typeof savedCardRecordSchema>;

/** `DELETE /secure_cards/{card_id}`. */
export const deletedCardRecordSchema = z.looseObject({ card_id: z.string(), deleted: z.literal(true) });
export type DeletedCardRecord = z.infer<typeof deletedCardRecordSchema>;

export const installmentSchema = z.looseObject({
  id: z.string(),
  installment_amount: z.number(),
  installments: z.number().int(),
  total_amount: z.number(),
});
export type Installment = z.infer<typeof installmentSchema>;

/** `POST /installments-plans`. Amounts include interest; `installments_by_bank` means the issuer sets it. */
export const installmentsPlanRecordSchema = z.looseObject({
  id: z.string(),
  country: z.string(),
  bin: z.string(),
  amount: z.number(),
  currency: z.string(),
  installments: z.array(installmentSchema),
  installments_by_bank: z.boolean().optional(),
});
export type InstallmentsPlanRecord = z.infer<typeof installmentsPlanRecordSchema>;

/** An item of `GET /payments-methods?country=XX`. */
export const paymentMethodRecordSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  logo: optionalText,
  allowed_flows: z.array(z.enum(['DIRECT', 'REDIRECT'])),
});
export type PaymentMethodRecord = z.infer<typeof paymentMethodRecordSchema>;
export const paymentMethodListSchema = z.array(paymentMethodRecordSchema);

/** The API's error body. */
export const apiErrorBodySchema = z.looseObject({
  code: z.number().int(),
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
