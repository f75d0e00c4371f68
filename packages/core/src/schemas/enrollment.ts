/**
 * Enrollments (recurring payments): `payment.enrollment`, the create-enrollment request
 * and the enrollment record.
 */
import { z } from 'zod';
import type { EnrollmentStatus } from '../codes.js';
import {
  amount,
  country,
  frequency,
  isoDate,
  openEnum,
  optional,
  paymentMethodId,
  statusCode,
  text,
  timestamp,
  url,
} from './common.js';
import { checkPayerDocument, checkPayerName, payerSchema } from './payer.js';

export const enrollmentSubscriptionSchema = z
  .object({
    start_date: optional(isoDate),
    end_date: optional(isoDate),
    frequency: optional(frequency),
    amount: optional(
      z
        .object({
          type: z.enum(['FIXED', 'VARIABLE']),
          value: optional(amount),
          min_value: optional(amount),
          max_value: optional(amount),
        })
        .superRefine((a, ctx) => {
          if (a.type === 'FIXED' && a.value === undefined)
            ctx.addIssue({
              code: 'custom',
              path: ['value'],
              message: 'is required when type is FIXED',
            });
          if (a.type === 'VARIABLE') {
            if (a.min_value === undefined)
              ctx.addIssue({
                code: 'custom',
                path: ['min_value'],
                message: 'is required when type is VARIABLE',
              });
            if (a.max_value === undefined)
              ctx.addIssue({
                code: 'custom',
                path: ['max_value'],
                message: 'is required when type is VARIABLE',
              });
            if (
              a.min_value !== undefined &&
              a.max_value !== undefined &&
              a.min_value > a.max_value
            ) {
              ctx.addIssue({
                code: 'custom',
                path: ['max_value'],
                message: 'must not be less than min_value',
              });
            }
          }
        }),
    ),
  })
  .superRefine((sub, ctx) => {
    if (sub.start_date && sub.end_date && sub.end_date < sub.start_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: 'must not be before start_date',
      });
    }
  });

export const enrollmentTypes = ['ON_DEMAND', 'MERCHANT_SUBSCRIPTION'] as const;

const enrollmentFields = {
  id: optional(text()),
  external_id: optional(text()),
  type: optional(z.enum(enrollmentTypes)),
  description: optional(text(200)),
  notification_url: optional(url(200)),
  callback_url: optional(url(200)),
  subscription: optional(enrollmentSubscriptionSchema),
};

/**
 * The enrollment rules: an existing enrollment by `id` alone; a new one in full, with
 * `external_id` and `type`, and `subscription` for MERCHANT_SUBSCRIPTION.
 */
function checkEnrollment(
  e: Partial<Record<keyof typeof enrollmentFields, unknown>>,
  ctx: z.RefinementCtx,
): void {
  if (e.id !== undefined) {
    for (const key of Object.keys(e)) {
      if (key !== 'id' && e[key as keyof typeof e] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'must not be sent with id: to charge an existing enrollment send only its id',
        });
      }
    }
    return;
  }
  if (e.external_id === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['external_id'],
      message: 'is required to create an enrollment',
    });
  if (e.type === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['type'],
      message: 'is required to create an enrollment',
    });
  if (e.type === 'MERCHANT_SUBSCRIPTION' && e.subscription === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['subscription'],
      message: 'is required when type is MERCHANT_SUBSCRIPTION',
    });
  }
}

/** `payment.enrollment`: `{id}` to charge an active enrollment, or the full object to create one with the payment. */
export const paymentEnrollmentSchema = z.object(enrollmentFields).superRefine(checkEnrollment);
export type PaymentEnrollment = z.infer<typeof paymentEnrollmentSchema>;

/**
 * Body of `POST /enrollments`. The spec does not show it; paylit's choice is the full
 * enrollment object with the `country` and `payer` it belongs to.
 */
export const enrollmentRequestSchema = z
  .object({
    ...enrollmentFields,
    id: optional(z.undefined({ error: 'must not be sent: the API assigns the id' })),
    country,
    payer: payerSchema,
    payment_method_id: optional(paymentMethodId),
  })
  .superRefine((e, ctx) => {
    checkEnrollment(e, ctx);
    checkPayerName(e.country, e.payer, ctx);
    checkPayerDocument(e.country, e.payer, ctx);
  });
export type EnrollmentRequest = z.infer<typeof enrollmentRequestSchema>;
export type EnrollmentRequestInput = z.input<typeof enrollmentRequestSchema>;

const optionalText = optional(z.string());

/** The enrollment record, read leniently as every record (see records.ts). */
export const enrollmentRecordSchema = z.looseObject({
  id: z.string(),
  external_id: optionalText,
  type: optionalText,
  status: openEnum<EnrollmentStatus>(),
  status_code: statusCode,
  status_detail: optionalText,
  description: optionalText,
  notification_url: optionalText,
  callback_url: optionalText,
  redirect_url: optionalText,
  subscription: optional(z.looseObject({})),
  created_date: optional(timestamp),
});
export type EnrollmentRecord = z.infer<typeof enrollmentRecordSchema>;
