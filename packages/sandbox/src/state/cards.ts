/**
 * Card data as the API receives it: raw, inside `card.encrypted_data` (opened with the
 * sandbox's private key), as a network token, by saved `card_id`, or by single-use token. Only brand, last
 * four, holder and expiry are kept; the number and CVV are never stored.
 */
import {
  cardNumberProblem,
  cvvProblem,
  detectCardBrand,
  expiryProblem,
  getBrand,
  lastFour,
} from '@paylit/core/card';
import { decryptCard, decryptCvv } from '@paylit/core/crypto';
import { saveCardRequestSchema, type Card } from '@paylit/core/schemas';
import { ApiFailure } from '../errors.js';
import { parseBody } from '../parse.js';
import { isSupportedCountry } from '../catalogs/countries.js';
import type { SavedCard, Store } from './store.js';

const TOKEN_TTL_MS = 10 * 60 * 1000;

/** A card as the payment uses it. `problem` is the rejection code the card itself earns. */
export interface ResolvedCard {
  holder_name: string | undefined;
  expiration_month: number | undefined;
  expiration_year: number | undefined;
  brand: string | undefined;
  last4: string | undefined;
  /** The first digits, for installment plans; only while the request is handled. */
  bin: string | undefined;
  /** A rejection code the card earns by itself: 314 bad number, 315 bad CVV, 309 expired. */
  problem: '314' | '315' | '309' | undefined;
}

/** Opens `card.encrypted_data` (`{number, cvv}`, or `{cvv}` beside a saved `card_id`), or answers 5001 naming it. */
export async function openEncryptedCard(
  store: Store,
  jwe: string,
): Promise<{ number: string; cvv: string }>;
export async function openEncryptedCard(store: Store, jwe: string, cvvOnly: true): Promise<string>;
export async function openEncryptedCard(
  store: Store,
  jwe: string,
  cvvOnly = false,
): Promise<{ number: string; cvv: string } | string> {
  try {
    return await (cvvOnly
      ? decryptCvv(jwe, store.options.privateKey)
      : decryptCard(jwe, store.options.privateKey));
  } catch {
    throw new ApiFailure(5001, 'card.encrypted_data');
  }
}

function checkRaw(
  store: Store,
  number: string,
  cvv: string | undefined,
  month: number | undefined,
  year: number | undefined,
): ResolvedCard['problem'] {
  const brand = detectCardBrand(number);
  if (cardNumberProblem(number) !== undefined) return '314';
  if (cvv !== undefined && cvvProblem(cvv, brand) !== undefined) return '315';
  // Expired only: a year far ahead is the checkout's typo guard ('too_far'), not the API's refusal.
  if (month !== undefined && year !== undefined)
    return expired(store, { expiration_month: month, expiration_year: year });
  return undefined;
}

/** The card of a payment request, from whichever form it came in. */
export async function resolveCard(store: Store, card: Card): Promise<ResolvedCard> {
  if (card.card_id !== undefined) {
    const saved = store.cards.get(card.card_id);
    if (!saved || saved.deleted) throw new ApiFailure(5008, 'card.card_id');
    // The payer confirms a saved card with its security code, alone inside the JWE.
    const cvv =
      card.encrypted_data !== undefined
        ? await openEncryptedCard(store, card.encrypted_data, true)
        : undefined;
    const brand = saved.brand === undefined ? undefined : getBrand(saved.brand);
    const badCvv = cvv !== undefined && cvvProblem(cvv, brand) !== undefined;
    return {
      ...view(saved),
      bin: undefined,
      problem: expired(store, saved) ?? (badCvv ? '315' : undefined),
    };
  }
  if (card.token !== undefined) {
    const token = store.cardTokens.get(card.token);
    if (!token || token.used || token.expires_at < store.clock.now().getTime())
      throw new ApiFailure(5008, 'card.token');
    token.used = true;
    const { invalidNumber, ...rest } = token.card;
    return { ...rest, problem: invalidNumber ? '314' : expired(store, rest) };
  }
  // A network token stands for the card number: brand and last four come from its digits; its cryptogram replaces the CVV.
  const networkToken = (card as { network_token?: unknown }).network_token;
  const secret =
    card.encrypted_data !== undefined
      ? await openEncryptedCard(store, card.encrypted_data)
      : typeof networkToken === 'string' && card.number === undefined
        ? { number: networkToken, cvv: undefined }
        : { number: card.number!, cvv: card.cvv };
  return {
    holder_name: card.holder_name,
    expiration_month: card.expiration_month,
    expiration_year: card.expiration_year,
    brand: detectCardBrand(secret.number)?.code,
    last4: lastFour(secret.number),
    bin: secret.number.slice(0, 6),
    problem: checkRaw(
      store,
      secret.number,
      secret.cvv,
      card.expiration_month,
      card.expiration_year,
    ),
  };
}

