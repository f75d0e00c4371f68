/**
 * Installment plans per country and brand, shaped like the real ones:
 * Brazil up to 12 installments, interest-free up to 3 and with interest from 4; Mexico
 * 3, 6, 9 and 12 "meses sin intereses"; Argentina 3 to 12 with interest (Naranja's
 * "Plan Z": 3 without); Colombia, Chile, Peru and Uruguay with the issuer setting the
 * interest; Turkey with interest; none for debit cards, nor in the countries whose entry in
 * core's table says they have none (where cards are paid at once).
 *
 * Amounts are computed in minor units: `installment_amount` is the French-system
 * instalment rounded up to the cent, and `total_amount` is exactly it times the count.
 */
import { detectBrand } from '@paylit/core/card';
import { countries } from '@paylit/core/countries';
import { currencyDecimals, fromMinorUnits, toMinorUnits } from '@paylit/core/money';

export interface InstallmentOption {
  installments: number;
  installment_amount: number;
  total_amount: number;
}

interface CountryRule {
  counts: readonly number[];
  /** Monthly interest for a count; 0 is interest-free. */
  rate: (count: number, brand: string | undefined) => number;
  /** The smallest instalment offered, in the local currency. */
  minInstallment: number;
  /** The issuer sets the interest (amounts shown without it). */
  byBank?: boolean;
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

const rules: Readonly<Record<string, CountryRule>> = {
  BR: { counts: range(1, 12), rate: (n) => (n <= 3 ? 0 : 0.0249), minInstallment: 5 },
  MX: { counts: [1, 3, 6, 9, 12], rate: () => 0, minInstallment: 100 },
  AR: {
    counts: [1, 3, 6, 9, 12],
    rate: (n, brand) => (n === 1 || (brand === 'naranja' && n === 3) ? 0 : 0.055),
    minInstallment: 500,
  },
  CO: { counts: [1, 2, 3, 6, 12, 24, 36], rate: () => 0, minInstallment: 10000, byBank: true },
  CL: { counts: range(1, 12), rate: () => 0, minInstallment: 5000, byBank: true },
  PE: { counts: range(1, 12), rate: () => 0, minInstallment: 20, byBank: true },
  UY: { counts: [1, 2, 3, 6, 10, 12], rate: () => 0, minInstallment: 200, byBank: true },
  TR: { counts: [1, 2, 3, 6, 9, 12], rate: (n) => (n === 1 ? 0 : 0.035), minInstallment: 50 },
};

// The countries of core's table that offer installments are the ones with a rule here.
for (const [code, country] of Object.entries(countries)) {
  if (country.installments !== Object.hasOwn(rules, code))
    throw new Error(`installments of ${code}: core's table and the sandbox's rules disagree`);
}

/** Brands paid at once whatever the country (debit). */
const singlePaymentBrands = new Set(['visa-debit', 'maestro']);

/** The installment options for a BIN and amount: always at least the single payment. */
export function installmentOptions(
  country: string,
  bin: string,
  amount: number,
  currency: string,
): { options: InstallmentOption[]; byBank: boolean } {
  const brand = detectBrand(bin)?.id;
  const rule = Object.hasOwn(rules, country) ? rules[country] : undefined;
  const decimals = currencyDecimals(currency);
  const principal = toMinorUnits(amount, currency);
  const single = { installments: 1, installment_amount: amount, total_amount: amount };
  if (!rule || (brand !== undefined && singlePaymentBrands.has(brand)))
    return { options: [single], byBank: false };
  const minMinor =
    currency === 'USD' ? toMinorUnits(1, 'USD') : toMinorUnits(rule.minInstallment, currency);
  const options: InstallmentOption[] = [];
  for (const n of rule.counts) {
    const r = rule.byBank ? 0 : rule.rate(n, brand);
    const exact = r === 0 ? principal / n : (principal * r) / (1 - (1 + r) ** -n);
    const each = Math.ceil(exact - 1e-9);
    if (n > 1 && each < minMinor) break;
    options.push({
      installments: n,
      installment_amount: fromMinorUnits(each, currency),
      total_amount: Number(fromMinorUnits(each * n, currency).toFixed(decimals)),
    });
  }
  return { options, byBank: rule.byBank ?? false };
}
