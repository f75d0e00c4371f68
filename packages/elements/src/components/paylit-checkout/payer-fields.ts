/**
 * The payer's details an order lacks (the view's `asks`, core's `asks`), asked for
 * in the checkout: the document with its type where the country has several, checked and
 * formatted as the country does (core's documents); the e-mail; the phone with the country's
 * calling code; the birth date; the address in the country's order with its postal-code rule.
 * Native `autocomplete` tokens, so the browser fills them; labels, errors tied to their field
 * and focus on the first wrong one.
 *
 * A plain module, the chunk `paylit.payer.js`, loaded only for an order that needs it: it
 * imports no Lit, so it builds its fields with the DOM and puts them before the checkout's pay
 * button (the checkout's template has no place for them, so that paylit.js carries nothing of
 * them), and brings its own look and words (payer-messages.ts). Lit leaves a node it did not
 * make alone, and drops it with the form when an outcome replaces the form. These are not card data: they stay in the
 * page in both isolation modes.
 */
import type { Ask, AsksView, CollectedPayer, Submission } from '@paylit/core/checkout';
import { reformatDigits } from '@paylit/core/card';
import {
  compactDocument,
  documentProblem,
  documentTypes,
  formatDocumentAsTyped,
} from '@paylit/core/documents';
import {
  apiBirthDate,
  callingCodes,
  indiaLimits,
  normalizePhone,
  postalCodeExample,
  postalCodeProblem,
  type PayerDetail,
} from '@paylit/core/payer';
import { format } from '../../i18n/format.js';
import { resolveLocale, type Locale } from '../../i18n/locales.js';
import { payerMessages, type PayerMessages } from './payer-messages.js';
import { payerStyles } from './payer-fields.styles.js';

type AddressField = 'street' | 'number' | 'city' | 'state' | 'zip_code';
type Field = Exclude<PayerDetail, 'address'> | 'document_type' | AddressField;

/** The address in the order a country writes it: Brazil's CEP first (it names the street). */
const addressOrder = (country: string): AddressField[] =>
  country === 'BR'
    ? ['zip_code', 'street', 'number', 'city', 'state']
    : ['street', 'number', 'city', 'state', 'zip_code'];

/** Each field's label key, `autocomplete` token, input type and longest value (the API's). */
const spec: Record<
  Field,
  { label: keyof PayerMessages; auto?: string; type?: string; max?: number; mode?: string }
> = {
  name: { label: 'name', auto: 'name', max: 100 },
  email: { label: 'email', auto: 'email', type: 'email', max: 100, mode: 'email' },
  document_type: { label: 'documentType' },
  document: { label: 'document', auto: 'off', max: 30 },
  phone: { label: 'phone', auto: 'tel', type: 'tel', max: 20, mode: 'tel' },
  birth_date: { label: 'birthDate', auto: 'bday', type: 'date' },
  street: { label: 'street', auto: 'address-line1', max: 100 },
  number: { label: 'number', max: 20 },
  city: { label: 'city', auto: 'address-level2', max: 100 },
  state: { label: 'state', auto: 'address-level1', max: 10 },
  zip_code: { label: 'zip', auto: 'postal-code', max: 10 },
};

interface PayerFieldsOptions {
  /** The payer's details to ask for. */
  needs: readonly PayerDetail[];
  country: string;
  locale: Locale;
}

/** The checkout the fields are drawn in, before its pay button (`part="button"`). */
interface Checkout extends HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
  submit(): Promise<void>;
}

/** The sheet of the payer fields' look, one per page, adopted by each checkout that shows them. */
let sheet: CSSStyleSheet | undefined;

/**
 * The payer's fields of one checkout: drawn before its pay button by `mount()` after each of
 * its renders; on Pay, checked, and added to the submission the checkout dispatches
 * (`paylit-submit`) or stopping it; a refusal the checkout announces (`paylit-error` with
 * `fields`) is said on the fields it names.
 */