function expired(
  store: Store,
  card: Pick<SavedCard, 'expiration_month' | 'expiration_year'>,
): '309' | undefined {
  return expiryProblem(
    { month: card.expiration_month, year: card.expiration_year },
    store.clock.now(),
  ) === 'expired'
    ? '309'
    : undefined;
}

function view(card: SavedCard) {
  return {
    holder_name: card.holder_name,
    expiration_month: card.expiration_month,
    expiration_year: card.expiration_year,
    brand: card.brand,
    last4: card.last4,
  };
}

/** Keeps a card for later payments: `card.save` on a payment, or `POST /secure_cards`. */
export function keepCard(store: Store, card: Omit<SavedCard, 'card_id' | 'deleted'>): SavedCard {
  const saved: SavedCard = { card_id: `CV-${crypto.randomUUID()}`, ...card, deleted: false };
  store.cards.set(saved.card_id, saved);
  return saved;
}

export function savedCardRecord(card: SavedCard) {
  return { card_id: card.card_id, ...view(card) };
}

/** `POST /secure_cards`. */
export async function saveCard(store: Store, body: unknown) {
  const req = parseBody(saveCardRequestSchema, body);
  if (!isSupportedCountry(req.country)) throw new ApiFailure(5003, 'country');
  const resolved = await resolveCard(store, req.card);
  if (resolved.problem === '314') throw new ApiFailure(5001, 'card.number');
  if (resolved.problem === '315') throw new ApiFailure(5001, 'card.cvv');
  if (resolved.problem === '309') throw new ApiFailure(5001, 'card.expiration_year');
  const saved = keepCard(store, {
    holder_name: resolved.holder_name,
    expiration_month: resolved.expiration_month!,
    expiration_year: resolved.expiration_year!,
    last4: resolved.last4!,
    brand: resolved.brand,
  });
  return savedCardRecord(saved);
}

export function getCard(store: Store, cardId: string) {
  const card = store.cards.get(cardId);
  if (!card || card.deleted) throw new ApiFailure(5008, 'card_id');
  return savedCardRecord(card);
}

export function deleteCard(store: Store, cardId: string) {
  const card = store.cards.get(cardId);
  if (!card || card.deleted) throw new ApiFailure(5008, 'card_id');
  card.deleted = true;
  return { card_id: card.card_id, deleted: true as const };
}

/**
 * A single-use token for `card.token`, valid 10 minutes: what the vendor's hosted fields
 * make. The sandbox offers it as a tool so token payments can be tested.
 */
export async function createCardToken(store: Store, body: unknown) {
  const req = parseBody(
    saveCardRequestSchema.shape.card,
    body && typeof body === 'object' ? (body as { card?: unknown }).card : undefined,
  );
  if (
    req.holder_name === undefined ||
    req.expiration_month === undefined ||
    req.expiration_year === undefined
  )
    throw new ApiFailure(5001, 'card.holder_name');
  const secret =
    req.encrypted_data !== undefined
      ? await openEncryptedCard(store, req.encrypted_data)
      : req.number !== undefined
        ? { number: req.number }
        : undefined;
  if (!secret) throw new ApiFailure(5001, 'card.number');
  const token = `CV-${crypto.randomUUID()}`;
  const expires_at = store.clock.now().getTime() + TOKEN_TTL_MS;
  store.cardTokens.set(token, {
    token,
    card: {
      holder_name: req.holder_name,
      expiration_month: req.expiration_month,
      expiration_year: req.expiration_year,
      last4: lastFour(secret.number),
      brand: detectCardBrand(secret.number)?.code,
      bin: secret.number.slice(0, 6),
      invalidNumber: cardNumberProblem(secret.number) !== undefined,
    },
    expires_at,
    used: false,
  });
  return { token, expires_at: new Date(expires_at).toISOString() };
}
