import type { PropertyDeclarations } from 'lit';
import {
  html,
  nothing,
  type CSSResultOrNative,
  type PropertyValues,
  type TemplateResult,
} from 'lit';
import {
  ensureContextRoot,
  type InstallmentOption,
  type InstallmentsPlan,
} from '../../context/checkout-context.js';
import type { InstallmentMessages } from './installment-words.js';
import type { ShownPlan } from '../../internal/installment-plans.js';
import { importPlans } from '../../internal/lazy.js';
import { CheckoutChildElement } from '../../internal/checkout-child.js';
import { choiceStyles, hostStyles } from '../../internal/shared-styles.js';
import { adoptWhenShown } from '../../internal/shown-styles.js';

ensureContextRoot();

/** The instances whose full look is adopted (internal/shown-styles.ts). */
const styled = new WeakSet<object>();

/** How long to wait after the BIN changes before asking for plans. */
const DEBOUNCE_MS = 200;
/** More plans than this are a select, not a wall of radios. */
const MAX_RADIOS = 6;

/**
 * The plans' rules (order, wording, rates: internal/installment-plans.ts), a chunk loaded
 * with the first plans; a plan is shown once they are here, so it never shows half-described.
 */
let rules: Awaited<ReturnType<typeof importPlans>> | undefined;
/** The full look, from the same chunk (paylit-installments.styles.ts). */
let look: CSSResultOrNative[] = [];
/** Settles once the rules are loaded or could not be (then no plan shows: the shopper pays in full). */
function loadRules(): Promise<void> {
  return importPlans().then(
    (module) => {
      if (rules) return;
      rules = module;
      look = [hostStyles, choiceStyles, module.styles];
    },
    () => undefined,
  );
}

/**
 * The installment plans for the BIN the card fields offer and the order's amount, in the
 * words and with the figures the order's country expects (what shoppers in each market expect to read: packages/core/src/installments.worked.md):
 * interest-free plans first and marked; Mexico's "meses sin intereses"; Brazil's "sem juros"
 * / "com juros" with the total; for a plan with interest, Argentina's TNA, TEA and the CFT
 * (inside the plan's box, bold and twice their size, as the central bank asks of electronic
 * offers), Mexico's CAT and Brazil's CET, computed by `@paylit/core/installments`. The total
 * is what the shopper pays (`planPayments`): an interest-free plan's is the order's amount,
 * its last installment taking the rounding ("9 × MX$666.67, the last one MX$666.64").
 * Six plans or fewer are radios, each beside its words at every width, boxes of one height
 * where they share a row; more are a select, with the chosen plan's figures below it.
 * Hidden while there is nothing to choose. The choice goes into the checkout's submission.
 * While the plans of a newly typed BIN are on their way the element is `aria-busy="true"`:
 * it may grow once they arrive, and move what is below it (the pay button).
 *
 * @summary Installment plans for the card being typed.
 *
 * @fires change - the shopper chose a plan (read it from the checkout's submission)
 *
 * @csspart legend - the group's title (the select's label when the plans are a select)
 * @csspart option - each plan's box: its radio, wording, total and rates
 * @csspart radio - each plan's radio button
 * @csspart note - what kind of plan, beside its wording ("interest-free", "Pay in full"…)
 * @csspart free - the note of an interest-free plan
 * @csspart total - each plan's total: what the shopper pays in all
 * @csspart select - the select that holds more than six plans
 * @csspart rates - a plan's rates (TNA, TEA and CFT, CAT, or CET), inside its box
 * @csspart rate - each rate but the CFT (TNA, TEA, CAT, CET)
 * @csspart cft - Argentina's CFT, inside the plan's box, bold and twice the size of the other rates
 *
 * @cssprop --paylit-installments-gap - space between the plans
 * @cssprop --paylit-color-border - each option's border
 * @cssprop --paylit-color-accent - the chosen option's border, the radios and the focus ring
 * @cssprop --paylit-radius - option corners
 * @cssprop --paylit-label-size - the legend's size
 * @cssprop --paylit-input-size - the plans' select's font size, as the card fields' inputs'
 * @cssprop --paylit-color-muted - the totals and the rates
 * @cssprop --paylit-color-success - the interest-free note
 * @cssprop --paylit-color-surface - the select's background
 * @cssprop --paylit-font - the font (default: inherited from the page)
 * @cssprop --paylit-color-text - text colour
 */
