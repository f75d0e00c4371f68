/**
 * `@paylit/core/money`: amounts as the API takes them and as shoppers read them.
 *
 * The API's `amount` is "Length 10,2": a decimal of precision 10 and scale 2, so at most
 * 8 integer digits and 2 decimals (99 999 999.99). How many decimals a currency uses
 * comes from `Intl` (ISO 4217's minor units: CLP and PYG none, BRL two), capped at the
 * API's two, except where the API's rule differs (COP has none).
 *
 * @example
 * formatAmount(1234.5, 'BRL', 'pt-BR') // 'R$ 1.234,50'
 * parseAmount('1.234,50', 'es-AR')     // 1234.5
 */
import { InvalidArgumentError, assertString } from './errors.js';

/** Precision and scale of `amount` (10,2). */
export const AMOUNT_PRECISION = 10;
export const AMOUNT_SCALE = 2;
export const MAX_AMOUNT = 10 ** (AMOUNT_PRECISION - AMOUNT_SCALE) - 10 ** -AMOUNT_SCALE;

/**
 * ISO 4217 minor units per code `Intl` was asked about; `null` for a code it does not know.
 * Seeded where the API's rule differs from ISO 4217 or from older `Intl` data: Chile's and
 * Colombia's pesos have no decimals.
 */
const isoDigits = new Map<string, number | null>([
  ['CLP', 0],
  ['COP', 0],
]);

/** The currency's ISO minor units from `Intl`, asked once per code (a formatter costs a locale's data to build). */
function currencyDigits(code: string): number | null {
  let digits = isoDigits.get(code);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = null;
    }
    // Bounded: only well-formed codes reach here, and a wrong one is remembered as unknown.
    if (isoDigits.size < 1024) isoDigits.set(code, digits);
  }
  return digits;
}

/** True for a three-letter uppercase currency code that `Intl` knows. */
export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value) && currencyDigits(value) !== null;
}

function assertCurrency(currency: unknown): asserts currency is string {
  if (!isCurrencyCode(currency))
    throw new InvalidArgumentError('currency', 'an ISO 4217 code such as "BRL"', currency);
}

/** How many decimals amounts in `currency` carry (never more than the API's 2). */
export function currencyDecimals(currency: string): number {
  assertCurrency(currency);
  return Math.min(currencyDigits(currency)!, AMOUNT_SCALE);
}

/**
 * True when `amount` fits the API's 10,2: finite, not negative, at most 2 decimals and
 * 8 integer digits.
 */
export function isApiAmount(amount: unknown): amount is number {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0 || amount > MAX_AMOUNT)
    return false;
  return Math.round(amount * 100) / 100 === amount;
}

/** True when `amount` is an API amount with no more decimals than `currency` carries. */
export function isAmountInCurrency(amount: unknown, currency: string): amount is number {
  if (!isApiAmount(amount)) return false;
  const factor = 10 ** currencyDecimals(currency);
  return Math.round(amount * factor) / factor === amount;
}

/** `amount` rounded half away from zero to the currency's decimals. */
export function roundAmount(amount: number, currency: string): number {
  assertFinite(amount);
  const factor = 10 ** currencyDecimals(currency);
  // Scale through a string so 1.005 rounds to 1.01, as a person would.
  const scaled = Number(`${Math.abs(amount)}e${Math.log10(factor)}`);
  return (Math.sign(amount) * Math.round(scaled)) / factor;
}

/** An amount in the currency's minor units (cents): `toMinorUnits(12.34, 'BRL')` is 1234. */
export function toMinorUnits(amount: number, currency: string): number {
  assertFinite(amount);
  return Math.round(amount * 10 ** currencyDecimals(currency));
}

/** The inverse of `toMinorUnits`. */
export function fromMinorUnits(minor: number, currency: string): number {
  if (!Number.isInteger(minor))
    throw new InvalidArgumentError('minor', 'an integer number of minor units', minor);
  return minor / 10 ** currencyDecimals(currency);
}

/**
 * The amount as a shopper reads it in `locale`, e.g. `R$ 1.234,50`. Uses the
 * currency's API decimals, so `CLP` shows no cents.
 */
export function formatAmount(
  amount: number,
  currency: string,
  locale?: string | readonly string[],
): string {
  assertFinite(amount);
  if (typeof currency !== 'string') assertCurrency(currency);
  const key =
    typeof locale === 'string' || locale === undefined ? `${locale}|${currency}` : undefined;
  let formatter = key === undefined ? undefined : currencyFormats.get(key);
  if (!formatter) {
    formatter = currencyFormat(currency, locale);
    if (key !== undefined && currencyFormats.size < 256) currencyFormats.set(key, formatter);
  }
  const text = formatter.format(amount);
  // Right-to-left output (Intl marks it with RLM or ALM): the currency's symbol is isolated
  // (FSI … PDI), or "‏1,200.00 R$" shows as "$R 1,200.00", the `$` being neutral at the end of
  // a right-to-left line. Only the layout changes, in a label, an <option> or a message alike.
  if (!/[\u200f\u061c]/.test(text)) return text;
  return formatter
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? `\u2068${part.value}\u2069` : part.value))
    .join('');
}

/**
 * The locale's formatter for a currency, capped at the API's decimals. The first
 * formatter a page builds costs the locale's data: the currency's own digits come from
 * this one formatter instead of a separate one.
 */
function currencyFormat(
  currency: string,
  locale: string | readonly string[] | undefined,
): Intl.NumberFormat {
  if (typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) && !isoDigits.has(currency)) {
    try {
      const formatter = new Intl.NumberFormat(locale as string | string[] | undefined, {
        style: 'currency',
        currency,
      });
      const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
      if (isoDigits.size < 1024) isoDigits.set(currency, digits);
      if (digits <= AMOUNT_SCALE) return formatter;
    } catch {
      // A bad locale or currency: told apart below.
    }
  }
  const decimals = currencyDecimals(currency);
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** Formatters by locale, currency and decimals: a checkout formats the same amount style again and again. */
const currencyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Reads an amount typed in `locale` (`1.234,50` in es-AR, `1,234.50` in en-US), with or
 * without a currency sign. Answers `undefined` for text that is not an amount.
 */
export function parseAmount(input: string, locale?: string): number | undefined {
  assertString(input, 'input');
  const parts = numberFormat(locale).formatToParts(11111.1);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  let text = input.replace(/[^\d\-.,'\s\u00a0\u202f\u2019]/g, '').trim();
  // Group separators: the locale's, and the spaces some locales print.
  text = text
    .split(group)
    .join('')
    .replace(/[\s\u00a0\u202f]/g, '');
  if (decimal !== '.') text = text.replace(decimal, '.');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** `Intl.NumberFormat`, with a bad locale or option as a typed error instead of a RangeError. */
function numberFormat(locale: unknown, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale as string | string[] | undefined, options);
  } catch {
    throw new InvalidArgumentError('locale', 'a BCP 47 language tag such as "pt-BR"', locale);
  }
}

function assertFinite(amount: unknown): asserts amount is number {
  if (typeof amount !== 'number' || !Number.isFinite(amount))
    throw new InvalidArgumentError('amount', 'a finite number', amount);
}
