/**
 * Refunds of PAID payments and captures, never of an authorization, never more than what
 * remains. Card refunds succeed at once; other methods' refunds are PENDING and succeed
 * a little later (or when forced), each change notified to the refund's URL when it has
 * one (the API takes a refund without `notification_url`).
 */
import { refundStatuses, type RefundStatus } from '@paylit/core/codes';
import { fromMinorUnits, roundAmount, toMinorUnits } from '@paylit/core/money';
import { refundRequestSchema } from '@paylit/core/schemas';
import { fitsCurrency, inPaymentCurrency } from '../catalogs/countries.js';
import { apiTimestamp } from '../clock.js';
import { ApiFailure } from '../errors.js';
import { parseBody } from '../parse.js';
import type { Payment, Refund, Store } from './store.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long after approval a payment may be refunded, by the sandbox clock. */
const REFUND_PERIOD_MS = 365 * DAY_MS;

/**
 * The refund record as the wire has it: `status_code` an integer (a payment's is a string)
 * and the payment id repeated as `id_payment`, as the API sends it.
 */
export function refundRecord(r: Refund) {
  return {
    id: r.id,
    payment_id: r.payment_id,
    id_payment: r.payment_id,
    order_id: r.order_id,
    ...(r.notification_url !== undefined ? { notification_url: r.notification_url } : {}),
    amount: r.amount,
    amount_refunded: r.amount_refunded,
    currency: r.currency,
    status: r.status,
    status_code: Number(r.status_code),
    status_detail: r.status_detail,
    created_date: r.created_date,
    ...(r.description !== undefined ? { description: r.description } : {}),
  };
}

function setRefundStatus(store: Store, r: Refund, status: RefundStatus): void {
  r.status = status;
  r.status_code = refundStatuses[status].code;
  r.status_detail = refundStatuses[status].detail;
  r.amount_refunded = status === 'SUCCESS' ? r.amount : 0;
  // A refund that will not happen gives back what it took from a tracked balance.
  const balance = store.balances.get(r.currency);
  if ((status === 'REJECTED' || status === 'CANCELLED') && balance !== undefined)
    store.balances.set(r.currency, roundAmount(balance + r.amount, r.currency));
  store.ledger.update(r.id, { status, money_moved: status === 'SUCCESS' });
  if (r.notification_url !== undefined)
    store.notifier.send('refund', r.notification_url, refundRecord(r));
}

/**
 * A capture's or a refund's `amount` in the currency of the payment it takes from (`paid`):
 * stated in USD or the local currency, converted at the sandbox rate ("Each country accepts
 * USD and local currency"); 5001 `currency` for any other, 5001 `amount` for an amount its
 * currency cannot hold (10.5 CLP is not taken as 11, as a payment with decimals is not), 5016
 * for one that converts to nothing. Undefined when no amount is asked: all that remains.
 */
export function amountAsked(
  req: { amount?: number; currency?: string },
  paid: { currency: string; country: string },
): number | undefined {
  const currency = req.currency ?? paid.currency;
  if (req.amount === undefined) {
    if (currency !== paid.currency) throw new ApiFailure(5001, 'currency');
    return undefined;
  }
  const asked = inPaymentCurrency(req.amount, currency, paid.currency, paid.country);
  if (asked === undefined) throw new ApiFailure(5001, 'currency');
  if (!fitsCurrency(req.amount, currency)) throw new ApiFailure(5001, 'amount');
  // Positive as asked, but nothing once converted (0.02 BRL of a USD payment is 0.00 USD): too
  // low, not more than remains (the table's 5016, as a payment under the minimum answers).
  if (toMinorUnits(asked, paid.currency) === 0) throw new ApiFailure(5016, 'amount');
  return asked;
}

