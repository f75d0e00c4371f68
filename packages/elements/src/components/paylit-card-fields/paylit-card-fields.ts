import { LitElement, adoptStyles, html, nothing, type PropertyValues } from 'lit';
import type { PropertyDeclarations } from 'lit';
import type { BrandInfo } from '@paylit/core/card';
import type { KeyInput } from '@paylit/core/crypto';
import { ensureContextRoot, type SavedCardView } from '../../context/checkout-context.js';
import type { CardFrame } from '../../internal/frame-element.js';
import {
  frameBox,
  frameScript,
  importFrameBox,
  importFrameHost,
  loadFrameBox,
} from '../../internal/lazy.js';
import { CheckoutChildElement } from '../../internal/checkout-child.js';
import { loadCatalog } from '../../i18n/index.js';
import {
  CardFieldsInvalidError,
  sealing,
  type CardEntry,
  type CardEntryHost,
  type CardSubmission,
  type SavedCardSubmission,
} from './card-entry.js';
import { PageEntry, loadMarks } from './page-entry.js';
import { styles } from './paylit-card-fields.styles.js';

export { CardFieldsInvalidError } from './card-entry.js';
export type { CardSubmission, SavedCardSubmission } from './card-entry.js';
export { fieldProblem } from './card-entry.js';

ensureContextRoot();

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

/** Frame isolation's page side (internal/frame-host.ts), loaded when the fields are first drawn in that mode. */
const loadFrameHost = sealing(importFrameHost, 'card frame');
/** The frame's element and stand-in (frame-box.ts), asked for again when they did not load before the drawing. */
const loadBox = sealing(importFrameBox, 'card frame');

/** The card fields whose shadow root has adopted the stand-in's styles with their own. */
const standInStyled = new WeakSet<object>();

