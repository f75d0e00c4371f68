/**
 * What the sandbox remembers, in memory: payments, refunds, saved cards, wallet tokens,
 * enrollments, installment plans and chargebacks, with the clock, ledger and notifier
 * that every operation uses. One `Store` per sandbox.
 */
import type { PaymentStatus, RefundStatus, EnrollmentStatus } from '@paylit/core/codes';
import { createPaymentRequestSchema } from '@paylit/core/schemas';
import type { Clock } from '../clock.js';
import type { Notifier } from '../notifications.js';
import type { InstallmentOption } from '../catalogs/installments.js';
import type { MethodType } from '../catalogs/payment-methods.js';
import { BoundedMap } from './bounded.js';
import { Ledger } from './ledger.js';

export interface CardView {
  holder_name?: string;
  expiration_month?: number;
  expiration_year?: number;
  brand?: string;
  last4?: string;
  verify?: boolean;
  card_id?: string;
  installments?: string;
  /** The issuing country: the card's own when the request gave it, else the payment's. */
  country?: string;
  /** With `card.save: true`: `save`, `card_id` and `type` (CREDIT or DEBIT). */
  save?: boolean;
  type?: 'CREDIT' | 'DEBIT';
  stored_credential_type?: string;
  stored_credential_usage?: string;
  /** The network's reference of a recurring card payment. */
  network_tx_reference?: string;
}

/** What an enrollment charges with: the method, and for a card what the record shows of it. */
export interface EnrollmentMethod {
  payment_method_id: string;
  payment_method_type: MethodType;
  card?: CardView;
}

export interface Payment {
  id: string;
  kind: 'payment' | 'capture';
  amount: number;
  currency: string;
  country: string;
  payment_method_id: string;
  payment_method_type: MethodType;
  payment_method_flow: 'DIRECT' | 'REDIRECT';
  status: PaymentStatus;
  status_code: string;
  status_detail: string;
  order_id: string | undefined;
  original_order_id?: string;
  description?: string;
  notification_url?: string;
  callback_url?: string;
  payer?: Record<string, unknown>;
  card?: CardView;
  wallet?: { name?: string; token?: string };
  enrollment?: { id: string; status: string };
  created_date: string;
  approved_date?: string;
  /** Set while the payer must act: the single-use page. */
  redirect_url?: string;
  three_dsecure?: { redirect_url?: string };
  /** The single-use token in the page URL; cleared once used. */
  page_token?: string;
  /** When a pending payment expires, by the sandbox clock (ms). */
  expires_at?: number;
  /** Whether the payment captures on approval (false: authorization). */
  capture: boolean;
  /** A verification (`card.verify` or `wallet.verify`): VERIFIED on approval, never PAID. */
  verify?: boolean;
  authorization_id?: string;
  captures: string[];
  refunds: string[];
  save_wallet?: boolean;
  /** An enrollment made with this payment: it follows the payment (ACTIVE once made, REJECTED if it fails or is cancelled). */
  enrolls?: string;
  /** A card saved with this payment while it was pending (3-D Secure): dropped if the payment fails. */
  saved_card_id?: string;
  /** A recurring card payment: its record gets `card.network_tx_reference` when approved. */
  recurring?: boolean;
  /** For cash vouchers: the outcome the request's description asked for, settled after a while. */
  scheduled_outcome?: 'PAID' | 'REJECTED';
  chargeback?: boolean;
  /**
   * What the request gave fraud prevention beyond the payer: `device` and
   * `additional_risk_data`. The API does not echo them; tests read them with
   * `GET /sandbox-tools/risk?payment_id=`.
   */
  risk?: { device?: unknown; additional_risk_data?: unknown };
  /** A DIRECT Pix or cash voucher: what the payer pays with (direct-vouchers.ts). */
  ticket?: Record<string, unknown>;
  /** A DIRECT bank transfer: the account and reference the payer pays to. */
  bank_transfer?: Record<string, unknown>;
}

export interface Refund {
  id: string;
  payment_id: string;
  order_id: string | undefined;
  amount: number;
  amount_refunded: number;
  currency: string;
  status: RefundStatus;
  status_code: string;
  status_detail: string;
  created_date: string;
  /** Absent when the request had none: the refund's outcome is then read with its status lookup. */
  notification_url?: string;
  description?: string;
}

export interface SavedCard {
  card_id: string;
  holder_name: string | undefined;
  expiration_month: number;
  expiration_year: number;
  last4: string;
  brand: string | undefined;
  deleted: boolean;
}

export interface Enrollment {
  id: string;
  external_id: string | undefined;
  type: string | undefined;
  status: EnrollmentStatus;
  status_code: string;
  status_detail: string;
  description?: string;
  notification_url?: string;
  callback_url?: string;
  redirect_url?: string;
  page_token?: string;
  subscription?: Record<string, unknown>;
  created_date: string;
  /** Made with a first payment, whose outcome decides it (not the payer's bank, nor a page). */
  with_payment?: boolean;
  /** Its country: the subscription's bounds are in this country's local currency. */
  country: string;
  /** What a charge by `enrollment.id` pays with. */
  method: EnrollmentMethod;
}

