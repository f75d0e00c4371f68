/**
 * `@paylit/core/checkout`: the protocol between `<paylit-checkout>` and the companion
 * server, defined once. The server validates what it reads with these schemas and builds
 * its answers typed by them; the elements take the types with `import type` only, so no
 * zod reaches the browser.
 *
 * | route | the browser sends | the server answers |
 * |---|---|---|
 * | `GET /checkout?order=` | `orderReferenceSchema` | `checkoutViewSchema` |
 * | `POST /installments` | `installmentsRequestSchema` | `installmentsAnswerSchema` |
 * | `POST /payments` | `submissionSchema` | `paymentAnswerSchema` |
 * | `GET /payments/:id?order=` (the return page) | `paymentIdSchema`, `orderReferenceSchema` | `paymentStatusAnswerSchema` |
 * | `GET /payments/:id/events?order=` (a pending payment, live) | `paymentIdSchema`, `orderReferenceSchema` | Server-Sent Events: `payment`, each a `paymentStatusAnswerSchema` |
 * | `POST /subscriptions` (Pix Automático, signed up from the page) | `subscribeRequestSchema` | `subscriptionAnswerSchema` |
 * | `GET /subscriptions/events?order=` (a mandate waiting for the payer's bank, live) | `orderReferenceSchema` | Server-Sent Events: `subscription`, each a `subscriptionAnswerSchema` |
 * | `POST /payer/…` (a returning payer's saved methods) | see `saved-methods.ts` | see `saved-methods.ts` |
 * | any, refused | | `checkoutErrorAnswerSchema` |
 *
 * The browser names an order by its client secret (`orderReferenceSchema`), never by its id:
 * an order id is often guessable (`A-1042`), the secret is not. The answers name the order by
 * the merchant's id (`order.id`, `payment.order`), which is for showing.
 *
 * Wire names are the API's snake_case where a field is the API's (`status_code`), the
 * checkout's camelCase where it is the checkout's own (`encryptedData`, `nextAction`).
 *
 * @example
 * // server
 * const submission = submissionSchema.parse(await request.json());
 * // browser
 * import type { Submission, PaymentAnswer } from '@paylit/core/checkout';
 */
import { z } from 'zod';
import type { PaymentStatus } from '../codes.js';
import type { PaylitErrorKind } from '../errors.js';
import { BIN_PATTERN, holderNameProblem, MAX_HOLDER_NAME_LENGTH } from '../card/index.js';
import {
  chargedAmount,
  checkoutErrorKind,
  COMPACT_JWE_PATTERN,
  MAX_JWE_LENGTH,
  offersInstallments,
  orderIntents,
  type OrderIntent,
} from '../rules.js';
import { payerDetails } from '../payer.js';
import { planSchema } from './plan.js';
import { formatCharacterIn, formatCharacterMessage } from '../plain-text.js';
import {
  country,
  currency,
  dmyDate,
  openEnum,
  paymentMethodId,
  plainText,
  limitedString,
} from '../schemas/common.js';
import {
  installmentSchema,
  installmentsPlanRecordSchema,
  paymentMethodRecordSchema,
} from '../schemas/records.js';

export {
  billingDate,
  billingDates,
  countryDate,
  dueUntil,
  enrollmentSubscription,
  planFrequencies,
  planMaximum,
  planSchema,
  scheduledDateFor,
  subscribingMethods,
  type Plan,
  type PlanFrequency,
  type PlanInput,
  type SubscribingMethod,
} from './plan.js';

// ---------------------------------------------------------------- rules

/**
 * A merchant's order reference: each payment attempt's API `order_id` is `<id>.<attempt>`, so it
 * stays short. Not `.` or `..`: the order API's `GET /orders/:id` names it in a path, where those
 * are dot segments every URL parser removes (`/orders/..` is `/`). Not ending in `.` and a date
 * (`YYYY-MM-DD`): a subscription's period charges are `<subscription>.<billing date>.<attempt>`,
 * so the order `<subscription>.<billing date>` would share its attempts' ids with that period's
 * charges, and each would take the other's payment for its own.
 */
