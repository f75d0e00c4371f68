/** What the checkout view says of an order that is a subscription (core's `orderViewSchema.subscription`). */
import { subscribingMethods, type Plan, type SubscribingMethod } from '@paylit/core/checkout';
import type { MerchantOrder } from '../order.js';

/** The plan, and the ways to pay that can subscribe in the order's country among those the order allows. */
export function subscriptionView(
  order: Pick<MerchantOrder, 'country' | 'methods'>,
  plan: Plan,
  payee?: string,
): { plan: Plan; methods: SubscribingMethod[]; payee?: string } {
  const methods = subscribingMethods(order.country).filter(
    (m) => order.methods === undefined || order.methods.includes(m),
  );
  return { plan, methods, ...(payee ? { payee } : {}) };
}
