/**
 * The card entry of page isolation (the default): the number, expiry, security code and name
 * as inputs in the card fields' shadow root, formatted and validated as typed, and sealed here
 * into the JWE. The frame of frame isolation draws the same element in this mode, inside itself.
 *
 * The number and CVV exist only in these inputs and inside the JWE that `encrypt()` makes:
 * never in an attribute, an event, the form's value or state, or a message.
 */
import { html, nothing, svg } from 'lit';
import {
  cardDigits,
  extractBin,
  getBrand,
  lastFour,
  maxCvvLength,
  parseExpiry,
  type BrandInfo,
} from '@paylit/core/card';
import type { KeyInput } from '@paylit/core/crypto';
import type { SavedCardView } from '../../context/checkout-context.js';
import { format } from '../../i18n/index.js';
import { drawn } from '../../internal/drawn.js';
import { importCrypto, importMarks } from '../../internal/lazy.js';
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
  sealing,
  silent,
  type Said,
  type CardEntry,
  type CardEntryHost,
  type CardField,
  type CardSubmission,
  type SavedCardSubmission,
} from './card-entry.js';

type Marks = Awaited<ReturnType<typeof importMarks>>;
/** The marks, once loaded: shared by every instance, loaded once. */
let marks: Marks | undefined;

/**
 * The brand marks, loaded when card fields are first connected (the accepted brands show
 * before any interaction): settles when they are here; `undefined` when they already are.
 */
export function loadMarks(): Promise<void> | undefined {
  if (marks) return undefined;
  return importMarks().then((m) => {
    marks = m;
  });
}

/**
 * The card encryption (jose), loaded when a card field is first focused, which leaves it the
 * time the shopper takes to type the card; `encrypt()` waits for it.
 */
const loadEncryption = sealing(importCrypto, 'encryption');

const lock = svg`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false"><rect x="3" y="7" width="10" height="7.5" rx="1.5" fill="currentColor"/><path d="M5.2 7V5a2.8 2.8 0 0 1 5.6 0v2" fill="none" stroke="currentColor" stroke-width="1.6"/></svg>`;

export class PageEntry implements CardEntry {
  readonly #host: CardEntryHost;
  /** The shopper's edits so far (card-entry.ts `readEdit`). */
  #edits = noEdits();
  #errors: Partial<Record<CardField, string>> = {};
  /** Said by the live region: a brand detected, a field's message (in the words of the moment). */
  #announcement: Said = silent;
  #numberEmpty = true;
  /** The inputs have been drawn once (the form has been told their validity). */
  #wasDrawn = false;

  constructor(host: CardEntryHost) {
    this.#host = host;
  }

