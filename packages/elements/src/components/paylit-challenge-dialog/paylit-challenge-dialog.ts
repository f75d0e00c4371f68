/**
 * The bank's 3-D Secure page in a modal dialog over the checkout, while the payment waits on it
 * (the page behind it inert, focus kept inside by the browser). Esc or Close asks "Cancel the
 * payment?" (a second Esc the browser will not let it hold back closes the dialog: it opens
 * again over the same bank's page): no goes on with the bank's page; yes cancels it at the
 * companion server (`POST /payments/:id/cancel`) and answers the checkout with `paylit-pending-settled`
 * (`PendingSettledEvent`, checkout-flow.ts): the form again, said so; or, paid or declined
 * meanwhile, that. Not cancelled (no answer, a refusal), the bank's page stays and the dialog
 * says why. A page whose own CSP refuses to frame the bank's page (its `frame-src`, said by the
 * browser on the document) answers a redirect: the shopper goes to the bank's page instead.
 *
 * The checkout renders it beside `<paylit-pending>`, each loaded as a chunk of its own (a Pix or a
 * voucher never loads this one), with the payment,
 * the bank's page, the companion server and the order's secret as properties; it reads the
 * checkout's language through `@lit/context`. Its words are the pending view's
 * (its catalog's `pendingView`).
 *
 * @csspart challenge - the dialog
 * @csspart challenge-frame - the bank's page inside it (an iframe)
 * @csspart close - the dialog's close button (it asks "Cancel the payment?", as Esc does)
 */
