/**
 * Core's one rule for names and addresses (plain-text.ts), held by every member of every class
 * it refuses, not by a sample: each C0 and C1 control, each bidirectional control, both
 * separators and every other format character (Unicode category Cf, enumerated over the whole
 * code space), in the card holder's name, the payer's name and each address field, through
 * every schema that takes them (the API's payment request, as the sandbox validates it, the
 * checkout's submission and the details the shopper types). Real names in the scripts of the
 * checkout's 13 languages pass, with the zero-width joiner and non-joiner they are written with.
 */
import { expect, test } from '@playwright/test';
import { holderNameProblem } from '../src/card/holder.js';
import { collectedPayerSchema, submissionSchema } from '../src/checkout/index.js';
import { FORMAT_CHARACTER, formatCharacterIn } from '../src/plain-text.js';
import {
  addressSchema,
  cardSchema,
  payerSchema,
  paymentRequestSchema,
} from '../src/schemas/index.js';
import { safeParse } from '../src/schemas/parse.js';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** Every code point of a general category, over the whole code space. */
const category = (name: string) => {
  const re = new RegExp(`^\\p{${name}}$`, 'u');
  return range(0, 0x10ffff).filter(
    (cp) => (cp < 0xd800 || cp > 0xdfff) && re.test(String.fromCodePoint(cp)),
  );
};

const classes: Record<string, number[]> = {
  'C0 controls': range(0x00, 0x1f),
  'DEL and the C1 controls': range(0x7f, 0x9f),
  'bidirectional controls': [
    0x061c,
    0x200e,
    0x200f,
    ...range(0x202a, 0x202e),
    ...range(0x2066, 0x2069),
  ],
  'line and paragraph separators': [0x2028, 0x2029],
  // Every format character but the two joiners names are written with (see plain-text.ts).
  'other format characters (Cf)': category('Cf').filter((cp) => cp !== 0x200c && cp !== 0x200d),
};

test('the classes are whole: Cc is C0 and C1, and Cf has the bidirectional controls, U+00AD, U+200B, U+2060 and U+FEFF', () => {
  expect(category('Cc')).toEqual([
    ...classes['C0 controls']!,
    ...classes['DEL and the C1 controls']!,
  ]);
  const cf = classes['other format characters (Cf)']!;
  for (const cp of [...classes['bidirectional controls']!, 0x00ad, 0x200b, 0x2060, 0xfeff])
    expect(cf, hex(cp)).toContain(cp);
  expect(cf.length).toBeGreaterThan(150);
  expect(category('Zl')).toEqual([0x2028]);
  expect(category('Zp')).toEqual([0x2029]);
});

const valid = {
  amount: 10,
  currency: 'BRL',
  country: 'BR',
  payment_method_id: 'CARD',
  payment_method_flow: 'DIRECT',
  order_id: 'o-1',
  payer: {
    name: 'Ana Souza',
    email: 'ana@example.com',
    document: '53033315550',
    address: {
      state: 'SP',
      city: 'São Paulo',
      zip_code: '01310100',
      street: 'Av Paulista',
      number: '1000',
    },
  },
  card: {
    holder_name: 'Ana Souza',
    number: '4111111111111111',
    cvv: '123',
    expiration_month: 10,
    expiration_year: 2040,
  },
};

const addressFields = ['state', 'city', 'zip_code', 'street', 'number'] as const;

/** Where each text goes, and whether it is accepted there: `true` when accepted. */
function accepted(text: string): Record<string, boolean> {
  const inField = (path: string[]) => {
    const body = structuredClone(valid) as Record<string, any>;
    let node = body;
    for (const key of path.slice(0, -1)) node = node[key];
    // Short enough for the shortest field (state: 10): a letter on each side.
    node[path.at(-1)!] = `A${text}B`;
    return safeParse(paymentRequestSchema, body).success;
  };
  const out: Record<string, boolean> = {
    formatCharacterIn: formatCharacterIn(`A${text}B`) === undefined,
    holderNameProblem: holderNameProblem(`A${text}B`) === undefined,
    'payerSchema.name': payerSchema.shape.name.safeParse(`A${text}B`).success,
    'cardSchema.holder_name': cardSchema.safeParse({ holder_name: `A${text}B` }).success,
    'request payer.name': inField(['payer', 'name']),
    'request card.holder_name': inField(['card', 'holder_name']),
    'submission method.holderName': submissionSchema.safeParse({
      order: 'o-1_secret_abc',
      attempt: crypto.randomUUID(),
      method: {
        type: 'card',
        encryptedData: 'a.b.c.d.e',
        holderName: `A${text}B`,
        expirationMonth: 10,
        expirationYear: 2040,
      },
    }).success,
    'collected name': collectedPayerSchema.safeParse({ name: `A${text}B` }).success,
  };
  for (const field of addressFields) {
    out[`addressSchema.${field}`] = addressSchema.safeParse({ [field]: `A${text}B` }).success;
    out[`request payer.address.${field}`] = inField(['payer', 'address', field]);
    out[`collected address.${field}`] = collectedPayerSchema.safeParse({
      address: { [field]: `A${text}B` },
    }).success;
  }
  return out;
}

