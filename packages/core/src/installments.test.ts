import { expect } from 'chai';
import fc from 'fast-check';
import { PaylitError } from './errors.js';
import {
  isInterestFree,
  monthlyCostWithVat,
  monthlyRate,
  planPayments,
  planRates,
  splitAmount,
  type PlanRates,
} from './installments.js';
import { currencyDecimals, fromMinorUnits, toMinorUnits } from './money.js';

/** A rate as the checkout shows it: a percent with 2 decimals. */
const percent = (rate: number) => Number((rate * 100).toFixed(2));
const shown = (rates: PlanRates) =>
  Object.fromEntries(Object.entries(rates).map(([k, v]) => [k, percent(v)]));
const option = (
  installments: number,
  each: number,
  total = Number((each * installments).toFixed(2)),
) => ({ installments, installment_amount: each, total_amount: total });

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
    expect(shown(rates)).to.deep.equal({
      monthly: 4.68,
      tna: 56.93,
      tea: 74.43,
      cft: 95.43,
      cat: 73.11,
      cet: 73.11,
    });
    expect(rates.monthly).to.be.closeTo(0.0467906506, 1e-10);
  });

  it('12 × 1 100 for 10 000 ARS: i 4.55 %, TNA 55.40 %, TEA 71.90 %, CFT 92.03 %, CAT and CET 70.63 %', () => {
    const rates = planRates(10000, option(12, 1100), { currency: 'ARS' });
    expect(shown(rates)).to.deep.equal({
      monthly: 4.55,
      tna: 55.4,
      tea: 71.9,
      cft: 92.03,
      cat: 70.63,
      cet: 70.63,
    });
    expect(rates.monthly).to.be.closeTo(0.0455316957, 1e-10);
  });

  it('solves the monthly rate to 1e-12: the installments repay the principal at it', () => {
    for (const [n, each] of [
      [6, 1950],
      [12, 1100],
      [3, 3500],
      [24, 600],
      [36, 1000],
    ] as const) {
      const i = monthlyRate(10000, n, each);
      const repaid = (each * (1 - (1 + i) ** -n)) / i;
      expect(repaid, `${n} × ${each}`).to.be.closeTo(10000, 1e-6);
    }
  });

  it("the CFT's monthly cost is the rate with VAT on the interest: 1.21 × i, and the VAT can be another", () => {
    const i = monthlyRate(10000, 6, 1950);
    expect(monthlyCostWithVat(10000, 6, 1950)).to.be.closeTo(1.21 * i, 1e-11);
    expect(monthlyCostWithVat(10000, 6, 1950, 0)).to.be.closeTo(i, 1e-11);
    expect(planRates(10000, option(6, 1950), { vat: 0 }).cft).to.be.closeTo(
      planRates(10000, option(6, 1950)).tea,
      1e-9,
    );
  });

  it('an interest-free plan has every rate 0', () => {
    expect(planRates(1200, option(3, 400), { currency: 'BRL' })).to.deep.equal({
      monthly: 0,
      tna: 0,
      tea: 0,
      cft: 0,
      cat: 0,
      cet: 0,
    });
    expect(isInterestFree(1200, option(3, 400), 'BRL')).to.equal(true);
    expect(isInterestFree(10000, option(6, 1950), 'ARS')).to.equal(false);
  });

  it('one installment is paying in full: interest-free, every rate 0', () => {
    expect(isInterestFree(120, option(1, 120), 'BRL')).to.equal(true);
    expect(planRates(120, option(1, 120), { currency: 'BRL' })).to.deep.equal({
      monthly: 0,
      tna: 0,
      tea: 0,
      cft: 0,
      cat: 0,
      cet: 0,
    });
    // One installment above the price is a month's interest.
    expect(percent(planRates(100, option(1, 105)).monthly)).to.equal(5);
  });

  it('an installment rounded up by a cent is not interest: the total covers the price and the rates are 0', () => {
    const rounded = option(3, 3333.34);
    expect(rounded.total_amount).to.equal(10000.02);
    expect(rounded.total_amount).to.be.at.least(10000);
    expect(isInterestFree(10000, rounded, 'ARS')).to.equal(true);
    expect(planRates(10000, rounded, { currency: 'ARS' })).to.deep.equal({
      monthly: 0,
      tna: 0,
      tea: 0,
      cft: 0,
      cat: 0,
      cet: 0,
    });
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
      [
        () => planRates(10000, option(0, 1950)),
        /^option\.installments must be a whole number of 1 or more, received 0$/,
      ],
      [() => planRates(10000, option(2.5, 1950)), /^option\.installments must be .*received 2\.5$/],
      [
        () => planRates(10000, option(6, -1950)),
        /^option\.installment_amount must be a finite amount above 0, received -1950$/,
      ],
      [
        () => planRates(10000, option(6, Number.NaN)),
        /^option\.installment_amount .*received NaN$/,
      ],
      [
        () => planRates(10000, { installments: 6, installment_amount: 1950, total_amount: -1 }),
        /^option\.total_amount .*received -1$/,
      ],
      [
        () => planRates(-10000, option(6, 1950)),
        /^principal must be the order's amount, a finite number above 0, received -10000$/,
      ],
      [() => planRates(Number.NaN, option(6, 1950)), /^principal .*received NaN$/],
      [() => planRates(10000, null as never), /^option must be a plan option/],
      [
        () =>
          planRates(10000, {
            installments: '6',
            installment_amount: 1950,
            total_amount: 11700,
          } as never),
        /^option\.installments .*received a string$/,
      ],
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

  describe('what a plan costs the shopper', () => {
    // Two-decimal currencies, and currencies without minor units (CLP and COP by the API's rule, JPY by ISO 4217).
    const currencies = fc.constantFrom('MXN', 'BRL', 'ARS', 'USD', 'CLP', 'COP', 'JPY');
    const counts = fc.integer({ min: 1, max: 48 });

    it("9 interest-free payments of 6 000 MXN are 8 × 666.67 and a last 666.64, 6 000.00 in all, not the 6 000.03 of the API's total", () => {
      const option = { installments: 9, installment_amount: 666.67, total_amount: 6000.03 };
      expect(splitAmount(6000, 9, 'MXN')).to.deep.equal({
        installments: 9,
        installment_amount: 666.67,
        last_amount: 666.64,
      });
      expect(planPayments(6000, option, 'MXN')).to.deep.equal({
        installments: 9,
        installment_amount: 666.67,
        last_amount: 666.64,
        total_amount: 6000,
        interest_free: true,
      });
    });

    it("6 payments of 217.79 with interest for 1 200 BRL cost the plan's total, 1 306.74", () => {
      expect(
        planPayments(
          1200,
          { installments: 6, installment_amount: 217.79, total_amount: 1306.74 },
          'BRL',
        ),
      ).to.deep.equal({
        installments: 6,
        installment_amount: 217.79,
        last_amount: 217.79,
        total_amount: 1306.74,
        interest_free: false,
      });
    });

    it('an amount that divides evenly has its last payment equal to the others; in whole units without cents', () => {
      expect(splitAmount(1200, 3, 'BRL')).to.deep.equal({
        installments: 3,
        installment_amount: 400,
        last_amount: 400,
      });
      expect(splitAmount(100000, 3, 'CLP')).to.deep.equal({
        installments: 3,
        installment_amount: 33334,
        last_amount: 33332,
      });
      expect(splitAmount(10000, 3, 'JPY')).to.deep.equal({
        installments: 3,
        installment_amount: 3334,
        last_amount: 3332,
      });
      expect(splitAmount(25, 1, 'BRL')).to.deep.equal({
        installments: 1,
        installment_amount: 25,
        last_amount: 25,
      });
    });

    it('the payments always add up to the amount to the minor unit, the difference is on the last one, and none is below its share unless the last would be left nothing', () => {
      fc.assert(
        fc.property(
          currencies,
          counts,
          fc.integer({ min: 1, max: 9_999_999_999 }),
          (currency, n, wanted) => {
            const minor = Math.max(wanted, n);
            const amount = fromMinorUnits(minor, currency);
            const split = splitAmount(amount, n, currency);
            const each = toMinorUnits(split.installment_amount, currency);
            const last = toMinorUnits(split.last_amount, currency);
            // Amounts in the currency's own decimals, never a float's tail.
            expect(fromMinorUnits(each, currency)).to.equal(split.installment_amount);
            expect(fromMinorUnits(last, currency)).to.equal(split.last_amount);
            expect((n - 1) * each + last).to.equal(minor);
            expect(last).to.be.at.least(1);
            expect(Math.abs(each - last)).to.be.below(n);
            const up = Math.ceil(minor / n);
            // Rounded up whenever that leaves the last something, which it always does from n × (n − 1) minor units.
            if (minor - (n - 1) * up > 0 || minor >= n * (n - 1)) {
              expect(each).to.equal(up);
              expect(last).to.be.at.most(each);
            } else {
              expect(each).to.equal(Math.floor(minor / n));
            }
            expect(split.installments).to.equal(n);
          },
        ),
        { numRuns: 2000 },
      );
    });

    it("an interest-free option as the API states it (each rounded up, the total n times each) costs the order's amount; an option with interest, its own total", () => {
      fc.assert(
        fc.property(
          currencies,
          counts,
          fc.integer({ min: 1, max: 999_999_999 }),
          fc.integer({ min: 1, max: 5000 }),
          (currency, n, wanted, interest) => {
            const minor = Math.max(wanted, n * n);
            const principal = fromMinorUnits(minor, currency);
            const up = Math.ceil(minor / n);
            const free = planPayments(
              principal,
              {
                installments: n,
                installment_amount: fromMinorUnits(up, currency),
                total_amount: fromMinorUnits(up * n, currency),
              },
              currency,
            );
            expect(free.interest_free).to.equal(true);
            expect(free.total_amount).to.equal(principal);
            expect(
              toMinorUnits(free.installment_amount, currency) * (n - 1) +
                toMinorUnits(free.last_amount, currency),
            ).to.equal(minor);
            if (n === 1) return;
            // n minor units more than the price is more than rounding: interest.
            const each = up + Math.ceil(interest / n) + 1;
            const total = each * n;
            const paid = planPayments(
              principal,
              {
                installments: n,
                installment_amount: fromMinorUnits(each, currency),
                total_amount: fromMinorUnits(total, currency),
              },
              currency,
            );
            expect(paid.interest_free).to.equal(false);
            expect(paid.total_amount).to.equal(fromMinorUnits(total, currency));
            expect(paid.last_amount).to.equal(paid.installment_amount);
            expect(
              currencyDecimals(currency) === 0 ? Number.isInteger(paid.total_amount) : true,
            ).to.equal(true);
          },
        ),
        { numRuns: 1000 },
      );
    });

    it('a count or an amount that cannot be split throws a validation PaylitError naming it', () => {
      for (const [run, message] of [
        [
          () => splitAmount(0.05, 6, 'BRL'),
          /^amount must be at least one minor unit per installment \(6\), received 0\.05$/,
        ],
        [() => splitAmount(0, 3, 'BRL'), /^amount must be a finite amount above 0, received 0$/],
        [
          () => splitAmount(100, 0, 'BRL'),
          /^installments must be a whole number of 1 or more, received 0$/,
        ],
        [() => splitAmount(100, 2.5, 'BRL'), /^installments must be .*received 2\.5$/],
        [() => planPayments(100, option(0, 10), 'BRL'), /^option\.installments must be/],
      ] as [() => unknown, RegExp][]) {
        const error = thrown(run);
        expect(error.kind).to.equal('validation');
        expect(error.message).to.match(message);
      }
    });
  });
});

describe('installments: a total the first installments already reach', () => {
  it("is not the API's: the plan is n times the installment, never a last of 0", () => {
    // 3 × 60 for 100 with a total of 120: the first two are already 120.
    expect(
      planPayments(100, { installments: 3, installment_amount: 60, total_amount: 120 }, 'BRL'),
    ).to.deep.equal({
      installments: 3,
      installment_amount: 60,
      last_amount: 60,
      total_amount: 180,
      interest_free: false,
    });
    // One cent more leaves the last that cent.
    expect(
      planPayments(100, { installments: 3, installment_amount: 60, total_amount: 120.01 }, 'BRL')
        .last_amount,
    ).to.equal(0.01);
  });
});
