/**
 * Enrollments for recurring payments: created on their own (`POST /enrollments`) or with
 * a first payment, cancelled by the merchant, charged by `enrollment.id`. With a
 * `callback_url` the payer confirms on a sandbox page first (PENDING until then).
 */
import {
  enrollmentCancelledByPayer,
  enrollmentStatuses,
  type EnrollmentStatus,
} from '@paylit/core/codes';
import {
  enrollmentRequestSchema,
  scheduledDateProblem,
  type PaymentEnrollment,
} from '@paylit/core/schemas';
import { apiTimestamp } from '../clock.js';
import { ApiFailure } from '../errors.js';
import { parseBody } from '../parse.js';
import { toMinorUnits } from '@paylit/core/money';
import { countries, fitsCurrency, isSupportedCountry, localMoney } from '../catalogs/countries.js';
import { findMethod, type PaymentMethod } from '../catalogs/payment-methods.js';
import type { Enrollment, EnrollmentMethod, Store } from './store.js';

/**
 * Pix Automático, the instant-payment recurring scheme (`XA`): Brazil only, for enrollments and
 * their charges (it is not a way to pay an order once, so `GET /payments-methods` does not list it).
 */
export const PIX_AUTOMATICO: PaymentMethod = {
  id: 'XA',
  type: 'TICKET',
  name: 'Pix Automático',
  allowed_flows: ['DIRECT'],
  color: '#32bcad',
};

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

function setEnrollmentStatus(
  store: Store,
  e: Enrollment,
  status: EnrollmentStatus,
  byPayer = false,
): void {
  const row = byPayer ? enrollmentCancelledByPayer : { ...enrollmentStatuses[status], status };
  e.status = status;
  e.status_code = row.code;
  e.status_detail = row.detail;
  if (status !== 'PENDING') {
    delete e.redirect_url;
    delete e.page_token;
  }
  if (e.notification_url)
    store.notifier.send('enrollment', e.notification_url, enrollmentRecord(e));
}

function newEnrollment(
  store: Store,
  country: string,
  fields: Omit<PaymentEnrollment, 'id'>,
  method: EnrollmentMethod,
  origin?: string,
  withPayment = false,
): Enrollment {
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
    country,
    method,
  };
  store.enrollments.set(e.id, e);
  if (withPayment) {
    // PENDING, unannounced, until its first payment is made or fails (firstPaymentSettled).
    e.with_payment = true;
  } else if (fields.callback_url !== undefined && origin !== undefined) {
    e.page_token = crypto.randomUUID();
    e.redirect_url = `${origin}/sandbox-pages/enrollment/${encodeURIComponent(e.id)}?t=${e.page_token}`;
    setEnrollmentStatus(store, e, 'PENDING');
  } else if (method.payment_method_id === PIX_AUTOMATICO.id) {
    // The payer authorizes a Pix Automático mandate in their bank's app: PENDING until then.
    setEnrollmentStatus(store, e, 'PENDING');
  } else {
    setEnrollmentStatus(store, e, 'ACTIVE');
  }
  return e;
}

/**
 * A subscription's bounds are amounts in the country's local currency (the spec's Enrollment
 * table): one with more decimals than that currency has (10.5 in CLP) is no amount a charge
 * could be, so it is refused as a payment of it is, 400 / 5001 naming it (`prefix` is the
 * path to the enrollment: `enrollment.` on a payment).
 */
export function checkSubscriptionBounds(
  country: string,
  subscription: PaymentEnrollment['subscription'],
  prefix = '',
): void {
  const bounds = subscription?.amount;
  const currency = countries[country]?.currency;
  if (bounds === undefined || currency === undefined) return;
  for (const field of ['value', 'min_value', 'max_value'] as const) {
    const value = bounds[field];
    if (value !== undefined && !fitsCurrency(value, currency))
      throw new ApiFailure(5001, `${prefix}subscription.amount.${field}`);
  }
}

/**
 * `POST /enrollments`. The method is `payment_method_id` (default `CARD`); for a card, the
 * sandbox stands for the payer registering its usual test card (Visa ending 1111, in the
 * payer's name, valid five more years), which charges by `enrollment.id` then show.
 */
