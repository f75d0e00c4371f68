import { LitElement, html, nothing, svg, type PropertyValues } from 'lit';
import type { PropertyDeclarations } from 'lit';
import {
  cardDigits,
  cardNumberProblem,
  cvvProblem,
  detectBrand,
  expiryInputProblem,
  extractBin,
  formatCardNumber,
  getBrand,
  holderNameProblem,
  lastFour,
  maxCvvLength,
  parseExpiry,
  reformatCardNumber,
  reformatCvv,
  reformatExpiry,
  type BrandInfo,
  type FieldState,
} from '@paylit/core/card';
import type { KeyInput } from '@paylit/core/crypto';
import { PaylitError } from '@paylit/core/errors';
import { ensureContextRoot, type SavedCardView } from '../../context/checkout-context.js';
import { format } from '../../i18n/index.js';
import { drawn } from '../../internal/drawn.js';
import type { FrameHost } from '../../internal/frame-host.js';
import { frameScript, importCrypto, importFrameHost, importMarks } from '../../internal/lazy.js';
import { CheckoutChildElement } from '../../internal/checkout-child.js';
import { styles } from './paylit-card-fields.styles.js';

ensureContextRoot();

type Field = 'number' | 'expiry' | 'cvv' | 'holder';
const FIELDS: readonly Field[] = ['number', 'expiry', 'cvv', 'holder'];
/** Each input's autofill token, after `cc-`. */
const AUTOFILL = { number: 'number', expiry: 'exp', cvv: 'csc', holder: 'name' } as const;
/** A saved card is confirmed by its security code alone. */
const SAVED_CARD_FIELDS: readonly Field[] = ['cvv'];

/**
 * Events that carry what is typed or pasted (`data`, `key`, `clipboardData`). They stop at
 * the shadow root, so the page's bubbling listeners never get a digit of the card;
 * `input` and `change` are sent again from the host without data.
 */
const PRIVATE_EVENTS = [
  'beforeinput',
  'textInput',
  'keydown',
  'keypress',
  'keyup',
  'paste',
  'copy',
  'cut',
  'compositionstart',
  'compositionupdate',
  'compositionend',
] as const;
const stop = (event: Event) => event.stopPropagation();

type Marks = Awaited<ReturnType<typeof importMarks>>;
/** The marks, once loaded: shared by every instance, loaded once. */
let marks: Marks | undefined;

/**
 * A chunk the card fields need before they can seal a card (lazy.ts loads each once). One that
 * does not arrive (offline, a blocked request) is a network error, which the checkout offers to
 * try again: the next call loads it anew.
 */
function sealing<T>(load: () => Promise<T>, what: string): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      throw new PaylitError('encryption_failed', `the ${what} did not load`, {
        kind: 'network',
        cause: error,
      });
    });
}
/**
 * The card encryption (jose), loaded when a card field is first focused, which leaves it the
 * time the shopper takes to type the card; `encrypt()` waits for it.
 */
const loadEncryption = sealing(importCrypto, 'encryption');
/** Frame isolation's page side (internal/frame-host.ts), loaded when the fields are first drawn in that mode. */
const loadFrameHost = sealing(importFrameHost, 'card frame');

/**
 * The key of a field's problem (its message's key in `errors.<field>`), or undefined when the
 * value is valid: core's rule for each field. The security code's length is its brand's; the
 * name is core's `holderNameProblem`.
 */
export function fieldProblem(
  field: Field,
  value: string,
  cvvBrand?: BrandInfo,
): string | undefined {
  if (field === 'number') return cardNumberProblem(value);
  if (field === 'expiry') return expiryInputProblem(value);
  if (field === 'cvv') return cvvProblem(value, cvvBrand);
  // Core's rule for the name. Too long, or a control character pasted in: asked for again as
  // an empty name is ("as it appears on the card").
  const problem = holderNameProblem(value);
  return problem === 'invalid' ? 'empty' : problem;
}

