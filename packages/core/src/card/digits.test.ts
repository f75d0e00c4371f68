import { expect } from 'chai';
import fc from 'fast-check';
import { normalizeDigits } from './digits.js';
import { InvalidArgumentError } from '../errors.js';

/** 0 to 9 in each script shoppers of paylit's 13 languages type digits in. */
const scripts: Record<string, string> = {
  'Arabic-Indic (ar)': '٠١٢٣٤٥٦٧٨٩',
  'Extended Arabic-Indic': '۰۱۲۳۴۵۶۷۸۹',
  'Devanagari (hi)': '०१२३४५६७८९',
  'Thai (th)': '๐๑๒๓๔๕๖๗๘๙',
  'full-width (zh-CN)': '０１２３４５６７８９',
};

describe('native digits', () => {
  for (const [script, digits] of Object.entries(scripts)) {
    it(`reads ${script} digits as the digits they are`, () => {
      expect(normalizeDigits(digits)).to.equal('0123456789');
      expect(
        normalizeDigits(
          `${digits.slice(4, 5)}${digits.slice(1, 2).repeat(3)} ${digits.slice(1, 2)}`,
        ),
      ).to.equal('4111 1');
    });
  }

  it("reads a CJK keyboard's full-width separators and space as ASCII", () => {
    expect(normalizeDigits('１２／３０')).to.equal('12/30');
    expect(normalizeDigits('４１１１－１１１１．１１１１　１１１１')).to.equal(
      '4111-1111.1111 1111',
    );
  });

  it('changes nothing else, and keeps every position (property)', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(...'0123456789 /-.abcXYZé€', ...Object.values(scripts).join('')),
        }),
        (text) => {
          const ascii = normalizeDigits(text);
          expect(ascii).to.have.length(text.length);
          for (let i = 0; i < text.length; i++) {
            const native = Object.values(scripts).some((s) => s.includes(text[i]!));
            if (native) expect(ascii[i]).to.match(/\d/);
            else expect(ascii[i]).to.equal(text[i]);
          }
          expect(normalizeDigits(ascii)).to.equal(ascii);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("leaves other scripts' look-alikes alone", () => {
    // Superscripts and circled digits are not digits a keyboard types as numbers.
    expect(normalizeDigits('²①')).to.equal('²①');
  });

  it('refuses a non-string with a typed error', () => {
    expect(() => normalizeDigits(4111 as unknown as string)).to.throw(InvalidArgumentError);
  });
});