import type { PaymentView } from '@paylit/core/checkout';
import { isPaymentMade } from '@paylit/core/rules';
import { html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { consumeCheckout, type CheckoutContextValue } from '../../context/checkout-context.js';
import type { Messages } from '../../i18n/index.js';
import { LocalizedElement } from '../../internal/localized.js';
import { rightToLeft } from '../../i18n/locales.js';
import { cancelPayment, type CompanionServer } from '../paylit-checkout/checkout-client.js';
import {
  PendingSettledEvent,
  type Reader,
  type Settled,
} from '../paylit-checkout/checkout-flow.js';
import { settle } from '../paylit-checkout/checkout-payment.js';
import { challengeStyles } from './paylit-challenge-dialog.styles.js';

/** Whether a page of another origin holds this one in a frame (any ancestor, not only the parent). */
function framedByOthers(): boolean {
  const { location, top, self } = globalThis;
  if (top === self) return false;
  // Chromium and WebKit list the ancestors' origins; elsewhere the top is read, which a page of
  // another origin refuses.
  if (location.ancestorOrigins)
    return Array.prototype.some.call(location.ancestorOrigins, (o) => o !== location.origin);
  try {
    return top!.location.origin !== location.origin;
  } catch {
    return true;
  }
}

/**
 * Not an element a page places: the checkout draws it, and its parts are the checkout's
 * (`exportparts`), so it is left out of custom-elements.json and the framework types.
 *
 * @internal
 */
export class PaylitChallengeDialog extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    url: { attribute: false },
    payment: { attribute: false },
    server: { attribute: false },
    order: { attribute: false },
    messages: { attribute: false },
    asking: { state: true },
    busy: { state: true },
    failed: { state: true },
    ended: { state: true },
    checkout: { state: true },
  };
  static override styles = challengeStyles;

  /** The bank's page. */
  url = '';
  /** The payment that waits on it. */
  payment: PaymentView | undefined;
  /** The companion server the checkout pays through (its `endpoint` and `fetch`). */
  server: CompanionServer | undefined;
  /** The order's client secret. */
  order = '';
  /** The checkout's catalog: how a payment's answer is said (checkout-payment.ts). */
  messages: Messages | undefined;

  /** "Cancel the payment?" is asked. */
  private asking = false;
  /** The cancellation is under way: "Yes, cancel it" does nothing more meanwhile. */
  private busy = false;
  /** The payment could not be cancelled (it stays: the shopper may try again); said as the network's failure. */
  private failed = false;
  /** Answered: the checkout goes elsewhere; the dialog closes. */
  private ended = false;
  private checkout: CheckoutContextValue | undefined;
  readonly #consumer = consumeCheckout(this, (checkout) => (this.checkout = checkout));
  #listening: Document | undefined;
  /** The box the dialog stands over (the checkout's), followed as it shows and hides: `updated`. */
  readonly #box = new ResizeObserver(() => this.requestUpdate());

  /** The checkout's language, else the nearest ancestor's or the page's; its catalog is loaded before any render. */
  protected override requestedLang(): string | undefined {
    return this.checkout?.lang ?? super.requestedLang();
  }

  get #t(): Messages['pendingView'] {
    return this.t.pendingView;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#listening = this.ownerDocument;
    this.#listening.addEventListener('securitypolicyviolation', this.#refused);
    if (this.parentElement) this.#box.observe(this.parentElement);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#listening?.removeEventListener('securitypolicyviolation', this.#refused);
    this.#box.disconnect();
    this.#dialog?.close();
  }

  get #dialog(): HTMLDialogElement | null | undefined {
    return this.renderRoot?.querySelector('dialog');
  }

  /** Tells the checkout where it goes next (`say`: how, read by any reader); the dialog closes. */
  #settle(say: (reader: Reader) => Settled, reset: boolean): void {
    this.ended = true;
    this.dispatchEvent(new PendingSettledEvent(say({ t: this.messages! }), reset, say));
  }

  /** The page's own CSP refuses to frame the bank's page: the shopper goes to it instead. */
  readonly #refused = (event: SecurityPolicyViolationEvent) => {
    const url = this.url;
    if (
      !url ||
      !this.payment ||
      this.ended ||
      event.effectiveDirective !== 'frame-src' ||
      !url.startsWith(new URL(event.blockedURI || 'about:blank', url).origin)
    )
      return;
    const payment = this.payment;
    this.#settle((reader) => ({ to: 'redirect', payment, url, text: reader.t.redirecting }), false);
  };

  /** "Yes, cancel it": the server cancels the payment; the form again, said so. */
  async #cancel(): Promise<void> {
    if (this.busy || !this.payment || !this.server) return;
    this.busy = true;
    this.failed = false;
    const result = await cancelPayment(this.server, this.order, this.payment.id);
    this.busy = false;
    if (this.ended) return;
    if (!result.ok) {
      // Not cancelled (no answer, a refusal): the bank's page stays; the shopper may try again.
      this.failed = true;
      return;
    }
    const { payment, nextAction } = result.answer;
    if (payment.status === 'CANCELLED')
      return this.#settle(
        (reader) => ({ to: 'declined', payment, text: reader.t.pendingView.cancelled }),
        true,
      );
    // Paid or declined meanwhile: that, as the live connection would have said it.
    this.#settle(
      (reader) => settle(payment, nextAction, reader, true),
      !isPaymentMade(payment.status),
    );
  }

  /**
   * Inside a frame of a page of another origin (a marketplace holding the shop's page), the
   * browser asks the bank's page about every ancestor, where the server could ask only about
   * the shop's: the shopper goes to the bank's page instead, in the whole tab.
   */
  protected override willUpdate(): void {
    const { url, payment } = this;
    if (url && payment && !this.ended && framedByOthers())
      this.#settle(
        (reader) => ({ to: 'redirect', payment, url, text: reader.t.redirecting }),
        false,
      );
  }

  protected override updated(changed: PropertyValues): void {
    const dialog = this.#dialog;
    // Hidden with the checkout and kept (display: none around it: React's <Activity>, a kept
    // view, a closed tab panel): closed, or the whole page would stay inert under a dialog no
    // one sees; open again over the same payment once it shows.
    const shown = this.parentElement?.checkVisibility?.() ?? true;
    if (dialog && !dialog.open && this.isConnected && shown) dialog.showModal();
    if (dialog?.open && !shown) dialog.close();
    if (changed.has('asking') && changed.get('asking') !== undefined)
      this.renderRoot.querySelector<HTMLElement>(this.asking ? '.ask .primary' : '.close')?.focus();
  }

  #ask(on: boolean): void {
    this.asking = on;
    if (!on) this.failed = false;
  }

  /** Esc: the browser would close the dialog; it asks first. */
  #escape(event: Event): void {
    event.preventDefault();
    this.#ask(!this.asking);
  }

  /**
   * The browser closed the dialog itself: a second Esc with no click or key of the shopper's
   * since the first may not be held back (its `cancel` cannot be prevented). The payment still
   * waits on the bank's page: the dialog opens again as it was, focus where it was put.
   */
  #closed(): void {
    const dialog = this.#dialog;
    if (this.ended || !this.isConnected || !dialog || dialog.open) return;
    if (!(this.parentElement?.checkVisibility?.() ?? true)) return;
    dialog.showModal();
    this.renderRoot.querySelector<HTMLElement>(this.asking ? '.ask .primary' : '.close')?.focus();
  }

  protected override render() {
    if (this.ended || !this.url) return nothing;
    const t = this.#t;
    return html`<dialog part="challenge" class="challenge" aria-labelledby="title"
      dir=${rightToLeft.has(this.locale) ? 'rtl' : 'ltr'} lang=${this.locale} @cancel=${this.#escape} @close=${this.#closed}>
      <div class="bar"><h2 id="title">${t.bankCheck}</h2><button type="button" class="close" part="close" aria-label=${t.close} @click=${() => this.#ask(true)}>×</button></div>
      <iframe src=${this.url} title=${t.bankPage} part="challenge-frame" ?inert=${this.asking}></iframe>
      <div class="ask" role="alertdialog" aria-labelledby="ask" ?hidden=${!this.asking}>
        <p id="ask">${t.cancelAsk}</p>
        ${this.failed ? html`<p class="error" role="alert">${this.t.networkError}</p>` : nothing}
        <div class="row"><button type="button" aria-disabled=${this.busy ? 'true' : nothing}
          @click=${() => void this.#cancel()}>${t.cancelYes}</button><button type="button" class="primary" @click=${() => this.#ask(false)}>${t.cancelNo}</button></div>
      </div>
    </dialog>`;
  }
}

if (!customElements.get('paylit-challenge-dialog'))
  customElements.define('paylit-challenge-dialog', PaylitChallengeDialog);

declare global {
  interface HTMLElementTagNameMap {
    'paylit-challenge-dialog': PaylitChallengeDialog;
  }
}