/** `POST /refunds`. */
export function createRefund(store: Store, body: unknown) {
  const req = parseBody(refundRequestSchema, body);
  const p = store.payments.get(req.payment_id);
  if (!p) throw new ApiFailure(4000, 'payment_id');
  if (p.chargeback) throw new ApiFailure(5018, 'payment_id');
  if (p.status === 'VERIFIED') throw new ApiFailure(5013, 'payment_id');
  if (p.status !== 'PAID') throw new ApiFailure(5002, 'payment_id');
  const asked = amountAsked(req, p);
  const now = store.clock.now();
  const approved = Date.parse((p.approved_date ?? p.created_date).replace('+0000', 'Z'));
  if (now.getTime() - approved > REFUND_PERIOD_MS) throw new ApiFailure(5020, 'payment_id');
  const remaining = toMinorUnits(p.amount, p.currency) - refundedMinor(store, p);
  const amount = asked === undefined ? remaining : toMinorUnits(asked, p.currency);
  if (amount <= 0 || amount > remaining) throw new ApiFailure(5007, 'amount');
  const balance = store.balances.get(p.currency);
  if (balance !== undefined) {
    if (amount > toMinorUnits(balance, p.currency)) throw new ApiFailure(5012, 'amount');
    store.balances.set(
      p.currency,
      fromMinorUnits(toMinorUnits(balance, p.currency) - amount, p.currency),
    );
  }
  const r: Refund = {
    id: `REF-${store.options.merchantId}-${crypto.randomUUID()}`,
    payment_id: p.id,
    order_id: p.order_id,
    amount: fromMinorUnits(amount, p.currency),
    amount_refunded: 0,
    currency: p.currency,
    status: 'PENDING',
    status_code: refundStatuses.PENDING.code,
    status_detail: refundStatuses.PENDING.detail,
    created_date: apiTimestamp(now),
    ...(req.notification_url !== undefined ? { notification_url: req.notification_url } : {}),
    description: req.description,
  };
  store.refunds.set(r.id, r);
  p.refunds.push(r.id);
  store.ledger.record({
    kind: 'refund',
    id: r.id,
    payment_id: p.id,
    order_id: p.order_id,
    amount: r.amount,
    currency: r.currency,
    status: 'PENDING',
    money_moved: false,
    created_date: r.created_date,
  });
  if (p.payment_method_type === 'CARD') {
    setRefundStatus(store, r, 'SUCCESS');
  } else {
    setRefundStatus(store, r, 'PENDING');
    store.later(store.options.settleDelayMs, () => {
      if (r.status === 'PENDING') setRefundStatus(store, r, 'SUCCESS');
    });
  }
  return refundRecord(r);
}

/**
 * `POST /sandbox-tools/chargebacks`: the payer disputes a PAID payment or capture, and what
 * they were charged and not refunded (refunds SUCCESS or PENDING are theirs already) goes back
 * to them: a ledger entry that moved money, taken off a tracked balance. One per payment: a
 * second is 400 / 5018, the chargeback in place; one that moved no money (an authorization, a
 * pending voucher) or has nothing left to dispute is 400 / 5002.
 */
export function chargeBack(store: Store, id: string): { payment_id: string; chargeback: true } {
  const p = store.payments.get(id);
  if (!p) throw new ApiFailure(4000, 'payment_id');
  if (p.chargeback) throw new ApiFailure(5018);
  if (p.status !== 'PAID') throw new ApiFailure(5002);
  const disputed = toMinorUnits(p.amount, p.currency) - refundedMinor(store, p);
  if (disputed <= 0) throw new ApiFailure(5002);
  p.chargeback = true;
  const amount = fromMinorUnits(disputed, p.currency);
  store.ledger.record({
    kind: 'chargeback',
    id: `CB-${p.id}`,
    payment_id: p.id,
    order_id: p.order_id,
    amount,
    currency: p.currency,
    status: 'CHARGED_BACK',
    money_moved: true,
    created_date: apiTimestamp(store.clock.now()),
  });
  const balance = store.balances.get(p.currency);
  if (balance !== undefined)
    store.balances.set(p.currency, roundAmount(balance - amount, p.currency));
  return { payment_id: p.id, chargeback: true };
}

/** What refunds of `p` took or are taking (SUCCESS or PENDING), in minor units. */
function refundedMinor(store: Store, p: Payment): number {
  return p.refunds
    .map((id) => store.refunds.get(id))
    .filter((r) => r !== undefined && (r.status === 'PENDING' || r.status === 'SUCCESS'))
    .reduce((sum, r) => sum + toMinorUnits(r!.amount, p.currency), 0);
}

function getRefund(store: Store, id: string): Refund {
  const r = store.refunds.get(id);
  if (!r) throw new ApiFailure(4001);
  return r;
}

export function retrieveRefund(store: Store, id: string) {
  return refundRecord(getRefund(store, id));
}

export function refundStatus(store: Store, id: string) {
  const r = getRefund(store, id);
  return {
    id: r.id,
    status: r.status,
    status_code: Number(r.status_code),
    status_detail: r.status_detail,
  };
}

/** The sandbox's `POST /sandbox-tools/payments` for a refund: only from PENDING. */
export function forceRefundStatus(store: Store, r: Refund, status: string): void {
  if (r.status !== 'PENDING') throw new ApiFailure(5002);
  if (!Object.hasOwn(refundStatuses, status) || status === 'PENDING')
    throw new ApiFailure(5001, 'status');
  setRefundStatus(store, r, status as RefundStatus);
}
