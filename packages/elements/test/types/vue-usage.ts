// Type test (checked by `npm run typecheck`): the generated Vue 3 GlobalComponents entries.
/// <reference path="../../dist/vue.d.ts" />
import type { GlobalComponents } from 'vue';
import type { PaylitCheckoutVueProps } from '../../dist/vue.js';

type Checkout = GlobalComponents['paylit-checkout'];
export const props: PaylitCheckoutVueProps = { endpoint: '/paylit', order: 'A-1', 'onPaylit-paid': (e) => e.payment.id };
export const component: Checkout | undefined = undefined;
// @ts-expect-error order is a string
export const wrong: PaylitCheckoutVueProps = { order: 1 };
