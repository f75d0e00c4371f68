/**
 * `@paylit/core/installments`: what an installment plan costs the shopper, as the rates each
 * market asks a checkout to state. One rule, in one place: the elements show these figures,
 * and nothing else computes them.
 *
 * The convention (what shoppers in each market expect to read, worked in installments.worked.md; the figures are checked against a
 * working done by hand in `installments.worked.md`):
 *
 * - **Monthly rate `i`** (French system): the rate at which `n` equal installments `A` repay
 *   the principal `P` (the order's amount): `P = A · (1 − (1 + i)^−n) / i`, solved by
 *   Newton's method from a bracket, to 1e-12. `i = 0` when `n · A ≤ P`.
 * - **Argentina**: TNA = `i` × 365 / 30 (nominal, 30-day months in a 365-day year);
 *   TEA = (1 + `i`)^(365/30) − 1; CFT = the same annualisation of the monthly rate `j` of the
 *   cash flows the shopper really pays, VAT included: each installment plus VAT (21 % by
 *   default) on its interest part, `cashflow_k = A + vat · balance_{k−1} · i`, and
 *   `P = Σ cashflow_k / (1 + j)^k`. Fees are not known to the checkout and are not in it.
 * - **Mexico**: CAT = (1 + `i`)^12 − 1, without VAT ("sin IVA, para fines informativos"),
 *   from the interest alone: commissions the issuer adds are not known here.
 * - **Brazil**: CET = (1 + `i`)^12 − 1, the annual equivalent of the monthly rate that
 *   Banco Central's CET uses. Taxes such as IOF, insurance and fees belong in a lender's CET
 *   but are not known to the checkout: this figure is the interest alone, a lower bound.
 *
 * A plan is interest-free when its total exceeds the price by less than one minor unit per
 * installment (the rounding of each installment up to the cent, never down).
 *
 * @example
 * const option = { installments: 6, installment_amount: 1950, total_amount: 11700 };
 * planRates(10000, option, { currency: 'ARS' })
 * // { monthly: 0.04679…, tna: 0.5693…, tea: 0.7443…, cft: 0.9543…, cat: 0.7311…, cet: 0.7311… }
 */
import { PaylitError } from './errors.js';
import { toMinorUnits } from './money.js';

/** The amounts of one plan option, as the API names them (`InstallmentOption` has them, and an id). */
export interface InstallmentTerms {
  /** How many installments, at least 1. */
  installments: number;
  /** Each installment, in the order's currency. */
  installment_amount: number;
  /** What the shopper pays in all. */
  total_amount: number;
}

/** The rates of a plan, as fractions (0.5709 is 57.09 %). */
export interface PlanRates {
  /** `i`: the monthly rate of the French system. */
  monthly: number;
  /** Argentina's tasa nominal anual: `i` × 365 / 30. */
  tna: number;
  /** Argentina's tasa efectiva anual: (1 + `i`)^(365/30) − 1. */
  tea: number;
  /** Argentina's costo financiero total (effective annual, VAT on the interest included). */
  cft: number;
  /** Mexico's costo anual total: (1 + `i`)^12 − 1, without VAT. */
  cat: number;
  /** Brazil's custo efetivo total: (1 + `i`)^12 − 1, without IOF or fees (not known here). */
  cet: number;
}

export interface PlanRatesOptions {
  /** VAT on the interest, for the CFT. Default: Argentina's 21 % (0.21). */
  vat?: number;
  /**
   * The order's currency. Given, a plan whose total is above the price only by the rounding
   * of its installments (`isInterestFree`) has every rate 0; without it the rates are exact.
   */
  currency?: string;
}

/** Argentina's VAT on the interest of a financing: 21 %. */
export const DEFAULT_VAT = 0.21;

/** Days in the year and in a month of Argentina's annualisation. */
const YEAR_DAYS = 365;
const MONTH_DAYS = 30;
const TOLERANCE = 1e-12;

/**
 * Whether a plan is interest-free: its total is above the price by less than one minor unit
 * per installment (each installment rounded up by at most a cent). One installment always is.
 *
 * @example
 * isInterestFree(100, { installments: 3, installment_amount: 33.34, total_amount: 100.02 }, 'BRL') // true
 */
export function isInterestFree(principal: number, option: InstallmentTerms, currency: string): boolean {
  checkTerms(principal, option);
  if (option.installments === 1) return true;
  return toMinorUnits(option.total_amount, currency) - toMinorUnits(principal, currency) < option.installments;
}

/**
 * The monthly rate `i` at which `installments` equal payments of `installment` repay
 * `principal` (French system), to 1e-12; 0 when they repay no more than it.
 */
export function monthlyRate(principal: number, installments: number, installment: number): number {
  checkTerms(principal, { installments, installment_amount: installment, total_amount: installment * installments });
  const n = installments;
  return irr(principal, n, () => installment, installment * n);
}

/**
 * The monthly rate `j` of the cash flows a shopper pays with VAT on each installment's
 * interest part: `A + vat · balance_{k−1} · i`, where the balance runs down by the French
 * system at the rate `i`.
 */
