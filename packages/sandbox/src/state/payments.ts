/**
 * Payments: create (card, wallet, redirect, cash), capture, cancel, retrieve, status,
 * the pages' outcomes and the forced final states, with the outcomes the production
 * sandbox chooses (its README, "Outcomes").
 */
import { directVoucher, type DirectVoucher, type VoucherPayment } from './direct-vouchers.js';
import { requiresThreeDSecure } from '@paylit/core';
import { extractBin } from '@paylit/core/card';
import {
  isRejectionCode,
  paymentStatuses,
  pendingThreeDSecure,
  rejectionCodes,
  type PaymentStatus,
  type RejectionCode,
} from '@paylit/core/codes';
import { createCallbackSignature, formatXDate } from '@paylit/core/crypto';
import { isApiAmount, roundAmount, toMinorUnits, fromMinorUnits } from '@paylit/core/money';
import { isPaymentMade } from '@paylit/core/rules';
import { captureRequestSchema, type PaymentRequest } from '@paylit/core/schemas';
import { apiTimestamp } from '../clock.js';
import { ApiFailure } from '../errors.js';
import { parseBody } from '../parse.js';
import {
  fitsCurrency,
  isAllowedCurrency,
  isSupportedCountry,
  localMoney,
} from '../catalogs/countries.js';
import { installmentOptions } from '../catalogs/installments.js';
import { CARD_METHOD, findMethod, type PaymentMethod } from '../catalogs/payment-methods.js';
import { keepCard, resolveCard, type ResolvedCard } from './cards.js';
import {
  chargeEnrollment,
  checkSubscriptionBounds,
  enrollWithPayment,
  firstPaymentSettled,
  PIX_AUTOMATICO,
} from './enrollments.js';
import { amountAsked, refundRecord } from './refunds.js';
import type { CardView, Payment, Store } from './store.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a payer has to finish a redirect or pay a voucher, by the sandbox clock. */
const PENDING_TTL_MS = 3 * DAY_MS;
/** The smallest amount the sandbox charges: one unit of the currency. */
const MIN_AMOUNT = 1;

export interface RequestContext {
  /** Whether the request came to `/secure_payments`. */
  secure: boolean;
  /** The sandbox's own origin, for the pages it links to. */
  origin: string;
  /** A `no_duplicate_check` fault: the order_id is not checked (faults.ts). */
  noDuplicateCheck?: boolean;
}

/** The record the API answers with. */
export function paymentRecord(store: Store, p: Payment) {
  return {
    id: p.id,
    amount: p.amount,
    currency: p.currency,
    payment_method_id: p.payment_method_id,
    payment_method_type: p.payment_method_type,
    payment_method_flow: p.payment_method_flow,
    country: p.country,
    ...(p.card ? { card: { ...p.card } } : {}),
    ...(p.wallet ? { wallet: { ...p.wallet } } : {}),
    ...(p.payer ? { payer: { ...p.payer } } : {}),
    ...(p.enrollment ? { enrollment: { ...p.enrollment } } : {}),
    created_date: p.created_date,
    ...(p.approved_date ? { approved_date: p.approved_date } : {}),
    status: p.status,
    status_detail: p.status_detail,
    status_code: p.status_code,
    order_id: p.order_id,
    ...(p.original_order_id !== undefined ? { original_order_id: p.original_order_id } : {}),
    ...(p.description !== undefined ? { description: p.description } : {}),
    ...(p.notification_url !== undefined ? { notification_url: p.notification_url } : {}),
    ...(p.callback_url !== undefined ? { callback_url: p.callback_url } : {}),
    ...(p.redirect_url !== undefined ? { redirect_url: p.redirect_url } : {}),
    ...(p.three_dsecure ? { three_dsecure: { ...p.three_dsecure } } : {}),
    ...(p.ticket ? { ticket: { ...p.ticket } } : {}),
    ...(p.bank_transfer ? { bank_transfer: { ...p.bank_transfer } } : {}),
    ...(p.authorization_id !== undefined ? { authorization_id: p.authorization_id } : {}),
    refunds: p.refunds.map((id) => refundRecord(store.refunds.get(id)!)),
  };
}

