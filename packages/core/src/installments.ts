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
 * installment (the rounding of each installment up to the cent, never down). What the
 * shopper pays is `planPayments`: an interest-free plan costs the order's amount, its last
 * installment taking what the rounding up of the others left over (`splitAmount`).
 *
 * @example
 * const option = { installments: 6, installment_amount: 1950, total_amount: 11700 };
 * planRates(10000, option, { currency: 'ARS' })
 * // { monthly: 0.04679…, tna: 0.5693…, tea: 0.7443…, cft: 0.9543…, cat: 0.7311…, cet: 0.7311… }
 */
import { PaylitError } from './errors.js';
import { fromMinorUnits, toMinorUnits } from './money.js';

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
export function isInterestFree(
  principal: number,
  option: InstallmentTerms,
  currency: string,
): boolean {
  checkTerms(principal, option);
  if (option.installments === 1) return true;
  return (
    toMinorUnits(option.total_amount, currency) - toMinorUnits(principal, currency) <
    option.installments
  );
}

/**
 * The monthly rate `i` at which `installments` equal payments of `installment` repay
 * `principal` (French system), to 1e-12; 0 when they repay no more than it.
 */
export function monthlyRate(principal: number, installments: number, installment: number): number {
  checkTerms(principal, {
    installments,
    installment_amount: installment,
    total_amount: installment * installments,
  });
  const n = installments;
  return irr(principal, n, () => installment, installment * n);
}

/**
 * The monthly rate `j` of the cash flows a shopper pays with VAT on each installment's
 * interest part: `A + vat · balance_{k−1} · i`, where the balance runs down by the French
 * system at the rate `i`.
 */
