import { expect } from 'chai';
import {
  cardDigits,
  cardNumberProblem,
  extractBin,
  findCardNumber,
  isValidCardNumber,
  lastFour,
  luhnCheck,
  maskCardNumber,
} from './number.js';
import { cvvProblem, isValidCvv, reformatCvv } from './cvv.js';
import { getBrand } from './brands.js';

describe('card numbers', () => {
  it('checks Luhn', () => {
    expect(luhnCheck('79927398713')).to.equal(true);
    expect(luhnCheck('79927398710')).to.equal(false);
    expect(luhnCheck('')).to.equal(false);
    expect(luhnCheck('4111a')).to.equal(false);
  });

  it('says why a number is not valid', () => {
    expect(cardNumberProblem('')).to.equal('empty');
    expect(cardNumberProblem('4111 1111 1111 111x')).to.equal('not_digits');
    expect(cardNumberProblem('4111 1111 1111')).to.equal('incomplete');
    expect(cardNumberProblem('4111111111111112')).to.equal('luhn');
    expect(cardNumberProblem('41111111111111111111')).to.equal('too_long');
    expect(cardNumberProblem('3782822463100050')).to.equal('too_long'); // Amex has 15
    expect(cardNumberProblem('4111-1111-1111-1111')).to.equal(undefined);
  });

  it('reads digits of any script, and dots as separators', () => {
    expect(cardDigits('٤١١١ ١١١١ ١١١١ ١١١١')).to.equal('4111111111111111');
    expect(cardNumberProblem('४१११ ११११ ११११ ११११')).to.equal(undefined);
    expect(cardNumberProblem('4111.1111.1111.1111')).to.equal(undefined);
    expect(cardNumberProblem('4111 1111 1111 111O')).to.equal('not_digits');
  });

  it('finds the number in a card line copied from a password manager', () => {
    expect(findCardNumber('4111 1111 1111 1111 12/30 123')).to.equal('4111111111111111');
    expect(findCardNumber('4111111111111111 1230 123')).to.equal('4111111111111111');
    expect(findCardNumber('Visa 12/30 5555-5555-5555-4444 CVC 737 ANA LIMA')).to.equal(
      '5555555555554444',
    );
    expect(findCardNumber('Ana Lima\n3782 822463 10005\n04/31\n1234')).to.equal('378282246310005');
    expect(findCardNumber('Número: ٤١١١ ١١١١ ١١١١ ١١١١')).to.equal('4111111111111111');
    // No valid number: nothing is taken.
    expect(findCardNumber('4111 1111 1111 111O')).to.equal(undefined);
    expect(findCardNumber('12/30 123')).to.equal(undefined);
  });

  it('checks length by brand', () => {
    expect(isValidCardNumber('378282246310005')).to.equal(true);
    expect(isValidCardNumber('5555555555554444')).to.equal(true);
    expect(isValidCardNumber('555555555555444')).to.equal(false);
    // An unknown brand: any length 12 to 19 with a valid check digit.
    expect(isValidCardNumber('0000000000000000')).to.equal(true);
    expect(isValidCardNumber('00000000000')).to.equal(false);
  });

  it('checks brands without a Luhn digit by length alone', () => {
    expect(isValidCardNumber('5895627823453005')).to.equal(true);
    expect(isValidCardNumber('589562782345300')).to.equal(false);
  });

  it('extracts a BIN of 6 or 8 digits, never more', () => {
    expect(extractBin('41111')).to.equal(undefined);
    expect(extractBin('411111')).to.equal('411111');
    expect(extractBin('4111 1111 1111 1111')).to.equal('41111111');
    expect(extractBin('3782 822463 10005')).to.equal('378282'); // 15 digits: six only
    expect(extractBin('4222222222222')).to.equal('422222'); // Visa can be 13
    expect(extractBin('5555 5555 5555 4444 999')).to.have.length(8);
  });

  it('masks to first six and last four', () => {
    expect(maskCardNumber('4111111111111111')).to.equal('411111••••••1111');
    expect(maskCardNumber('378282246310005', '*')).to.equal('378282*****0005');
    expect(maskCardNumber('12345678')).to.equal('••••5678');
    expect(lastFour('4111 1111 1111 1234')).to.equal('1234');
  });
});

describe('CVV', () => {
  it('takes the length of the brand', () => {
    const amex = getBrand('american-express');
    const visa = getBrand('visa');
    expect(isValidCvv('1234', amex)).to.equal(true);
    expect(cvvProblem('123', amex)).to.equal('wrong_length');
    expect(isValidCvv('123', visa)).to.equal(true);
    expect(cvvProblem('1234', visa)).to.equal('wrong_length');
    expect(isValidCvv('1234')).to.equal(true);
    expect(cvvProblem('')).to.equal('empty');
    expect(cvvProblem('12a')).to.equal('not_digits');
  });

  it("reads native digits; typed, cuts to the brand's length; pasted or filled, keeps what came", () => {
    const visa = getBrand('visa');
    expect(reformatCvv('١٢٣', visa)).to.equal('123');
    expect(reformatCvv('12a34', visa)).to.equal('123');
    expect(reformatCvv(' ７３７ ', visa, true)).to.equal('737');
    expect(reformatCvv('1234', visa, true)).to.equal('1234');
    expect(cvvProblem(reformatCvv('1234', visa, true), visa)).to.equal('wrong_length');
  });
});
