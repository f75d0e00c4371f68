/**
 * `@paylit/core/payer`: what a payment needs to know of its payer, beyond what the order says,
 * and how each detail the checkout collects is written and checked in the payer's country.
 *
 * | detail | needed |
 * |---|---|
 * | `name` | always; a new card's holder is the payer's name, so the checkout asks for it only for other methods |
 * | `email` | always (the API's payer table marks it required) |
 * | `document` | everywhere but DO and PA (`documentOptional`) |
 * | `phone` | wallets (`needsPhone`), India's cross-border payments |
 * | `birth_date` | India's cross-border payments |
 * | `address` (all five fields) | South Africa, India's cross-border payments |
 *
 * The order API, the companion server and the checkout all read this table: the server
 * asks the browser for a detail only when the order lacks it; the checkout shows a field only
 * for what the server asks. No zod and no dependency: the checkout checks as the shopper types.
 *
 * @example
 * payerNeeds('BR', 'card')                  // ['email', 'document']
 * payerNeeds('IN', 'card')                  // ['email', 'document', 'phone', 'birth_date', 'address']
 * missingPayerDetails({ name: 'Ana', email: 'a@b.co' }, payerNeeds('AR', 'wallet'))  // ['document', 'phone']
 * postalCodeProblem('BR', '01310-100')      // undefined (a CEP)
 * normalizePhone('AR', '11 5555-1234')      // '+541155551234'
 */
import {
  addressFields,
  addressRequiredCountries,
  indiaCrossBorderPayerFields,
} from './countries.js';
import { normalizeDigits } from './card/digits.js';
import { documentOptional } from './documents.js';
import { needsPhone, type PayingWith } from './methods.js';

/** India's stricter limits on the payer, for every payment processed in India. */
export const indiaLimits = {
  payerName: { min: 3, max: 50 },
  emailLocalPart: { max: 64 },
  phone: { max: 15 },
  city: { min: 3, max: 50 },
  street: { min: 4, max: 100 },
  zipCode: /^\d{6}$/,
} as const;

/** The payer's details the checkout can collect, in the order a form shows them. */
export const payerDetails = [
  'name',
  'email',
  'document',
  'phone',
  'birth_date',
  'address',
] as const;
export type PayerDetail = (typeof payerDetails)[number];

/** How the shopper pays: the submission's method types (`card`, `saved_card`, `wallet`, `redirect`). */
export type { PayingWith };

export interface PayerNeedsOptions {
  /** The merchant is abroad (cross-border processing in India). Default true, the API's stricter reading. */
  indiaCrossBorder?: boolean;
}

/** The details a payment in `country` paid `paying` needs of its payer, in `payerDetails` order. */
export function payerNeeds(
  country: string,
  paying: PayingWith,
  options: PayerNeedsOptions = {},
): PayerDetail[] {
  const needs = new Set<PayerDetail>(['email']);
  if (paying !== 'card') needs.add('name');
  if (!documentOptional(country)) needs.add('document');
  if (paying === 'wallet' && needsPhone('WALLET')) needs.add('phone');
  if (addressRequiredCountries.includes(country)) needs.add('address');
  if (country === 'IN' && options.indiaCrossBorder !== false)
    for (const detail of indiaCrossBorderPayerFields) needs.add(detail);
  return payerDetails.filter((detail) => needs.has(detail));
}

/** A payer as far as this module reads it: the API's payer object, any member absent. */
export interface PartialPayer {
  readonly [detail: string]: unknown;
  readonly address?: { readonly [field: string]: unknown } | null | undefined;
}

/** Whether `payer` has the detail: a non-empty value; for the address, all five of its fields. */
export function hasPayerDetail(payer: PartialPayer | undefined, detail: PayerDetail): boolean {
  const value = payer?.[detail];
  if (detail !== 'address') return value !== undefined && value !== null && value !== '';
  const address = payer?.address;
  return address != null && addressFields.every((f) => address[f] != null && address[f] !== '');
}

