/**
 * Which methods an order's intent needs among its `methods`: an `authorize` or `verify` order is
 * paid by card only (`methodProblem` in `methods.ts` hides every other method for it). Kept
 * beside the brand table, not in `methods.ts`: the checkout's module imports `methods.ts`, and
 * an import of the brand table from there moves the table into the chunk every journey loads.
 */
import { cardBrands } from './brands.js';
import type { PayingOrder } from '../methods.js';

/**
 * Why an order's `methods` (the field at fault) leave nothing its intent can be paid with, or undefined when they do
 * not: an `authorize` or `verify` order is paid by card only (`methodProblem`), so its methods,
 * when it names them, include `CARD` or a card brand's code (`VI`, `MC`…). A wallet is not a
 * card here, even one that pays with a card (Apple Pay): it is paid as a wallet. For the order
 * API and `resolveOrder` alike, before a shopper sees a checkout with nothing to offer.
 *
 * @example
 * intentMethodsProblem({ intent: 'authorize', methods: ['PQ'] })
 * // 'must include a card (CARD or a card brand such as VI) for intent "authorize": …'
 */
export function intentMethodsProblem(order: PayingOrder): string | undefined {
  const intent = order.intent ?? 'capture';
  if (intent === 'capture' || order.methods === undefined) return undefined;
  const card = (id: string) => id === 'CARD' || cardBrands.some((brand) => brand.code === id);
  if (order.methods.some(card)) return undefined;
  return `must include a card (CARD or a card brand such as VI) for intent "${intent}": only a card payment can be ${intent === 'verify' ? 'verified at zero amount' : 'authorized and captured later'}`;
}