/** Shown when there is no checkout, or the order lists no card brands. */
const DEFAULT_BRANDS = ['VI', 'MC', 'AE'] as const;

/** `1234 1234 1234 1234`, spaced as the brand spaces its numbers and as long as its usual length. */
function numberPlaceholder(brand: BrandInfo | undefined): string {
  const lengths = brand?.lengths ?? [16];
  const length = (brand?.gaps ?? [16]).at(-1) === 16 && lengths.includes(16) ? 16 : lengths[0]!;
  return formatCardNumber('0'.repeat(length), brand).replace(/0+/g, (group) =>
    '1234567890'.slice(0, group.length),
  );
}

const lock = svg`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false"><rect x="3" y="7" width="10" height="7.5" rx="1.5" fill="currentColor"/><path d="M5.2 7V5a2.8 2.8 0 0 1 5.6 0v2" fill="none" stroke="currentColor" stroke-width="1.6"/></svg>`;

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
  readonly fields: readonly Field[];
  constructor(fields: readonly Field[]) {
    super('validation_failed', `the card is not complete: ${fields.join(', ')}`);
    this.fields = fields;
  }
}

/**
 * The card number, expiry, security code and name on the card, in one shadow root so
 * that browsers autofill them together.
 *
 * The number and CVV exist only inside this element (its inputs and private fields) and
 * inside the JWE that `encrypt()` makes: never in an attribute, an event, the form's
 * value or state, or a message. They are cleared when the element leaves the page.
 *
 * While the number is empty, the brands the order accepts show beside its label (the
 * checkout's card methods; Visa, Mastercard and American Express without a checkout).
 * The marks are drawn by a chunk loaded when the element is first connected; until it
 * arrives their places are empty boxes of the same size. Laid out in the language's
 * direction, the number, expiry and CVV stay left to right in Latin digits, as printed.
 *
 * When the checkout's shopper picks a saved card, only the security code shows, labelled
 * with that card's brand and last four, and `encryptCvv()` seals it alone.
 *
 * @summary Card number, expiry, CVV and holder, formatted and validated as typed.
 *
 * @fires input - (native) when any field changes; read `brand`, `bin`, `complete`
 * @fires change - (native) when a field is committed
 *
 * @csspart field - each field's wrapper
 * @csspart number-field - the card number's wrapper (also `expiry-field`, `cvv-field`, `holder-field`)
 * @csspart expiry-field - the expiry's wrapper
 * @csspart cvv-field - the security code's wrapper
 * @csspart holder-field - the name's wrapper
 * @csspart label - each label
 * @csspart input - each input
 * @csspart number-input - the card number
 * @csspart expiry-input - the expiry
 * @csspart cvv-input - the security code
 * @csspart holder-input - the name on the card
 * @csspart icon - the brand's mark in the number field
 * @csspart accepted - the row of accepted brands, shown while the number is empty
 * @csspart cvv-hint - the small card showing where the security code is
 * @csspart encrypted - the "encrypted in your browser" line
 * @csspart error - each field's message
 *
 * @cssprop --paylit-card-fields-gap - space between the fields
 * @cssprop --paylit-color-accent - focus ring and accents
 * @cssprop --paylit-color-error - messages and invalid borders
 * @cssprop --paylit-color-border - input borders
 * @cssprop --paylit-radius - input corners
 * @cssprop --paylit-color-surface - input background
 * @cssprop --paylit-color-muted - the generic card, the CVV hint and the encrypted line
 * @cssprop --paylit-input-size - the inputs' font size
 * @cssprop --paylit-label-size - the labels' size
 * @cssprop --paylit-font - the font (default: inherited from the page)
 * @cssprop --paylit-color-text - text colour
 */
