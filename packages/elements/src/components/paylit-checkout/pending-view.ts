/**
 * A payment the shopper pays away from the page, shown in the checkout's outcome while it waits:
 * Pix (its QR and its copy-and-paste code, a countdown to its expiry, the code first on a
 * phone), a cash voucher (its reference or typed line, its barcode drawn in its format, where to
 * pay, the printable voucher) or a bank transfer (bank, account, beneficiary, reference and
 * amount, each copyable). The chunk `paylit.pending.js`: a plain DOM module (no Lit in a chunk)
 * that the checkout asks to `draw` after each render of a PENDING outcome.
 *
 * It follows the payment live (live-payment.ts) and hands what changes back to the checkout:
 * paid, the success state (`paylit-paid`); declined or cancelled, the form again with why
 * (`paylit-declined`); expired, "Get a new code", which asks the server for a new attempt (the
 * order stays one charge: the server cancels a code paid late). The state is the server's: a
 * reload or a return from the bank's app shows it again.
 *
 * For assistive technology the view is quiet (`aria-live="off"` inside the checkout's status
 * line): the countdown is hidden from it, the due time is said once, and only what the shopper
 * must hear is announced (copied; expired).
 */
import type {
  BankTransferView,
  PaymentStatusAnswer,
  PaymentView,
  TicketView,
} from '@paylit/core/checkout';
import { formatAmount } from '@paylit/core/money';
import { isPaymentMade } from '@paylit/core/rules';
import type { Messages } from '../../i18n/en.js';
import { resolveLocale, rightToLeft } from '../../i18n/locales.js';
import { barcodeBars, barsPath } from './barcodes.js';
import { cancelPayment, submitPayment, type CompanionServer } from './checkout-client.js';
import type { Settled } from './checkout-flow.js';
import { paid, settle as settleOf, type Reader } from './checkout-payment.js';
import { follow } from './live-payment.js';
import { pendingMessages, type PendingMessages } from './pending-messages.js';
import { pendingStyles } from './pending-view.styles.js';

/** The checkout the view is drawn in: its outcome (`part="outcome"`) and what it pays with. */
interface Checkout extends HTMLElement, CompanionServer {
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** The order's client secret. */
  readonly order: string;
  reset(): void;
}

/** What the view reads of the checkout beyond its public face (its context and catalog). */
interface CheckoutInside {
  readonly context: {
    readonly lang: string | undefined;
    readonly paymentMethods: readonly { readonly id: string; readonly name: string }[];
  };
  readonly t: Messages;
}

/** Where the checkout goes next; the element shows it and dispatches its event. */
export type Settle = (settled: Settled) => void;

/** The waiting outcome: its payment, and the bank's 3-D Secure page to show over it, if any. */
export interface Waiting {
  readonly payment: PaymentView;
  readonly challenge?: string | undefined;
}

let sheet: CSSStyleSheet | undefined;
const SVG = 'http://www.w3.org/2000/svg';

/** A payment's kind of instructions: Pix, a voucher, a transfer; undefined for none (a card under review). */
function kindOf(payment: PaymentView): 'pix' | 'voucher' | 'transfer' | undefined {
  if (payment.ticket)
    return payment.ticket.barcode_png || payment.ticket.provider_name?.toLowerCase() === 'pix'
      ? 'pix'
      : 'voucher';
  return payment.bank_transfer ? 'transfer' : undefined;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: (Node | string | undefined)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props))
    if (value !== undefined) node.setAttribute(name, value);
  for (const child of children) if (child !== undefined) node.append(child);
  return node;
}

