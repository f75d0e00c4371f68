import { html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { ContextProvider } from '@lit/context';
import { getBrand } from '@paylit/core/card';
import type { PlanPayments } from '@paylit/core/installments';
import { choices } from '@paylit/core/methods';
import { InvalidArgumentError } from '@paylit/core/errors';
import { formatAmount, isAmountInCurrency } from '@paylit/core/money';
import type { KeyInput } from '@paylit/core/crypto';
import {
  checkoutContext,
  emptyCheckout,
  ensureContextRoot,
  firstSelection,
  takesCards,
  type CheckoutContextValue,
  type InstallmentOption,
  type InstallmentsPlan,
  type OrderView,
  type Selection,
} from '../../context/checkout-context.js';
import {
  PaylitDeclinedEvent,
  PaylitErrorEvent,
  PaylitPaymentEvent,
  PaylitRedirectEvent,
  PaylitSubmitEvent,
  type PaymentView,
} from '../../events/payment-events.js';
import { format, loadCatalog, locales, resolveLocale, type Locale } from '../../i18n/index.js';
import { DEV, issueNote, issueWarning } from '../../internal/dev.js';
import {
  importPayer,
  importPayment,
  importPending,
  importSubscription,
  importChallenge,
  importSavedMethods,
  importPlans,
  importInstallmentsPicker,
  importWalletPicker,
  importLoadFailure,
  loadFrameBox,
} from '../../internal/lazy.js';
import { submission } from './checkout-submission.js';
import { LocalizedElement } from '../../internal/localized.js';
import { adoptWhenShown } from '../../internal/shown-styles.js';
import type { PaylitCardFields } from '../paylit-card-fields/paylit-card-fields.js';
import type { PaylitPayerFields } from '../paylit-payer-fields/paylit-payer-fields.js';
import type { PaylitSubscription } from './subscription-signup.js';
import type { PaylitWalletSelect } from '../paylit-wallet-select/paylit-wallet-select.js';
import '../paylit-card-fields/paylit-card-fields.js';
import { offersChoice } from '../paylit-wallet-select/wallet-methods.js';
import { pendingTitle } from '../paylit-pending/pending-kind.js';
import {
  fetchPlans,
  loadCheckout,
  resumePayment,
  serverUrl,
  submitPayment,
  type CompanionServer,
} from './checkout-client.js';
import type { LoadFailure } from './checkout-load-failure.js';
import {
  CheckoutFlow,
  type PendingSettledEvent,
  type Reader,
  type Settled,
} from './checkout-flow.js';
import type { Messages } from '../../i18n/en.js';

import { styles } from './paylit-checkout.styles.js';

ensureContextRoot();

const noop = () => undefined;

/** The busy line's words, in the checkout's language of the moment. */
const processing = (t: Messages): string => t.processing;
/** No answer at all (checkout-load-failure.ts says the rest). */
const unreachable: LoadFailure = { kind: 'network', key: 'loadFailed' };
/** Thrown while loading when the server or a chunk gave no answer; anything else thrown there is a fault. */
class NoAnswer {}
const noAnswer = (): never => {
  throw new NoAnswer();
};

/** The instances showing an outcome's look (internal/shown-styles.ts). */
const styled = new WeakSet<object>();
/**
 * What reads a payment's answer (checkout-payment.ts), with the outcome's look
 * (paylit-checkout-outcome.styles.ts) and the plan kept across the bank's page (kept-plan.ts): one chunk,
 * loaded beside the first request that can answer a payment, so that an outcome never shows
 * without its look and words.
 */
let answers: Awaited<ReturnType<typeof importPayment>> | undefined;
function loadPayment(): ReturnType<typeof importPayment> {
  return importPayment().then((module) => (answers = module));
}

/** The elements the checkout works with, wherever the merchant put them. */
const PARTS = 'paylit-card-fields, paylit-installments, paylit-wallet-select';

/** What a merchant put in the default slot, `<slot>`s they forward included; text and comments do not count. */
function assigned(nodes: readonly Element[]): Element[] {
  return nodes.flatMap((node) =>
    node instanceof HTMLSlotElement
      ? node.assignedElements({ flatten: true })
      : node.slot
        ? []
        : [node],
  );
}

/**
 * The elements `tag` in `root`, and in the open shadow roots of the merchant's components inside
 * it (a design system's layout: `<paylit-checkout><pay-step>`, the card fields in its shadow
 * root), not in paylit's own.
 */
function deep(root: Element, tag: string): Element[] {
  return [root, ...root.querySelectorAll('*')].flatMap((el) =>
    el.localName === tag
      ? [el]
      : el.shadowRoot && !el.localName.startsWith('paylit-')
        ? [...el.shadowRoot.children].flatMap((child) => deep(child, tag))
        : [],
  );
}

/**
 * The installments' rules (internal/installment-plans.ts), a chunk loaded with the first plans:
 * what a chosen plan costs comes from there (core's `planPayments`), and its words in the
 * shopper's language (`locale`), loaded before the rules are used, as no plan can be chosen
 * before they are.
 */
let planRules: Awaited<ReturnType<typeof importPlans>> | undefined;
function loadPlanRules(locale: Locale): Promise<unknown> {
  return importPlans().then(async (module) => {
    await module.loadInstallmentWords(locale);
    planRules = module;
  }, noop);
}

/** A JWK (JSON) or an SPKI PEM, as far as can be told without importing it. */
function parseKey(text: string): KeyInput | undefined {
  const key = text.trim();
  try {
    const jwk = key.startsWith('{') && (JSON.parse(key) as JsonWebKey);
    if (
      jwk
        ? jwk.kty === 'RSA' && jwk.n && jwk.e
        : /^-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----$/.test(key)
    )
      return jwk || key;
  } catch {
    // Not JSON: said below.
  }
  throw new TypeError(
    "public-key must be the API's RSA public key, as a JWK (JSON) or an SPKI PEM",
  );
}

/**
 * The checkout: loads what it needs from the companion server, shares it with the
 * elements inside through context, runs the submission and dispatches the outcome.
 * Without children it shows the card fields and the installments itself.
 *
 * An order that lacks some of the payer's details for the way the shopper pays (the view's
 * `order.asks`) has them asked for before the pay button (`<paylit-payer-fields>`, its own
 * chunk, loaded only then), and they join the submission (`paylit-submit`'s
 * `submission.payer`); a wrong one stops it, said on its field. Only the ways the order can be
 * paid are offered: an order no card can pay (Boleto, Pix, OXXO or SPEI only) shows no card
 * fields, no "New card" and no plans, and its first way is chosen.
 *
 * A load that fails is a state: the fields are disabled, the message says what happened and
 * a retry button loads again; nothing of an order loaded before stays. An order the server
 * does not know, and a page whose origin the server does not allow, are final: no form, no
 * amount, a message in the shopper's language, and `paylit-error` with a `code`. Misuse (no
 * `endpoint` or `order`, a malformed `public-key`, an unknown `lang`, an insecure page, a
 * server refusing the page's origin) is explained once on
 * the console, while developing, with a link to the README section that fixes it.
 *
 * Without an `endpoint` it loads nothing: it takes `amount`, `currency`, `country` and
 * `public-key` as attributes and hands the encrypted submission over in `paylit-submit`.
 *
 * A payment ends in an outcome, not in the form: after `paylit-paid`, `-authorized` or
 * `-verified` the form and the pay button give way to a success state (what happened, the
 * card's brand and last four), after `paylit-pending` to a waiting state; both are
 * announced, and focus moves to their heading. Nothing can be submitted again from there:
 * `reset()`, or a new `order`, brings the form back. A decline or an error keeps the form,
 * except the server's `order_locked` (the order had five declines and cannot be paid again):
 * `paylit-declined` says so and the form gives way to that message.
 *
 * @summary The container, context provider and pay button of a paylit checkout.
 *
 * @slot - the payment elements, at any depth inside the merchant's own wrappers. When it holds no element (whitespace, text and comments do not count) the checkout draws `<paylit-wallet-select>`, `<paylit-card-fields>` and `<paylit-installments>`; when it holds any, the checkout draws none of them and works with those inside (a checkout with only `<paylit-card-fields>` takes cards, in one installment)
 *
 * @fires paylit-submit - before anything is sent, with the encrypted submission (cancelable)
 * @fires paylit-paid - the payment is PAID
 * @fires paylit-authorized - the payment is AUTHORIZED (to capture later)
 * @fires paylit-verified - the card is VERIFIED
 * @fires paylit-pending - PENDING with nothing to do here: a Pix, voucher or transfer to pay away from the page (`payment.ticket` or `payment.bank_transfer`, for the merchant to e-mail), or a payment under review. The checkout shows it and follows it live until it is paid (`paylit-paid`), declined, or expires ("Get a new code": a new `paylit-pending`)
 * @fires paylit-redirect - the payer must go to a page (cancelable: by default the page navigates). The bank's 3-D Secure page that lets the shop's page frame it opens in a dialog over the checkout instead (`paylit-pending`, then the outcome), unless `three-ds="redirect"`
 * @attr three-ds - (property `threeDs`) `redirect`: the bank's 3-D Secure page replaces the shop's, as a redirect method's does, never in a dialog. Default: in a dialog over the checkout where the bank's page allows it
 * @fires paylit-declined - REJECTED, with the code and a translated message; or the order locked after five declines (code `305`, no payment)
 * @fires paylit-subscribed - an order that is a subscription, signed up by Pix Automático: the payer's bank authorized the mandate (`ACTIVE`). A mandate the bank refused or cancelled is a `paylit-declined` with no payment (code `300` refused, `400` cancelled)
 * @fires paylit-error - the payment could not be attempted or its outcome is unknown (`fields`: every field the server refused, such as the payer's details); or the checkout could not load: `code` `order_not_found` (the server knows no order by this `order`), `origin_not_allowed` (the server does not allow this page's origin) or, without an endpoint, `invalid_order` (`amount` no amount in its currency, `currency` no ISO 4217 code), and the form gives way to a message saying the order cannot be paid, or that the shop's checkout is not set up yet
 *
 * @csspart button - the pay button; while a payment is in flight it holds a spinner and says "Processing…"
 * @csspart spinner - the busy pay button's spinner (a slow fade instead of a turn under `prefers-reduced-motion`)
 * @csspart retry - the button that loads the checkout again after its load failed
 * @csspart message - the status or error line, a live region; holds the outcome once there is one. It takes no room (nor the gap before it) while it has nothing to show
 * @csspart outcome - the success or waiting state that replaces the form: check mark, heading, card
 * @csspart payer - the payer's details the order lacks (a `fieldset`, before the pay button), when the companion server says the order lacks some: document, e-mail, phone, birth date, address
 * @csspart save-card - the consent to save a new card (an unticked box and its terms), when the order offers it (`offerToSaveCard`)
 * @csspart subscription-methods - an order that is a subscription: the choice between Pix Automático and a card, when it can be paid both ways
 * @csspart mandate - the Pix Automático mandate's terms before Pay: payee, frequency, amount or its maximum, first charge, end, and that the payer can cancel in their bank's app
 * @csspart subscription-consent - a subscription paid by card: the unticked consent to its card-on-file terms (amount, frequency, how to cancel); Pay without it says why there and sends nothing
 * @csspart subscription-status - the mandate once signed up: waiting for the payer's bank (with its page when the API gives one), set up, refused or cancelled, followed live
 * @csspart bank-link - the link to the bank's page where the payer authorizes the mandate, when the API gives one
 * @csspart challenge - the dialog that shows the bank's 3-D Secure page over the checkout, when that page lets the shop's page frame it
 * @csspart challenge-frame - the bank's page inside it (an iframe)
 * @csspart close - the dialog's close button (it asks "Cancel the payment?", as Esc does)
 * @csspart pending - inside the waiting state, what the shopper pays with away from the page: Pix's QR and code, a voucher's reference and barcode, a transfer's account; with its due time
 * @csspart qr - Pix's QR code (drawn on a canvas, role img, with its label: no image URL, so a CSP of `img-src 'self'` shows it)
 * @csspart barcode - a voucher's barcode (ITF or Code 128, an SVG)
 * @csspart copy - each button that copies a code, a reference, an account or an amount
 * @csspart print - the link to a voucher's printable page
 * @csspart instructions - the link to a bank transfer's instructions on the bank's site
 * @csspart new-code - "Get a new code", once a Pix or voucher has expired
 * @csspart saved-methods - a returning payer's saved cards and subscriptions, after the pay button, when the page gives `payer-session`
 *
 * @cssprop --paylit-checkout-gap - space between the parts
 * @cssprop --paylit-button-background - the pay button's colour
 * @cssprop --paylit-button-text - the pay button's text colour
 * @cssprop --paylit-color-accent - the button's colour when --paylit-button-background is not set, and the focus ring
 * @cssprop --paylit-color-error - the error message
 * @cssprop --paylit-color-success - the success state's check mark
 * @cssprop --paylit-color-pending - the waiting state's clock
 * @cssprop --paylit-radius - the button's corners
 * @cssprop --paylit-font - the font (default: inherited from the page)
 * @cssprop --paylit-color-text - text colour
 */
export class PaylitCheckout extends LocalizedElement {
  /*
   * `three-ds` is read as an attribute (by what reads a payment's answer, in its chunk): its
   * property `threeDs` reflects to it and carries no code of its own.
   */
  static override properties: PropertyDeclarations = {
    message: { attribute: false },
    slotted: { attribute: false },
    endpoint: { reflect: true },
    isolation: { reflect: true },
    order: { reflect: true },
    amount: {},
    currency: {},
    country: {},
    publicKey: { attribute: 'public-key' },
    fetch: { attribute: false },
    payerSession: { attribute: 'payer-session' },
    threeDs: { attribute: 'three-ds', reflect: true },
  };
  static override styles = styles;

  #plans = new Map<string, Promise<InstallmentsPlan | null>>();
  /** A Pix Automático mandate was signed up: its status replaces the form (subscription-signup.ts). */
  #mandate = false;
  /** Where the checkout is (loading, ready, paying, its outcome…) and the attempt id it sends. */
  readonly #flow = new CheckoutFlow(() => this.requestUpdate());
  #publicKey: KeyInput | undefined;
  /** The order load under way: a new one, or the element leaving the page, aborts it and its answer is dropped. */
  #loading: AbortController | undefined;
  /** What the last load was for (endpoint and order), so that only a change loads again. */
  #loadedFor: string | undefined;
  /** Follows elements added or removed inside the merchant's own wrappers, which fire no slotchange. */
  #observer: MutationObserver | undefined;
  /**
   * Watches the parts the checkout draws itself: one with nothing to show (installments
   * before a BIN, no wallets) is zero high but still a flex item, so it is marked `collapsed`
   * and takes back the gap after it (a negative margin leaves its own size, and so this
   * observer, untouched).
   */
  #sizes: ResizeObserver | undefined;

  /**
   * The status or error line; a `quiet` one is for assistive technology alone (the busy button
   * already shows it). `words` says it again in the checkout's language of the moment, so that a
   * `lang` changed after it was shown (the page's language switcher) changes it too.
   */
  private message:
    { text: string; words?: (t: Messages) => string; error: boolean; quiet?: boolean } | undefined;
  /** Whether the checkout has drawn with its words: from then on it draws whatever its catalog's state. */
  #worded = false;
  /** Whether the merchant put elements in the slot: then the checkout draws none of its own. */
  private slotted = false;

  /** What the elements inside read: @lit/context's provider as a controller (its decorator is 0.3 KB of the first load). */
  readonly #provider = new ContextProvider(this, {
    context: checkoutContext,
    initialValue: this.#contextValue({ status: 'loading' }),
  });
  private get context(): CheckoutContextValue {
    return this.#provider.value;
  }

  /** The companion server's base URL, e.g. `/paylit`. */
  endpoint = '';
  /**
   * Where the card fields the checkout draws keep the card: `page` (the default) or `frame`, a
   * sandboxed frame no page script can read (`<paylit-card-fields isolation>`). Card fields of
   * the merchant's own, inside the checkout, take their own attribute.
   */
  isolation: 'page' | 'frame' = 'page';
  /**
   * With an endpoint: the order's client secret (the companion server's `clientSecret`, from
   * its order API or `clientSecretFor`), never the bare order id, which the server refuses.
   * Without an endpoint: the merchant's order reference, handed back in `paylit-submit`.
   */
  order = '';
  /**
   * Without an endpoint: the amount to show and submit, in the currency's decimals (a number, or
   * as the attribute gives it, its text: `"120.50"`).
   */
  amount: number | undefined;
  currency = '';
  country = '';
  /** Without an endpoint: the API's public key, a JWK (JSON) or an SPKI PEM. */
  publicKey = '';
  /**
   * How requests reach the companion server: the page's `fetch` by default. Set it to add
   * headers (a CSRF token, the shopper's session) or to call a handler in the same page.
   */
  fetch: typeof globalThis.fetch | undefined;
  /**
   * A returning payer's session (`payerSessionFor` of `@paylit/server`, for the customer the
   * merchant's site signed in): the checkout then lists their saved cards and subscriptions
   * after the pay button, to remove or cancel (`<paylit-saved-methods>`, a chunk loaded only
   * then). Without an endpoint it does nothing.
   */
  payerSession = '';
  /**
   * `redirect`: the bank's 3-D Secure page replaces the shop's, never in a dialog (the
   * `three-ds` attribute, which it sets). Default: in a dialog where the bank's page allows it.
   */
  threeDs: 'redirect' | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.#observer ??= new MutationObserver(() => this.#followSlot());
    this.#observer.observe(this, { childList: true, subtree: true });
    if (DEV && !(globalThis.isSecureContext && globalThis.crypto?.subtle)) {
      issueWarning(
        'secure-context',
        `this page (${globalThis.location?.origin}) is not a secure context, so the card cannot be encrypted (WebCrypto is missing): serve it over HTTPS, or from localhost while developing.`,
        'secure-context',
      );
    }
    if (this.hasUpdated) this.#watchSizes();
    // Back on the page after a load was cut short by its removal: load again.
    if (this.hasUpdated && !this.#loadedFor) this.#configure();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#observer?.disconnect();
    this.#sizes?.disconnect();
    // A removed checkout sends and dispatches nothing more; a move (removed and added back
    // in the same task) keeps its load going.
    queueMicrotask(() => {
      if (!this.isConnected && this.#loading) {
        this.#loading.abort();
        this.#loading = this.#loadedFor = undefined;
      }
    });
  }

  /**
   * The first update does not wait for the catalog, as the other elements' do
   * (internal/localized.ts): it sets the checkout up at once, so the order's load (`willUpdate`)
   * starts beside the catalog's rather than after it, and draws nothing until the words are
   * here; then the checkout draws its form. `updateComplete` waits for that drawing.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    // A plan's words in a language set since (planRules'), before the catalog's own wait.
    const plans = this.hasUpdated ? planRules?.loadInstallmentWords(this.locale) : undefined;
    if (plans) return plans.then(() => super.scheduleUpdate());
    const words = this.hasUpdated ? undefined : this.#awaited();
    if (!words) return super.scheduleUpdate();
    void words.then(() => this.requestUpdate());
    this.performUpdate();
    // The browser's number formatting (its ICU data) made ready while the words load, once this
    // update has sent the order's request: a page's first formatter costs tens of milliseconds,
    // which the form's first drawing (the pay button's amount) would spend after they have come.
    void new Intl.NumberFormat().format(0);
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    const complete = await super.getUpdateComplete();
    if (this.#worded) return complete;
    // Drawn without words: the update the catalog's arrival asks for draws the form.
    await this.#awaited();
    return super.getUpdateComplete();
  }

  /**
   * What the form's first drawing waits for: the words, and in frame isolation what the card
   * fields draw the frame with (lazy.ts `loadFrameBox`, asked for beside the words), so that
   * the frame's box is in the form's first paint; nothing: drawn now.
   */
  #awaited(): Promise<unknown> | undefined {
    const words = loadCatalog(this.locale);
    const box = this.isolation === 'frame' ? loadFrameBox() : undefined;
    return words && box ? Promise.all([words, box]) : (words ?? box);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.hasUpdated) this.slotted = this.#assigned().length > 0;
    if (
      changed.has('endpoint') ||
      changed.has('fetch') ||
      changed.has('order') ||
      changed.has('amount') ||
      changed.has('currency') ||
      changed.has('country') ||
      changed.has('publicKey')
    ) {
      this.#configure();
    }
    // The language its own words are drawn in (its `lang`, else the page's of the moment) is the
    // one the elements inside speak: a `lang` changed around the checkout turns them all.
    const lang = this.requestedLang();
    if (lang !== this.context.lang) this.#update({ lang });
    if (changed.has('lang')) {
      if (DEV && this.lang && resolveLocale(this.lang) === 'en' && !/^en\b/i.test(this.lang)) {
        issueWarning(
          `lang:${this.lang}`,
          `lang="${this.lang}" has no catalog: the checkout speaks English. It speaks ${locales.join(', ')} (any es-* of the Americas, any pt-*, any zh-*).`,
          'languages',
        );
      }
    }
    // A new order is a new payment.
    if (changed.has('order')) this.reset();
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.#watchSizes();
    this.#defineParts();
    // The payer's details the order lacks for the way the shopper pays, asked for before the
    // pay button: <paylit-payer-fields>, its own chunk, loaded only then.
    if (this.#asksPayer()) void importPayer().catch(noop);
    // An order that is a subscription: its sign-up, its own chunk (subscription-signup.ts).
    if (this.context.order?.subscription) void importSubscription().catch(noop);
    if (this.payerSession && this.endpoint) void importSavedMethods().catch(noop);
    // A payment that waits for the shopper (a Pix, a voucher, a transfer): `<paylit-pending>`,
    // its own chunk, shows it and follows it live.
    const outcome = this.#flow.outcome;
    if (outcome?.payment.status === 'PENDING') {
      void importPending().catch(noop);
      // The bank's 3-D Secure page over the checkout: `<paylit-challenge-dialog>`, its own chunk,
      // which a Pix, a voucher or a transfer never needs.
      if (outcome.challenge) void importChallenge().catch(noop);
    }
  }

  /** Pays with what the shopper entered. Also what the pay button does. Does nothing once the checkout shows an outcome, or the order is locked. */
  async submit(): Promise<void> {
    const submitting = this.#flow.submit();
    if (!submitting) return;
    try {
      await this.#submit();
    } finally {
      this.#flow.end(submitting);
    }
  }

  /**
   * Starts over: clears the outcome, the message and the card fields, and shows the form
   * again; the next submission has a new attempt id. For a new order, set `order` (which
   * resets too).
   *
   * @example checkout.reset(); checkout.order = nextOrder.clientSecret;
   */
  reset(): void {
    this.message = undefined;
    this.#mandate = false;
    this.#flow.reset();
    this.#cardFields()?.clear();
  }

  #watchSizes(): void {
    this.#sizes ??= new ResizeObserver((entries) => {
      for (const entry of entries)
        entry.target.classList.toggle('collapsed', entry.contentRect.height === 0);
    });
    // Observing an element already observed does nothing; removed elements leave the observer with them.
    for (const part of this.renderRoot.querySelectorAll(PARTS)) this.#sizes.observe(part);
  }

  #contextValue(changes: Partial<CheckoutContextValue>): CheckoutContextValue {
    return {
      ...emptyCheckout,
      setBin: (bin) => {
        if (bin !== this.context.bin) this.#update({ bin, plan: undefined });
      },
      choosePlan: (plan) => {
        this.#update({ plan });
        if (plan && !planRules) void loadPlanRules(this.locale).then(() => this.requestUpdate());
      },
      select: (selection: Selection) => this.#update({ selection, plan: undefined }),
      loadPlans: (bin) => this.#loadPlans(bin),
      ...changes,
    };
  }

  #update(changes: Partial<CheckoutContextValue>): void {
    this.#provider.setValue({ ...this.context, ...changes });
    this.requestUpdate();
  }

  /** Server-less: the attributes are the order. With an endpoint: loads the order, once per endpoint and order. */
  #configure(): void {
    if (this.endpoint) {
      const key = `${this.endpoint}\n${this.order}`;
      if (key === this.#loadedFor) return;
      this.#loadedFor = key;
      void this.#load();
      return;
    }
    this.#loading?.abort();
    this.#loadedFor = undefined;
    this.#plans.clear();
    // An amount refused before (below): the form again, its message gone.
    if (this.#flow.phase === 'closed') this.reset();
    const order: OrderView | undefined =
      this.amount != null && this.currency && this.country
        ? {
            id: this.order,
            // A number, also when a framework set the property from a template's string ("120.50");
            // a blank one (a template's empty placeholder) is no amount, not 0.
            amount: `${this.amount}`.trim() ? +this.amount : NaN,
            currency: this.currency,
            country: this.country,
            intent: 'capture',
            installments: false,
          }
        : undefined;
    // "abc", a decimal comma ("120,50"), "", a number that is no amount in the currency (120.505
    // or -5 reais, 1000.5 Chilean pesos: shown rounded, submitted as written), a currency in
    // lowercase ("brl"): nothing to show or charge. The page hears which attribute (core's
    // words); the shopper reads that the checkout is not set up, in their language.
    try {
      if (order && !isAmountInCurrency(order.amount, order.currency))
        throw new InvalidArgumentError('amount', `an amount in ${order.currency}`, order.amount);
    } catch (error) {
      return void this.#loadFailed({
        kind: 'configuration',
        key: 'notSetUp',
        detail: `${(error as Error).message}: amount="${this.getAttribute('amount') ?? this.amount}" currency="${this.currency}"`,
        code: 'invalid_order',
      });
    }
    if (DEV && !order) {
      issueWarning(
        'endpoint',
        '<paylit-checkout> has no endpoint: set endpoint="…" to your companion server (e.g. /paylit) and order="…", or, without a server, amount, currency, country and public-key.',
        'the-checkout-on-your-page',
      );
    }
    this.#publicKey = undefined;
    try {
      this.#publicKey = this.publicKey ? parseKey(this.publicKey) : undefined;
      if (DEV && !this.publicKey && order)
        issueWarning(
          'public-key',
          '<paylit-checkout> without an endpoint needs public-key="…", the API\'s public key (a JWK or an SPKI PEM), to encrypt the card.',
          'public-key',
        );
    } catch (error) {
      const message = (error as Error).message;
      if (DEV)
        issueWarning(
          `public-key:${this.publicKey}`,
          `${message}; got "${this.publicKey.slice(0, 40)}…".`,
          'public-key',
        );
      this.dispatchEvent(
        new PaylitErrorEvent({ kind: 'configuration', message, retryable: false }),
      );
    }
    this.#update({ status: 'standalone', order, lang: this.requestedLang() });
    this.#flow.loaded();
  }

  async #load(): Promise<void> {
    this.#plans.clear();
    this.#loading?.abort();
    const loading = (this.#loading = new AbortController());
    // A load for an order since replaced, or of a checkout since removed, ends here, unheard.
    const current = () => this.#loading === loading && !loading.signal.aborted;
    // The checkout is its own description of the server: its `endpoint` and `fetch`.
    const server: CompanionServer = this;
    // Nothing of the order before (its amount on the button, its methods) stays while another loads.
    this.#update({
      status: 'loading',
      order: undefined,
      paymentMethods: [],
      savedCards: [],
      savedWallets: [],
    });
    this.message = undefined;
    this.#flow.load();
    // No order (none yet, or the page's app cleared it): the checkout waits for one, as before its first.
    if (!this.order) {
      if (DEV)
        issueWarning(
          'order',
          '<paylit-checkout> has an endpoint but no order: set order="…" to the client secret of the order your server made.',
          'the-checkout-on-your-page',
        );
      this.#loading = undefined;
      return;
    }
    const result = await loadCheckout(server, this.order, loading.signal);
    if (!current()) return;
    if (!result.ok) {
      // Why, in a chunk of its own (checkout-load-failure.ts): a checkout that loads never
      // downloads it. Not even that chunk can load: the network is gone.
      const failure = await importLoadFailure()
        .then(({ loadFailure }) => loadFailure(server, result, loading.signal))
        .catch(() => unreachable);
      if (!current()) return;
      if (DEV) {
        const url = serverUrl(server, `/checkout?order=${encodeURIComponent(this.order)}`);
        const origin = new URL(url, globalThis.location?.href).origin;
        const refused = failure.code === 'origin_not_allowed';
        issueWarning(
          result.status ? `refused:${url}` : `load:${origin}`,
          result.status
            ? `the companion server answered ${result.status} to ${url}: ${result.error?.message ?? 'not a checkout'}. Check order="${this.order}" and endpoint="${this.endpoint}".`
            : refused
              ? `the companion server at ${origin} refuses this page's origin: add ${globalThis.location?.origin} to its allowedOrigins option (PAYLIT_ALLOWED_ORIGINS for paylit-server).`
              : `could not reach the companion server at ${url} (${(result.cause as Error | undefined)?.message}). Is it running, and mounted at ${this.endpoint}?`,
          !result.status && refused ? 'allowed-origins' : 'the-checkout-on-your-page',
        );
      }
      return this.#loadFailed(failure);
    }
    const view = result.answer;
    if (DEV && view.hiddenMethods?.length) {
      issueNote(
        `hidden:${this.order}`,
        `not offered to this order (the server says why, in development only): ${view.hiddenMethods.map((m) => `${m.id}: ${m.reason}`).join('; ')}.`,
      );
    }
    this.#publicKey = view.publicKey;
    try {
      // What settles a payment below reads the shopper's words: the order's answer (the return
      // page's, or an order paid already) can come before the catalog, loading beside it since
      // the first update (seen on CI: "read the en messages before any catalog had loaded").
      await loadCatalog(this.locale);
      if (!current()) return;
      // On a return page the checkout stays loading (its button disabled) until the payment's outcome is known.
      await this.#resume(current);
      // The order is paid already (another tab, a reload): its payment, not a form.
      if (current() && this.#flow.phase !== 'outcome' && view.payment) {
        const { settle } = await loadPayment().catch(noAnswer);
        const reader = this as unknown as Reader;
        if (current())
          this.#settle(settle(view.payment, null, reader), undefined, () =>
            settle(view.payment!, null, reader),
          );
      }
    } catch (error) {
      if (!current()) return;
      // A fault (ours, or a listener's of the page's) is not the network's: the shopper reads
      // that the store could not be reached, and the page hears of it as of any uncaught error
      // (its console, its `error` event and the monitoring that listens to it).
      if (!(error instanceof NoAnswer)) reportError(error);
      return this.#loadFailed(unreachable);
    }
    if (!current()) return;
    this.#loading = undefined;
    const ways = {
      // One choice per way to pay (Pix once): core's rule of the API's methods.
      paymentMethods: choices(view.paymentMethods ?? []),
      savedWallets: view.savedWallets ?? [],
    };
    this.#update({
      status: 'ready',
      order: view.order,
      ...ways,
      savedCards: view.savedCards ?? [],
      // Only what can pay the order is offered: a card-less order starts on its first way.
      selection: firstSelection(ways),
      plan: undefined,
      lang: this.requestedLang(),
    });
    this.#flow.loaded();
  }

  /**
   * The order as the store has it now (it replaced the order under the same client secret, or
   * forgot the plans it showed): loaded again with new plans, the card as typed, and the
   * message that said so shown again once it is here.
   */
  async #reload(): Promise<void> {
    const { message, order } = this;
    this.#loadedFor = `${this.endpoint}\n${order}`;
    await this.#load();
    if (this.order === order && this.context.status === 'ready') this.message = message;
  }

  /**
   * Load failure is a state: the fields are disabled, the message says what happened, a button
   * loads again. An order that cannot be paid (`code`) is final: no form, no amount, no retry.
   */
  async #loadFailed({ kind, key, detail, code, retryAfter }: LoadFailure): Promise<void> {
    // The order's answer can come before the shopper's catalog: the words first.
    const loading = this.#loading;
    await loadCatalog(this.locale);
    // Another load began meanwhile: its own state stands.
    if (this.#loading !== loading) return;
    // A 429 says what the pay button's 429 says (the API's 6000, in every catalog).
    const words = (t: Messages) => (key === 'rateLimited' ? t.apiErrors[6000] : t[key]);
    const text = words(this.t);
    // Not loaded: a new fetch, or the element added again, tries again.
    this.#loading = this.#loadedFor = undefined;
    this.#update({ status: 'error' });
    this.message = { text, words, error: true };
    this.#flow.loadFailed(code !== undefined);
    this.dispatchEvent(
      new PaylitErrorEvent({
        kind,
        message: detail ?? text,
        retryable: kind === 'network' || kind === 'server' || kind === 'rate_limited',
        ...(retryAfter !== undefined ? { retryAfter } : {}),
        ...(code ? { code } : {}),
      }),
    );
  }

  /** The retry button: the same order, loaded again. */
  #retry(): void {
    void this.#load().then(() => {
      // The button that had focus is gone once the checkout loads: focus goes to the first field.
      if (this.context.status === 'ready' && this.matches(':focus-within'))
        this.#parts('paylit-card-fields')[0]?.focus();
    });
  }

  /** The merchant's elements in the slot, wrappers and forwarded slots included. */
  #assigned(): Element[] {
    const slot = this.renderRoot?.querySelector?.('slot');
    return slot ? slot.assignedElements({ flatten: true }) : assigned([...this.children]);
  }

  /** The checkout's elements of one kind: the merchant's if any element is slotted, else its own. */
  #parts<K extends 'paylit-card-fields' | 'paylit-installments' | 'paylit-wallet-select'>(
    tag: K,
  ): HTMLElementTagNameMap[K][] {
    const roots = this.slotted
      ? assigned([...this.children])
      : [...(this.renderRoot?.querySelectorAll?.(PARTS) ?? [])];
    return roots.flatMap((root) => deep(root, tag)) as HTMLElementTagNameMap[K][];
  }

  /**
   * The wallet picker and the installments are each their own chunk, which defines the element:
   * loaded once the checkout draws one (an order with wallets or banks, or saved means; an
   * order that takes installments) or the merchant put one inside. A card-only order loads
   * neither.
   */
  #defineParts(): void {
    if (this.#parts('paylit-wallet-select').length) void importWalletPicker().catch(noop);
    if (this.#parts('paylit-installments').length) void importInstallmentsPicker().catch(noop);
  }

  /** Children added or removed, at any depth: defaults drawn or dropped, and the choice kept possible. */
  #followSlot(): void {
    if (this.#flow.phase === 'outcome') return;
    this.slotted = this.#assigned().length > 0;
    this.#defineParts();
    if (!this.slotted) return;
    const wallets: PaylitWalletSelect[] = this.#parts('paylit-wallet-select');
    // The wallet picker the shopper chose in is gone: back to the card, if there is one to type.
    if (
      !wallets.length &&
      // Neither a new card nor a saved one.
      !this.context.selection.type.endsWith('card')
    )
      this.#update({ selection: { type: 'card' }, plan: undefined });
    if (DEV && !wallets.length && !this.#cardFields()) {
      issueWarning(
        'slot',
        '<paylit-checkout> holds elements of your own but no <paylit-card-fields> or <paylit-wallet-select>: nothing can be paid with. Put them inside (in wrappers of your own if you like), or leave the checkout empty for its defaults.',
        'your-own-layout',
      );
    }
  }

  /** Whether the order can be paid in installments: plans are asked for, and the checkout draws its picker. */
  #takesInstallments(): boolean {
    return Boolean(this.endpoint && this.context.order?.installments);
  }

  #loadPlans(bin: string): Promise<InstallmentsPlan | null> {
    if (!this.#takesInstallments()) return Promise.resolve(null);
    // What a chosen plan costs comes from the installments' rules: loaded beside the plans.
    if (!planRules) void loadPlanRules(this.locale);
    let plan = this.#plans.get(bin);
    if (!plan) {
      plan = fetchPlans(this, this.order, bin).then((result) => {
        if (result.ok) return result.answer.plan;
        // No answer: asked again next time.
        if (result.status === 0) this.#plans.delete(bin);
        return null;
      });
      this.#plans.set(bin, plan);
    }
    return plan;
  }

  /** On the merchant's return page: the payment in the URL, confirmed with the server. Throws `NoAnswer` when it cannot be reached. */
  async #resume(current: () => boolean): Promise<void> {
    const params = new URLSearchParams(globalThis.location?.search ?? '');
    const paymentId = params.get('payment_id');
    if (!paymentId || params.get('order') !== this.order) return;
    // An outcome is likely: its look and words load beside the request.
    const [result, { returned }] = await Promise.all([
      resumePayment(this, this.order, paymentId, this.#loading?.signal),
      loadPayment().catch(noAnswer),
    ]);
    if (!result.ok && !result.status) noAnswer();
    const option = result.ok ? answers?.keptPlan(result.answer.payment.id) : undefined;
    if (option) await loadPlanRules(this.locale);
    const reader = this as unknown as Reader;
    if (current()) this.#settle(returned(result, reader), option, () => returned(result, reader));
  }

  #cardFields(): PaylitCardFields | undefined {
    return this.#parts('paylit-card-fields')[0];
  }

  /** Whether the order lacks something of the payer (or asks the consent to save a card) for the way the shopper pays. */
  #asksPayer(): boolean {
    const { order, selection } = this.context;
    return Boolean(order?.asks?.[selection.type]?.length);
  }

  /** The payer's fields the checkout drew, once their module is here; undefined when it asks nothing, or the module cannot load. */
  async #payerFields(): Promise<PaylitPayerFields | undefined> {
    const drawn = this.renderRoot.querySelector('paylit-payer-fields');
    if (!drawn) return undefined;
    await importPayer();
    await drawn.updateComplete;
    return drawn;
  }

  /**
   * The store could not be reached (or the encryption's chunk could not be loaded): said, and
   * retryable. A chunk the browser refused by its integrity (`IntegrityError`) is said as such:
   * the files served are not the published ones, and nothing was sent.
   */
  #networkFailed(error?: unknown): undefined {
    const refused = (error as { kind?: unknown } | undefined)?.kind === 'integrity';
    const words = (t: Messages) => (refused ? t.integrityError : t.networkError);
    const text = words(this.t);
    this.message = { text, words, error: true };
    this.dispatchEvent(
      new PaylitErrorEvent({
        kind: refused ? 'integrity' : 'network',
        message: text,
        retryable: !refused,
      }),
    );
    return undefined;
  }

  async #submit(): Promise<void> {
    if (!this.context.order) return;
    const option = this.context.plan;
    let payer: PaylitPayerFields | undefined;
    let signup: PaylitSubscription | undefined;
    try {
      payer = await this.#payerFields();
      signup = await this.#signup();
    } catch (error) {
      return this.#networkFailed(error);
    }
    if (signup?.pix) return this.#signUp(signup, payer);
    // A card for a subscription: only with the payer's consent to its card-on-file terms.
    if (signup && this.context.selection.type.endsWith('card') && !signup.consent()) {
      payer?.check();
      return;
    }
    // Pay pressed: the payer's problems show at once, beside the card's.
    payer?.check();
    // A new order meanwhile (while the card is sealed, or the request runs) is a new payment:
    // this one is not sent, or its answer is dropped.
    const reference = this.order;
    const made = await submission(
      {
        order: this.order,
        checkout: this.context,
        fields: this.#cardFields(),
        publicKey: this.#publicKey,
      },
      () => this.#flow.attempt(),
    );
    if (!made || this.order !== reference) return;
    if (!('attempt' in made))
      return made.kind === 'network' || made.kind === 'integrity'
        ? this.#networkFailed(made)
        : void this.dispatchEvent(new PaylitErrorEvent(made));
    if (payer) {
      // A detail missing or wrong stops the submission, said on its field: nothing is sent nor dispatched.
      const details = payer.details();
      if (!details) return;
      if (Object.keys(details).length > 0) made.payer = details;
      // Saved only when the shopper ticked the box, and only a new card.
      if (payer.saveCard && made.method.type === 'card') made.method.save = true;
    }
    if (signup && (made.method.type === 'card' || made.method.type === 'saved_card'))
      made.method.subscribe = true;
    const handedOver = !this.dispatchEvent(new PaylitSubmitEvent(made));
    if (handedOver || !this.endpoint) return this.#flow.handedOver();
    // Said once per payment: set here, before the request, and left alone until its answer
    // (a re-render writes the same text, which a live region does not announce again).
    this.message = { text: this.t.processing, words: processing, error: false, quiet: true };
    // What reads the answer loads beside the request. If it cannot load, the answer is unknown
    // to the shopper: the attempt id stays, and Pay asks the server for the same payment again.
    const [payment, result] = await Promise.all([
      loadPayment().catch(noop),
      submitPayment(this, made),
    ]);
    if (this.order !== reference) return;
    if (!payment) return this.#networkFailed();
    const reader = this as unknown as Reader;
    this.#settle(payment.paid(result, reader), option, () => payment.paid(result, reader));
  }

  /** The subscription's sign-up the checkout drew, once its module is here. */
  async #signup(): Promise<PaylitSubscription | undefined> {
    const drawn = this.renderRoot.querySelector('paylit-subscription');
    if (!drawn) return undefined;
    await importSubscription();
    await drawn.updateComplete;
    return drawn;
  }

  /** Signs up by Pix Automático with the payer's details the order lacks; its status then replaces the form. */
  async #signUp(signup: PaylitSubscription, payer: PaylitPayerFields | undefined): Promise<void> {
    payer?.check();
    const details = payer ? payer.details() : undefined;
    if (payer && !details) return;
    this.message = { text: this.t.processing, words: processing, error: false, quiet: true };
    const reference = this.order;
    const ok = await signup.signUp(details);
    if (this.order !== reference) return;
    this.message = undefined;
    this.#mandate = ok;
  }

  /**
   * Shows and announces where a payment's answer took the checkout. `option`: the plan the
   * shopper chose; `again`: the same answer read anew, for its words in a language set since.
   */
  #settle(settled: Settled, option?: InstallmentOption, again?: () => Settled): void {
    if (settled.to === 'outcome') {
      const { payment } = settled;
      const plan = this.#planOf(payment, option);
      // The outcome replaces the form (and the default card fields, which clear as they leave).
      this.#cardFields()?.clear();
      this.message = undefined;
      this.#flow.settled(settled, plan);
      this.dispatchEvent(
        new PaylitPaymentEvent(
          `paylit-${payment.status.toLowerCase()}` as 'paylit-paid',
          payment,
          plan,
        ),
      );
      void this.updateComplete.then(() => {
        // The pay button that had focus is gone: focus goes to the outcome's heading, unless the shopper is elsewhere on the page.
        const active = document.activeElement;
        if (active === this || active === document.body)
          this.renderRoot.querySelector('h2')?.focus();
      });
      return;
    }
    this.#flow.settled(settled);
    void this.updateComplete.then(() => {
      // A dialog that held focus (the bank's 3-D Secure page, cancelled or refused there) took it
      // with it: the pay button has it back, where a decline leaves it, not the page's top.
      const active = document.activeElement;
      if (active === document.body || (active === this && !this.shadowRoot?.activeElement))
        this.renderRoot.querySelector<HTMLElement>('button[part=button]')?.focus();
    });
    // The outcome is unknown: the same attempt goes again on the next try, so it cannot charge twice.
    if (settled.to === 'unreachable') return void this.#networkFailed();
    const { to, text } = settled;
    const words = again && (() => (again() as { text?: string }).text ?? text);
    this.message = { text, ...(words ? { words } : {}), error: to !== 'redirect' };
    if (to === 'refused' && settled.reload) void this.#reload();
    // The server's refusal of some of the payer's details: said on their fields too.
    if (to === 'refused' && settled.error.fields)
      this.renderRoot.querySelector('paylit-payer-fields')?.refuse?.(settled.error.fields);
    if (to === 'redirect') {
      // Said whether the checkout navigates or the merchant opens that page its own way.
      const { payment, url } = settled;
      if (option && this.#planOf(payment, option)) answers?.keepPlan(payment.id, option);
      if (this.dispatchEvent(new PaylitRedirectEvent(payment, url))) {
        // Gone back to from the browser's back/forward cache, the page is as it was left (the
        // form, "continue on your bank's page") while the payment went on there: the order is
        // loaded again, as a fresh load of the page would (paid: its outcome, not a form).
        globalThis.addEventListener?.(
          'pageshow',
          (e) => {
            if (!e.persisted || !this.isConnected || !this.endpoint) return;
            this.#loadedFor = undefined;
            this.#configure();
          },
          { once: true },
        );
        // The whole tab goes, from inside a frame too: such pages refuse to be framed by pages
        // they do not know, and their return page brings the shopper back to the shop.
        globalThis.top!.location.href = url;
      }
    } else
      this.dispatchEvent(
        to === 'refused'
          ? new PaylitErrorEvent(settled.error)
          : to === 'locked'
            ? new PaylitDeclinedEvent(undefined, text, '305')
            : new PaylitDeclinedEvent(settled.payment, text),
      );
  }

  #label() {
    const t = this.t;
    const order = this.context.order;
    if (!order) return t.loading;
    if (order.intent === 'verify') return t.verifyCard;
    // Pix Automático's "Authorize", in the sign-up's own words (its chunk).
    const signup = order.subscription && this.renderRoot.querySelector('paylit-subscription');
    if (signup && signup.payLabel) return signup.payLabel;
    const plan = this.#planOf(order, this.context.plan);
    if (plan)
      return format(planRules!.installmentWords(this.locale).payWithPlan, {
        amount: formatAmount(plan.total_amount, order.currency, this.requestedLang()),
        plan: this.#planText(plan, order.currency),
      });
    return this.#withAmount(t.pay, order.amount, order.currency);
  }

  /** What the shopper pays with `option` (the installments' chunk, loaded with the plans). */
  #planOf(
    payment: Pick<PaymentView, 'amount' | 'currency' | 'card'>,
    option: InstallmentOption | undefined,
  ): PlanPayments | undefined {
    return planRules?.chosenPlan(payment, option);
  }

  /** The plan in words: "6 × R$217.79". */
  #planText(plan: PlanPayments, currency: string): string {
    return planRules!.planWords(
      plan,
      currency,
      planRules!.installmentWords(this.locale),
      this.requestedLang(),
    );
  }

  /**
   * A message with its `{amount}` in the shopper's locale (core's formatAmount, through
   * Intl, which isolates the currency's symbol in a right-to-left amount).
   */
  #withAmount(message: string, amount: number, currency: string): string {
    return format(message, { amount: formatAmount(amount, currency, this.requestedLang()) });
  }

  /** The success or waiting state: what happened, and with which card or method. */
  #outcomeView({
    payment,
    plan: outcomePlan,
    challenge,
    at,
  }: NonNullable<CheckoutFlow['outcome']>) {
    const t = this.t;
    const card = payment.card;
    const pending = payment.status === 'PENDING';
    const plan = pending ? undefined : outcomePlan;
    const named = (id: string) => this.context.paymentMethods.find((m) => m.id === id)?.name;
    // A payment the shopper pays away from the page: its view's heading is the one heading.
    const title = pending
      ? pendingTitle(payment, t.pendingView, (id) => named(id) ?? id)
      : undefined;
    const means = card?.last4
      ? format(t.cardEnding, {
          brand: getBrand(card.brand!)?.name ?? card.brand!,
          last4: card.last4,
        })
      : title
        ? undefined
        : named(payment.payment_method_id ?? '');
    return html`<div part="outcome" class="outcome ${pending ? 'pending' : ''}">${pending ? nothing : html`<svg viewBox="0 0 24 24" aria-hidden="true"><path d="m4 13 5 5L20 6"/></svg>`}
      <h2 tabindex="-1">${pending ? (title ?? t.pending) : this.#withAmount((t.outcomes as Record<string, string>)[payment.status]!, plan?.total_amount ?? payment.amount, payment.currency)}</h2>
      ${plan ? html`<p>${this.#planText(plan, payment.currency)}</p>` : nothing}
      ${means ? html`<p>${means}</p>` : nothing}${
        pending
          ? html`<paylit-pending exportparts="pending, qr, barcode, copy, print, instructions, new-code"
        .payment=${payment} .arrived=${at} .challenge=${challenge} .server=${this} .order=${this.order} .messages=${this.t}
        @paylit-pending-settled=${this.#pendingSettled}></paylit-pending>`
          : nothing
      }</div>`;
  }

  /**
   * What a waiting payment's elements (`<paylit-pending>`, `<paylit-challenge-dialog>`, each
   * its own chunk) answer: where the checkout goes next, and whether the form comes back first.
   */
  #pendingSettled({ settled, reset, again }: PendingSettledEvent): void {
    if (reset) this.reset();
    this.#settle(settled, undefined, () => again(this as unknown as Reader));
  }

  /** A card the payer removed from their saved methods: no longer offered, nor chosen. */
  #cardRemoved = ({ detail }: CustomEvent<{ cardId: string }>): void => {
    const { savedCards, selection } = this.context;
    const chosen = selection.type === 'saved_card' && selection.cardId === detail.cardId;
    this.#update({
      savedCards: savedCards.filter((card) => card.card_id !== detail.cardId),
      ...(chosen ? { selection: firstSelection(this.context) } : {}),
    });
  };

  protected override render() {
    // Nothing before the words (the first update, which starts the order's load, comes before them).
    const awaited = this.#worded ? undefined : this.#awaited();
    if (awaited) {
      void awaited.then(() => this.requestUpdate());
      return nothing;
    }
    this.#worded = true;
    const { phase, outcome } = this.#flow;
    const busy = phase === 'submitting';
    // The order is there once loaded (or taken from the attributes), and only then: a load clears it.
    const disabled = !this.context.order || busy;
    // The default elements show unless the merchant put elements inside (the whitespace and
    // comments of indented markup would fill a <slot> and hide its fallback content), and
    // are not created otherwise; the wallet picker and the installments only once the order
    // has wallets or banks (or saved means) and takes installments: until then they would
    // show nothing, and creating them is most of a first render's cost (npm run bench).
    // The message is one live region for the whole life of the checkout (announced when its content changes): the outcome appears inside it.
    const message = this.message;
    const open = Boolean(outcome || (message && !message.quiet));
    // An order no card can pay (Boleto, Pix, OXXO or SPEI only) shows no card fields nor plans.
    const cards = takesCards(this.context);
    // Before this render is painted: the outcome's look, once, with the checkout's own.
    if (outcome && answers)
      adoptWhenShown(this, styled, [...PaylitCheckout.elementStyles, answers.outcomeStyles]);
    return html`<div class="body" dir=${this.direction}>
      ${this.context.order?.subscription && !outcome ? html`<paylit-subscription exportparts="subscription-methods, mandate, subscription-consent, subscription-status, bank-link" .server=${this} .order=${this.order}></paylit-subscription>` : nothing}
      ${
        outcome || phase === 'closed' || phase === 'locked' || this.#mandate
          ? nothing
          : html`<slot @slotchange=${() => this.#followSlot()}></slot>${
              this.slotted
                ? nothing
                : html`
        ${offersChoice(this.context) ? html`<paylit-wallet-select></paylit-wallet-select>` : nothing}
        ${cards ? html`<paylit-card-fields isolation=${this.isolation} ?hidden=${!this.context.selection.type.endsWith('card')}></paylit-card-fields>` : nothing}
        ${cards && this.#takesInstallments() ? html`<paylit-installments></paylit-installments>` : nothing}`
            }
      ${this.#asksPayer() ? html`<paylit-payer-fields exportparts="payer, save-card" @pay=${() => void this.submit()}></paylit-payer-fields>` : nothing}
      ${
        // The order did not load: only the error and Try again, not "Loading the checkout…".
        phase === 'failed'
          ? nothing
          : html`<button part="button" type="button" aria-disabled=${disabled} aria-busy=${busy}
        @click=${() => (disabled ? undefined : this.submit())}>${busy ? html`<span part="spinner" class="spinner" aria-hidden="true"></span>` : nothing}<span>${busy ? this.t.processing : this.#label()}</span></button>`
      }`
      }
      <div part="message" class="message ${open ? 'open' : ''} ${message?.error ? 'error' : ''}" role=${message?.error ? 'alert' : 'status'}>${
        outcome
          ? this.#outcomeView(outcome)
          : message?.quiet
            ? html`<span class="sr-only">${message.words?.(this.t) ?? message.text}</span>`
            : message
              ? (message.words?.(this.t) ?? message.text)
              : nothing
      }</div>
      ${
        outcome?.challenge && outcome.payment.status === 'PENDING'
          ? html`<paylit-challenge-dialog exportparts="challenge, challenge-frame, close" .url=${outcome.challenge}
        .payment=${outcome.payment} .server=${this} .order=${this.order} .messages=${this.t}
        @paylit-pending-settled=${this.#pendingSettled}></paylit-challenge-dialog>`
          : nothing
      }
      ${phase === 'failed' ? html`<button part="retry" class="retry" type="button" @click=${() => this.#retry()}>${this.t.retry}</button>` : nothing}
      ${this.payerSession && this.endpoint ? html`<paylit-saved-methods exportparts="saved-methods" lang=${this.requestedLang() ?? nothing} session=${this.payerSession} .server=${this} @paylit-saved-card-removed=${this.#cardRemoved}></paylit-saved-methods>` : nothing}
    </div>`;
  }
}

customElements.define('paylit-checkout', PaylitCheckout);

declare global {
  interface HTMLElementTagNameMap {
    'paylit-checkout': PaylitCheckout;
  }
}
