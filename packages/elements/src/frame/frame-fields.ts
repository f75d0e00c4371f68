/**
 * The card frame's fields, drawn in plain DOM: what the shopper sees and types into inside the
 * frame of frame isolation (card-frame.ts, `paylit.frame.js`). The frame is a document of its
 * own, not an element of the merchant's page, so it draws without Lit: its first script is then
 * small, and the fields are drawn as soon as it runs.
 *
 * It draws what `<paylit-card-fields>` draws in page isolation (components/paylit-card-fields/
 * page-entry.ts), element for element: a `<paylit-card-fields>` host (a name only, no element is
 * defined in the frame) with an open shadow root, the same ids, classes and ARIA, laid out by the
 * same styles (paylit-card-fields.styles.ts); and it behaves as it does: each field formatted as
 * typed, pasted or autofilled by core's rules, its message shown once the shopper has left it
 * (or at once for a whole value, or on `report()`), the brand and a message said by the live
 * region, Enter moving to the next field and paying from the last, a saved card asking for its
 * security code alone. The rules of a field, and how an edit is read, are core's and
 * card-entry.ts's (`fieldProblem`, `readEdit`), as the page's fields use them.
 *
 * The number and security code exist only in these inputs and in the JWE `seal()` makes.
 */
import {
  cardDigits,
  extractBin,
  getBrand,
  maxCvvLength,
  parseExpiry,
  type BrandInfo,
} from '@paylit/core/card';
import type { KeyInput } from '@paylit/core/crypto';
import {
  AUTOFILL,
  DEFAULT_BRANDS,
  FIELDS,
  SAVED_CARD_FIELDS,
  fieldLabels,
  cvvDigits,
  noEdits,
  numberPlaceholder,
  numberTaken,
  problemSaid,
  readEdit,
  silent,
  type CardField,
  type Said,
} from '../components/paylit-card-fields/card-entry.js';
import { styles } from '../components/paylit-card-fields/paylit-card-fields.styles.js';
import type { CardWords } from '../i18n/card-words.js';
import { format } from '../i18n/format.js';

/** The marks' script (frame-marks.ts), once here. */
export interface FrameMarks {
  brandMark(id: string | undefined): SVGSVGElement;
  cvvMark(front: boolean): SVGSVGElement;
}
/** The encryption's script (frame-crypto.ts). */
export interface FrameCrypto {
  encryptCard(card: { number: string; cvv: string }, key: KeyInput): Promise<string>;
  encryptCvv(cvv: string, key: KeyInput): Promise<string>;
}

/** What the fields are told by the page (card-frame.ts `configure`). */
export interface FieldsSettings {
  t: CardWords;
  direction: 'ltr' | 'rtl';
  /** The order's card brands, by the API's code (none: Visa, Mastercard, American Express). */
  brands: readonly string[];
  /** The saved card whose security code alone is asked for. */
  saved: { brand: string; last4: string } | undefined;
}

/** What the fields tell the frame. */
export interface FieldsEvents {
  /** A field changed (typed, pasted, autofilled, reformatted). */
  changed(): void;
  /** Enter in the last field shown. */
  submit(): void;
  /** A field was first focused: the encryption may start loading. */
  reached(): void;
}

/** A card sealed: what the page's checkout posts, the number and security code only in the JWE. */
export type Sealed =
  | {
      encryptedData: string;
      holderName: string;
      expirationMonth: number;
      expirationYear: number;
    }
  | { encryptedCvv: string };

const SVG = 'http://www.w3.org/2000/svg';

function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** An attribute set, or removed for `null`; untouched when it already is (no needless mutation). */
function attr(element: Element, name: string, value: string | null): void {
  if (element.getAttribute(name) === value) return;
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

/** Text set only when it changed: the live region says a text again only when it is new. */
function text(element: Element, value: string): void {
  if (element.textContent !== value) element.textContent = value;
}

/** The lock beside "encrypted in your browser" (page-entry.ts draws the same). */
function lock(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [k, v] of Object.entries({
    viewBox: '0 0 16 16',
    width: '14',
    height: '14',
    'aria-hidden': 'true',
    focusable: 'false',
  }))
    svg.setAttribute(k, v);
  const shape = (tag: string, attrs: Record<string, string>) => {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    svg.append(node);
  };
  shape('rect', { x: '3', y: '7', width: '10', height: '7.5', rx: '1.5', fill: 'currentColor' });
  shape('path', {
    d: 'M5.2 7V5a2.8 2.8 0 0 1 5.6 0v2',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '1.6',
  });
  return svg;
}

