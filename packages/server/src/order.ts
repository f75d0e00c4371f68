/**
 * The merchant's order: what the checkout trusts. Amount, currency, country, payer,
 * intent and URLs come from here (the merchant's `resolveOrder` or the standalone order
 * API), never from the browser. The payer is the API's own payer object.
 */
import { z } from 'zod';
import { orderIdSchema, orderIntentSchema } from '@paylit/core/checkout';
import { amountSchema, checkPayerDocument, countrySchema, currencySchema, payerSchema, paymentMethodIdSchema } from '@paylit/core/schemas';

export const merchantOrderSchema = z.strictObject({
  /** The merchant's order reference; each payment attempt's API `order_id` is `<id>.<attempt>`. */
  id: orderIdSchema,
  amount: amountSchema,
  currency: currencySchema,
  country: countrySchema,
  payer: payerSchema,
  /** capture: charge now; authorize: capture later from the back office; verify: a zero-amount card check. */
  intent: orderIntentSchema.default('capture'),
  description: z.string().max(200).optional(),
  /** The payment method ids this order allows (`CARD`, `PX`, `OX`…). Default: all of the country's. */
  methods: z.array(paymentMethodIdSchema).min(1).optional(),
  /** Whether installment plans are offered. Default true. */
  installments: z.boolean().default(true),
  /** Saved cards of a returning payer, offered by `<paylit-wallet-select>`. */
  savedCardIds: z.array(z.string().min(1)).max(20).optional(),
  /** Saved wallets of a returning payer: the token and the method it belongs to. */
  savedWallets: z.array(z.strictObject({ token: z.string().min(1), methodId: paymentMethodIdSchema, name: z.string().optional() })).max(20).optional(),
  /** Where the payer lands after a redirect; default: the handler's `returnUrl`. */
  returnUrl: z.url({ protocol: /^https?$/ }).optional(),
}).superRefine((order, ctx) => checkPayerDocument(order.country, order.payer, ctx));

export type MerchantOrderInput = z.input<typeof merchantOrderSchema>;
export type MerchantOrder = z.output<typeof merchantOrderSchema>;
