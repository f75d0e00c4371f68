/**
 * `<paylit-saved-methods>`: a returning payer's saved cards and active subscriptions, behind
 * the payer session the merchant's server minted (`payerSessionFor`). The chunk
 * `paylit.paylit-saved-methods.js` (this module), which `<paylit-checkout payer-session="…">`
 * loads only when the page gives a payer session, and draws after its pay button.
 *
 * Each card (brand, last four, expiry) has Remove, each subscription (payee, amount or limit,
 * how often, Pix Automático or card) Cancel subscription; either asks first, in place (a
 * group with the question, "Yes" and "No", focus on "No", Esc for "No"), never with `window.confirm`. What
 * happened is said in the view's one live region; an ended session, a load or an action that
 * failed are said in the payer's language. A card removed is gone from the checkout's saved
 * cards too (`paylit-saved-card-removed`, which the checkout hears).
 *
 * @fires paylit-saved-card-removed - a card was removed at the API (`detail.cardId`): no later order offers it
 * @fires paylit-subscription-cancelled - a subscription was cancelled (`detail.subscription`)
 *
 * @csspart saved-methods - the whole section
 */
import type { PayerCardView, PayerSubscriptionView } from '@paylit/core/checkout';
import { getBrand } from '@paylit/core/card';
import { formatAmount } from '@paylit/core/money';
import { html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { format } from '../../i18n/format.js';
import { LocalizedElement } from '../../internal/localized.js';
import type { CompanionServer } from '../paylit-checkout/checkout-client.js';
import {
  cancelSubscription,
  listSavedMethods,
  removeSavedCard,
  sessionEnded,
} from './saved-methods-client.js';
import { savedMethodsStyles } from './paylit-saved-methods.styles.js';
import {
  loadSavedMethodsWords,
  savedMethodsWords,
  type SavedMethodsMessages,
} from './saved-methods-words.js';

type View =
  | { phase: 'loading' }
  | { phase: 'failed'; message: (t: SavedMethodsMessages) => string }
  | { phase: 'ready'; cards: PayerCardView[]; subscriptions: PayerSubscriptionView[] };

/** What the payer is asked to confirm: a card's removal or a subscription's cancellation. */
type Asking = { kind: 'card'; id: string } | { kind: 'subscription'; id: string };

/** Brazil's recurring Pix: its own name in every language, as a brand's. */
const PIX_AUTOMATICO = 'Pix Automático';

const FREQUENCY = {
  WEEKLY: 'weekly',
  MONTHLY: 'monthly',
  QUARTERLY: 'quarterly',
  SEMI_ANNUAL: 'semiAnnual',
  ANNUAL: 'annual',
} as const;

/**
 * Not an element a page places: the checkout draws it for its `payer-session`, and its part is
 * the checkout's (`exportparts`), so it is left out of custom-elements.json and the framework
 * types, as the pending view is.
 *
 * @internal
 */
export class PaylitSavedMethods extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    session: {},
    server: { attribute: false },
    view: { attribute: false },
    asking: { attribute: false },
    busy: { attribute: false },
    said: { attribute: false },
  };
  static override styles = savedMethodsStyles;

  /** The payer session secret (`<customer id>_payer_<expiry>_…`). */
  session = '';
  /** The companion server (its `endpoint` and `fetch`): the checkout hands itself in. */
  server: CompanionServer | undefined;
  private view: View = { phase: 'loading' };
  private asking: Asking | undefined;
  private busy = false;
  /**
   * The live region's words: what just happened, or why it did not; kept as how to say it, so
   * that a `lang` changed since says it in the new language.
   */
  private said: ((t: SavedMethodsMessages) => string) | undefined;
  /** Where focus goes back after a question is answered "No". */
  #returnTo: string | undefined;

  /** This element's own words, in the shopper's language once loaded (saved-methods-words.ts). */
  get #words(): SavedMethodsMessages {
    return savedMethodsWords(this.locale);
  }

  /** No render before its words in the shopper's language are here (nor the catalog's). */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const words = loadSavedMethodsWords(this.locale);
    if (!words) return super.scheduleUpdate();
    return words.then(() => super.scheduleUpdate());
  }

  /** The checkout that drew it, whose Pay refusals it hears. */
  #host: Element | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.#host = (this.getRootNode() as ShadowRoot).host;
    this.#host?.addEventListener('paylit-error', this.#refused);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#host?.removeEventListener('paylit-error', this.#refused);
  }

  /**
   * Pay refused with 5008 (a saved card no longer active: removed in another tab on the same
   * session): the list is asked again, and the checkout told of each card gone (the event not
   * bubbling: the page heard of the removal where it was made), so that it no longer offers it.
   */
  #refused = async (e: Event): Promise<void> => {
    if ((e as CustomEvent<{ code?: number }>).detail?.code !== 5008) return;
    const before = this.view.phase === 'ready' ? this.view.cards : [];
    await this.load();
    if (this.view.phase !== 'ready') return;
    const now = new Set(this.view.cards.map((c) => c.card_id));
    for (const { card_id: cardId } of before)
      if (!now.has(cardId))
        this.dispatchEvent(new CustomEvent('paylit-saved-card-removed', { detail: { cardId } }));
  };

  protected override willUpdate(changed: PropertyValues<this>): void {
    if ((changed.has('session') || changed.has('server')) && this.session && this.server)
      void this.load();
  }

  /** Loads the list again (also "Try again"). */
  async load(): Promise<void> {
    const { server, session } = this;
    if (!server || !session) return;
    this.view = { phase: 'loading' };
    const result = await listSavedMethods(server, session);
    // Asked for another session (or server) than the element has now: a later load answers.
    if (session !== this.session || server !== this.server) return;
    this.view = result.ok
      ? {
          phase: 'ready',
          cards: [...result.answer.cards],
          subscriptions: [...result.answer.subscriptions],
        }
      : {
          phase: 'failed',
          message: sessionEnded(result) ? (t) => t.sessionEnded : (t) => t.loadFailed,
        };
  }

  #cardName(card: PayerCardView): string {
    return format(this.t.cardEnding, {
      brand: getBrand(card.brand)?.name ?? card.brand,
      last4: card.last4,
    });
  }

  #expiry(card: PayerCardView): string {
    const date = `${String(card.expiration_month).padStart(2, '0')}/${String(card.expiration_year).slice(-2)}`;
    return format(this.#words.expires, { date });
  }

  #terms(sub: PayerSubscriptionView): string {
    const t = this.#words;
    const lang = this.requestedLang();
    const money =
      sub.amount.type === 'FIXED'
        ? formatAmount(sub.amount.value, sub.currency, lang)
        : format(t.upTo, { amount: formatAmount(sub.amount.max, sub.currency, lang) });
    return `${money} · ${t[FREQUENCY[sub.frequency]]} · ${sub.method === 'XA' ? PIX_AUTOMATICO : t.card}`;
  }

  async #ask(asking: Asking, from: string): Promise<void> {
    this.asking = asking;
    this.#returnTo = from;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLButtonElement>('.confirm .no')?.focus();
  }

  async #answerNo(): Promise<void> {
    this.asking = undefined;
    await this.updateComplete;
    if (this.#returnTo) this.renderRoot.querySelector<HTMLElement>(`#${this.#returnTo}`)?.focus();
  }

  async #confirm(): Promise<void> {
    const asking = this.asking;
    const server = this.server;
    if (!asking || !server || this.busy || this.view.phase !== 'ready') return;
    this.busy = true;
    this.said = (t) => t.working;
    try {
      if (asking.kind === 'card') {
        const card = this.view.cards.find((c) => c.card_id === asking.id);
        const result = await removeSavedCard(server, this.session, asking.id);
        if (!result.ok && result.error?.type === 'card_in_use') {
          // It pays a subscription still running: the card stays, and the payer is told why.
          this.said = (t) => format(t.cardInUse, { card: card ? this.#cardName(card) : '' });
          return this.#answerNo();
        }
        if (!result.ok) return this.#failed(sessionEnded(result));
        if (this.view.phase === 'ready')
          this.view = {
            ...this.view,
            cards: this.view.cards.filter((c) => c.card_id !== asking.id),
          };
        this.said = (t) => format(t.removed, { card: card ? this.#cardName(card) : '' });
        this.dispatchEvent(
          new CustomEvent('paylit-saved-card-removed', {
            detail: { cardId: asking.id },
            bubbles: true,
            composed: true,
          }),
        );
      } else {
        const sub = this.view.subscriptions.find((s) => s.id === asking.id);
        const result = await cancelSubscription(server, this.session, asking.id);
        if (!result.ok) return this.#failed(sessionEnded(result));
        if (this.view.phase === 'ready')
          this.view = {
            ...this.view,
            subscriptions: this.view.subscriptions.filter((s) => s.id !== asking.id),
          };
        this.said = (t) => format(t.cancelled, { payee: sub?.payee ?? '' });
        this.dispatchEvent(
          new CustomEvent('paylit-subscription-cancelled', {
            detail: { subscription: result.answer.subscription },
            bubbles: true,
            composed: true,
          }),
        );
      }
      this.asking = undefined;
      await this.updateComplete;
      // The row and its button are gone: focus the section's heading, where the list goes on.
      this.renderRoot.querySelector<HTMLElement>('h2')?.focus();
    } finally {
      this.busy = false;
    }
  }

  #failed(ended: boolean): void {
    this.said = ended ? (t) => t.sessionEnded : (t) => t.actionFailed;
  }

  #question(text: string, yes: string) {
    const t = this.#words;
    return html`<div class="confirm" role="group" aria-labelledby="ask"
      @keydown=${(e: KeyboardEvent) => (e.key === 'Escape' && !this.busy ? void this.#answerNo() : undefined)}>
      <p id="ask">${text}</p>
      <div class="actions">
        <button type="button" class="yes" aria-disabled=${this.busy} @click=${() => void this.#confirm()}>${yes}</button>
        <button type="button" class="no" ?disabled=${this.busy} @click=${() => void this.#answerNo()}>${t.keep}</button>
      </div>
    </div>`;
  }

  #cardRow(card: PayerCardView, i: number) {
    const t = this.#words;
    const name = this.#cardName(card);
    const asked = this.asking?.kind === 'card' && this.asking.id === card.card_id;
    return html`<li>
      <div class="item"><span class="name" id="card-${i}">${name}</span><span class="detail">${this.#expiry(card)}</span></div>
      ${
        asked
          ? this.#question(format(t.removeAsk, { card: name }), t.removeYes)
          : html`<button type="button" id="remove-${i}" aria-describedby="card-${i}" ?disabled=${this.asking !== undefined}
            @click=${() => void this.#ask({ kind: 'card', id: card.card_id }, `remove-${i}`)}>${t.remove}</button>`
      }
    </li>`;
  }

  #subscriptionRow(sub: PayerSubscriptionView, i: number) {
    const t = this.#words;
    const asked = this.asking?.kind === 'subscription' && this.asking.id === sub.id;
    const status =
      sub.status === 'pending' ? t.pending : sub.status === 'past_due' ? t.pastDue : undefined;
    return html`<li>
      <div class="item"><span class="name" id="sub-${i}">${sub.payee}</span>
        ${sub.description ? html`<span class="detail">${sub.description}</span>` : nothing}
        <span class="detail">${this.#terms(sub)}</span>
        ${status ? html`<span class="detail status">${status}</span>` : nothing}</div>
      ${
        asked
          ? this.#question(format(t.cancelAsk, { payee: sub.payee }), t.cancelYes)
          : html`<button type="button" id="cancel-${i}" aria-describedby="sub-${i}" ?disabled=${this.asking !== undefined}
            @click=${() => void this.#ask({ kind: 'subscription', id: sub.id }, `cancel-${i}`)}>${t.cancel}</button>`
      }
    </li>`;
  }

  protected override render() {
    const t = this.#words;
    const view = this.view;
    let body;
    if (view.phase === 'loading') body = html`<p class="quiet">${t.loading}</p>`;
    else if (view.phase === 'failed')
      body = html`<p class="error">${view.message(t)}</p>
        <button type="button" class="retry" @click=${() => void this.load()}>${this.t.retry}</button>`;
    else if (view.cards.length === 0 && view.subscriptions.length === 0)
      body = html`<p class="quiet">${t.empty}</p>`;
    else
      body = html`${
        view.cards.length
          ? html`<h3>${t.cards}</h3><ul role="list">${view.cards.map((c, i) => this.#cardRow(c, i))}</ul>`
          : nothing
      }${
        view.subscriptions.length
          ? html`<h3>${t.subscriptions}</h3><ul role="list">${view.subscriptions.map((s, i) => this.#subscriptionRow(s, i))}</ul>`
          : nothing
      }`;
    return html`<section part="saved-methods" class="saved" dir=${this.direction} aria-labelledby="title">
      <h2 id="title" tabindex="-1">${t.title}</h2>
      ${body}
      <p class="said" role="status">${this.said?.(t) ?? ''}</p>
    </section>`;
  }
}

if (!customElements.get('paylit-saved-methods'))
  customElements.define('paylit-saved-methods', PaylitSavedMethods);

declare global {
  interface HTMLElementTagNameMap {
    'paylit-saved-methods': PaylitSavedMethods;
  }
}