  #input(id: CardField): HTMLInputElement {
    return this.#host.element.shadowRoot?.querySelector(`#${id}`) as HTMLInputElement;
  }
  private get numberInput(): HTMLInputElement {
    return this.#input('number');
  }

  #fields(): readonly CardField[] {
    return this.#host.savedCard ? SAVED_CARD_FIELDS : FIELDS;
  }

  /** The brand whose CVV length applies: the saved card's, or the typed number's. */
  #cvvBrand(): BrandInfo | undefined {
    const saved = this.#host.savedCard;
    return saved ? getBrand(saved.brand) : this.#edits.brand;
  }

  #announce(said: Said): void {
    this.#announcement = said;
    this.#host.requestUpdate();
  }

  get brand(): BrandInfo | undefined {
    return this.#edits.brand;
  }

  get bin(): string | undefined {
    return this.numberInput ? extractBin(this.numberInput.value) : undefined;
  }

  get complete(): boolean {
    return !!this.numberInput && this.#fields().every((f) => this.#problem(f) === undefined);
  }

  prepare(saved: boolean): void {
    // The code typed for another card is dropped.
    if (saved) {
      if (this.#input('cvv')) this.#input('cvv').value = '';
      this.#edits.touched.delete('cvv');
      this.#edits.typed.delete('cvv');
      this.#announcement = silent;
    }
    // Messages in the words of this drawing, whatever changed its language.
    this.#revalidate();
  }

  drawn(): void {
    if (this.#wasDrawn || !this.numberInput) return;
    this.#wasDrawn = true;
    // Asked to report before the fields were drawn (their language still loading): shown now.
    if (this.#edits.touched.size > 0) this.#revalidate();
    this.#sync();
  }

  report(): boolean {
    for (const f of this.#fields()) this.#edits.touched.add(f);
    // Not drawn yet (its language still loading): nothing has been typed, so nothing is valid;
    // the messages show with the first render.
    if (!this.numberInput) return false;
    this.#revalidate();
    const first = this.#fields().find((f) => this.#errors[f]);
    if (first) {
      // Focus moved to the field says its message (its description): the live region says it
      // only when focus was already there (nothing is read anew), so it is heard once.
      const input = this.#input(first);
      const there = this.#host.element.shadowRoot?.activeElement === input;
      input.focus();
      this.#announce(there ? this.#said(first)! : silent);
    }
    return first === undefined;
  }

  async encrypt(publicKey: KeyInput): Promise<CardSubmission> {
    if (!this.report()) throw this.#host.invalid(FIELDS.filter((f) => this.#errors[f]));
    // What was checked is what is sealed, whatever is typed while the chunk loads.
    const number = cardDigits(this.numberInput.value);
    const cvv = this.#input('cvv').value;
    const expiry = parseExpiry(this.#input('expiry').value)!;
    const holderName = this.#input('holder').value.trim();
    const brand = this.#edits.brand?.code;
    const { encryptCard } = await loadEncryption();
    const encryptedData = await encryptCard({ number, cvv }, publicKey);
    return {
      encryptedData,
      holderName,
      expirationMonth: expiry.month,
      expirationYear: expiry.year,
      brand,
      bin: extractBin(number)!,
      last4: lastFour(number),
    };
  }

  async encryptCvv(publicKey: KeyInput, saved: SavedCardView): Promise<SavedCardSubmission> {
    if (!this.report()) throw this.#host.invalid(['cvv']);
    const cvv = this.#input('cvv').value;
    const { encryptCvv } = await loadEncryption();
    return { cardId: saved.card_id, encryptedCvv: await encryptCvv(cvv, publicKey) };
  }

  clear(): void {
    for (const f of FIELDS) {
      const input = this.#input(f);
      if (input) input.value = '';
    }
    this.#edits = noEdits();
    this.#numberEmpty = true;
    this.#errors = {};
    this.#announcement = silent;
    this.#host.checkout?.setBin(undefined);
    if (this.numberInput) this.#sync();
    this.#host.requestUpdate();
  }

  disconnect(): void {
    // Card data does not outlive the element on the page.
    this.clear();
  }

  /** A field's message as its value stands now, in whichever words it is drawn; undefined when valid. */
  #said(field: CardField): Said | undefined {
    return problemSaid(field, this.#input(field).value, this.#cvvBrand());
  }

  #problem(field: CardField): string | undefined {
    return this.#said(field)?.(this.#host.t);
  }

  /** Messages of the touched fields, validity and form value: after every change. */
  #revalidate(): void {
    if (!this.numberInput) return;
    const errors: Partial<Record<CardField, string>> = {};
    for (const f of this.#edits.touched) {
      if (!this.#fields().includes(f)) continue;
      const p = this.#problem(f);
      if (p) errors[f] = p;
    }
    this.#errors = errors;
    this.#host.requestUpdate();
    this.#sync();
  }

  #sync(): void {
    const { internals, name } = this.#host;
    const saved = this.#host.savedCard;
    const first = this.#fields().find((f) => this.#problem(f) !== undefined);
    if (first)
      internals.setValidity({ customError: true }, this.#problem(first)!, this.#input(first));
    else internals.setValidity({});
    const brand = saved
      ? saved.brand
      : this.#edits.brand && (this.#edits.brand.code ?? this.#edits.brand.id);
    if (first === undefined && brand) {
      const value = new FormData();
      value.append(`${name}-brand`, brand);
      value.append(`${name}-last4`, saved ? saved.last4 : lastFour(this.numberInput.value));
      internals.setFormValue(value, null);
    } else {
      internals.setFormValue(null, null);
    }
  }

  /** The host's own `input`, with no data: the inner event (with the typed character) stops at the shadow root. */
  #emit(type: 'input' | 'change'): void {
    this.#host.element.dispatchEvent(new Event(type, { bubbles: true, composed: true }));
  }

  /**
   * Every field's edit, read by card-entry.ts (`readEdit`) as the card frame reads it: a value
   * that came at once is read as a whole and its message shows at once. While a composition (an
   * IME) runs nothing is read: its end is read as typed. The checkout hears the number's BIN.
   */
  #onInput = (event: InputEvent): void => {
    event.stopPropagation();
    const edit = readEdit(event, this.#edits, this.#cvvBrand());
    if (!edit) return;
    if (edit.said !== undefined) this.#announcement = edit.said;
    if (edit.field === 'number') {
      const number = this.numberInput.value;
      this.#numberEmpty = number === '';
      this.#host.checkout?.setBin(extractBin(number));
    }
    this.#revalidate();
    if (edit.whole && (this.#errors[edit.field] || this.#edits.taken))
      this.#announcement = this.#errors[edit.field] ? this.#said(edit.field)! : numberTaken;
    this.#emit('input');
  };

  /** Enter moves to the next field, and from the last one submits: the form's, or the checkout's. */
  #onEnter = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' || event.isComposing) return;
    const fields = this.#fields();
    const next = fields[fields.indexOf((event.target as HTMLElement).id as CardField) + 1];
    event.preventDefault();
    if (next) return this.#input(next).focus();
    this.#host.submit();
  };

  #onChange = (event: Event): void => {
    event.stopPropagation();
    this.#emit('change');
  };

  /**
   * A field left once typed shows its message, and says it when the shopper moves on to another
   * of the fields. Leaving them (for Pay, which focuses the first field in error, its message read
   * there as its description), it is not said as well.
   */
  #onBlur(field: CardField, to: EventTarget | null): void {
    if (!this.#edits.typed.has(field)) return;
    this.#edits.touched.add(field);
    this.#revalidate();
    if (this.#errors[field] && this.#host.element.shadowRoot!.contains(to as Node))
      this.#announce(this.#said(field)!);
  }

  /** The encryption starts loading when the shopper reaches a field, not with the page. */
  #onFocus = (): void => void loadEncryption().catch(() => undefined);

  /** Each place's mark, built once per brand: the same node renders again unchanged. */
  #marks = new Map<string, SVGSVGElement>();
  #mark(place: string, id: string | undefined) {
    return drawn(this.#marks, marks, `${place}:${id}`, (m) => m.brandMark(id));
  }

  /** The brands the order accepts: the checkout's card methods, by the API's brand code. */
  #acceptedBrands(): BrandInfo[] {
    const brands = (this.#host.checkout?.paymentMethods ?? [])
      .filter((m) => m.type === 'CARD')
      .map((m) => getBrand(m.id))
      .filter((b) => b !== undefined);
    return brands.length ? brands : DEFAULT_BRANDS.map((code) => getBrand(code)!);
  }

  #accepted() {
    if (this.#host.checkout?.status === 'loading') return nothing;
    return html`<div class="accepted" part="accepted" role="list" aria-label=${this.#host.t.acceptedCards}>
      ${this.#acceptedBrands().map((b) => html`<span class="mark" role="listitem" title=${b.name}><span class="sr-only">${b.name}</span>${this.#mark('row', b.id)}</span>`)}
    </div>`;
  }

  #field(field: CardField, label: string, input: unknown, wide = false, beside: unknown = nothing) {
    const error =
      this.#errors[field] ??
      (field === 'number' && this.#edits.taken ? this.#host.t.numberTaken : undefined);
    return html`<div class="field ${wide ? 'wide' : ''}" part="field ${field}-field" ?hidden=${!this.#fields().includes(field)}>
      <div class="head"><label part="label" for=${field}>${label}</label>${beside}</div>
      ${input}
      <p class="error" part="error" id="${field}-error">${error ?? nothing}</p>
    </div>`;
  }

  /**
   * An input: for digits (all but the name) left to right with a numeric keyboard. The
   * keyboard's Enter key says "next", and "go" on the last field shown (`#onEnter`).
   */
  #control(field: CardField, placeholder?: string, describedBy = `${field}-error`) {
    const digits = field !== 'holder';
    const { disabled, checkout } = this.#host;
    return html`<input id=${field} class=${field} part="input ${field}-input" type="text" inputmode=${digits ? 'numeric' : nothing} dir=${digits ? 'ltr' : nothing}
      autocomplete="cc-${AUTOFILL[field]}" autocapitalize=${digits ? nothing : 'characters'} enterkeyhint=${field === this.#fields().at(-1) ? 'go' : 'next'}
      placeholder=${placeholder ?? nothing} spellcheck="false" ?disabled=${disabled || checkout?.status === 'error'}
      aria-invalid=${this.#errors[field] ? 'true' : 'false'} aria-describedby=${describedBy}
      @input=${this.#onInput} @compositionend=${this.#onInput} @blur=${(e: FocusEvent) => this.#onBlur(field, e.relatedTarget)} />`;
  }

  render() {
    const t = this.#host.t;
    const saved = this.#host.savedCard;
    const cvvLabel = fieldLabels(t, saved).cvv;
    const cvvBrand = this.#cvvBrand();
    const front = cvvBrand?.id === 'american-express';
    const cvvWhere = format(front ? t.cvvWhereFront : t.cvvWhereBack, {
      digits: cvvDigits(cvvBrand),
    });
    const empty = this.#numberEmpty;
    return html`<div class="grid ${saved ? 'saved' : ''}" @change=${this.#onChange} @keydown=${this.#onEnter} @focusin=${this.#onFocus}>
        ${this.#field(
          'number',
          t.cardNumber,
          html`<div class="control">
            ${this.#control('number', numberPlaceholder(this.#edits.brand))}
            <span class="icon mark" part="icon" title=${this.#edits.brand?.name ?? nothing}>${empty ? nothing : this.#mark('icon', this.#edits.brand?.id)}</span>
          </div>`,
          true,
          empty && !saved ? this.#accepted() : nothing,
        )}
        ${this.#field('expiry', t.expiry, this.#control('expiry', t.expiryPlaceholder))}
        ${this.#field(
          'cvv',
          cvvLabel,
          html`<div class="control">
            ${this.#control('cvv', '1234'.slice(0, cvvDigits(cvvBrand)), this.#errors.cvv ? 'cvv-error cvv-hint' : 'cvv-hint')}
            <span class="icon cvv-card" part="cvv-hint" title=${cvvWhere}>${drawn(this.#marks, marks, `cvv:${front}`, (m) => m.cvvMark(front))}</span>
            <span class="sr-only" id="cvv-hint">${cvvWhere}</span>
          </div>`,
        )}
        ${this.#field('holder', t.holder, this.#control('holder'), true)}
      </div>
      <p class="encrypted" part="encrypted">${lock}<span>${t.encrypted}</span></p>
      <div class="sr-only" role="status" aria-live="polite">${this.#announcement(this.#host.t)}</div>`;
  }
}
