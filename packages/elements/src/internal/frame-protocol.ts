/**
 * What may cross between the page and the card frame of the frame isolation mode (the issue
 * "Both isolation modes behind one API"), in either direction, over the one MessagePort the
 * page hands the frame at start: a closed list, each message read here on arrival and
 * dropped unless it is exactly one of these shapes. Nothing else crosses, ever: no full
 * number, no security code, no free text but the holder's name and the theme's values.
 *
 * Frame → page: `ready`; `state` (the brand, the last four digits, the BIN of 6 or 8 digits
 * for installment plans, and per field whether it is valid and its error's key); `focus` /
 * `blur` of a field; `height`; `submit` (Enter in the last field); `sealed` (the JWE and the
 * card's non-secret fields, or for a saved card the security code's JWE alone) or `refused`
 * (a field's error key, or `configuration`, `network`, `integrity`) for a `seal` request.
 *
 * Page → frame: `configure` (the language: its tag and its catalog's messages; the theme
 * tokens; the brands the order accepts, by the API's code; the saved card whose security
 * code is asked for, by brand and last four); `seal` (with the public key); `focus` a field;
 * `report` (show every field's error); `clear`; `disable`. The catalog (in English's shape,
 * checked key by key) comes from the page, which has it loaded: the frame's opaque origin
 * cannot load the language chunks, ES modules fetched in CORS mode, from a host that does not
 * allow it (test/frame-platform.spec.ts).
 */
import {
  BIN_PATTERN,
  getBrand,
  holderNameProblem,
  type CardNumberProblem,
  type CvvProblem,
  type ExpiryProblem,
} from '@paylit/core/card';
import { COMPACT_JWE_PATTERN } from '@paylit/core/rules';
import type { CardWords } from '../i18n/card-words.js';
import { enCard } from '../i18n/en-card.js';

export type FrameField = 'number' | 'expiry' | 'cvv' | 'holder';
export const FRAME_FIELDS: readonly FrameField[] = ['number', 'expiry', 'cvv', 'holder'];

export interface FieldValidity {
  valid: boolean;
  /** The key of the field's error in the catalogs (`errors.<field>.<key>`), or null. */
  error: string | null;
}

export type FrameMessage =
  | { type: 'ready' }
  | {
      type: 'state';
      brand: string | null;
      last4: string | null;
      bin: string | null;
      fields: Record<FrameField, FieldValidity>;
    }
  | { type: 'focus' | 'blur'; field: FrameField }
  | { type: 'height'; px: number }
  | { type: 'submit' }
  | { type: 'sealed'; id: number; card: SealedCard | SealedCvv }
  | { type: 'refused'; id: number; error: string };

export interface SealedCard {
  /** The number and security code, a compact JWE. */
  encryptedData: string;
  holderName: string;
  expirationMonth: number;
  expirationYear: number;
}

/** A saved card's security code, a compact JWE. */
export interface SealedCvv {
  encryptedCvv: string;
}

/** The saved card whose security code alone is asked for: the API's brand code and the last four digits. */
export interface SavedCardShown {
  brand: string;
  last4: string;
}

export type PageMessage =
  | {
      type: 'configure';
      lang: string;
      messages: CardWords | null;
      theme: Record<string, string>;
      brands: string[];
      saved: SavedCardShown | null;
    }
  | { type: 'seal'; id: number; publicKey: string }
  | { type: 'focus'; field: FrameField }
  | { type: 'report' }
  | { type: 'clear' }
  | { type: 'disable'; disabled: boolean };

type Record_ = Record<string, unknown>;

/** A plain object (what structured clone makes of one) with exactly these keys. */
function exactly(value: unknown, keys: readonly string[]): value is Record_ {
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    Object.getPrototypeOf(value) !== Object.prototype
  )
    return false;
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((k) => Object.hasOwn(value, k));
}

const isField = (v: unknown): v is FrameField =>
  typeof v === 'string' && (FRAME_FIELDS as readonly string[]).includes(v);
