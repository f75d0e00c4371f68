/**
 * The installments' rules, as their own chunk (lazy.ts `importPlans`): which plans are shown
 * in which order, their wording in the market's terms and the rates a plan with interest
 * states (core's `planRates`), and their words (installment-words.ts: English's here, each
 * other language a chunk). `<paylit-installments>` loads it with its first plans, so a
 * page whose shopper never gets a plan never fetches it. No template here: the element draws
 * what this describes, with the look (`styles`) this brings.
 */
import { detectBrand } from '@paylit/core/card';
import {
  isInterestFree,
  planPayments,
  planRates,
  type PlanPayments,
  type PlanRates,
} from '@paylit/core/installments';
import { formatAmount } from '@paylit/core/money';
import type {
  InstallmentOption,
  InstallmentsPlan,
  OrderView,
} from '../context/checkout-context.js';
import type { InstallmentMessages } from '../components/paylit-installments/installment-words.js';
import { format } from '../i18n/format.js';

export { styles } from '../components/paylit-installments/paylit-installments.styles.js';
/** The installments' words, loaded with these rules for the shopper's language (installment-words.ts). */
export {
  installmentWords,
  loadInstallmentWords,
} from '../components/paylit-installments/installment-words.js';

/** One plan as the shopper reads it. */
export interface ShownPlan {
  option: InstallmentOption;
  free: boolean;
  /**
   * The plan's wording in the market's terms, e.g. "6 meses sin intereses de $1,000.00" or
   * "3 × R$400.00", with the last installment when it differs ("…, the last one R$399.99").
   */
  text: string;
  /** What kind of plan, beside the wording ("interest-free", "Pay in full"…); none where the wording says it (Mexico). */
  note: string | undefined;
  /** "Total …", for more than one installment: what the shopper pays in all (core's `planPayments`). */
  total: string | undefined;
  /** The rates the market asks a plan with interest to state, in order (`cft`: Argentina's CFT, shown twice the size); none for an interest-free plan. */
  rates: { text: string; cft?: true }[] | undefined;
}

/** Interest-free by core's rule; a plan whose interest the bank sets is shown as such, not as free. */
function isFree(plan: InstallmentsPlan, option: InstallmentOption, order: OrderView): boolean {
  if (option.installments === 1) return true;
  if (plan.installments_by_bank) return false;
  try {
    return isInterestFree(order.amount, option, order.currency);
  } catch {
    // An option core refuses (no amount, no count) is not advertised as free.
    return false;
  }
}

/** The options in the order shown: pay in full, interest-free by count, then with interest by count. */
export function sortPlans(plan: InstallmentsPlan, order: OrderView): InstallmentOption[] {
  const rank = (o: InstallmentOption) =>
    o.installments === 1 ? 0 : isFree(plan, o, order) ? 1 : 2;
  return [...plan.installments].sort(
    (a, b) => rank(a) - rank(b) || a.installments - b.installments,
  );
}

/** A percentage with two decimals in the shopper's language (the page's tag may be one Intl refuses: then `fallback`). */
function percent(lang: string | undefined, fallback: string): (rate: number) => string {
  const options: Intl.NumberFormatOptions = {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  };
  let formatter: Intl.NumberFormat;
  try {
    formatter = new Intl.NumberFormat(lang, options);
  } catch {
    formatter = new Intl.NumberFormat(fallback, options);
  }
  return (rate) => formatter.format(rate);
}

/**
 * A plan's count as the amounts beside it are written: by the same locale, in its digits
 * ("٣ × ٢٬٠٠٠٫٠٠ MX$" in ar-EG, not "3 × …"); as JavaScript writes it for a tag Intl refuses.
 */
function countIn(lang: string | undefined): (count: number) => string {
  try {
    const formatter = new Intl.NumberFormat(lang, { useGrouping: false });
    return (count) => formatter.format(count);
  } catch {
    return String;
  }
}

