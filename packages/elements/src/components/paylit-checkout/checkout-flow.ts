/**
 * The checkout's flow: where a `<paylit-checkout>` is, and the attempt id of the payment it
 * makes. The element renders the phase and dispatches the events; this decides the
 * transitions:
 *
 * ```
 * loading ─▶ ready ─▶ submitting ─▶ outcome   (made, or pending: no form)
 *    │         ▲          ├────────▶ ready     (redirect, declined, refused, no answer)
 *    │         │          └────────▶ locked    (five declines: no form)
 *    │         └── reset ◀── outcome, locked
 *    ├──▶ failed ── retry ──▶ loading
 *    └──▶ closed                               (an order that cannot be paid: no form)
 * ```
 *
 * An attempt whose outcome is unknown (no answer, or a refusal worth sending again) keeps its
 * id: the next submission sends the same attempt, which cannot charge twice.
 */
import type { CheckoutErrorBody, PaymentView } from '@paylit/core/checkout';
import type { PlanPayments } from '@paylit/core/installments';
import type { PaylitErrorKind } from '@paylit/core/errors';
import type { Messages } from '../../i18n/en.js';

export type CheckoutPhase =
  'loading' | 'ready' | 'failed' | 'closed' | 'submitting' | 'outcome' | 'locked';

/** Where a payment's answer takes the checkout, with the words it shows (checkout-payment.ts decides it). */
export type Settled =
  /** `challenge`: the bank's 3-D Secure page, shown in a dialog over the waiting state. */
  | { to: 'outcome'; payment: PaymentView; challenge?: string }
  | { to: 'redirect'; payment: PaymentView; url: string; text: string }
  | { to: 'declined'; payment: PaymentView; text: string }
  /** The order had as many declines as it allows: no card is tried on it again. */
  | { to: 'locked'; text: string }
  /** `reload`: the order changed under the page (409 `order_mismatch`): the checkout loads it again. */
  | { to: 'refused'; text: string; error: PaylitErrorDetail; reload?: boolean }
  /** No answer: the outcome is unknown. */
  | { to: 'unreachable' };

/** What `paylit-error` says of a refusal. */
export interface PaylitErrorDetail {
  kind: PaylitErrorKind;
  message: string;
  retryable: boolean;
  /** `rate_limited`: the seconds the server asked the shopper to wait (its `Retry-After`). */
  retryAfter?: number;
  code?: CheckoutErrorBody['code'];
  param?: string;
  /** Every field refused, each with the server's problem (the payer's details); `param` is the first. */
  fields?: CheckoutErrorBody['fields'];
}

export class CheckoutFlow {
  phase: CheckoutPhase = 'loading';
  /**
   * The payment the checkout ended in (PAID, AUTHORIZED, VERIFIED, or PENDING with nothing to
   * do), and its plan, in `outcome`; `at`, when its answer arrived (`performance.now()`): a Pix's
   * countdown runs from there, not from the device's clock.
   */
  outcome:
    | { payment: PaymentView; plan: PlanPayments | undefined; challenge?: string; at: number }
    | undefined;
  #attempt: string | undefined;
  /** Counts the submissions, so that one ending late leaves a newer one alone. */
  #run = 0;

  /** `changed` is called after every transition. */
  constructor(private readonly changed: () => void) {}

  #to(phase: CheckoutPhase): void {
    this.phase = phase;
    if (phase !== 'outcome') this.outcome = undefined;
    this.changed();
  }

  /** A load begins: whatever the checkout was doing is over. */
  load(): void {
    this.#to('loading');
  }

  /** The order is here (or, without a server, taken from the attributes). An outcome found while loading stays. */
  loaded(): void {
    if (this.phase === 'loading' || this.phase === 'failed') this.#to('ready');
  }

  /** The load failed: `final` when the order cannot be paid at all. */
  loadFailed(final: boolean): void {
    this.#to(final ? 'closed' : 'failed');
  }

  /** The shopper pays: a token for `end`, or `undefined` when no payment may start now. */
  submit(): number | undefined {
    if (this.phase !== 'ready') return undefined;
    this.#to('submitting');
    return ++this.#run;
  }

  /** The attempt id for the submission: the one whose outcome is unknown, if any, else a new one. */
  attempt(): string {
    return (this.#attempt ??= crypto.randomUUID());
  }

  /** The checkout did not send the submission (handed over, or there is no server): the next one is a new attempt. */
  handedOver(): void {
    this.#attempt = undefined;
  }

  /** A payment's answer, or a return page's payment. `plan`: the outcome's installment plan. */
  settled(settled: Settled, plan?: PlanPayments): void {
    const { to } = settled;
    if (to !== 'unreachable' && !(to === 'refused' && settled.error.retryable))
      this.#attempt = undefined;
    if (to === 'outcome') {
      this.outcome = { ...settled, plan, at: performance.now() };
      this.#to(to);
    } else if (to === 'locked') this.#to(to);
    else if (this.phase === 'submitting') this.#to('ready');
  }

  /** The submission `submit` counted is over, however it ended. */
  end(run: number): void {
    if (run === this.#run && this.phase === 'submitting') this.#to('ready');
  }

  /** Starts over: the form again, and a new attempt id next time. */
  reset(): void {
    this.#attempt = undefined;
    const phase = this.phase;
    if (phase === 'outcome' || phase === 'locked') this.#to('ready');
    else if (phase === 'closed') this.#to('failed');
  }
}

/**
 * Who reads a payment's answer (checkout-payment.ts): the checkout, its words (`t`) and its
 * `three-ds` attribute (`redirect`: the bank's 3-D Secure page replaces the shop's, never in a
 * dialog).
 */
export interface Reader {
  readonly t: Messages;
  getAttribute?(name: string): string | null;
}

/**
 * How an element the checkout renders for a waiting payment (`<paylit-pending>`,
 * `<paylit-challenge-dialog>`) answers it: where the checkout goes next (`settled`), whether
 * its form comes back first (`reset`), and the same answer read by another reader (`again`), so
 * that the checkout says its words again in a language set later. Dispatched on that element,
 * neither bubbling nor composed: only the checkout that renders it hears it.
 */
export class PendingSettledEvent extends Event {
  constructor(
    readonly settled: Settled,
    readonly reset: boolean,
    readonly again: (reader: Reader) => Settled,
  ) {
    super('paylit-pending-settled');
  }
}
