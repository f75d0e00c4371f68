/**
 * What runs once the shopper presses Pay or comes back from another page: the submission
 * made from the shopper's choice, and where a payment's answer takes the checkout (`Settled`,
 * checkout-flow.ts), in the shopper's words. A chunk of its own (lazy.ts `importPayment`),
 * loaded when Pay is first pressed or a payment is found: it imports no Lit and makes no event
 * (the element dispatches them), and its words come from the catalog the element hands in,
 * once the outcome's chunk has brought those of the rare states (i18n/later.ts).
 */
import type {
  PaymentAnswer,
  PaymentStatusAnswer,
  PaymentView,
  Submission,
} from '@paylit/core/checkout';
import type { KeyInput } from '@paylit/core/crypto';
import { chargedAmount, isPaymentMade } from '@paylit/core/rules';
import type { CheckoutContextValue } from '../../context/checkout-context.js';
import type { Messages } from '../../i18n/en.js';
import { refusalKind, type ServerRefusal, type ServerResult } from './checkout-client.js';
import type { PaylitErrorDetail, Settled } from './checkout-flow.js';

/** What encrypts the card: `<paylit-card-fields>` (its `encrypt()` and `encryptCvv()`). */
export interface CardEncryption {
  encrypt(publicKey: KeyInput): Promise<{
    encryptedData: string;
    holderName: string;
    expirationMonth: number;
    expirationYear: number;
  }>;
  encryptCvv(publicKey: KeyInput): Promise<{ cardId: string; encryptedCvv: string }>;
}

/** What a submission is made of: the checkout's order (its client secret, or reference without a server) and what the shopper chose. */
export interface PayingWith {
  order: string;
  checkout: Pick<CheckoutContextValue, 'order' | 'selection' | 'plan'>;
  fields: CardEncryption | undefined;
  publicKey: KeyInput | undefined;
}

/**
 * The submission for what the shopper chose, a card encrypted by the card fields, with the
 * attempt id `attempt` gives once the card is encrypted. `undefined` when the card fields show
 * why it cannot be made; a `paylit-error`'s detail when it cannot be made at all (`network`:
 * the encryption's chunk did not load, nothing was sent, and Pay tries again).
 */
export async function submission(
  { order, checkout, fields, publicKey }: PayingWith,
  attempt: () => string,
): Promise<Submission | PaylitErrorDetail | undefined> {
  const { selection, plan } = checkout;
  const view = checkout.order!;
  const installments =
    plan && plan.installments > 1
      ? { installments: String(plan.installments), installmentsId: plan.id }
      : {};
  let method: Submission['method'];
  if (selection.type !== 'card' && selection.type !== 'saved_card') method = selection;
  else if (!fields || !publicKey)
    return {
      kind: 'configuration',
      message: 'paylit-checkout needs <paylit-card-fields> and the public key to pay by card',
      retryable: false,
    };
  else
    try {
      if (selection.type === 'saved_card') {
        // The saved card's security code, typed again, goes inside its own JWE.
        const { cardId, encryptedCvv } = await fields.encryptCvv(publicKey);
        method = { type: 'saved_card', cardId, encryptedCvv, ...installments };
      } else {
        const card = await fields.encrypt(publicKey);
        method = {
          type: 'card',
          encryptedData: card.encryptedData,
          holderName: card.holderName,
          expirationMonth: card.expirationMonth,
          expirationYear: card.expirationYear,
          ...installments,
        };
      }
    } catch (error) {
      const { name, kind, message } = error as Error & { kind?: unknown };
      if (name === 'CardFieldsInvalidError') return undefined;
      return { kind: kind === 'network' ? kind : 'configuration', message, retryable: false };
    }
  return {
    order,
    attempt: attempt(),
    method,
    amount: chargedAmount(view),
    currency: view.currency,
    country: view.country,
  };
}

/** Where a payment takes the checkout. `resumed`: it comes back from the page it went to (the return page). */
export function settle(
  payment: PaymentView,
  next: PaymentAnswer['nextAction'] | undefined,
  t: Messages,
  resumed = false,
): Settled {
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
export function paid(result: ServerResult<PaymentAnswer>, t: Messages): Settled {
  if (result.ok) return settle(result.answer.payment, result.answer.nextAction, t);
  const { status, error } = result;
  if (!status) return { to: 'unreachable' };
  if (error?.type === 'order_locked') return { to: 'locked', text: t.orderLocked };
  const text =
    ((error?.code !== undefined
      ? (t.apiErrors as Record<number, string>)[error.code]
      : undefined) ??
      (status === 429 ? t.apiErrors[6000] : t.serverError)) ||
    t.serverError;
  return refused(result, text, Boolean(error?.retryable), {
    ...(error?.code !== undefined ? { code: error.code } : {}),
    ...(error?.param ? { param: error.param } : {}),
  });
}

/** Where the return page's payment takes the checkout; one the server does not confirm is said, not left unshown. */
export function returned(result: ServerResult<PaymentStatusAnswer>, t: Messages): Settled {
  if (result.ok) return settle(result.answer.payment, null, t, true);
  return refused(result, t.serverError, result.status >= 500);
}

/** A refusal in the shopper's words (`text`); the server's own message is for developers (in the event). */
const refused = (
  result: ServerRefusal,
  text: string,
  retryable: boolean,
  more?: Pick<PaylitErrorDetail, 'code' | 'param'>,
): Settled => ({
  to: 'refused',
  text,
  error: { kind: refusalKind(result), message: result.error?.message ?? text, retryable, ...more },
});