export function monthlyCostWithVat(principal: number, installments: number, installment: number, vat = DEFAULT_VAT): number {
  checkTerms(principal, { installments, installment_amount: installment, total_amount: installment * installments });
  if (typeof vat !== 'number' || !Number.isFinite(vat) || vat < 0) invalid('vat', 'a rate of 0 or more, such as 0.21 for 21 %', vat);
  const i = monthlyRate(principal, installments, installment);
  const flows: number[] = [];
  let balance = principal;
  for (let k = 1; k <= installments; k++) {
    const interest = balance * i;
    flows.push(installment + vat * interest);
    balance = balance + interest - installment;
  }
  const sum = flows.reduce((a, b) => a + b, 0);
  return irr(principal, installments, (k) => flows[k - 1] ?? 0, sum);
}

/**
 * Every rate of a plan option for an order of `principal`: the monthly rate, Argentina's
 * TNA, TEA and CFT, Mexico's CAT and Brazil's CET (see the module's comment for each
 * convention). Throws a `PaylitError` (kind `validation`) naming the amount that is wrong.
 *
 * @example
 * planRates(10000, { installments: 12, installment_amount: 1100, total_amount: 13200 }, { currency: 'ARS' }).cft // 0.9203…
 */
export function planRates(principal: number, option: InstallmentTerms, options: PlanRatesOptions = {}): PlanRates {
  checkTerms(principal, option);
  const vat = options.vat ?? DEFAULT_VAT;
  if (options.currency !== undefined && isInterestFree(principal, option, options.currency)) return zero();
  const monthly = monthlyRate(principal, option.installments, option.installment_amount);
  if (monthly === 0) return zero();
  const cost = monthlyCostWithVat(principal, option.installments, option.installment_amount, vat);
  const effective = (rate: number) => (1 + rate) ** (YEAR_DAYS / MONTH_DAYS) - 1;
  const twelveMonths = (1 + monthly) ** 12 - 1;
  return {
    monthly,
    tna: (monthly * YEAR_DAYS) / MONTH_DAYS,
    tea: effective(monthly),
    cft: effective(cost),
    cat: twelveMonths,
    cet: twelveMonths,
  };
}

function zero(): PlanRates {
  return { monthly: 0, tna: 0, tea: 0, cft: 0, cat: 0, cet: 0 };
}

/**
 * The rate `r` with `principal = Σ_{k=1..n} flow(k) / (1 + r)^k`, for positive flows that
 * sum to `total`; 0 when `total ≤ principal`. The present value falls as `r` rises, so the
 * root is bracketed in [0, hi] and Newton's steps that leave the bracket are bisections.
 */
function irr(principal: number, n: number, flow: (k: number) => number, total: number): number {
  if (total <= principal) return 0;
  // f(r) = PV(r) − P and its derivative.
  const f = (r: number): [number, number] => {
    let pv = 0;
    let dpv = 0;
    let discount = 1;
    for (let k = 1; k <= n; k++) {
      discount /= 1 + r;
      const c = flow(k);
      pv += c * discount;
      dpv -= (k * c * discount) / (1 + r);
    }
    return [pv - principal, dpv];
  };
  let lo = 0;
  let hi = 1;
  while (f(hi)[0] > 0) {
    lo = hi;
    hi *= 2;
    if (hi > 1e6) invalid('option', `installments that repay ${principal} at a plausible rate`, `${total} in all`);
  }
  let r = (lo + hi) / 2;
  for (let step = 0; step < 200; step++) {
    const [value, slope] = f(r);
    if (value > 0) lo = r;
    else hi = r;
    let next = slope === 0 ? Number.NaN : r - value / slope;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - r) < TOLERANCE) return next;
    r = next;
  }
  return r;
}

/** Throws a `validation` PaylitError naming the amount that cannot be a plan's. */
function checkTerms(principal: unknown, option: unknown): asserts option is InstallmentTerms {
  if (!isAmount(principal) || principal <= 0) invalid('principal', 'the order\'s amount, a finite number above 0', principal);
  if (option === null || typeof option !== 'object') invalid('option', 'a plan option {installments, installment_amount, total_amount}', option);
  const { installments, installment_amount: each, total_amount: total } = option as Record<string, unknown>;
  if (typeof installments !== 'number' || !Number.isInteger(installments) || installments < 1) invalid('option.installments', 'a whole number of 1 or more', installments);
  if (!isAmount(each) || each <= 0) invalid('option.installment_amount', 'a finite amount above 0', each);
  if (!isAmount(total) || total < 0) invalid('option.total_amount', 'a finite amount of 0 or more', total);
}

function isAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Amounts and counts are no card data: the message shows the value received. */
function invalid(argument: string, expected: string, received: unknown): never {
  const shown = typeof received === 'number' ? String(received) : received === null ? 'null' : `a ${typeof received}`;
  throw new PaylitError('invalid_argument', `${argument} must be ${expected}, received ${shown}`, { kind: 'validation' });
}