export class PaylitCardFields extends CheckoutChildElement {
  static override properties: PropertyDeclarations = {
    brandInfo: { attribute: false },
    errors: { attribute: false },
    announcement: { attribute: false },
    numberEmpty: { attribute: false },
    name: { reflect: true },
    disabled: { type: Boolean, reflect: true },
    isolation: { reflect: true },
  };
  static override styles = styles;
  static formAssociated = true;
  static override shadowRootOptions: ShadowRootInit = {
    ...LitElement.shadowRootOptions,
    delegatesFocus: true,
  };

  readonly #internals: ElementInternals;
  /** The value of each input before the last edit, to tell a deleted separator from a deleted digit. */
  #previous: Record<'number' | 'expiry', string> = { number: '', expiry: '' };
  /** Fields the shopper has left after typing in them, or filled at once (pasted, autofilled), or all of them after a submit: their messages show. */
  #touched = new Set<Field>();
  /** Fields the shopper has typed in: leaving one still empty and never typed in shows nothing until a submit. */
  #typed = new Set<Field>();
  /** The number was taken out of a longer pasted text: the number's message says so until it changes. */
  #taken = false;
  /** The saved card whose security code is asked for, or `undefined` for a new card. */
  #saved: SavedCardView | undefined;

  // The inputs, as `@query` would find them: plain getters keep the decorator's code out of the first load.
  private get numberInput(): HTMLInputElement {
    return this.#input('number');
  }
  private get expiryInput(): HTMLInputElement {
    return this.#input('expiry');
  }
  private get cvvInput(): HTMLInputElement {
    return this.#input('cvv');
  }
  private get holderInput(): HTMLInputElement {
    return this.#input('holder');
  }
  #input(id: Field): HTMLInputElement {
    return this.renderRoot?.querySelector(`#${id}`) as HTMLInputElement;
  }

  private brandInfo: BrandInfo | undefined;
  private errors: Partial<Record<Field, string>> = {};
  private announcement = '';
  /** While the number is empty, the accepted brands show. */
  private numberEmpty = true;

  /** The form field's name; the form gets only `<name>-brand` and `<name>-last4`, never card data. */
  name = 'card';
  disabled = false;
  /**
   * `page` (the default): the inputs are in this element's shadow root. `frame`: they are in a
   * sandboxed frame of an opaque origin, where no script of the page can read them or listen
   * to them; the element, its events, its form value and `encrypt()` are the same.
   */
  isolation: 'page' | 'frame' = 'page';
  /** In frame isolation: the frame's page side, a chunk (internal/frame-host.ts), once loaded. */
  #frame: FrameHost | undefined;
  #framing: Promise<FrameHost> | undefined;

  constructor() {
    super();
    this.#internals = this.attachInternals();
  }

  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const root = super.createRenderRoot();
    for (const type of PRIVATE_EVENTS) root.addEventListener(type, stop);
    // The encryption starts loading when the shopper reaches a field, not with the page.
    root.addEventListener('focusin', () => void loadEncryption().catch(() => undefined));
    root.addEventListener('keydown', (event) => this.#onEnter(event as KeyboardEvent));
    return root;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Loaded on connection rather than on focus: the accepted brands show before any
    // interaction. The import does not hold the first render; the marks re-render when here.
    // Asked for after this task, so that the first render does not pay for starting a module
    // load (about 2 ms in bench/elements.mjs); the boxes keep their places meanwhile.
    if (!marks) {
      setTimeout(() => {
        importMarks().then(
          (m) => {
            marks = m;
            this.requestUpdate();
          },
          () => undefined,
        );
      });
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // Card data does not outlive the element on the page.
    this.clear();
    this.#frame?.disconnect();
  }

  protected override firstUpdated(): void {
    // Asked to report before the fields were drawn (their language still loading): shown now.
    if (this.#touched.size > 0) this.#revalidate();
    if (this.numberInput) this.#sync();
  }

  protected override updated(): void {
    // The frame follows the language, the theme, the saved card and `disabled`.
    this.#frame?.sync();
    // Back from frame isolation: the frame and what it said go; the page's fields speak.
    if (this.isolation !== 'frame' && this.#frame) {
      this.#frame.disconnect();
      this.#frame = this.#framing = undefined;
      this.clear();
    }
  }

  /** The frame's page side, loaded when first drawn in frame isolation. */
  #framed(): Promise<FrameHost> {
    return (this.#framing ??= loadFrameHost().then(
      (m) => {
        this.#frame = new m.FrameHost(this, {
          internals: this.#internals,
          submit: () => this.#submitAround(),
          invalid: (fields) => new CardFieldsInvalidError(fields),
          script: frameScript(),
        });
        this.requestUpdate();
        return this.#frame;
      },
      (error: unknown) => {
        // Not here: the next render or payment asks again.
        this.#framing = undefined;
        throw error;
      },
    ));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // State set here joins this update instead of scheduling another.
    if (changed.has('checkout' as keyof PaylitCardFields)) this.#followSelection();
    if (this.isolation === 'frame') this.#framed().catch(() => undefined);
    // Messages follow the language.
    if (changed.has('lang') || changed.has('checkout' as keyof PaylitCardFields))
      this.#revalidate();
  }

  /** A saved card chosen in the checkout asks for its security code alone; the code typed for another card is dropped. */
  #followSelection(): void {
    const selection = this.checkout?.selection;
    const saved =
      selection?.type === 'saved_card'
        ? this.checkout!.savedCards.find((c) => c.card_id === selection.cardId)
        : undefined;
    if (saved?.card_id === this.#saved?.card_id) return;
    this.#saved = saved;
    if (this.cvvInput) this.cvvInput.value = '';
    this.#touched.delete('cvv');
    this.#typed.delete('cvv');
    this.announcement = '';
  }

  /** The saved card whose security code is asked for, if the shopper chose one in the checkout. */
  get savedCard(): SavedCardView | undefined {
    return this.#saved;
  }

  #fields(): readonly Field[] {
    return this.#saved ? SAVED_CARD_FIELDS : FIELDS;
  }

  /** The brand whose CVV length applies: the saved card's, or the typed number's. */
  #cvvBrand(): BrandInfo | undefined {
    return this.#saved ? getBrand(this.#saved.brand) : this.brandInfo;
  }

  /** The brand the number shows so far: its API code, name, lengths, CVV length. */
  get brand(): BrandInfo | undefined {
    return this.brandInfo;
  }

  /** The BIN (6 or 8 digits, never more) for installment plans; `undefined` before 6 digits. */
  get bin(): string | undefined {
    return this.#frame
      ? this.#frame.bin
      : this.numberInput
        ? extractBin(this.numberInput.value)
        : undefined;
  }

  /** True when every field is valid. */
  get complete(): boolean {
    return this.#frame
      ? this.#frame.complete
      : !!this.numberInput && this.#fields().every((f) => this.#problem(f) === undefined);
  }

  get form(): HTMLFormElement | null {
    return this.#internals.form;
  }

  get validity(): ValidityState {
    return this.#internals.validity;
  }

  get validationMessage(): string {
    return this.#internals.validationMessage;
  }

  checkValidity(): boolean {
    // Not drawn yet: nothing typed, nothing valid.
    if (!this.hasUpdated) return false;
    return this.#internals.checkValidity();
  }

  /** Shows every field's message, announces the first, focuses it; true when all is valid. */
  reportValidity(): boolean {
    // In frame isolation, nothing is valid until the frame says so.
    if (this.isolation === 'frame') return !!this.#frame?.report();
    for (const f of this.#fields()) this.#touched.add(f);
    // Not drawn yet (its language still loading): nothing has been typed, so nothing is valid;
    // the messages show with the first render.
    if (!this.hasUpdated) return false;
    this.#revalidate();
    const first = this.#fields().find((f) => this.errors[f]);
    if (first) {
      this.#input(first).focus();
      this.announcement = this.errors[first]!;
    }
    return first === undefined;
  }

  /**
   * Encrypts `{number, cvv}` into a compact JWE with the API's public key (a JWK or SPKI
   * PEM) and answers what the checkout posts. Incomplete fields are shown and refused.
   */
  async encrypt(publicKey: KeyInput): Promise<CardSubmission> {
    if (this.#saved) throw new Error('a saved card is chosen: use encryptCvv()');
    if (this.isolation === 'frame') return (await this.#framed()).encrypt(publicKey);
    if (!this.reportValidity())
      throw new CardFieldsInvalidError(FIELDS.filter((f) => this.errors[f]));
    // What was checked is what is sealed, whatever is typed while the chunk loads.
    const number = cardDigits(this.numberInput.value);
    const cvv = this.cvvInput.value;
    const expiry = parseExpiry(this.expiryInput.value)!;
    const holderName = this.holderInput.value.trim();
    const brand = this.brandInfo?.code;
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

  /**
   * For the saved card the shopper chose in the checkout: encrypts the security code
   * alone, `{cvv}`, into a compact JWE with the API's public key. A missing or wrong code
   * is shown and refused.
   */
  async encryptCvv(publicKey: KeyInput): Promise<SavedCardSubmission> {
    const saved = this.#saved;
    if (!saved) throw new Error('no saved card is chosen: use encrypt()');
    if (this.isolation === 'frame') return (await this.#framed()).encryptCvv(publicKey, saved);
    if (!this.reportValidity()) throw new CardFieldsInvalidError(['cvv']);
    const cvv = this.cvvInput.value;
    const { encryptCvv } = await loadEncryption();
    return { cardId: saved.card_id, encryptedCvv: await encryptCvv(cvv, publicKey) };
  }

  /** Empties every field. */
  clear(): void {
    this.#frame?.clear();
    for (const f of FIELDS) {
      const input = this.#input(f);
      if (input) input.value = '';
    }
    this.#previous = { number: '', expiry: '' };
    this.#taken = false;
    this.numberEmpty = true;
    this.#touched.clear();
    this.#typed.clear();
    this.brandInfo = undefined;
    this.errors = {};
    this.announcement = '';
    this.checkout?.setBin(undefined);
    if (this.numberInput) this.#sync();
  }

  formResetCallback(): void {
    this.clear();
  }

  formDisabledCallback(disabled: boolean): void {
    this.disabled = disabled;
  }

  formStateRestoreCallback(): void {
    // Nothing is saved for the browser to restore: card data never enters form state.
  }

  #problem(field: Field): string | undefined {
    const brand = this.#cvvBrand();
    const p = fieldProblem(field, this.#input(field).value, brand);
    return (
      p &&
      format((this.t.errors[field] as Record<string, string>)[p]!, { digits: maxCvvLength(brand) })
    );
  }

  /** Messages of the touched fields, validity and form value: after every change. */
  #revalidate(): void {
    if (!this.numberInput) return;
    const errors: Partial<Record<Field, string>> = {};
    for (const f of this.#touched) {
      if (!this.#fields().includes(f)) continue;
      const p = this.#problem(f);
      if (p) errors[f] = p;
    }
    this.errors = errors;
    // Before the first render there are no inputs to point at: firstUpdated tells the form.
    if (this.hasUpdated) this.#sync();
  }

  #sync(): void {
    const first = this.#fields().find((f) => this.#problem(f) !== undefined);
    if (first)
      this.#internals.setValidity({ customError: true }, this.#problem(first)!, this.#input(first));
    else this.#internals.setValidity({});
    const brand = this.#saved
      ? this.#saved.brand
      : this.brandInfo && (this.brandInfo.code ?? this.brandInfo.id);
    if (first === undefined && brand) {
      const value = new FormData();
      value.append(`${this.name}-brand`, brand);
      value.append(
        `${this.name}-last4`,
        this.#saved ? this.#saved.last4 : lastFour(this.numberInput.value),
      );
      this.#internals.setFormValue(value, null);
    } else {
      this.#internals.setFormValue(null, null);
    }
  }

  /** The host's own `input`, with no data: the inner event (with the typed character) stops at the shadow root. */
  #emit(type: 'input' | 'change'): void {
    this.dispatchEvent(new Event(type, { bubbles: true, composed: true }));
  }

  #apply(input: HTMLInputElement, next: FieldState): void {
    input.value = next.value;
    if (this.shadowRoot?.activeElement === input) input.setSelectionRange(next.caret, next.caret);
  }

  /**
   * Every field's edit. A value that came at once (pasted, dropped, autofilled: no
   * `inputType`, or `insertFrom…`, `insertReplacementText`) is read as a whole and its message
   * shows at once. While a composition (an IME) runs nothing is read: its end is read as typed.
   */
  #onInput(event: InputEvent): void {
    event.stopPropagation();
    if (event.isComposing) return;
    const input = event.target as HTMLInputElement;
    const field = input.id as Field;
    const whole =
      event.type === 'input' && !/^(insertT|insertC|del|hist)/.test(event.inputType ?? '');
    const state = { value: input.value, caret: input.selectionStart ?? input.value.length };
    if (field === 'number') {
      const next = reformatCardNumber(state, this.#previous.number, whole);
      this.#apply(input, next);
      this.#previous.number = next.value;
      this.#taken = !!next.taken;
      this.numberEmpty = next.value === '';
      const brand = detectBrand(next.value);
      if (brand?.id !== this.brandInfo?.id) {
        this.brandInfo = brand;
        this.announcement = brand ? format(this.t.brandDetected, { brand: brand.name }) : '';
      }
      this.checkout?.setBin(extractBin(next.value));
    } else if (field === 'expiry') {
      const next = reformatExpiry(state, this.#previous.expiry, whole);
      this.#apply(input, next);
      this.#previous.expiry = next.value;
    } else if (field === 'cvv') {
      const value = reformatCvv(input.value, this.#cvvBrand(), whole);
      if (value !== input.value) this.#apply(input, { value, caret: value.length });
    }
    this.#typed.add(field);
    if (whole) this.#touched.add(field);
    this.#revalidate();
    if (whole && (this.errors[field] || this.#taken))
      this.announcement = this.errors[field] ?? this.t.numberTaken;
    this.#emit('input');
  }

  /** Enter moves to the next field, and from the last one submits: the form's, or the checkout's. */
  #onEnter(event: KeyboardEvent): void {
    if (event.key !== 'Enter' || event.isComposing) return;
    const fields = this.#fields();
    const next = fields[fields.indexOf((event.target as HTMLElement).id as Field) + 1];
    event.preventDefault();
    if (next) return this.#input(next).focus();
    this.#submitAround();
  }

  #submitAround(): void {
    if (this.form) this.form.requestSubmit();
    else
      (
        (this.closest('paylit-checkout') ?? (this.getRootNode() as ShadowRoot).host) as {
          submit?: () => void;
        } | null
      )?.submit?.();
  }

  #onChange(event: Event): void {
    event.stopPropagation();
    this.#emit('change');
  }

  #onBlur(field: Field): void {
    if (!this.#typed.has(field)) return;
    this.#touched.add(field);
    this.#revalidate();
    if (this.errors[field]) this.announcement = this.errors[field]!;
  }

  /** Each place's mark, built once per brand: the same node renders again unchanged. */
  #marks = new Map<string, SVGSVGElement>();
  #mark(place: string, id: string | undefined) {
    return drawn(this.#marks, marks, `${place}:${id}`, (m) => m.brandMark(id));
  }

  /** The brands the order accepts: the checkout's card methods, by the API's brand code. */
  #acceptedBrands(): BrandInfo[] {
    const brands = (this.checkout?.paymentMethods ?? [])
      .filter((m) => m.type === 'CARD')
      .map((m) => getBrand(m.id))
      .filter((b) => b !== undefined);
    return brands.length ? brands : DEFAULT_BRANDS.map((code) => getBrand(code)!);
  }

  #accepted() {
    if (this.checkout?.status === 'loading') return nothing;
    return html`<div class="accepted" part="accepted" role="list" aria-label=${this.t.acceptedCards}>
      ${this.#acceptedBrands().map((b) => html`<span class="mark" role="listitem" title=${b.name}><span class="sr-only">${b.name}</span>${this.#mark('row', b.id)}</span>`)}
    </div>`;
  }

  #field(field: Field, label: string, input: unknown, wide = false, beside: unknown = nothing) {
    const error =
      this.errors[field] ?? (field === 'number' && this.#taken ? this.t.numberTaken : undefined);
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
  #control(field: Field, placeholder?: string, describedBy = `${field}-error`) {
    const digits = field !== 'holder';
    return html`<input id=${field} class=${field} part="input ${field}-input" type="text" inputmode=${digits ? 'numeric' : nothing} dir=${digits ? 'ltr' : nothing}
      autocomplete="cc-${AUTOFILL[field]}" autocapitalize=${digits ? nothing : 'characters'} enterkeyhint=${field === this.#fields().at(-1) ? 'go' : 'next'}
      placeholder=${placeholder ?? nothing} spellcheck="false" ?disabled=${this.disabled || this.checkout?.status === 'error'}
      aria-invalid=${this.errors[field] ? 'true' : 'false'} aria-describedby=${describedBy}
      @input=${this.#onInput} @compositionend=${this.#onInput} @blur=${() => this.#onBlur(field)} />`;
  }

  protected override render() {
    if (this.isolation === 'frame')
      return html`<div class="root" dir=${this.direction}>${this.#frame?.frame ?? nothing}</div>`;
    const t = this.t;
    const saved = this.#saved;
    const cvvLabel = saved
      ? format(t.savedCardCvv, {
          brand: getBrand(saved.brand)?.name ?? saved.brand,
          last4: saved.last4,
        })
      : t.cvv;
    const cvvBrand = this.#cvvBrand();
    const front = cvvBrand?.id === 'american-express';
    const cvvWhere = format(front ? t.cvvWhereFront : t.cvvWhereBack, {
      digits: maxCvvLength(cvvBrand),
    });
    const empty = this.numberEmpty;
    return html`<div class="root" dir=${this.direction}>
      <div class="grid ${saved ? 'saved' : ''}" @change=${this.#onChange}>
        ${this.#field(
          'number',
          t.cardNumber,
          html`<div class="control">
            ${this.#control('number', numberPlaceholder(this.brandInfo))}
            <span class="icon mark" part="icon" title=${this.brandInfo?.name ?? nothing}>${empty ? nothing : this.#mark('icon', this.brandInfo?.id)}</span>
          </div>`,
          true,
          empty && !saved ? this.#accepted() : nothing,
        )}
        ${this.#field('expiry', t.expiry, this.#control('expiry', t.expiryPlaceholder))}
        ${this.#field(
          'cvv',
          cvvLabel,
          html`<div class="control">
            ${this.#control('cvv', '1234'.slice(0, cvvBrand?.cvvLength ?? 3), this.errors.cvv ? 'cvv-error cvv-hint' : 'cvv-hint')}
            <span class="icon cvv-card" part="cvv-hint" title=${cvvWhere}>${drawn(this.#marks, marks, `cvv:${front}`, (m) => m.cvvMark(front))}</span>
            <span class="sr-only" id="cvv-hint">${cvvWhere}</span>
          </div>`,
        )}
        ${this.#field('holder', t.holder, this.#control('holder'), true)}
      </div>
      <p class="encrypted" part="encrypted">${lock}<span>${t.encrypted}</span></p>
      <div class="sr-only" role="status" aria-live="polite">${this.announcement}</div>
    </div>`;
  }
}

customElements.define('paylit-card-fields', PaylitCardFields);

declare global {
  interface HTMLElementTagNameMap {
    'paylit-card-fields': PaylitCardFields;
  }
}
