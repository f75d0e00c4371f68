/**
 * `@paylit/core/card`: everything a card form needs, without the schemas (no zod),
 * so a browser bundle stays small.
 *
 * @example
 * import { detectBrand, reformatCardNumber, isValidCardNumber } from '@paylit/core/card';
 * detectBrand('5895 62') // {id: 'naranja', code: 'NJ', name: 'Naranja', …}
 */
export { cardBrands, detectBrand, detectCardBrand, getBrand } from './brands.js';
export type { BrandInfo, BrandPattern, CardBrand } from './brands.js';
export { intentMethodsProblem } from './intent.js';
export {
  MAX_CARD_LENGTH,
  MIN_CARD_LENGTH,
  allowedLengths,
  cardDigits,
  cardNumberProblem,
  extractBin,
  findCardNumber,
  isValidCardNumber,
  lastFour,
  luhnCheck,
  maskCardNumber,
  maxCardLength,
} from './number.js';
export type { CardNumberProblem } from './number.js';
export { normalizeDigits } from './digits.js';
export { MAX_HOLDER_NAME_LENGTH, holderNameProblem } from './holder.js';
export type { HolderNameProblem } from './holder.js';
export { FORMAT_CHARACTER, formatCharacterIn } from '../plain-text.js';
export { BIN_PATTERN } from './number.js';
export { cvvProblem, isValidCvv, maxCvvLength, reformatCvv } from './cvv.js';
export type { CvvProblem } from './cvv.js';
export { formatCardNumber, parseCardNumber, reformatCardNumber } from './format.js';
export type { CardNumberState } from './format.js';
export {
  MAX_EXPIRY_YEARS,
  expiryInputProblem,
  expiryProblem,
  formatExpiry,
  formatExpiryDigits,
  isValidExpiry,
  parseExpiry,
  reformatExpiry,
} from './expiry.js';
export type { Expiry, ExpiryProblem } from './expiry.js';
export { caretAfterDigits, reformatDigits } from './caret.js';
export type { FieldState } from './caret.js';
