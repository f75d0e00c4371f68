/** `payment.card`: card data in clear, encrypted, tokenized or saved, and how to process it. */
import { z } from 'zod';
import {
  country,
  expirationMonth,
  expirationYear,
  flag,
  numberAsText,
  partialObject,
  plainText,
  text,
} from './common.js';
import { nameOptionalCountries } from './payer.js';

export const storedCredentialTypes = [
  'CARD_ON_FILE',
  'SUBSCRIPTION',
  'UNSCHEDULED_CARD_ON_FILE',
  'INSTALLMENTS',
  'NO_SHOW',
  'DELAYED_CHARGES',
  'REAUTHORIZATION',
  'RESUBMISSION',
  'STANDING_ORDER',
] as const;

/** A compact JWE: five base64url parts. */
const compactJwe = z
  .string()
  .regex(
    /^[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+$/,
    'must be a compact JWE (five base64url parts)',
  );

/** An ECI (electronic commerce indicator) as the networks print it: `"05"`, `"07"`. */
export const eci = z
  .string()
  .regex(/^\d{1,2}$/, 'must be an ECI of one or two digits such as "05"');

/**
 * The ways a card is given; a card has exactly one. With `card_id`, `encrypted_data` is no
 * second source: it carries the saved card's security code alone (see crypto/jwe.ts).
 */
export const cardSources = [
  'number',
  'encrypted_data',
  'token',
  'card_id',
  'network_token',
] as const;

/**
 * `payment.card`. Besides the spec's fields, a network token (one of the wire dialect's
 * additions): `network_token` with its `cryptogram` and `eci` instead of `number` and `cvv`,
 * sent to `/secure_payments`, with `network_payment_reference` for the network's chain of
 * stored-credential payments. `country` names the card's country (echoed in the record).
 * The month and year may come as strings of digits and the year with two digits (`"30"` is
 * 2030); `verify`, `capture` and `save` as `"true"` / `"false"`: all are read as the typed
 * values.
 */
export const cardSchema = partialObject({
  holder_name: plainText(),
  expiration_month: expirationMonth,
  expiration_year: expirationYear,
  number: numberAsText(
    z.string().regex(/^\d{12,19}$/, 'must be 12 to 19 digits with no separators'),
  ),
  cvv: numberAsText(z.string().regex(/^\d{3,4}$/, 'must be 3 or 4 digits')),
  encrypted_data: compactJwe,
  token: text(),
  cvv_token: text(),
  card_id: text(),
  /** Also a JSON number (`6`), read as its text, as the API reads a count a typed client writes. */
  installments: numberAsText(
    z.string().regex(/^[1-9]\d?$/, 'must be a number of installments from 1 to 99, as a string'),
  ),
  installment_id: text(),
  /** The API's answers and clients spell the plan's id `installments_id`; the spec `installment_id`. Both are accepted. */
  installments_id: text(),
  descriptor: text(),
  verify: flag,
  capture: flag,
  save: flag,
  stored_credential_type: z.enum(storedCredentialTypes),
  stored_credential_usage: z.enum(['FIRST', 'USED']),
  force_type: z.enum(['DEBIT', 'CREDIT']),
  wallet_type: z
    .string()
    .regex(/^[A-Z][A-Z0-9]*_PAY$/, 'must be a wallet provider code of the form <PROVIDER>_PAY'),
  network_token: numberAsText(
    z.string().regex(/^\d{12,19}$/, 'must be 12 to 19 digits with no separators'),
  ),
  cryptogram: text(100),
  eci,
  network_payment_reference: text(100),
  country,
});
export type Card = z.infer<typeof cardSchema>;

/**
 * Adds the card's own rules: one source, and which fields it needs given how the card is sent.
 * `country`, when known, may waive the holder's name (`nameOptionalCountries`: Panama).
 */
export function checkCard(
  card: Card,
  ctx: z.RefinementCtx,
  path: PropertyKey[] = ['card'],
  country?: string,
): void {
  const savedCardCvv = card.card_id !== undefined && card.encrypted_data !== undefined;
  const sent = cardSources.filter(
    (source) => card[source] !== undefined && !(savedCardCvv && source === 'encrypted_data'),
  );
  for (const extra of sent.slice(1)) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, extra],
      message: `must not be sent with card.${sent[0]}: a card has one source (number, encrypted_data, token, card_id or network_token)`,
    });
  }
  const byReference = card.token !== undefined || card.card_id !== undefined;
  if (!byReference) {
    for (const field of ['holder_name', 'expiration_month', 'expiration_year'] as const) {
      const waived =
        field === 'holder_name' && country !== undefined && nameOptionalCountries.includes(country);
      if (card[field] === undefined && !waived)
        ctx.addIssue({
          code: 'custom',
          path: [...path, field],
          message: 'is required unless card.token or card.card_id is sent',
        });
    }
  }
  if (sent.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'number'],
      message:
        'is required unless card.encrypted_data, card.token, card.card_id or card.network_token is sent',
    });
  }
  if (card.network_token === undefined) {
    for (const field of ['cryptogram', 'eci'] as const) {
      if (card[field] !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [...path, field],
          message: 'is only sent with card.network_token',
        });
    }
  }
  if (
    card.installment_id !== undefined &&
    card.installments_id !== undefined &&
    card.installment_id !== card.installments_id
  ) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'installments_id'],
      message: 'must equal card.installment_id when both are sent',
    });
  }
}