export class PayerFields {
  /** The payer's details, a fieldset. */
  readonly element: HTMLFieldSetElement;
  /** The consent to save a new card: an unticked box, its terms beside it. */
  readonly consent: HTMLDivElement;
  readonly #save: HTMLInputElement;
  readonly #terms: HTMLParagraphElement;
  readonly #saveLabel: HTMLSpanElement;
  /** The order the fields were last drawn for: another order starts afresh (nothing typed, the box unticked). */
  #order: string | undefined;
  #options: PayerFieldsOptions | undefined;
  #controls = new Map<Field, HTMLInputElement | HTMLSelectElement>();
  #errors = new Map<Field, HTMLElement>();
  /** What the shopper typed, kept when the fields are drawn again (another way to pay, another language). */
  #values = new Map<Field, string>();
  readonly #id = `payer-${Math.random().toString(36).slice(2, 8)}`;

  readonly #checkout: Checkout;

  constructor(checkout: Checkout) {
    this.#checkout = checkout;
    checkout.addEventListener('paylit-error', (event) =>
      this.refuse((event as CustomEvent<{ fields?: { param: string }[] }>).detail.fields),
    );
    // The submission, as the checkout dispatches it and before anyone else hears of it (a
    // capturing listener on its target runs first): the details are added to it, or, when one is
    // missing or wrong, it is stopped (cancelled: the checkout sends nothing, and the next Pay is
    // a new attempt) and no one hears of it.
    checkout.addEventListener(
      'paylit-submit',
      (event) => {
        const { submission } = (event as CustomEvent<{ submission: Submission }>).detail;
        // Saved only when the shopper ticked the box, and only a new card.
        if (this.consent.isConnected && this.#save.checked && submission.method.type === 'card')
          submission.method.save = true;
        if (!this.element.isConnected) return;
        const payer = this.collect();
        if (payer) submission.payer = payer;
        else {
          event.preventDefault();
          event.stopImmediatePropagation();
        }
      },
      { capture: true },
    );
    // Pay pressed: the details' problems show at once, beside the card's.
    checkout.renderRoot.addEventListener(
      'click',
      (event) => {
        if ((event.target as Element).closest?.('[part=button]') && this.element.isConnected)
          for (const field of this.#fields()) this.#check(field);
      },
      { capture: true },
    );
    this.element = document.createElement('fieldset');
    this.element.className = 'payer';
    this.element.setAttribute('part', 'payer');
    this.consent = document.createElement('div');
    this.consent.className = 'save-card';
    this.consent.setAttribute('part', 'save-card');
    const label = document.createElement('label');
    this.#save = document.createElement('input');
    this.#save.type = 'checkbox';
    this.#save.name = 'save_card';
    this.#saveLabel = document.createElement('span');
    this.#terms = document.createElement('p');
    this.#terms.id = `${this.#id}-terms`;
    this.#terms.className = 'terms';
    this.#save.setAttribute('aria-describedby', this.#terms.id);
    label.append(this.#save, this.#saveLabel);
    this.consent.append(label, this.#terms);
    this.element.addEventListener('change', (event) => {
      const field = (event.target as HTMLElement).dataset.field as Field | undefined;
      if (!field) return;
      if (field === 'document_type') {
        this.#values.set(field, (event.target as HTMLSelectElement).value);
        this.#draw();
        return;
      }
      this.#check(field);
    });
    // Enter in a field pays, as it does in the card fields.
    this.element.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
        event.preventDefault();
        void this.#checkout.submit();
      }
    });
    this.element.addEventListener('input', (event) => {
      const input = event.target as HTMLInputElement;
      const field = input.dataset.field as Field | undefined;
      if (!field) return;
      if (field === 'document') this.#formatDocument(input);
      this.#values.set(field, input.value);
      // A field said to be wrong is checked again as it is corrected.
      if (input.getAttribute('aria-invalid') === 'true') this.#check(field);
    });
  }

  /**
   * Puts the fields before the checkout's pay button, with their look, for `needs` (the view's
   * `asks` for the way the shopper pays) in `country`, in `locale`'s words; drawn again
   * when these change, with what the shopper typed kept. Answers itself.
   */
  mount(asks: readonly Ask[], order: string, country: string, locale: Locale): this {
    // Before the pay button, in the checkout's form: gone with the form when an outcome replaces it.
    const button = this.#checkout.renderRoot.querySelector('[part=button]');
    if (!button) return this;
    if (order !== this.#order) {
      this.#order = order;
      this.#values.clear();
      this.#controls.clear();
      this.#save.checked = false;
    }
    const needs = asks.filter((ask): ask is PayerDetail => ask !== 'save_card');
    const options = { needs, country, locale };
    const root = button.getRootNode();
    if (root instanceof ShadowRoot) {
      sheet ??= new CSSStyleSheet();
      if (!sheet.cssRules.length) sheet.replaceSync(payerStyles);
      if (!root.adoptedStyleSheets.includes(sheet))
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    }
    const before = this.#options;
    this.#options = options;
    if (
      !before ||
      before.country !== options.country ||
      before.locale !== options.locale ||
      before.needs.join() !== options.needs.join()
    )
      this.#draw();
    const t = this.#t;
    this.#saveLabel.textContent = t.saveCard;
    this.#terms.textContent = t.saveCardTerms;
    const shown = [
      ...(needs.length > 0 ? [this.element] : []),
      ...(asks.includes('save_card') ? [this.consent] : []),
    ];
    for (const part of [this.element, this.consent]) if (!shown.includes(part)) part.remove();
    if (shown.some((part, i) => part.nextElementSibling !== (shown[i + 1] ?? button)))
      button.before(...shown);
    return this;
  }

  get #t(): PayerMessages {
    return payerMessages[this.#options!.locale] ?? payerMessages.en;
  }

  /** The fields shown: each need in `asks` order, the address's five in the country's. */
  #fields(): Field[] {
    const { needs, country } = this.#options!;
    const several = documentTypes(country).length > 1;
    return needs.flatMap((need): Field[] =>
      need === 'address'
        ? addressOrder(country)
        : need === 'document' && several
          ? ['document_type', 'document']
          : [need],
    );
  }