export interface Plan {
  id: string;
  country: string;
  bin: string;
  amount: number;
  currency: string;
  installments: (InstallmentOption & { id: string })[];
  installments_by_bank: boolean;
}

export interface StoreOptions {
  merchantId: string;
  /** The merchant's name on what a payer is given (a Pix charge, a voucher, a transfer's beneficiary). */
  merchantName: string;
  clock: Clock;
  notifier: Notifier;
  /** How long a pending cash voucher or refund takes to settle by itself (ms of real time). */
  settleDelayMs: number;
  /** Whether payments in India are cross-border (core's rule option). */
  indiaCrossBorder: boolean;
  /** The private half of the card-encryption key, to open `card.encrypted_data`. */
  privateKey: CryptoKey;
  /** How many records of each kind are kept; past that the oldest are dropped. */
  maxRecords: number;
}

/** A single-use card token, as hosted card fields make them (valid 10 minutes). */
export interface CardToken {
  token: string;
  /** What the card is, not the number itself: BIN for plans, whether the number was valid. */
  card: Omit<SavedCard, 'card_id' | 'deleted'> & { bin: string; invalidNumber: boolean };
  expires_at: number;
  used: boolean;
}

/**
 * Each kind of record is a `BoundedMap` of `maxRecords`: past it the oldest are dropped, and
 * the sandbox answers for them as for ids it never made (404 / 4000, 4001…).
 */
export class Store {
  readonly payments: BoundedMap<string, Payment>;
  readonly refunds: BoundedMap<string, Refund>;
  readonly cards: BoundedMap<string, SavedCard>;
  readonly cardTokens: BoundedMap<string, CardToken>;
  readonly walletTokens: BoundedMap<string, { name: string | undefined; country: string }>;
  readonly enrollments: BoundedMap<string, Enrollment>;
  readonly plans: BoundedMap<string, Plan>;
  readonly ledger: Ledger;
  /**
   * The merchant's available balance per currency, for refunds. Untracked (unlimited)
   * until a test sets it with `POST /sandbox-tools/balance`; then charges add to it and
   * refunds take from it, and a refund larger than it is 5012.
   */
  readonly balances = new Map<string, number>();
  readonly options: StoreOptions;
  readonly paymentRequestSchema;
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  #seq = 0;

  constructor(options: StoreOptions) {
    this.options = options;
    const max = options.maxRecords;
    this.payments = new BoundedMap(max);
    this.refunds = new BoundedMap(max);
    this.cards = new BoundedMap(max);
    this.cardTokens = new BoundedMap(max);
    this.walletTokens = new BoundedMap(max);
    this.enrollments = new BoundedMap(max);
    this.plans = new BoundedMap(max);
    this.ledger = new Ledger(max);
    this.paymentRequestSchema = createPaymentRequestSchema({
      now: () => options.clock.now(),
      indiaCrossBorder: options.indiaCrossBorder,
    });
  }

  get clock(): Clock {
    return this.options.clock;
  }

  get notifier(): Notifier {
    return this.options.notifier;
  }

  /** `D-<merchant>-<uuid>`, as the API makes payment ids; a verification's starts `T-`. */
  paymentId(prefix: 'D' | 'T' = 'D'): string {
    return `${prefix}-${this.options.merchantId}-${crypto.randomUUID()}`;
  }

  /** A short sequential id with a prefix: `REF-12-…`, `INS…`. */
  id(prefix: string): string {
    return `${prefix}${++this.#seq}`;
  }

  /** Runs `task` after `ms` of real time, unless the sandbox closes first. */
  later(ms: number, task: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      task();
    }, ms);
    timer.unref?.();
    this.#timers.add(timer);
  }

  /** The order ids of payments being made now (between the duplicate check and the payment's record). */
  readonly #makingOrders = new Set<string>();

  /**
   * Takes `orderId` for a payment about to be made: false when a payment has it or is being
   * made with it. Synchronous, so that the check and the reservation are one step.
   */
  reserveOrder(orderId: string): boolean {
    if (this.#makingOrders.has(orderId) || this.paymentByOrder(orderId)) return false;
    this.#makingOrders.add(orderId);
    return true;
  }

  /** Ends a reservation: the payment is recorded (paymentByOrder finds it) or was not made. */
  releaseOrder(orderId: string): void {
    this.#makingOrders.delete(orderId);
  }

  /**
   * The payment with this merchant order id: the newest one. With `captures`, a capture sent
   * with an order id of its own (the capture body's `order_id`) is found by it when no payment
   * has it; one that kept its authorization's is not, so that id still finds the authorization.
   */
  paymentByOrder(orderId: string, { captures = false } = {}): Payment | undefined {
    let found: Payment | undefined;
    let capture: Payment | undefined;
    for (const p of this.payments.values()) {
      if (p.order_id !== orderId) continue;
      if (p.kind === 'payment') found = p;
      else if (
        captures &&
        p.authorization_id !== undefined &&
        this.payments.get(p.authorization_id)?.order_id !== orderId
      )
        capture = p;
    }
    return found ?? capture;
  }

  close(): void {
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
  }
}
