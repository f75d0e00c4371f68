/**
 * The card entry: whoever holds the card while the shopper types it, seen from
 * `<paylit-card-fields>`. The element holds one `CardEntry` and speaks to it only through this
 * interface; the entry reads the element only through `CardEntryHost`, which the element makes.
 *
 * - `page-entry.ts` (page isolation, the default): the inputs in the element's shadow root.
 * - `internal/frame-host.ts` (frame isolation, a chunk loaded when first drawn in that mode): a
 *   sandboxed frame of an opaque origin holds the inputs; its page side speaks to it through
 *   `internal/frame-protocol.ts`.
 *
 * Neither implementation imports the element, and the element reaches into neither's state.
 */
import {
  cardNumberProblem,
  cvvProblem,
  detectBrand,
  expiryInputProblem,
  formatCardNumber,
  getBrand,
  holderNameProblem,
  reformatCardNumber,
  reformatCvv,
  reformatExpiry,
  type BrandInfo,
  type FieldState,
} from '@paylit/core/card';
import type { KeyInput } from '@paylit/core/crypto';
import { PaylitError } from '@paylit/core/errors';
import type { CheckoutContextValue, SavedCardView } from '../../context/checkout-context.js';
import type { CardWords } from '../../i18n/card-words.js';
import type { Messages } from '../../i18n/en.js';
import { format } from '../../i18n/format.js';

export type CardField = 'number' | 'expiry' | 'cvv' | 'holder';
export const FIELDS: readonly CardField[] = ['number', 'expiry', 'cvv', 'holder'];
/** A saved card is confirmed by its security code alone. */
export const SAVED_CARD_FIELDS: readonly CardField[] = ['cvv'];
/** Each input's autofill token, after `cc-`. */
export const AUTOFILL = { number: 'number', expiry: 'exp', cvv: 'csc', holder: 'name' } as const;
/** Shown when there is no checkout, or the order lists no card brands. */
export const DEFAULT_BRANDS = ['VI', 'MC', 'AE'] as const;

/**
 * Each field's label in `t`, wherever the fields are drawn (the page, the card frame, the
 * frame's stand-in): a saved card's security code names its card ("Security code of Visa
 * ending in 4242").
 */
export function fieldLabels(
  t: CardWords,
  saved: { brand: string; last4: string } | undefined,
): Record<CardField, string> {
  return {
    number: t.cardNumber,
    expiry: t.expiry,
    cvv: saved
      ? format(t.savedCardCvv, {
          brand: getBrand(saved.brand)?.name ?? saved.brand,
          last4: saved.last4,
        })
      : t.cvv,
    holder: t.holder,
  };
}

/**
 * The security code's digits as the entry says them (its hint, its placeholder, its message): the
 * brand's, and before the brand is known the back's three, as most cards print it (no card has
 * four on its back; American Express's four are on its front).
 */
export const cvvDigits = (brand: BrandInfo | undefined): number => brand?.cvvLength ?? 3;

/** `1234 1234 1234 1234`, spaced as the brand spaces its numbers and as long as its usual length. */
export function numberPlaceholder(brand: BrandInfo | undefined): string {
  const lengths = brand?.lengths ?? [16];
  const length = (brand?.gaps ?? [16]).at(-1) === 16 && lengths.includes(16) ? 16 : lengths[0]!;
  return formatCardNumber('0'.repeat(length), brand).replace(/0+/g, (group) =>
    '1234567890'.slice(0, group.length),
  );
}

/** What `encrypt()` answers: everything the checkout posts, the number and CVV only inside the JWE. */
export interface CardSubmission {
  encryptedData: string;
  holderName: string;
  expirationMonth: number;
  expirationYear: number;
  /** The API's brand code, when the brand has one. */
  brand: string | undefined;
  bin: string;
  last4: string;
}

/** What `encryptCvv()` answers for a saved card: its id, and the security code only inside the JWE. */
export interface SavedCardSubmission {
  cardId: string;
  encryptedCvv: string;
}

/** Refused by `encrypt()`: the fields are not complete; each field shows why. */
export class CardFieldsInvalidError extends PaylitError {
  override name = 'CardFieldsInvalidError';
  readonly fields: readonly CardField[];
  constructor(fields: readonly CardField[]) {
    super('validation_failed', `the card is not complete: ${fields.join(', ')}`);
    this.fields = fields;
  }
}

/**
 * A chunk the card entry needs before it can seal a card (lazy.ts loads each once). One that does
 * not arrive (offline, a blocked request) is a network error, which the checkout offers to try
 * again: the next call loads it anew.
 */