function detail(status: PaymentStatus, code: string): string {
  if (status === 'REJECTED' && isRejectionCode(code)) return rejectionCodes[code];
  if (status === 'PENDING' && code === pendingThreeDSecure.code) return pendingThreeDSecure.detail;
  return paymentStatuses[status].detail;
}

/**
 * Moves a payment to `status` (with a rejection `code`), and does what goes with it:
 * the approval date, the ledger, a saved wallet's token, the single-use page closed, and
 * the notification.
 */
export function setStatus(
  store: Store,
  p: Payment,
  status: PaymentStatus,
  code: string = paymentStatuses[status].code,
): void {
  p.status = status;
  p.status_code = code;
  p.status_detail = detail(status, code);
  if (isPaymentMade(status)) p.approved_date = apiTimestamp(store.clock.now());
  if (status !== 'PENDING') {
    delete p.redirect_url;
    delete p.page_token;
    delete p.expires_at;
    if (p.three_dsecure) p.three_dsecure = {};
  }
  if (isPaymentMade(status) && p.recurring && p.card && p.card.network_tx_reference === undefined) {
    p.card = { ...p.card, network_tx_reference: networkTxReference() };
  }
  if (isPaymentMade(status) && p.save_wallet && !p.wallet?.token) {
    const token = `W-${crypto.randomUUID()}`;
    store.walletTokens.set(token, { name: p.wallet?.name, country: p.country });
    p.wallet = { ...p.wallet, token };
  }
  if (status !== 'PENDING') {
    const made = isPaymentMade(status);
    // Kept, not dropped once settled: an authorization cancelled later ends its enrollment too.
    if (p.enrolls !== undefined) {
      const followed = firstPaymentSettled(store, p.enrolls, made);
      if (followed) p.enrollment = followed;
    }
    // A card saved with a payment that then failed (3-D Secure refused, expired) is not kept.
    if (p.saved_card_id !== undefined) {
      const saved = store.cards.get(p.saved_card_id);
      if (saved && !made) saved.deleted = true;
      delete p.saved_card_id;
    }
  }
  store.ledger.update(p.id, { status, money_moved: status === 'PAID' });
  const balance = store.balances.get(p.currency);
  if (status === 'PAID' && balance !== undefined)
    store.balances.set(p.currency, roundAmount(balance + p.amount, p.currency));
  if (p.notification_url)
    store.notifier.send('payment', p.notification_url, paymentRecord(store, p));
}

/** Pending payments past their time become EXPIRED. Runs before every request and when the clock moves. */
export function expirePending(store: Store): void {
  const now = store.clock.now().getTime();
  for (const p of store.payments.values()) {
    if (p.status === 'PENDING' && p.expires_at !== undefined && p.expires_at <= now)
      setStatus(store, p, 'EXPIRED');
  }
}

/** A status code written in `description` ("300", "302", "309"…) rejects with that code. */
function rejectionIn(description: string | undefined): RejectionCode | undefined {
  const match = description?.match(/\b3\d\d\b/g)?.find(isRejectionCode);
  return match as RejectionCode | undefined;
}

/** Cash vouchers settle by a word in `description`: PAID, REJECTED, or ERROR (rejected by the acquirer, 321). */
function voucherOutcome(
  description: string | undefined,
): { status: 'PAID' | 'REJECTED'; code: string } | undefined {
  const word = description?.match(/\b(PAID|REJECTED|ERROR)\b/)?.[1];
  if (word === 'PAID') return { status: 'PAID', code: paymentStatuses.PAID.code };
  if (word === 'REJECTED') return { status: 'REJECTED', code: '300' };
  if (word === 'ERROR') return { status: 'REJECTED', code: '321' };
  return undefined;
}