export const ORDER_ID_PATTERN = /^(?!\.\.?$)(?!.*\.\d{4}-\d{2}-\d{2}$)[\w\-.:]{1,80}$/;
export const orderIdSchema = z
  .string()
  .regex(
    ORDER_ID_PATTERN,
    'must be 1 to 80 letters, digits, "_", "-", "." or ":", not "." or "..", and not end in "." and a date (YYYY-MM-DD), the form of a subscription period\'s charges',
  );

/**
 * An order's client secret, `<order id>_secret_<32 hex digits>`: the order id and an HMAC of
 * it under the merchant's secret key, made by the companion server (`clientSecretFor`,
 * `POST /orders`'s `clientSecret`). The page puts it in `<paylit-checkout order="…">`.
 */
export const CLIENT_SECRET_PATTERN = /^([\w\-.:]{1,80})_secret_([0-9a-f]{32})$/;

/**
 * What the browser sends as `order`: the order's client secret. The shape admits any text of
 * the order id's characters up to a secret's length, so that a bare order id reaches the
 * server and is refused there with a message that asks for the secret (404 `not_found`).
 */
export const orderReferenceSchema = z
  .string()
  .regex(
    /^[\w\-.:]{1,120}$/,
    'must be the order\'s client secret ("<order id>_secret_<32 characters>")',
  );

export const orderIntentSchema = z.enum(orderIntents);
export { chargedAmount, offersInstallments, type OrderIntent };

// ---------------------------------------------------------------- GET /checkout

/**
 * What the checkout may ask the shopper beyond the means of payment: each of the payer's
 * details (`payerDetails` of `@paylit/core/payer`), and `save_card`, the consent to save a new
 * card for the next checkout (an unticked box), when the order offers it.
 */
export const askSchema = z.enum([...payerDetails, 'save_card']);
export type Ask = z.output<typeof askSchema>;

/**
 * What the checkout asks the shopper for each way the order can be paid (the submission's
 * method types, `payingWays` of `@paylit/core/methods`; a way it cannot be paid is absent): the
 * payer's details the order lacks, once what the shopper gave before is counted, and for a new
 * card the consent to save it when the order offers that. The checkout shows a field for each
 * and nothing more. Absent when there is nothing to ask.
 */
export const asksViewSchema = z.strictObject({
  card: z.array(askSchema).optional(),
  saved_card: z.array(askSchema).optional(),
  wallet: z.array(askSchema).optional(),
  redirect: z.array(askSchema).optional(),
});
export type AsksView = z.output<typeof asksViewSchema>;

/** The order as the browser may see it: what to show and what the order allows. */
export const orderViewSchema = z.strictObject({
  id: orderIdSchema,
  /** `chargedAmount(order)`: 0 for a verification. */
  amount: z.number().nonnegative(),
  currency,
  country,
  intent: orderIntentSchema,
  description: z.string().optional(),
  /** Whether the checkout offers installment plans. */
  installments: z.boolean(),
  /** What to ask the shopper, by way of paying (the payer's details the order lacks, the consent to save a card); absent when nothing. */
  asks: asksViewSchema.optional(),
  /**
   * An order that is a subscription: its plan, and the ways to pay that can subscribe to it in
   * the order's country (`subscribingMethods`: `XA` Pix Automático in Brazil, `CARD` where the
   * order takes cards). Absent for a one-time order.
   */
  subscription: z
    .strictObject({
      plan: planSchema,
      methods: z.array(z.enum(['XA', 'CARD'])),
      /** The merchant's name the payer's bank shows on the mandate (the handler's `merchantName`). */
      payee: z.string().max(200).optional(),
    })
    .optional(),
});
export type OrderView = z.output<typeof orderViewSchema>;

/** A payment method of the order's country: the API's record, passed through. */
export const paymentMethodViewSchema = paymentMethodRecordSchema;
export type PaymentMethodView = z.output<typeof paymentMethodViewSchema>;

/**
 * A returning payer's saved card: its id, brand and last four only (no holder, no expiry,
 * never the number). Paying with it takes its security code typed again.
 */
export const savedCardViewSchema = z.strictObject({
  card_id: z.string(),
  brand: z.string(),
  last4: z.string(),
});
export type SavedCardView = z.output<typeof savedCardViewSchema>;

/** A returning payer's saved wallet: the method and a name, never the token. */
export const savedWalletViewSchema = z.strictObject({
  methodId: paymentMethodId,
  name: z.string().optional(),
});
export type SavedWalletView = z.output<typeof savedWalletViewSchema>;