export function createEnrollment(store: Store, body: unknown, origin: string) {
  const req = parseBody(enrollmentRequestSchema, body);
  if (!isSupportedCountry(req.country)) throw new ApiFailure(5003, 'country');
  checkSubscriptionBounds(req.country, req.subscription);
  const { country, payer, payment_method_id: methodId = 'CARD', id: _id, ...fields } = req;
  let method: EnrollmentMethod;
  if (methodId === 'CARD') {
    const year = store.clock.now().getUTCFullYear() + 5;
    method = {
      payment_method_id: 'CARD',
      payment_method_type: 'CARD',
      card: {
        holder_name: payer.name,
        expiration_month: 12,
        expiration_year: year,
        brand: 'VI',
        last4: '1111',
      },
    };
  } else if (methodId === PIX_AUTOMATICO.id) {
    if (country !== 'BR') throw new ApiFailure(5010, 'payment_method_id');
    checkPixAutomaticoMandate(fields);
    method = { payment_method_id: PIX_AUTOMATICO.id, payment_method_type: PIX_AUTOMATICO.type };
  } else {
    const found = findMethod(country, methodId);
    if (!found) throw new ApiFailure(5010, 'payment_method_id');
    method = { payment_method_id: found.id, payment_method_type: found.type };
  }
  return enrollmentRecord(newEnrollment(store, country, fields, method, origin));
}

/**
 * A Pix Automático mandate states its terms: `type` `MERCHANT_SUBSCRIPTION` with a
 * `subscription` carrying `frequency`, `start_date` and `amount` (the payer's bank shows them
 * before the payer authorizes). The spec is silent; the sandbox's choice (README) is the stricter
 * reading: a missing one is 400 / 5001 naming it.
 */
function checkPixAutomaticoMandate(fields: Omit<PaymentEnrollment, 'id'>): void {
  if (fields.type !== 'MERCHANT_SUBSCRIPTION') throw new ApiFailure(5001, 'type');
  const sub = fields.subscription;
  if (!sub) throw new ApiFailure(5001, 'subscription');
  for (const field of ['frequency', 'start_date', 'amount'] as const)
    if (sub[field] === undefined) throw new ApiFailure(5001, `subscription.${field}`);
}

/**
 * An enrollment created together with the first payment, which charges with that payment's
 * method. It follows that payment: PENDING while it is (3-D Secure, a redirect, a voucher),
 * ACTIVE once it is made, REJECTED (300) when it is rejected, cancelled or expires; a mandate
 * whose first payment failed charges nothing (its charges are 400 / 5002).
 */
export function enrollWithPayment(
  store: Store,
  country: string,
  fields: PaymentEnrollment,
  method: EnrollmentMethod,
): { id: string; status: string } {
  const e = newEnrollment(store, country, fields, method, undefined, true);
  return { id: e.id, status: e.status };
}

/**
 * The first payment of an enrollment made with it changed status (`made`: PAID, AUTHORIZED,
 * VERIFIED). A PENDING enrollment becomes ACTIVE or REJECTED; an ACTIVE one whose first
 * payment is no longer made (its authorization cancelled before any capture) is REJECTED, as
 * if that payment had failed; a REJECTED one whose first payment is made after all (a voucher
 * that expired, reported paid late) is ACTIVE. One cancelled by the merchant or the payer stays so.
 */
export function firstPaymentSettled(
  store: Store,
  id: string,
  made: boolean,
): { id: string; status: string } | undefined {
  const e = store.enrollments.get(id);
  if (!e) return undefined;
  if (e.status === 'PENDING') setEnrollmentStatus(store, e, made ? 'ACTIVE' : 'REJECTED');
  else if (e.status === 'ACTIVE' && !made) setEnrollmentStatus(store, e, 'REJECTED');
  else if (e.status === 'REJECTED' && made) setEnrollmentStatus(store, e, 'ACTIVE');
  return { id: e.id, status: e.status };
}

