/**
 * The merchant's order: what the checkout trusts. Amount, currency, country, payer,
 * intent and URLs come from here (the merchant's `resolveOrder` or the standalone order
 * API), never from the browser. The payer is the API's own payer object, held strictly: a
 * field the API's schema would drop in silence (a misspelt `emial`) is refused here, where
 * the merchant can fix it.
 */
import { z } from 'zod';
import {
  orderIdSchema,
  orderIntentSchema,
  planSchema,
  subscribingMethods,
  type OrderIntent,
} from '@paylit/core/checkout';
import { marketProblem, planMarketProblem } from '@paylit/core/countries';
import { intentMethodsProblem } from '@paylit/core/card';
import { documentProblem } from '@paylit/core/documents';
import { currencyDecimals, isApiAmount, isCurrencyCode, toMinorUnits } from '@paylit/core/money';
import {
  addressSchema,
  amountSchema,
  checkPayerDocument,
  countrySchema,
  currencySchema,
  payerSchema,
  paymentMethodIdSchema,
} from '@paylit/core/schemas';

/** `null` stands for absent, as in the API's own payer. */
const absentIfNull = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v: unknown) => (v === null ? undefined : v), schema.optional()).optional();

/**
 * The API's payer with its address, each refusing a field it does not have. Every detail the
 * checkout can collect may be left out (`name`, `email`, `document`, `phone`, `birth_date`,
 * `address`): the checkout asks the shopper for what a payment needs and the order lacks
 * (core's `payerNeeds`). A detail the order has is the merchant's: the page cannot change it.
 */
export const merchantPayerSchema = z.strictObject({
  ...payerSchema.shape,
  name: absentIfNull(payerSchema.shape.name),
  address: absentIfNull(z.strictObject(addressSchema.shape)),
});

/** The order's flag that offers to save a new credential, for each way to pay that can save one. */
const saveOffers = { card: 'offerToSaveCard', wallet: 'offerToSaveWallet' } as const;

/**
 * The consent rule for saving any credential: a submission may ask to save what it pays with
 * (`method.save`) only when the order offers to save that kind (`offerToSaveCard`,
 * `offerToSaveWallet`); a way to pay that saves nothing (a saved card, a redirect) never may.
 * Answers why not, naming the flag, or undefined when it may.
 */
export function saveNotOffered(
  order: Pick<MerchantOrder, 'offerToSaveCard' | 'offerToSaveWallet'>,
  method: { type: string; save?: boolean },
): string | undefined {
  if (method.save !== true) return undefined;
  const flag = saveOffers[method.type as keyof typeof saveOffers];
  if (flag && order[flag] === true) return undefined;
  const what = method.type === 'card' ? 'the card' : method.type === 'wallet' ? 'the wallet' : 'it';
  return `the order does not offer to save ${what}${flag ? ` (${flag})` : ''}`;
}

/**
 * Why `amount` cannot be what an order of `intent` charges, or undefined when it can: a
 * capture or an authorization must move at least one minor unit of its currency (`0`,
 * `"0.00"`, or 0.4 of a currency without decimals, move nothing). A verification is a
 * zero-amount check whatever the amount.
 */
export function unchargeableAmount(
  amount: number,
  currency: unknown,
  intent: OrderIntent,
): string | undefined {
  // One that is not an API amount at all (negative, three decimals) is refused for that alone.
  if (intent === 'verify' || !isApiAmount(amount)) return undefined;
  const rule = 'must be greater than 0 (0 is for intent "verify", a card check)';
  if (amount === 0) return rule;
  if (isCurrencyCode(currency) && toMinorUnits(amount, currency) === 0)
    return `rounds to 0 in ${currency}, which has ${currencyDecimals(currency)} decimals: it ${rule}`;
  return undefined;
}

