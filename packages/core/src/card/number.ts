/**
 * Card number rules: digits, Luhn, length by brand, BIN, masking.
 * No test-number exceptions: a number is valid by its brand's rules in every environment.
 */
import { InvalidArgumentError, assertString } from '../errors.js';
import { detectCardBrand, type CardBrand } from './brands.js';
import { normalizeCardText, normalizeDigits } from './digits.js';

/** The shortest and longest card numbers any brand issues (ISO/IEC 7812). */
export const MIN_CARD_LENGTH = 12;
export const MAX_CARD_LENGTH = 19;

/**
 * The digits of `input`, in ASCII, everything else dropped: `'4111-1111 1111.1111'` and
 * `'٤١١١ ١١١١ ١١١١ ١١١١'` give `'4111111111111111'`.
 */
export function cardDigits(input: string): string {
  assertString(input, 'input');
  return normalizeDigits(input).replace(/\D/g, '');
}

/**
 * The card number in a longer text, such as a card line copied from a password manager
 * (`4111 1111 1111 1111  12/30  123`): the first run of digit groups (joined by a space,
 * dash or dot) that starts with four digits or more and whose first groups make a valid
 * number, taken group by group so that a code or date after it is not taken with it.
 * `undefined` when the text holds no valid number.
 */
export function findCardNumber(text: string): string | undefined {
  for (const [run] of normalizeCardText(text).matchAll(/\d{4,}(?:[ .-]\d+)*/g)) {
    let digits = '';
    for (const group of run.split(/\D/)) if (isValidCardNumber((digits += group))) return digits;
  }
  return undefined;
}

/** The Luhn (mod 10) check over a string of digits. */
export function luhnCheck(digits: string): boolean {
  assertString(digits, 'digits');
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The lengths a number of this brand may have; any length from 12 to 19 for an unknown brand. */
export function allowedLengths(brand: Pick<CardBrand, 'lengths'> | undefined): readonly number[] {
  if (!brand) return ANY_LENGTH;
  if (!Array.isArray(brand.lengths)) throw new InvalidArgumentError('brand', 'a card brand', brand);
  return brand.lengths;
}

const ANY_LENGTH = Object.freeze(
  Array.from({ length: MAX_CARD_LENGTH - MIN_CARD_LENGTH + 1 }, (_, i) => MIN_CARD_LENGTH + i),
);

/** The longest number this brand issues. */
export function maxCardLength(brand: Pick<CardBrand, 'lengths'> | undefined): number {
  const lengths = allowedLengths(brand);
  return lengths[lengths.length - 1] ?? MAX_CARD_LENGTH;
}

export type CardNumberProblem = 'empty' | 'not_digits' | 'incomplete' | 'too_long' | 'luhn';

/**
 * Why a card number is not valid, or `undefined` when it is. Separators (spaces, dashes,
 * dots) are allowed, as shoppers type and paste them, and digits of any script.
 */
export function cardNumberProblem(number: string): CardNumberProblem | undefined {
  assertString(number, 'number');
  if (number.trim() === '') return 'empty';
  if (/[^\d\s.-]/.test(normalizeCardText(number))) return 'not_digits';
  const digits = cardDigits(number);
  const brand = detectCardBrand(digits);
  const lengths = allowedLengths(brand);
  if (digits.length > maxCardLength(brand)) return 'too_long';
  if (!lengths.includes(digits.length)) return 'incomplete';
  if ((brand?.luhn ?? true) && !luhnCheck(digits)) return 'luhn';
  return undefined;
}

/** True when `number` has a length its brand issues and, for brands that use one, a valid Luhn check digit. */
export function isValidCardNumber(number: string): boolean {
  return cardNumberProblem(number) === undefined;
}

/** A BIN as the checkout sends it: the card's first 6 digits, or its first 8 (`extractBin`). */
export const BIN_PATTERN = /^\d{6}(\d{2})?$/;

/**
 * The BIN to look plans and issuers up with; `undefined` before 6 digits. The first 8
 * digits once the number is known to be 16 digits or longer (typed that far, or of a
 * brand that issues no shorter numbers), else the first 6. Never more than 8: PCI DSS
 * allows the first eight only for numbers of 16 digits or more.
 */
export function extractBin(number: string): string | undefined {
  const digits = cardDigits(number);
  if (digits.length < 6) return undefined;
  const brand = detectCardBrand(digits);
  const eight =
    digits.length >= 16 ||
    (brand !== undefined && Math.min(...brand.lengths) >= 16 && digits.length >= 8);
  return digits.slice(0, eight ? 8 : 6);
}

/** The last four digits, for display. */
export function lastFour(number: string): string {
  return cardDigits(number).slice(-4);
}

/**
 * A number safe to show or log: first six and last four, the rest as `•` (or `mask`).
 * Numbers too short to keep ten digits show only the last four.
 *
 * @example maskCardNumber('4111111111111111') // '411111••••••1111'
 */
export function maskCardNumber(number: string, mask = '•'): string {
  const digits = cardDigits(number);
  if (digits.length >= 13)
    return digits.slice(0, 6) + mask.repeat(digits.length - 10) + digits.slice(-4);
  return mask.repeat(Math.max(0, digits.length - 4)) + digits.slice(-4);
}
