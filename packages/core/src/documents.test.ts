import { expect } from 'chai';
import fc from 'fast-check';
import { reformatDigits } from './card/caret.js';
import {
  apiDocumentProblem,
  documentCountries,
  documentExample,
  documentOptional,
  documentProblem,
  documentTypeAsTyped,
  documentTypes,
  formatDocument,
  formatDocumentAsTyped,
  isCnpj,
  isCpf,
} from './documents.js';

/**
 * Each national rule written again, as the country publishes it, from the body of a number to
 * its check character(s): the module must agree with these on generated numbers and on every
 * single-character change of them.
 */
const sum = (values: number[], weights: number[]) =>
  values.reduce((s, v, i) => s + v * weights[i % weights.length]!, 0);
const nums = (s: string) => [...s].map(Number);
const range = (from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from < to ? from + i : from - i));
const luhnDigit = (body: string) => {
  const s = [...body].reverse().reduce((acc, ch, i) => {
    const d = Number(ch) * (i % 2 === 0 ? 2 : 1);
    return acc + (d > 9 ? d - 9 : d);
  }, 0);
  return String((10 - (s % 10)) % 10);
};
const brDigit = (values: number[]) => {
  const r =
    sum(
      values,
      range(values.length + 1, 2).map((w) => ((w - 2) % 8) + 2),
    ) % 11;
  return r < 2 ? 0 : 11 - r;
};
const cnpjValues = (s: string) => [...s].map((c) => c.charCodeAt(0) - 48);
const curpAlphabet = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

interface NationalRule {
  country: string;
  type: string;
  /** A random body: what precedes (or surrounds) the check characters. */
  body: fc.Arbitrary<string>;
  /** The whole number from a body. */
  complete: (body: string) => string;
  /** Where the check characters are in the whole number. */
  checkAt: number[];
  /** The characters a changed position may take. */
  alphabet: string;
  /** The national format beyond the check characters, where a changed character can break it. */
  format?: (value: string) => boolean;
}