const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const orNull = (v: unknown, test: (v: unknown) => boolean) => v === null || test(v);
const matches = (re: RegExp) => (v: unknown) => typeof v === 'string' && re.test(v);
/** Each field's problems, as core names them (the keys of its messages in `errors.<field>`). */
const PROBLEMS: {
  readonly [F in FrameField]: Readonly<
    Record<
      F extends 'number'
        ? CardNumberProblem
        : F extends 'expiry'
          ? ExpiryProblem
          : F extends 'cvv'
            ? CvvProblem
            : 'empty' | 'digits',
      true
    >
  >;
} = {
  number: { empty: true, not_digits: true, incomplete: true, too_long: true, luhn: true },
  expiry: { empty: true, incomplete: true, invalid_month: true, expired: true, too_far: true },
  cvv: { empty: true, not_digits: true, wrong_length: true },
  holder: { empty: true, digits: true },
};
/** A problem key of this field. */
const errorOf = (field: FrameField) => (v: unknown) =>
  typeof v === 'string' && Object.hasOwn(PROBLEMS[field], v);
/**
 * Any field's error key, or one of the encryption's own: a bad key (`configuration`), its script
 * not loaded (`network`), or refused by the value a pinned page gave it (`integrity`).
 */
const sealError = (v: unknown) =>
  typeof v === 'string' &&
  (v === 'configuration' ||
    v === 'network' ||
    v === 'integrity' ||
    FRAME_FIELDS.some((f) => errorOf(f)(v)));

interface Tree {
  readonly [key: string]: string | Tree;
}
/** The card's words in English's shape: the same keys at every level, each message a string of at most 400 characters. */
function catalogOk(value: unknown, ref: Tree = enCard): boolean {
  return (
    exactly(value, Object.keys(ref)) &&
    Object.entries(ref).every(([k, r]) =>
      typeof r === 'string'
        ? typeof value[k] === 'string' && value[k].length <= 400
        : catalogOk(value[k], r),
    )
  );
}
const LAST4 = /^\d{4}$/;
const LANG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/;
const TOKEN = /^--paylit-[a-z0-9-]{1,60}$/;
/** A theme value: what a custom property holds, on one line, with nothing that fetches (url(), image-set()) and no escapes. */
const TOKEN_VALUE = /^(?![\s\S]*(url|image-set|image|src)\s*\()[^\\<>{};\0-\x1f\x7f]{0,400}$/i;
/** How many theme tokens a `configure` may carry. */
export const THEME_TOKENS = 64;

/** A theme token the frame takes: a `--paylit-*` name, and a value that fetches nothing. The page sends no other (one more would have the whole message dropped). */
export function themeToken(name: string, value: string): boolean {
  return TOKEN.test(name) && TOKEN_VALUE.test(value);
}
/** A payment method's id in the API: `VI`, `MC`, `EL`. */
const METHOD = /^[A-Z0-9]{2,8}$/;

function saved(value: unknown): boolean {
  return (
    value === null ||
    (exactly(value, ['brand', 'last4']) &&
      matches(METHOD)(value.brand) &&
      matches(LAST4)(value.last4))
  );
}

function validity(value: unknown, field: FrameField): value is FieldValidity {
  return (
    exactly(value, ['valid', 'error']) &&
    typeof value.valid === 'boolean' &&
    orNull(value.error, errorOf(field)) &&
    value.valid === (value.error === null)
  );
}

/** A message from the frame, if it is one of the list; undefined for anything else. */
export function readFrameMessage(data: unknown): FrameMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const m = data as Record_;
  switch (m.type) {
    case 'ready':
      return exactly(m, ['type']) ? (m as FrameMessage) : undefined;
    case 'state': {
      if (!exactly(m, ['type', 'brand', 'last4', 'bin', 'fields'])) return undefined;
      const brandOk = orNull(m.brand, (b) => typeof b === 'string' && getBrand(b)?.id === b);
      const fields = m.fields;
      const fieldsOk =
        exactly(fields, FRAME_FIELDS) && FRAME_FIELDS.every((f) => validity(fields[f], f));
      return brandOk &&
        orNull(m.last4, matches(LAST4)) &&
        orNull(m.bin, matches(BIN_PATTERN)) &&
        fieldsOk
        ? (m as FrameMessage)
        : undefined;
    }
    case 'focus':
    case 'blur':
      return exactly(m, ['type', 'field']) && isField(m.field) ? (m as FrameMessage) : undefined;
    case 'height':
      return exactly(m, ['type', 'px']) && typeof m.px === 'number' && m.px >= 0 && m.px <= 10_000
        ? (m as FrameMessage)
        : undefined;
    case 'submit':
      return exactly(m, ['type']) ? (m as FrameMessage) : undefined;
    case 'sealed': {
      if (!exactly(m, ['type', 'id', 'card']) || !isId(m.id)) return undefined;
      const c = m.card;
      if (exactly(c, ['encryptedCvv']))
        return matches(COMPACT_JWE_PATTERN)(c.encryptedCvv) ? (m as FrameMessage) : undefined;
      const ok =
        exactly(c, ['encryptedData', 'holderName', 'expirationMonth', 'expirationYear']) &&
        matches(COMPACT_JWE_PATTERN)(c.encryptedData) &&
        typeof c.holderName === 'string' &&
        // core's one rule for a holder's name: a run of digits in any script could carry a number.
        holderNameProblem(c.holderName) === undefined &&
        Number.isInteger(c.expirationMonth) &&
        (c.expirationMonth as number) >= 1 &&
        (c.expirationMonth as number) <= 12 &&
        Number.isInteger(c.expirationYear) &&
        (c.expirationYear as number) >= 2000 &&
        (c.expirationYear as number) <= 2099;
      return ok ? (m as FrameMessage) : undefined;
    }
    case 'refused':
      return exactly(m, ['type', 'id', 'error']) && isId(m.id) && sealError(m.error)
        ? (m as FrameMessage)
        : undefined;
    default:
      return undefined;
  }
}

