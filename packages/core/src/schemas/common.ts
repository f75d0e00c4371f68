/** Building blocks shared by the schemas: strings with the spec's limits, dates, amounts, codes. */
import { z } from 'zod';
import { isApiAmount } from '../money.js';
import { formatCharacterIn, formatCharacterMessage } from '../plain-text.js';

/**
 * An optional field of a request. `null` stands for absent, as the API reads it
 * (`"address": null`, one line of the wire dialect the sandbox's README describes), and so
 * does an empty string (`"holder_name": ""`, `"email": ""`): a client that has no value sends
 * one of the two, and the API served both.
 */
export function optional<S extends z.ZodType>(schema: S) {
  return z
    .preprocess(
      (v: z.input<S> | null | undefined) => (v === null || (v as unknown) === '' ? undefined : v),
      schema.optional(),
    )
    .optional();
}

/**
 * A string field the API also takes as a JSON number, read as its decimal text
 * (`"order_id": 1547451845` is `"1547451845"`, `"number": 2` in an address is `"2"`): the
 * other direction of the amounts and months it takes as strings. Every `text()` is one; a
 * string with a pattern of its own (a card's number) says so itself.
 */
export function numberAsText<S extends z.ZodType>(schema: S) {
  return z.preprocess(
    (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    schema,
  );
}

/**
 * A number field of a request the API also takes as a string of its decimal text, read as the
 * number (`"total_order_count": "5"` is 5): "scalars either way", the other direction of
 * `numberAsText`. Only a plain decimal numeral is read (`"5"`, `"-1"`, `"10.50"`); any other string
 * is left for the schema to refuse, naming the field.
 */
export function textAsNumber<S extends z.ZodType>(schema: S) {
  return z.preprocess(
    (v: unknown) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v),
    schema,
  );
}

type OptionalShape<T extends Record<string, z.ZodType>> = {
  [K in keyof T]: ReturnType<typeof optional<T[K]>>;
};

/** An object of a request whose fields are all optional (`null` for absent); unknown fields are dropped. */
export function partialObject<T extends Record<string, z.ZodType>>(shape: T) {
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [key, optional(schema)]),
  ) as OptionalShape<T>;
  return z.object(fields);
}

