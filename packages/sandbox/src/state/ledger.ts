/**
 * The ledger: every payment, capture and refund the sandbox has made, and whether money
 * moved with it. Tests read it to prove that a retry or a double submit charged once.
 * It keeps the newest `maxRecords` entries; `dropped` counts those it let go.
 */
import { BoundedMap, DEFAULT_MAX_RECORDS } from './bounded.js';

export type LedgerKind =
  'payment' | 'authorization' | 'verification' | 'capture' | 'refund' | 'chargeback';

export interface LedgerEntry {
  kind: LedgerKind;
  id: string;
  payment_id: string;
  order_id: string | undefined;
  amount: number;
  currency: string;
  status: string;
  /** True once money moved: a payment or capture PAID, a refund SUCCESS, a chargeback. */
  money_moved: boolean;
  created_date: string;
}

export interface LedgerSummary {
  entries: LedgerEntry[];
  /** How many times money moved (charges, captures and refunds that completed, chargebacks). */
  money_moved: number;
  charged: number;
  refunded: number;
  /** What chargebacks took back from the merchant. */
  charged_back: number;
  /** How many of the oldest entries (of any order) the sandbox dropped to stay within `maxRecords`. */
  dropped: number;
}

export class Ledger {
  readonly #entries: BoundedMap<string, LedgerEntry>;

  constructor(maxRecords: number = DEFAULT_MAX_RECORDS) {
    this.#entries = new BoundedMap(maxRecords);
  }

  /** How many of the oldest entries were dropped to stay within `maxRecords`. */
  get dropped(): number {
    return this.#entries.dropped;
  }

  get size(): number {
    return this.#entries.size;
  }

  record(entry: LedgerEntry): void {
    this.#entries.set(entry.id, { ...entry });
  }

  update(id: string, changes: Partial<Pick<LedgerEntry, 'status' | 'money_moved'>>): void {
    const entry = this.#entries.get(id);
    if (entry) Object.assign(entry, changes);
  }

  /** The entries, optionally only those of one merchant order or one payment. */
  summary(filter: { order_id?: string; payment_id?: string } = {}): LedgerSummary {
    const entries = [...this.#entries.values()].filter(
      (e) =>
        (filter.order_id === undefined || e.order_id === filter.order_id) &&
        (filter.payment_id === undefined ||
          e.payment_id === filter.payment_id ||
          e.id === filter.payment_id),
    );
    const moved = entries.filter((e) => e.money_moved);
    const sum = (kinds: LedgerKind[]) =>
      Number(
        moved
          .filter((e) => kinds.includes(e.kind))
          .reduce((s, e) => s + e.amount, 0)
          .toFixed(2),
      );
    return {
      entries: entries.map((e) => ({ ...e })),
      money_moved: moved.length,
      charged: sum(['payment', 'capture']),
      refunded: sum(['refund']),
      charged_back: sum(['chargeback']),
      dropped: this.dropped,
    };
  }
}