const jwk = z.custom<JsonWebKey>(
  (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  'must be a JWK',
);

/** `GET /checkout?order=`: what the checkout needs to render. */
export const checkoutViewSchema = z.strictObject({
  order: orderViewSchema,
  /** The API's public key for card encryption: a JWK or a PEM. */
  publicKey: z.union([z.string(), jwk]),
  paymentMethods: z.array(paymentMethodViewSchema),
  savedCards: z.array(savedCardViewSchema),
  savedWallets: z.array(savedWalletViewSchema),
  /**
   * In development (the handler's `development: true`) only: the country's methods, and the
   * payer's saved wallets (`saved: true`), the checkout does not offer because the order cannot
   * be paid with them, each with why (`payableMethods` in `@paylit/core/methods`).
   */
  hiddenMethods: z
    .array(
      z.strictObject({ id: z.string(), saved: z.literal(true).optional(), reason: z.string() }),
    )
    .optional(),
  /**
   * The order's payment when one is made already (PAID, AUTHORIZED or VERIFIED), or waits for
   * the shopper to pay a Pix, a voucher or a transfer it gave them: the checkout shows it instead
   * of a form, in a second tab or after a reload, where a Pay would only answer it again.
   */
  payment: z.lazy(() => paymentViewSchema).optional(),
});
export type CheckoutView = z.output<typeof checkoutViewSchema>;

// ---------------------------------------------------------------- POST /installments

/** `POST /installments`: the plans for the card's BIN (never more of the number) and the order's amount. */
export const installmentsRequestSchema = z.strictObject({
  order: orderReferenceSchema,
  bin: z.string().regex(BIN_PATTERN, 'must be the first 6 or 8 digits of the card'),
});
export type InstallmentsRequest = z.output<typeof installmentsRequestSchema>;

/** One choice of a plan: its id is what a submission's `installmentsId` names. */
export const installmentOptionSchema = installmentSchema;
export type InstallmentOption = z.output<typeof installmentOptionSchema>;

/** The plans for the BIN and the amount: the API's record, passed through (amounts include interest). */
export const installmentsPlanViewSchema = installmentsPlanRecordSchema;
export type InstallmentsPlan = z.output<typeof installmentsPlanViewSchema>;

/** `null` when the order offers no plans (or is a verification). */
export const installmentsAnswerSchema = z.strictObject({
  plan: installmentsPlanViewSchema.nullable(),
});
export type InstallmentsAnswer = z.output<typeof installmentsAnswerSchema>;

// ---------------------------------------------------------------- POST /payments

const jwe = z.string().max(MAX_JWE_LENGTH).regex(COMPACT_JWE_PATTERN, 'must be a compact JWE');
/** The holder's name, trimmed: core's rule (`holderNameProblem`), the one free text outside the JWE. */
const holderName = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    const problem = holderNameProblem(name);
    const found = problem === 'invalid' ? formatCharacterIn(name) : undefined;
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: found
          ? formatCharacterMessage(found)
          : {
              empty: 'must not be empty',
              digits: 'must not hold a run of 4 digits (a card number is never sent in clear)',
              invalid: `must be at most ${MAX_HOLDER_NAME_LENGTH} characters`,
            }[problem],
      });
  });
const installments = z
  .string()
  .regex(/^[1-9]\d?$/, 'must be a number of installments')
  .optional();
const installmentsId = z.string().min(1).max(80).optional();

/**
 * The payer's details the shopper typed, for what the order lacks: each as the API takes it
 * (the document and postal code without punctuation are fine, the server normalizes them;
 * `phone` with its country's code; `birth_date` DD-MM-YYYY). Never card data.
 */
/**
 * A detail as typed, one plain line (core's one rule, `plainText`): no control character (a
 * pasted tab, a newline), bidirectional control (which makes a name read otherwise in the
 * merchant's records), line separator or other format character. It goes to the API and to
 * those records as it is.
 */
const detail = (max: number) => plainText(max);

