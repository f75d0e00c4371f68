/**
 * The countries the sandbox serves: a view of core's table of the countries the API serves,
 * each with its currencies (the local one and USD). An amount in a currency without decimals
 * (CLP, COP…) that carries decimals is refused here, in one place, not rounded: the sandbox
 * never charges another amount than the one asked.
 */
import { acceptsCurrency, countries as table, isServedCountry } from '@paylit/core/countries';
import { isAmountInCurrency } from '@paylit/core/money';

/** The served countries with their name and local currency. */
export const countries: Readonly<Record<string, { currency: string; name: string }>> =
  Object.fromEntries(
    Object.entries(table).map(([code, c]) => [code, { currency: c.currencies[0]!, name: c.name }]),
  );

export function isSupportedCountry(country: string): boolean {
  return isServedCountry(country);
}

/** The local currency or USD. */
export function isAllowedCurrency(country: string, currency: string): boolean {
  return acceptsCurrency(country, currency);
}

/** Whether `amount` carries no more decimals than `currency` has (none in CLP), for a currency the country takes. */
export function fitsCurrency(amount: number, currency: string): boolean {
  return isAmountInCurrency(amount, currency);
}