/** The details of `needs` that `payer` lacks. */
export function missingPayerDetails(
  payer: PartialPayer | undefined,
  needs: readonly PayerDetail[],
): PayerDetail[] {
  return needs.filter((detail) => !hasPayerDetail(payer, detail));
}

/** The international calling code of each country the API serves (ITU E.164), without the `+`. */
export const callingCodes: Readonly<Record<string, string>> = {
  AR: '54', BO: '591', BR: '55', CL: '56', CO: '57', CR: '506', DO: '1', EC: '593', SV: '503',
  GT: '502', HN: '504', MX: '52', NI: '505', PA: '507', PY: '595', PE: '51', UY: '598', IN: '91',
  ZA: '27', TR: '90', ID: '62', MY: '60', PH: '63', TH: '66', VN: '84', NG: '234', KE: '254',
  EG: '20', CN: '86', JP: '81',
}; // prettier-ignore

/**
 * A phone number as the API gets it: `+`, the calling code and the national number, digits
 * only (`+5511987654321`). A number typed without its country's code gets it (a national
 * number's trunk `0` dropped); one typed with a `+` keeps its own code. Undefined when it is
 * not a phone number: fewer than 6 or more than 15 digits in all (E.164), or letters. Digits
 * typed in the shopper's script (Devanagari, Arabic-Indic, Thai, full-width) are those digits.
 */
export function normalizePhone(country: string, value: string): string | undefined {
  const text = normalizeDigits(value).trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return undefined;
  let digits = text.replace(/\D/g, '');
  if (!text.startsWith('+')) {
    if (digits.startsWith('00')) digits = digits.slice(2);
    else digits = (callingCodes[country] ?? '') + digits.replace(/^0+/, '');
  }
  return digits.length >= 6 && digits.length <= 15 ? `+${digits}` : undefined;
}

/** Postal codes the checkout checks, where the country's format is fixed (others: 1 to 10 characters). */
const postalCodes: Readonly<Record<string, { pattern: RegExp; example: string }>> = {
  AR: { pattern: /^(\d{4}|[A-Z]\d{4}[A-Z]{3})$/, example: 'C1425' },
  BR: { pattern: /^\d{8}$/, example: '01310-100' },
  CL: { pattern: /^\d{7}$/, example: '8320000' },
  CO: { pattern: /^\d{6}$/, example: '110111' },
  CR: { pattern: /^\d{5}$/, example: '10101' },
  EC: { pattern: /^\d{6}$/, example: '170150' },
  MX: { pattern: /^\d{5}$/, example: '06600' },
  PE: { pattern: /^\d{5}$/, example: '15074' },
  UY: { pattern: /^\d{5}$/, example: '11200' },
  IN: { pattern: /^\d{6}$/, example: '560001' },
  ZA: { pattern: /^\d{4}$/, example: '2196' },
  TR: { pattern: /^\d{5}$/, example: '34000' },
};

/** A postal code without its spaces and dashes, upper-cased, its digits ASCII (`01310-100` → `01310100`, `५६० ००१` → `560001`). */
export function compactPostalCode(value: string): string {
  return normalizeDigits(value).replace(/[\s-]/g, '').toUpperCase();
}

/** Why `value` is not a postal code of `country`: `required`, `format`; undefined when it is one. */
export function postalCodeProblem(
  country: string,
  value: string | undefined,
): 'required' | 'format' | undefined {
  const compact = compactPostalCode(value ?? '');
  if (compact === '') return 'required';
  const rule = postalCodes[country];
  if (rule) return rule.pattern.test(compact) ? undefined : 'format';
  return compact.length <= 10 && /^[0-9A-Z]+$/.test(compact) ? undefined : 'format';
}

/** A postal code of `country` for a placeholder or a test, in its usual written form. */
export function postalCodeExample(country: string): string | undefined {
  return postalCodes[country]?.example;
}

/** A birth date `YYYY-MM-DD` (an `<input type="date">`'s value) as the API writes it, `DD-MM-YYYY`. */
export function apiBirthDate(isoDate: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : undefined;
}