/** A message from the page, if it is one of the list; undefined for anything else. */
export function readPageMessage(data: unknown): PageMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const m = data as Record_;
  switch (m.type) {
    case 'configure': {
      if (
        !exactly(m, ['type', 'lang', 'messages', 'theme', 'brands', 'saved']) ||
        !matches(LANG)(m.lang) ||
        !(m.messages === null || catalogOk(m.messages)) ||
        !saved(m.saved)
      )
        return undefined;
      if (!Array.isArray(m.brands) || m.brands.length > 40 || !m.brands.every(matches(METHOD)))
        return undefined;
      const theme = m.theme;
      if (
        typeof theme !== 'object' ||
        theme === null ||
        Object.getPrototypeOf(theme) !== Object.prototype
      )
        return undefined;
      const entries = Object.entries(theme);
      return entries.length <= THEME_TOKENS &&
        entries.every(([k, v]) => typeof v === 'string' && themeToken(k, v))
        ? (m as PageMessage)
        : undefined;
    }
    case 'seal':
      return exactly(m, ['type', 'id', 'publicKey']) &&
        isId(m.id) &&
        typeof m.publicKey === 'string' &&
        m.publicKey.length > 0 &&
        m.publicKey.length <= 8192
        ? (m as PageMessage)
        : undefined;
    case 'focus':
      return exactly(m, ['type', 'field']) && isField(m.field) ? (m as PageMessage) : undefined;
    case 'report':
    case 'clear':
      return exactly(m, ['type']) ? (m as PageMessage) : undefined;
    case 'disable':
      return exactly(m, ['type', 'disabled']) && typeof m.disabled === 'boolean'
        ? (m as PageMessage)
        : undefined;
    default:
      return undefined;
  }
}