/** The rates a plan with interest states in the order's country; none where no rule asks for them. */
function ratesOf(
  option: InstallmentOption,
  order: OrderView,
  t: InstallmentMessages,
  rate: () => (r: number) => string,
): ShownPlan['rates'] {
  const country = order.country;
  if (country !== 'AR' && country !== 'MX' && country !== 'BR') return undefined;
  let rates: PlanRates;
  try {
    rates = planRates(order.amount, option, { currency: order.currency });
  } catch {
    return undefined;
  }
  if (rates.monthly === 0) return undefined;
  const pct = rate();
  if (country === 'MX') return [{ text: format(t.rateCat, { rate: pct(rates.cat) }) }];
  if (country === 'BR') return [{ text: format(t.rateCet, { rate: pct(rates.cet) }) }];
  // Argentina: the CFT at twice the size of the TNA and TEA (BCRA, electronic offers).
  return [
    { text: format(t.rateTna, { rate: pct(rates.tna) }) },
    { text: format(t.rateTea, { rate: pct(rates.tea) }) },
    { text: format(t.rateCft, { rate: pct(rates.cft) }), cft: true },
  ];
}

/** What the option asks of the shopper (core's rule); the API's figures as they are if core refuses them. */
function paymentsOf(option: InstallmentOption, order: OrderView): PlanPayments {
  try {
    return planPayments(order.amount, option, order.currency);
  } catch {
    const { installments, installment_amount, total_amount } = option;
    return {
      installments,
      installment_amount,
      last_amount: installment_amount,
      total_amount,
      interest_free: false,
    };
  }
}

/** Each option as the shopper reads it, in the order given; `fallback` is the element's locale, for a `lang` Intl refuses. */
export function describePlans(
  plan: InstallmentsPlan,
  options: readonly InstallmentOption[],
  order: OrderView,
  t: InstallmentMessages,
  lang: string | undefined,
  fallback: string,
): ShownPlan[] {
  const money = (amount: number) => formatAmount(amount, order.currency, lang);
  const counted = countIn(lang);
  let pct: ((r: number) => string) | undefined;
  const rate = () => (pct ??= percent(lang, fallback));
  return options.map((option) => {
    const count = option.installments;
    const payments = paymentsOf(option, order);
    const amount = money(payments.installment_amount);
    const free = isFree(plan, option, order);
    const byBank = count > 1 && Boolean(plan.installments_by_bank);
    const total =
      count === 1
        ? undefined
        : format(t.installmentTotal, { amount: money(payments.total_amount) });
    const mexican = count > 1 && !byBank && order.country === 'MX';
    const argentine = order.country === 'AR';
    let text = mexican
      ? format(free ? t.monthsInterestFree : t.monthsWithInterest, {
          count: counted(count),
          amount,
        })
      : format(t.installmentOption, { count: counted(count), amount });
    if (payments.last_amount !== payments.installment_amount)
      text = format(t.installmentsWithLast, { plan: text, amount: money(payments.last_amount) });
    // Argentina: Naranja's own programme names its interest-free plan in 3, "Plan Z".
    if (argentine && free && count === 3 && !byBank && detectBrand(plan.bin)?.id === 'naranja')
      text = format(t.issuerPlan, { name: 'Plan Z', plan: text });
    const note =
      count === 1
        ? t.payInFull
        : byBank
          ? t.bankSetsInterest
          : mexican
            ? undefined
            : free
              ? argentine
                ? t.interestFreeArgentina
                : t.interestFree
              : t.withInterest;
    return {
      option,
      free: free && count > 1 && !byBank,
      text,
      note,
      total,
      rates: free || byBank ? undefined : ratesOf(option, order, t, rate),
    };
  });
}

/**
 * What the shopper pays with a chosen `option` (core's `planPayments`), for the checkout's pay
 * button, outcome and events: none for a single installment, nor for a payment whose record
 * names another count (`card.installments`).
 */
export function chosenPlan(
  payment: {
    amount: number;
    currency: string;
    card?: { installments?: string | undefined } | undefined;
  },
  option: InstallmentOption | undefined,
): PlanPayments | undefined {
  if (!option || option.installments <= 1) return undefined;
  if ('card' in payment && payment.card?.installments !== String(option.installments))
    return undefined;
  try {
    return planPayments(payment.amount, option, payment.currency);
  } catch {
    return undefined;
  }
}

/** "6 × R$217.79", or with a last installment that differs, "9 × MX$666.67, the last one MX$666.64". */
export function planWords(
  plan: PlanPayments,
  currency: string,
  t: InstallmentMessages,
  lang: string | undefined,
): string {
  const money = (amount: number) => formatAmount(amount, currency, lang);
  const each = format(t.installmentOption, {
    count: countIn(lang)(plan.installments),
    amount: money(plan.installment_amount),
  });
  return plan.last_amount === plan.installment_amount
    ? each
    : format(t.installmentsWithLast, { plan: each, amount: money(plan.last_amount) });
}
