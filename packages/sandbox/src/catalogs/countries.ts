/**
 * The countries the sandbox serves: a view of core's table of the countries the API serves,
 * each with its currencies (the local one and USD). An amount in a currency without decimals
 * (CLP, COP…) that carries decimals is refused here, in one place, not rounded: the sandbox
 * never charges another amount than the one asked.
 */
import { acceptsCurrency, countries as table, isServedCountry } from '@paylit/core/countries';
import { isAmountInCurrency, roundAmount } from '@paylit/core/money';

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

/**
 * The sandbox's fixed rates: units of each local currency one US dollar buys. The API converts
 * a USD payment at the day's rate, which nothing public states; these stand for it, so that a
 * test can compute what a ticket charges.
 */
export const usdRates: Readonly<Record<string, number>> = {
  ARS: 1000,
  BOB: 6.9,
  BRL: 5.5,
  CLP: 950,
  COP: 4000,
  CRC: 500,
  DOP: 60,
  GTQ: 7.7,
  HNL: 26,
  MXN: 18.5,
  NIO: 36.5,
  PYG: 7500,
  PEN: 3.75,
  UYU: 40,
  INR: 85,
  ZAR: 18,
  TRY: 40,
  IDR: 16000,
  MYR: 4.4,
  PHP: 58,
  THB: 34,
  VND: 25000,
  NGN: 1500,
  KES: 129,
  EGP: 48,
  CNY: 7.2,
  JPY: 150,
};

/**
 * What a payer pays with cash or Pix for a payment of `amount` `currency` in `country`: the
 * same in its local currency; a USD payment converted at `usdRates`, rounded to the local
 * currency's decimals (the payer is charged in the local currency unless `currency_to_charge`
 * says USD, and a voucher or a Pix code can only be paid in it).
 */
export function localMoney(
  amount: number,
  currency: string,
  country: string,
): { amount: number; currency: string } {
  const local = countries[country]?.currency;
  const rate = local === undefined ? undefined : usdRates[local];
  if (local === undefined || local === currency || currency !== 'USD' || rate === undefined)
    return { amount, currency };
  return { amount: roundAmount(amount * rate, local), currency: local };
}

/**
 * A capture's or a refund's `amount` stated in `currency`, in the currency of the payment it
 * takes from (`paid`, of `country`): "Each country accepts USD and local currency" (the spec's
 * capture and refund tables), so a USD amount of a local payment, or a local amount of a USD
 * payment, is converted at `usdRates` and rounded to the payment's decimals. Undefined for any
 * other currency.
 */
export function inPaymentCurrency(
  amount: number,
  currency: string,
  paid: string,
  country: string,
): number | undefined {
  if (currency === paid) return amount;
  const local = countries[country]?.currency;
  const rate = local === undefined ? undefined : usdRates[local];
  if (rate === undefined) return undefined;
  if (currency === 'USD' && paid === local) return roundAmount(amount * rate, local);
  if (currency === local && paid === 'USD') return roundAmount(amount / rate, 'USD');
  return undefined;
}