function resolveMethod(req: PaymentRequest): PaymentMethod {
  if (req.card || (req.payment_method_flow === 'REDIRECT' && req.payment_method_id === undefined)) {
    const id = req.payment_method_id ?? 'CARD';
    const method = id === 'CARD' ? CARD_METHOD : findMethod(req.country, id);
    if (!method || method.type !== 'CARD') throw new ApiFailure(5010, 'payment_method_id');
    return method;
  }
  const method = findMethod(req.country, req.payment_method_id!);
  if (!method) throw new ApiFailure(5010, 'payment_method_id');
  if (!method.allowed_flows.includes(req.payment_method_flow))
    throw new ApiFailure(5010, 'payment_method_flow');
  if (req.wallet && method.type !== 'WALLET') throw new ApiFailure(5010, 'payment_method_id');
  if (method.type === 'CARD') throw new ApiFailure(5001, 'card');
  return method;
}

function checkInstallments(store: Store, req: PaymentRequest, card: ResolvedCard): void {
  const count = Number(req.card?.installments ?? '1');
  const planId = req.card?.installments_id ?? req.card?.installment_id;
  if (planId !== undefined) {
    const plan = store.plans.get(planId.replace(/-\d+$/, '')) ?? store.plans.get(planId);
    const param =
      req.card?.installments_id !== undefined ? 'card.installments_id' : 'card.installment_id';
    if (!plan) throw new ApiFailure(5001, param);
    // A plan's rates are its BIN's: a card of another BIN may not use it (a saved card's BIN is the issuer's to check).
    if (card.bin !== undefined && card.bin.slice(0, 6) !== plan.bin.slice(0, 6))
      throw new ApiFailure(5001, param);
    // Its installments were shown for its amount, currency and country: another payment's
    // total would not be what the payer chose (6 × 18.15 of 100 is no plan for 200).
    if (
      plan.country !== req.country ||
      plan.currency !== req.currency ||
      toMinorUnits(plan.amount, plan.currency) !== toMinorUnits(req.amount, req.currency)
    )
      throw new ApiFailure(5001, param);
    if (!plan.installments.some((i) => i.installments === count))
      throw new ApiFailure(5043, 'card.installments');
    return;
  }
  if (count === 1) return;
  const bin = card.bin && extractBin(card.bin);
  if (!bin) return; // A saved card: the issuer decides.
  const { options } = installmentOptions(req.country, bin, req.amount, req.currency);
  if (!options.some((o) => o.installments === count))
    throw new ApiFailure(5043, 'card.installments');
}

/** A field of the request that core's schema may not type yet (the wire dialect's newer fields). */
function field(object: unknown, name: string): unknown {
  return object !== null && typeof object === 'object'
    ? (object as Record<string, unknown>)[name]
    : undefined;
}

/** 3-D Secure done by the merchant's own MPI: its results come with the request, nothing is left for the payer. */
function doneByMpi(req: PaymentRequest): boolean {
  return field(req.three_dsecure, 'mpi') === true;
}

function needsThreeDSecure(req: PaymentRequest, card: ResolvedCard): boolean {
  if (doneByMpi(req)) return false;
  if (req.three_dsecure?.force === true) return true;
  if (requiresThreeDSecure(req.country)) return true;
  // Brazilian debit cards.
  return req.country === 'BR' && (req.card?.force_type === 'DEBIT' || card.brand === 'VD');
}

/** Stored credentials of a series the merchant charges without the payer: a recurring payment (sandbox README). */
const RECURRING_CREDENTIALS: readonly string[] = ['SUBSCRIPTION', 'UNSCHEDULED_CARD_ON_FILE'];

/** The network's id of a card transaction, as schemes hand them out: 15 digits. */
function networkTxReference(): string {
  const digits = crypto.getRandomValues(new Uint8Array(15));
  return Array.from(digits, (d) => String(d % 10))
    .join('')
    .replace(/^0/, '1');
}

