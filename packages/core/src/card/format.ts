/** Card number formatting by brand, for display and for the input as it is typed. */
import { GAPS_16, detectCardBrand, type CardBrand } from './brands.js';
import { reformatDigits, type FieldState } from './caret.js';
import { cardDigits, maxCardLength } from './number.js';

/**
 * The number grouped as the brand prints it, cut to the brand's longest length.
 *
 * @example formatCardNumber('378282246310005') // '3782 822463 10005'
 */
export function formatCardNumber(number: string, brand: Pick<CardBrand, 'gaps' | 'lengths'> | undefined = detectCardBrand(number)): string {
  const digits = cardDigits(number).slice(0, maxCardLength(brand));
  const gaps: readonly number[] = brand?.gaps ?? GAPS_16;
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && gaps.includes(i)) out += ' ';
    out += digits[i];
  }
  return out;
}

/** The digits of a formatted (or pasted, spaced, dashed) number: the inverse of `formatCardNumber`. */
export function parseCardNumber(formatted: string): string {
  return cardDigits(formatted);
}

/**
 * The card number input after an edit: formatted by the brand its digits now show,
 * caret kept after the same digit. Pass the value before the edit as `previous`.
 *
 * @example reformatCardNumber({ value: '41111', caret: 5 }) // {value: '4111 1', caret: 6}
 */
export function reformatCardNumber(next: FieldState, previous?: string): FieldState {
  return reformatDigits(next, (digits) => formatCardNumber(digits), previous);
}
