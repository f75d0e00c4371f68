import { expect } from 'chai';
import { PaylitError } from './errors.js';
import { isInterestFree, monthlyCostWithVat, monthlyRate, planRates, type PlanRates } from './installments.js';

/** A rate as the checkout shows it: a percent with 2 decimals. */
const percent = (rate: number) => Number((rate * 100).toFixed(2));
const shown = (rates: PlanRates) => Object.fromEntries(Object.entries(rates).map(([k, v]) => [k, percent(v)]));
const option = (installments: number, each: number, total = Number((each * installments).toFixed(2))) => ({ installments, installment_amount: each, total_amount: total });

function thrown(run: () => unknown): PaylitError {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(PaylitError);
    return error as PaylitError;
  }
  throw new Error('nothing was thrown');
}

describe('installments', () => {
  // The figures of installments.worked.md, worked by hand.
  it('6 × 1 950 for 10 000 ARS: i 4.68 %, TNA 56.93 %, TEA 74.43 %, CFT 95.43 %, CAT and CET 73.11 %', () => {
    const rates = planRates(10000, option(6, 1950), { currency: 'ARS' });
    expect(shown(rates)).to.deep.equal({ monthly: 4.68, tna: 56.93, tea: 74.43, cft: 95.43, cat: 73.11, cet: 73.11 });
    expect(rates.monthly).to.be.closeTo(0.0467906506, 1e-10);
  });

  it('12 × 1 100 for 10 000 ARS: i 4.55 %, TNA 55.40 %, TEA 71.90 %, CFT 92.03 %, CAT and CET 70.63 %', () => {
    const rates = planRates(10000, option(12, 1100), { currency: 'ARS' });
    expect(shown(rates)).to.deep.equal({ monthly: 4.55, tna: 55.4, tea: 71.9, cft: 92.03, cat: 70.63, cet: 70.63 });
    expect(rates.monthly).to.be.closeTo(0.0455316957, 1e-10);
  });

  it('solves the monthly rate to 1e-12: the installments repay the principal at it', () => {
    for (const [n, each] of [[6, 1950], [12, 1100], [3, 3500], [24, 600], [36, 1000]] as const) {
      const i = monthlyRate(10000, n, each);
      const repaid = (each * (1 - (1 + i) ** -n)) / i;
      expect(repaid, `${n} × ${each}`).to.be.closeTo(10000, 1e-6);
    }
  });

  it('the CFT\'s monthly cost is the rate with VAT on the interest: 1.21 × i, and the VAT can be another', () => {
    const i = monthlyRate(10000, 6, 1950);
    expect(monthlyCostWithVat(10000, 6, 1950)).to.be.closeTo(1.21 * i, 1e-11);
    expect(monthlyCostWithVat(10000, 6, 1950, 0)).to.be.closeTo(i, 1e-11);
    expect(planRates(10000, option(6, 1950), { vat: 0 }).cft).to.be.closeTo(planRates(10000, option(6, 1950)).tea, 1e-9);
  });

  it('an interest-free plan has every rate 0', () => {
    expect(planRates(1200, option(3, 400), { currency: 'BRL' })).to.deep.equal({ monthly: 0, tna: 0, tea: 0, cft: 0, cat: 0, cet: 0 });
    expect(isInterestFree(1200, option(3, 400), 'BRL')).to.equal(true);
    expect(isInterestFree(10000, option(6, 1950), 'ARS')).to.equal(false);
  });

  it('one installment is paying in full: interest-free, every rate 0', () => {
    expect(isInterestFree(120, option(1, 120), 'BRL')).to.equal(true);
    expect(planRates(120, option(1, 120), { currency: 'BRL' })).to.deep.equal({ monthly: 0, tna: 0, tea: 0, cft: 0, cat: 0, cet: 0 });
    // One installment above the price is a month's interest.
    expect(percent(planRates(100, option(1, 105)).monthly)).to.equal(5);
  });

  it('an installment rounded up by a cent is not interest: the total covers the price and the rates are 0', () => {
    const rounded = option(3, 3333.34);
    expect(rounded.total_amount).to.equal(10000.02);
    expect(rounded.total_amount).to.be.at.least(10000);
    expect(isInterestFree(10000, rounded, 'ARS')).to.equal(true);
    expect(planRates(10000, rounded, { currency: 'ARS' })).to.deep.equal({ monthly: 0, tna: 0, tea: 0, cft: 0, cat: 0, cet: 0 });
    // Without the currency the rates are exact: the cent is a sliver of a percent, never a negative one.
    const exact = planRates(10000, rounded);
    expect(exact.monthly).to.be.above(0);
    expect(percent(exact.tna)).to.be.below(0.01);
    // n cents above the price is interest (just).
    expect(isInterestFree(10000, option(3, 3333.34, 10000.03), 'ARS')).to.equal(false);
    // Installments that repay less than the price carry no interest: 0, never a negative rate.
    expect(monthlyRate(10000, 3, 3333.33)).to.equal(0);
  });

  it('in a currency without cents, a unit per installment is the rounding', () => {
    expect(isInterestFree(100000, option(3, 33334), 'CLP')).to.equal(true);
    expect(isInterestFree(100000, option(3, 33335), 'CLP')).to.equal(false);
  });

  it('bad input throws a validation PaylitError naming what is wrong', () => {
    const cases: [() => unknown, RegExp][] = [
      [() => planRates(10000, option(0, 1950)), /^option\.installments must be a whole number of 1 or more, received 0$/],
      [() => planRates(10000, option(2.5, 1950)), /^option\.installments must be .*received 2\.5$/],
      [() => planRates(10000, option(6, -1950)), /^option\.installment_amount must be a finite amount above 0, received -1950$/],
      [() => planRates(10000, option(6, Number.NaN)), /^option\.installment_amount .*received NaN$/],
      [() => planRates(10000, { installments: 6, installment_amount: 1950, total_amount: -1 }), /^option\.total_amount .*received -1$/],
      [() => planRates(-10000, option(6, 1950)), /^principal must be the order's amount, a finite number above 0, received -10000$/],
      [() => planRates(Number.NaN, option(6, 1950)), /^principal .*received NaN$/],
      [() => planRates(10000, null as never), /^option must be a plan option/],
      [() => planRates(10000, { installments: '6', installment_amount: 1950, total_amount: 11700 } as never), /^option\.installments .*received a string$/],
      [() => monthlyRate(10000, 6, Infinity), /^option\.installment_amount .*received Infinity$/],
      [() => monthlyCostWithVat(10000, 6, 1950, -0.21), /^vat must be a rate of 0 or more/],
      [() => isInterestFree(10000, option(-3, 100), 'ARS'), /^option\.installments .*received -3$/],
    ];
    for (const [run, message] of cases) {
      const error = thrown(run);
      expect(error.kind).to.equal('validation');
      expect(error.code).to.equal('invalid_argument');
      expect(error.message).to.match(message);
    }
  });
});
