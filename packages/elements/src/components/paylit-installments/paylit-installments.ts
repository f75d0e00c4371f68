import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { isInterestFree, planRates, type PlanRates } from '@paylit/core/installments';
import { formatAmount } from '@paylit/core/money';
import { checkoutContext, ensureContextRoot, type CheckoutContextValue, type InstallmentOption, type InstallmentsPlan, type OrderView } from '../../context/checkout-context.js';
import { format, type Messages } from '../../i18n/index.js';
import { inheritedLang } from '../../internal/lang.js';
import { LocalizedElement } from '../../internal/localized.js';
import { hostStyles } from '../../internal/shared-styles.js';
import { adoptWhenShown } from '../../internal/shown-styles.js';
import { styles } from './paylit-installments.styles.js';

ensureContextRoot();

/** The instances whose full look is adopted (internal/shown-styles.ts). */
const styled = new WeakSet<object>();

/** How long to wait after the BIN changes before asking for plans. */
const DEBOUNCE_MS = 200;
/** More plans than this are a select, not a wall of radios. */
const MAX_RADIOS = 6;

/** One plan as the shopper reads it. */
interface ShownPlan {
  option: InstallmentOption;
  free: boolean;
  /** The plan's wording in the market's terms, e.g. "6 meses sin intereses de $1,000.00". */
  text: string;
  /** "Total …", for more than one installment. */
  total: string | undefined;
  /** The rates the market asks a plan with interest to state; none for an interest-free plan. */
  rates: TemplateResult | undefined;
}

/**
 * The installment plans for the BIN the card fields offer and the order's amount, in the
 * words and with the figures the order's country expects (shared spec "local-disclosures"):
 * interest-free plans first and marked; Mexico's "meses sin intereses"; Brazil's "sem juros"
 * / "com juros" with the total; for a plan with interest, Argentina's TNA, TEA and the CFT
 * (at twice their size, as the central bank asks of electronic offers), Mexico's CAT and
 * Brazil's CET, computed by `@paylit/core/installments`. Six plans or fewer are radios;
 * more are a select, with the chosen plan's figures below it. Hidden while there is
 * nothing to choose. The choice goes into the checkout's submission.
 *
 * @summary Installment plans for the card being typed.
 *
 * @fires change - the shopper chose a plan (read it from the checkout's submission)
 *
 * @csspart legend - the group's title
 * @csspart option - each plan's label
 * @csspart radio - each plan's radio button
 * @csspart total - each plan's total
 * @csspart free - the mark of an interest-free plan
 * @csspart select - the select that holds more than six plans
 * @csspart rates - a plan's rates (TNA and TEA, CAT, or CET)
 * @csspart rate - each rate but the CFT (TNA, TEA, CAT, CET)
 * @csspart cft - Argentina's CFT, twice the size of the other rates
 *
 * @cssprop --paylit-installments-gap - space between the plans
 * @cssprop --paylit-color-border - each option's border
 * @cssprop --paylit-color-accent - the chosen option's border, the radios and the focus ring
 * @cssprop --paylit-radius - option corners
 * @cssprop --paylit-label-size - the legend's size
 * @cssprop --paylit-color-muted - the totals and the rates
 * @cssprop --paylit-color-success - the interest-free mark
 * @cssprop --paylit-color-surface - the select's background
 * @cssprop --paylit-font - the font (default: inherited from the page)
 * @cssprop --paylit-color-text - text colour
 */
@customElement('paylit-installments')
export class PaylitInstallments extends LocalizedElement {
  // The full look when there is something to show (internal/shown-styles.ts).
  static override styles = hostStyles;

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

  /** The options shown now, in the order shown: pay in full, interest-free by count, then with interest by count (empty while hidden). */
  get options(): readonly InstallmentOption[] {
    const order = this.checkout?.order;
    // A verification charges 0 and has no plans.
    if (!this.plan || this.plan.installments.length <= 1 || !order || order.amount <= 0) return [];
    const rank = (o: InstallmentOption) => (o.installments === 1 ? 0 : this.#free(o, order) ? 1 : 2);
    return [...this.plan.installments].sort((a, b) => rank(a) - rank(b) || a.installments - b.installments);
  }

  /** Interest-free by core's rule; a plan whose interest the bank sets is shown as such, not as free. */
  #free(option: InstallmentOption, order: OrderView): boolean {
    if (option.installments === 1) return true;
    if (this.plan?.installments_by_bank) return false;
    try {
      return isInterestFree(order.amount, option, order.currency);
    } catch {
      // An option core refuses (no amount, no count) is not advertised as free.
      return false;
    }
  }

