/**
 * The sandbox's own clock. It starts at the system time and can be set or moved, so that
 * tests can age idempotency keys, expire pending payments or make an `X-Date` stale
 * without waiting.
 */
export interface Clock {
  now(): Date;
  /** Sets the time; it keeps running from there. */
  set(date: Date): void;
  /** Moves the time by `ms` (negative goes back). */
  advance(ms: number): void;
  /** Calls `moved` after each `set` and `advance` (what falls due then happens at once); answers what stops it. */
  onMove(moved: () => void): () => void;
}

export function createClock(start?: Date): Clock {
  let offset = start ? start.getTime() - Date.now() : 0;
  const listeners = new Set<() => void>();
  const moved = () => {
    for (const listener of listeners) listener();
  };
  return {
    now: () => new Date(Date.now() + offset),
    set: (date) => {
      offset = date.getTime() - Date.now();
      moved();
    },
    advance: (ms) => {
      offset += ms;
      moved();
    },
    onMove: (listener) => {
      const own = () => listener();
      listeners.add(own);
      return () => void listeners.delete(own);
    },
  };
}

/** A timestamp as the API prints it: `2026-02-09T14:47:49.000+0000`. */
export function apiTimestamp(date: Date): string {
  return date.toISOString().replace('Z', '+0000');
}
