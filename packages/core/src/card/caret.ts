import { InvalidArgumentError, assertObject, assertString } from '../errors.js';

/**
 * Reformatting an input's value as the shopper types without moving the caret
 * from where they expect it. The rule: the caret stays after the same number of
 * digits (or of the characters that count, for a value with letters: a document);
 * at the end of the value it stays at the end.
 */

/** An input's value and caret position (`selectionStart`). */
export interface FieldState {
  readonly value: string;
  readonly caret: number;
  /** The edit deleted forward (the Delete key, `inputType` `deleteContentForward`). */
  readonly forward?: boolean;
}

function digitsBefore(value: string, caret: number, counts: RegExp): number {
  return value.slice(0, caret).replace(counts, '').length;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** The position right after the `n`-th digit of `value` (0 for n = 0). */
export function caretAfterDigits(value: string, n: number): number {
  assertString(value, 'value');
  if (!Number.isInteger(n)) throw new InvalidArgumentError('n', 'an integer position', n);
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < value.length; i++) {
    if (isDigit(value.charCodeAt(i)) && ++seen === n) return i + 1;
  }
  return value.length;
}

/**
 * Reformats `next` (the input's state after an edit) with `format`, which takes the
 * digits and returns the text to show. Give `previous` (the value before the edit) so
 * that deleting a separator deletes the digit before it, as shoppers expect from
 * Backspace, or after it with Delete (`next.forward`, the caret kept), instead of the
 * formatter putting the separator straight back.
 */
export function reformatDigits(
  next: FieldState,
  format: (digits: string) => string,
  previous?: string,
  /** What does not count, and goes: anything but a digit by default; for a document, anything but a letter or digit. */
  ignored = /\D/g,
): FieldState {
  assertObject(next, 'state', 'an object {value, caret}');
  assertString(next.value, 'state.value');
  if (!Number.isInteger(next.caret))
    throw new InvalidArgumentError('state.caret', 'an integer position', next.caret);
  if (previous !== undefined) assertString(previous, 'previous');
  const caret = Math.max(0, Math.min(next.caret, next.value.length));
  let digits = next.value.replace(ignored, '');
  let before = digitsBefore(next.value, caret, ignored);
  const atEnd = caret === next.value.length;
  if (
    previous !== undefined &&
    next.value.length < previous.length &&
    previous.replace(ignored, '') === digits &&
    (before > 0 || next.forward)
  ) {
    if (!next.forward) before -= 1;
    digits = digits.slice(0, before) + digits.slice(before + 1);
  }
  const value = format(digits);
  if (atEnd) return { value, caret: value.length };
  // After the same number of characters that count.
  let at = 0;
  for (let seen = 0; at < value.length && seen < before; at++)
    if (value[at]!.replace(ignored, '')) seen++;
  return { value, caret: at };
}
