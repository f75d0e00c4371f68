import { html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { getBrand } from '@paylit/core/card';
import { checkoutContext, ensureContextRoot, type CheckoutContextValue, type Selection } from '../../context/checkout-context.js';
import { format } from '../../i18n/index.js';
import { brandIcon } from '../../internal/brand-icon.js';
import { inheritedLang } from '../../internal/lang.js';
import { LocalizedElement } from '../../internal/localized.js';
import { styles } from './paylit-wallet-select.styles.js';

ensureContextRoot();

/** Method types shown here; cards are the card fields' (the "new card" option). */
const REDIRECT_TYPES = new Set(['BANK_TRANSFER', 'TICKET']);

/**
 * The ways to pay besides a new card: a returning payer's saved cards and wallets, the
 * country's wallets and redirect methods (banks, cash vouchers), and "new card", as a
 * keyboard radio group. The choice switches the checkout's mode.
 *
 * @summary Saved cards, wallets and other methods of the order's country.
 *
 * @csspart legend - the group's title
 * @csspart option - each option's label
 * @csspart radio - each option's radio button
 * @csspart logo - a method's logo or a card brand's icon
 *
 * @cssprop --paylit-wallet-select-gap - space between the options
 * @cssprop --paylit-color-border - each option's border
 * @cssprop --paylit-color-accent - the chosen option's border and the focus ring
 * @cssprop --paylit-radius - option corners
 * @cssprop --paylit-label-size - the legend's size
 * @cssprop --paylit-font - the font (default: inherited from the page)
 * @cssprop --paylit-color-text - text colour
 */
@customElement('paylit-wallet-select')
export class PaylitWalletSelect extends LocalizedElement {
  static override styles = styles;

  @consume({ context: checkoutContext, subscribe: true })
  @state()
  private checkout: CheckoutContextValue | undefined;

  protected override requestedLang(): string | undefined {
    return this.lang || this.checkout?.lang || inheritedLang(this);
  }

  #choose(selection: Selection): void {
    this.checkout?.select(selection);
    this.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  }

  #is(selection: Selection): boolean {
    return JSON.stringify(this.checkout?.selection) === JSON.stringify(selection);
  }

  #option(selection: Selection, logo: unknown, label: string) {
    return html`<label part="option">
      <input type="radio" part="radio" name="method" ?disabled=${this.checkout?.status === 'error'} .checked=${this.#is(selection)} @change=${() => this.#choose(selection)} />
      <span class="logo" part="logo">${logo}</span>
      <span>${label}</span>
    </label>`;
  }

  protected override render() {
    const c = this.checkout;
    const lang = this.requestedLang();
    const t = this.t;
    const methods = (c?.paymentMethods ?? []).filter((m) => m.type === 'WALLET' || REDIRECT_TYPES.has(m.type));
    const saved = c?.savedCards ?? [];
    const wallets = c?.savedWallets ?? [];
    if (!c || methods.length + saved.length + wallets.length === 0) return html`<div class="hidden"></div>`;
    const logo = (src: string | undefined) => (src ? html`<img src=${src} alt="" />` : nothing);
    return html`<fieldset>
      <legend part="legend">${t.paymentMethod}</legend>
      ${saved.map((card) => {
        const brand = getBrand(card.brand);
        const expiry = `${String(card.expiration_month).padStart(2, '0')}/${String(card.expiration_year % 100).padStart(2, '0')}`;
        return this.#option({ type: 'saved_card', cardId: card.card_id }, brandIcon(brand?.id), format(t.savedCard, { brand: brand?.name ?? card.brand, last4: card.last4, expiry }));
      })}
      ${wallets.map((w) => {
        const method = methods.find((m) => m.id === w.methodId);
        return this.#option({ type: 'wallet', methodId: w.methodId, useSaved: true }, logo(method?.logo), format(t.savedWallet, { name: w.name ?? method?.name ?? w.methodId }));
      })}
      ${this.#option({ type: 'card' }, brandIcon(undefined), t.newCard)}
      ${methods.map((m) =>
        this.#option(m.type === 'WALLET' ? { type: 'wallet', methodId: m.id } : { type: 'redirect', methodId: m.id }, logo(m.logo), m.name),
      )}
    </fieldset>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'paylit-wallet-select': PaylitWalletSelect;
  }
}