const digitsArb = (n: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
const alnumArb = (n: number) =>
  fc.string({
    unit: fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
    minLength: n,
    maxLength: n,
  });
const digits = '0123456789';
const yymmdd = fc
  .date({
    min: new Date('1930-01-01T00:00:00Z'),
    max: new Date('2020-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(2, 10).replace(/-/g, ''));

const rules: NationalRule[] = [
  {
    country: 'AR',
    type: 'CUIT',
    body: fc
      .tuple(fc.constantFrom('20', '23', '27', '30', '33'), digitsArb(8))
      .map(([a, b]) => a + b),
    complete: (b) => b + '012345678990'[11 - (sum(nums(b), [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11)],
    checkAt: [10],
    alphabet: digits,
  },
  {
    country: 'BR',
    type: 'CPF',
    body: digitsArb(9).filter((b) => !/^(\d)\1*$/.test(b)),
    complete: (b) => {
      const d1 = brDigitCpf(b);
      return b + d1 + brDigitCpf(b + d1);
    },
    checkAt: [9, 10],
    alphabet: digits,
    format: (v) => !/^(\d)\1*$/.test(v),
  },
  {
    country: 'BR',
    type: 'CNPJ',
    body: alnumArb(12).filter((b) => !/^(\d)\1*$/.test(b)),
    complete: (b) => {
      const d1 = brDigit(cnpjValues(b));
      return b + d1 + brDigit(cnpjValues(b + d1));
    },
    checkAt: [12, 13],
    alphabet: digits + 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    format: (v) => !/^(\d)\1*$/.test(v),
  },
  {
    country: 'CL',
    type: 'RUT',
    body: digitsArb(8),
    complete: (b) => {
      const r = 11 - (sum(nums(b).reverse(), [2, 3, 4, 5, 6, 7]) % 11);
      return b + (r === 11 ? '0' : r === 10 ? 'K' : String(r));
    },
    checkAt: [8],
    alphabet: digits + 'K',
    format: (v) => /^\d{8}[0-9K]$/.test(v),
  },
  {
    country: 'CO',
    type: 'NIT',
    body: digitsArb(9),
    complete: (b) => {
      const r =
        sum(nums(b).reverse(), [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71]) % 11;
      return b + (r < 2 ? r : 11 - r);
    },
    checkAt: [9],
    alphabet: digits,
  },
  {
    country: 'DO',
    type: 'cédula',
    body: digitsArb(10),
    complete: (b) => b + luhnDigit(b),
    checkAt: [10],
    alphabet: digits,
  },
  {
    country: 'EC',
    type: 'CI',
    body: digitsArb(9),
    complete: (b) => {
      const s = nums(b).reduce(
        (acc, d, i) => acc + (i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d),
        0,
      );
      return b + ((10 - (s % 10)) % 10);
    },
    checkAt: [9],
    alphabet: digits,
  },
  {
    country: 'SV',
    type: 'DUI',
    body: digitsArb(8),
    complete: (b) => b + ((10 - (sum(nums(b), range(9, 2)) % 10)) % 10),
    checkAt: [8],
    alphabet: digits,
  },
  {
    country: 'GT',
    type: 'CUI',
    // A remainder of 10 has no check digit (complete makes 14 characters: never valid).
    body: digitsArb(12).filter((b) => sum(nums(b.slice(0, 8)), range(2, 9)) % 11 !== 10),
    complete: (b) => b.slice(0, 8) + (sum(nums(b.slice(0, 8)), range(2, 9)) % 11) + b.slice(8, 12),
    checkAt: [8],
    alphabet: digits,
  },
  {
    country: 'MX',
    type: 'CURP',
    body: fc
      .tuple(
        fc.string({
          unit: fc.constantFrom(...'ABCDEFGHIJKLMNÑOPQRSTUVWXYZ'),
          minLength: 4,
          maxLength: 4,
        }),
        yymmdd,
        fc.constantFrom('H', 'M'),
        fc.string({
          unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
          minLength: 5,
          maxLength: 5,
        }),
        fc.constantFrom(...'0123456789A'),
      )
      .map((p) => p.join('')),
    complete: (b) =>
      b +
      ((10 -
        (sum(
          [...b].map((c) => curpAlphabet.indexOf(c)),
          range(18, 2),
        ) %
          10)) %
        10),
    checkAt: [17],
    alphabet: digits,
    format: (v) => /^[A-ZÑ]{4}\d{6}[HMX][A-ZÑ]{5}[0-9A-Z]\d$/.test(v),
  },
  {
    country: 'PE',
    type: 'RUC',
    body: fc.tuple(fc.constantFrom('10', '20'), digitsArb(8)).map(([a, b]) => a + b),
    complete: (b) => b + ((11 - (sum(nums(b), [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11)) % 10),
    checkAt: [10],
    alphabet: digits,
  },
  {
    country: 'UY',
    type: 'CI',
    body: digitsArb(7),
    complete: (b) => b + ((10 - (sum(nums(b), [2, 9, 8, 7, 6, 3, 4]) % 10)) % 10),
    checkAt: [7],
    alphabet: digits,
  },
  {
    country: 'ZA',
    type: 'ID',
    body: fc.tuple(yymmdd, digitsArb(6)).map(([a, b]) => a + b),
    complete: (b) => b + luhnDigit(b),
    checkAt: [12],
    alphabet: digits,
    format: (v) => realDate(v),
  },
  {
    country: 'TR',
    type: 'T.C. Kimlik No.',
    body: fc.tuple(fc.constantFrom(...'123456789'), digitsArb(8)).map(([a, b]) => a + b),
    complete: (b) => {
      const d = nums(b);
      const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
      const even = d[1]! + d[3]! + d[5]! + d[7]!;
      const d10 = (((7 * odd - even) % 10) + 10) % 10;
      return b + d10 + ((odd + even + d10) % 10);
    },
    checkAt: [9, 10],
    alphabet: digits,
    format: (v) => v[0] !== '0',
  },
  {
    country: 'TH',
    type: 'Thai ID',
    body: digitsArb(12),
    complete: (b) => b + ((11 - (sum(nums(b), range(13, 2)) % 11)) % 10),
    checkAt: [12],
    alphabet: digits,
  },
  {
    country: 'CN',
    type: 'resident ID',
    body: digitsArb(17),
    complete: (b) => {
      const w = range(17, 1).map((i) => 2 ** i % 11);
      return b + '10X98765432'[sum(nums(b), w) % 11];
    },
    checkAt: [17],
    alphabet: digits + 'X',
    format: (v) => /^\d{17}[0-9X]$/.test(v),
  },
  {
    country: 'JP',
    type: 'My Number',
    body: digitsArb(11),
    complete: (b) => {
      const r =
        sum(
          nums(b).reverse(),
          range(1, 11).map((n) => (n <= 6 ? n + 1 : n - 5)),
        ) % 11;
      return b + (r <= 1 ? 0 : 11 - r);
    },
    checkAt: [11],
    alphabet: digits,
  },
];

/** A South African number's first six digits name a day (in the 1900s or the 2000s). */
function realDate(v: string): boolean {
  const [yy, mm, dd] = [0, 2, 4].map((i) => Number(v.slice(i, i + 2))) as [number, number, number];
  return [1900, 2000].some((c) => {
    const d = new Date(Date.UTC(c + yy, mm - 1, dd));
    return d.getUTCMonth() === mm - 1 && d.getUTCDate() === dd;
  });
}

/** Rules whose numbers come in several lengths (a RUT of 8 or 9, a NIT of 6 to 11, an Ecuadorian CI of 5 to 20, a Uruguayan CI of 6 to 8). */
const variableLength = new Set(rules.filter((r) => ['CL', 'CO', 'EC', 'UY'].includes(r.country)));

function brDigitCpf(body: string): number {
  const r = sum(nums(body), range(body.length + 1, 2)) % 11;
  return r < 2 ? 0 : 11 - r;
}

/** The test's own verdict: the number is what its rule completes from its body. */
function nationallyValid(rule: NationalRule, value: string): boolean {
  const body = [...value].filter((_, i) => !rule.checkAt.includes(i)).join('');
  return (rule.format?.(value) ?? true) && rule.complete(body) === value;
}

/** A valid number of `rule` and a change of one of its characters to another of the alphabet. */
const changed = (rule: NationalRule) =>
  fc.tuple(rule.body.map(rule.complete), fc.nat(), fc.nat()).map(([valid, at, to]) => {
    const i = at % valid.length;
    const others = rule.alphabet.replace(valid[i]!, '');
    return {
      valid,
      mutant: valid.slice(0, i) + others[to % others.length] + valid.slice(i + 1),
      at: i,
    };
  });

describe("documents: every country's own rule, by property", () => {
  for (const rule of rules) {
    describe(`${rule.country} ${rule.type}`, () => {
      it('takes every number the national algorithm makes', () => {
        fc.assert(
          fc.property(rule.body.map(rule.complete), (value) => {
            expect(documentProblem(rule.country, value, rule.type), value).to.equal(undefined);
            expect(documentProblem(rule.country, value), value).to.equal(undefined);
          }),
        );
      });

      it('refuses a changed check character, and any changed character the national algorithm refuses', () => {
        fc.assert(
          fc.property(changed(rule), ({ mutant, at }) => {
            const mine = documentProblem(rule.country, mutant, rule.type) === undefined;
            if (rule.checkAt.includes(at)) expect(mine, mutant).to.equal(false);
            else expect(mine, mutant).to.equal(nationallyValid(rule, mutant));
          }),
        );
      });

      it(
        variableLength.has(rule)
          ? 'refuses the number cut to 3 characters or grown past 20'
          : 'refuses the number one character shorter or longer',
        () => {
          const [shorter, longer] = variableLength.has(rule)
            ? [(v: string) => v.slice(0, 3), (v: string) => v.padEnd(21, '0')]
            : [(v: string) => v.slice(1), (v: string) => v + v[0]];
          fc.assert(
            fc.property(rule.body.map(rule.complete), (value) => {
              expect(documentProblem(rule.country, shorter(value), rule.type), value).to.equal(
                'length',
              );
              expect(documentProblem(rule.country, longer(value), rule.type), value).to.equal(
                'length',
              );
            }),
          );
        },
      );
    });
  }

  it('South Africa: a number whose first six digits are no date is refused, whatever its Luhn digit', () => {
    const body = '800230500908';
    expect(documentProblem('ZA', body + luhnDigit(body))).to.equal('date');
    expect(apiDocumentProblem('ZA', body + luhnDigit(body))).to.equal('date');
  });

  it("formats: length and characters refused in each country, by its own rule and by the API's", () => {
    const cases: [string, string, string, string][] = [
      // country, valid by format, a character the format does not have, a wrong length
      ['BO', '1234567', '12345A7', '1234'],
      ['CR', '123456789', '12345678A', '12345678'],
      ['HN', '0801199012345', '080119901234A', '080119901234'],
      ['PY', '1234567', '123456X', '1234'],
      ['ID', '3171234567890123', '317123456789012X', '317123456789012'],
      ['PH', '123456789012', '12345678901A', '12345678901'],
      ['NG', '12345678901', '1234567890A', '1234567890'],
      ['KE', '12345678', '1234567A', '1234567'],
      ['NI', '0010101900001A', '001010190000*A', '0010101900001'],
      ['PA', '81234567', '8123456A', '8123456'],
      ['VN', '012345678901', '01234567890A', '01234567'],
      ['MY', '900101145678', '90010114567A', '90010114567'],
      ['EG', '29001011234567', '2900101123456A', '2900101123456'],
      ['IN', 'ABCPE1234F', 'ABCPE1234*', 'ABCPE1234'],
    ];
    for (const [country, valid, badChar, badLength] of cases) {
      expect(documentProblem(country, valid), `${country} ${valid}`).to.equal(undefined);
      expect(apiDocumentProblem(country, valid), `${country} ${valid} (API)`).to.equal(undefined);
      expect(documentProblem(country, badChar), `${country} ${badChar}`).to.equal('characters');
      expect(apiDocumentProblem(country, badChar), `${country} ${badChar} (API)`).to.equal(
        'characters',
      );
      expect(documentProblem(country, badLength), `${country} ${badLength}`).to.equal('length');
      expect(apiDocumentProblem(country, badLength), `${country} ${badLength} (API)`).to.equal(
        'length',
      );
    }
  });

  it("gives each country an example that its own rule and the API's take", () => {
    for (const country of documentCountries) {
      const example = documentExample(country)!;
      expect([
        country,
        documentProblem(country, example),
        apiDocumentProblem(country, example),
      ]).to.deep.equal([country, undefined, undefined]);
    }
    expect(documentExample('XX')).to.equal(undefined);
  });

  it('knows every country of the markets table, each with its document types', () => {
    expect(documentCountries).to.have.members([
      'AR',
      'BO',
      'BR',
      'CL',
      'CO',
      'CR',
      'DO',
      'EC',
      'SV',
      'GT',
      'HN',
      'MX',
      'NI',
      'PA',
      'PY',
      'PE',
      'UY',
      'IN',
      'ZA',
      'TR',
      'ID',
      'MY',
      'PH',
      'TH',
      'VN',
      'NG',
      'KE',
      'EG',
      'CN',
      'JP',
    ]);
    expect(documentTypes('AR')).to.deep.equal(['DNI', 'CUIT', 'CUIL']);
    expect(documentTypes('BR')).to.deep.equal(['CPF', 'CNPJ']);
    expect(documentTypes('MX')).to.deep.equal(['CURP', 'RFC']);
    expect(documentTypes('XX')).to.deep.equal([]);
  });
});

describe("documents: Brazil's alphanumeric CNPJ", () => {
  it("takes the Receita Federal's example, punctuated, bare or in lower case, and refuses it with the last digit changed", () => {
    for (const value of ['12.ABC.345/01DE-35', '12ABC34501DE35', '12.abc.345/01de-35']) {
      expect(documentProblem('BR', value), value).to.equal(undefined);
      expect(apiDocumentProblem('BR', value), value).to.equal(undefined);
      expect(isCnpj(value), value).to.equal(true);
    }
    expect(documentProblem('BR', '12.ABC.345/01DE-36')).to.equal('check_digit');
    expect(apiDocumentProblem('BR', '12.ABC.345/01DE-36')).to.equal('check_digit');
  });

  it('refuses letters in the check digits', () => {
    expect(documentProblem('BR', '12.ABC.345/01DE-3A')).to.equal('characters');
    expect(documentProblem('BR', '12.ABC.345/01DE-AB')).to.equal('characters');
  });
});

describe('documents: CPF and CNPJ check digits', () => {
  // 123.456.789-09 by hand. First check digit: 1·10 + 2·9 + 3·8 + 4·7 + 5·6 + 6·5 + 7·4 + 8·3 + 9·2
  // = 210; 210 mod 11 = 1, under 2, so 0. Second: 1·11 + 2·10 + 3·9 + 4·8 + 5·7 + 6·6 + 7·5
  // + 8·4 + 9·3 + 0·2 = 255; 255 mod 11 = 2, so 11 - 2 = 9.
  it('takes a CPF with its check digits, bare or punctuated', () => {
    for (const cpf of [
      '123.456.789-09',
      '12345678909',
      '529.982.247-25',
      '53033315550',
      '111.444.777-35',
    ])
      expect(isCpf(cpf), cpf).to.equal(true);
  });

  it('refuses a CPF with a wrong check digit, a wrong length, letters, or one digit repeated', () => {
    for (const cpf of [
      '123.456.789-08',
      '123.456.789-19',
      '530.333.155-51',
      '1234567890',
      '123456789091',
      '123.456.789-0X',
      'bad_document',
      '',
      '111.111.111-11',
      '00000000000',
      '99999999999',
    ]) {
      expect(isCpf(cpf), cpf).to.equal(false);
    }
  });

  // 11.222.333/0001-81 by hand. First: 1·5 + 1·4 + 2·3 + 2·2 + 2·9 + 3·8 + 3·7 + 3·6 + 0·5 + 0·4
  // + 0·3 + 1·2 = 102; 102 mod 11 = 3, so 11 - 3 = 8. Second: 1·6 + 1·5 + 2·4 + 2·3 + 2·2 + 3·9
  // + 3·8 + 3·7 + 0·6 + 0·5 + 0·4 + 1·3 + 8·2 = 120; 120 mod 11 = 10, so 11 - 10 = 1.
  it('takes a CNPJ with its check digits, bare or punctuated', () => {
    for (const cnpj of [
      '11.222.333/0001-81',
      '11222333000181',
      '12.345.678/0001-95',
      '11.444.777/0001-61',
    ])
      expect(isCnpj(cnpj), cnpj).to.equal(true);
  });

  it('refuses a CNPJ with a wrong check digit, a wrong length, or one digit repeated', () => {
    for (const cnpj of [
      '11.222.333/0001-82',
      '11.222.333/0001-91',
      '1122233300018',
      '112223330001811',
      '11.222.333/0001-8A',
      '11.111.111/1111-11',
      '00000000000000',
    ]) {
      expect(isCnpj(cnpj), cnpj).to.equal(false);
    }
  });

  it('tells a CPF from a CNPJ by its length', () => {
    expect(isCnpj('123.456.789-09')).to.equal(false);
    expect(isCpf('11.222.333/0001-81')).to.equal(false);
  });

  it('answers false, never throws, for what is not a string', () => {
    for (const value of [undefined, null, 12345678909, {}, []]) {
      expect(isCpf(value)).to.equal(false);
      expect(isCnpj(value)).to.equal(false);
    }
  });
});

describe("documents: the API's rule, narrower than the countries'", () => {
  it('checks Brazil, India and South Africa in full or by format, and elsewhere only length and characters', () => {
    expect(apiDocumentProblem('BR', '530.333.155-51')).to.equal('check_digit');
    expect(apiDocumentProblem('BR', 'bad_document')).to.be.a('string');
    // India: the API checks the PAN's format; the holder type (its fourth letter) is India's own rule.
    expect(apiDocumentProblem('IN', 'ABCDE1234F')).to.equal(undefined);
    expect(documentProblem('IN', 'ABCDE1234F')).to.equal('holder_type');
    expect(documentProblem('IN', 'ABCPE1234F')).to.equal(undefined);
    expect(apiDocumentProblem('IN', 'ABCD12345F')).to.equal('characters');
    // A RUT with a wrong check digit, a CUIT with one, a Turkish number with one: the API takes them.
    expect(documentProblem('CL', '12.345.678-4')).to.equal('check_digit');
    expect(apiDocumentProblem('CL', '12.345.678-4')).to.equal(undefined);
    expect(documentProblem('AR', '20-12345678-5')).to.equal('check_digit');
    expect(apiDocumentProblem('AR', '20-12345678-5')).to.equal(undefined);
    expect(apiDocumentProblem('AR', '2012345678')).to.equal(undefined);
    expect(apiDocumentProblem('AR', '201234567890')).to.equal('length');
    // Values the API took: 15 digits in Mexico (between RFC's 12 and CURP's 18), 9 in Peru.
    expect(apiDocumentProblem('MX', '128475869794933')).to.equal(undefined);
    expect(documentProblem('MX', '128475869794933')).to.be.a('string');
    expect(apiDocumentProblem('PE', '184853849')).to.equal(undefined);
    expect(apiDocumentProblem('MX', '12847586979')).to.equal('length');
  });

  it('leaves the document optional in DO and PA only', () => {
    for (const country of documentCountries) {
      const optional = country === 'DO' || country === 'PA';
      expect(documentOptional(country), country).to.equal(optional);
      expect(apiDocumentProblem(country, undefined), country).to.equal(
        optional ? undefined : 'required',
      );
      expect(documentProblem(country, ''), country).to.equal(optional ? undefined : 'required');
    }
  });
});

describe('documents: the usual written form', () => {
  it('writes each with its punctuation, and anything else as given', () => {
    expect(formatDocument('BR', '53033315550')).to.equal('530.333.155-50');
    expect(formatDocument('BR', '12abc34501de35')).to.equal('12.ABC.345/01DE-35');
    expect(formatDocument('BR', '11222333000181')).to.equal('11.222.333/0001-81');
    expect(formatDocument('AR', '20123456786')).to.equal('20-12345678-6');
    expect(formatDocument('CL', '123456785')).to.equal('12.345.678-5');
    expect(formatDocument('CL', '12345678k')).to.equal('12.345.678-K');
    expect(formatDocument('UY', '12345672')).to.equal('1.234.567-2');
    expect(formatDocument('DO', '00100001118')).to.equal('001-0000111-8');
    // Panama's cédula is written 8-123-4567 (its example), not with the Dominican grouping.
    expect(formatDocument('PA', '81234567')).to.equal('8-123-4567');
    expect(formatDocument('BR', '1234')).to.equal('1234');
    expect(formatDocument('JP', '1234 5678 9018')).to.equal('1234 5678 9018');
  });
});

describe('documents: written as they are typed', () => {
  it('each group as it is reached, by the type chosen; letters upper-cased; a RUT with its check digit', () => {
    expect(
      ['5', '5303', '5303331', '530333155', '53033315550'].map((v) =>
        formatDocumentAsTyped('BR', v),
      ),
    ).to.deep.equal(['5', '530.3', '530.333.1', '530.333.155', '530.333.155-50']);
    expect(formatDocumentAsTyped('BR', '12abc34501de35', 'CNPJ')).to.equal('12.ABC.345/01DE-35');
    expect(formatDocumentAsTyped('BR', '12abc', 'CNPJ')).to.equal('12.ABC');
    expect(formatDocumentAsTyped('AR', '2012345', 'CUIT')).to.equal('20-12345');
    expect(formatDocumentAsTyped('AR', '30111222', 'DNI')).to.equal('30111222');
    expect(formatDocumentAsTyped('CL', '10000013k')).to.equal('10.000.013-K');
    expect(formatDocumentAsTyped('UY', '45678905')).to.equal('4.567.890-5');
    expect(formatDocumentAsTyped('MX', 'hegg 5604')).to.equal('HEGG5604');
    // Both countries name their document "cédula"; each is written its own way.
    expect(
      ['8', '812', '8123456', '81234567', '8-123-4567'].map((v) => formatDocumentAsTyped('PA', v)),
    ).to.deep.equal(['8', '8-12', '8-123-456', '8-123-4567', '8-123-4567']);
    expect(formatDocumentAsTyped('DO', '00100001118')).to.equal('001-0000111-8');
  });

  it("with core's caret rule: the caret after the same character, Backspace on a separator deletes the character before it", () => {
    const ignored = /[^0-9A-Za-z]/g;
    const cpf = (v: string) => formatDocumentAsTyped('BR', v, 'CPF');
    // A digit typed in the middle: the caret stays after it.
    expect(
      reformatDigits({ value: '5309.333.155-50', caret: 4 }, cpf, '530.333.155-50', ignored),
    ).to.deep.equal({
      value: '530.933.315-550',
      caret: 5,
    });
    // Backspace just after the dot of "530.3": the 0 goes, not the dot alone.
    expect(reformatDigits({ value: '5303', caret: 3 }, cpf, '530.3', ignored)).to.deep.equal({
      value: '533',
      caret: 2,
    });
    const cnpj = (v: string) => formatDocumentAsTyped('BR', v, 'CNPJ');
    expect(reformatDigits({ value: '12.AB', caret: 5 }, cnpj, '12.A', ignored)).to.deep.equal({
      value: '12.AB',
      caret: 5,
    });
  });
});

describe('documents: the type a number being typed must be', () => {
  it('a CNPJ typed while CPF is chosen: past eleven digits, or with a letter', () => {
    expect(documentTypeAsTyped('BR', '123.456.789-0', 'CPF')).to.equal(undefined);
    expect(documentTypeAsTyped('BR', '12345678901', 'CPF')).to.equal(undefined);
    expect(documentTypeAsTyped('BR', '123.456.789-012', 'CPF')).to.equal('CNPJ');
    expect(documentTypeAsTyped('BR', '12ABC', undefined)).to.equal('CNPJ');
    expect(documentTypeAsTyped('BR', '12.abc', 'CPF')).to.equal('CNPJ');
    // A CNPJ chosen holds a short number as it is typed; nothing holds sixteen characters.
    expect(documentTypeAsTyped('BR', '123', 'CNPJ')).to.equal(undefined);
    expect(documentTypeAsTyped('BR', '1234567890123456', 'CPF')).to.equal(undefined);
  });

  it("Argentina: a DNI's nine digits, then a CUIT's eleven; a country with one type says nothing", () => {
    expect(documentTypeAsTyped('AR', '123456789', 'DNI')).to.equal(undefined);
    expect(documentTypeAsTyped('AR', '20-12345678-6', 'DNI')).to.equal('CUIT');
    expect(documentTypeAsTyped('CL', '12.345.678-5000', undefined)).to.equal(undefined);
  });
});

/** Values worked with Python's standard library from each country's published rule, not with this module. */
describe('documents: the edges of the national rules', () => {
  it('Uruguay: a CI of 7 digits is read with a leading zero (0123456 → 1; 0987654 → 9)', () => {
    expect(documentProblem('UY', '123.456-1')).to.equal(undefined);
    expect(documentProblem('UY', '987.654-9')).to.equal(undefined);
    expect(documentProblem('UY', '123.456-2')).to.equal('check_digit');
  });

  it('Turkey: a number that starts with 0 is none, whatever its check digits; the API takes it', () => {
    // 012345678 → d10 = (7 × 20 − 16) mod 10 = 4, d11 = (20 + 16 + 4) mod 10 = 0.
    expect(documentProblem('TR', '01234567840')).to.equal('characters');
    expect(apiDocumentProblem('TR', '01234567840')).to.equal(undefined);
  });

  it("Egypt: a first digit of 2 is the 1900s, 3 the 2000s (29 February 2000 is a day, 1900's is not)", () => {
    expect(documentProblem('EG', '30002290123456')).to.equal(undefined);
    expect(documentProblem('EG', '20002290123456')).to.equal('date');
    expect(documentProblem('EG', '39912310123456')).to.equal(undefined);
    expect(documentProblem('EG', '29912310123456')).to.equal(undefined);
  });

  it('South Africa: a person born on 29 February 2000 has a number (YYMMDD in either century)', () => {
    // Luhn of 000229500908 is 4.
    expect(documentProblem('ZA', '0002295009084')).to.equal(undefined);
    expect(apiDocumentProblem('ZA', '0002295009084')).to.equal(undefined);
    expect(documentProblem('ZA', '0102295009082')).to.equal('date');
  });

  it("India: each of the eleven holder types is a PAN's fourth letter, and no other letter", () => {
    for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      const holder = 'PCHFATBLJGK'.includes(letter);
      expect(documentProblem('IN', `ABC${letter}E1234F`), letter).to.equal(
        holder ? undefined : 'holder_type',
      );
      expect(apiDocumentProblem('IN', `ABC${letter}E1234F`), letter).to.equal(undefined);
    }
  });

  it("the API checks a single type's format whole: Vietnam's 9 or 12 digits, Nicaragua's letter last, a resident ID's X last", () => {
    expect(apiDocumentProblem('VN', '001099012')).to.equal(undefined);
    expect(apiDocumentProblem('VN', '001099012345')).to.equal(undefined);
    expect(apiDocumentProblem('VN', '0010990123')).to.equal('characters');
    expect(apiDocumentProblem('VN', '00109901234')).to.equal('characters');
    expect(apiDocumentProblem('NI', '001-250585-0000A')).to.equal(undefined);
    expect(apiDocumentProblem('NI', 'A0012505850000')).to.equal('characters');
    expect(apiDocumentProblem('CN', '11010519491231002X')).to.equal(undefined);
    expect(apiDocumentProblem('CN', 'X11010519491231002')).to.equal('characters');
  });
});