/** CREDIT or DEBIT: what `force_type` chose, else what the brand is. */
function cardType(req: PaymentRequest, brand: string | undefined): 'CREDIT' | 'DEBIT' {
  if (req.card?.force_type !== undefined) return req.card.force_type;
  return brand === 'VD' || brand === 'MS' ? 'DEBIT' : 'CREDIT';
}

/** `POST /payments` and `POST /secure_payments`. */
export async function createPayment(store: Store, body: unknown, ctx: RequestContext) {
  const req = parseBody(store.paymentRequestSchema, body);
  if (!ctx.secure && req.card?.number !== undefined) throw new ApiFailure(5001, 'card.number');
  if (!ctx.secure && req.card?.encrypted_data !== undefined)
    throw new ApiFailure(5001, 'card.encrypted_data');
  if (!ctx.secure && field(req.card, 'network_token') !== undefined)
    throw new ApiFailure(5001, 'card.network_token');
  if (!isSupportedCountry(req.country)) throw new ApiFailure(5003, 'country');
  if (!isAllowedCurrency(req.country, req.currency)) throw new ApiFailure(5004, 'currency');
  if (!fitsCurrency(req.amount, req.currency)) throw new ApiFailure(5001, 'amount');
  if (req.enrollment?.id === undefined)
    checkSubscriptionBounds(req.country, req.enrollment?.subscription, 'enrollment.');
  if (req.amount > 0 && req.amount < MIN_AMOUNT) throw new ApiFailure(5016, 'amount');
  // Checked and reserved at once, before anything is awaited: two requests with one order_id
  // sent together make one payment, and the other is refused as a duplicate.
  if (ctx.noDuplicateCheck) return makePayment(store, req, ctx);
  if (!store.reserveOrder(req.order_id)) throw new ApiFailure(5009, 'order_id');
  try {
    return await makePayment(store, req, ctx);
  } finally {
    store.releaseOrder(req.order_id);
  }
}