/** "23:59:12", or "2 d 03:04:05" past a day. */
function countdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(s / 86_400);
  const clock = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days} d ${clock}` : clock;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** A phone or small tablet: the bank's app is on this device, so Pix's code comes first. */
const onPhone = () =>
  globalThis.matchMedia?.('(pointer: coarse) and (max-width: 820px)').matches ?? false;

export class PendingView {
  readonly element: HTMLDivElement;
  readonly payment: PaymentView;
  readonly #checkout: Checkout;
  readonly #settle: Settle;
  readonly #id = `pending-${Math.random().toString(36).slice(2, 8)}`;
  #stop: (() => void) | undefined;
  #tick: ReturnType<typeof setInterval> | undefined;
  /** The line that tells assistive technology what was copied, or that the time ran out. */
  #said!: HTMLElement;
  #clock: HTMLElement | undefined;
  #locale = 'en';
  #expired = false;
  /** The attempt id of "Get a new code": kept while its outcome is unknown, so it cannot make two codes. */
  #attempt: string | undefined;
  #renewing = false;
  /** How many values to copy were drawn: each its own id. */
  #fields = 0;
  /** The bank's 3-D Secure page, in a dialog over the checkout, while the payment waits on it. */
  readonly #challenge: string | undefined;
  #dialog: HTMLDialogElement | undefined;
  #unlisten: (() => void) | undefined;

  constructor(checkout: Checkout, { payment, challenge }: Waiting, settle: Settle) {
    this.#checkout = checkout;
    this.payment = payment;
    this.#challenge = challenge;
    this.#settle = settle;
    this.element = el('div', { class: 'pending-view', part: 'pending', 'aria-live': 'off' });
    this.#expired = payment.status === 'EXPIRED';
  }

  get #inside(): CheckoutInside {
    return this.#checkout as unknown as CheckoutInside;
  }

  /** Who reads a payment's answer for the checkout: its words and its attributes. */
  get #reader(): Reader {
    return this.#checkout as unknown as Reader;
  }

  /** Puts the view in the checkout's outcome (again, after a render), in the checkout's language. */
  mount(): void {
    const root = this.#checkout.renderRoot;
    if (root instanceof ShadowRoot) {
      sheet ??= new CSSStyleSheet();
      if (!sheet.cssRules.length) sheet.replaceSync(pendingStyles);
      if (!root.adoptedStyleSheets.includes(sheet))
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    }
    const outcome = root.querySelector('[part=outcome]');
    if (!outcome) return;
    const locale = resolveLocale(this.#inside.context.lang);
    if (locale !== this.#locale || !this.element.firstChild) {
      this.#locale = locale;
      this.#render();
    }
    if (this.element.parentNode !== outcome) outcome.append(this.element);
    this.#stop ??= follow(this.#checkout, this.#checkout.order, this.payment.id, (answer) =>
      this.#heard(answer),
    );
    this.#tick ??= setInterval(() => this.#update(), 1000);
    if (this.#challenge && !this.#dialog) this.#openChallenge(root, this.#challenge);
  }

  /** Stops following the payment and takes the view (and the bank's dialog) away. */
  stop(): void {
    this.#stop?.();
    clearInterval(this.#tick);
    this.element.remove();
    this.#dialog?.close();
    this.#dialog?.remove();
    this.#unlisten?.();
  }

  /**
   * The bank's page in a modal dialog over the checkout (the page behind it inert, focus kept
   * inside by the browser). Esc or Close asks "Cancel the payment?": yes cancels it at the
   * server and brings the form back; no goes on with the bank's page.
   */
  #openChallenge(root: HTMLElement | DocumentFragment, url: string): void {
    const t = this.#t;
    const title = `${this.#id}-challenge`;
    const dialog = el('dialog', {
      part: 'challenge',
      class: 'challenge',
      'aria-labelledby': title,
      dir: rightToLeft.has(this.#locale as never) ? 'rtl' : 'ltr',
      lang: this.#locale,
    });
    const close = el(
      'button',
      { type: 'button', class: 'close', part: 'close', 'aria-label': t.close },
      '×',
    );
    const frame = el('iframe', { src: url, title: t.bankPage, part: 'challenge-frame' });
    // The page's own CSP refuses to frame the bank's page (its frame-src; the browser says so on
    // the document): the shopper goes to it instead.
    const doc = this.#checkout.ownerDocument;
    const refused = (event: SecurityPolicyViolationEvent) => {
      if (
        event.effectiveDirective !== 'frame-src' ||
        !url.startsWith(new URL(event.blockedURI || 'about:blank', url).origin)
      )
        return;
      this.stop();
      this.#settle({
        to: 'redirect',
        payment: this.payment,
        url,
        text: this.#inside.t.redirecting,
      });
    };
    doc.addEventListener('securitypolicyviolation', refused);
    this.#unlisten = () => doc.removeEventListener('securitypolicyviolation', refused);
    const no = el('button', { type: 'button', class: 'primary' }, t.cancelNo);
    const yes = el('button', { type: 'button' }, t.cancelYes);
    const ask = el(
      'div',
      { class: 'ask', role: 'alertdialog', 'aria-labelledby': `${title}-ask`, hidden: '' },
      el('p', { id: `${title}-ask` }, t.cancelAsk),
      el('div', { class: 'row' }, yes, no),
    );
    dialog.append(
      el('div', { class: 'bar' }, el('h2', { id: title }, t.challenge), close),
      frame,
      ask,
    );
    const asking = (on: boolean) => {
      ask.hidden = !on;
      frame.toggleAttribute('inert', on);
      (on ? no : close).focus();
    };
    // Esc: the browser would close the dialog; it asks first.
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      asking(ask.hidden);
    });
    close.addEventListener('click', () => asking(true));
    no.addEventListener('click', () => asking(false));
    yes.addEventListener('click', () => void this.#cancel(yes));
    root.append(dialog);
    this.#dialog = dialog;
    dialog.showModal();
  }

  /** "Yes, cancel it": the server cancels the payment; the form again, said so. */
  async #cancel(button: HTMLButtonElement): Promise<void> {
    if (button.getAttribute('aria-disabled')) return;
    button.setAttribute('aria-disabled', 'true');
    const result = await cancelPayment(this.#checkout, this.#checkout.order, this.payment.id);
    button.removeAttribute('aria-disabled');
    if (!result.ok) {
      // Not cancelled (no answer, a refusal): the bank's page stays; the shopper may try again.
      this.#said.textContent = this.#inside.t.networkError;
      return;
    }
    const { payment, nextAction } = result.answer;
    this.stop();
    if (payment.status === 'CANCELLED') {
      this.#checkout.reset();
      return this.#settle({ to: 'declined', payment, text: this.#t.cancelled });
    }
    // Paid or declined meanwhile: that, as the live connection would have said it.
    if (!isPaymentMade(payment.status)) this.#checkout.reset();
    this.#settle(settleOf(payment, nextAction, this.#reader, true));
  }

  get #t(): PendingMessages {
    return pendingMessages[this.#locale as keyof typeof pendingMessages] ?? pendingMessages.en;
  }

  /** What the live connection says of the payment (or, paid late, of the order's other payment). */
  #heard({ payment, nextAction }: PaymentStatusAnswer): void {
    if (!this.element.isConnected && !this.#checkout.isConnected) return this.stop();
    if (payment.status === 'PENDING') return;
    if (payment.status === 'EXPIRED' && payment.id === this.payment.id && kindOf(this.payment)) {
      // Said as it appears (an alert): the view is quiet otherwise.
      this.#expired = true;
      this.#render();
      return;
    }
    this.stop();
    // Back from the bank's page (in the dialog): a refusal with no reason of its own says so.
    const settled = settleOf(payment, nextAction, this.#reader, this.#challenge !== undefined);
    // Declined or cancelled: the form again, with why.
    if (!isPaymentMade(payment.status)) this.#checkout.reset();
    this.#settle(settled);
  }

  /** "Get a new code": a new attempt of the same method; the server makes a new payment. */
  async #renew(button: HTMLButtonElement): Promise<void> {
    if (this.#renewing) return;
    this.#renewing = true;
    button.setAttribute('aria-disabled', 'true');
    button.textContent = this.#t.gettingCode;
    const result = await submitPayment(this.#checkout, {
      order: this.#checkout.order,
      attempt: (this.#attempt ??= crypto.randomUUID()),
      method: { type: 'redirect', methodId: this.payment.payment_method_id ?? '' },
    });
    this.#renewing = false;
    const settled = paid(result, this.#reader);
    if (settled.to === 'unreachable') {
      // Unknown: the same attempt goes again on the next press, so it cannot make two codes.
      button.removeAttribute('aria-disabled');
      button.textContent = this.#renewLabel;
      this.#said.textContent = this.#inside.t.networkError;
      return;
    }
    this.#attempt = undefined;
    this.stop();
    if (settled.to !== 'outcome') this.#checkout.reset();
    this.#settle(settled);
  }

  get #renewLabel(): string {
    return kindOf(this.payment) === 'pix' ? this.#t.newCode : this.#t.newVoucher;
  }

  #render(): void {
    const t = this.#t;
    const p = this.payment;
    const kind = kindOf(p);
    const dir = rightToLeft.has(this.#locale as never) ? 'rtl' : 'ltr';
    this.element.setAttribute('dir', dir);
    this.element.replaceChildren();
    this.#clock = undefined;
    this.#said = el('p', { class: 'said sr-only', role: 'status' });
    const provider =
      p.ticket?.provider_name && kind === 'voucher'
        ? this.#methodName(p.ticket.provider_name)
        : this.#methodName(p.payment_method_id ?? '');
    const title =
      kind === 'pix'
        ? t.payWithPix
        : kind === 'transfer'
          ? t.payTransfer
          : fill(t.payVoucher, { provider });
    // The bank's page, in its dialog: said here too, for whoever closes it.
    if (this.#challenge)
      return void this.element.append(el('p', { class: 'steps' }, t.challengeSteps), this.#said);
    // Nothing to show (a card under review): the view only follows the payment.
    if (!kind) return void this.element.append(this.#said);
    this.element.append(el('h3', {}, title));
    if (this.#expired) {
      const button = el('button', { type: 'button', part: 'new-code', class: 'primary' });
      button.textContent = this.#renewLabel;
      button.addEventListener('click', () => void this.#renew(button));
      this.element.append(
        el('p', { class: 'expired', role: 'alert' }, t.expired),
        button,
        this.#said,
      );
      return;
    }
    if (kind === 'pix') this.#pix(p.ticket!);
    else if (kind === 'voucher') this.#voucher(p.ticket!, provider);
    else if (kind === 'transfer') this.#transfer(p.bank_transfer!);
    this.element.append(el('p', { class: 'waiting' }, t.waiting), this.#said);
    this.#update();
  }

  #methodName(id: string): string {
    return this.#inside.context.paymentMethods.find((m) => m.id === id)?.name ?? id;
  }

  #amount(amount = this.payment.amount, currency = this.payment.currency): string {
    return formatAmount(amount, currency, this.#locale);
  }

  #due(iso: string | undefined, withCountdown: boolean): HTMLElement | undefined {
    const at = iso === undefined ? NaN : Date.parse(iso);
    if (Number.isNaN(at)) return undefined;
    const when = new Intl.DateTimeFormat(this.#locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(at);
    const due = el('p', { class: 'due', 'data-at': String(at) });
    if (withCountdown) {
      // Seen ticking; said once, as the time it falls due (a reader hears no countdown).
      this.#clock = el('span', { 'aria-hidden': 'true' });
      due.append(
        this.#clock,
        el('span', { class: 'sr-only' }, fill(this.#t.payBy, { date: when })),
      );
    } else due.append(fill(this.#t.payBy, { date: when }));
    return due;
  }

  /** The countdown, each second; and the view's end once the checkout has let it go. */
  #update(): void {
    if (!this.#checkout.isConnected) return this.stop();
    const due = this.#clock?.parentElement?.dataset.at;
    if (this.#clock && due)
      this.#clock.textContent = fill(this.#t.expiresIn, {
        time: countdown(Number(due) - Date.now()),
      });
  }

  /** A value to copy: its label, the value (read-only, selectable, left to right), a Copy button. */
  #copyable(label: string, value: string, button = this.#t.copy): HTMLElement {
    const id = `${this.#id}-${++this.#fields}`;
    const input = el('input', {
      id,
      readonly: '',
      value,
      dir: 'ltr',
      spellcheck: 'false',
      autocomplete: 'off',
    });
    const copy = el('button', { type: 'button', part: 'copy', 'aria-describedby': id });
    copy.textContent = button;
    copy.addEventListener('click', () => void this.#copy(input, copy, button));
    return el(
      'div',
      { class: 'copyable' },
      el('label', { for: id }, label),
      el('div', { class: 'row' }, input, copy),
    );
  }

  async #copy(input: HTMLInputElement, button: HTMLButtonElement, label: string): Promise<void> {
    let done = false;
    try {
      await navigator.clipboard.writeText(input.value);
      done = true;
    } catch {
      input.select();
      try {
        done = document.execCommand('copy');
      } catch {
        done = false;
      }
    }
    const said = done ? this.#t.copied : this.#t.copyFailed;
    button.textContent = done ? this.#t.copied : label;
    if (!done) input.select();
    // Said again even when it is the same words: cleared, then written after the next frame.
    this.#said.textContent = '';
    requestAnimationFrame(() => (this.#said.textContent = said));
    setTimeout(() => {
      if (button.textContent === this.#t.copied) button.textContent = label;
    }, 2500);
  }

  #pix(ticket: TicketView): void {
    const t = this.#t;
    const code = ticket.number ? this.#copyable(t.pixCode, ticket.number, t.copyCode) : undefined;
    const qr = ticket.barcode_png
      ? el(
          'figure',
          { class: 'qr' },
          el('img', {
            src: `data:image/png;base64,${ticket.barcode_png}`,
            alt: t.qrCode,
            part: 'qr',
          }),
        )
      : undefined;
    const phone = onPhone();
    this.element.append(
      el('p', { class: 'steps' }, phone ? t.pixPhoneSteps : t.pixSteps),
      ...[phone ? code : qr, phone ? qr : code].filter((n): n is HTMLElement => n !== undefined),
      this.#amountLine(ticket),
    );
    const due = this.#due(ticket.expiration_date, true);
    if (due) this.element.append(due);
  }

  #amountLine(ticket?: TicketView): HTMLElement {
    return el(
      'dl',
      { class: 'facts' },
      el('dt', {}, this.#t.amount),
      el('dd', { dir: 'ltr' }, this.#amount(ticket?.amount, ticket?.currency)),
    );
  }

  #voucher(ticket: TicketView, provider: string): void {
    const t = this.#t;
    const boleto = this.payment.payment_method_id === 'BL' || ticket.format === 'ITF';
    this.element.append(
      el('p', { class: 'steps' }, boleto ? t.payBoleto : fill(t.payAtCounter, { provider })),
    );
    if (ticket.number)
      this.element.append(this.#copyable(boleto ? t.typedLine : t.reference, ticket.number));
    const bars = ticket.barcode ? barcodeBars(ticket.format, ticket.barcode) : undefined;
    if (bars) {
      const svg = document.createElementNS(SVG, 'svg');
      svg.setAttribute('viewBox', `0 0 ${bars.width} 1`);
      svg.setAttribute('preserveAspectRatio', 'none');
      svg.setAttribute('role', 'img');
      svg.setAttribute('aria-label', fill(t.barcode, { provider }));
      svg.setAttribute('part', 'barcode');
      const path = document.createElementNS(SVG, 'path');
      path.setAttribute('d', barsPath(bars));
      svg.append(path);
      this.element.append(
        el(
          'figure',
          { class: 'barcode' },
          svg,
          el('figcaption', { dir: 'ltr', 'aria-hidden': 'true' }, ticket.barcode!),
        ),
      );
    }
    this.element.append(this.#amountLine(ticket));
    const due = this.#due(ticket.expiration_date, false);
    if (due) this.element.append(due);
    if (ticket.image_url)
      this.element.append(
        el(
          'a',
          {
            href: ticket.image_url,
            target: '_blank',
            rel: 'noopener noreferrer',
            part: 'print',
            class: 'link',
          },
          t.print,
          el('span', { class: 'sr-only' }, ` ${t.newTab}`),
        ),
      );
  }

  #transfer(bank: BankTransferView): void {
    const t = this.#t;
    const amount =
      bank.user_payment_amount !== undefined
        ? this.#amount(bank.user_payment_amount)
        : this.#amount();
    const facts = el('dl', { class: 'facts' });
    const fact = (term: string, value: string | undefined) => {
      if (value) facts.append(el('dt', {}, term), el('dd', {}, value));
    };
    fact(t.bank, bank.bank_name);
    fact(t.beneficiary, bank.beneficiary_name);
    this.element.append(el('p', { class: 'steps' }, t.transferSteps), facts);
    if (bank.bank_account)
      this.element.append(this.#copyable(bank.bank_account_label ?? t.bank, bank.bank_account));
    if (bank.bank_account2)
      this.element.append(this.#copyable(bank.bank_account2_label ?? t.bank, bank.bank_account2));
    if (bank.reference) this.element.append(this.#copyable(t.reference, bank.reference));
    this.element.append(
      this.#copyable(t.amount, String(bank.user_payment_amount ?? this.payment.amount)),
      el('p', { class: 'amount-words', dir: 'ltr' }, amount),
    );
    const due = this.#due(bank.expiration_date, false);
    if (due) this.element.append(due);
    if (bank.redirect_url)
      this.element.append(
        el(
          'a',
          {
            href: bank.redirect_url,
            target: '_blank',
            rel: 'noopener noreferrer',
            part: 'instructions',
            class: 'link',
          },
          t.instructions,
          el('span', { class: 'sr-only' }, ` ${t.newTab}`),
        ),
      );
  }
}

/** Each checkout's pending view, for the payment it shows. */
const views = new WeakMap<Checkout, PendingView>();

/**
 * Draws the waiting payment in `checkout`'s outcome after each of its renders (and the bank's
 * 3-D Secure page in a dialog over it), and follows it until it settles (`settle`: where the
 * checkout goes next). A payment with nothing to show (a card under review) is followed all the
 * same.
 */
export function draw(checkout: Checkout, waiting: Waiting, settle: Settle): void {
  let view = views.get(checkout);
  if (view && view.payment.id !== waiting.payment.id) {
    view.stop();
    view = undefined;
  }
  if (!view) views.set(checkout, (view = new PendingView(checkout, waiting, settle)));
  view.mount();
}
