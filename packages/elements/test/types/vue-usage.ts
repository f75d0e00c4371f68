// Type test (checked by `npm run typecheck`): the generated Vue 3 types in render functions.
// Vue's `h()` takes any props for a tag name, so a page checks them with `satisfies`; the
// template side is test/types/vue/checkout.vue, checked by vue-tsc. Each `@ts-expect-error`
// must meet an error: an unused one fails the check, so looser types fail this test.
/// <reference path="../../dist/vue.d.ts" />
import { h } from 'vue';
import type { PaylitCheckoutVueProps, PaylitVueProps } from '../../dist/vue.js';
import type { PaylitDeclinedEvent, PaylitPaymentEvent } from '../../src/index.js';

const paid = (event: PaylitPaymentEvent): string => event.payment.id;
const declined = (event: PaylitDeclinedEvent): string => event.code;

export const checkout = h(
  'paylit-checkout',
  {
    endpoint: '/paylit',
    order: 'ORDER-1042',
    class: 'checkout',
    'onPaylit-paid': paid,
    'onPaylit-declined': declined,
    'onPaylit-error': (event) => event.detail.kind,
  } satisfies PaylitCheckoutVueProps,
  [
    h('paylit-card-fields', {
      name: 'card',
      disabled: false,
    } satisfies PaylitVueProps<'paylit-card-fields'>),
  ],
);
export const serverless = h('paylit-checkout', {
  amount: 1200,
  currency: 'BRL',
  country: 'BR',
  publicKey: '{}',
} satisfies PaylitCheckoutVueProps);

// @ts-expect-error amount is a number
export const wrongAmount = h('paylit-checkout', { amount: '120' } satisfies PaylitCheckoutVueProps);
// @ts-expect-error order is a string
export const wrongOrder = h('paylit-checkout', { order: 1042 } satisfies PaylitCheckoutVueProps);
export const unknownProp = h('paylit-checkout', {
  // @ts-expect-error no such prop: the attribute is `order`
  orderId: 'ORDER-1042',
} satisfies PaylitCheckoutVueProps);
export const wrongHandler = h('paylit-checkout', {
  // @ts-expect-error the paid handler gets a PaylitPaymentEvent, not a PaylitDeclinedEvent
  'onPaylit-paid': declined,
} satisfies PaylitCheckoutVueProps);
export const wrongDetail = h('paylit-checkout', {
  // @ts-expect-error a declined event has no `url` (a redirect has)
  'onPaylit-declined': (event) => event.detail.url,
} satisfies PaylitCheckoutVueProps);
export const wrongDisabled = h('paylit-card-fields', {
  // @ts-expect-error disabled is a boolean
  disabled: 'yes',
} satisfies PaylitVueProps<'paylit-card-fields'>);