async function makePayment(store: Store, req: PaymentRequest, ctx: RequestContext) {
  // A charge of an enrollment pays with the enrollment's method; a card sent beside it pays instead.
  const charge =
    req.enrollment?.id !== undefined
      ? chargeEnrollment(store, req.enrollment.id, req, req.scheduled_date)
      : undefined;
  const byEnrollment = charge !== undefined && req.card === undefined && req.wallet === undefined;
  const method = byEnrollment
    ? enrollmentMethod(req, charge.method.payment_method_id)
    : resolveMethod(req);
  // A USD payment's ticket charges its local amount (localMoney), which must fit 10,2 as well:
  // a Boleto's line has 10 digits of centavos.
  if (
    req.payment_method_flow === 'DIRECT' &&
    method.type === 'TICKET' &&
    !isApiAmount(localMoney(req.amount, req.currency, req.country).amount)
  )
    throw new ApiFailure(5001, 'amount');

  const card = req.card ? await resolveCard(store, req.card) : undefined;
  if (card) checkInstallments(store, req, card);
  if (req.wallet?.token !== undefined && !store.walletTokens.has(req.wallet.token))
    throw new ApiFailure(5008, 'wallet.token');
  const enrollment = charge?.enrollment;
  const threeDS =
    card !== undefined &&
    card.problem === undefined &&
    req.card?.verify !== true &&
    needsThreeDSecure(req, card);
  if (threeDS && req.callback_url === undefined) throw new ApiFailure(5001, 'callback_url');

  const now = store.clock.now();
  const capture = req.card?.capture ?? req.wallet?.capture ?? true;
  const p: Payment = {
    // A card verification's id starts T-, as the API's do.
    id: store.paymentId(req.card?.verify === true ? 'T' : 'D'),
    kind: 'payment',
    amount: req.amount,
    currency: req.currency,
    country: req.country,
    payment_method_id: method.id,
    payment_method_type: method.type,
    payment_method_flow: req.payment_method_flow,
    status: 'PENDING',
    status_code: paymentStatuses.PENDING.code,
    status_detail: paymentStatuses.PENDING.detail,
    order_id: req.order_id,
    ...(req.original_order_id !== undefined ? { original_order_id: req.original_order_id } : {}),
    description: req.description,
    notification_url: req.notification_url,
    callback_url: req.callback_url,
    payer: { ...req.payer },
    ...(req.device !== undefined || req.additional_risk_data !== undefined
      ? {
          risk: {
            ...(req.device !== undefined ? { device: req.device } : {}),
            ...(req.additional_risk_data !== undefined
              ? { additional_risk_data: req.additional_risk_data }
              : {}),
          },
        }
      : {}),
    created_date: apiTimestamp(now),
    capture,
    captures: [],
    refunds: [],
  };
  if (card) {
    p.card = {
      holder_name: card.holder_name,
      expiration_month: card.expiration_month,
      expiration_year: card.expiration_year,
      brand: card.brand,
      last4: card.last4,
      ...(req.card?.verify ? { verify: true } : {}),
      ...(req.card?.card_id ? { card_id: req.card.card_id } : {}),
      ...(req.card?.installments ? { installments: req.card.installments } : {}),
      ...cardEchoes(req),
    };
    p.three_dsecure = {};
  } else if (byEnrollment && charge.method.card) {
    p.card = { ...charge.method.card, country: req.country };
    p.three_dsecure = {};
  }
  p.recurring =
    p.card !== undefined &&
    (charge !== undefined ||
      req.enrollment !== undefined ||
      RECURRING_CREDENTIALS.includes(req.card?.stored_credential_type ?? ''));
  if (req.wallet) {
    p.wallet = {
      ...(req.wallet.name !== undefined ? { name: req.wallet.name } : {}),
      ...(req.wallet.token !== undefined ? { token: req.wallet.token } : {}),
    };
    p.save_wallet = req.wallet.save === true;
  }
  if (enrollment) p.enrollment = enrollment;
  else if (req.enrollment) {
    p.enrollment = enrollWithPayment(store, req.country, req.enrollment, {
      payment_method_id: p.payment_method_id,
      payment_method_type: p.payment_method_type,
      ...(p.card ? { card: enrollmentCard(p.card) } : {}),
    });
    p.enrolls = p.enrollment.id;
  }

  const verify = req.card?.verify === true || req.wallet?.verify === true;
  if (verify) p.verify = true;
  store.payments.set(p.id, p);
  store.ledger.record({
    kind: verify ? 'verification' : capture ? 'payment' : 'authorization',
    id: p.id,
    payment_id: p.id,
    order_id: p.order_id,
    amount: p.amount,
    currency: p.currency,
    status: 'PENDING',
    money_moved: false,
    created_date: p.created_date,
  });

  const approve = (): [PaymentStatus, string?] =>
    verify ? ['VERIFIED'] : capture ? ['PAID'] : ['AUTHORIZED'];
  const rejection =
    (card?.problem as RejectionCode | undefined) ??
    (method.type === 'TICKET' && !byEnrollment ? undefined : rejectionIn(req.description));
  const openPage = (kind: '3ds' | 'redirect') => {
    p.page_token = crypto.randomUUID();
    p.expires_at = now.getTime() + PENDING_TTL_MS;
    return `${ctx.origin}/sandbox-pages/${kind}/${encodeURIComponent(p.id)}?t=${p.page_token}`;
  };

  let voucher: DirectVoucher | undefined;
  if (rejection) {
    setStatus(store, p, 'REJECTED', rejection);
  } else if (threeDS) {
    p.three_dsecure = { redirect_url: openPage('3ds') };
    setStatus(store, p, 'PENDING', pendingThreeDSecure.code);
  } else if (byEnrollment) {
    // The payer is not there: the enrollment's method is charged at once.
    setStatus(store, p, ...approve());
  } else if (
    req.payment_method_flow === 'DIRECT' &&
    (method.type === 'TICKET' || method.type === 'BANK_TRANSFER') &&
    (voucher = await directVoucher(
      method,
      p as VoucherPayment,
      now.getTime(),
      store.options.merchantName,
      ctx.origin,
    ))
  ) {
    // Paid away from the shop: what the payer is given, PENDING 100 until it is paid or expires.
    if (voucher.ticket) p.ticket = voucher.ticket;
    if (voucher.bank_transfer) p.bank_transfer = voucher.bank_transfer;
    p.expires_at = voucher.expiresAt;
    setStatus(store, p, 'PENDING');
    const outcome = method.type === 'TICKET' ? voucherOutcome(req.description) : undefined;
    if (outcome)
      store.later(store.options.settleDelayMs, () =>
        settleIfPending(store, p, outcome.status, outcome.code),
      );
  } else if (
    req.payment_method_flow === 'REDIRECT' ||
    method.type === 'TICKET' ||
    method.type === 'BANK_TRANSFER' ||
    (method.type === 'WALLET' && req.wallet?.token === undefined)
  ) {
    p.redirect_url = openPage('redirect');
    setStatus(store, p, 'PENDING');
    const outcome = method.type === 'TICKET' ? voucherOutcome(req.description) : undefined;
    if (outcome)
      store.later(store.options.settleDelayMs, () =>
        settleIfPending(store, p, outcome.status, outcome.code),
      );
  } else {
    setStatus(store, p, ...approve());
  }

  if (
    req.card?.save === true &&
    card &&
    p.status !== 'REJECTED' &&
    req.card.card_id === undefined
  ) {
    const saved = keepCard(store, {
      holder_name: card.holder_name,
      expiration_month: card.expiration_month!,
      expiration_year: card.expiration_year!,
      last4: card.last4!,
      brand: card.brand,
    });
    p.card = { ...p.card, save: true, card_id: saved.card_id, type: cardType(req, card.brand) };
    if (p.status === 'PENDING') p.saved_card_id = saved.card_id;
    // An enrollment made with this payment charges the saved card.
    if (p.enrollment && !enrollment) {
      const e = store.enrollments.get(p.enrollment.id);
      if (e?.method.card) e.method.card.card_id = saved.card_id;
    }
  }
  return paymentRecord(store, p);
}