export const collectedPayerSchema = z.strictObject({
  name: detail(100).optional(),
  email: z
    .string()
    .trim()
    .pipe(limitedString(100))
    .pipe(z.email('must be an e-mail address'))
    .optional(),
  document: detail(30).optional(),
  /** The type the shopper chose where the country has several (`CPF`, `CNPJ`; `documentTypes`): the document is checked as one. Not sent to the API. */
  document_type: detail(20).optional(),
  phone: detail(20).optional(),
  birth_date: dmyDate.optional(),
  address: z
    .strictObject({
      street: detail(100).optional(),
      number: detail(20).optional(),
      city: detail(100).optional(),
      state: detail(10).optional(),
      zip_code: detail(10).optional(),
    })
    .optional(),
});
export type CollectedPayer = z.output<typeof collectedPayerSchema>;

/**
 * `POST /payments`: what the checkout submits. Strict at every level: card data travels
 * only inside the JWE (`{number, cvv}`), so a `number` or `cvv` field anywhere is refused.
 * The trusted part of the payment comes from the merchant's order, never from here.
 */
export const submissionSchema = z.strictObject({
  /** The order's client secret. */
  order: orderReferenceSchema,
  /** A new UUID per submit: the same attempt sent twice charges once. */
  attempt: z.uuid('must be a UUID made for this submit'),
  method: z.discriminatedUnion(
    'type',
    [
      z.strictObject({
        type: z.literal('card'),
        encryptedData: jwe,
        holderName,
        expirationMonth: z.number().int().min(1).max(12),
        expirationYear: z.number().int().min(2000).max(2100),
        installments,
        installmentsId,
        /** Save the card for the payer's next checkout: the shopper ticked the consent the order offers (`asks.card` has `save_card`). */
        save: z.boolean().optional(),
        /** The payer accepted the card-on-file terms of the order's plan (amount, frequency, how to cancel): required to pay an order that is a subscription by card. */
        subscribe: z.boolean().optional(),
      }),
      z.strictObject({
        type: z.literal('saved_card'),
        cardId: z.string().min(1).max(100),
        /** The security code the payer typed again, alone inside a JWE (`encryptCvv`). */
        encryptedCvv: jwe,
        installments,
        installmentsId,
        /** As for a new card: the payer accepted the plan's card-on-file terms. */
        subscribe: z.boolean().optional(),
      }),
      z.strictObject({
        type: z.literal('wallet'),
        methodId: paymentMethodId,
        useSaved: z.boolean().optional(),
        save: z.boolean().optional(),
      }),
      z.strictObject({ type: z.literal('redirect'), methodId: paymentMethodId }),
    ],
    { error: 'must be {type: "card" | "saved_card" | "wallet" | "redirect", …}' },
  ),
  /** The payer's details the order lacks (the view's `asks`), as the shopper typed them. */
  payer: collectedPayerSchema.optional(),
  /** What the page showed (`chargedAmount(order)`); refused when it disagrees with the order. */
  amount: z.number().optional(),
  currency: z.string().optional(),
  country: z.string().optional(),
});
/** What the browser sends; the server reads the same shape (the holder's name trimmed). */
export type Submission = z.output<typeof submissionSchema>;
export type SubmissionMethod = Submission['method'];

/**
 * A payment as the browser may see it: status, amounts, card brand and last four; never
 * the payer, the URLs, a saved card's or wallet's token, or card data.
 */
export const paymentViewSchema = z.strictObject({
  id: z.string(),
  /** The merchant's order reference (not the API's per-attempt `order_id`). */
  order: orderIdSchema,
  status: openEnum<PaymentStatus>(),
  status_code: z.string(),
  status_detail: z.string().optional(),
  amount: z.number(),
  currency: z.string(),
  country: z.string().optional(),
  payment_method_id: z.string().optional(),
  payment_method_type: z.string().optional(),
  payment_method_flow: z.string().optional(),
  card: z
    .strictObject({
      brand: z.string().optional(),
      last4: z.string().optional(),
      expiration_month: z.number().optional(),
      expiration_year: z.number().optional(),
      installments: z.string().optional(),
      /** The saved card's id, when this payment saved the card (the shopper ticked the consent): the merchant offers it next time (`savedCardIds`). */
      card_id: z.string().optional(),
    })
    .optional(),
  /** What a pending Pix or cash voucher gives the shopper: the code to copy, the barcode, when it expires. */
  ticket: z.lazy(() => ticketViewSchema).optional(),
  /** What a pending bank transfer (SPEI, Argentina's, Peru's) gives the shopper to pay to. */
  bank_transfer: z.lazy(() => bankTransferViewSchema).optional(),
  created_date: z.string().optional(),
  approved_date: z.string().optional(),
});
export type PaymentView = z.output<typeof paymentViewSchema>;