  #draw(): void {
    const t = this.#t;
    const { country } = this.#options!;
    const focused = (this.element.getRootNode() as ShadowRoot).activeElement as HTMLElement | null;
    const refocus = focused?.dataset?.field;
    // What is in the fields now, however it got there (typed, autofilled, set by a script).
    for (const [field, control] of this.#controls) this.#values.set(field, control.value);
    this.#controls.clear();
    this.#errors.clear();
    const legend = document.createElement('legend');
    legend.textContent = t.details;
    const rows: HTMLElement[] = [legend];
    for (const field of this.#fields()) {
      const { label: key, auto, type, max, mode } = spec[field];
      const id = `${this.#id}-${field}`;
      const row = document.createElement('div');
      row.className = `field ${field}`;
      const label = document.createElement('label');
      label.htmlFor = id;
      label.textContent = field === 'document' ? this.#documentName() : t[key];
      let control: HTMLInputElement | HTMLSelectElement;
      if (field === 'document_type') {
        const select = document.createElement('select');
        for (const name of documentTypes(country)) select.add(new Option(name, name));
        select.value = this.#values.get(field) ?? documentTypes(country)[0]!;
        this.#values.set(field, select.value);
        control = select;
      } else {
        const input = document.createElement('input');
        input.type = type ?? 'text';
        if (auto) input.autocomplete = auto as AutoFill;
        if (max) input.maxLength = max;
        if (mode) input.inputMode = mode;
        if (field === 'birth_date') input.max = new Date().toISOString().slice(0, 10);
        if (field === 'zip_code') input.placeholder = postalCodeExample(country) ?? '';
        if (field === 'document' || field === 'phone' || field === 'zip_code') input.dir = 'ltr';
        input.value = this.#values.get(field) ?? '';
        control = input;
      }
      control.id = id;
      control.dataset.field = field;
      control.name = field;
      if (field !== 'document_type') control.required = true;
      const error = document.createElement('p');
      error.id = `${id}-error`;
      error.className = 'error';
      error.setAttribute('aria-live', 'polite');
      row.append(label);
      if (field === 'phone' && callingCodes[country]) {
        // The country's code, shown before the number; a number typed with + keeps its own.
        const group = document.createElement('div');
        group.className = 'prefixed';
        const code = document.createElement('span');
        code.className = 'prefix';
        code.dir = 'ltr';
        code.textContent = `+${callingCodes[country]}`;
        code.setAttribute('aria-hidden', 'true');
        group.append(code, control);
        row.append(group);
      } else {
        row.append(control);
      }
      row.append(error);
      rows.push(row);
      this.#controls.set(field, control);
      this.#errors.set(field, error);
    }
    this.element.replaceChildren(...rows);
    if (refocus) this.#controls.get(refocus as Field)?.focus();
  }

