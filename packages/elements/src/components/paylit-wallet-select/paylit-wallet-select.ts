import { html, nothing, type PropertyValues } from 'lit';
import type { PropertyDeclarations } from 'lit';
import { getBrand } from '@paylit/core/card';
import {
  ensureContextRoot,
  takesCards,
  type PaymentMethodView,
  type Selection,
} from '../../context/checkout-context.js';
import { format } from '../../i18n/index.js';
import { drawn } from '../../internal/drawn.js';
import { importMethodMarks } from '../../internal/lazy.js';
import { CheckoutChildElement } from '../../internal/checkout-child.js';
import { adoptWhenShown } from '../../internal/shown-styles.js';
import { choiceStyles } from '../../internal/shared-styles.js';
import { walletSelectLook } from './paylit-wallet-select.look.js';
import { emptyStyles } from './paylit-wallet-select.styles.js';
import { offersChoice, walletMethods } from './wallet-methods.js';

ensureContextRoot();

/** The instances whose full look is adopted (internal/shown-styles.ts). */
const styled = new WeakSet<object>();

type Marks = Awaited<ReturnType<typeof importMethodMarks>>;

/**
 * The ways to pay besides a new card: a returning payer's saved cards (named by brand and last
 * four alone; paying with one asks for its security code again) and wallets, the country's wallets and redirect methods (banks, cash vouchers), and "new card", as one
 * keyboard radio group (Tab reaches the chosen option, the arrow keys choose). The choice
 * switches the checkout's mode; the pay button pays.
 *
 * Each option is a button-like box with its mark: card brands for the cards, the
 * wallet's or bank's own mark for a method (the API's `logo` only for a method paylit has
 * no mark for). The marks load as their own chunk after the first render; until then each
 * option holds an empty box of the mark's size, so nothing moves when they arrive.
 *
 * With nothing to offer (no checkout, or only cards) the element takes no room.
 *
 * @summary Saved cards, wallets and other methods of the order's country.
 *
 * @csspart legend - the group's title
 * @csspart option - each option's box (a label holding its radio, mark and name)
 * @csspart radio - each option's radio button
 * @csspart logo - each option's mark (a card brand's, a wallet's or bank's), 40×26
 * @csspart name - each option's name
 * @csspart methods - the wallets and banks, laid out as tiles
 *
 * @cssprop --paylit-wallet-select-gap - space between the options
 * @cssprop --paylit-wallet-select-tile-width - the narrowest a wallet's or bank's tile gets before the tiles wrap (default 12rem, room for a long word of a name beside its mark)
 * @cssprop --paylit-color-border - each option's border
 * @cssprop --paylit-color-accent - the radios, the chosen option's border and tint, and the focus ring
 * @cssprop --paylit-radius - option corners
 * @cssprop --paylit-label-size - the legend's size
 * @cssprop --paylit-font - the font (default: inherited from the page)
 * @cssprop --paylit-color-text - text colour
 */
export class PaylitWalletSelect extends CheckoutChildElement {
  static override properties: PropertyDeclarations = {
    marks: { attribute: false },
  };
  // The full look when there is something to show (internal/shown-styles.ts).
  static override styles = emptyStyles;

  #internals = this.attachInternals();
  /** One mark node per option, kept across renders (a DOM node is one place at a time, and a new one each render would be redrawn). */
  #marks = new Map<string, SVGSVGElement>();

  /** The marks' chunk; null when it could not load. */
  private marks: Marks | null | undefined;

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // No room taken, nor a gap in the checkout's layout, when there is nothing to choose.
    if (this.#empty()) this.#internals.states.add('empty');
    else this.#internals.states.delete('empty');
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (this.marks === undefined && !this.#empty()) {
      importMethodMarks().then(
        (marks) => (this.marks = marks),
        // The chunk could not load: the options show all the same, in the shared look with
        // empty mark boxes (until the page loads again).
        () => (this.marks = null),
      );
    }
  }