export function sealing<T>(load: () => Promise<T>, what: string): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      throw new PaylitError('encryption_failed', `the ${what} did not load`, {
        // Refused by its integrity (a pinned paylit.js): said as such, not as the network.
        kind: (error as { kind?: unknown } | null)?.kind === 'integrity' ? 'integrity' : 'network',
        cause: error,
      });
    });
}

/**
 * Today where it is earliest (UTC−12, the last zone to leave a day), as a local date: a card is
 * valid through the last day of its month, and the bank judges that on its own clock, not the
 * shopper's. A shopper already in the next month (Auckland's first hours of it) holds a card of
 * the month before that is still good elsewhere; the fields refuse it only once its month is over
 * everywhere, and leave the edge to the bank.
 */
function lastToday(now = Date.now()): Date {
  const there = new Date(now - 12 * 3_600_000);
  return new Date(there.getUTCFullYear(), there.getUTCMonth(), there.getUTCDate());
}

/**
 * The key of a field's problem (its message's key in `errors.<field>`), or undefined when the
 * value is valid: core's rule for each field. The security code's length is its brand's; the
 * name is core's `holderNameProblem`.
 */
export function fieldProblem(
  field: CardField,
  value: string,
  cvvBrand?: BrandInfo,
): string | undefined {
  if (field === 'number') return cardNumberProblem(value);
  if (field === 'expiry') return expiryInputProblem(value, lastToday());
  if (field === 'cvv') return cvvProblem(value, cvvBrand);
  // Core's rule for the name. Too long, or a control character pasted in: asked for again as
  // an empty name is ("as it appears on the card").
  const problem = holderNameProblem(value);
  return problem === 'invalid' ? 'empty' : problem;
}

/**
 * What a live region says, kept as how to say it: drawn in the words of the moment, so that a
 * `lang` changed after it spoke says it again in the new language (and nothing else does).
 */
export type Said = (t: CardWords) => string;
export const silent: Said = () => '';
/** Said when only the card number was kept of a longer pasted text. */
export const numberTaken: Said = (t) => t.numberTaken;

/**
 * A field's message, as `fieldProblem` finds its value now, in whichever words it is drawn
 * with; undefined when valid. The same in page isolation and in the card frame.
 */
export function problemSaid(
  field: CardField,
  value: string,
  cvvBrand: BrandInfo | undefined,
): Said | undefined {
  const problem = fieldProblem(field, value, cvvBrand);
  if (!problem) return undefined;
  const digits = cvvDigits(cvvBrand);
  return (t) => format((t.errors[field] as Record<string, string>)[problem]!, { digits });
}

/**
 * What an entry keeps of the shopper's edits, which `readEdit` reads and updates: the same in
 * page isolation (page-entry.ts) and in the card frame (frame/frame-fields.ts).
 */
export interface Edits {
  /** The number and expiry as last formatted, to tell a deleted separator from a deleted digit. */
  previous: Record<'number' | 'expiry', string>;
  /** The number was taken out of a longer pasted text: the number's message says so until it changes. */
  taken: boolean;
  /** The brand the number shows so far. */
  brand: BrandInfo | undefined;
  /** Fields the shopper has typed in: leaving one still empty and never typed in shows nothing until a submit. */
  readonly typed: Set<CardField>;
  /** Fields whose messages show: left after typing, filled at once (pasted, autofilled), or all after a submit. */
  readonly touched: Set<CardField>;
}

/** No edit yet, or the fields emptied. */
export const noEdits = (): Edits => ({
  previous: { number: '', expiry: '' },
  taken: false,
  brand: undefined,
  typed: new Set(),
  touched: new Set(),
});

/** One edit of a field, as `readEdit` read it. */
export interface Edit {
  readonly field: CardField;
  /** The value came at once (pasted, dropped, autofilled): its message shows now. */
  readonly whole: boolean;
  /** The brand changed: what the live region says of it (nothing for none); undefined otherwise. */
  readonly said: Said | undefined;
}

/**
 * Invisible format characters: the marks, embeddings and isolates of bidirectional text, zero-width
 * spaces and joiners, the word joiner, the byte order mark, the soft hyphen. A card copied from a
 * right-to-left page or phone, or from a formatted document, carries them around or between its
 * digits; the shopper sees the digits alone.
 */
const INVISIBLE = /\p{Cf}/gu;

/**
 * A digit field's value as the shopper sees it: without the invisible format characters (no
 * number, expiry or security code holds one), the caret after the same characters. `forward`:
 * the edit deleted forward (the Delete key), which core's caret rule reads.
 */
function visible(value: string, caret: number, forward: boolean): FieldState {
  const seen = (text: string) => text.replace(INVISIBLE, '');
  return { value: seen(value), caret: seen(value.slice(0, caret)).length, forward };
}