export class PaylitInstallments extends CheckoutChildElement {
  static override properties: PropertyDeclarations = {
    plan: { attribute: false },
  };
  // The full look when there is something to show (internal/shown-styles.ts).
  static override styles = hostStyles;

  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Answers for BINs the shopper has since changed are dropped. */
  #asked: string | undefined;
  /** The order the plans were asked for. */
  #order: object | undefined;

  private plan: InstallmentsPlan | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    addEventListener('online', this.#online);
  }

  /** Once plans are shown, no render in another language before its words are here (nor the catalog's). */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const words = rules?.loadInstallmentWords(this.locale);
    if (!words) return super.scheduleUpdate();
    return words.then(() => super.scheduleUpdate());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    removeEventListener('online', this.#online);
    clearTimeout(this.#timer);
    // Its plans were not asked for: asked again when the checkout next changes.
    if (this.hasAttribute('aria-busy')) this.#asked = undefined;
    this.#busy(false);
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (!changed.has('checkout')) return;
    // Plans follow the typed card's BIN; a saved card or a wallet has none here.
    const bin = this.checkout?.selection.type === 'card' ? this.checkout.bin : undefined;
    // The order loaded again (the server replaced it, or forgot the plans): its plans are asked anew.
    const order = this.checkout?.order;
    if (bin === this.#asked && order === this.#order) return;
    this.#asked = bin;
    this.#order = order;
    clearTimeout(this.#timer);
    // Plans are on their way for a new BIN: the group is busy (`aria-busy`) until they are
    // drawn or known to be none, so that assistive technology (and a test) reads it once done.
    this.#busy(Boolean(bin && this.checkout?.order?.installments));
    if (!bin) {
      this.plan = null;
      return;
    }
    this.#timer = setTimeout(async () => {
      // The rules load beside the request when the order takes installments, else once plans arrive.
      const loading = this.checkout?.order?.installments ? loadRules() : undefined;
      const plan = (await this.checkout?.loadPlans(bin)) ?? null;
      if (plan && plan.installments.length > 1) {
        await (loading ?? loadRules());
        // Their words in the shopper's language, beside the rules (installment-words.ts).
        await rules?.loadInstallmentWords(this.locale);
      }
      if (this.#asked !== bin) return;
      this.plan = plan;
      // Drawn first: not busy means nothing more is coming to move the form.
      await this.updateComplete;
      if (this.#asked === bin) this.#busy(false);
    }, DEBOUNCE_MS);
  }

  /**
   * The network back: a BIN whose plans got no answer (typed offline) asks for them again, so
   * the shopper is offered them without retyping the card; plans the checkout has already
   * answered are not asked twice.
   */
  #online = (): void => {
    if (this.plan || !this.#asked) return;
    this.#asked = undefined;
    this.requestUpdate('checkout');
  };

  #busy(busy: boolean): void {
    if (busy) this.setAttribute('aria-busy', 'true');
    else this.removeAttribute('aria-busy');
  }

  /** The options shown now, in the order shown: pay in full, interest-free by count, then with interest by count (empty while hidden). */
  get options(): readonly InstallmentOption[] {
    const order = this.checkout?.order;
    // A verification charges 0 and has no plans.
    if (!this.plan || this.plan.installments.length <= 1 || !order || order.amount <= 0 || !rules)
      return [];
    return rules.sortPlans(this.plan, order);
  }

  #choose(option: InstallmentOption | undefined): void {
    if (!option) return;
    this.checkout?.choosePlan(option);
    this.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  }

  /**
   * A plan's rates: the TNA and TEA on a line, Argentina's CFT under them, bold and twice their
   * size (BCRA, electronic offers); a gloss in parentheses ("(total financial cost, VAT
   * included)") at the other rates' size, so the name and the figure are what stand out.
   */
  #rates(rates: NonNullable<ShownPlan['rates']>): TemplateResult {
    return html`${rates.map(({ text, cft }, i) => {
      if (!cft) return html`${i ? ' ' : nothing}<span part="rate">${text}</span>`;
      const [before, gloss, after] = text.split(/([(（][^)）]*[)）])/);
      return html`<strong class="cft" part="cft">${before}${gloss ? html`<span class="gloss">${gloss}</span>${after}` : nothing}</strong>`;
    })}`;
  }

