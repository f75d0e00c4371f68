/**
 * Digits as shoppers of paylit's languages type them, read as the digits they are: the
 * Arabic-Indic (٠–٩), Extended Arabic-Indic (۰–۹), Devanagari (०–९) and Thai (๐–๙) digits,
 * and a CJK keyboard's full-width forms (０–９, and its ／ － ． and space).
 */
import { assertString } from '../errors.js';

/**
 * `text` with every native digit as its ASCII digit and every full-width character as its
 * ASCII form; nothing else changes. One character for one, so a caret position holds.
 *
 * @example normalizeDigits('٤١١١ ١١١١') // '4111 1111'
 */
export function normalizeDigits(text: string): string {
  assertString(text, 'text');
  return text.replace(/[٠-٩۰-۹०-९๐-๙！-～　]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code > 0xff00) return String.fromCharCode(code - 0xfee0);
    if (code === 0x3000) return ' ';
    // Each script's ten digits are in a row from a zero whose last hex digit is 0, but Devanagari's (U+0966).
    return String((code - (code >> 8 === 9 ? 6 : 0)) % 16);
  });
}

/**
 * A card number's or expiry's text as `normalizeDigits` reads it, with the dashes a document or
 * a phone's text writes between digits as `-`: the hyphen, non-breaking hyphen, figure dash, en
 * and em dashes and horizontal bar (U+2010 to U+2015), and the minus sign (U+2212). One
 * character for one, so a caret position holds.
 *
 * @example normalizeCardText('4111\u20131111') // '4111-1111'
 */
export const normalizeCardText = (text: string): string =>
  normalizeDigits(text).replace(/[\u2010-\u2015\u2212]/g, '-');
