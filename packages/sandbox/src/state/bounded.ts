/**
 * A `Map` that keeps at most `max` entries: adding a new key to a full map first drops the
 * oldest ones (a Map iterates in insertion order), so a long load test cannot grow the
 * sandbox without end. Updating a key already there keeps its place.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  /** How many entries were dropped to make room, since the start. */
  dropped = 0;
  readonly max: number;

  constructor(max: number) {
    super();
    if (!Number.isInteger(max) || max < 1)
      throw new RangeError(`maxRecords must be a whole number of 1 or more, not ${max}`);
    this.max = max;
  }

  override set(key: K, value: V): this {
    if (!this.has(key)) {
      for (const oldest of this.keys()) {
        if (this.size < this.max) break;
        this.delete(oldest);
        this.dropped++;
      }
    }
    return super.set(key, value);
  }
}

/** The default of `createSandbox({ maxRecords })`: per kind of record (payments, refunds, ledger entries, …). */
export const DEFAULT_MAX_RECORDS = 100_000;
