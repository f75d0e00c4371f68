import { expect } from 'chai';
import fc from 'fast-check';
import {
  expiryInputProblem,
  expiryProblem,
  formatExpiry,
  formatExpiryDigits,
  isValidExpiry,
  parseExpiry,
  reformatExpiry,
} from './expiry.js';

const now = new Date(2026, 10, 22); // 22 November 2026

describe('card expiry', () => {
  it('reads what shoppers and autofill type', () => {
    expect(parseExpiry('12/29')).to.deep.equal({ month: 12, year: 2029 });
    expect(parseExpiry('12 / 29')).to.deep.equal({ month: 12, year: 2029 });
    expect(parseExpiry('1/29')).to.deep.equal({ month: 1, year: 2029 });
    expect(parseExpiry('01/2029')).to.deep.equal({ month: 1, year: 2029 });
    expect(parseExpiry('0129')).to.deep.equal({ month: 1, year: 2029 });
    expect(parseExpiry('01-29')).to.deep.equal({ month: 1, year: 2029 });
    expect(parseExpiry('012029')).to.deep.equal({ month: 1, year: 2029 });
    expect(parseExpiry(' 12 / 2030 ')).to.deep.equal({ month: 12, year: 2030 });
    expect(parseExpiry('١٢/٣٠')).to.deep.equal({ month: 12, year: 2030 });
    expect(parseExpiry('１２／３０')).to.deep.equal({ month: 12, year: 2030 });
    expect(parseExpiry('13/29')).to.equal(undefined);
    expect(parseExpiry('00/29')).to.equal(undefined);
    expect(parseExpiry('12/2')).to.equal(undefined);
    expect(parseExpiry('')).to.equal(undefined);
  });

  it('is valid through the last day of its month', () => {
    expect(expiryProblem({ month: 11, year: 2026 }, now)).to.equal(undefined);
    expect(expiryProblem({ month: 10, year: 2026 }, now)).to.equal('expired');
    expect(expiryProblem({ month: 12, year: 2025 }, now)).to.equal('expired');
  });

  it('is at most 20 years ahead', () => {
    expect(isValidExpiry({ month: 11, year: 2046 }, now)).to.equal(true);
    expect(expiryProblem({ month: 12, year: 2046 }, now)).to.equal('too_far');
  });

  it('says what is wrong with the input', () => {
    expect(expiryInputProblem('', now)).to.equal('empty');
    expect(expiryInputProblem('   ', now)).to.equal('empty');
    // Something entered that holds no digit (a pasted word) is not "empty": it is not a date yet.
    expect(expiryInputProblem('abc', now)).to.equal('incomplete');
    expect(expiryInputProblem('MM/YY', now)).to.equal('incomplete');
    expect(expiryInputProblem('1', now)).to.equal('incomplete');
    expect(expiryInputProblem('12/2', now)).to.equal('incomplete');
    expect(expiryInputProblem('13/29', now)).to.equal('invalid_month');
    expect(expiryInputProblem('10/26', now)).to.equal('expired');
    expect(expiryInputProblem('12/99', now)).to.equal('too_far');
    expect(expiryInputProblem('12/29', now)).to.equal(undefined);
    expect(expiryProblem({ month: 13, year: 2029 }, now)).to.equal('invalid_month');
    expect(expiryInputProblem('13/', now)).to.equal('invalid_month');
    expect(expiryInputProblem('00/3', now)).to.equal('invalid_month');
    expect(expiryInputProblem('13/2030', now)).to.equal('invalid_month');
    // The month before the separator: 1/3 is January of a year still being typed.
    expect(expiryInputProblem('1/3', now)).to.equal('incomplete');
    expect(expiryInputProblem('0', now)).to.equal('incomplete');
    expect(expiryInputProblem('١٢/٣٠', now)).to.equal(undefined);
  });

  it('adds the slash as the shopper types', () => {
    expect(formatExpiryDigits('1')).to.equal('1');
    expect(formatExpiryDigits('4')).to.equal('04/');
    expect(formatExpiryDigits('12')).to.equal('12/');
    // Digits are never read as another month: 13 is a wrong month, not 01/3.
    expect(formatExpiryDigits('13')).to.equal('13/');
    expect(formatExpiryDigits('1330')).to.equal('13/30');
    expect(formatExpiryDigits('00')).to.equal('00/');
    expect(formatExpiryDigits('1229')).to.equal('12/29');
    expect(formatExpiryDigits('122999')).to.equal('12/29');
    // A year typed in four digits: "20" then more is 20xx (a card of 2020 is long expired), so
    // "12/2030" typed key by key is December 2030, not "12/20" with its last two digits refused.
    expect(formatExpiryDigits('12203')).to.equal('12/203');
    expect(formatExpiryDigits('1220301')).to.equal('12/2030');
    let typed = '';
    for (const key of '122030') {
      const next = reformatExpiry({ value: typed + key, caret: typed.length + 1 }, typed);
      typed = next.value;
    }
    expect(typed).to.equal('12/30');
    expect(expiryInputProblem('12/203', now)).to.equal('incomplete');
    expect(reformatExpiry({ value: '1/', caret: 2 })).to.deep.equal({ value: '01/', caret: 3 });
    expect(reformatExpiry({ value: '12/2029', caret: 7 })).to.deep.equal({
      value: '12/29',
      caret: 5,
    });
    // Backspace over the auto slash deletes the month's last digit.
    expect(reformatExpiry({ value: '12', caret: 2 }, '12/')).to.deep.equal({
      value: '1',
      caret: 1,
    });
    // Delete (forward) just before the slash deletes the year's first digit, the caret kept.
    expect(reformatExpiry({ value: '1230', caret: 2, forward: true }, '12/30')).to.deep.equal({
      value: '12/0',
      caret: 2,
    });
  });

  it('reads a pasted or autofilled expiry in every format shoppers and browsers use', () => {
    for (const text of [
      '12/30',
      '12/2030',
      '12 / 30',
      '12-30',
      '1230',
      '122030',
      ' 12/30 ',
      '12 / 2030',
      '１２／３０',
      '١٢/٣٠',
      '१२३०',
    ]) {
      expect(reformatExpiry({ value: text, caret: text.length }, '', true), text).to.deep.equal({
        value: '12/30',
        caret: 5,
      });
    }
    expect(reformatExpiry({ value: '4/30', caret: 4 }, '', true)).to.deep.equal({
      value: '04/30',
      caret: 5,
    });
  });

  it('keeps a pasted expiry it cannot read as it came, never another date', () => {
    // "13/30" once became "01/33": a valid date the shopper never entered.
    for (const text of ['13/30', '00/30', '13/2030', '12/3', '1/3', '12345', '12/30x', 'dec 30']) {
      expect(reformatExpiry({ value: text, caret: text.length }, '', true), text).to.deep.equal({
        value: text,
        caret: text.length,
      });
      expect(expiryInputProblem(text, now), text).not.to.equal(undefined);
    }
    expect(expiryInputProblem('13/30', now)).to.equal('invalid_month');
    // Digits alone get their separator, nothing else.
    expect(reformatExpiry({ value: '1330', caret: 4 }, '', true)).to.deep.equal({
      value: '13/30',
      caret: 5,
    });
    expect(reformatExpiry({ value: '١٣٣٠', caret: 4 }, '', true)).to.deep.equal({
      value: '13/30',
      caret: 5,
    });
  });

  it('typed, a wrong month stays as typed, and native digits show as ASCII', () => {
    let state = { value: '', caret: 0 };
    for (const digit of '1330')
      state = reformatExpiry(
        { value: state.value + digit, caret: state.value.length + 1 },
        state.value,
      );
    expect(state).to.deep.equal({ value: '13/30', caret: 5 });
    state = { value: '', caret: 0 };
    for (const digit of '١٢٣٠')
      state = reformatExpiry(
        { value: state.value + digit, caret: state.value.length + 1 },
        state.value,
      );
    expect(state).to.deep.equal({ value: '12/30', caret: 5 });
  });

  it('typing digit by digit ends at MM/YY with the caret at the end (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2000, max: 2099 }),
        (month, year) => {
          let state = { value: '', caret: 0 };
          const typed = formatExpiry({ month, year }).replace('/', '');
          for (const digit of typed) {
            state = reformatExpiry(
              { value: state.value + digit, caret: state.value.length + 1 },
              state.value,
            );
            expect(state.caret).to.equal(state.value.length);
          }
          expect(state.value).to.equal(formatExpiry({ month, year }));
          expect(parseExpiry(state.value)).to.deep.equal({ month, year });
        },
      ),
      { numRuns: 300 },
    );
  });
});