/** The method of an enrollment, for a charge by `enrollment.id` alone. */
function enrollmentMethod(req: PaymentRequest, id: string): PaymentMethod {
  if (id === 'CARD') return CARD_METHOD;
  if (id === PIX_AUTOMATICO.id) return PIX_AUTOMATICO;
  const method = findMethod(req.country, id);
  if (!method) throw new ApiFailure(5010, 'payment_method_id');
  return method;
}

/** What an enrollment keeps of its first payment's card, to show on its charges. */
function enrollmentCard(card: CardView): CardView {
  const { holder_name, expiration_month, expiration_year, brand, last4, card_id } = card;
  return {
    holder_name,
    expiration_month,
    expiration_year,
    brand,
    last4,
    ...(card_id !== undefined ? { card_id } : {}),
  };
}

/**
 * The card fields the record echoes, as the API's do: `country`, the issuing country, in
 * every card record (the card's own when the request gave it, else the payment's), and the
 * stored-credential fields when sent.
 */
function cardEchoes(req: PaymentRequest): CardView {
  return {
    country: req.card?.country ?? req.country,
    ...(req.card?.stored_credential_type !== undefined
      ? { stored_credential_type: req.card.stored_credential_type }
      : {}),
    ...(req.card?.stored_credential_usage !== undefined
      ? { stored_credential_usage: req.card.stored_credential_usage }
      : {}),
  };
}

