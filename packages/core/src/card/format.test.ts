import { expect } from 'chai';
import fc from 'fast-check';
import { detectCardBrand } from './brands.js';
import { formatCardNumber, parseCardNumber, reformatCardNumber } from './format.js';
import { maxCardLength } from './number.js';

const digitsBefore = (value: string, caret: number) =>
  value.slice(0, caret).replace(/\D/g, '').length;
const digitString = (max = 22) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: max });
/** Numbers that start like real cards, so that every brand's grouping is exercised. */
const cardLike = fc
  .tuple(
    fc.constantFrom(
      '4',
      '5',
      '2221',
      '34',
      '37',
      '36',
      '6011',
      '62',
      '3528',
      '589562',
      '6062',
      '5078',
      '',
    ),
    digitString(20),
  )
  .map(([p, d]) => p + d);

describe('card number formatting', () => {
  it('groups by brand', () => {
    expect(formatCardNumber('4111111111111111')).to.equal('4111 1111 1111 1111');
    expect(formatCardNumber('378282246310005')).to.equal('3782 822463 10005');
    expect(formatCardNumber('30569309025904')).to.equal('3056 930902 5904');
    expect(formatCardNumber('6205500000000000004')).to.equal('6205 5000 0000 0000 004');
    expect(formatCardNumber('41111')).to.equal('4111 1');
    expect(formatCardNumber('4111')).to.equal('4111');
    expect(formatCardNumber('')).to.equal('');
  });

  it('reads a pasted spaced, dashed or dotted number', () => {
    expect(parseCardNumber('4111-1111-1111-1111')).to.equal('4111111111111111');
    expect(parseCardNumber(' 4111 1111.1111 1111 ')).to.equal('4111111111111111');
    expect(reformatCardNumber({ value: '4111-1111-1111-1111', caret: 19 })).to.deep.equal({
      value: '4111 1111 1111 1111',
      caret: 19,
    });
  });

  it('reads native digits as ASCII, keeping the caret after the same digit', () => {
    expect(reformatCardNumber({ value: '٤١١١١', caret: 5 }, '4111')).to.deep.equal({
      value: '4111 1',
      caret: 6,
    });
    // A Devanagari digit typed in the middle, before a space that moves.
    expect(reformatCardNumber({ value: '4111 ९1111', caret: 6 }, '4111 1111')).to.deep.equal({
      value: '4111 9111 1',
      caret: 6,
    });
    expect(
      reformatCardNumber({ value: '４１１１１１１１１１１１１１１１', caret: 16 }, '', true),
    ).to.deep.equal({ value: '4111 1111 1111 1111', caret: 19 });
  });

  it('keeps a whole value it cannot read as a number as it came, and takes the number out of a card line', () => {
    expect(reformatCardNumber({ value: '4111 1111 1111 111O', caret: 19 }, '', true)).to.deep.equal(
      { value: '4111 1111 1111 111O', caret: 19 },
    );
    // Typed letters are kept too: they are never silently dropped.
    expect(reformatCardNumber({ value: '4111a', caret: 5 }, '4111')).to.deep.equal({
      value: '4111a',
      caret: 5,
    });
    expect(
      reformatCardNumber({ value: '4111 1111 1111 1111 12/30 123', caret: 29 }, '', true),
    ).to.deep.equal({ value: '4111 1111 1111 1111', caret: 19, taken: true });
    // Too long for its brand, pasted: kept, not cut (Mastercard has 16 digits).
    expect(reformatCardNumber({ value: '5555555555554444 9', caret: 18 }, '', true)).to.deep.equal({
      value: '5555555555554444 9',
      caret: 18,
    });
    expect(
      reformatCardNumber({ value: ' 4111-1111-1111-1111 ', caret: 21 }, '', true),
    ).to.deep.equal({ value: '4111 1111 1111 1111', caret: 19 });
  });

  it("cuts at the brand's longest length", () => {
    expect(formatCardNumber('37828224631000599')).to.equal('3782 822463 10005');
    expect(formatCardNumber('41111111111111111111111')).to.equal('4111 1111 1111 1111 111');
  });

  it("round-trips: parse(format(digits)) is the digits, cut to the brand's length (property)", () => {
    fc.assert(
      fc.property(cardLike, (digits) => {
        const max = maxCardLength(detectCardBrand(digits));
        expect(parseCardNumber(formatCardNumber(digits))).to.equal(digits.slice(0, max));
        expect(formatCardNumber(formatCardNumber(digits))).to.equal(formatCardNumber(digits));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the caret after the digit just typed, anywhere in the number (property)', () => {
    fc.assert(
      fc.property(cardLike, fc.nat(), fc.constantFrom(...'0123456789'), (digits, at, typed) => {
        const before = formatCardNumber(digits);
        const caret = at % (before.length + 1);
        const value = before.slice(0, caret) + typed + before.slice(caret);
        const next = reformatCardNumber({ value, caret: caret + 1 }, before);
        const kept = next.value.replace(/\D/g, '').length;
        expect(next.caret).to.be.within(0, next.value.length);
        expect(digitsBefore(next.value, next.caret)).to.equal(
          Math.min(digitsBefore(value, caret + 1), kept),
        );
        // The caret never lands after a separator, where the next digit would be typed in the wrong group.
        if (next.caret > 0) expect(next.value[next.caret - 1]).to.match(/\d/);
      }),
      { numRuns: 500 },
    );
  });

  it('deletes one digit on Backspace, even just after a separator (property)', () => {
    fc.assert(
      fc.property(
        cardLike.filter((d) => d.length > 0),
        fc.nat(),
        (digits, at) => {
          const before = formatCardNumber(digits);
          const caret = 1 + (at % before.length);
          const value = before.slice(0, caret - 1) + before.slice(caret);
          const next = reformatCardNumber({ value, caret: caret - 1 }, before);
          const had = parseCardNumber(before).length;
          const hadBefore = digitsBefore(before, caret);
          const brandKept = maxCardLength(detectCardBrand(next.value)) >= had - 1;
          if (brandKept) expect(parseCardNumber(next.value)).to.have.length(had - 1);
          expect(digitsBefore(next.value, next.caret)).to.equal(
            Math.min(hadBefore - 1, parseCardNumber(next.value).length),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('deletes the digit after a separator on Delete (forward), the caret kept before the separator', () => {
    // Delete just before the space: the 5th digit goes, not the 4th.
    expect(
      reformatCardNumber({ value: '41115678', caret: 4, forward: true }, '4111 5678'),
    ).to.deep.equal({ value: '4111 678', caret: 4 });
  });

  it('moves past the separator as a group fills', () => {
    expect(reformatCardNumber({ value: '41111', caret: 5 })).to.deep.equal({
      value: '4111 1',
      caret: 6,
    });
    // Backspace over the space deletes the 4th digit.
    expect(reformatCardNumber({ value: '41111', caret: 4 }, '4111 1')).to.deep.equal({
      value: '4111',
      caret: 3,
    });
    // Typing in the middle keeps the caret after the typed digit.
    expect(reformatCardNumber({ value: '4111 21111', caret: 6 }, '4111 1111')).to.deep.equal({
      value: '4111 2111 1',
      caret: 6,
    });
  });
});