  /** The chosen document type's name (`CPF`), or "Document number" where the country has none of its own. */
  #documentName(): string {
    const types = documentTypes(this.#options!.country);
    const name = this.#values.get('document_type') ?? (types.length === 1 ? types[0] : undefined);
    // A name of its own (CPF, RUT, PAN, cédula) is said as it is; one that only describes the
    // document in English words (citizen ID, My Number) is the shopper's "Document number".
    return name && !/[a-z] /.test(name) ? name : this.#t.document;
  }

  /**
   * The document written as its type is, as it is typed (`530.333.1`), the caret kept after
   * the same character (core's caret rule: Backspace on a separator deletes the character
   * before it).
   */
  #formatDocument(input: HTMLInputElement): void {
    const { country } = this.#options!;
    const type = this.#values.get('document_type');
    const next = reformatDigits(
      { value: input.value, caret: input.selectionStart ?? input.value.length },
      (kept) => formatDocumentAsTyped(country, kept, type),
      this.#values.get('document'),
      /[^0-9A-Za-z]/g,
    );
    if (next.value === input.value) return;
    input.value = next.value;
    input.setSelectionRange(next.caret, next.caret);
  }

  /** Why `field`'s value cannot be sent, in the shopper's words; undefined when it can. */
  #problem(field: Field): string | undefined {
    const t = this.#t;
    const { country } = this.#options!;
    const value = (this.#controls.get(field)?.value ?? '').trim();
    if (field === 'document_type') return undefined;
    if (value === '') return t.required;
    const india = country === 'IN';
    const between = (min: number, max: number) =>
      value.length < min || value.length > max ? format(t.lengthBetween, { min, max }) : undefined;
    switch (field) {
      case 'name':
        return india ? between(indiaLimits.payerName.min, indiaLimits.payerName.max) : undefined;
      case 'email': {
        const at = value.lastIndexOf('@');
        const ok =
          /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) &&
          (!india || at <= indiaLimits.emailLocalPart.max);
        return ok ? undefined : t.emailInvalid;
      }
      case 'document': {
        const type = this.#documentName();
        const problem = documentProblem(country, value, this.#values.get('document_type'));
        if (!problem) return undefined;
        return format(problem === 'check_digit' ? t.documentInvalid : t.documentFormat, { type });
      }
      case 'phone': {
        const phone = normalizePhone(country, value);
        return phone && (!india || phone.length <= indiaLimits.phone.max)
          ? undefined
          : t.phoneInvalid;
      }
      case 'birth_date': {
        const ok =
          apiBirthDate(value) !== undefined &&
          value >= '1900-01-01' &&
          value <= new Date().toISOString().slice(0, 10);
        return ok ? undefined : t.dateInvalid;
      }
      case 'zip_code':
        return postalCodeProblem(country, value)
          ? format(t.zipInvalid, { example: postalCodeExample(country) ?? '' })
          : undefined;
      case 'city':
        return india ? between(indiaLimits.city.min, indiaLimits.city.max) : undefined;
      case 'street':
        return india ? between(indiaLimits.street.min, indiaLimits.street.max) : undefined;
      default:
        return undefined;
    }
  }

  /** Shows `message` on `field` (none: clears it); answers whether it is wrong. */
  #show(field: Field, message: string | undefined): boolean {
    const control = this.#controls.get(field);
    const error = this.#errors.get(field);
    if (!control || !error) return false;
    // Written only when it changes: a live region says a text again each time it is written.
    if (error.textContent !== (message ?? '')) error.textContent = message ?? '';
    if (message) {
      control.setAttribute('aria-invalid', 'true');
      control.setAttribute('aria-describedby', error.id);
    } else {
      control.removeAttribute('aria-invalid');
      control.removeAttribute('aria-describedby');
    }
    return message !== undefined;
  }

  #check(field: Field): boolean {
    return this.#show(field, this.#problem(field));
  }

  /**
   * The details as the submission sends them (`payer`), or undefined when one is missing or
   * wrong: then each wrong field says why, and the first has focus.
   */
  collect(): CollectedPayer | undefined {
    const fields = this.#fields();
    const wrong = fields.filter((field) => this.#check(field));
    if (wrong.length > 0) {
      this.#controls.get(wrong[0]!)?.focus();
      return undefined;
    }
    const { country } = this.#options!;
    // One line each, as typed: a pasted tab or line break is a space.
    const value = (field: Field) =>
      this.#controls.get(field)?.value.trim().replace(/\s+/g, ' ') ?? '';
    const payer: CollectedPayer = {};
    const address: NonNullable<CollectedPayer['address']> = {};
    for (const field of fields) {
      const v = value(field);
      if (field === 'phone') payer.phone = normalizePhone(country, v)!;
      else if (field === 'birth_date') payer.birth_date = apiBirthDate(v)!;
      else if (field === 'document') payer.document = compactDocument(v);
      else if (field === 'name' || field === 'email' || field === 'document_type') payer[field] = v;
      else address[field] = v;
    }
    if (Object.keys(address).length > 0) payer.address = address;
    return payer;
  }

  /**
   * The server's refusal of some fields (`payer.document`, `payer.address.zip_code`): each is
   * said on its field, and the first has focus. Answers whether any was one of these fields.
   */
  refuse(fields: readonly { param: string }[] | undefined): boolean {
    const named = (fields ?? [])
      .map(({ param }) => param.split('.').at(-1) as Field)
      .filter((field) => this.#controls.has(field));
    for (const field of named) this.#show(field, this.#problem(field) ?? this.#t.refused);
    this.#controls.get(named[0]!)?.focus();
    return named.length > 0;
  }
}

/** What of the checkout's state the payer's fields read: its order's view and the shopper's choice. */
interface CheckoutState {
  readonly order?:
    { readonly id: string; readonly country: string; readonly asks?: AsksView } | undefined;
  readonly selection: { readonly type: string };
  /** The language the checkout speaks (its `lang` or the page's). */
  readonly lang: string | undefined;
}

/** Each checkout's payer fields, made the first time its order asks something. */
const drawn = new WeakMap<Checkout, PayerFields>();

/**
 * Draws what `checkout` asks for its state, after each of its renders: for the way the shopper
 * pays (`asks`), the details its order lacks and the consent to save a new card, or nothing.
 */
export function draw(checkout: Checkout, state: CheckoutState): void {
  const asks = state.order?.asks?.[state.selection.type as keyof AsksView];
  let fields = drawn.get(checkout);
  if (!asks) return void (fields?.element.remove(), fields?.consent.remove());
  if (!fields) drawn.set(checkout, (fields = new PayerFields(checkout)));
  fields.mount(asks, state.order!.id, state.order!.country, resolveLocale(state.lang));
}
