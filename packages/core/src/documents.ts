/**
 * Payers' documents in every country the API serves: each country's own rule (its document
 * types, their format and, where the country publishes one, their check digits), the
 * narrower rule the API applies, and the usual display form.
 *
 * - `documentProblem(country, value)`: the country's own rule, to catch a typo before the
 *   payer pays (the order API, the checkout). A value valid as any of the country's document
 *   types is valid (a DNI or a CUIT in Argentina).
 * - `apiDocumentProblem(country, value)`: what the API refuses (400 / 5001 `Invalid parameter:
 *   payer.document`), and so what the sandbox refuses: Brazil's CPF and CNPJ, India's PAN format
 *   and South Africa's identity number in full; elsewhere only the format: one type's length and
 *   the places of its letters and digits, or, where a country has several, the length and
 *   characters they allow between them. The document is optional in DO and PA.
 * - `formatDocument(country, value)`: the usual written form (`530.333.155-50`).
 *
 * Values may carry the usual punctuation (spaces, dots, dashes, slashes) and lower case.
 * No zod and no dependency: the checkout can check a document as it is typed.
 *
 * @example
 * documentProblem('BR', '12.ABC.345/01DE-35')  // undefined (an alphanumeric CNPJ)
 * documentProblem('BR', '12.ABC.345/01DE-36')  // 'check_digit'
 * apiDocumentProblem('MX', '128475869794933') // undefined: 15 characters, within CURP's and RFC's lengths
 * formatDocument('AR', '20123456786')          // '20-12345678-6'
 */
import { luhnCheck } from './card/number.js';

/** Why a document is refused: the code the messages use (`documentMessage`). */
export type DocumentProblem =
  'required' | 'length' | 'characters' | 'check_digit' | 'date' | 'holder_type';

interface DocumentType {
  /** The name the country gives it (`CPF`, `CUIT`, `RUT`…). */
  name: string;
  min: number;
  max: number;
  /** The characters of its compact form, as a regular-expression class body. */
  chars: string;
  /**
   * The finer format (positions of letters and digits, or the lengths a range leaves out), when
   * length and characters do not say it all. The API checks it where the country has one type.
   */
  pattern?: RegExp;
  /** The national check, on the compact value once its format holds. */
  check?: (compact: string) => DocumentProblem | undefined;
}

interface CountryDocuments {
  types: readonly DocumentType[];
  /** The payer's document may be left out (DO, PA). */
  optional?: true;
  /** A valid document, in its written form: a placeholder for a form, a payer for a test. */
  example: string;
  /** The API checks these types in full (BR, IN, ZA); elsewhere only length and characters. */
  apiChecks?: (compact: string) => DocumentProblem | undefined;
}

/** A document without its punctuation, upper-cased. */
export function compactDocument(value: string): string {
  return value.replace(/[\s.\-/]/g, '').toUpperCase();
}

/**
 * Each character as a number: a digit its value, anything else `Number` of it (NaN for a
 * letter). Read by char code while every character is a digit (the checks run on each
 * payment's payer, twice: its order's and its own), else as `[...s].map(Number)`, whose
 * characters are code points.
 */
function digitsOf(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const digit = s.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return [...s].map(Number);
    out.push(digit);
  }
  return out;
}

function weighted(values: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]! * weights[i % weights.length]!;
  return sum;
}

const checkDigit = (ok: boolean): DocumentProblem | undefined => (ok ? undefined : 'check_digit');

function realDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** A `YYMMDD` at `start` names a real day (in some century: 29 February needs a leap year). */
function yymmdd(compact: string, start: number, century?: number): boolean {
  const [yy, mm, dd] = [0, 2, 4].map((i) => Number(compact.slice(start + i, start + i + 2))) as [
    number,
    number,
    number,
  ];
  return century === undefined
    ? realDate(2000 + yy, mm, dd) || realDate(1900 + yy, mm, dd)
    : realDate(century + yy, mm, dd);
}

/** CPF and CNPJ's modulo 11: the weighted sum's remainder r gives 0 when r < 2, else 11 − r. */
function brMod11(values: readonly number[], weights: readonly number[]): number {
  const r = weighted(values, weights) % 11;
  return r < 2 ? 0 : 11 - r;
}

