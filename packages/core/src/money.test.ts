import { expect } from 'chai';
import fc from 'fast-check';
import { InvalidArgumentError } from './errors.js';
import {
  MAX_AMOUNT,
  currencyDecimals,
  formatAmount,
  fromMinorUnits,
  isAmountInCurrency,
  isApiAmount,
  isCurrencyCode,
  parseAmount,
  roundAmount,
  toMinorUnits,
} from './money.js';

describe('money', () => {
  it("knows each currency's decimals", () => {
    expect(currencyDecimals('BRL')).to.equal(2);
    expect(currencyDecimals('CLP')).to.equal(0);
    expect(currencyDecimals('PYG')).to.equal(0);
    expect(currencyDecimals('USD')).to.equal(2);
    expect(currencyDecimals('KWD')).to.equal(2); // 3 in ISO, capped at the API's 2
    expect(() => currencyDecimals('brl')).to.throw(
      InvalidArgumentError,
      'currency must be an ISO 4217 code such as "BRL"',
    );
    expect(isCurrencyCode('MXN')).to.equal(true);
    expect(isCurrencyCode('MX')).to.equal(false);
  });

  it('applies the 10,2 rule', () => {
    expect(isApiAmount(120)).to.equal(true);
    expect(isApiAmount(0)).to.equal(true);
    expect(isApiAmount(0.29)).to.equal(true);
    expect(isApiAmount(99999999.99)).to.equal(true);
    expect(MAX_AMOUNT).to.equal(99999999.99);
    expect(isApiAmount(100000000)).to.equal(false);
    expect(isApiAmount(1.005)).to.equal(false);
    expect(isApiAmount(-1)).to.equal(false);
    expect(isApiAmount(Number.NaN)).to.equal(false);
    expect(isApiAmount('1')).to.equal(false);
    expect(isAmountInCurrency(1000.5, 'CLP')).to.equal(false);
    expect(isAmountInCurrency(1000, 'CLP')).to.equal(true);
  });

  it('rounds half away from zero to the currency', () => {
    expect(roundAmount(1.005, 'BRL')).to.equal(1.01);
    expect(roundAmount(33.333333, 'MXN')).to.equal(33.33);
    expect(roundAmount(1999.5, 'CLP')).to.equal(2000);
  });

  it('converts to minor units and back (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999_999_999 }),
        fc.constantFrom('BRL', 'MXN', 'ARS', 'CLP', 'COP', 'USD'),
        (minor, currency) => {
          expect(toMinorUnits(fromMinorUnits(minor, currency), currency)).to.equal(minor);
        },
      ),
    );
    expect(() => fromMinorUnits(1.5, 'BRL')).to.throw(InvalidArgumentError);
  });

  it("isolates the currency's symbol in a right-to-left amount, so that R$ does not show as $R; left-to-right amounts are left as Intl writes them", () => {
    const ar = formatAmount(1200, 'BRL', 'ar');
    expect(ar).to.contain('\u2068R$\u2069');
    expect(ar.replace(/[\u2068\u2069]/g, '')).to.equal(
      new Intl.NumberFormat('ar', { style: 'currency', currency: 'BRL' }).format(1200),
    );
    // In a right-to-left paragraph the symbol reads R then $, left of the figure (in Chromium; core's tests also run in Node).
    if (typeof document === 'undefined') return;
    const line = document.createElement('p');
    line.dir = 'rtl';
    line.style.cssText = 'font: 16px monospace; width: 20em';
    line.textContent = ar;
    document.body.append(line);
    const range = document.createRange();
    const at = (c: string) => {
      const i = ar.indexOf(c);
      range.setStart(line.firstChild!, i);
      range.setEnd(line.firstChild!, i + 1);
      return range.getBoundingClientRect().left;
    };
    expect(at('R')).to.be.lessThan(at('$'));
    expect(at('$')).to.be.lessThan(at('1'));
    line.remove();
    for (const locale of ['en', 'pt-BR', 'hi', 'zh-CN', 'th'])
      expect(formatAmount(1200, 'BRL', locale), locale).to.not.match(/[\u2068\u2069]/);
  });

  it("formats for the shopper's locale", () => {
    const nbsp = /[\s\u00a0\u202f]/g;
    expect(formatAmount(1234.5, 'BRL', 'pt-BR').replace(nbsp, ' ')).to.equal('R$ 1.234,50');
    expect(formatAmount(1234.5, 'USD', 'en-US')).to.equal('$1,234.50');
    expect(formatAmount(15000, 'CLP', 'es-CL').replace(nbsp, ' ')).to.equal('$15.000');
    expect(() => formatAmount(Number.POSITIVE_INFINITY, 'USD')).to.throw(
      InvalidArgumentError,
      'amount must be a finite number',
    );
    // Three-decimal currencies show the API's two; asking twice answers the same (formatters are reused).
    for (let i = 0; i < 2; i++) {
      expect(formatAmount(1.5, 'KWD', 'en-US').replace(nbsp, ' ')).to.equal('KWD 1.50');
      expect(formatAmount(15000, 'CLP', 'es-CL').replace(nbsp, ' ')).to.equal('$15.000');
      expect(() => formatAmount(1, 'XYZQ', 'en')).to.throw(InvalidArgumentError, /currency/);
      expect(() => formatAmount(1, 'BRL', 'not a locale!')).to.throw(
        InvalidArgumentError,
        /locale/,
      );
    }
  });

  it("reads amounts typed in the shopper's locale, and round-trips its own format (property)", () => {
    expect(parseAmount('1.234,50', 'es-AR')).to.equal(1234.5);
    expect(parseAmount('1,234.50', 'en-US')).to.equal(1234.5);
    expect(parseAmount('R$ 1.234,50', 'pt-BR')).to.equal(1234.5);
    expect(parseAmount('abc', 'en-US')).to.equal(undefined);
    expect(parseAmount('', 'en-US')).to.equal(undefined);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999_999_999 }),
        fc.constantFrom('pt-BR', 'es-AR', 'es-MX', 'en-US', 'es-CO'),
        (minor, locale) => {
          const amount = minor / 100;
          expect(parseAmount(formatAmount(amount, 'BRL', locale), locale)).to.equal(amount);
        },
      ),
    );
  });
});

describe('money: the edges', () => {
  it('rounds a negative half away from zero too (Python: Decimal.quantize, ROUND_HALF_UP)', () => {
    // Decimal('-1.005').quantize(Decimal('0.01'), ROUND_HALF_UP) == Decimal('-1.01'); '-2.5' to 1 is -3.
    expect(roundAmount(-1.005, 'BRL')).to.equal(-1.01);
    expect(roundAmount(-2.5, 'CLP')).to.equal(-3);
    expect(roundAmount(-0.125, 'USD')).to.equal(-0.13);
    expect(roundAmount(1.005, 'BRL')).to.equal(1.01);
  });

  it("shows no more than the API's two decimals, even for a currency of three (KWD, BHD)", () => {
    expect(formatAmount(1.5, 'KWD', 'en-US')).to.match(/1\.50$/);
    expect(formatAmount(1234.5, 'BHD', 'en-US')).to.match(/1,234\.50$/);
    expect(formatAmount(1.5, 'BRL', 'en-US')).to.match(/1\.50$/);
  });
});
