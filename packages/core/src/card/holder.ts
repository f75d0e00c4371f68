/**
 * The card holder's name: the one free text that travels outside the JWE, so it must not
 * carry a card number typed in the wrong field.
 */
import { assertString } from '../errors.js';
import { formatCharacterIn } from '../plain-text.js';
import { normalizeDigits } from './digits.js';

/** The longest holder's name the checkout sends, in characters. */
export const MAX_HOLDER_NAME_LENGTH = 100;

/**
 * Why a holder's name cannot be sent: `empty` (nothing but spaces), `digits` (a run of four
 * digits in any script: a card number in the wrong field, which would travel in clear),
 * `invalid` (longer than `MAX_HOLDER_NAME_LENGTH` once trimmed, or a character no name holds:
 * a control, a bidirectional control, a line separator or another format character, core's
 * one rule for names and addresses, `formatCharacterIn` of plain-text.ts).
 */
export type HolderNameProblem = 'empty' | 'digits' | 'invalid';

/**
 * The problem of a holder's name, or undefined when it may be sent (trimmed).
 *
 * @example holderNameProblem('MARIA 4111 1111') // 'digits'
 */
export function holderNameProblem(name: string): HolderNameProblem | undefined {
  assertString(name, 'name');
  const trimmed = name.trim();
  if (!trimmed) return 'empty';
  if (/\d{4}/.test(normalizeDigits(trimmed))) return 'digits';
  if (trimmed.length > MAX_HOLDER_NAME_LENGTH || formatCharacterIn(trimmed)) return 'invalid';
  return undefined;
}