interface Field {
  box: HTMLDivElement;
  head: HTMLDivElement;
  label: HTMLLabelElement;
  input: HTMLInputElement;
  error: HTMLParagraphElement;
}

export class FrameFields {
  /** The host, `<paylit-card-fields>`, in the frame's body. */
  readonly element: HTMLElement;
  readonly #shadow: ShadowRoot;
  readonly #events: FieldsEvents;
  #settings: FieldsSettings;
  #marks: FrameMarks | undefined;
  #disabled = false;

  readonly #root: HTMLDivElement;
  readonly #grid: HTMLDivElement;
  readonly #fields = {} as Record<CardField, Field>;
  readonly #icon: HTMLSpanElement;
  readonly #cvvIcon: HTMLSpanElement;
  readonly #cvvHint: HTMLSpanElement;
  readonly #encrypted: HTMLSpanElement;
  readonly #live: HTMLDivElement;
  #accepted: HTMLDivElement | undefined;
  /** What the accepted brands' row was drawn from: drawn again only when it changes. */
  #acceptedKey = '';

  /** The shopper's edits so far (card-entry.ts `readEdit`). */
  #edits = noEdits();
  #errors: Partial<Record<CardField, string>> = {};
  /** Said by the live region, in the words of the moment (card-entry.ts `Said`). */
  #announcement: Said = silent;
  /** Each place's mark, built once per brand: a node is in one place at a time. */
  #drawings = new Map<string, SVGSVGElement>();

