/** Security code rules: digits only, the length the brand prints. */
import { assertString } from '../errors.js';
import type { CardBrand } from './brands.js';
import { normalizeDigits } from './digits.js';

export type CvvProblem = 'empty' | 'not_digits' | 'wrong_length';

/**
 * Why a CVV is not valid for this brand, or `undefined` when it is. Without a brand,
 * 3 or 4 digits pass.
 */
export function cvvProblem(
  cvv: string,
  brand?: Pick<CardBrand, 'cvvLength'>,
): CvvProblem | undefined {
  assertString(cvv, 'cvv');
  if (cvv === '') return 'empty';
  if (!/^\d+$/.test(cvv)) return 'not_digits';
  const ok = brand ? cvv.length === brand.cvvLength : cvv.length === 3 || cvv.length === 4;
  return ok ? undefined : 'wrong_length';
}

export function isValidCvv(cvv: string, brand?: Pick<CardBrand, 'cvvLength'>): boolean {
  return cvvProblem(cvv, brand) === undefined;
}

/** The longest CVV to accept while typing. */
export function maxCvvLength(brand?: Pick<CardBrand, 'cvvLength'>): number {
  return brand ? brand.cvvLength : 4;
}

/**
 * The security code input after an edit, native digits as ASCII. Typed: digits only, cut
 * to the brand's length. A `whole` value (pasted, autofilled) is only trimmed: a wrong
 * one is kept as it came, for its message to say what is wrong.
 */
export function reformatCvv(
  value: string,
  brand?: Pick<CardBrand, 'cvvLength'>,
  whole = false,
): string {
  const cvv = normalizeDigits(value);
  return whole ? cvv.trim() : cvv.replace(/\D/g, '').slice(0, maxCvvLength(brand));
}