const cpf: DocumentType = {
  name: 'CPF',
  min: 11,
  max: 11,
  chars: '0-9',
  check: (c) => {
    if (/^(\d)\1*$/.test(c)) return 'check_digit';
    const d = digitsOf(c);
    return checkDigit(
      brMod11(d.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]) === d[9] &&
        brMod11(d.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) === d[10],
    );
  },
};

/** Each character of a CNPJ counts as its ASCII code minus 48: `0`–`9` are 0–9, `A` is 17 … `Z` is 42. */
const cnpj: DocumentType = {
  name: 'CNPJ',
  min: 14,
  max: 14,
  chars: '0-9A-Z',
  pattern: /^[0-9A-Z]{12}\d{2}$/,
  check: (c) => {
    if (/^(\d)\1*$/.test(c)) return 'check_digit';
    const v = [...c].map((ch) => ch.charCodeAt(0) - 48);
    return checkDigit(
      brMod11(v.slice(0, 12), [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === v[12] &&
        brMod11(v.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === v[13],
    );
  },
};

/** True for a Brazilian CPF (a person's number) with its check digits, punctuation allowed. */
export function isCpf(value: unknown): boolean {
  return typeof value === 'string' && typeProblem(compactDocument(value), cpf) === undefined;
}

/** True for a Brazilian CNPJ (a company's number, numeric or alphanumeric) with its check digits, punctuation allowed. */
export function isCnpj(value: unknown): boolean {
  return typeof value === 'string' && typeProblem(compactDocument(value), cnpj) === undefined;
}

/** Argentina's CUIT and CUIL: modulo 11 with weights 5 4 3 2 7 6 5 4 3 2 (a result of 10 is written 9). */
const cuit: DocumentType = {
  name: 'CUIT',
  min: 11,
  max: 11,
  chars: '0-9',
  check: (c) => {
    const d = digitsOf(c);
    return checkDigit(
      '012345678990'[11 - (weighted(d.slice(0, 10), [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11)] ===
        c[10],
    );
  },
};

/** Chile's RUT: modulo 11, weights 2 to 7 cycling from the right; 10 is K, 11 is 0. */
const rut: DocumentType = {
  name: 'RUT',
  min: 8,
  max: 9,
  chars: '0-9K',
  pattern: /^\d{7,8}[0-9K]$/,
  check: (c) => {
    const body = digitsOf(c.slice(0, -1)).reverse();
    const r = 11 - (weighted(body, [2, 3, 4, 5, 6, 7]) % 11);
    return checkDigit((r === 11 ? '0' : r === 10 ? 'K' : String(r)) === c.slice(-1));
  },
};

/** Colombia's NIT: modulo 11 with weights 3 7 13 … 71 from the right of the base; r < 2 is r, else 11 − r. */
const nit: DocumentType = {
  name: 'NIT',
  min: 6,
  max: 11,
  chars: '0-9',
  check: (c) => {
    const r =
      weighted(
        digitsOf(c.slice(0, -1)).reverse(),
        [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71],
      ) % 11;
    return checkDigit((r < 2 ? r : 11 - r) === Number(c.slice(-1)));
  },
};

/** Peru's RUC: modulo 11 with weights 5 4 3 2 7 6 5 4 3 2; (11 − r) mod 10. */
const ruc: DocumentType = {
  name: 'RUC',
  min: 11,
  max: 11,
  chars: '0-9',
  check: (c) =>
    checkDigit(
      (11 - (weighted(digitsOf(c.slice(0, 10)), [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11)) % 10 ===
        Number(c[10]),
    ),
};

/** Uruguay's CI, 6 to 8 digits (the shorter ones read with leading zeros): modulo 10, weights 2 9 8 7 6 3 4. */
const uyCi: DocumentType = {
  name: 'CI',
  min: 6,
  max: 8,
  chars: '0-9',
  check: (c) => {
    const p = c.padStart(8, '0');
    return checkDigit(
      (10 - (weighted(digitsOf(p.slice(0, 7)), [2, 9, 8, 7, 6, 3, 4]) % 10)) % 10 === Number(p[7]),
    );
  },
};

/** Ecuador's CI of 10 digits: coefficients 2 1 2 1 …, each product over 9 less 9, the sum a multiple of 10. Other lengths: format only. */
const ecCi: DocumentType = {
  name: 'CI',
  min: 5,
  max: 20,
  chars: '0-9',
  check: (c) => {
    if (c.length !== 10) return undefined;
    const sum = digitsOf(c).reduce(
      (s, d, i) => s + (i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d),
      0,
    );
    return checkDigit(sum % 10 === 0);
  },
};

/** El Salvador's DUI: 8 digits and a check digit, modulo 10 with weights 9 … 2. */
const dui: DocumentType = {
  name: 'DUI',
  min: 9,
  max: 9,
  chars: '0-9',
  check: (c) =>
    checkDigit(
      (10 - (weighted(digitsOf(c.slice(0, 8)), [9, 8, 7, 6, 5, 4, 3, 2]) % 10)) % 10 ===
        Number(c[8]),
    ),
};

/**
 * Guatemala's CUI: 8 digits, a check digit (weights 2 … 9, modulo 11), department and
 * municipality. A remainder of 10 has no check digit: no CUI is issued with such a number
 * (none is written 0).
 */
const cui: DocumentType = {
  name: 'CUI',
  min: 13,
  max: 13,
  chars: '0-9',
  check: (c) =>
    checkDigit(weighted(digitsOf(c.slice(0, 8)), [2, 3, 4, 5, 6, 7, 8, 9]) % 11 === Number(c[8])),
};

const curpAlphabet = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/** Mexico's CURP: its 18th character is modulo 10 over the first 17 (0-9A-Z with Ñ), weights 18 … 2. */
const curp: DocumentType = {
  name: 'CURP',
  min: 18,
  max: 18,
  chars: '0-9A-ZÑ',
  pattern: /^[A-ZÑ]{4}\d{6}[HMX][A-ZÑ]{5}[0-9A-Z]\d$/,
  check: (c) => {
    const values = [...c.slice(0, 17)].map((ch) => curpAlphabet.indexOf(ch));
    return checkDigit(
      (10 - (weighted(values, [18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) % 10)) %
        10 ===
        Number(c[17]),
    );
  },
};

/** Mexico's RFC, format only: 3 letters (a company) or 4 (a person), a date, 3 characters. */
const rfc: DocumentType = {
  name: 'RFC',
  min: 12,
  max: 13,
  chars: '0-9A-ZÑ&',
  pattern: /^[A-ZÑ&]{3,4}\d{6}[0-9A-Z]{3}$/,
};

/** The fourth letter of a PAN says who holds it (P a person, C a company …). */
const panHolderTypes = 'ABCFGHJLPTK';
const panFormat = /^[A-Z]{5}\d{4}[A-Z]$/;
const pan: DocumentType = {
  name: 'PAN',
  min: 10,
  max: 10,
  chars: '0-9A-Z',
  pattern: panFormat,
  check: (c) => (panHolderTypes.includes(c[3]!) ? undefined : 'holder_type'),
};

/** South Africa's identity number: born YYMMDD, and a Luhn check digit. */
const zaId: DocumentType = {
  name: 'ID',
  min: 13,
  max: 13,
  chars: '0-9',
  check: (c) => (!yymmdd(c, 0) ? 'date' : checkDigit(luhnCheck(c))),
};

/** Turkey's T.C. Kimlik No.: never starts with 0; d10 = (7 × odd sum − even sum) mod 10, d11 = sum of the first ten mod 10. */
const kimlik: DocumentType = {
  name: 'T.C. Kimlik No.',
  min: 11,
  max: 11,
  chars: '0-9',
  check: (c) => {
    // The first digit is a value rule, not a position of letters and digits: the API does not check it.
    if (c[0] === '0') return 'characters';
    const d = digitsOf(c);
    const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
    const even = d[1]! + d[3]! + d[5]! + d[7]!;
    return checkDigit(
      (((odd * 7 - even) % 10) + 10) % 10 === d[9] && (odd + even + d[9]!) % 10 === d[10],
    );
  },
};

/** Thailand's ID: modulo 11 with weights 13 … 2; (11 − r) mod 10. */
const thId: DocumentType = {
  name: 'Thai ID',
  min: 13,
  max: 13,
  chars: '0-9',
  check: (c) =>
    checkDigit(
      (11 - (weighted(digitsOf(c.slice(0, 12)), [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11)) %
        10 ===
        Number(c[12]),
    ),
};

/** China's resident ID: 17 digits and an ISO 7064 MOD 11-2 check character (0-9 or X). */
const cnId: DocumentType = {
  name: 'resident ID',
  min: 18,
  max: 18,
  chars: '0-9X',
  pattern: /^\d{17}[0-9X]$/,
  check: (c) =>
    checkDigit(
      '10X98765432'[
        weighted(digitsOf(c.slice(0, 17)), [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]) %
          11
      ] === c[17],
    ),
};

/** Japan's My Number: 11 digits weighted 2 … 7, 2 … 6 from the right, modulo 11; r ≤ 1 gives 0, else 11 − r. */
const myNumber: DocumentType = {
  name: 'My Number',
  min: 12,
  max: 12,
  chars: '0-9',
  check: (c) => {
    const r = weighted(digitsOf(c.slice(0, 11)).reverse(), [2, 3, 4, 5, 6, 7, 2, 3, 4, 5, 6]) % 11;
    return checkDigit((r <= 1 ? 0 : 11 - r) === Number(c[11]));
  },
};

/** Dominican Republic's cédula: 11 digits, Luhn. */
const cedulaDo: DocumentType = {
  name: 'cédula',
  min: 11,
  max: 11,
  chars: '0-9',
  check: (c) => checkDigit(luhnCheck(c)),
};

/** Digits only, of a length, no public check. */
const digits = (name: string, min: number, max = min): DocumentType => ({
  name,
  min,
  max,
  chars: '0-9',
});

/** Panama's cédula: 8 digits, written 8-123-4567; no public check digit. */
const cedulaPa = digits('cédula', 8);

/**
 * Every country the API serves, with its payer document types. Its keys are the countries
 * of the API's markets, in the order of its country reference.
 */
export const countryDocuments = {
  AR: { types: [digits('DNI', 7, 9), cuit, { ...cuit, name: 'CUIL' }], example: '20-12345678-6' },
  BO: { types: [digits('CI', 5, 20), digits('NIT', 7, 10)], example: '4567890' },
  BR: {
    types: [cpf, cnpj],
    apiChecks: (c: string) => firstValid(c, [cpf, cnpj]),
    example: '530.333.155-50',
  },
  CL: { types: [rut], example: '12.345.678-5' },
  CO: { types: [digits('CC', 6, 11), nit], example: '1032456789' },
  CR: { types: [digits('CI', 9)], example: '112340567' },
  DO: { types: [cedulaDo], optional: true, example: '001-0000000-9' },
  EC: { types: [ecCi], example: '1710034065' },
  SV: { types: [dui], example: '04567890-3' },
  GT: { types: [cui], example: '1234567890101' },
  HN: { types: [digits('DNI', 13)], example: '0801199912345' },
  MX: { types: [curp, rfc], example: 'HEGG560427MVZRRL04' },
  NI: {
    types: [{ name: 'DNI', min: 14, max: 14, chars: '0-9A-Z', pattern: /^\d{13}[A-Z]$/ }],
    example: '001-250585-0000A',
  },
  PA: { types: [cedulaPa], optional: true, example: '8-123-4567' },
  PY: { types: [digits('CI', 5, 20)], example: '4567890' },
  PE: { types: [digits('DNI', 8, 9), ruc], example: '20512345671' },
  UY: { types: [uyCi, digits('RUT', 12)], example: '4.567.890-5' },
  IN: {
    types: [pan],
    apiChecks: (c: string) => firstValid(c, [{ ...pan, check: undefined }]),
    example: 'AFZPK7190K',
  },
  ZA: { types: [zaId], apiChecks: (c: string) => firstValid(c, [zaId]), example: '8001015009087' },
  TR: { types: [kimlik], example: '10000000146' },
  ID: { types: [digits('NIK', 16)], example: '3171234567890001' },
  MY: {
    types: [
      {
        name: 'NRIC',
        min: 12,
        max: 12,
        chars: '0-9',
        check: (c: string) => (yymmdd(c, 0) ? undefined : 'date'),
      },
    ],
    example: '770305135555',
  },
  PH: { types: [digits('PSN', 12)], example: '123456789012' },
  TH: { types: [thId], example: '1101700207030' },
  VN: {
    types: [{ name: 'citizen ID', min: 9, max: 12, chars: '0-9', pattern: /^(\d{9}|\d{12})$/ }],
    example: '001099012345',
  },
  NG: { types: [digits('NIN', 11)], example: '12345678901' },
  KE: { types: [digits('national ID', 8)], example: '12345678' },
  EG: {
    types: [
      {
        name: 'national ID',
        min: 14,
        max: 14,
        chars: '0-9',
        // The century digit (2 or 3) is part of the birth date, which the API does not check.
        check: (c: string) =>
          c[0] !== '2' && c[0] !== '3'
            ? 'characters'
            : yymmdd(c, 1, c[0] === '2' ? 1900 : 2000)
              ? undefined
              : 'date',
      },
    ],
    example: '29001010123456',
  },
  CN: { types: [cnId], example: '11010519491231002X' },
  JP: { types: [myNumber], example: '123456789018' },
} satisfies Record<string, CountryDocuments>;

/** A country the API serves (a key of `countryDocuments`). */
export type DocumentCountry = keyof typeof countryDocuments;

/** The countries the API serves, as `countryDocuments` lists them. */
export const documentCountries = Object.keys(countryDocuments) as DocumentCountry[];

function rulesOf(country: string): CountryDocuments | undefined {
  return Object.hasOwn(countryDocuments, country)
    ? (countryDocuments as Record<string, CountryDocuments>)[country]
    : undefined;
}

/** `^[chars]*$`, made once per set of characters (a few: the types' own). */
const charsPatterns = new Map<string, RegExp>();
function charsPattern(chars: string): RegExp {
  let pattern = charsPatterns.get(chars);
  if (pattern === undefined) {
    if (charsPatterns.size >= 64) charsPatterns.clear();
    pattern = new RegExp(`^[${chars}]*$`);
    charsPatterns.set(chars, pattern);
  }
  return pattern;
}

/** The format of one type: length first, then characters, then the positions of letters and digits. */
function formatProblem(compact: string, type: DocumentType): DocumentProblem | undefined {
  if (!charsPattern(type.chars).test(compact)) return 'characters';
  if (compact.length < type.min || compact.length > type.max) return 'length';
  if (type.pattern && !type.pattern.test(compact)) return 'characters';
  return undefined;
}

function typeProblem(compact: string, type: DocumentType): DocumentProblem | undefined {
  return formatProblem(compact, type) ?? type.check?.(compact);
}

/** How far a value got in a type: a failed check digit says more than a wrong length. */
const rank: Record<DocumentProblem, number> = {
  required: 0,
  characters: 1,
  length: 2,
  check_digit: 3,
  date: 3,
  holder_type: 3,
};

/** `undefined` when the value is valid as one of `types`, else the most telling of their problems. */
function firstValid(compact: string, types: readonly DocumentType[]): DocumentProblem | undefined {
  let best: DocumentProblem | undefined;
  for (const type of types) {
    const problem = typeProblem(compact, type);
    if (problem === undefined) return undefined;
    if (best === undefined || rank[problem] > rank[best]) best = problem;
  }
  return best;
}

/** The names of `country`'s document types (`['CPF', 'CNPJ']` in Brazil); empty for a country the API does not serve. */
export function documentTypes(country: string): string[] {
  return rulesOf(country)?.types.map((t) => t.name) ?? [];
}

/** Whether `compact`, still being typed, can become a document of `type`: not too long, no foreign character. */
function canBecome(compact: string, type: DocumentType): boolean {
  return compact.length <= type.max && charsPattern(type.chars).test(compact);
}

/**
 * The type a document being typed is, where the country has several and the chosen one (else
 * the first) cannot hold it: a Brazilian number longer than a CPF's 11 digits, or with a
 * letter (an alphanumeric CNPJ), typed while CPF is chosen, is a CNPJ. `undefined` while the
 * chosen type can still hold it, or when no other can either.
 */
export function documentTypeAsTyped(
  country: string,
  value: string,
  chosen?: string,
): string | undefined {
  const types = rulesOf(country)?.types ?? [];
  if (types.length < 2) return undefined;
  const compact = compactDocument(value);
  const current = types.find((t) => t.name === chosen) ?? types[0]!;
  if (canBecome(compact, current)) return undefined;
  return types.find((t) => t !== current && canBecome(compact, t))?.name;
}

/** A valid document of `country` in its usual written form (`530.333.155-50` in Brazil), or `undefined` for a country the API does not serve. */
export function documentExample(country: string): string | undefined {
  return rulesOf(country)?.example;
}

/** Whether the payer's document may be left out in `country` (DO and PA). */
export function documentOptional(country: string): boolean {
  return rulesOf(country)?.optional === true;
}

/**
 * What is wrong with `value` as a payer's document in `country` by the country's own rule,
 * or `undefined` when it is valid as any of the country's types (or as the type named by
 * `type`, one of `documentTypes(country)`). A country the API does not serve has no rule here.
 */
export function documentProblem(
  country: string,
  value: string | undefined,
  type?: string,
): DocumentProblem | undefined {
  const rules = rulesOf(country);
  if (value === undefined || value === '') return rules?.optional ? undefined : 'required';
  if (!rules) return undefined;
  const types = type === undefined ? rules.types : rules.types.filter((t) => t.name === type);
  return firstValid(compactDocument(value), types.length > 0 ? types : rules.types);
}

/**
 * What the API refuses in `value` as a payer's document in `country`: Brazil's CPF or CNPJ
 * (the alphanumeric CNPJ included) and South Africa's identity number in full, India's PAN
 * by its format; elsewhere the format without its check digits: where the country has one
 * document type, that type's length, characters and their positions (10 digits are no
 * Vietnamese citizen ID, of 9 or 12); where it has several, the length and characters that
 * they allow between them (the API does not say which type it read: 15 digits pass in Mexico,
 * within the lengths of a CURP and an RFC).
 */
export function apiDocumentProblem(
  country: string,
  value: string | undefined,
): DocumentProblem | undefined {
  const rules = rulesOf(country);
  if (value === undefined || value === '') return rules?.optional ? undefined : 'required';
  if (!rules) return undefined;
  const compact = compactDocument(value);
  if (rules.apiChecks) return rules.apiChecks(compact);
  // One type: its format whole (Vietnam's 9 or 12 digits, Nicaragua's letter last).
  if (rules.types.length === 1) return formatProblem(compact, rules.types[0]!);
  const chars = rules.types.map((t) => t.chars).join('');
  const min = Math.min(...rules.types.map((t) => t.min));
  const max = Math.max(...rules.types.map((t) => t.max));
  return formatProblem(compact, { name: '', min, max, chars });
}

/**
 * The sentence for a problem, after the field's name: `payer.document is no CPF or CNPJ of BR:
 * wrong check digit`; with `type`, of that type alone (`is no CNPJ of BR: …`).
 */
export function documentMessage(country: string, problem: DocumentProblem, type?: string): string {
  if (problem === 'required') return 'is required';
  const names = type ? [type] : documentTypes(country).filter((n, i, all) => all.indexOf(n) === i);
  const what =
    names.length > 0
      ? `${names.slice(0, -1).join(', ')}${names.length > 1 ? ' or ' : ''}${names.at(-1)!}`
      : 'document';
  const detail: Record<Exclude<DocumentProblem, 'required'>, string> = {
    length: 'wrong length',
    characters: 'a character out of place or that it does not have',
    check_digit: 'wrong check digit',
    date: 'the birth date in it is no real date',
    holder_type: 'its fourth letter is no holder type (P, C, H, F, A, T, B, L, J, G or K)',
  };
  return `is no ${what} of ${country}: ${detail[problem]}`;
}

/** Groups of a compact value joined by separators: `group('20123456786', [2, 8, 1], '-')`. */
function group(compact: string, sizes: readonly number[], separators: readonly string[]): string {
  let out = '';
  let at = 0;
  sizes.forEach((size, i) => {
    out += (i > 0 ? separators[i - 1] : '') + compact.slice(at, at + size);
    at += size;
  });
  return out;
}

/** Dots every three digits from the right (`12.345.678`). */
const thousands = (digitsText: string): string => digitsText.replace(/\B(?=(\d{3})+$)/g, '.');

/**
 * The written form of the types that have one, by country (Dominican and Panamanian cédulas
 * share a name, not a form): the sizes of their groups and the separators between them.
 */
const writtenGroups: Readonly<
  Record<string, Readonly<Record<string, readonly [readonly number[], readonly string[]]>>>
> = {
  BR: {
    CPF: [
      [3, 3, 3, 2],
      ['.', '.', '-'],
    ],
    CNPJ: [
      [2, 3, 3, 4, 2],
      ['.', '.', '/', '-'],
    ],
  },
  AR: {
    CUIT: [
      [2, 8, 1],
      ['-', '-'],
    ],
    CUIL: [
      [2, 8, 1],
      ['-', '-'],
    ],
  },
  DO: {
    cédula: [
      [3, 7, 1],
      ['-', '-'],
    ],
  },
  PA: {
    cédula: [
      [1, 3, 4],
      ['-', '-'],
    ],
  },
};

/** A compact value of a type that has a written form, in that form. */
const written = (compact: string, country: string, type: string): string =>
  group(compact, ...writtenGroups[country]![type]!);

/**
 * `value` written as its type is written, as far as it is typed, for a field that formats as
 * the shopper types (`53033` → `530.33`; a CNPJ's letters upper-cased): `type` is one of
 * `documentTypes(country)`, the country's first by default. A RUT's last character is its
 * check digit (`12.345.678-5`); a type with no written form is its compact form.
 */
export function formatDocumentAsTyped(country: string, value: string, type?: string): string {
  const c = compactDocument(value);
  const name = type ?? documentTypes(country)[0];
  const groups = name === undefined ? undefined : writtenGroups[country]?.[name];
  if (groups) {
    const [sizes, separators] = groups;
    let out = '';
    let at = 0;
    sizes.forEach((size, i) => {
      if (at < c.length) out += (i > 0 ? separators[i - 1] : '') + c.slice(at, (at += size));
    });
    return out + c.slice(at);
  }
  if (name === 'RUT' && country === 'CL' && c.length > 1)
    return `${thousands(c.slice(0, -1))}-${c.slice(-1)}`;
  return country === 'UY' ? formatDocument(country, c) : c;
}

/**
 * `value` in the usual written form of its type in `country` (CPF `530.333.155-50`, CNPJ
 * `12.ABC.345/01DE-35`, CUIT `20-12345678-6`, RUT `12.345.678-5`, Uruguay's CI
 * `1.234.567-2`, Dominican cédula `001-0000111-8`, Panamanian cédula `8-123-4567`); as given
 * when it is none of those.
 */
export function formatDocument(country: string, value: string): string {
  const c = compactDocument(value);
  const is = (type: DocumentType): boolean => formatProblem(c, type) === undefined;
  switch (country) {
    case 'BR':
      if (is(cpf)) return written(c, 'BR', 'CPF');
      if (is(cnpj)) return written(c, 'BR', 'CNPJ');
      break;
    case 'AR':
      if (is(cuit)) return written(c, 'AR', 'CUIT');
      break;
    case 'CL':
      if (is(rut)) return `${thousands(c.slice(0, -1))}-${c.slice(-1)}`;
      break;
    case 'UY':
      if (c.length === 8 && is(uyCi)) return `${thousands(c.slice(0, 7))}-${c.slice(7)}`;
      break;
    case 'DO':
      if (is(cedulaDo)) return written(c, 'DO', 'cédula');
      break;
    case 'PA':
      if (is(cedulaPa)) return written(c, 'PA', 'cédula');
      break;
  }
  return value;
}
