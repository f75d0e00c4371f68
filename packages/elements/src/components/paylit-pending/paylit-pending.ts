/**
 * A payment the shopper pays away from the page, shown in the checkout's outcome while it waits:
 * Pix (its QR and its copy-and-paste code, a countdown to its expiry, the code first on a
 * phone), a cash voucher (its reference or typed line, its barcode drawn in its format, where to
 * pay, the printable voucher) or a bank transfer (bank, account, beneficiary, reference and
 * amount, each copyable); a card payment that waits on the bank's 3-D Secure page, a line
 * saying that page is open over this one (`<paylit-challenge-dialog>`, a chunk of its own, shows
 * that page). The chunk `paylit.paylit-pending.js` (this module), which the checkout loads for
 * its first PENDING outcome and renders with the payment. A voucher's and a transfer's views
 * are a chunk of their own (voucher-transfer.ts), loaded before such a payment is drawn, so that
 * a Pix code downloads neither.
 *
 * It reads the checkout's language and payment methods through `@lit/context`, takes the
 * payment, the bank's page, the companion server and the order's secret as properties, follows
 * the payment live (`LivePayment`, live-payment.ts) and answers the checkout with
 * `paylit-pending-settled` (`PendingSettledEvent`, checkout-flow.ts: where the checkout goes next, and whether
 * its form comes back): paid, the success state; declined or cancelled, the form again with
 * why; expired, "Get a new code", which asks the server for a new attempt (the order stays one
 * charge: the server cancels a code paid late). The state is the server's: a reload or a return
 * from the bank's app shows it again.
 *
 * Pix's QR is drawn on a canvas from the API's PNG, decoded in the page (`createImageBitmap`):
 * no `data:` or `blob:` URL, so the strictest CSP (`img-src 'self'`) shows it.
 *
 * For assistive technology the view is quiet (`aria-live="off"` inside the checkout's status
 * line): the countdown is hidden from it, the due time is said once, and only what the shopper
 * must hear is announced (copied; expired).
 *
 * @csspart pending - what the shopper pays with away from the page, with its due time
 * @csspart qr - Pix's QR code (a canvas, role img)
 * @csspart barcode - a voucher's barcode (ITF or Code 128, an SVG)
 * @csspart copy - each button that copies a code, a reference, an account or an amount
 * @csspart print - the link to a voucher's printable page
 * @csspart instructions - the link to a bank transfer's instructions on the bank's site
 * @csspart new-code - "Get a new code", once a Pix or voucher has expired
 */
import type { PaymentStatusAnswer, PaymentView, TicketView } from '@paylit/core/checkout';
import { formatAmount } from '@paylit/core/money';
import { isPaymentMade } from '@paylit/core/rules';
import {
  html,
  nothing,
  type PropertyDeclarations,
  type PropertyValues,
  type TemplateResult,
} from 'lit';
import { consumeCheckout, type CheckoutContextValue } from '../../context/checkout-context.js';
import { format } from '../../i18n/format.js';
import type { Messages } from '../../i18n/index.js';
import { LocalizedElement } from '../../internal/localized.js';
import { rightToLeft } from '../../i18n/locales.js';
import { submitPayment, type CompanionServer } from '../paylit-checkout/checkout-client.js';
import {
  PendingSettledEvent,
  type Reader,
  type Settled,
} from '../paylit-checkout/checkout-flow.js';
import { paid, settle as settleOf } from '../paylit-checkout/checkout-payment.js';
import { LivePayment } from './live-payment.js';
import { kindOf } from './pending-kind.js';
import type { PendingParts } from './voucher-transfer.js';
import { pendingStyles } from './paylit-pending.styles.js';
import { drawQr } from './qr-canvas.js';

/**
 * A voucher's and a transfer's views (voucher-transfer.ts), a chunk of its own: loaded before
 * such a payment is drawn, so a Pix code never downloads it.
 */
let away: typeof import('./voucher-transfer.js') | undefined;
const importAway = () => import('./voucher-transfer.js').then((module) => (away = module));
/**
 * The barcodes (barcodes.ts: ITF and Code 128), a chunk of its own: loaded for a voucher that
 * has a barcode, before its view is drawn, so a Pix code or a transfer never downloads it.
 */
let barcodes: typeof import('./barcodes.js') | undefined;
const importBarcodes = () => import('./barcodes.js').then((module) => (barcodes = module));

/** What the view tells assistive technology, kept as how to say it: said in the words of the moment. */
type Said = (t: Messages) => string;
const copied: Said = (t) => t.pendingView.copied;
const copyFailed: Said = (t) => t.pendingView.copyFailed;
const networkError: Said = (t) => t.networkError;

