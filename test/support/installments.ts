/**
 * What the installments' browser tests share (packages/elements/src/components/paylit-installments/
 * paylit-installments*.test.ts, two files so that each stays well inside the runner's time for a
 * file on a loaded machine): orders of the real companion server and sandbox, a checkout with a
 * card typed, the element with a plan given through the checkout context, and readers of what it shows.
 */
import { fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ContextProvider } from '@lit/context';
import '../../packages/elements/src/paylit-checkout.js';
import '../../packages/elements/src/paylit-installments.js';
import type { PaylitCheckout } from '../../packages/elements/src/components/paylit-checkout/paylit-checkout.js';
import type { PaylitInstallments } from '../../packages/elements/src/components/paylit-installments/paylit-installments.js';
import {
  checkoutContext,
  type CheckoutContextValue,
  type InstallmentOption,
  type InstallmentsPlan,
} from '../../packages/elements/src/context/checkout-context.js';
import { resolveLocale } from '../../packages/elements/src/i18n/index.js';
import {
  installmentWords,
  loadInstallmentWords,
} from '../../packages/elements/src/components/paylit-installments/installment-words.js';
import { waitUntil } from './wait-until.js';
import { scaled } from './time.mjs';
export const env = (await (await fetch('/__paylit/env.json')).json()) as { endpoint: string };

export const payers = {
  AR: { name: 'Lucía Fernández', email: 'lucia@example.com', document: '30111222' },
  MX: { name: 'Mariana Ruiz', email: 'mariana@example.com', document: 'RUMA900101MDFXXX06' },
  BR: {
    name: 'Ana Lima',
    email: 'ana@example.com',
    document: '53033315550',
    phone: '+5511999999999',
  },
};

export async function order(country: keyof typeof payers, currency: string, amount: number) {
  const q = new URLSearchParams({
    country,
    currency,
    amount: String(amount),
    payer: JSON.stringify(payers[country]),
  });
  const { order } = (await (await fetch(`/__paylit/order?${q}`)).json()) as {
    order: { id: string; amount: number; clientSecret: string };
  };
  return order;
}

export const button = (el: PaylitCheckout) =>
  el.shadowRoot?.querySelector('button') as HTMLButtonElement;
export const plansOf = (el: PaylitCheckout) =>
  el.shadowRoot!.querySelector('paylit-installments') as PaylitInstallments;
/** Text as read, with the no-break spaces of formatted amounts as plain spaces. */
export const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
/** The installments' words of a language tag, once loaded (installment-words.ts). */
export const wordsFor = async (tag: string) => {
  const locale = resolveLocale(tag);
  await loadInstallmentWords(locale);
  return installmentWords(locale);
};
export const text = (node: Element | null | undefined) => norm(node?.textContent ?? '');
export const labels = (plans: Element) =>
  [...plans.shadowRoot!.querySelectorAll('label[part=option]')].map(text);
export const percent = (lang: string) => {
  const f = new Intl.NumberFormat(lang, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (rate: number) => f.format(rate);
};

/** A checkout of the real companion server and sandbox, with the card typed: the plans are the sandbox's. */
export async function checkoutWithCard(
  country: keyof typeof payers,
  currency: string,
  amount: number,
  lang: string,
  number = '4111111111111111',
) {
  const o = await order(country, currency, amount);
  const el = await fixture<PaylitCheckout>(
    html`<paylit-checkout endpoint=${env.endpoint} order=${o.clientSecret} lang=${lang}></paylit-checkout>`,
  );
  await waitUntil(
    () => button(el)?.getAttribute('aria-disabled') === 'false',
    'the checkout loads',
    { timeout: scaled(2_000) },
  );
  const fields = el.shadowRoot!.querySelector('paylit-card-fields')!;
  await fields.updateComplete;
  for (const [id, typed] of [
    ['number', number],
    ['expiry', '1230'],
    ['cvv', '123'],
    ['holder', 'Ana Lima'],
  ] as const) {
    fields.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!.focus();
    await sendKeys({ type: typed });
  }
  const plans = plansOf(el);
  await waitUntil(
    () => plans.options.length > 1 && plans.shadowRoot!.querySelector('fieldset, select'),
    'the plans show',
    { timeout: scaled(2_000) },
  );
  await plans.updateComplete;
  return { el, plans, amount: o.amount };
}

/** The element with a plan given through the checkout context, as a checkout would give it. */
export async function withPlan(
  plan: InstallmentsPlan,
  orderView: Partial<NonNullable<CheckoutContextValue['order']>>,
  lang: string,
) {
  const wrapper = document.createElement('div');
  wrapper.lang = lang;
  let value: CheckoutContextValue = {
    status: 'ready',
    order: {
      id: 'ORDER-1',
      amount: plan.amount,
      currency: plan.currency,
      country: plan.country,
      intent: 'capture',
      installments: true,
      ...orderView,
    },
    paymentMethods: [],
    savedCards: [],
    savedWallets: [],
    lang,
    selection: { type: 'card' },
    bin: plan.bin,
    plan: undefined,
    setBin: () => {},
    choosePlan: (chosen) => provider.setValue((value = { ...value, plan: chosen })),
    select: () => {},
    loadPlans: async () => plan,
  };
  const provider = new ContextProvider(wrapper, { context: checkoutContext, initialValue: value });
  const el = document.createElement('paylit-installments');
  wrapper.append(el);
  await fixture(html`${wrapper}`);
  await waitUntil(
    () => el.options.length > 1 && el.shadowRoot!.querySelector('fieldset'),
    'the plans show',
    { timeout: scaled(1_000) },
  );
  await el.updateComplete;
  return { el, chosen: () => value.plan };
}

export const option = (
  id: string,
  installments: number,
  each: number,
  total = Number((each * installments).toFixed(2)),
): InstallmentOption => ({ id, installments, installment_amount: each, total_amount: total });
