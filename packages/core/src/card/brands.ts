/**
 * The card brand table and brand detection from a number's leading digits.
 *
 * Each brand lists its prefixes as IIN ranges. A pattern is a prefix (`4`) or an
 * inclusive range of prefixes of one length (`[2221, 2720]`). Detection picks the
 * most specific pattern the typed digits complete, so `401178…` is Elo, not Visa.
 *
 * `code` is the API's brand code. The spec shows `VI`, `VD` and `MC`; the others are the
 * codes of the API's public payment-method list. A brand the API has no code for has none.
 */
import { assertString } from '../errors.js';

export type BrandPattern = number | readonly [number, number];

export interface CardBrand {
  /** A stable slug: `visa`, `american-express`, `tarjeta-shopping`. */
  readonly id: string;
  /** The API's brand code (`VI`, `MC`), where the API has one. */
  readonly code: string | undefined;
  /** The name shoppers know. */
  readonly name: string;
  readonly patterns: readonly BrandPattern[];
  /** Valid number lengths, ascending. */
  readonly lengths: readonly number[];
  readonly cvvLength: number;
  /** What the brand calls its security code: CVV, CVC, CID… */
  readonly cvvName: string;
  /** Positions (in digits) before which a space is shown: `[4, 8, 12]` gives `4111 1111 1111 1111`. */
  readonly gaps: readonly number[];
  /**
   * Whether the brand's numbers end in a Luhn check digit. Naranja and Cabal's
   * 589657 cards do not (the API's own test cards 5895627823453005 and
   * 5896570000000004 fail Luhn), so their numbers are checked by length alone.
   */
  readonly luhn: boolean;
}

/** What `detectBrand` answers: the brand's public facts, all but the patterns that detect it. */
export type BrandInfo = Omit<CardBrand, 'patterns'>;

/** Where a 16-digit number is spaced: the default of a brand, and of a number of no known brand. */
export const GAPS_16 = [4, 8, 12, 16] as const;
const GAPS_AMEX = [4, 10] as const;

type Defaulted = 'code' | 'gaps' | 'cvvLength' | 'cvvName' | 'luhn';
type BrandRow = Omit<CardBrand, Defaulted> & Partial<Pick<CardBrand, Defaulted>>;

function brand(row: BrandRow): CardBrand {
  return Object.freeze({
    code: undefined,
    gaps: GAPS_16,
    cvvLength: 3,
    cvvName: 'CVV',
    luhn: true,
    ...row,
  });
}

/**
 * Every brand paylit knows. Regional brands come before the global ones whose ranges
 * they carve out of (Argencard and Carnet before Maestro): on a tie of equal
 * specificity, the earlier row wins.
 */
export const cardBrands: readonly CardBrand[] = Object.freeze([
  // Latin America
  brand({
    id: 'elo',
    code: 'EL',
    name: 'Elo',
    lengths: [16],
    cvvName: 'CVE',
    patterns: [
      401178,
      401179,
      431274,
      438935,
      451416,
      457393,
      457631,
      457632,
      504175,
      [506699, 506778],
      [509000, 509999],
      627780,
      636297,
      636368,
      [650031, 650033],
      [650035, 650051],
      [650405, 650439],
      [650485, 650538],
      [650541, 650598],
      [650700, 650718],
      [650720, 650727],
      [650901, 650978],
      [651652, 651679],
      [655000, 655019],
      [655021, 655058],
    ],
  }),
  brand({
    id: 'hipercard',
    code: 'HI',
    name: 'Hipercard',
    lengths: [16, 19],
    cvvName: 'CVC',
    patterns: [606282, 384100, 384140, 384160],
  }),
  brand({
    id: 'hiper',
    name: 'Hiper',
    lengths: [16],
    cvvName: 'CVC',
    patterns: [637095, 63737423, 63743358, 637568, 637599, 637609, 637612],
  }),
  brand({
    id: 'naranja',
    code: 'NJ',
    name: 'Naranja',
    lengths: [16],
    luhn: false,
    patterns: [589562],
  }),
  brand({
    id: 'cabal',
    code: 'CL',
    name: 'Cabal',
    lengths: [16],
    luhn: false,
    patterns: [589657, 600691, 603522, [604201, 604219], 627170],
  }),
  brand({ id: 'argencard', code: 'AG', name: 'Argencard', lengths: [16], patterns: [501105] }),
  brand({
    id: 'tarjeta-shopping',
    code: 'TS',
    name: 'Tarjeta Shopping',
    lengths: [16],
    patterns: [603488, 279],
  }),
  brand({ id: 'cencosud', code: 'CS', name: 'Cencosud', lengths: [16], patterns: [603493] }),
  brand({ id: 'codensa', code: 'CD', name: 'Codensa', lengths: [16], patterns: [590712] }),
  brand({
    id: 'carnet',
    name: 'Carnet',
    lengths: [16],
    patterns: [286900, 502275, [506199, 506399], 639484, 639559],
  }),
  // Africa, India, Turkey, Russia, Europe
  brand({
    id: 'verve',
    name: 'Verve',
    lengths: [16, 18, 19],
    patterns: [
      [506099, 506127],
      506129,
      [506133, 506150],
      [506158, 506163],
      506166,
      506168,
      506170,
      506173,
      [506176, 506180],
      506184,
      [506187, 506188],
      506191,
      506195,
      506197,
      507865,
      507866,
      [507868, 507877],
      [507880, 507888],
      507900,
      507941,
    ],
  }),
  brand({ id: 'aura', name: 'Aura', lengths: [16, 19], patterns: [[507800, 507899]] }),
  brand({
    id: 'rupay',
    name: 'RuPay',
    lengths: [16],
    patterns: [
      [508500, 508999],
      [606985, 607984],
      [608001, 608500],
      [652150, 653149],
    ],
  }),
  brand({ id: 'troy', name: 'Troy', lengths: [16], patterns: [9792] }),
  brand({
    id: 'mir',
    name: 'Mir',
    lengths: [16, 17, 18, 19],
    cvvName: 'CVP2',
    patterns: [[2200, 2204]],
  }),
  brand({ id: 'dankort', name: 'Dankort', lengths: [16], patterns: [[501900, 501999]] }),
  // Global networks
  brand({
    id: 'visa-debit',
    code: 'VD',
    name: 'Visa Débito',
    lengths: [16],
    patterns: [4026, 417500, 4508, 4844, 4913, 4917],
  }),
  brand({ id: 'visa', code: 'VI', name: 'Visa', lengths: [13, 16, 19], patterns: [4] }),
  brand({
    id: 'mastercard',
    code: 'MC',
    name: 'Mastercard',
    lengths: [16],
    cvvName: 'CVC',
    patterns: [[51, 55], [2221, 2229], [223, 229], [23, 26], [270, 271], 2720],
  }),
  brand({
    id: 'american-express',
    code: 'AE',
    name: 'American Express',
    lengths: [15],
    cvvLength: 4,
    cvvName: 'CID',
    gaps: GAPS_AMEX,
    patterns: [34, 37],
  }),
  brand({
    id: 'diners',
    code: 'DC',
    name: 'Diners Club',
    lengths: [14, 16, 19],
    gaps: GAPS_AMEX,
    patterns: [[300, 305], 36, 38, 39],
  }),
  brand({
    id: 'discover',
    code: 'DI',
    name: 'Discover',
    lengths: [16, 19],
    cvvName: 'CID',
    patterns: [6011, [644, 649], 65],
  }),
  brand({
    id: 'jcb',
    code: 'JC',
    name: 'JCB',
    lengths: [16, 17, 18, 19],
    patterns: [2131, 1800, [3528, 3589]],
  }),
  brand({
    id: 'unionpay',
    code: 'UP',
    name: 'UnionPay',
    lengths: [14, 15, 16, 17, 18, 19],
    cvvName: 'CVN',
    patterns: [
      620,
      [62100, 62182],
      [62184, 62187],
      [62185, 62197],
      [62200, 62205],
      [622010, 622999],
      622018,
      [62207, 62209],
      [623, 626],
      6270,
      6272,
      6276,
      [627700, 627779],
      [627781, 627799],
      [6282, 6289],
      6291,
      6292,
      810,
      [8110, 8131],
      [8132, 8151],
      [8152, 8163],
      [8164, 8171],
    ],
  }),
  brand({
    id: 'maestro',
    code: 'MS',
    name: 'Maestro',
    lengths: [12, 13, 14, 15, 16, 17, 18, 19],
    cvvName: 'CVC',
    patterns: [493698, [500000, 504174], [504176, 506698], [506779, 508999], [56, 59], 63, 67, 6],
  }),
]);