  #methods(): PaymentMethodView[] {
    return walletMethods(this.checkout);
  }

  #empty(): boolean {
    return !offersChoice(this.checkout);
  }

  #choose(selection: Selection): void {
    this.checkout?.select(selection);
    this.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  }

  #is(selection: Selection): boolean {
    return JSON.stringify(this.checkout?.selection) === JSON.stringify(selection);
  }

  /** A mark from the loaded chunk, one node per key; nothing (the empty box) until the chunk is here. */
  #mark(key: string, draw: (marks: Marks) => SVGSVGElement) {
    return drawn(this.#marks, this.marks, key, draw);
  }

  /** A method's mark: paylit's own, else the API's logo, else its initials. */
  #methodMark(method: PaymentMethodView | undefined, id: string, name: string) {
    if (this.marks && !this.marks.markedMethods.includes(id) && method?.logo)
      return html`<img src=${method.logo} alt="" width="40" height="26" />`;
    return this.#mark(`method:${id}`, (marks) => marks.methodMark(id, name));
  }

  #option(selection: Selection, mark: unknown, name: string) {
    return html`<label part="option" class="option">
      <input type="radio" part="radio" name="method" ?disabled=${this.checkout?.status === 'error'} .checked=${this.#is(selection)} @change=${() => this.#choose(selection)} />
      <span class="mark" part="logo">${mark}</span>
      <span class="name" part="name">${name}</span>
    </label>`;
  }

  protected override render() {
    const c = this.checkout;
    // Its look is adopted with the marks (their chunk): until they are here or failed, nothing is drawn.
    const marks = this.marks;
    if (!c || this.#empty() || marks === undefined)
      return html`<div class="hidden" dir=${this.direction}></div>`;
    // Before this render is painted: the look, once, now that there is something to show.
    adoptWhenShown(this, styled, [
      ...emptyStyles,
      choiceStyles,
      ...(marks ? [walletSelectLook] : []),
    ]);
    const t = this.t;
    const methods = this.#methods();
    return html`<fieldset dir=${this.direction}>
      <legend part="legend">${t.paymentMethod}</legend>
      ${
        c.savedCards.length + c.savedWallets.length > 0 || takesCards(c)
          ? html`<div class="list">
        ${c.savedCards.map((card) => {
          const brand = getBrand(card.brand);
          const name = format(t.cardEnding, {
            brand: brand?.name ?? card.brand,
            last4: card.last4,
          });
          return this.#option(
            { type: 'saved_card', cardId: card.card_id },
            this.#mark(`card:${card.card_id}`, (marks) => marks.brandMark(brand?.id ?? card.brand)),
            name,
          );
        })}
        ${c.savedWallets.map((w) => {
          const method = methods.find((m) => m.id === w.methodId);
          const name = w.name ?? method?.name ?? w.methodId;
          return this.#option(
            { type: 'wallet', methodId: w.methodId, useSaved: true },
            this.#methodMark(method, w.methodId, name),
            format(t.savedWallet, { name }),
          );
        })}
        ${
          takesCards(c)
            ? this.#option(
                { type: 'card' },
                this.#mark('card', (marks) => marks.brandMark(undefined)),
                t.newCard,
              )
            : nothing
        }
      </div>`
          : nothing
      }
      ${
        methods.length
          ? html`<div class="tiles" part="methods">
            ${methods.map((m) => this.#option(m.type === 'WALLET' ? { type: 'wallet', methodId: m.id } : { type: 'redirect', methodId: m.id }, this.#methodMark(m, m.id === 'PQ' ? 'PX' : m.id, m.name), m.name))}
          </div>`
          : nothing
      }
    </fieldset>`;
  }
}

customElements.define('paylit-wallet-select', PaylitWalletSelect);

declare global {
  interface HTMLElementTagNameMap {
    'paylit-wallet-select': PaylitWalletSelect;
  }
}
