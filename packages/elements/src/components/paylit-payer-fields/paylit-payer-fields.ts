/**
 * `<paylit-payer-fields>`: the payer's details an order lacks (the checkout view's `asks`,
 * core's `payerNeeds`), asked for in the checkout before its pay button: the document with its
 * type where the country has several, checked and formatted as the country does (core's
 * documents); the e-mail; the phone with the country's calling code; the birth date; the
 * address in the country's order with its postal-code rule; and the consent to save a new card
 * when the order offers it. Native `autocomplete` tokens, so the browser fills them; labels,
 * errors tied to their field and announced, focus on the first wrong one. These are not card
 * data: they stay in the page in both isolation modes.
 *
 * It reads the checkout around it through context (the order's `asks` for the way the shopper
 * pays, its country and language) and answers it through its own methods: the checkout draws
 * it when the order lacks something for that way, loads its module then (`paylit.paylit-payer-fields.js`
 * beside the script-tag file), and on Pay calls `check()`, then `details()` and `saveCard` to
 * complete the submission, or stops it when a detail is wrong; the server's refusal of a field
 * comes back through `refuse()`. What it asks and checks is payer-rules.ts; its words are its
 * catalog's `payer` (i18n/), loaded with the shopper's language.
 */
import { html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { live } from 'lit/directives/live.js';
import type { Ask, AsksView, CollectedPayer } from '@paylit/core/checkout';
import { normalizeDigits } from '@paylit/core/card';
import { documentTypeAsTyped, documentTypes } from '@paylit/core/documents';
import { callingCodes, postalCodeExample, type PayerDetail } from '@paylit/core/payer';
import {
  consumeCheckout,
  ensureContextRoot,
  type CheckoutContextValue,
} from '../../context/checkout-context.js';
import { rightToLeft } from '../../i18n/locales.js';
import type { Messages } from '../../i18n/index.js';
import { LocalizedElement } from '../../internal/localized.js';
import {
  collectedPayer,
  documentName,
  documentType,
  fieldProblem,
  fieldSpec,
  fieldsFor,
  formatDocument,
  type Field,
} from './payer-rules.js';
import { loadPayerWords, payerWords, type PayerMessages } from './payer-words.js';
import { styles } from './paylit-payer-fields.styles.js';

ensureContextRoot();

/** Fields written left to right whatever the language: digits and codes. */
const leftToRight: ReadonlySet<Field> = new Set(['document', 'phone', 'zip_code']);

/**
 * The payer's details an order lacks, and the consent to save a new card, for the way the
 * shopper pays. Not an element a page places: the checkout draws it, and its parts are the
 * checkout's (`exportparts`), so it is left out of custom-elements.json and the framework types.
 *
 * @internal
 * @summary The payer's details an order lacks, asked for inside `<paylit-checkout>`.
 *
 * @fires pay - Enter pressed in one of its fields: the checkout pays, as Enter in the card fields does
 *
 * @csspart payer - the payer's details (a `fieldset`)
 * @csspart save-card - the consent to save a new card (an unticked box and its terms)
 */
export class PaylitPayerFields extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    checkout: { attribute: false },
  };
  static override styles = styles;

  /** The checkout around the element; undefined outside one (it then shows nothing). */
  protected checkout: CheckoutContextValue | undefined;
  readonly #consumer = consumeCheckout(this, (checkout) => (this.checkout = checkout));

  /** What the shopper typed, kept across ways to pay and languages; cleared for another order. */
  readonly #typed = new Map<Field, string>();
  /**
   * Each field said to be wrong, and why: said in the language of the moment, so that a `lang`
   * changed after it was said (the page's language switcher) changes it too.
   */
  readonly #problems = new Map<Field, (t: PayerMessages) => string>();
  /** The wrong field focus was moved to: the focus says its message (its description), its live region does not say it again until it is edited. */
  #quiet?: Field;
  #consent = false;
  /** The order the fields were last drawn for. */
  #order: string | undefined;
  /** Ids unique in the page too, for two checkouts side by side. */
  readonly #id = `payer-${Math.random().toString(36).slice(2, 8)}`;

  /** What the checkout asks for the way the shopper pays: the payer's details, and `save_card`. */
  get asks(): readonly Ask[] {
    const checkout = this.checkout;
    return checkout?.order?.asks?.[checkout.selection.type as keyof AsksView] ?? [];
  }

  /** Whether the shopper ticked the consent to save a new card, where it is asked. */
  get saveCard(): boolean {
    return this.#consent && this.asks.includes('save_card');
  }

  /**
   * Shows on each field why it cannot be sent (Pay pressed, beside the card's problems).
   * Answers whether every field can be.
   */
  check(): boolean {
    this.#read();
    return this.#fields().filter((field) => this.#check(field)).length === 0;
  }

  /**
   * The details as the submission sends them (`payer`; `{}` when only the consent is asked),
   * or undefined when one is missing or wrong: then each wrong field says why, and the first
   * has focus.
   */
  details(): CollectedPayer | undefined {
    this.#read();
    const fields = this.#fields();
    const wrong = fields.filter((field) => this.#check(field));
    if (wrong.length > 0) {
      this.#focus(wrong[0]!);
      return undefined;
    }
    return collectedPayer(fields, this.#country, this.#typed);
  }

  /**
   * The server's refusal of some fields (`payer.document`, `payer.address.zip_code`): each is
   * said on its field, and the first has focus. Answers whether any was one of these fields.
   */
  refuse(fields: readonly { param: string }[] | undefined): boolean {
    this.#read();
    const shown = new Set(this.#fields());
    const named = (fields ?? [])
      .map(({ param }) => param.split('.').at(-1) as Field)
      .filter((field) => shown.has(field) && field !== 'document_type');
    for (const field of named)
      this.#problems.set(
        field,
        this.#said(field, (t) => t.refused),
      );
    if (named.length > 0) this.#focus(named[0]!);
    return named.length > 0;
  }

  /** The way the shopper pays, as a missing detail's message names it: the method's name, or "card". */
  get #method(): string {
    const selection = this.checkout?.selection;
    const id = selection && 'methodId' in selection ? selection.methodId : undefined;
    if (!id) return this.#t.byCard;
    return this.checkout?.paymentMethods.find((m) => m.id === id)?.name ?? id;
  }

  get #country(): string {
    return this.checkout?.order?.country ?? '';
  }

  /** The checkout's language, else the nearest ancestor's or the page's; its catalog is loaded before any render. */
  protected override requestedLang(): string | undefined {
    return this.checkout?.lang ?? super.requestedLang();
  }

  /** Its own words, in the shopper's language once loaded (payer-words.ts). */
  get #t(): PayerMessages {
    return payerWords(this.locale);
  }

  /** No render before its words in the shopper's language are here (nor the catalog's). */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const words = loadPayerWords(this.locale);
    if (!words) return super.scheduleUpdate();
    return words.then(() => super.scheduleUpdate());
  }

  #needs(): PayerDetail[] {
    return this.asks.filter((ask): ask is PayerDetail => ask !== 'save_card');
  }

  #fields(): Field[] {
    return fieldsFor(this.#needs(), this.#country);
  }

  /** Focuses a wrong field, its message said once: by the focus, or (focus already there) by its live region. */
  #focus(field: Field): void {
    const control = this.#control(field);
    this.#quiet = control && this.shadowRoot?.activeElement !== control ? field : undefined;
    control?.focus();
    this.requestUpdate();
  }

  /** A field edited: its message is live again (a correction is said as it changes). */
  #heard(field: Field): void {
    if (field !== this.#quiet) return;
    this.#quiet = undefined;
    this.requestUpdate();
  }

  #control(field: Field): HTMLInputElement | HTMLSelectElement | null | undefined {
    return this.renderRoot?.querySelector<HTMLInputElement | HTMLSelectElement>(
      `[data-field=${field}]`,
    );
  }

  /** What is in the fields now, however it got there (typed, autofilled, set by a script). */
  #read(): void {
    for (const control of this.renderRoot?.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
      '[data-field]',
    ) ?? [])
      this.#typed.set(control.dataset.field as Field, control.value);
  }

  /** Why `field`, as typed now, cannot be sent, in the words of any catalog; `otherwise` when its rule finds nothing. */
  #said(field: Field, otherwise: (t: PayerMessages) => string): (t: PayerMessages) => string {
    const typed = new Map(this.#typed);
    return (t) => fieldProblem(field, this.#country, typed, t, this.#method) ?? otherwise(t);
  }

  /** Says on `field` why it cannot be sent, or clears it; answers whether it is wrong. */
  #check(field: Field): boolean {
    const problem = fieldProblem(field, this.#country, this.#typed, this.#t, this.#method);
    if (problem !== this.#problems.get(field)?.(this.#t)) {
      if (problem)
        this.#problems.set(
          field,
          this.#said(field, () => problem),
        );
      else this.#problems.delete(field);
      this.requestUpdate();
    }
    return problem !== undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const order = this.checkout?.order?.id;
    if (order !== this.#order) {
      // Another order starts afresh: nothing typed, nothing said, the box unticked.
      this.#order = order;
      this.#typed.clear();
      this.#problems.clear();
      this.#consent = false;
    } else this.#read();
  }

  #input(event: Event): void {
    const input = event.target as HTMLInputElement;
    const field = input.dataset.field as Field | undefined;
    if (!field || (event as InputEvent).isComposing) return;
    this.#heard(field);
    // Digits as the shopper's keyboard types them (Devanagari, Arabic-Indic, Thai, full-width)
    // are the digits they are, as the card fields read them: one character for one, the caret kept.
    const ascii = normalizeDigits(input.value);
    if (ascii !== input.value) {
      const caret = input.selectionStart;
      input.value = ascii;
      if (caret !== null) input.setSelectionRange(caret, caret);
    }
    if (field === 'document') {
      // A number the chosen type cannot be (a CNPJ typed under CPF) switches the type, so it
      // is written and checked as what it is; the select and the label say so.
      const switched = documentTypeAsTyped(
        this.#country,
        input.value,
        documentType(this.#country, this.#typed),
      );
      if (switched) {
        this.#typed.set('document_type', switched);
        const select = this.#control('document_type');
        if (select) select.value = switched;
        this.requestUpdate();
      }
      const next = formatDocument(this.#country, this.#typed, {
        value: input.value,
        caret: input.selectionStart ?? input.value.length,
        forward: (event as InputEvent).inputType === 'deleteContentForward',
      });
      if (next.value !== input.value) {
        input.value = next.value;
        input.setSelectionRange(next.caret, next.caret);
      }
    }
    this.#typed.set(field, input.value);
    // A field said to be wrong is checked again as it is corrected.
    if (this.#problems.has(field)) this.#check(field);
  }

  #change(event: Event): void {
    const control = event.target as HTMLInputElement | HTMLSelectElement;
    const field = control.dataset.field as Field | undefined;
    if (!field) return;
    this.#heard(field);
    this.#typed.set(field, control.value);
    if (field === 'document_type') this.requestUpdate();
    else this.#check(field);
  }

  #keydown(event: KeyboardEvent): void {
    // Enter in a field pays, as it does in the card fields.
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      this.dispatchEvent(new Event('pay'));
    }
  }

  #row(field: Field, t: PayerMessages) {
    const country = this.#country;
    const { label, auto, type, max, mode } = fieldSpec[field];
    const id = `${this.#id}-${field}`;
    const problem = this.#problems.get(field)?.(t);
    const chosen = documentType(country, this.#typed);
    const control =
      field === 'document_type'
        ? html`<select id=${id} name=${field} data-field=${field}>${documentTypes(country).map(
            (name) => html`<option value=${name} ?selected=${name === chosen}>${name}</option>`,
          )}</select>`
        : html`<input id=${id} name=${field} data-field=${field} type=${type ?? 'text'} required
            autocomplete=${auto ?? nothing} maxlength=${max ?? nothing} inputmode=${mode ?? nothing}
            max=${field === 'birth_date' ? new Date().toISOString().slice(0, 10) : nothing}
            placeholder=${field === 'zip_code' ? (postalCodeExample(country) ?? '') : nothing}
            dir=${leftToRight.has(field) ? 'ltr' : nothing}
            aria-invalid=${problem ? 'true' : nothing} aria-describedby=${problem ? `${id}-error` : nothing}
            .value=${live(this.#typed.get(field) ?? '')} />`;
    const code = field === 'phone' ? callingCodes[country] : undefined;
    return html`<div class="field ${field}">
      <label for=${id}>${field === 'document' ? documentName(country, this.#typed, t) : t[label]}</label>
      ${
        code
          ? html`<div class="prefixed"><span class="prefix" dir="ltr" aria-hidden="true">+${code}</span>${control}</div>`
          : control
      }
      <p id="${id}-error" class="error" aria-live=${field === this.#quiet ? 'off' : 'polite'}>${problem ?? ''}</p>
    </div>`;
  }

  protected override render() {
    const asks = this.asks;
    if (asks.length === 0) return nothing;
    const t = this.#t;
    const dir = rightToLeft.has(this.locale) ? 'rtl' : 'ltr';
    const fields = this.#fields();
    return html`${
      fields.length > 0
        ? html`<fieldset part="payer" class="payer" dir=${dir}
            @input=${this.#input} @compositionend=${this.#input} @change=${this.#change} @keydown=${this.#keydown}>
            <legend>${t.details}</legend>
            ${fields.map((field) => this.#row(field, t))}
          </fieldset>`
        : nothing
    }${
      asks.includes('save_card')
        ? html`<div part="save-card" class="save-card" dir=${dir}>
            <label><input type="checkbox" name="save_card" aria-describedby="${this.#id}-terms"
              .checked=${live(this.#consent)}
              @change=${(event: Event) => (this.#consent = (event.target as HTMLInputElement).checked)} /><span>${t.saveCard}</span></label>
            <p id="${this.#id}-terms" class="terms">${t.saveCardTerms}</p>
          </div>`
        : nothing
    }`;
  }
}

customElements.define('paylit-payer-fields', PaylitPayerFields);

declare global {
  interface HTMLElementTagNameMap {
    'paylit-payer-fields': PaylitPayerFields;
  }
}
