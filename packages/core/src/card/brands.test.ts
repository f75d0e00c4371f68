import { expect } from 'chai';
import { cardBrands, detectBrand, getBrand } from './brands.js';
import { isValidCardNumber } from './number.js';
import { InvalidArgumentError } from '../errors.js';

/**
 * Test numbers of every brand: the networks' and acquirers' published test cards where
 * they exist, else a Luhn-valid number inside the brand's range (marked "range").
 */
const numbers: [number: string, brand: string][] = [
  ['4111111111111111', 'visa'],
  ['4012888888881881', 'visa'],
  ['4222222222222', 'visa'],
  ['4917300800000000', 'visa-debit'],
  ['4026000000000002', 'visa-debit'], // range
  ['5555555555554444', 'mastercard'],
  ['5105105105105100', 'mastercard'],
  ['2223000048400011', 'mastercard'],
  ['378282246310005', 'american-express'],
  ['371449635398431', 'american-express'],
  ['30569309025904', 'diners'],
  ['38520000023237', 'diners'],
  ['36227206271667', 'diners'],
  ['6011111111111117', 'discover'],
  ['6011000990139424', 'discover'],
  ['3530111333300000', 'jcb'],
  ['3566002020360505', 'jcb'],
  ['6200000000000005', 'unionpay'],
  ['6205500000000000004', 'unionpay'],
  ['6759649826438453', 'maestro'],
  ['6362970000457013', 'elo'],
  ['5066991111111118', 'elo'],
  ['6062828888666688', 'hipercard'],
  ['6370950000000005', 'hiper'],
  ['5078601870000127985', 'aura'],
  ['5895627823453005', 'naranja'],
  ['5896570000000004', 'cabal'],
  ['5011054488597827', 'argencard'],
  ['6034883265619896', 'tarjeta-shopping'],
  ['6034932528973614', 'cencosud'],
  ['5907120000000009', 'codensa'], // range
  ['5062240000000006', 'carnet'], // range
  ['6521500000000006', 'rupay'], // range
  ['6070000000000002', 'rupay'], // range
  ['9792000000000003', 'troy'], // range
  ['2200000000000004', 'mir'],
  ['5060990580000217499', 'verve'],
  ['5019717010103742', 'dankort'],
];

describe('card brands', () => {
  for (const [number, id] of numbers) {
    it(`detects ${id} from ${number.slice(0, 6)}… and accepts the whole number`, () => {
      const brand = detectBrand(number);
      expect(brand?.id).to.equal(id);
      expect(brand?.lengths).to.include(number.length);
      expect(isValidCardNumber(number)).to.equal(true);
      // Typing: the brand shows once its prefix is typed, and stays.
      expect(detectBrand(number.slice(0, 6))?.id).to.equal(id);
      expect(detectBrand(`${number.slice(0, 4)} ${number.slice(4, 8)}`)?.id).to.be.oneOf([id, 'visa', 'maestro', 'mastercard', 'discover', 'diners', undefined]);
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
      id: 'visa', code: 'VI', name: 'Visa', lengths: [13, 16, 19], cvvLength: 3, cvvName: 'CVV', gaps: [4, 8, 12, 16], luhn: true,
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
    expect(() => detectBrand(4111111111111111 as unknown as string)).to.throw(InvalidArgumentError, 'number must be a string, received a number');
  });
});