export function monthlyCostWithVat(
  principal: number,
  installments: number,
  installment: number,
  vat = DEFAULT_VAT,
): number {
  checkTerms(principal, {
    installments,
    installment_amount: installment,
    total_amount: installment * installments,
  });
  if (typeof vat !== 'number' || !Number.isFinite(vat) || vat < 0)
    invalid('vat', 'a rate of 0 or more, such as 0.21 for 21 %', vat);
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
export function planRates(
  principal: number,
  option: InstallmentTerms,
  options: PlanRatesOptions = {},
): PlanRates {
  checkTerms(principal, option);
  const vat = options.vat ?? DEFAULT_VAT;
  if (options.currency !== undefined && isInterestFree(principal, option, options.currency))
    return zero();
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

/** How an amount falls into installments: the first `installments − 1` equal, the last what remains. */
export interface AmountSplit {
  installments: number;
  /** Each installment but the last, in the currency. */
  installment_amount: number;
  /** The last installment: equal to the others, or what remains after them. */
  last_amount: number;
}

/**
 * `amount` in `installments` payments, in the currency's minor units: each payment is the
 * amount divided by the count rounded up to the minor unit (an installment is never stated
 * below its share), and the last is what remains, so the payments add up to the amount to
 * the cent: 6 000 MXN in 9 is 8 × 666.67 and a last 666.64. Where the rounding up would
 * leave the last nothing (an amount under `installments × (installments − 1)` minor units),
 * each is rounded down and the last is larger. Throws a `PaylitError` (kind `validation`)
 * when the amount has fewer minor units than payments.
 *
 * @example
 * splitAmount(6000, 9, 'MXN') // { installments: 9, installment_amount: 666.67, last_amount: 666.64 }
 * splitAmount(100000, 3, 'CLP') // { installments: 3, installment_amount: 33334, last_amount: 33332 }
 */
export function splitAmount(amount: number, installments: number, currency: string): AmountSplit {
  if (!isAmount(amount) || amount <= 0) invalid('amount', 'a finite amount above 0', amount);
  if (typeof installments !== 'number' || !Number.isInteger(installments) || installments < 1)
    invalid('installments', 'a whole number of 1 or more', installments);
  const minor = toMinorUnits(amount, currency);
  if (minor < installments)
    invalid('amount', `at least one minor unit per installment (${installments})`, amount);
  const up = Math.ceil(minor / installments);
  const each = minor - (installments - 1) * up > 0 ? up : Math.floor(minor / installments);
  const last = minor - (installments - 1) * each;
  return {
    installments,
    installment_amount: fromMinorUnits(each, currency),
    last_amount: fromMinorUnits(last, currency),
  };
}

/** What a plan option asks of the shopper: each installment, the last one, and the total. */
export interface PlanPayments extends AmountSplit {
  /** What the shopper pays in all: the order's amount when the plan is interest-free, else the plan's total. */
  total_amount: number;
  interest_free: boolean;
}

/**
 * What the shopper pays with a plan option for an order of `principal`: the one rule the
 * pay button, the outcome, the events and the plan's own line read.
 *
 * - An interest-free option (`isInterestFree`: its total exceeds the price only by the
 *   rounding of its installments) costs the order's amount, split by `splitAmount`: the API's
 *   `total_amount` (each installment rounded up, times the count) is a few cents more than
 *   anyone pays, and is not shown.
 * - An option with interest costs its `total_amount`, in installments of `installment_amount`,
 *   the last being what remains of the total after the others (the same, when the total is
 *   the count times the installment).
 *
 * @example
 * planPayments(6000, { installments: 9, installment_amount: 666.67, total_amount: 6000.03 }, 'MXN')
 * // { installments: 9, installment_amount: 666.67, last_amount: 666.64, total_amount: 6000, interest_free: true }
 * planPayments(1200, { installments: 6, installment_amount: 217.79, total_amount: 1306.74 }, 'BRL')
 * // { installments: 6, installment_amount: 217.79, last_amount: 217.79, total_amount: 1306.74, interest_free: false }
 */
export function planPayments(
  principal: number,
  option: InstallmentTerms,
  currency: string,
): PlanPayments {
  checkTerms(principal, option);
  if (isInterestFree(principal, option, currency)) {
    return {
      ...splitAmount(principal, option.installments, currency),
      total_amount: principal,
      interest_free: true,
    };
  }
  const n = option.installments;
  const each = toMinorUnits(option.installment_amount, currency);
  const total = toMinorUnits(option.total_amount, currency);
  // A total the installments before the last do not reach is not the API's: n times each, then.
  const last = total - (n - 1) * each > 0 ? total - (n - 1) * each : each;
  return {
    installments: n,
    installment_amount: fromMinorUnits(each, currency),
    last_amount: fromMinorUnits(last, currency),
    total_amount: fromMinorUnits((n - 1) * each + last, currency),
    interest_free: false,
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
    if (hi > 1e6)
      invalid(
        'option',
        `installments that repay ${principal} at a plausible rate`,
        `${total} in all`,
      );
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
  if (!isAmount(principal) || principal <= 0)
    invalid('principal', "the order's amount, a finite number above 0", principal);
  if (option === null || typeof option !== 'object')
    invalid('option', 'a plan option {installments, installment_amount, total_amount}', option);
  const {
    installments,
    installment_amount: each,
    total_amount: total,
  } = option as Record<string, unknown>;
  if (typeof installments !== 'number' || !Number.isInteger(installments) || installments < 1)
    invalid('option.installments', 'a whole number of 1 or more', installments);
  if (!isAmount(each) || each <= 0)
    invalid('option.installment_amount', 'a finite amount above 0', each);
  if (!isAmount(total) || total < 0)
    invalid('option.total_amount', 'a finite amount of 0 or more', total);
}

function isAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Amounts and counts are no card data: the message shows the value received. */
function invalid(argument: string, expected: string, received: unknown): never {
  const shown =
    typeof received === 'number'
      ? String(received)
      : received === null
        ? 'null'
        : `a ${typeof received}`;
  throw new PaylitError('invalid_argument', `${argument} must be ${expected}, received ${shown}`, {
    kind: 'validation',
  });
}