/** The brand with this id or API code, if paylit knows it. */
export function getBrand(idOrCode: string): CardBrand | undefined {
  if (typeof idOrCode !== 'string') return undefined;
  return cardBrands.find((b) => b.id === idOrCode || (b.code !== undefined && b.code === idOrCode));
}

interface Match {
  brand: CardBrand;
  /** The pattern's length in digits. */
  length: number;
  /** True when the input has all of the pattern's digits. */
  full: boolean;
}

function matchPattern(digits: string, pattern: BrandPattern): Omit<Match, 'brand'> | undefined {
  const [min, max] = typeof pattern === 'number' ? [pattern, pattern] : pattern;
  const length = String(min).length;
  const head = digits.slice(0, length);
  const cut = 10 ** (length - head.length);
  const value = Number(head);
  if (value < Math.floor(min / cut) || value > Math.floor(max / cut)) return undefined;
  return { length, full: head.length === length };
}

function bestMatch(brand: CardBrand, digits: string): Match | undefined {
  let best: Match | undefined;
  for (const pattern of brand.patterns) {
    const m = matchPattern(digits, pattern);
    if (!m) continue;
    // A full match beats a partial one; then the longer pattern wins.
    if (!best || (m.full && !best.full) || (m.full === best.full && m.length > best.length))
      best = { brand, ...m };
  }
  return best;
}

function info(brand: CardBrand): BrandInfo {
  const { patterns: _, ...facts } = brand;
  return facts;
}

/**
 * The brand of a card number, from as few digits as it takes: call it on every
 * keystroke to show the icon. Non-digits are ignored, so `'4111 11'` works.
 * Answers `undefined` while the digits could still be several brands, or none.
 *
 * @example detectBrand('4111') // {id: 'visa', code: 'VI', name: 'Visa', lengths: [13, 16, 19], cvvLength: 3, …}
 */
export function detectBrand(number: string): BrandInfo | undefined {
  const brand = detectCardBrand(number);
  return brand && info(brand);
}

/** As `detectBrand`, answering the table's own row (with its patterns). */
export function detectCardBrand(number: string): CardBrand | undefined {
  assertString(number, 'number');
  const digits = number.replace(/\D/g, '');
  if (digits.length === 0) return undefined;
  const matches: Match[] = [];
  for (const b of cardBrands) {
    const m = bestMatch(b, digits);
    if (m) matches.push(m);
  }
  let best: Match | undefined;
  for (const m of matches) {
    if (m.full && (!best || m.length > best.length)) best = m;
  }
  if (best) return best.brand;
  // Nothing complete yet: a brand only when a single one is still possible.
  return matches.length === 1 ? matches[0]!.brand : undefined;
}
