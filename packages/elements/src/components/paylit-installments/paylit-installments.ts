import { html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { formatAmount, toMinorUnits } from '@paylit/core/money';
import { checkoutContext, ensureContextRoot, type CheckoutContextValue, type InstallmentOption, type InstallmentsPlan } from '../../context/checkout-context.js';
import { format } from '../../i18n/index.js';
import { inheritedLang } from '../../internal/lang.js';
import { LocalizedElement } from '../../internal/localized.js';
import { styles } from './paylit-installments.styles.js';

ensureContextRoot();

/** How long to wait after the BIN changes before asking for plans. */
const DEBOUNCE_MS = 200;

/**
 * The installment plans for the BIN the card fields offer and the order's amount: count ×
 * amount per installment, total, interest-free or not, as a radio group. Hidden while
 * there is nothing to choose. The choice goes into the checkout's submission.
 *
 * @summary Installment plans for the card being typed.
 *
 * @csspart legend - the group's title
 * @csspart option - each plan's label
 * @csspart radio - each plan's radio button
 * @csspart total - each plan's total
 *
 * @cssprop --paylit-installments-gap - space between the plans
 * @cssprop --paylit-color-border - each option's border
 * @cssprop --paylit-color-accent - the chosen option's border and the focus ring
 * @cssprop --paylit-radius - option corners
 * @cssprop --paylit-label-size - the legend's size
 * @cssprop --paylit-color-muted - the totals
 * @cssprop --paylit-font - the font (default: inherited from the page)
 * @cssprop --paylit-color-text - text colour
 */
@customElement('paylit-installments')
export class PaylitInstallments extends LocalizedElement {
  static override styles = styles;

  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Answers for BINs the shopper has since changed are dropped. */
  #asked: string | undefined;

  @consume({ context: checkoutContext, subscribe: true })
  @state()
  private checkout: CheckoutContextValue | undefined;

  @state() private plan: InstallmentsPlan | null = null;

  protected override requestedLang(): string | undefined {
    return this.lang || this.checkout?.lang || inheritedLang(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#timer);
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (!changed.has('checkout')) return;
    // Plans follow the typed card's BIN; a saved card or a wallet has none here.
    const bin = this.checkout?.selection.type === 'card' ? this.checkout.bin : undefined;
    if (bin === this.#asked) return;
    this.#asked = bin;
    clearTimeout(this.#timer);
    if (!bin) {
      this.plan = null;
      return;
    }
    this.#timer = setTimeout(async () => {
      const plan = await this.checkout?.loadPlans(bin);
      if (this.#asked === bin) this.plan = plan ?? null;
    }, DEBOUNCE_MS);
  }

  /** The options shown now (empty while hidden). */
  get options(): readonly InstallmentOption[] {
    return this.plan && this.plan.installments.length > 1 ? this.plan.installments : [];
  }

  #choose(option: InstallmentOption): void {
    this.checkout?.choosePlan(option);
    this.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  }

  protected override render() {
    const options = this.options;
    const order = this.checkout?.order;
    if (options.length === 0 || !order) return html`<div class="hidden"></div>`;
    const lang = this.requestedLang();
    const t = this.t;
    const money = (amount: number) => formatAmount(amount, order.currency, lang);
    const chosen = this.checkout?.plan?.installments ?? 1;
    return html`<fieldset>
      <legend part="legend">${t.installments}</legend>
      ${options.map((o) => {
        const free = o.installments === 1 || toMinorUnits(o.total_amount, order.currency) - toMinorUnits(order.amount, order.currency) < o.installments;
        const note = o.installments === 1 ? t.payInFull : this.plan?.installments_by_bank ? t.bankSetsInterest : free ? t.interestFree : t.withInterest;
        return html`<label part="option">
          <input type="radio" part="radio" name="installments" .value=${String(o.installments)} .checked=${o.installments === chosen} @change=${() => this.#choose(o)} />
          <span>${format(t.installmentOption, { count: o.installments, amount: money(o.installment_amount) })} · ${note}</span>
          <span class="total" part="total">${o.installments === 1 ? nothing : format(t.installmentTotal, { amount: money(o.total_amount) })}</span>
        </label>`;
      })}
    </fieldset>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'paylit-installments': PaylitInstallments;
  }
}
