/** How many records of each kind a sandbox holds and has dropped (`maxRecords`), for `sandbox.records()` and `GET /sandbox-tools/records`. */
import type { SandboxInternals } from './internals.js';
import type { BoundedMap } from './state/bounded.js';

export interface RecordCount {
  kept: number;
  dropped: number;
}

export type RecordCounts = Record<
  | 'payments'
  | 'refunds'
  | 'cards'
  | 'card_tokens'
  | 'wallet_tokens'
  | 'enrollments'
  | 'plans'
  | 'ledger_entries'
  | 'notifications'
  | 'idempotency_keys',
  RecordCount
>;

const count = (map: BoundedMap<unknown, unknown>): RecordCount => ({
  kept: map.size,
  dropped: map.dropped,
});

export function recordCounts({
  store,
  idempotency,
}: Pick<SandboxInternals, 'store' | 'idempotency'>): RecordCounts {
  return {
    payments: count(store.payments),
    refunds: count(store.refunds),
    cards: count(store.cards),
    card_tokens: count(store.cardTokens),
    wallet_tokens: count(store.walletTokens),
    enrollments: count(store.enrollments),
    plans: count(store.plans),
    ledger_entries: { kept: store.ledger.size, dropped: store.ledger.dropped },
    notifications: store.notifier.count(),
    idempotency_keys: count(idempotency.entries),
  };
}