  #choose(option: InstallmentOption | undefined): void {
    if (!option) return;
    this.checkout?.choosePlan(option);
    this.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  }

  /** A percentage with two decimals in the shopper's language (the page's tag may be one Intl refuses). */
  #percent(lang: string | undefined): (rate: number) => string {
    const options: Intl.NumberFormatOptions = { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 };
    let formatter: Intl.NumberFormat;
    try {
      formatter = new Intl.NumberFormat(lang, options);
    } catch {
      formatter = new Intl.NumberFormat(this.locale, options);
    }
    return (rate) => formatter.format(rate);
  }

  #describe(option: InstallmentOption, order: OrderView, t: Messages, lang: string | undefined): ShownPlan {
    const money = (amount: number) => formatAmount(amount, order.currency, lang);
    const count = option.installments;
    const amount = money(option.installment_amount);
    const free = this.#free(option, order);
    const byBank = count > 1 && Boolean(this.plan?.installments_by_bank);
    const total = count === 1 ? undefined : format(t.installmentTotal, { amount: money(option.total_amount) });
    const plain = format(t.installmentOption, { count, amount });
    let text: string;
    if (count === 1) text = `${plain} · ${t.payInFull}`;
    else if (byBank) text = `${plain} · ${t.bankSetsInterest}`;
    else if (order.country === 'MX') text = format(free ? t.monthsInterestFree : t.monthsWithInterest, { count, amount });
    else text = `${plain} · ${free ? t.interestFree : t.withInterest}`;
    return { option, free: free && count > 1 && !byBank, text, total, rates: free || byBank ? undefined : this.#rates(option, order, t, lang) };
  }

  /** The rates a plan with interest states in the order's country; none where no rule asks for them. */
  #rates(option: InstallmentOption, order: OrderView, t: Messages, lang: string | undefined): TemplateResult | undefined {
    const country = order.country;
    if (country !== 'AR' && country !== 'MX' && country !== 'BR') return undefined;
    let rates: PlanRates;
    try {
      rates = planRates(order.amount, option, { currency: order.currency });
    } catch {
      return undefined;
    }
    if (rates.monthly === 0) return undefined;
    const percent = this.#percent(lang);
    if (country === 'MX') return html`<span part="rate">${format(t.rateCat, { rate: percent(rates.cat) })}</span>`;
    if (country === 'BR') return html`<span part="rate">${format(t.rateCet, { rate: percent(rates.cet) })}</span>`;
    // Argentina: the CFT at twice the size of the TNA and TEA (BCRA, electronic offers).
    return html`<span part="rate">${format(t.rateTna, { rate: percent(rates.tna) })}</span>
      <span part="rate">${format(t.rateTea, { rate: percent(rates.tea) })}</span>
      <strong class="cft" part="cft">${format(t.rateCft, { rate: percent(rates.cft) })}</strong>`;
  }

  #radios(plans: readonly ShownPlan[], chosen: number): TemplateResult {
    return html`${plans.map(({ option, free, text, total, rates }) => {
      const ratesId = `rates-${option.installments}`;
      return html`<div class="plan">
        <label part="option">
          <input
            type="radio"
            part="radio"
            name="installments"
            .value=${String(option.installments)}
            .checked=${option.installments === chosen}
            aria-describedby=${rates ? ratesId : nothing}
            @change=${() => this.#choose(option)}
          />
          <span class="text">${text}${free ? html` <span class="free" part="free" aria-hidden="true">✓</span>` : nothing}</span>
          ${total ? html`<span class="total" part="total">${total}</span>` : nothing}
        </label>
        ${rates ? html`<div class="rates" part="rates" id=${ratesId}>${rates}</div>` : nothing}
      </div>`;
    })}`;
  }

  #select(plans: readonly ShownPlan[], chosen: number, t: Messages): TemplateResult {
    const current = plans.find((p) => p.option.installments === chosen) ?? plans[0]!;
    return html`<label class="select-label" for="select">${t.chooseInstallments}</label>
      <select
        id="select"
        part="select"
        aria-describedby=${current.rates ? 'rates' : nothing}
        @change=${(e: Event) => this.#choose(plans.find((p) => String(p.option.installments) === (e.target as HTMLSelectElement).value)?.option)}
      >
        ${plans.map(({ option, text, total }) => html`<option .value=${String(option.installments)} .selected=${option.installments === current.option.installments}>${total ? `${text} · ${total}` : text}</option>`)}
      </select>
      ${current.rates ? html`<div class="rates" part="rates" id="rates" aria-live="polite">${current.rates}</div>` : nothing}`;
  }

  protected override render() {
    const options = this.options;
    const order = this.checkout?.order;
    if (options.length === 0 || !order) return html`<div class="hidden"></div>`;
    // Before this render is painted: the look, once, now that there is something to show.
    adoptWhenShown(this, styled, styles);
    const lang = this.requestedLang();
    const t = this.t;
    const plans = options.map((o) => this.#describe(o, order, t, lang));
    const chosen = this.checkout?.plan?.installments ?? 1;
    return html`<fieldset dir=${this.direction}>
      <legend part="legend">${t.installments}</legend>
      ${plans.length > MAX_RADIOS ? this.#select(plans, chosen, t) : this.#radios(plans, chosen)}
    </fieldset>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'paylit-installments': PaylitInstallments;
  }
}
