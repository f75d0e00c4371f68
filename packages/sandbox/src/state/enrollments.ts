/**
 * Enrollments for recurring payments: created on their own (`POST /enrollments`) or with
 * a first payment, cancelled by the merchant, charged by `enrollment.id`. With a
 * `callback_url` the payer confirms on a sandbox page first (PENDING until then).
 */
import { enrollmentCancelledByPayer, enrollmentStatuses, type EnrollmentStatus } from '@paylit/core/codes';
import { enrollmentRequestSchema, type PaymentEnrollment } from '@paylit/core/schemas';
import { apiTimestamp } from '../clock.js';
import { ApiFailure } from '../errors.js';
import { parseBody } from '../parse.js';
import { isSupportedCountry } from '../catalogs/countries.js';
import type { Enrollment, Store } from './store.js';

export function enrollmentRecord(e: Enrollment) {
  return {
    id: e.id,
    external_id: e.external_id,
    type: e.type,
    status: e.status,
    status_code: e.status_code,
    status_detail: e.status_detail,
    ...(e.description !== undefined ? { description: e.description } : {}),
    ...(e.notification_url !== undefined ? { notification_url: e.notification_url } : {}),
    ...(e.callback_url !== undefined ? { callback_url: e.callback_url } : {}),
    ...(e.redirect_url !== undefined ? { redirect_url: e.redirect_url } : {}),
    ...(e.subscription !== undefined ? { subscription: e.subscription } : {}),
    created_date: e.created_date,
  };
}

function setEnrollmentStatus(store: Store, e: Enrollment, status: EnrollmentStatus, byPayer = false): void {
  const row = byPayer ? enrollmentCancelledByPayer : { ...enrollmentStatuses[status], status };
  e.status = status;
  e.status_code = row.code;
  e.status_detail = row.detail;
  if (status !== 'PENDING') {
    delete e.redirect_url;
    delete e.page_token;
  }
  if (e.notification_url) store.notifier.send('enrollment', e.notification_url, enrollmentRecord(e));
}

function newEnrollment(store: Store, fields: Omit<PaymentEnrollment, 'id'>, origin?: string): Enrollment {
  const e: Enrollment = {
    id: `E-${store.options.merchantId}-${crypto.randomUUID()}`,
    external_id: fields.external_id,
    type: fields.type,
    status: 'PENDING',
    status_code: enrollmentStatuses.PENDING.code,
    status_detail: enrollmentStatuses.PENDING.detail,
    description: fields.description,
    notification_url: fields.notification_url,
    callback_url: fields.callback_url,
    subscription: fields.subscription as Record<string, unknown> | undefined,
    created_date: apiTimestamp(store.clock.now()),
  };
  store.enrollments.set(e.id, e);
  if (fields.callback_url !== undefined && origin !== undefined) {
    e.page_token = crypto.randomUUID();
    e.redirect_url = `${origin}/sandbox-pages/enrollment/${encodeURIComponent(e.id)}?t=${e.page_token}`;
    setEnrollmentStatus(store, e, 'PENDING');
  } else {
    setEnrollmentStatus(store, e, 'ACTIVE');
  }
  return e;
}

/** `POST /enrollments`. */
export function createEnrollment(store: Store, body: unknown, origin: string) {
  const req = parseBody(enrollmentRequestSchema, body);
  if (!isSupportedCountry(req.country)) throw new ApiFailure(5003, 'country');
  const { country: _country, payer: _payer, payment_method_id: _method, id: _id, ...fields } = req;
  return enrollmentRecord(newEnrollment(store, fields, origin));
}

/** An enrollment created together with the first payment: active at once. */
export function enrollWithPayment(store: Store, fields: PaymentEnrollment): { id: string; status: string } {
  const e = newEnrollment(store, fields);
  return { id: e.id, status: e.status };
}

/** `enrollment.id` on a payment: the enrollment must exist and be ACTIVE. */
export function chargeEnrollment(store: Store, id: string): { id: string; status: string } {
  const e = store.enrollments.get(id);
  if (!e || e.status !== 'ACTIVE') throw new ApiFailure(5008, 'enrollment.id');
  return { id: e.id, status: e.status };
}

/** `POST /enrollments/{id}/cancel`, by the merchant. */
export function cancelEnrollment(store: Store, id: string) {
  const e = store.enrollments.get(id);
  if (!e) throw new ApiFailure(5008, 'id');
  if (e.status !== 'ACTIVE' && e.status !== 'PENDING') throw new ApiFailure(5002);
  setEnrollmentStatus(store, e, 'CANCELLED');
  return enrollmentRecord(e);
}

/** The payer's answer on the enrollment page: confirm, decline, or (later) cancel it themselves. */
export function completeEnrollmentPage(store: Store, id: string, token: string | undefined, outcome: 'approve' | 'reject'): Enrollment | undefined {
  const e = store.enrollments.get(id);
  if (!e || e.status !== 'PENDING' || !e.page_token || e.page_token !== token) return undefined;
  setEnrollmentStatus(store, e, outcome === 'approve' ? 'ACTIVE' : 'REJECTED');
  return e;
}

/** The payer cancels an active enrollment (CANCELLED, 401). */
export function cancelEnrollmentByPayer(store: Store, id: string) {
  const e = store.enrollments.get(id);
  if (!e) throw new ApiFailure(5008, 'id');
  if (e.status !== 'ACTIVE') throw new ApiFailure(5002);
  setEnrollmentStatus(store, e, 'CANCELLED', true);
  return enrollmentRecord(e);
}
