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
