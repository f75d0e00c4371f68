import { expect } from 'chai';
import { cardBrands, detectBrand, getBrand } from './brands.js';
import { isValidCardNumber } from './number.js';
import { InvalidArgumentError } from '../errors.js';
import { brandTestNumbers as numbers } from '../../test/fixtures/brand-numbers.js';

describe('card brands', () => {
  for (const [number, id] of numbers) {
    it(`detects ${id} from ${number.slice(0, 6)}… and accepts the whole number`, () => {
      const brand = detectBrand(number);
      expect(brand?.id).to.equal(id);
      expect(brand?.lengths).to.include(number.length);
      expect(isValidCardNumber(number)).to.equal(true);
      // Typing: the brand shows once six digits are typed, and stays to the last digit.
      for (let typed = 6; typed <= number.length; typed++)
        expect(detectBrand(number.slice(0, typed))?.id, number.slice(0, typed)).to.equal(id);
    });
  }

  it('has a test number for every brand of the table', () => {
    const tested = new Set(numbers.map(([, id]) => id));
    expect(cardBrands.map((b) => b.id).filter((id) => !tested.has(id))).to.deep.equal([]);
  });

  it('covers the widest peer: at least 25 brands, ids unique', () => {
    expect(cardBrands.length).to.be.at.least(25);
    expect(new Set(cardBrands.map((b) => b.id)).size).to.equal(cardBrands.length);
  });

  it('answers the contract shape, with the API code', () => {
    expect(detectBrand('4111')).to.deep.equal({
      id: 'visa',
      code: 'VI',
      name: 'Visa',
      lengths: [13, 16, 19],
      cvvLength: 3,
      cvvName: 'CVV',
      gaps: [4, 8, 12, 16],
      luhn: true,
    });
    expect(detectBrand('5555')?.code).to.equal('MC');
    expect(detectBrand('4917')?.code).to.equal('VD');
    const amex = detectBrand('37');
    expect(amex).to.include({ id: 'american-express', cvvLength: 4 });
    expect(amex?.gaps).to.deep.equal([4, 10]);
  });

  it('works on partial input, preferring the most specific prefix', () => {
    expect(detectBrand('4')?.id).to.equal('visa');
    expect(detectBrand('4011')?.id).to.equal('visa');
    expect(detectBrand('401178')?.id).to.equal('elo');
    expect(detectBrand('34')?.id).to.equal('american-express');
    expect(detectBrand('3')).to.equal(undefined); // Amex, Diners or JCB
    expect(detectBrand('22')).to.equal(undefined); // Mastercard or Mir
    expect(detectBrand('222')?.id).to.equal('mastercard');
    expect(detectBrand('589562')?.id).to.equal('naranja');
    expect(detectBrand('')).to.equal(undefined);
    expect(detectBrand('0000')).to.equal(undefined);
  });

  it('ignores separators', () => {
    expect(detectBrand('5895-62')?.id).to.equal('naranja');
    expect(detectBrand(' 3782 82')?.id).to.equal('american-express');
  });

  it('finds a brand by id or API code', () => {
    expect(getBrand('NJ')?.name).to.equal('Naranja');
    expect(getBrand('visa')?.code).to.equal('VI');
    expect(getBrand('nope')).to.equal(undefined);
  });

  it('refuses a non-string with a typed error that does not echo the value', () => {
    expect(() => detectBrand(4111111111111111 as unknown as string)).to.throw(
      InvalidArgumentError,
      'number must be a string, received a number',
    );
  });
});

describe('card brands: the ends of the ranges', () => {
  it("Mastercard's 2-series is 2221 to 2720: 2220 and 2721 are not Mastercard", () => {
    for (const prefix of ['222100', '222999', '223000', '259999', '270000', '271999', '272099'])
      expect(detectBrand(`${prefix}0000000000`)?.id, prefix).to.equal('mastercard');
    for (const prefix of ['222000', '272100', '272999', '279999'])
      expect(detectBrand(`${prefix}0000000000`)?.id, prefix).to.not.equal('mastercard');
  });

  it("Elo's 506699 to 506778, between Maestro's ranges", () => {
    for (const prefix of ['506699', '506700', '506778'])
      expect(detectBrand(`${prefix}0000000000`)?.id, prefix).to.equal('elo');
    for (const prefix of ['506698', '506779'])
      expect(detectBrand(`${prefix}0000000000`)?.id, prefix).to.equal('maestro');
  });

  it('takes a 12-digit Maestro and a 19-digit Diners Club (Luhn digits from Python)', () => {
    expect(detectBrand('675900000000')?.id).to.equal('maestro');
    expect(isValidCardNumber('675900000000')).to.equal(true);
    expect(detectBrand('3600000000000000004')?.id).to.equal('diners');
    expect(isValidCardNumber('3600000000000000004')).to.equal(true);
  });
});