test('a plain name is accepted everywhere (the probe is sound)', () => {
  expect(Object.entries(accepted('')).filter(([, ok]) => !ok)).toEqual([]);
  // The submission probe's other fields are valid: only the name decides.
  expect(Object.values(accepted(' '))).not.toContain(false);
});

for (const [name, members] of Object.entries(classes))
  test(`every one of the ${name} is refused in every name and address field`, () => {
    const let_through: string[] = [];
    for (const cp of members) {
      const char = String.fromCodePoint(cp);
      expect(formatCharacterIn(`A${char}B`), hex(cp)).toBe(hex(cp));
      for (const [where, ok] of Object.entries(accepted(char)))
        if (ok) let_through.push(`${hex(cp)} in ${where}`);
    }
    expect(let_through).toEqual([]);
  });

test('a lone surrogate (half a character) is refused too', () => {
  for (const cp of [0xd800, 0xdbff, 0xdc00, 0xdfff]) {
    const char = String.fromCharCode(cp);
    expect(FORMAT_CHARACTER.test(`A${char}B`), hex(cp)).toBe(true);
    expect(holderNameProblem(`A${char}B`)).toBe('invalid');
  }
});

test("the refusal names the character and the field, as the API's error does", () => {
  const result = safeParse(paymentRequestSchema, {
    ...valid,
    payer: { ...valid.payer, name: 'Ana\u202eSouza' },
  });
  expect(result.success).toBe(false);
  const issue = !result.success && result.error.issues[0]!;
  expect(issue && [issue.path, issue.message]).toEqual([
    'payer.name',
    expect.stringContaining('U+202E'),
  ]);
});

/** Real names and addresses of the checkout's 13 languages' scripts, as a payer types them. */
const realNames = [
  'María José Núñez', // es, es-419
  "O'Brien-Smith Jr.", // en
  'D’Angelo Rossi', // a typographic apostrophe
  'João da Conceição', // pt-BR
  'Zoë Lefèvre-Dupré', // fr
  'Şükrü Güçlü İğdır', // tr
  'Nguyễn Văn Anh', // vi
  'Nur Aisyah binti Abdullah', // ms
  'Siti Nurhaliza', // id
  'محمد عبد الله', // ar
  'عائشة بنت أبي بكر', // ar, with hamza and shadda-free letters
  'अनन्या शर्मा', // hi, Devanagari with its vowel signs and virama
  'क्‍षमा', // hi, with a zero-width joiner (U+200D) forming the half form
  'สมชาย ใจดี', // th, with its combining vowels and tone marks
  '王小明', // zh-CN
  'نرگس‌ محمدی', // Persian, with a zero-width non-joiner (U+200C)
  'Ōtsuka Ṛṣi', // Latin with macrons and dots below
  'José\u0301 Ramírez', // a combining acute accent
  'Av. Paulista, 1000 – apto. 12/B',
  'ถนนสุขุมวิท ซอย 11',
  'शहीद भगत सिंह मार्ग',
  'شارع الملك فهد',
  '北京市朝阳区建国路',
];

test('real names and addresses in the scripts of the 13 languages pass, ZWJ and ZWNJ with them', () => {
  for (const name of realNames) {
    expect(formatCharacterIn(name), name).toBeUndefined();
    const shortest = name.slice(0, 10);
    expect(payerSchema.shape.name.safeParse(name).success, name).toBe(true);
    expect(
      addressSchema.safeParse({ street: name, city: name, state: shortest }).success,
      name,
    ).toBe(true);
    expect(collectedPayerSchema.safeParse({ name, address: { street: name } }).success, name).toBe(
      true,
    );
    if (!/\d/.test(name)) expect(holderNameProblem(name), name).toBeUndefined();
  }
  expect(realNames.some((n) => n.includes('\u200d'))).toBe(true);
  expect(realNames.some((n) => n.includes('\u200c'))).toBe(true);
});

test('null and empty optional values stay absent, as the API reads them', () => {
  expect(addressSchema.parse({ street: null, city: 'Recife' })).toEqual({ city: 'Recife' });
  expect(payerSchema.shape.address.parse(null)).toBeUndefined();
  expect(collectedPayerSchema.parse({})).toEqual({});
});
