/**
 * The lazy loaders' name for the pending chunk (internal/lazy.ts `Chunks['pending']`), kept
 * until they name `components/paylit-pending/paylit-pending.ts` themselves: the chunk is that
 * module, which defines `<paylit-pending>` and `<paylit-challenge-dialog>`.
 */
export * from '../paylit-pending/paylit-pending.js';
