/**
 * `<paylit-subscription>`: signing up to an order that is a subscription, drawn by the checkout
 * before its pay button when the view has `order.subscription` (its own chunk,
 * `paylit.subscription-signup.js`, which a one-time order never loads).
 *
 * - The ways to subscribe the view allows (Pix Automático, a card) as a choice, when both.
 * - Pix Automático: the mandate's terms before Pay (payee, frequency, the fixed amount or "up
 *   to" the maximum, first charge and end as calendar dates, that the payer can cancel in their
 *   bank's app). On Pay the checkout calls `signUp()`: `POST /subscriptions`, then the
 *   authorization (the bank's page when the API gave one; else the payer's bank app) with the
 *   mandate's status live (`GET /subscriptions/events`), `paylit-subscribed` once ACTIVE and
 *   `paylit-declined` when REJECTED or CANCELLED.
 * - A card: an unticked consent to the card-on-file terms (amount, frequency, how to cancel).
 *   On Pay the checkout calls `consent()`: unticked, the box says why and nothing is sent.
 *
 * Not an element a page places: the checkout draws it, and its parts are the checkout's.
 *
 * @internal
 */
import { html, nothing, type PropertyDeclarations } from 'lit';
import { live } from 'lit/directives/live.js';
import type { CollectedPayer, Plan, SubscriptionAnswer } from '@paylit/core/checkout';
import { formatAmount } from '@paylit/core/money';
import { consumeCheckout, type CheckoutContextValue } from '../../context/checkout-context.js';
import { PaylitDeclinedEvent, PaylitErrorEvent } from '../../events/payment-events.js';
import { PaylitSubscribedEvent, type SubscriptionView } from '../../events/subscription-events.js';
import { format } from '../../i18n/index.js';
import { LocalizedElement } from '../../internal/localized.js';
import { call, post, refusalKind, type CompanionServer } from './checkout-client.js';
import { followSubscription } from './subscription-live.js';
import {
  loadSubscriptionWords,
  subscriptionWords,
  type SubscriptionMessages,
} from './subscription-words.js';
import { subscriptionStyles } from './subscription-signup.styles.js';

/** A mandate's status code as the API gives an enrollment's: refused, cancelled. */
const DECLINED_CODES = { REJECTED: '300', CANCELLED: '400' } as const;

/** A plan's calendar date (YYYY-MM-DD) in the shopper's words, the day itself whatever their time zone. */
export function calendarDate(date: string, lang: string | undefined): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** What the plan charges each period, in words: the amount, or "up to" its maximum. */
function chargeWords(
  plan: Plan,
  currency: string,
  lang: string | undefined,
  t: SubscriptionMessages,
) {
  const a = plan.amount;
  const amount = formatAmount(a.type === 'FIXED' ? a.value : a.max, currency, lang);
  return { amount, fixed: a.type === 'FIXED', upTo: format(t.upTo, { amount }) };
}

let ids = 0;

/**
 * Not an element a page places: the checkout draws it, and its parts are the checkout's
 * (`exportparts`), so it is left out of custom-elements.json and the framework types.
 *
 * @internal
 */
