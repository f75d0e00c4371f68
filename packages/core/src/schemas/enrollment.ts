/**
 * Enrollments (recurring payments): `payment.enrollment`, the create-enrollment request
 * and the enrollment record.
 */
import { z } from 'zod';
import { enrollmentStatusNames } from '../codes.js';
import { amount, country, frequency, isoDate, statusCode, text, timestamp, url } from './common.js';
import { payerSchema } from './payer.js';

export const enrollmentSubscriptionSchema = z
  .strictObject({
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
    frequency: frequency.optional(),
    amount: z
      .strictObject({
        type: z.enum(['FIXED', 'VARIABLE']),
        value: amount.optional(),
        min_value: amount.optional(),
        max_value: amount.optional(),
      })
      .superRefine((a, ctx) => {
        if (a.type === 'FIXED' && a.value === undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: 'is required when type is FIXED' });
        if (a.type === 'VARIABLE') {
          if (a.min_value === undefined) ctx.addIssue({ code: 'custom', path: ['min_value'], message: 'is required when type is VARIABLE' });
          if (a.max_value === undefined) ctx.addIssue({ code: 'custom', path: ['max_value'], message: 'is required when type is VARIABLE' });
          if (a.min_value !== undefined && a.max_value !== undefined && a.min_value > a.max_value) {
            ctx.addIssue({ code: 'custom', path: ['max_value'], message: 'must not be less than min_value' });
          }
        }
      })
      .optional(),
  })
  .superRefine((sub, ctx) => {
    if (sub.start_date && sub.end_date && sub.end_date < sub.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'must not be before start_date' });
    }
  });

export const enrollmentTypes = ['ON_DEMAND', 'MERCHANT_SUBSCRIPTION'] as const;

const enrollmentFields = {
  id: text().optional(),
  external_id: text().optional(),
  type: z.enum(enrollmentTypes).optional(),
  description: text(200).optional(),
  notification_url: url(200).optional(),
  callback_url: url(200).optional(),
  subscription: enrollmentSubscriptionSchema.optional(),
};

/**
 * The enrollment rules: an existing enrollment by `id` alone; a new one in full, with
 * `external_id` and `type`, and `subscription` for MERCHANT_SUBSCRIPTION.
 */
function checkEnrollment(e: Partial<Record<keyof typeof enrollmentFields, unknown>>, ctx: z.RefinementCtx): void {
  if (e.id !== undefined) {
    for (const key of Object.keys(e)) {
      if (key !== 'id' && e[key as keyof typeof e] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'must not be sent with id: to charge an existing enrollment send only its id' });
      }
    }
    return;
  }
  if (e.external_id === undefined) ctx.addIssue({ code: 'custom', path: ['external_id'], message: 'is required to create an enrollment' });
  if (e.type === undefined) ctx.addIssue({ code: 'custom', path: ['type'], message: 'is required to create an enrollment' });
  if (e.type === 'MERCHANT_SUBSCRIPTION' && e.subscription === undefined) {
    ctx.addIssue({ code: 'custom', path: ['subscription'], message: 'is required when type is MERCHANT_SUBSCRIPTION' });
  }
}

/** `payment.enrollment`: `{id}` to charge an active enrollment, or the full object to create one with the payment. */
export const paymentEnrollmentSchema = z.strictObject(enrollmentFields).superRefine(checkEnrollment);
export type PaymentEnrollment = z.infer<typeof paymentEnrollmentSchema>;

/**
 * Body of `POST /enrollments`. The spec does not show it; paylit's choice is the full
 * enrollment object with the `country` and `payer` it belongs to.
 */
export const enrollmentRequestSchema = z
  .strictObject({
    ...enrollmentFields,
    id: z.undefined({ error: 'must not be sent: the API assigns the id' }).optional(),
    country,
    payer: payerSchema,
    payment_method_id: z.string().regex(/^[A-Z0-9]{2,4}$/, 'must be CARD or a method code of 2 to 4 uppercase letters or digits').optional(),
  })
  .superRefine(checkEnrollment);
export type EnrollmentRequest = z.infer<typeof enrollmentRequestSchema>;

export const enrollmentRecordSchema = z.looseObject({
  id: z.string(),
  external_id: z.string().optional(),
  type: z.string().optional(),
  status: z.enum(enrollmentStatusNames),
  status_code: statusCode,
  status_detail: z.string().optional(),
  description: z.string().optional(),
  notification_url: z.string().optional(),
  callback_url: z.string().optional(),
  redirect_url: z.string().optional(),
  subscription: z.looseObject({}).optional(),
  created_date: timestamp.optional(),
});
export type EnrollmentRecord = z.infer<typeof enrollmentRecordSchema>;
