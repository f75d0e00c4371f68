/**
 * Where a payment's answer takes the checkout (`Settled`, checkout-flow.ts), in the shopper's
 * words: after Pay, on the return page, or for an order paid already. A chunk of its own
 * (lazy.ts `importPayment`), loaded beside the first request that can answer a payment (never by
 * a checkout without a server, which hands its submission over). It makes no
 * event (the element dispatches them); its words come from the catalog the element hands in.
 */
import type { PaymentAnswer, PaymentStatusAnswer, PaymentView } from '@paylit/core/checkout';
import { isPaymentMade } from '@paylit/core/rules';
import type { Messages } from '../../i18n/en.js';
import { refusalKind, type ServerRefusal, type ServerResult } from './checkout-client.js';
import type { PaylitErrorDetail, Reader, Settled } from './checkout-flow.js';

// The outcome's look and the plan kept across the bank's page come in this chunk: an outcome
// is shown only with what settles it, so they are never wanted apart.
export { outcomeStyles } from './paylit-checkout-outcome.styles.js';
export { keepPlan, keptPlan } from './kept-plan.js';

/** Where a payment takes the checkout. `resumed`: it comes back from the page it went to (the return page). */
export function settle(
  payment: PaymentView,
  next: PaymentAnswer['nextAction'] | undefined,
  reader: Reader,
  resumed = false,
): Settled {
  const { t } = reader;
  // The bank's 3-D Secure page, which says the shop's page may frame it: in a dialog over the
  // checkout, the payment waiting meanwhile (the pending view's chunk shows it).
  if (next?.frame && reader.getAttribute?.('three-ds') !== 'redirect')
    return { to: 'outcome', payment, challenge: next.url };
  // The payment waits for the payer on another page (the bank's 3-D Secure, a wallet).
  if (next?.type === 'redirect')
    return { to: 'redirect', payment, url: next.url, text: t.redirecting };
  if (isPaymentMade(payment.status) || payment.status === 'PENDING')
    return { to: 'outcome', payment };
  const rejections = t.rejections as Record<string, string>;
  const code = payment.status_code;
  // A card payment back from the bank's page, refused with no reason of its own: the bank's
  // 3-D Secure check was left or failed.
  const unconfirmed =
    resumed &&
    (payment.payment_method_type === 'CARD' || payment.card !== undefined) &&
    (code === '300' || !rejections[code]);
  const text = unconfirmed
    ? t.threeDSecureFailed
    : (rejections[code] ?? rejections['300']) || t.serverError;
  return { to: 'declined', payment, text };
}

/**
 * Where `POST /payments`' answer takes the checkout. A refusal says the API's code in the
 * shopper's language; the server's own message is for developers (in the event).
 */
export function paid(result: ServerResult<PaymentAnswer>, reader: Reader): Settled {
  const { t } = reader;
  if (result.ok) return settle(result.answer.payment, result.answer.nextAction, reader);
  const { status, error } = result;
  if (!status) return { to: 'unreachable' };
  if (error?.type === 'order_locked') return { to: 'locked', text: t.orderLocked };
  // The store replaced the order since the page loaded it (its amount, or the plans made for
  // it): sending it again would be refused again. Said so, and the order loaded anew.
  if (error?.type === 'order_mismatch')
    return {
      ...refused(result, t.orderChanged, false, error.param ? { param: error.param } : {}),
      reload: true,
    };
  // The plans shown were forgotten by the server (kept an hour): new ones, with the order.
  if (status === 400 && error?.param === 'method.installmentsId')
    return {
      ...refused(result, t.plansExpired, false, { param: error.param }),
      reload: true,
    };
  const text =
    ((error?.code !== undefined
      ? (t.apiErrors as Record<number, string>)[error.code]
      : undefined) ??
      (status === 429 ? t.apiErrors[6000] : t.serverError)) ||
    t.serverError;
  return refused(result, text, Boolean(error?.retryable), {
    ...(error?.code !== undefined ? { code: error.code } : {}),
    ...(error?.param ? { param: error.param } : {}),
    ...(error?.fields ? { fields: error.fields } : {}),
  });
}

/** Where the return page's payment takes the checkout; one the server does not confirm is said, not left unshown. */
export function returned(result: ServerResult<PaymentStatusAnswer>, reader: Reader): Settled {
  if (result.ok) return settle(result.answer.payment, null, reader, true);
  return refused(result, reader.t.serverError, result.status >= 500);
}

/** A refusal in the shopper's words (`text`); the server's own message is for developers (in the event). */
const refused = (
  result: ServerRefusal,
  text: string,
  retryable: boolean,
  more?: Pick<PaylitErrorDetail, 'code' | 'param' | 'fields'>,
): Extract<Settled, { to: 'refused' }> => ({
  to: 'refused',
  text,
  error: {
    kind: refusalKind(result),
    message: result.error?.message ?? text,
    retryable,
    ...(result.retryAfter !== undefined ? { retryAfter: result.retryAfter } : {}),
    ...more,
  },
});