  constructor(settings: FieldsSettings, events: FieldsEvents) {
    this.#settings = settings;
    this.#events = events;
    this.element = document.createElement('paylit-card-fields');
    this.#shadow = this.element.attachShadow({ mode: 'open', delegatesFocus: true });
    this.#shadow.adoptedStyleSheets = styles.map((s) => s.styleSheet!);
    for (const field of FIELDS) {
      const digits = field !== 'holder';
      const input = make('input', {
        id: field,
        class: field,
        type: 'text',
        autocomplete: `cc-${AUTOFILL[field]}`,
        spellcheck: 'false',
        'aria-invalid': 'false',
        'aria-describedby': `${field}-error`,
        ...(digits ? { inputmode: 'numeric', dir: 'ltr' } : { autocapitalize: 'characters' }),
      });
      for (const type of ['input', 'compositionend']) input.addEventListener(type, this.#onInput);
      input.addEventListener('blur', (e) => this.#onBlur(field, e.relatedTarget));
      const label = make('label', { for: field });
      const head = make('div', { class: 'head' }, label);
      const error = make('p', { class: 'error', id: `${field}-error` });
      const box = make('div', { class: 'field' }, head);
      this.#fields[field] = { box, head, label, input, error };
    }
    const f = this.#fields;
    this.#icon = make('span', { class: 'icon mark' });
    this.#cvvIcon = make('span', { class: 'icon cvv-card' });
    this.#cvvHint = make('span', { class: 'sr-only', id: 'cvv-hint' });
    f.number.box.classList.add('wide');
    f.holder.box.classList.add('wide');
    f.number.box.append(make('div', { class: 'control' }, f.number.input, this.#icon));
    f.expiry.box.append(f.expiry.input);
    f.cvv.box.append(make('div', { class: 'control' }, f.cvv.input, this.#cvvIcon, this.#cvvHint));
    f.holder.box.append(f.holder.input);
    for (const field of FIELDS) f[field].box.append(f[field].error);
    this.#grid = make('div', { class: 'grid' }, ...FIELDS.map((field) => f[field].box));
    this.#grid.addEventListener('keydown', this.#onEnter);
    this.#grid.addEventListener('focusin', () => events.reached());
    this.#encrypted = make('span');
    this.#live = make('div', { class: 'sr-only', role: 'status', 'aria-live': 'polite' });
    this.#root = make(
      'div',
      { class: 'root' },
      this.#grid,
      make('p', { class: 'encrypted' }, lock(), this.#encrypted),
      this.#live,
    );
    this.#shadow.append(this.#root);
    this.#draw();
  }

  /** The page's language, direction, brands and saved card; a new saved card drops the code typed. */
  configure(settings: FieldsSettings): void {
    const before = this.#settings.saved;
    this.#settings = settings;
    if (before?.brand !== settings.saved?.brand || before?.last4 !== settings.saved?.last4) {
      this.#fields.cvv.input.value = '';
      this.#edits.touched.delete('cvv');
      this.#edits.typed.delete('cvv');
      this.#announcement = silent;
    }
    // Messages follow the language.
    this.#revalidate();
  }

  /** The marks, once their script is here. */
  set marks(marks: FrameMarks) {
    this.#marks = marks;
    this.#draw();
  }

  set disabled(disabled: boolean) {
    this.#disabled = disabled;
    this.#draw();
  }

  input(field: CardField): HTMLInputElement {
    return this.#fields[field].input;
  }

  /** The fields shown: the security code alone for a saved card. */
  get shown(): readonly CardField[] {
    return this.#settings.saved ? SAVED_CARD_FIELDS : FIELDS;
  }

  /** The brand the number shows so far. */
  get brand(): BrandInfo | undefined {
    return this.#edits.brand;
  }

  /** The brand whose security code's length applies: the saved card's, or the typed number's. */
  get cvvBrand(): BrandInfo | undefined {
    const saved = this.#settings.saved;
    return saved ? getBrand(saved.brand) : this.#edits.brand;
  }

  /** The first field shown, for focus given to the frame. */
  focus(): void {
    this.input(this.shown[0]!).focus();
  }

  /** Shows every field's message, focuses and announces the first; true when all is valid. */
  report(): boolean {
    for (const f of this.shown) this.#edits.touched.add(f);
    this.#revalidate();
    const first = this.shown.find((f) => this.#errors[f]);
    if (first) {
      // Focus moved to the field says its message (its description): the live region says it
      // only when focus was already there (nothing is read anew), so it is heard once.
      const input = this.input(first);
      const there = this.#shadow.activeElement === input && document.hasFocus();
      input.focus();
      this.#announcement = there ? this.#said(first)! : silent;
      this.#draw();
    }
    return first === undefined;
  }

  /**
   * The card, or the saved card's security code, sealed with the API's key by the encryption's
   * script (`crypto`); `undefined` when a field is not valid (each shows why).
   */
  async seal(publicKey: KeyInput, crypto: () => Promise<FrameCrypto>): Promise<Sealed | undefined> {
    if (!this.report()) return undefined;
    // What was checked is what is sealed, whatever is typed while the script loads.
    const cvv = this.input('cvv').value;
    if (this.#settings.saved) {
      const { encryptCvv } = await crypto();
      return { encryptedCvv: await encryptCvv(cvv, publicKey) };
    }
    const number = cardDigits(this.input('number').value);
    const expiry = parseExpiry(this.input('expiry').value)!;
    const holderName = this.input('holder').value.trim();
    const { encryptCard } = await crypto();
    return {
      encryptedData: await encryptCard({ number, cvv }, publicKey),
      holderName,
      expirationMonth: expiry.month,
      expirationYear: expiry.year,
    };
  }

  /** Empties every field. */
  clear(): void {
    for (const f of FIELDS) this.input(f).value = '';
    this.#edits = noEdits();
    this.#errors = {};
    this.#announcement = silent;
    this.#draw();
  }

  /** A field's message as its value stands now, in whichever words it is drawn; undefined when valid. */
  #said(field: CardField): Said | undefined {
    return problemSaid(field, this.input(field).value, this.cvvBrand);
  }

  /** A field's message, in the page's language; undefined when valid. */
  #problem(field: CardField): string | undefined {
    return this.#said(field)?.(this.#settings.t);
  }

  #revalidate(): void {
    const errors: Partial<Record<CardField, string>> = {};
    for (const f of this.#edits.touched) {
      if (!this.shown.includes(f)) continue;
      const p = this.#problem(f);
      if (p) errors[f] = p;
    }
    this.#errors = errors;
    this.#draw();
  }

  /** Every field's edit, read by card-entry.ts (`readEdit`) as page-entry.ts reads it. */
  #onInput = (event: Event): void => {
    const edit = readEdit(event, this.#edits, this.cvvBrand);
    if (!edit) return;
    if (edit.said !== undefined) this.#announcement = edit.said;
    this.#revalidate();
    if (edit.whole && (this.#errors[edit.field] || this.#edits.taken)) {
      this.#announcement = this.#errors[edit.field] ? this.#said(edit.field)! : numberTaken;
      this.#draw();
    }
    this.#events.changed();
  };

  /** Enter moves to the next field, and from the last one pays (the page's form or checkout). */
  #onEnter = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' || event.isComposing) return;
    const shown = this.shown;
    const next = shown[shown.indexOf((event.target as HTMLElement).id as CardField) + 1];
    event.preventDefault();
    if (next) this.input(next).focus();
    else this.#events.submit();
  };

  /** As the page's fields (page-entry.ts): said when the shopper moves on to another field, not as they leave the frame. */
  #onBlur(field: CardField, to: EventTarget | null): void {
    if (!this.#edits.typed.has(field)) return;
    this.#edits.touched.add(field);
    this.#revalidate();
    if (this.#errors[field] && this.#shadow.contains(to as Node)) {
      this.#announcement = this.#said(field)!;
      this.#draw();
    }
  }

  /** A mark from the marks' script, built once per place and brand; nothing until it is here. */
  #mark(key: string, build: (marks: FrameMarks) => SVGSVGElement): SVGSVGElement[] {
    if (!this.#marks) return [];
    let node = this.#drawings.get(key);
    if (!node) this.#drawings.set(key, (node = build(this.#marks)));
    return [node];
  }

  /** The row of accepted brands, beside the number's label while the number is empty. */
  #acceptedRow(show: boolean): void {
    const t = this.#settings.t;
    const brands = (this.#settings.brands.length ? this.#settings.brands : DEFAULT_BRANDS)
      .map((code) => getBrand(code))
      .filter((b) => b !== undefined);
    const key = show ? `${t.acceptedCards}|${brands.map((b) => b.id)}|${!!this.#marks}` : '';
    if (key === this.#acceptedKey) return;
    this.#acceptedKey = key;
    this.#accepted?.remove();
    this.#accepted = undefined;
    if (!show) return;
    this.#accepted = make(
      'div',
      { class: 'accepted', role: 'list', 'aria-label': t.acceptedCards },
      ...brands.map((b) =>
        make(
          'span',
          { class: 'mark', role: 'listitem', title: b.name },
          make('span', { class: 'sr-only' }, document.createTextNode(b.name)),
          ...this.#mark(`row:${b.id}`, (m) => m.brandMark(b.id)),
        ),
      ),
    );
    this.#fields.number.head.append(this.#accepted);
  }

  /** Everything shown, from the state: each value set only where it changed. */
  #draw(): void {
    const { t, direction, saved } = this.#settings;
    const shown = this.shown;
    const f = this.#fields;
    attr(this.#root, 'dir', direction);
    this.#grid.classList.toggle('saved', !!saved);
    const cvvBrand = this.cvvBrand;
    const front = cvvBrand?.id === 'american-express';
    const cvvWhere = format(front ? t.cvvWhereFront : t.cvvWhereBack, {
      digits: cvvDigits(cvvBrand),
    });
    const labels = fieldLabels(t, saved);
    const placeholders: Record<CardField, string | null> = {
      number: numberPlaceholder(this.#edits.brand),
      expiry: t.expiryPlaceholder,
      cvv: '1234'.slice(0, cvvDigits(cvvBrand)),
      holder: null,
    };
    for (const field of FIELDS) {
      const { box, label, input, error } = f[field];
      box.hidden = !shown.includes(field);
      text(label, labels[field]);
      const message =
        this.#errors[field] ?? (field === 'number' && this.#edits.taken ? t.numberTaken : '');
      text(error, message);
      attr(input, 'placeholder', placeholders[field]);
      attr(input, 'enterkeyhint', field === shown.at(-1) ? 'go' : 'next');
      attr(input, 'aria-invalid', this.#errors[field] ? 'true' : 'false');
      input.disabled = this.#disabled;
    }
    attr(f.cvv.input, 'aria-describedby', this.#errors.cvv ? 'cvv-error cvv-hint' : 'cvv-hint');
    const empty = f.number.input.value === '';
    this.#acceptedRow(empty && !saved);
    attr(this.#icon, 'title', this.#edits.brand?.name ?? null);
    const icon = empty
      ? []
      : this.#mark(`icon:${this.#edits.brand?.id}`, (m) => m.brandMark(this.#edits.brand?.id));
    if (this.#icon.firstChild !== (icon[0] ?? null)) this.#icon.replaceChildren(...icon);
    attr(this.#cvvIcon, 'title', cvvWhere);
    const cvvMark = this.#mark(`cvv:${front}`, (m) => m.cvvMark(front));
    if (this.#cvvIcon.firstChild !== (cvvMark[0] ?? null))
      this.#cvvIcon.replaceChildren(...cvvMark);
    text(this.#cvvHint, cvvWhere);
    text(this.#encrypted, t.encrypted);
    text(this.#live, this.#announcement(t));
  }

  /** The BIN (6 or 8 digits) once there are 6 digits. */
  get bin(): string | undefined {
    return extractBin(this.input('number').value);
  }
}
