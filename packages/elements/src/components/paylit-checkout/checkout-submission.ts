/**
 * The submission made from the shopper's choice (core's checkout protocol): the card
 * encrypted by the card fields, or the wallet, bank or saved card chosen, with the plan and
 * the amount the order charges (core's `chargedAmount`). Made before anything is sent, also by
 * a checkout without a server, which hands it over in `paylit-submit`.
 */
import type { Submission } from '@paylit/core/checkout';
import type { KeyInput } from '@paylit/core/crypto';
import { chargedAmount } from '@paylit/core/rules';
import type { CheckoutContextValue } from '../../context/checkout-context.js';
import type { PaylitErrorDetail } from './checkout-flow.js';

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

/**
 * How long the card may take to be sealed once Pay is pressed. A file it waits for that never
 * comes (the encryption's chunk, the card frame's script: a CDN that hangs) is then a network
 * failure, said and retryable; the file coming later seals a card nobody sends.
 */
const SEAL_MS = 15_000;
const sealed = <T>(work: Promise<T>): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, refuse) => setTimeout(refuse, SEAL_MS, { kind: 'network' })),
  ]);

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
        const { cardId, encryptedCvv } = await sealed(fields.encryptCvv(publicKey));
        method = { type: 'saved_card', cardId, encryptedCvv, ...installments };
      } else {
        // What the API takes of the encrypted card, and nothing more (the brand, BIN and last four stay).
        const { encryptedData, holderName, expirationMonth, expirationYear } = await sealed(
          fields.encrypt(publicKey),
        );
        method = {
          type: 'card',
          encryptedData,
          holderName,
          expirationMonth,
          expirationYear,
          ...installments,
        };
      }
    } catch (error) {
      const { name, kind, message } = error as Error & { kind?: unknown };
      if (name === 'CardFieldsInvalidError') return undefined;
      return {
        kind: kind === 'network' || kind === 'integrity' ? kind : 'configuration',
        message,
        retryable: false,
      };
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