/**
 * `enrollment.id` on a payment: an unknown id is 400 / 5008; an enrollment that is not
 * ACTIVE (pending, rejected, cancelled) is 400 / 5002, the table's code for a record in
 * the wrong status (sandbox README). A subscription bounds the amount of each charge:
 * `FIXED` exactly its `value`, `VARIABLE` at most its `max_value`; else 400 / 5001 `amount`.
 * The bounds are in the enrollment's local currency (the spec's Enrollment table): a USD
 * charge is held to them converted at the sandbox's rate (`localMoney`), and a charge in
 * another country than the enrollment's is 400 / 5001 `country`.
 */
export function chargeEnrollment(
  store: Store,
  id: string,
  charged: { amount: number; currency: string; country: string },
  scheduledDate?: string,
): { enrollment: { id: string; status: string }; method: EnrollmentMethod } {
  const e = store.enrollments.get(id);
  if (!e) throw new ApiFailure(5008, 'enrollment.id');
  if (e.status !== 'ACTIVE') throw new ApiFailure(5002, 'enrollment.id');
  if (charged.country !== e.country) throw new ApiFailure(5001, 'country');
  const { amount, currency } = localMoney(charged.amount, charged.currency, e.country);
  const sub = e.subscription as
    | {
        start_date?: string;
        end_date?: string;
        amount?: { type?: string; value?: number; max_value?: number };
      }
    | undefined;
  if (e.method.payment_method_id === PIX_AUTOMATICO.id) {
    // The scheme's rule: scheduled 2 to 10 days ahead (by the sandbox's clock), on a day the
    // mandate covers (from its start_date to its end_date).
    if (scheduledDate === undefined) throw new ApiFailure(5001, 'scheduled_date');
    if (
      scheduledDateProblem(scheduledDate, store.clock.now()) !== undefined ||
      (sub?.start_date !== undefined && scheduledDate < sub.start_date) ||
      (sub?.end_date !== undefined && scheduledDate > sub.end_date)
    )
      throw new ApiFailure(5001, 'scheduled_date');
  }
  const bound = sub?.amount;
  const minor = (n: number) => toMinorUnits(n, currency);
  if (bound?.type === 'FIXED' && bound.value !== undefined && minor(amount) !== minor(bound.value))
    throw new ApiFailure(5001, 'amount');
  if (
    bound?.type === 'VARIABLE' &&
    bound.max_value !== undefined &&
    minor(amount) > minor(bound.max_value)
  )
    throw new ApiFailure(5001, 'amount');
  return { enrollment: { id: e.id, status: e.status }, method: e.method };
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
export function completeEnrollmentPage(
  store: Store,
  id: string,
  token: string | undefined,
  outcome: 'approve' | 'reject',
): Enrollment | undefined {
  const e = store.enrollments.get(id);
  if (!e || e.status !== 'PENDING' || !e.page_token || e.page_token !== token) return undefined;
  setEnrollmentStatus(store, e, outcome === 'approve' ? 'ACTIVE' : 'REJECTED');
  return e;
}

/**
 * The payer answers a PENDING enrollment in their bank (a sandbox tool): `ACTIVE` authorizes
 * it, `REJECTED` refuses it; the change is notified. Unknown id 400 / 5008; not PENDING 400 / 5002.
 */
export function answerEnrollment(store: Store, id: string, status: 'ACTIVE' | 'REJECTED') {
  const e = store.enrollments.get(id);
  if (!e) throw new ApiFailure(5008, 'id');
  // One made with a payment is answered by that payment (its 3-D Secure, its redirect), not here.
  if (e.status !== 'PENDING' || e.with_payment) throw new ApiFailure(5002);
  setEnrollmentStatus(store, e, status);
  return enrollmentRecord(e);
}

/** The payer cancels an active enrollment (CANCELLED, 401). */
export function cancelEnrollmentByPayer(store: Store, id: string) {
  const e = store.enrollments.get(id);
  if (!e) throw new ApiFailure(5008, 'id');
  if (e.status !== 'ACTIVE') throw new ApiFailure(5002);
  setEnrollmentStatus(store, e, 'CANCELLED', true);
  return enrollmentRecord(e);
}
