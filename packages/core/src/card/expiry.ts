/** Card expiry: parsing what shoppers and autofill type, validation, and the input's auto slash. */
import { InvalidArgumentError, assertObject, assertString } from '../errors.js';
import { reformatDigits, type FieldState } from './caret.js';
import { normalizeCardText } from './digits.js';

export interface Expiry {
  /** 1 to 12. */
  readonly month: number;
  /** Four digits. */
  readonly year: number;
}

/** How far ahead an expiry may be. */
export const MAX_EXPIRY_YEARS = 20;

/**
 * Reads `MM/YY`, `MM / YY`, `MM/YYYY`, `M/YY`, `MMYY`, `MMYYYY` and `MM-YY`, in any script's
 * digits and with any dash (`normalizeCardText`). Two-digit years are 20YY. Answers `undefined`
 * for anything else (including a month outside 1–12).
 */
export function parseExpiry(input: string): Expiry | undefined {
  assertString(input, 'input');
  const text = normalizeCardText(input).trim();
  const m =
    /^(\d{1,2})\s*[/\-. ]\s*(\d{2}|\d{4})$/.exec(text) ?? /^(\d{2})(\d{2}|\d{4})$/.exec(text);
  if (!m) return undefined;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}

export type ExpiryProblem = 'empty' | 'incomplete' | 'invalid_month' | 'expired' | 'too_far';

/**
 * Why an expiry cannot be used on `now`, or `undefined` when it can. A card is valid
 * through the last day of its month; more than 20 years ahead is a typo.
 */
export function expiryProblem(expiry: Expiry, now: Date = new Date()): ExpiryProblem | undefined {
  assertObject(expiry, 'expiry', 'an object {month, year}');
  if (!(now instanceof Date) || Number.isNaN(now.getTime()))
    throw new InvalidArgumentError('now', 'a valid Date', now);
  if (!Number.isInteger(expiry.month) || expiry.month < 1 || expiry.month > 12)
    return 'invalid_month';
  if (!Number.isInteger(expiry.year)) return 'incomplete';
  const months = expiry.year * 12 + (expiry.month - 1) - (now.getFullYear() * 12 + now.getMonth());
  if (months < 0) return 'expired';
  if (months > MAX_EXPIRY_YEARS * 12) return 'too_far';
  return undefined;
}

/** As `expiryProblem`, from what is in the input. */
export function expiryInputProblem(
  input: string,
  now: Date = new Date(),
): ExpiryProblem | undefined {
  assertString(input, 'input');
  const text = normalizeCardText(input);
  if (!/\S/.test(text)) return 'empty';
  // Something entered with no digit in it (a pasted word) is not a date yet: say how to write one.
  if (!/\d/.test(text)) return 'incomplete';
  const expiry = parseExpiry(text);
  // The month as entered: before a separator, or the first two digits.
  const entered = /^\s*(\d\d?)\s*[/\-. ]|^\s*(\d\d)/.exec(text);
  const month = Number(entered?.[1] ?? entered?.[2]);
  if (!expiry) return month < 1 || month > 12 ? 'invalid_month' : 'incomplete';
  return expiryProblem(expiry, now);
}

export function isValidExpiry(expiry: Expiry, now: Date = new Date()): boolean {
  return expiryProblem(expiry, now) === undefined;
}

/** `MM/YY`. */
export function formatExpiry(expiry: Expiry): string {
  assertObject(expiry, 'expiry', 'an object {month, year}');
  if (!Number.isInteger(expiry.month) || !Number.isInteger(expiry.year))
    throw new InvalidArgumentError('expiry', 'integers {month, year}', expiry);
  return `${String(expiry.month).padStart(2, '0')}/${String(expiry.year % 100).padStart(2, '0')}`;
}

/**
 * Typed digits as the expiry input shows them: a lone 2–9 becomes `0N/` (no month starts
 * with it), two digits get the slash, four digits are `MM/YY`, and a year begun `20` may take
 * two more (`12/2030`, a year typed in four digits: a card of 2020 is long expired). Digits
 * are never read as another month: `13` stays `13/`, and its message says the month is wrong.
 */
export function formatExpiryDigits(digits: string): string {
  assertString(digits, 'digits');
  let d = digits.replace(/\D/g, '');
  if (d.length === 1 && d > '1') d = `0${d}`;
  d = d.slice(0, d.slice(2, 4) === '20' ? 6 : 4);
  if (d.length < 2) return d;
  return `${d.slice(0, 2)}/${d.slice(2)}`;
}

/**
 * The expiry input after an edit, with the auto slash, native digits as ASCII. Pass the
 * value before the edit as `previous` so Backspace over the slash deletes the month's last
 * digit, and `whole` for a value that came at once (pasted, dropped, autofilled): what
 * `parseExpiry` reads becomes `MM/YY`; anything else keeps its digits and separators as
 * they came (`13/30`, `12/3`, `12345`), never cut or moved into another date, for its
 * message to say what is wrong. Typed, separators come and go and a fifth digit is refused
 * (but the year's third and fourth after `20`, `formatExpiryDigits`).
 *
 * @example reformatExpiry({ value: '12/2030', caret: 7 }, '', true) // {value: '12/30', caret: 5}
 */
export function reformatExpiry(next: FieldState, previous?: string, whole = false): FieldState {
  assertObject(next, 'state', 'an object {value, caret}');
  const state = { ...next, value: normalizeCardText(next.value) };
  const text = state.value.trim();
  const read = parseExpiry(text);
  if (read && (whole || /\D/.test(text))) {
    const value = formatExpiry(read);
    return { value, caret: value.length };
  }
  // "1/" typed by hand means January.
  if (/^[1-9]\s*[/\-. ]$/.test(text)) return { value: `0${text[0]}/`, caret: 3 };
  if (/[^\d\s/.-]/.test(text) || (whole && (/\D/.test(text) || text.length > 4))) return state;
  return reformatDigits(state, formatExpiryDigits, whole ? undefined : previous);
}