/** What approval makes of a payment: VERIFIED (a verification), AUTHORIZED (`capture: false`) or PAID. */
function approved(p: Payment): PaymentStatus {
  return p.verify ? 'VERIFIED' : p.capture ? 'PAID' : 'AUTHORIZED';
}

function settleIfPending(store: Store, p: Payment, status: PaymentStatus, code?: string): void {
  if (p.status === 'PENDING') setStatus(store, p, status === 'PAID' ? approved(p) : status, code);
}

function getPayment(store: Store, id: string, status = 404): Payment {
  const p = store.payments.get(id);
  if (!p) throw new ApiFailure(4000, undefined, status);
  return p;
}

/** `POST /payments` with `authorization_id`: a new PAID payment for part or all of what remains. */
export function capturePayment(store: Store, body: unknown) {
  const req = parseBody(captureRequestSchema, body);
  const auth = store.payments.get(req.authorization_id);
  if (!auth) throw new ApiFailure(4000, 'authorization_id');
  if (auth.status === 'VERIFIED') throw new ApiFailure(5013, 'authorization_id');
  if (auth.status !== 'AUTHORIZED') throw new ApiFailure(5002, 'authorization_id');
  const asked = amountAsked(req, auth);
  const captured = auth.captures.reduce(
    (sum, id) => sum + toMinorUnits(store.payments.get(id)!.amount, auth.currency),
    0,
  );
  const remaining = toMinorUnits(auth.amount, auth.currency) - captured;
  const amount = asked === undefined ? remaining : toMinorUnits(asked, auth.currency);
  if (amount <= 0 || amount > remaining) throw new ApiFailure(5007, 'amount');
  const now = store.clock.now();
  const p: Payment = {
    ...structuredClone({ ...auth, captures: [], refunds: [], enrolls: undefined }),
    id: store.paymentId(),
    kind: 'capture',
    // A capture's record names the card's brand (`VI`), not CARD.
    payment_method_id: auth.card?.brand ?? auth.payment_method_id,
    amount: roundAmount(fromMinorUnits(amount, auth.currency), auth.currency),
    order_id: req.order_id ?? auth.order_id,
    authorization_id: auth.id,
    created_date: apiTimestamp(now),
    capture: true,
  };
  delete p.approved_date;
  delete p.chargeback;
  auth.captures.push(p.id);
  store.payments.set(p.id, p);
  store.ledger.record({
    kind: 'capture',
    id: p.id,
    payment_id: auth.id,
    order_id: p.order_id,
    amount: p.amount,
    currency: p.currency,
    status: 'PENDING',
    money_moved: false,
    created_date: p.created_date,
  });
  setStatus(store, p, 'PAID');
  return paymentRecord(store, p);
}

/** `POST /payments/{id}/cancel`: an authorization not yet captured, or a payment still pending. */
export function cancelPayment(store: Store, id: string) {
  // Seen on the wire: an unknown id is 400 (not 404) and a PAID payment 403 / 3003.
  const p = getPayment(store, id, 400);
  if (p.status === 'PAID') throw new ApiFailure(3003, undefined, 403);
  if (p.status === 'VERIFIED') throw new ApiFailure(5013);
  if (!(p.status === 'AUTHORIZED' && p.captures.length === 0) && p.status !== 'PENDING')
    throw new ApiFailure(5002);
  setStatus(store, p, 'CANCELLED');
  return paymentRecord(store, p);
}

export function retrievePayment(store: Store, id: string) {
  return paymentRecord(store, getPayment(store, id));
}

/** `GET /payments/{id}/status`: with `redirect_url` while a REDIRECT payment is pending. */
export function paymentStatus(store: Store, id: string) {
  const p = getPayment(store, id);
  const redirect = p.redirect_url ?? p.three_dsecure?.redirect_url;
  return {
    id: p.id,
    status: p.status,
    status_code: p.status_code,
    status_detail: p.status_detail,
    ...(redirect ? { redirect_url: redirect } : {}),
  };
}

