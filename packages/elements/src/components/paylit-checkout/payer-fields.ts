/**
 * The payer's fields are `<paylit-payer-fields>` (components/paylit-payer-fields/). This name
 * stays only while the lazy parts' table (internal/lazy.ts, `Chunks['payer']`) still names it.
 */
export * from '../paylit-payer-fields/paylit-payer-fields.js';