/** A base64 text (a PNG's bytes): nothing else can reach an image's `data:` URL. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** An address the shopper may open: https, or http on the developer's own machine. */
const openable = z
  .string()
  .max(2048)
  .refine((url) => /^https:\/\/|^http:\/\/(localhost|127\.0\.0\.1|\[::1\])[:/]/i.test(url), {
    message: 'must be an https URL',
  });

/**
 * A pending Pix or cash voucher as the shopper sees it (the API's `ticket`): `number` is what
 * they copy or type (Pix's BR Code, Boleto's typed line, OXXO's reference); `barcode` the
 * barcode's content in `format` (`ITF`, `CODE_128`, `GS1`), or for Pix (`provider_name` `pix`)
 * its QR as a base64 PNG (`barcode_png`); `image_url` the printable voucher.
 */
export const ticketViewSchema = z.strictObject({
  type: z.string().max(40).optional(),
  number: z.string().max(1000).optional(),
  barcode: z.string().max(200).optional(),
  /** Pix's QR code: a PNG, base64. */
  barcode_png: z.string().max(200_000).regex(BASE64).optional(),
  format: z.string().max(40).optional(),
  expiration_date: z.string().max(40).optional(),
  /**
   * The time left to `expiration_date` when the companion server answered, in milliseconds, by
   * its clock: the checkout counts down from it, from when the answer arrived, so a shopper's
   * clock set wrong does not shorten or stretch it. Not in the live connection's events.
   */
  expires_in_ms: z.number().optional(),
  company_name: z.string().max(200).optional(),
  provider_name: z.string().max(200).optional(),
  image_url: openable.optional(),
  amount: z.number().optional(),
  currency: z.string().max(3).optional(),
});
export type TicketView = z.output<typeof ticketViewSchema>;

/** A pending bank transfer as the shopper sees it (the API's `bank_transfer`). */
export const bankTransferViewSchema = z.strictObject({
  bank_name: z.string().max(200).optional(),
  bank_code: z.string().max(40).optional(),
  beneficiary_name: z.string().max(200).optional(),
  bank_account: z.string().max(100).optional(),
  bank_account_label: z.string().max(40).optional(),
  bank_account2: z.string().max(100).optional(),
  bank_account2_label: z.string().max(40).optional(),
  beneficiary_document_type: z.string().max(40).optional(),
  beneficiary_document: z.string().max(100).optional(),
  reference: z.string().max(200).optional(),
  redirect_url: openable.optional(),
  user_payment_amount: z.number().optional(),
  /**
   * The currency of `user_payment_amount`, which the API's transfer does not name: the
   * country's local one (`localCurrency` in `@paylit/core/countries`), a USD payment converted.
   */
  currency: z.string().max(3).optional(),
  payment_instruction: z.string().max(2000).optional(),
  expiration_date: z.string().max(40).optional(),
});
export type BankTransferView = z.output<typeof bankTransferViewSchema>;

/**
 * What the payer must do next: go to a page (3-D Secure, a redirect method), or nothing.
 * `frame`: the page says the shop's page may show it in a frame (the bank's 3-D Secure
 * challenge, in a dialog over the checkout); without it, the payer goes to the page.
 */
export const nextActionSchema = z
  .strictObject({
    type: z.literal('redirect'),
    url: z.string(),
    frame: z.literal(true).optional(),
  })
  .nullable();
export type NextAction = z.output<typeof nextActionSchema>;

/** `POST /payments`: the payment; `replayed` when the order already had one in flight or settled, answered again. */
export const paymentAnswerSchema = z.strictObject({
  payment: paymentViewSchema,
  nextAction: nextActionSchema,
  replayed: z.literal(true).optional(),
});
export type PaymentAnswer = z.output<typeof paymentAnswerSchema>;

// ---------------------------------------------------------------- GET /payments/:id?order=