/** `GET /orders/{order_id}`. */
export function orderRecord(store: Store, orderId: string) {
  const p = store.paymentByOrder(orderId, { captures: true });
  if (!p) throw new ApiFailure(4000, 'order_id');
  return {
    order_id: orderId,
    payment_id: p.id,
    currency: p.currency,
    amount: p.amount,
    created_date: p.created_date,
    ...(p.approved_date ? { approved_date: p.approved_date } : {}),
    status: p.status,
    status_detail: p.status_detail,
    status_code: p.status_code,
  };
}

/**
 * The sandbox's `POST /sandbox-tools/payments` for a payment: from PENDING, to a state it can
 * reach (AUTHORIZED only with `capture: false`, VERIFIED only a card verification, else
 * 400 / 5001 `status`); and PAID for a
 * DIRECT voucher, Pix or transfer that EXPIRED, as a payment made at the counter just before
 * its due time and reported after it (a late payment, which the merchant's server must count
 * once).
 */
export function forcePaymentStatus(store: Store, p: Payment, status: string): void {
  const late =
    p.status === 'EXPIRED' &&
    status === 'PAID' &&
    p.payment_method_flow === 'DIRECT' &&
    (p.ticket !== undefined || p.bank_transfer !== undefined);
  if (late) return setStatus(store, p, 'PAID');
  if (p.status !== 'PENDING') throw new ApiFailure(5002);
  if (!Object.hasOwn(paymentStatuses, status) || status === 'PENDING')
    throw new ApiFailure(5001, 'status');
  // Only a state the payment can reach (the spec's state table): AUTHORIZED is an
  // authorization's (`capture: false`), VERIFIED a verification's; a Pix is neither.
  if (status === 'AUTHORIZED' && (p.capture || p.verify)) throw new ApiFailure(5001, 'status');
  if (status === 'VERIFIED' && !p.verify) throw new ApiFailure(5001, 'status');
  settleIfPending(store, p, status as PaymentStatus);
}

/** Values of `status` in the callback form, from the payment's status. */
export function callbackStatus(
  status: PaymentStatus,
): 'COMPLETED' | 'APPROVED' | 'REJECTED' | 'PENDING' {
  if (status === 'PAID') return 'COMPLETED';
  if (status === 'AUTHORIZED' || status === 'VERIFIED') return 'APPROVED';
  if (status === 'PENDING') return 'PENDING';
  return 'REJECTED';
}

/** The fields the API form-POSTs to `callback_url`, signed. */
export async function callbackFields(
  store: Store,
  p: Payment,
  credentials: { login: string; secretKey: string },
) {
  const date = formatXDate(store.clock.now());
  const status = callbackStatus(p.status);
  const signature = await createCallbackSignature({
    login: credentials.login,
    date,
    status,
    paymentId: p.id,
    secretKey: credentials.secretKey,
  });
  return { paymentId: p.id, status, date, signature };
}

export type PageOutcome = 'approve' | 'reject' | 'pending';

/**
 * What the payer did on a sandbox page: approve or reject the 3-D Secure challenge, pay or
 * reject at the redirect method, or leave a voucher to pay later. The page is single-use.
 */
export function completePage(
  store: Store,
  id: string,
  token: string | undefined,
  outcome: PageOutcome,
): Payment | undefined {
  const p = store.payments.get(id);
  if (!p || p.status !== 'PENDING' || !p.page_token || p.page_token !== token) return undefined;
  if (outcome === 'pending') {
    delete p.page_token;
    return p;
  }
  if (outcome === 'reject') setStatus(store, p, 'REJECTED', '300');
  else setStatus(store, p, approved(p));
  return p;
}

/** A pending page still open: its payment, else undefined. */
export function openPagePayment(
  store: Store,
  id: string,
  token: string | undefined,
): Payment | undefined {
  const p = store.payments.get(id);
  return p && p.status === 'PENDING' && p.page_token !== undefined && p.page_token === token
    ? p
    : undefined;
}
