/**
 * What the notification route has heard of each record (a payment, a refund, an enrollment),
 * kept in the store for a week: each status by its rank, so that one arriving after a later one
 * is told as not the latest, and so that what was heard of a record before this server stored
 * it (its store lost meanwhile) is still known when it is stored again.
 */
import type { CheckoutStore } from './store/store.js';

export type HeardKind = 'payment' | 'refund' | 'enrollment';

/**
 * Where each status stands in its record's life: a status never follows one of a higher rank.
 * Statuses not listed (final ones, and any the API adds) rank `TOP_RANK`.
 */
export const RANKS: Record<HeardKind, Record<string, number>> = {
  payment: { PENDING: 0, AUTHORIZED: 1 },
  refund: { PENDING: 0 },
  enrollment: { PENDING: 0, ACTIVE: 1 },
};
export const TOP_RANK = 2;

/** The store's key for a status of rank `rank` heard of record `id`; its value is `<status>` or `<status> <status_code>`. */
export const heardKey = (kind: HeardKind, id: string, rank: number) =>
  `notification-status:${kind}:${id}:${rank}`;

/** The value `heardKey` keeps for a record's status. */
export const heardValue = (status: string, statusCode: unknown) =>
  typeof statusCode === 'string' || typeof statusCode === 'number'
    ? `${status} ${statusCode}`
    : status;

/** The latest status heard of record `id` (the highest rank), with its code when it was sent. */
export async function lastHeard(
  store: CheckoutStore,
  kind: HeardKind,
  id: string,
): Promise<{ status: string; status_code?: string } | undefined> {
  for (let rank = TOP_RANK; rank >= 0; rank--) {
    const value = await store.bound(heardKey(kind, id, rank));
    if (value === undefined) continue;
    const [status = value, code] = value.split(' ');
    return code === undefined ? { status } : { status, status_code: code };
  }
  return undefined;
}
