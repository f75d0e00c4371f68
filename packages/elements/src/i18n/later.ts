import type { Messages } from './en.js';

/**
 * English's messages that only a chunk's state needs. The script-tag build ships their texts in
 * that chunk, not in paylit.js: there English has their keys with empty texts
 * (build/english-later.ts) until the chunk is loaded (index.ts `addLater`).
 *
 * `later`: the rare states, in the outcome's chunk: a payment's answer (a decline, an API
 * error, the outcome, the bank's page) and an order the checkout cannot open.
 */
export const later = [
  'orderNotFound',
  'notSetUp',
  'loadRefused',
  'apiErrors',
  'rejections',
  'threeDSecureFailed',
  'orderLocked',
  'pending',
  'outcomes',
  'redirecting',
] as const satisfies readonly (keyof Messages)[];

export type LaterMessages = Pick<Messages, (typeof later)[number]>;

/** The installment plans' wording, in the installments' chunk (loaded with the first plans). */
export const planMessages = [
  'installmentOption',
  'installmentTotal',
  'interestFree',
  'withInterest',
  'monthsInterestFree',
  'monthsWithInterest',
  'rateTna',
  'rateTea',
  'rateCft',
  'rateCat',
  'rateCet',
  'bankSetsInterest',
  'payInFull',
  'payWithPlan',
  'installmentsWithLast',
] as const satisfies readonly (keyof Messages)[];

export type PlanMessages = Pick<Messages, (typeof planMessages)[number]>;