/**
 * A field's edit (its `input` or `compositionend`), read the same way in both entries. A value
 * that came at once (no `inputType`, or `insertFrom…`, `insertReplacementText`) is read as a
 * whole and its message shows at once. The number and expiry are formatted by core's rules (the
 * caret kept where the shopper typed), the number's brand detected, the security code cut to
 * `cvvBrand`'s length. Undefined while a composition is under way.
 */
export function readEdit(
  event: Event,
  edits: Edits,
  cvvBrand: BrandInfo | undefined,
): Edit | undefined {
  if ((event as InputEvent).isComposing) return undefined;
  const input = event.target as HTMLInputElement;
  const field = input.id as CardField;
  const type = (event as InputEvent).inputType ?? '';
  const whole = event.type === 'input' && !/^(insertT|insertC|del|hist)/.test(type);
  // Read for the digit fields alone: the name's value is core's rule for names (no format
  // character) to judge, and is never rewritten here.
  const state = visible(
    input.value,
    input.selectionStart ?? input.value.length,
    /Forward/.test(type),
  );
  const apply = (next: FieldState) => {
    input.value = next.value;
    if ((input.getRootNode() as ShadowRoot).activeElement === input)
      input.setSelectionRange(next.caret, next.caret);
  };
  let said: Said | undefined;
  if (field === 'number') {
    const next = reformatCardNumber(state, edits.previous.number, whole);
    apply(next);
    edits.previous.number = next.value;
    edits.taken = !!next.taken;
    const brand = detectBrand(next.value);
    if (brand?.id !== edits.brand?.id) {
      edits.brand = brand;
      const name = brand?.name;
      said = name ? (t) => format(t.brandDetected, { brand: name }) : silent;
    }
  } else if (field === 'expiry') {
    const next = reformatExpiry(state, edits.previous.expiry, whole);
    apply(next);
    edits.previous.expiry = next.value;
  } else if (field === 'cvv') {
    const value = reformatCvv(state.value, cvvBrand, whole);
    if (value !== input.value) apply({ value, caret: value.length });
  }
  edits.typed.add(field);
  if (whole) edits.touched.add(field);
  return { field, whole, said };
}

/** The card fields as their entry reads them: made by the element, nothing cast. */
export interface CardEntryHost {
  /** The element: the `input` and `change` it fires, its computed style, its shadow root. */
  readonly element: HTMLElement;
  /** The element's form participation: its validity and its form value. */
  readonly internals: ElementInternals;
  /** The form value's prefix (`<name>-brand`, `<name>-last4`). */
  readonly name: string;
  readonly disabled: boolean;
  readonly locale: string;
  readonly direction: 'ltr' | 'rtl';
  readonly t: Messages;
  readonly checkout: CheckoutContextValue | undefined;
  /** The saved card chosen in the checkout, whose security code alone is asked for. */
  readonly savedCard: SavedCardView | undefined;
  /** What the entry draws changed: the element draws again. */
  requestUpdate(): void;
  /** Enter in the last field: the form's submit, or the checkout's. */
  submit(): void;
  /** The element's own error for fields that are not complete (`CardFieldsInvalidError`). */
  invalid(fields: readonly CardField[]): Error;
}

/** Whoever holds the card: what the element needs of it. */
export interface CardEntry {
  /** What the element draws in its shadow root for the card. */
  render(): unknown;
  /**
   * Before each drawing of the element: `saved`, the saved card changed. Its language may have
   * changed with no property of the element changing (the page's `lang`, switched on an
   * ancestor after render: internal/localized.ts), so what the entry says is written again.
   */
  prepare(saved: boolean): void;
  /** After the element drew: its language, theme, saved card or `disabled` may have changed. */
  drawn(): void;
  /** The brand the number shows so far. */
  readonly brand: BrandInfo | undefined;
  /** The BIN (6 or 8 digits) once there are 6 digits. */
  readonly bin: string | undefined;
  /** Every field shown is valid. */
  readonly complete: boolean;
  /** Shows every field's message and focuses the first; true when all is valid. */
  report(): boolean;
  /** The card sealed with the API's key, or refused with the element's error. */
  encrypt(publicKey: KeyInput): Promise<CardSubmission>;
  /** The saved card's security code alone, sealed. */
  encryptCvv(publicKey: KeyInput, saved: SavedCardView): Promise<SavedCardSubmission>;
  /** Empties every field. */
  clear(): void;
  /** The element left the page (or the entry is replaced): the card and what waits on it are dropped. */
  disconnect(): void;
}