export const merchantOrderSchema = z
  .strictObject({
    /** The merchant's order reference; each payment attempt's API `order_id` is `<id>.<attempt>`. */
    id: orderIdSchema,
    /** More than 0 unless `intent` is `verify`. */
    amount: amountSchema,
    currency: currencySchema,
    country: countrySchema,
    /** The payer's details the merchant knows; the checkout collects the rest. Default: none. */
    payer: merchantPayerSchema.default({}),
    /** capture: charge now; authorize: capture later from the back office; verify: a zero-amount card check. */
    intent: orderIntentSchema.default('capture'),
    description: z.string().max(200).optional(),
    /** The payment method ids this order allows (`CARD`, `PX`, `OX`…). Default: all of the country's. */
    methods: z.array(paymentMethodIdSchema).min(1).optional(),
    /** Whether installment plans are offered. Default true. */
    installments: z.boolean().default(true),
    /**
     * Whether the checkout offers to save a new card for the payer's next checkout: an unticked
     * box with the card-on-file terms; ticked, the payment saves it and answers its `card_id`.
     * Default false.
     */
    offerToSaveCard: z.boolean().optional(),
    /**
     * Whether the order offers to save the wallet a payment is made with (its token, for the
     * payer's next checkout), as `offerToSaveCard` does for a card: a wallet submission asking
     * to save (`save: true`) is refused without it. Default false.
     */
    offerToSaveWallet: z.boolean().optional(),
    /** Saved cards of a returning payer, offered by `<paylit-wallet-select>`. */
    savedCardIds: z.array(z.string().min(1)).max(20).optional(),
    /** Saved wallets of a returning payer: the token and the method it belongs to. */
    savedWallets: z
      .array(
        z.strictObject({
          token: z.string().min(1),
          methodId: paymentMethodIdSchema,
          name: z.string().optional(),
        }),
      )
      .max(20)
      .optional(),
    /** Where the payer lands after a redirect; default: the handler's `returnUrl`. */
    returnUrl: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * Makes the order a subscription (core's `planSchema`): `frequency` (`WEEKLY` … `ANNUAL`),
     * `amount` (`{type: 'FIXED', value}` or `{type: 'VARIABLE', max, min?}`, in the order's
     * currency), `startDate`, optional `endDate`, and `firstCharge`: `now` (the order's payment
     * is the first period's, so the order's amount is the plan's) or `start`.
     */
    plan: planSchema.optional(),
  })
  .superRefine((order, ctx) => {
    // The country's own rule, check digits included: a typo is caught before the payer pays.
    // A document left out is the checkout's to collect.
    if (order.payer.document !== undefined)
      checkPayerDocument(order.country, order.payer, ctx, ['payer', 'document'], documentProblem);
    if (order.plan) checkPlan(order, order.plan, ctx);
    const cardless = intentMethodsProblem(order);
    if (cardless) ctx.addIssue({ code: 'custom', path: ['methods'], message: cardless });
    const problem = unchargeableAmount(order.amount, order.currency, order.intent);
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
    // Fields malformed on their own are named once, above.
    if (/^[A-Z]{2}$/.test(order.country) && isCurrencyCode(order.currency)) {
      const market = marketProblem(
        order.country,
        order.currency,
        problem || order.intent === 'verify' || !isApiAmount(order.amount)
          ? undefined
          : order.amount,
      );
      if (market) ctx.addIssue({ code: 'custom', path: [market.param], message: market.message });
    }
  });

/**
 * A plan on an order: its first charge `now` is the order's own payment, so the order captures
 * (intent `capture`) the plan's fixed value, or at most its maximum; the order's methods, when
 * it names them, include one that can subscribe (`XA` in Brazil, `CARD`).
 */
function checkPlan(
  order: {
    amount: number;
    intent: OrderIntent;
    country: string;
    currency: string;
    methods?: string[] | undefined;
  },
  plan: z.output<typeof planSchema>,
  ctx: z.RefinementCtx,
): void {
  if (plan.firstCharge === 'now') {
    if (order.intent !== 'capture')
      ctx.addIssue({
        code: 'custom',
        path: ['intent'],
        message: `must be "capture" for a plan whose first charge is now (or set plan.firstCharge to "start")`,
      });
    const [limit, what] =
      plan.amount.type === 'FIXED'
        ? [plan.amount.value, 'plan.amount.value']
        : [plan.amount.max, 'plan.amount.max'];
    if (plan.amount.type === 'FIXED' ? order.amount !== limit : order.amount > limit)
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `must be ${plan.amount.type === 'FIXED' ? '' : 'at most '}${what} (${limit}): the order's payment is the plan's first charge`,
      });
  }
  // Each period is charged in the order's market: its amounts in the currency's decimals.
  const market = planMarketProblem(plan.amount, order.country, order.currency);
  if (market?.param.startsWith('plan.'))
    ctx.addIssue({ code: 'custom', path: market.param.split('.'), message: market.message });
  if (
    order.methods &&
    !order.methods.some((m) => subscribingMethods(order.country).includes(m as 'XA'))
  )
    ctx.addIssue({
      code: 'custom',
      path: ['methods'],
      message: `must include a way to pay that can subscribe in ${order.country} (${subscribingMethods(order.country).join(' or ')}) for an order with a plan`,
    });
}

export type MerchantOrderInput = z.input<typeof merchantOrderSchema>;
export type MerchantOrder = z.output<typeof merchantOrderSchema>;
