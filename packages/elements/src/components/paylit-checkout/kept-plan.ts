/**
 * The plan chosen for a card payment that leaves for the bank's page, kept in the tab for the
 * return page, keyed by the payment's id: display only (the return page's total and
 * installments), checked there against the count the API's record names. It comes in the chunk
 * that reads a payment's answer (checkout-payment.ts re-exports it), the only one that keeps or
 * reads it.
 */
import type { InstallmentOption } from '../../context/checkout-context.js';

const PLAN_KEY = 'paylit-plan:';
export function keepPlan(paymentId: string, option: InstallmentOption): void {
  try {
    globalThis.sessionStorage?.setItem(PLAN_KEY + paymentId, JSON.stringify(option));
  } catch {
    // Storage refused: the return page shows the payment's amount alone.
  }
}
export function keptPlan(paymentId: string): InstallmentOption | undefined {
  try {
    const text = globalThis.sessionStorage?.getItem(PLAN_KEY + paymentId);
    return text ? (JSON.parse(text) as InstallmentOption) : undefined;
  } catch {
    return undefined;
  }
}