/**
 * The card number, expiry, security code and name on the card, in one shadow root so
 * that browsers autofill them together.
 *
 * The number and CVV exist only inside this element's card entry (its inputs, or the
 * frame's in frame isolation) and inside the JWE that `encrypt()` makes: never in an
 * attribute, an event, the form's value or state, or a message. They are cleared when the
 * element leaves the page, and when the page goes into the back/forward cache.
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
  /** The saved card whose security code is asked for, or `undefined` for a new card. */
  #saved: SavedCardView | undefined;

  /** The form field's name; the form gets only `<name>-brand` and `<name>-last4`, never card data. */
  name = 'card';
  disabled = false;
  /**
   * `page` (the default): the inputs are in this element's shadow root. `frame`: they are in a
   * sandboxed frame of an opaque origin, where no script of the page can read them or listen
   * to them; the element, its events, its form value and `encrypt()` are the same.
   */
  isolation: 'page' | 'frame' = 'page';

  /** What the card entry reads of this element: nothing else of it is theirs to reach. */
  readonly #host: CardEntryHost;
  /**
   * Whoever holds the card (card-entry.ts): the inputs in this shadow root (page-entry.ts), or
   * in frame isolation the frame's page side (internal/frame-host.ts, a chunk), once loaded;
   * `undefined` while that chunk loads.
   */
  #entry: CardEntry | undefined;
  /** In frame isolation: the frame's page side, loading or loaded. */
  #framing: Promise<CardEntry> | undefined;
  /** In frame isolation: the frame, made and drawn at once, loading while its page side does. */
  #cardFrame: CardFrame | undefined;

  constructor() {
    super();
    this.#internals = this.attachInternals();
    const element = this;
    this.#host = {
      element,
      internals: this.#internals,
      get name() {
        return element.name;
      },
      get disabled() {
        return element.disabled;
      },
      get locale() {
        return element.locale;
      },
      get direction() {
        return element.direction;
      },
      get t() {
        return element.t;
      },
      get checkout() {
        return element.checkout;
      },
      get savedCard() {
        return element.#saved;
      },
      requestUpdate: () => this.requestUpdate(),
      submit: () => this.#submitAround(),
      invalid: (fields) => new CardFieldsInvalidError(fields),
    };
    this.#entry = new PageEntry(this.#host);
  }

  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const root = super.createRenderRoot();
    for (const type of PRIVATE_EVENTS) root.addEventListener(type, stop);
    return root;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Loaded on connection rather than on focus: the accepted brands show before any
    // interaction. The import does not hold the first render; the marks re-render when here.
    // Asked for after this task, so that the first render does not pay for starting a module
    // load (about 2 ms in bench/elements.mjs); the boxes keep their places meanwhile. In frame
    // isolation the frame draws its own marks: the page's are loaded if it comes back to the page.
    setTimeout(() => this.#loadMarks());
    globalThis.addEventListener?.('pagehide', this.#frozen);
  }

  /**
   * The page goes into the browser's back/forward cache (`persisted`): frozen as it is, it would
   * keep the card in memory and show it again to whoever goes back to it. Emptied, as a fresh load
   * of the page shows the fields (in frame isolation the frame empties its own as well: a message
   * sent now may reach it only when the page is shown again).
   */
  readonly #frozen = (event: PageTransitionEvent) => {
    if (event.persisted) this.clear();
  };

  #loadMarks(): void {
    if (this.isolation === 'frame' || !this.isConnected) return;
    loadMarks()?.then(
      () => this.requestUpdate(),
      () => undefined,
    );
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    globalThis.removeEventListener?.('pagehide', this.#frozen);
    // Card data does not outlive the element on the page.
    this.#entry?.disconnect();
  }

  /**
   * In frame isolation, an update waits for what it draws the frame with (frame-box.ts, a chunk
   * asked for beside the catalog and the frame's page side), so that the frame's box and its
   * stand-in are in the fields' first drawing: page isolation never loads it.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const box = this.isolation === 'frame' ? loadFrameBox() : undefined;
    if (!box) return super.scheduleUpdate();
    // The words asked for now, beside it (the update then waits for them: internal/localized.ts).
    void loadCatalog(this.locale);
    return box.then(() => super.scheduleUpdate());
  }

  protected override updated(): void {
    // An early frame (the script-tag file's) moves into the box this update drew.
    this.#cardFrame?.place();
    this.#entry?.drawn();
    // The frame's place, held until it tells its height.
    if (this.#cardFrame && !this.#cardFrame.sized) frameBox?.fitStandIn(this);
  }

  /** The frame's page side, loaded when first drawn in frame isolation. */
  #framed(): Promise<CardEntry> {
    if (this.#framing) return this.#framing;
    const box = frameBox;
    // Not loaded before this drawing: asked for again, then drawn.
    if (!box)
      return loadBox().then(() => {
        this.requestUpdate();
        return this.#framed();
      });
    let card: CardFrame;
    try {
      // Made now, and drawn by this update: the frame's document and script load while its page side does.
      card = this.#cardFrame ??= new box.CardFrame(frameScript(), this.t.cardFrame, this);
    } catch (error) {
      return Promise.reject(error);
    }
    if (!standInStyled.has(this) && this.renderRoot instanceof ShadowRoot) {
      standInStyled.add(this);
      adoptStyles(this.renderRoot, [...PaylitCardFields.elementStyles, box.standInStyles]);
    }
    return (this.#framing = loadFrameHost().then(
      (m) => {
        const frame = new m.FrameHost(this.#host, card);
        // Back in page isolation while it loaded: the page's fields stay.
        if (this.isolation === 'frame') this.#entry = frame;
        this.requestUpdate();
        return frame;
      },
      (error: unknown) => {
        // Not here: the next render or payment asks again.
        this.#framing = undefined;
        throw error;
      },
    ));
  }

  /** The entry the isolation asks for: a change of mode drops the card and what the old one said. */
  #choose(): void {
    if (this.isolation === 'frame') {
      if (this.#entry instanceof PageEntry) {
        this.#entry.disconnect();
        this.#entry = undefined;
      }
      this.#framed().catch(() => undefined);
    } else if (!(this.#entry instanceof PageEntry)) {
      this.#entry?.disconnect();
      this.#framing = this.#cardFrame = undefined;
      this.#entry = new PageEntry(this.#host);
      this.#entry.clear();
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // State set here joins this update instead of scheduling another.
    this.#choose();
    if (changed.get('isolation') === 'frame') this.#loadMarks();
    this.#entry?.prepare(
      changed.has('checkout' as keyof PaylitCardFields) && this.#followSelection(),
    );
  }

  /** A saved card chosen in the checkout asks for its security code alone; true when it changed. */
  #followSelection(): boolean {
    const selection = this.checkout?.selection;
    const saved =
      selection?.type === 'saved_card'
        ? this.checkout!.savedCards.find((c) => c.card_id === selection.cardId)
        : undefined;
    if (saved?.card_id === this.#saved?.card_id) return false;
    this.#saved = saved;
    return true;
  }

  /** The saved card whose security code is asked for, if the shopper chose one in the checkout. */
  get savedCard(): SavedCardView | undefined {
    return this.#saved;
  }

  /** The brand the number shows so far: its API code, name, lengths, CVV length. */
  get brand(): BrandInfo | undefined {
    return this.#entry?.brand;
  }

  /** The BIN (6 or 8 digits, never more) for installment plans; `undefined` before 6 digits. */
  get bin(): string | undefined {
    return this.#entry?.bin;
  }

  /** True when every field is valid. */
  get complete(): boolean {
    return this.#entry?.complete ?? false;
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
    // In frame isolation, nothing is valid until the frame says so; asked before its page side
    // has loaded (or before this element first drew), the frame shows every field's message once
    // it is there.
    this.#choose();
    if (this.#entry) return this.#entry.report();
    this.#frameEntry().then(
      (entry) => entry.report(),
      () => undefined,
    );
    return false;
  }

  /** The card entry of the mode asked for; in frame isolation, once this element has drawn (its words loaded) and its frame's page side has loaded. */
  async #entryNow(): Promise<CardEntry> {
    this.#choose();
    return this.#entry ?? this.#frameEntry();
  }

  async #frameEntry(): Promise<CardEntry> {
    await this.updateComplete;
    return this.#entry ?? this.#framed();
  }

  /**
   * Encrypts `{number, cvv}` into a compact JWE with the API's public key (a JWK or SPKI
   * PEM) and answers what the checkout posts. Incomplete fields are shown and refused.
   */
  async encrypt(publicKey: KeyInput): Promise<CardSubmission> {
    if (this.#saved) throw new Error('a saved card is chosen: use encryptCvv()');
    return (await this.#entryNow()).encrypt(publicKey);
  }

  /**
   * For the saved card the shopper chose in the checkout: encrypts the security code
   * alone, `{cvv}`, into a compact JWE with the API's public key. A missing or wrong code
   * is shown and refused.
   */
  async encryptCvv(publicKey: KeyInput): Promise<SavedCardSubmission> {
    const saved = this.#saved;
    if (!saved) throw new Error('no saved card is chosen: use encrypt()');
    return (await this.#entryNow()).encryptCvv(publicKey, saved);
  }

  /** Empties every field. */
  clear(): void {
    this.#entry?.clear();
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

  /**
   * Enter in the last field: the checkout around the fields pays (its own fields, or the
   * merchant's layout inside it, through the shadow roots of the components it is built of, and
   * before a `<form>` of theirs), even where that checkout sits in the page's own `<form>`,
   * which would otherwise be submitted with nothing paid; fields in a form and no checkout
   * submit that form.
   */
  #submitAround(): void {
    type Submits = Element & { submit?: () => void };
    const host = (this.getRootNode() as ShadowRoot).host as Submits | undefined;
    // The checkout these fields are in, across shadow roots: its own (the fields in its shadow
    // root), or the merchant's layout's, however many components' shadow roots lie between.
    let checkout: Node | null = this;
    while (checkout && (checkout as Element).localName !== 'paylit-checkout')
      checkout = checkout.parentNode ?? (checkout as ShadowRoot).host ?? null;
    if (checkout) (checkout as Submits).submit?.();
    else if (this.form) this.form.requestSubmit();
    else host?.submit?.();
  }

  protected override render() {
    const card = this.#cardFrame;
    // In frame isolation: the frame (loading, until its page side has loaded), and until it has
    // told its height, the layout of its fields, unseen, holding its place.
    return html`<div class="root" dir=${this.direction}>${
      card
        ? html`<div class="framed">${this.#entry?.render() ?? card.box}${card.sized ? nothing : frameBox!.standIn(this.t, this.#saved, this.#cardBrands())}</div>`
        : (this.#entry?.render() ?? nothing)
    }</div>`;
  }

  /** The order's card brands, by the API's code, as the frame is told them (frame-host.ts). */
  #cardBrands(): string[] {
    return (this.checkout?.paymentMethods ?? []).filter((m) => m.type === 'CARD').map((m) => m.id);
  }
}

customElements.define('paylit-card-fields', PaylitCardFields);

declare global {
  interface HTMLElementTagNameMap {
    'paylit-card-fields': PaylitCardFields;
  }
}
