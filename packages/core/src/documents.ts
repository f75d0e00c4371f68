/**
 * Payers' documents as the API checks them (api-behaviour.md, "The wire dialect"): a
 * Brazilian `payer.document` must be a CPF (11 digits) or a CNPJ (14 digits) with valid
 * check digits, punctuation allowed (`123.456.789-09`, `12.345.678/0001-95`); other
 * countries' documents are checked for length only, which the schemas do.
 *
 * No zod here: the elements can check a document as it is typed.
 *
 * @example
 * isCpf('123.456.789-09')                   // true
 * documentProblem('BR', '11.222.333/0001-82') // 'must be a CPF (11 digits) or a CNPJ (14 digits) with valid check digits in Brazil'
 */

/** The digits of a document written with the usual punctuation (dots, dashes, slashes, spaces); `undefined` when anything else is in it. */
function documentDigits(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const digits = value.replace(/[.\-/\s]/g, '');
  return /^\d+$/.test(digits) ? digits : undefined;
}

/**
 * The check digit of `digits` under `weights` (modulo 11, as CPF and CNPJ compute it):
 * the weighted sum's remainder r gives 0 when r < 2, else 11 - r.
 */
function mod11(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * weights[i]!;
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** A run of one digit (`111.111.111-11`) passes the check digits but is no one's number. */
const oneDigitRepeated = /^(\d)\1*$/;

const cpfWeights1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const cpfWeights2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const cnpjWeights1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const cnpjWeights2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** True for a Brazilian CPF (a person's number): 11 digits whose last two are its check digits. */
export function isCpf(value: unknown): boolean {
  const d = documentDigits(value);
  if (d === undefined || d.length !== 11 || oneDigitRepeated.test(d)) return false;
  return mod11(d, cpfWeights1) === Number(d[9]) && mod11(d, cpfWeights2) === Number(d[10]);
}

/** True for a Brazilian CNPJ (a company's number): 14 digits whose last two are its check digits. */
export function isCnpj(value: unknown): boolean {
  const d = documentDigits(value);
  if (d === undefined || d.length !== 14 || oneDigitRepeated.test(d)) return false;
  return mod11(d, cnpjWeights1) === Number(d[12]) && mod11(d, cnpjWeights2) === Number(d[13]);
}

/**
 * What is wrong with `document` as a payer's document in `country`, or `undefined` when
 * the API takes it. Only Brazil checks more than the length (which the schemas check).
 */
export function documentProblem(country: string, document: string): string | undefined {
  if (country === 'BR' && !isCpf(document) && !isCnpj(document)) return 'must be a CPF (11 digits) or a CNPJ (14 digits) with valid check digits in Brazil';
  return undefined;
}