/** A JSON string of at most `max` characters (and at least `min`, 1 by default: the API refuses empty strings). */
export function limitedString(max?: number, min = 1) {
  let s = z
    .string()
    .min(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`);
  if (max !== undefined) s = s.max(max, `must be at most ${max} characters`);
  return s;
}

/**
 * A string field of a request: `limitedString(max, min)`, and a JSON number there is read as its
 * decimal text (`numberAsText`), as the API reads every field the reference documents as a
 * string (a typed client's user id, phone or description sent as a number).
 */
export function text(max?: number, min = 1) {
  return numberAsText(limitedString(max, min));
}

/**
 * `text(max, min)` a person's name or an address may be: one plain line, without a control,
 * a bidirectional control, a line separator or another format character (core's one rule,
 * `formatCharacterIn` of plain-text.ts; the zero-width joiner and non-joiner names are written
 * with pass).
 */
export function plainText(max?: number, min = 1) {
  return text(max, min).superRefine((value, ctx) => {
    const found = formatCharacterIn(value);
    if (found) ctx.addIssue({ code: 'custom', message: formatCharacterMessage(found) });
  });
}

function realDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** `YYYY-MM-DD`, a real calendar date. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in the format YYYY-MM-DD')
  .refine(
    (v) => realDate(+v.slice(0, 4), +v.slice(5, 7), +v.slice(8, 10)),
    'must be a real calendar date (YYYY-MM-DD)',
  );

/** `DD-MM-YYYY`, a real calendar date (payer.birth_date). */
export const dmyDate = z
  .string()
  .regex(/^\d{2}-\d{2}-\d{4}$/, 'must be a date in the format DD-MM-YYYY')
  .refine(
    (v) => realDate(+v.slice(6, 10), +v.slice(3, 5), +v.slice(0, 2)),
    'must be a real calendar date (DD-MM-YYYY)',
  );

/** `YYYYMMDD`, a real calendar date (additional_risk_data). */
export const compactDate = z
  .string()
  .regex(/^\d{8}$/, 'must be a date in the format YYYYMMDD')
  .refine(
    (v) => realDate(+v.slice(0, 4), +v.slice(4, 6), +v.slice(6, 8)),
    'must be a real calendar date (YYYYMMDD)',
  );

/**
 * An `amount`: length 10,2 (at most 8 integer digits and 2 decimals), not negative. The API
 * also takes it as a decimal string (`"1.00"`, the wire dialect), read
 * here as the number it spells, under the same 10,2 rule; any other string is refused.
 */
export const amount = z
  .union([z.number(), z.string()], {
    error: (iss) =>
      iss.input === undefined || iss.input === null ? 'is required' : 'must be a number',
  })
  .transform((v, ctx) => {
    if (typeof v === 'number') return v;
    if (/^-?\d+(\.\d+)?$/.test(v)) {
      // Its decimals are the text's (trailing zeros aside), not a double's: "99.99999999999999999"
      // is 17 decimals, which Number() would round to a valid 100.
      if ((v.split('.')[1]?.replace(/0+$/, '').length ?? 0) <= 2) return Number(v);
      ctx.addIssue({
        code: 'custom',
        input: v,
        message:
          'must be a non-negative number with at most 8 integer digits and 2 decimals (10,2)',
      });
      return z.NEVER;
    }
    ctx.addIssue({
      code: 'custom',
      input: v,
      message: 'must be a number, or a decimal string with a point such as "1.00"',
    });
    return z.NEVER;
  })
  .pipe(
    z
      .number()
      .refine(
        isApiAmount,
        'must be a non-negative number with at most 8 integer digits and 2 decimals (10,2)',
      ),
  );

/**
 * The numbers and booleans the API also takes as strings (the wire dialect: an
 * orchestrator's connector sends `"10"`, `"2030"`, `"true"`), read here once for every
 * schema that names such a field, so the sandbox, the client and the order API agree.
 */
function digitsOrNumber(what: string) {
  return z
    .union([z.number(), z.string()], {
      error: (iss) =>
        iss.input === undefined || iss.input === null ? 'is required' : `must be ${what}`,
    })
    .transform((v, ctx) => {
      if (typeof v === 'number') return v;
      if (/^\d{1,9}$/.test(v)) return Number(v);
      ctx.addIssue({ code: 'custom', input: v, message: `must be ${what}` });
      return z.NEVER;
    });
}

/** A card's expiration month, 1 to 12: a number, or its digits as a string (`"10"`, `"01"`). */
export const expirationMonth = digitsOrNumber('a month, 1 to 12').pipe(
  z
    .number()
    .int('must be a month, 1 to 12')
    .min(1, 'must be a month, 1 to 12')
    .max(12, 'must be a month, 1 to 12'),
);

/**
 * A two-digit year as the four-digit year it stands for: 0 to 99 are 2000 to 2099 (`30`
 * is 2030); any other year is itself.
 */
export function fullYear(year: number): number {
  return Number.isInteger(year) && year >= 0 && year <= 99 ? 2000 + year : year;
}

const YEAR_MESSAGE = 'must be a year of four digits, or two (30 for 2030)';

/**
 * A card's expiration year: four digits, or two (`30` and `"30"` are 2030), as a number or
 * a string of digits; read as the four-digit year.
 */
export const expirationYear = z
  .union([z.number(), z.string()], {
    error: (iss) => (iss.input === undefined || iss.input === null ? 'is required' : YEAR_MESSAGE),
  })
  .transform((v, ctx) => {
    if (typeof v === 'string' && !/^(\d{2}|\d{4})$/.test(v)) {
      ctx.addIssue({ code: 'custom', input: v, message: YEAR_MESSAGE });
      return z.NEVER;
    }
    return fullYear(Number(v));
  })
  .pipe(z.number().int(YEAR_MESSAGE).min(1000, YEAR_MESSAGE).max(9999, YEAR_MESSAGE));

/** A boolean, or `"true"` / `"false"` as the wire dialect spells it. */
export const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])], {
    error: (iss) =>
      iss.input === undefined || iss.input === null
        ? 'is required'
        : 'must be true or false (or "true" / "false")',
  })
  .transform((v) => v === true || v === 'true');

/** An amount that moves money: 10,2 and more than 0. */
export const positiveAmount = amount.refine((v) => v > 0, 'must be greater than 0');

/** ISO 4217, three uppercase letters. */
export const currency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code of three uppercase letters');

/** ISO 3166-1 alpha-2, two uppercase letters. */
export const country = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code of two uppercase letters');

/** A payment method id: `CARD`, or a method code of 2 to 4 uppercase letters or digits (`PX`, `OX`). */
export const METHOD_ID_PATTERN = /^[A-Z0-9]{2,4}$/;
export const paymentMethodId = z
  .string()
  .regex(METHOD_ID_PATTERN, 'must be CARD or a method code of 2 to 4 uppercase letters or digits');

/**
 * Whether `v` is an absolute http(s) URL, remembered for a few hundred short texts: a
 * server sends the same notification and callback URLs in every request, and parsing
 * one is most of the cost of checking it.
 */
const httpUrlVerdicts = new Map<string, boolean>();
function isHttpUrl(v: string): boolean {
  let verdict = httpUrlVerdicts.get(v);
  if (verdict === undefined) {
    try {
      const u = new URL(v);
      verdict = u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      verdict = false;
    }
    // Short texts only, so the memory it holds stays small whatever a caller sends.
    if (v.length <= 512) {
      if (httpUrlVerdicts.size >= 256) httpUrlVerdicts.clear();
      httpUrlVerdicts.set(v, verdict);
    }
  }
  return verdict;
}

/** An absolute http(s) URL of at most `max` characters. */
export function url(max: number) {
  return text(max).refine(isHttpUrl, 'must be an absolute http or https URL');
}

/** A 32-bit integer (or its digits as a string: `textAsNumber`). */
export const int32 = textAsNumber(
  z
    .number()
    .int('must be an integer')
    .min(-(2 ** 31))
    .max(2 ** 31 - 1),
);

/** 0 (negative) to 5 (positive) (or its digit as a string: `textAsNumber`). */
export const reputation = textAsNumber(
  z.number().int('must be an integer').min(0, 'must be 0 to 5').max(5, 'must be 0 to 5'),
);

export const frequency = z.enum(['WEEKLY', 'MONTHLY', 'QUARTERLY', 'SEMI_ANNUAL', 'ANNUAL']);

/** A status code as the API sends it: a string in payments, an integer in refunds; read as a string. */
export const statusCode = z.union([z.string(), z.number()]).transform(String);

/**
 * A value of an enumeration the API may extend, in a record: the known values still
 * narrow (`record.status === 'PAID'`), and one added later comes through as its string.
 */
export function openEnum<T extends string>() {
  return z.string().transform((v): T | (string & {}) => v);
}

/** A number in a record: a number, or a decimal string (`"1.00"`) read as the number it spells. */
export const recordNumber = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a number or a decimal string')])
  .transform(Number);

/** A timestamp as the API prints it (`2026-02-09T14:47:49.000+0000`); records are read leniently. */
export const timestamp = z.string();
