/** Card number formatting by brand, for display and for the input as it is typed. */
import { GAPS_16, detectCardBrand, type CardBrand } from './brands.js';
import { assertObject } from '../errors.js';
import { reformatDigits, type FieldState } from './caret.js';
import { normalizeCardText } from './digits.js';
import { cardDigits, findCardNumber, maxCardLength } from './number.js';

/**
 * The number grouped as the brand prints it, cut to the brand's longest length.
 *
 * @example formatCardNumber('378282246310005') // '3782 822463 10005'
 */
export function formatCardNumber(
  number: string,
  brand: Pick<CardBrand, 'gaps' | 'lengths'> | undefined = detectCardBrand(number),
): string {
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

/** The card number input after an edit; `taken` when the number was taken out of a longer text. */
export interface CardNumberState extends FieldState {
  readonly taken?: boolean;
}

/**
 * The card number input after an edit: native digits as ASCII, formatted by the brand its
 * digits now show, caret kept after the same digit. Pass the value before the edit as
 * `previous`, and `whole` for a value that came at once (pasted, dropped, autofilled).
 * Only separators are added or removed: a value with anything but digits and separators
 * is kept as it came, for its message to say so, except a whole text holding a valid
 * number (a card line), whose number alone is taken (`taken: true`). Typed digits past the
 * brand's longest number are refused; a whole value that long is kept, unformatted.
 *
 * @example reformatCardNumber({ value: '41111', caret: 5 }) // {value: '4111 1', caret: 6}
 */
export function reformatCardNumber(
  next: FieldState,
  previous?: string,
  whole = false,
): CardNumberState {
  assertObject(next, 'state', 'an object {value, caret}');
  const state = { ...next, value: normalizeCardText(next.value) };
  if (/[^\d\s.-]/.test(state.value)) {
    const found = whole ? findCardNumber(state.value) : undefined;
    if (!found) return state;
    const value = formatCardNumber(found);
    return { value, caret: value.length, taken: true };
  }
  if (whole && cardDigits(state.value).length > maxCardLength(detectCardBrand(state.value)))
    return state;
  // A whole value replaces the last: it is no Backspace over a separator.
  return reformatDigits(state, (digits) => formatCardNumber(digits), whole ? undefined : previous);
}
