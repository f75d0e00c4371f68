/**
 * The card's own words: the keys of a catalog the card fields draw, in page and in frame
 * isolation. The card frame is sent these, in the page's language, and nothing else of the
 * catalog; English's are `enCard` (en-card.ts), which the frame draws before it is configured.
 */
import type { Messages } from './en.js';

export const CARD_WORDS = [
  'cardNumber',
  'expiry',
  'expiryPlaceholder',
  'cvv',
  'cvvWhereBack',
  'cvvWhereFront',
  'acceptedCards',
  'encrypted',
  'holder',
  'savedCardCvv',
  'brandDetected',
  'numberTaken',
  'errors',
] as const;

export type CardWords = Pick<Messages, (typeof CARD_WORDS)[number]>;

/** A catalog's card words, as the page sends them to the card frame. */
export function cardWords(t: Messages): CardWords {
  return Object.fromEntries(CARD_WORDS.map((key) => [key, t[key]])) as unknown as CardWords;
}