/** The `:id` of `GET /payments/:id`: the API's payment id from the return page's URL. */
export const paymentIdSchema = z.string().min(1).max(200);

/** `GET /payments/:id?order=`: the payment the payer comes back from, for the return page. */
export const paymentStatusAnswerSchema = paymentAnswerSchema.omit({ replayed: true });
export type PaymentStatusAnswer = z.output<typeof paymentStatusAnswerSchema>;

// ---------------------------------------------------------------- errors

/** What the companion server refuses, as `error.type`. */
const checkoutErrorTypes = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'order_mismatch',
  'method_not_allowed',
  'payment_refused',
  'payment_in_progress',
  /** The order had as many declined attempts as it allows (5): no card is tried on it again. */
  'order_locked',
  /** The order already has a payment: its amount, currency, country and payer cannot change. */
  'order_has_payment',
  /** A saved card that pays a subscription still running: the subscription is cancelled first. */
  'card_in_use',
  /** The server's store (Redis, PostgreSQL) did not answer in time: nothing was charged. */
  'store_unavailable',
  'idempotency_key_reused',
  'rate_limited',
  'payload_too_large',
  'upstream_unavailable',
  'internal_error',
] as const;
export type CheckoutErrorType = (typeof checkoutErrorTypes)[number];

/** The kind of each refusal, by core's rule (`checkoutErrorKind`, which the browser calls too). */
export const checkoutErrorKinds = Object.fromEntries(
  checkoutErrorTypes.map((type) => [type, checkoutErrorKind(type, 400)]),
) as Readonly<Record<CheckoutErrorType, PaylitErrorKind>>;

/** The `error` of a refusal. */
export const checkoutErrorSchema = z.strictObject({
  type: z.enum(checkoutErrorTypes),
  message: z.string(),
  param: z.string().optional(),
  /** The API's error code, when the API refused. */
  code: z.number().int().optional(),
  /** Whether sending the same submission again (same attempt) could succeed. */
  retryable: z.boolean().optional(),
  /** Every field refused at once (the payer's details), each with its problem; `param` is the first. */
  fields: z.array(z.strictObject({ param: z.string(), message: z.string() })).optional(),
});
export type CheckoutErrorBody = z.output<typeof checkoutErrorSchema>;

/** Every refusal of the companion server: `{error: {type, message, param?, code?, retryable?}, requestId}`. */
export const checkoutErrorAnswerSchema = z.strictObject({
  error: checkoutErrorSchema,
  requestId: z.string(),
});
export type CheckoutErrorAnswer = z.output<typeof checkoutErrorAnswerSchema>;

// ---------------------------------------------------------------- POST /subscriptions

/**
 * `POST /subscriptions`: the payer signs up to the order's plan by Pix Automático from the
 * checkout. Only the choice and the payer's details the order lacks (the document Pix needs)
 * come from the page; the mandate's terms are the merchant's order plan, never the browser's.
 */
export const subscribeRequestSchema = z.strictObject({
  /** The order's client secret. */
  order: orderReferenceSchema,
  method: z.strictObject({ type: z.literal('XA') }),
  payer: collectedPayerSchema.optional(),
});
export type SubscribeRequest = z.output<typeof subscribeRequestSchema>;

/** A mandate's status as the API names an enrollment's: `PENDING` until the payer answers in their bank. */
export const subscriptionStatuses = ['PENDING', 'ACTIVE', 'REJECTED', 'CANCELLED'] as const;
export type SubscriptionStatusView = (typeof subscriptionStatuses)[number];

/**
 * The answer of `POST /subscriptions`, of `GET /subscriptions?order=` and each event
 * `subscription` of `GET /subscriptions/events?order=` (live, until a final status): the
 * mandate's status, and where the payer authorizes it when the API gave a page (`redirectUrl`).
 */
export const subscriptionAnswerSchema = z.strictObject({
  subscription: z.strictObject({
    /** The merchant's order id: the subscription's id. */
    order: orderIdSchema,
    method: z.enum(['XA', 'CARD']),
    status: z.enum(subscriptionStatuses),
    /** The bank's page where the payer authorizes the mandate, when the API gave one. */
    redirectUrl: openable.optional(),
  }),
});
export type SubscriptionAnswer = z.output<typeof subscriptionAnswerSchema>;
export * from './saved-methods.js';