/** "23:59:12", or "2 d 03:04:05" past a day. */
function countdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(s / 86_400);
  const clock = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days} d ${clock}` : clock;
}

/** A phone or small tablet: the bank's app is on this device, so Pix's code comes first. */
const onPhone = () =>
  globalThis.matchMedia?.('(pointer: coarse) and (max-width: 820px)').matches ?? false;

/**
 * Not an element a page places: the checkout draws it, and its parts are the checkout's
 * (`exportparts`), so it is left out of custom-elements.json and the framework types.
 *
 * @internal
 */
export class PaylitPending extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    payment: { attribute: false },
    arrived: { attribute: false },
    challenge: { attribute: false },
    server: { attribute: false },
    order: { attribute: false },
    messages: { attribute: false },
    checkout: { state: true },
    expired: { state: true },
    ended: { state: true },
    renewing: { state: true },
    said: { state: true },
    copied: { state: true },
    now: { state: true },
  };
  static override styles = pendingStyles;

  /** The payment that waits. */
  payment: PaymentView | undefined;
  /** When the answer with `payment` arrived (`performance.now()`): a Pix's countdown runs from there. */
  arrived = performance.now();
  /** The bank's 3-D Secure page to show over the checkout while the payment waits on it. */
  challenge: string | undefined;
  /** The companion server the checkout pays through (its `endpoint` and `fetch`). */
  server: CompanionServer | undefined;
  /** The order's client secret. */
  order = '';
  /** The checkout's catalog: how a payment's answer is said (checkout-payment.ts). */
  messages: Messages | undefined;

  private checkout: CheckoutContextValue | undefined;
  private expired = false;
  /** Settled: the checkout goes elsewhere; nothing more is shown or followed. */
  private ended = false;
  private renewing = false;
  /** What assistive technology is told (copied, or that something failed), in the words of the moment. */
  private said: Said | undefined;
  /** The field whose Copy button says "Copied". */
  private copied: string | undefined;
  /** `performance.now()`, each second: the countdown never reads the device's clock. */
  private now = performance.now();

  readonly #consumer = consumeCheckout(this, (checkout) => (this.checkout = checkout));
  readonly #live = new LivePayment(
    this,
    () =>
      this.payment && this.server && !this.ended
        ? { server: this.server, order: this.order, paymentId: this.payment.id }
        : undefined,
    (answer) => this.#heard(answer),
  );
  #tick: ReturnType<typeof setInterval> | undefined;
  /** The attempt id of "Get a new code": kept while its outcome is unknown, so it cannot make two codes. */
  #attempt: string | undefined;
  /** How many values to copy are drawn: each its own id. */
  #fields = 0;
  /** The PNG drawn on the QR's canvas. */
  #drawn: string | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.#tick ??= setInterval(() => (this.now = performance.now()), 1000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.#tick);
    this.#tick = undefined;
  }

  /**
   * A voucher or a transfer is drawn once its view's chunk is here, and a voucher with a barcode
   * once the barcodes are too, the barcode with the rest (barcodes that cannot be loaded leave
   * it out: the number is there to type; a view that cannot be loaded leaves the waiting line).
   * A payment set before this element was defined (its chunk came after the checkout drew it)
   * reaches it only in its first update, after this: that update draws nothing (`render`) and
   * asks for the next (`firstUpdated`), which waits for them here.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const wanted = this.#wanted();
    if (!wanted.length) return super.scheduleUpdate();
    return Promise.allSettled(wanted).then(() => super.scheduleUpdate());
  }

  /** The views' chunks this payment is drawn with that are not here yet, asked for. */
  #wanted(): Promise<unknown>[] {
    const payment = this.payment;
    const kind = payment && kindOf(payment);
    return [
      ...(away || (kind !== 'voucher' && kind !== 'transfer') ? [] : [importAway()]),
      ...(barcodes || !payment?.ticket?.barcode || kind !== 'voucher' ? [] : [importBarcodes()]),
    ];
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A voucher's and a transfer's look, beside the element's once their chunk is here (a
    // constructed sheet: a strict CSP allows it).
    const root = this.renderRoot as ShadowRoot;
    const sheet = away?.awayStyles.styleSheet;
    if (sheet && !root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    const before = changed.get('payment') as PaymentView | undefined;
    if (changed.has('payment') && before?.id !== this.payment?.id) {
      // Another payment (a new code): its own state.
      this.expired = this.payment?.status === 'EXPIRED';
      this.ended = this.renewing = false;
      this.said = this.copied = this.#drawn = undefined;
    }
  }

  protected override firstUpdated(): void {
    if (this.#wanted().length) this.requestUpdate();
  }

  protected override updated(): void {
    const png = this.payment?.ticket?.barcode_png;
    const canvas = this.renderRoot.querySelector<HTMLCanvasElement>('canvas[part=qr]');
    if (png && canvas && this.#drawn !== png) {
      this.#drawn = png;
      // As wide as 14rem, or the room the view has on a narrow phone.
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      const room = Math.min(
        14 * rem,
        (canvas.closest('.pending-view') as HTMLElement).clientWidth - rem,
      );
      void drawQr(canvas, png, room);
    }
  }

  /** The checkout's language, else the nearest ancestor's or the page's; its catalog is loaded before any render. */
  protected override requestedLang(): string | undefined {
    return this.checkout?.lang ?? super.requestedLang();
  }

  get #t(): Messages['pendingView'] {
    return this.t.pendingView;
  }

  /** Who reads a payment's answer for the checkout: its words. */
  get #reader(): Reader {
    return { t: this.messages! };
  }

  /** Tells the checkout where it goes next (`say`: how, read by any reader); this view is done. */
  #settle(say: (reader: Reader) => Settled, reset: (settled: Settled) => boolean): void {
    this.#live.stop();
    this.ended = true;
    const settled = say(this.#reader);
    this.dispatchEvent(new PendingSettledEvent(settled, reset(settled), say));
  }

  /** What the live connection says of the payment (or, paid late, of the order's other payment). */
  #heard({ payment, nextAction }: PaymentStatusAnswer): void {
    if (!this.payment || this.ended || payment.status === 'PENDING') return;
    if (payment.status === 'EXPIRED' && payment.id === this.payment.id && kindOf(this.payment)) {
      // Said as it appears (an alert): the view is quiet otherwise.
      this.expired = true;
      return;
    }
    // Back from the bank's page (in the dialog): a refusal with no reason of its own says so.
    const resumed = this.challenge !== undefined;
    // Declined or cancelled: the form again, with why.
    this.#settle(
      (reader) => settleOf(payment, nextAction, reader, resumed),
      () => !isPaymentMade(payment.status),
    );
  }

  /** "Get a new code": a new attempt of the same method; the server makes a new payment. */
  async #renew(): Promise<void> {
    if (this.renewing || !this.payment || !this.server) return;
    this.renewing = true;
    const result = await submitPayment(this.server, {
      order: this.order,
      attempt: (this.#attempt ??= crypto.randomUUID()),
      method: { type: 'redirect', methodId: this.payment.payment_method_id ?? '' },
    });
    this.renewing = false;
    if (paid(result, this.#reader).to === 'unreachable') {
      // Unknown: the same attempt goes again on the next press, so it cannot make two codes.
      this.said = networkError;
      return;
    }
    this.#attempt = undefined;
    this.#settle(
      (reader) => paid(result, reader),
      (settled) => settled.to !== 'outcome',
    );
  }

  get #renewLabel(): string {
    return kindOf(this.payment!) === 'pix' ? this.#t.newCode : this.#t.newVoucher;
  }

  #methodName(id: string): string {
    return this.checkout?.paymentMethods.find((m) => m.id === id)?.name ?? id;
  }

  #amount(amount = this.payment!.amount, currency = this.payment!.currency): string {
    return formatAmount(amount, currency, this.locale);
  }

  /**
   * When `iso` falls due. A Pix (`pix`, its ticket) counts down the time left the server gave
   * (`expires_in_ms`) from when its answer arrived: a device's clock set wrong does not move it.
   */
  #due(iso: string | undefined, pix?: TicketView): TemplateResult | typeof nothing {
    const at = iso === undefined ? NaN : Date.parse(iso);
    if (Number.isNaN(at)) return nothing;
    // A voucher or a transfer falls due at the end of a day where it is paid: that calendar
    // day, as the API writes it, not the viewer's time of it (a shopper abroad, or a page
    // read in UTC, would see the next day's small hours). Pix counts down to its instant.
    const day = pix ? undefined : /^(\d{4})-(\d{2})-(\d{2})/.exec(iso!);
    const when = day
      ? new Intl.DateTimeFormat(this.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
          Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])),
        )
      : new Intl.DateTimeFormat(this.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
          at,
        );
    const payBy = format(this.#t.payBy, { date: when });
    const left = pix?.expires_in_ms;
    // Seen ticking; said once, as the time it falls due (a reader hears no countdown).
    return left === undefined
      ? html`<p class="due" data-at=${at}>${payBy}</p>`
      : html`<p class="due" data-at=${at}><span aria-hidden="true">${format(this.#t.expiresIn, { time: countdown(left - this.now + this.arrived) })}</span><span class="sr-only">${payBy}</span></p>`;
  }

  /**
   * A value to copy: its label, the value as it is read (read-only, selectable, left to right;
   * `shown`, grouped for reading, else the value itself), a Copy button, which copies `value`.
   * `lines`: a value that wraps between its groups rather than be cut off (the Boleto's line).
   */
  #copyable(
    label: string,
    value: string,
    { button = this.#t.copy, shown = value, lines = false } = {},
  ): TemplateResult {
    const id = `field-${++this.#fields}`;
    return html`<div class="copyable"><label for=${id}>${label}</label><div class="row">
      ${
        lines
          ? html`<textarea id=${id} readonly .value=${shown} dir="ltr" spellcheck="false" autocomplete="off" rows="1"></textarea>`
          : html`<input id=${id} readonly .value=${shown} dir="ltr" spellcheck="false" autocomplete="off" />`
      }
      <button type="button" part="copy" aria-describedby=${id} @click=${(event: Event) => void this.#copy(event, id, value)}>${this.copied === id ? this.#t.copied : button}</button>
    </div></div>`;
  }

  async #copy(event: Event, id: string, value: string): Promise<void> {
    const input = (event.currentTarget as HTMLElement).previousElementSibling as HTMLInputElement;
    let done = false;
    try {
      await navigator.clipboard.writeText(value);
      done = true;
    } catch {
      input.select();
      try {
        done = document.execCommand('copy');
      } catch {
        done = false;
      }
    }
    this.copied = done ? id : undefined;
    if (!done) input.select();
    // Said again even when it is the same words: cleared, then written after the next frame.
    this.said = undefined;
    await this.updateComplete;
    requestAnimationFrame(() => (this.said = done ? copied : copyFailed));
    if (done)
      setTimeout(() => {
        if (this.copied === id) this.copied = undefined;
      }, 2500);
  }

  #amountLine(ticket?: TicketView): TemplateResult {
    // The amount isolated in its own direction, the row mirrored with the language's.
    return html`<dl class="facts"><dt>${this.#t.amount}</dt><dd><bdi dir="ltr">${this.#amount(ticket?.amount, ticket?.currency)}</bdi></dd></dl>`;
  }

  #pix(ticket: TicketView): TemplateResult {
    const t = this.#t;
    const code = ticket.number
      ? this.#copyable(t.pixCode, ticket.number, { button: t.copyCode })
      : nothing;
    const qr = ticket.barcode_png
      ? html`<figure class="qr"><canvas part="qr" role="img" aria-label=${t.qrCode}></canvas></figure>`
      : nothing;
    const phone = onPhone();
    return html`<p class="steps">${phone ? t.pixPhoneSteps : t.pixSteps}</p>${phone ? code : qr}${phone ? qr : code}
      ${this.#amountLine(ticket)}${this.#due(ticket.expiration_date, ticket)}`;
  }

  /** What the voucher's and the transfer's views are drawn with (voucher-transfer.ts). */
  get #parts(): PendingParts {
    return {
      t: this.#t,
      payment: this.payment!,
      copyable: (label, value, options) => this.#copyable(label, value, options),
      amountLine: (ticket) => this.#amountLine(ticket),
      due: (iso) => this.#due(iso),
      amount: (amount, currency) => this.#amount(amount, currency),
    };
  }

  #body(): TemplateResult | typeof nothing {
    const t = this.#t;
    const p = this.payment!;
    const kind = kindOf(p);
    // The bank's page, in its dialog: said here too, for whoever closes it.
    if (this.challenge) return html`<p class="steps">${t.challengeSteps}</p>`;
    // Nothing to show (a card under review): the view only follows the payment.
    if (!kind) return nothing;
    const provider =
      p.ticket?.provider_name && kind === 'voucher'
        ? this.#methodName(p.ticket.provider_name)
        : this.#methodName(p.payment_method_id ?? '');
    // Its heading is the checkout's outcome's, the one heading over this view (pendingTitle).
    if (this.expired)
      return html`<p class="expired" role="alert">${t.expired}</p>
        <button type="button" part="new-code" class="primary" aria-disabled=${this.renewing ? 'true' : nothing}
          @click=${() => void this.#renew()}>${this.renewing ? t.gettingCode : this.#renewLabel}</button>`;
    return html`${
      kind === 'pix'
        ? this.#pix(p.ticket!)
        : !away
          ? nothing
          : kind === 'voucher'
            ? away.voucherView(this.#parts, p.ticket!, provider, barcodes)
            : away.transferView(this.#parts, p.bank_transfer!)
    }<p class="waiting">${t.waiting}</p>`;
  }

  protected override render() {
    if (!this.payment || this.ended || (!this.hasUpdated && this.#wanted().length)) return nothing;
    this.#fields = 0;
    return html`<div class="pending-view" part="pending" aria-live="off" dir=${rightToLeft.has(this.locale) ? 'rtl' : 'ltr'}>${this.#body()}<p class="said sr-only" role="status">${this.said?.(this.t) ?? ''}</p></div>`;
  }
}

if (!customElements.get('paylit-pending')) customElements.define('paylit-pending', PaylitPending);

declare global {
  interface HTMLElementTagNameMap {
    'paylit-pending': PaylitPending;
  }
}