  /**
   * Each plan a box: its radio beside its words at every width, the total and the rates inside
   * the same box. The radio is named by the wording and the total, and described by the rates.
   */
  #radios(plans: readonly ShownPlan[], chosen: number, t: InstallmentMessages): TemplateResult {
    return html`<fieldset dir=${this.direction}>
      <legend part="legend">${t.installments}</legend>
      <div class="options">${plans.map(({ option, free, text, note, total, rates }) => {
        const id = String(option.installments);
        return html`<label part="option" class=${free ? 'free' : ''}>
          <input
            type="radio"
            part="radio"
            name="installments"
            .value=${id}
            .checked=${option.installments === chosen}
            aria-labelledby=${[`text-${id}`, note && `note-${id}`, total && `total-${id}`].filter(Boolean).join(' ')}
            aria-describedby=${rates ? `rates-${id}` : nothing}
            @change=${() => this.#choose(option)}
          />
          <span class="body">
            <span class="head"><span class="text" id=${`text-${id}`}>${text}</span>${note ? html`<span class="note" part=${free ? 'note free' : 'note'} id=${`note-${id}`}>${note}</span>` : nothing}</span>
            ${total ? html`<span class="total" part="total" id=${`total-${id}`}>${total}</span>` : nothing}
            ${rates ? html`<span class="rates" part="rates" id=${`rates-${id}`}>${this.#rates(rates)}</span>` : nothing}
          </span>
        </label>`;
      })}</div>
    </fieldset>`;
  }

  /** More than six plans: a select, named by its label alone, with the chosen plan's rates below it. */
  #select(plans: readonly ShownPlan[], chosen: number, t: InstallmentMessages): TemplateResult {
    const current = plans.find((p) => p.option.installments === chosen) ?? plans[0]!;
    return html`<div class="group" dir=${this.direction}>
      <label class="select-label" part="legend" for="select">${t.chooseInstallments}</label>
      <select
        id="select"
        part="select"
        aria-describedby=${current.rates ? 'rates' : nothing}
        @change=${(e: Event) => this.#choose(plans.find((p) => String(p.option.installments) === (e.target as HTMLSelectElement).value)?.option)}
      >
        ${plans.map(({ option, text, note, total }) => html`<option .value=${String(option.installments)} .selected=${option.installments === current.option.installments}>${[text, note, total].filter(Boolean).join(' · ')}</option>`)}
      </select>
      ${current.rates ? html`<div class="rates" part="rates" id="rates" aria-live="polite">${this.#rates(current.rates)}</div>` : nothing}
    </div>`;
  }

  protected override render() {
    const options = this.options;
    const order = this.checkout?.order;
    if (options.length === 0 || !order) return html`<div class="hidden"></div>`;
    // Before this render is painted: the look, once, now that there is something to show.
    adoptWhenShown(this, styled, look);
    const lang = this.requestedLang();
    const t = rules!.installmentWords(this.locale);
    const plans = rules!.describePlans(this.plan!, options, order, t, lang, this.locale);
    const chosen = this.checkout?.plan?.installments ?? 1;
    return plans.length > MAX_RADIOS
      ? this.#select(plans, chosen, t)
      : this.#radios(plans, chosen, t);
  }
}

customElements.define('paylit-installments', PaylitInstallments);

declare global {
  interface HTMLElementTagNameMap {
    'paylit-installments': PaylitInstallments;
  }
}