export class PaylitSubscription extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    server: { attribute: false },
    order: { attribute: false },
    checkout: { attribute: false },
    consented: { attribute: false },
    consentError: { attribute: false },
    mandate: { attribute: false },
    failed: { attribute: false },
  };
  static override styles = subscriptionStyles;

  /** The companion server the checkout pays through (its `endpoint` and `fetch`). */
  server: CompanionServer | undefined;
  /** The order's client secret. */
  order = '';

  private checkout: CheckoutContextValue | undefined;
  private consented = false;
  private consentError = false;
  /** The mandate once signed up: its status as the server last said it. */
  private mandate: SubscriptionView | undefined;
  /** The sign-up's last refusal: its HTTP status (0: no answer), said in the payer's words. */
  private failed: number | undefined;

  readonly #id = `paylit-subscription-${++ids}`;
  readonly #consumer = consumeCheckout(this, (checkout) => (this.checkout = checkout));
  #stop: (() => void) | undefined;

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    // Another order: nothing of the last one's sign-up stays.
    if (changed.has('order') && changed.get('order') !== undefined) {
      this.#stop?.();
      this.#stop = undefined;
      this.mandate = undefined;
      this.consented = this.consentError = false;
      this.failed = undefined;
    }
  }

  protected override updated(): void {
    // Pix Automático alone: the checkout's selection says so (what it asks of the payer, its Pay).
    const s = this.checkout?.selection;
    if (this.pix && !(s?.type === 'redirect' && s.methodId === 'XA')) this.#choose('XA');
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stop?.();
    this.#stop = undefined;
  }

  /** The checkout's language, else the nearest ancestor's or the page's. */
  protected override requestedLang(): string | undefined {
    return this.checkout?.lang ?? super.requestedLang();
  }

  get #t(): SubscriptionMessages {
    return subscriptionWords(this.locale);
  }

  /** Pay's words for Pix Automático, once the sign-up speaks the shopper's language; undefined for a card. */
  get payLabel(): string | undefined {
    return this.pix && this.hasUpdated ? this.#t.authorize : undefined;
  }

  /** No render before the sign-up's words in the shopper's language are here (nor the catalog's). */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const words = loadSubscriptionWords(this.locale);
    if (!words) return super.scheduleUpdate();
    return words.then(() => super.scheduleUpdate());
  }

  get #view() {
    return this.checkout?.order?.subscription;
  }

  /** Whether the payer subscribes by Pix Automático: chosen, or the only way the order allows. */
  get pix(): boolean {
    const methods = this.#view?.methods ?? [];
    if (!methods.includes('CARD')) return methods.includes('XA');
    const s = this.checkout?.selection;
    return s?.type === 'redirect' && s.methodId === 'XA';
  }

  /** Whether a mandate was signed up: the checkout shows no form any more. */
  get signedUp(): boolean {
    return this.mandate !== undefined;
  }

  /**
   * For a card: whether the shopper ticked the card-on-file consent. Unticked, the box says why
   * (announced) and takes focus; nothing is to be sent.
   */
  consent(): boolean {
    this.consentError = !this.consented;
    if (this.consentError)
      void this.updateComplete.then(() =>
        this.renderRoot.querySelector<HTMLInputElement>('input[name=subscribe]')?.focus(),
      );
    return this.consented;
  }

  /**
   * Signs the payer up by Pix Automático, with the details the order lacked; false when the
   * server refused it or could not be reached: said in the payer's words, and one
   * `paylit-error` (Pay asks again, and the server answers the same mandate).
   */
  async signUp(payer: CollectedPayer | undefined): Promise<boolean> {
    if (!this.server) return false;
    this.failed = undefined;
    const result = await call<SubscriptionAnswer>(
      this.server,
      '/subscriptions',
      post({
        order: this.order,
        method: { type: 'XA' },
        ...(payer && Object.keys(payer).length > 0 ? { payer } : {}),
      }),
      'subscription',
    );
    if (!result.ok) {
      const { status, error, retryAfter } = result;
      this.failed = status;
      this.dispatchEvent(
        new PaylitErrorEvent({
          kind: refusalKind(result),
          message: error?.message ?? this.#failedWords(status),
          retryable: !status || status === 429 || Boolean(error?.retryable),
          ...(retryAfter !== undefined ? { retryAfter } : {}),
          ...(error?.code !== undefined ? { code: error.code } : {}),
          ...(error?.param ? { param: error.param } : {}),
          ...(error?.fields ? { fields: error.fields } : {}),
        }),
      );
      // The payer's details it names: said on their fields, as a card payment's refusal does.
      if (error?.fields)
        (this.getRootNode() as ParentNode)
          .querySelector('paylit-payer-fields')
          ?.refuse?.(error.fields);
      return false;
    }
    this.#heard(result.answer.subscription);
    if (this.mandate?.status === 'PENDING' && this.server)
      this.#stop = followSubscription(this.server, this.order, (a) => this.#heard(a.subscription));
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('h2')?.focus());
    return true;
  }

  /** Why the sign-up failed, as the card's payment says it: no answer, too many attempts, or refused. */
  #failedWords(status: number): string {
    return status === 0
      ? this.t.networkError
      : status === 429
        ? this.t.apiErrors[6000]
        : this.#t.failed;
  }

  #heard(subscription: SubscriptionView): void {
    const before = this.mandate?.status;
    this.mandate = subscription;
    if (before === subscription.status) return;
    if (subscription.status === 'ACTIVE')
      this.dispatchEvent(new PaylitSubscribedEvent(subscription));
    else if (subscription.status === 'REJECTED' || subscription.status === 'CANCELLED')
      this.dispatchEvent(
        new PaylitDeclinedEvent(
          undefined,
          this.#t[subscription.status === 'REJECTED' ? 'rejected' : 'cancelled'],
          DECLINED_CODES[subscription.status],
        ),
      );
  }

  #choose(type: 'XA' | 'CARD'): void {
    this.checkout?.select(type === 'XA' ? { type: 'redirect', methodId: 'XA' } : { type: 'card' });
  }

  protected override render() {
    const view = this.#view;
    const order = this.checkout?.order;
    if (!view || !order) return nothing;
    const t = this.#t;
    const lang = this.requestedLang();
    const dir = this.direction;
    if (this.mandate) return this.#status(this.mandate, view.plan, lang, dir);
    const both = view.methods.includes('XA') && view.methods.includes('CARD');
    const pix = this.pix;
    const charge = chargeWords(view.plan, order.currency, lang, t);
    const every = t.every[view.plan.frequency];
    return html`<div class="subscription" dir=${dir}>
      ${
        both
          ? html`<fieldset part="subscription-methods" class="methods">
              <legend>${t.how}</legend>
              ${(['XA', 'CARD'] as const).map(
                (m) => html`<label><input type="radio" name="${this.#id}-method" value=${m}
                  .checked=${live(m === 'XA' ? pix : !pix)} @change=${() => this.#choose(m)} />
                  <span>${m === 'XA' ? 'Pix Automático' : t.card}</span></label>`,
              )}
            </fieldset>`
          : nothing
      }
      ${
        pix
          ? html`<section part="mandate" class="mandate" aria-labelledby="${this.#id}-terms">
              <h2 id="${this.#id}-terms" class="terms">${t.terms}</h2>
              <dl>
                ${view.payee ? html`<dt>${t.payee}</dt><dd>${view.payee}</dd>` : nothing}
                <dt>${t.frequency}</dt><dd>${t.frequencies[view.plan.frequency]}</dd>
                <dt>${t.amount}</dt><dd>${charge.fixed ? charge.amount : charge.upTo}</dd>
                <dt>${t.starts}</dt><dd>${calendarDate(view.plan.startDate, lang)}</dd>
                <dt>${t.ends}</dt><dd>${view.plan.endDate ? calendarDate(view.plan.endDate, lang) : t.noEnd}</dd>
              </dl>
              <p class="note">${t.cancelInBank}</p>
              ${this.failed === undefined ? nothing : html`<p class="error" role="alert">${this.#failedWords(this.failed)}</p>`}
            </section>`
          : view.methods.includes('CARD')
            ? html`<div part="subscription-consent" class="consent">
                <label><input type="checkbox" name="subscribe" .checked=${live(this.consented)}
                  aria-invalid=${this.consentError ? 'true' : 'false'}
                  aria-describedby="${this.#id}-card-terms ${this.#id}-error"
                  @change=${(e: Event) => {
                    this.consented = (e.target as HTMLInputElement).checked;
                    if (this.consented) this.consentError = false;
                  }} /><span>${format(charge.fixed ? t.consentFixed : t.consentVariable, { amount: charge.amount, every })}</span></label>
                <p id="${this.#id}-card-terms" class="note">${format(t.consentTerms, { date: calendarDate(view.plan.startDate, lang) })}</p>
                <p id="${this.#id}-error" class="error" role="alert">${this.consentError ? t.consentRequired : ''}</p>
              </div>`
            : nothing
      }
    </div>`;
  }

  #status(mandate: SubscriptionView, plan: Plan, lang: string | undefined, dir: string) {
    const t = this.#t;
    const status = mandate.status;
    return html`<div part="subscription-status" class="status ${status.toLowerCase()}" dir=${dir}>
      <div role="status">${
        status === 'PENDING'
          ? html`<h2 tabindex="-1">${t.waitingTitle}</h2>
              <p>${t.waitingSteps}</p>
              ${
                mandate.redirectUrl
                  ? html`<p><a part="bank-link" href=${mandate.redirectUrl}>${t.openBank}</a></p>`
                  : nothing
              }
              <p class="note">${t.waiting}</p>`
          : status === 'ACTIVE'
            ? html`<h2 tabindex="-1">${t.active}</h2>
                <p>${format(t.activeDetail, { date: calendarDate(plan.startDate, lang) })}</p>
                <p class="note">${t.cancelInBank}</p>`
            : html`<h2 tabindex="-1">${t[status === 'REJECTED' ? 'rejected' : 'cancelled']}</h2>`
      }</div>
    </div>`;
  }
}

customElements.define('paylit-subscription', PaylitSubscription);

declare global {
  interface HTMLElementTagNameMap {
    'paylit-subscription': PaylitSubscription;
  }
}
