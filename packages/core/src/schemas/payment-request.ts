/**
 * The payment request (body of `POST /payments` and `POST /secure_payments`), with
 * every rule of the spec that involves more than one field or depends on the country.
 *
 * It reads the wire dialect the API reads (the wire dialect: what the API accepts beyond its spec, packages/sandbox/README.md): `amount`
 * as a number or a decimal string, `null` for an absent optional field, unknown fields
 * dropped, a payer without e-mail, a Brazilian document checked as a CPF or CNPJ; MPI
 * 3-D Secure and network tokens.
 */
import { z } from 'zod';
import type { ValidationIssue } from '../errors.js';
import {
  addressFields,
  addressRequiredCountries,
  indiaCrossBorderPayerFields,
  ipRequiredCountries,
} from '../countries.js';
import { indiaLimits } from '../payer.js';
import {
  amount,
  country,
  currency,
  flag,
  frequency,
  isoDate,
  optional,
  partialObject,
  paymentMethodId,
  text,
  url,
} from './common.js';
import { cardSchema, checkCard, eci } from './card.js';
import { paymentEnrollmentSchema } from './enrollment.js';
import {
  checkPayerDocument,
  checkPayerName,
  payerSchema,
  type Address,
  type Payer,
} from './payer.js';
import { formatPath } from './parse.js';
import { additionalRiskDataSchema } from './risk.js';
import { walletSchema } from './wallet.js';

export const subpurposes = ['EPREFA', 'EPREGS', 'EPRETE', 'EPRESI', 'EPREGI'] as const;
export const sourcesOfFunds = [
  'SAVINGS',
  'DONATION',
  'BUSINESS',
  'PENSION',
  'SALARY',
  'INHERITANCE',
  'LOAN',
] as const;
/** The four fields of a remittance: all of them, or none. */
export const remittanceFields = [
  'remitter_user_id',
  'beneficiary_user_id',
  'subpurpose',
  'source_of_funds',
] as const;

/** `payment.subscription`: a fixed recurring charge for the card saved through this payment. */
export const cardSubscriptionSchema = z
  .object({
    frequency,
    start_date: isoDate,
    amount,
    end_date: optional(isoDate),
  })
  .superRefine((sub, ctx) => {
    if (sub.end_date && sub.end_date < sub.start_date)
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: 'must not be before start_date',
      });
  });

export const splitSchema = z.object({ account_id: text(), amount });

export const submerchantSchema = z.object({
  name: text(),
  merchant_reference: text(),
  website: optional(text()),
  tax_id: optional(text()),
});

/**
 * `three_dsecure`: `{force: true}` asks the API for 3-D Secure; `mpi: true` says the
 * merchant's own MPI has done it, and carries its result (the API's observed behaviour, "The wire
 * dialect"): the version, `eci` and `cavv`, with `xid` for 1.x or `ds_transaction_id` for
 * 2.x, and optionally the enrollment (VERes) and authentication (PARes) answers.
 */
export const threeDSecureSchema = partialObject({
  force: flag,
  mpi: flag,
  three_dsecure_version: z
    .string()
    .regex(/^[12]\.\d+(\.\d+)?$/, 'must be a 3-D Secure version such as "1.0.2" or "2.2.0"'),
  eci,
  cavv: text(100),
  xid: text(100),
  ds_transaction_id: text(100),
  enrollment_response: z.enum(['Y', 'N', 'U']),
  authentication_response: z.enum(['Y', 'A', 'N', 'U']),
});
export type ThreeDSecure = z.infer<typeof threeDSecureSchema>;

/** The fields of an MPI's result: sent only with `mpi: true`. */
const mpiFields = [
  'three_dsecure_version',
  'eci',
  'cavv',
  'xid',
  'ds_transaction_id',
  'enrollment_response',
  'authentication_response',
] as const;

/** `payment_method_id`: `CARD` or a method code, at most 4 characters. */
export { paymentMethodId };

const paymentRequestShape = z.object({
  amount,
  currency,
  currency_to_charge: optional(z.literal('USD', { error: 'must be USD' })),
  payment_method_id: optional(paymentMethodId),
  payment_method_flow: z.enum(['DIRECT', 'REDIRECT']),
  country,
  payer: payerSchema,
  /** Also a JSON number (`1547451845`), read as its text. */
  order_id: text(125),
  original_order_id: optional(text(125)),
  description: optional(text(200)),
  notification_url: optional(url(500)),
  callback_url: optional(url(500)),
  enrollment: optional(paymentEnrollmentSchema),
  scheduled_date: optional(isoDate),
  card: optional(cardSchema),
  save_payment_method: optional(
    partialObject({ mode: z.enum(['on_file', 'unscheduled']), ask_consent: z.boolean() }),
  ),
  subscription: optional(cardSubscriptionSchema),
  wallet: optional(walletSchema),
  device: optional(partialObject({ type: z.enum(['WEB', 'MOBILE_APP']) })),
  additional_risk_data: optional(additionalRiskDataSchema),
  splits: optional(z.array(splitSchema).min(1, 'must hold at least one split')),
  remitter_user_id: optional(text()),
  beneficiary_user_id: optional(text()),
  subpurpose: optional(z.enum(subpurposes)),
  source_of_funds: optional(z.enum(sourcesOfFunds)),
  submerchant: optional(submerchantSchema),
  three_dsecure: optional(threeDSecureSchema),
});

type PaymentRequestShape = z.infer<typeof paymentRequestShape>;

export interface PaymentRequestRules {
  /** The clock that `scheduled_date` is checked against. Default: the system clock. */
  now?: () => Date;
  /**
   * Whether payments in India are cross-border (the merchant is abroad), which makes the
   * payer's birth date, phone, document and full address mandatory. The request cannot
   * tell; default `true`, the stricter reading.
   */
  indiaCrossBorder?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function utcDay(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

/** The days a charge of the instant-payment recurring scheme (`XA`) is scheduled ahead: 2 to 10. */
export const SCHEDULED_DAYS = { min: 2, max: 10 } as const;

/**
 * Why `scheduled` (YYYY-MM-DD) cannot be the `scheduled_date` of an `XA` charge sent at `now`,
 * or undefined when it can: the spec's rule, sent 2 to 10 days (UTC calendar days) before the
 * billing date. The one place the rule lives: the payment schema, the sandbox's charges of an
 * enrollment and the server's subscriptions use it.
 */
export function scheduledDateProblem(scheduled: string, now: Date): string | undefined {
  const days = Math.round(Date.parse(`${scheduled}T00:00:00Z`) / DAY_MS) - utcDay(now);
  if (Number.isNaN(days)) return 'must be a date in the format YYYY-MM-DD';
  if (days < SCHEDULED_DAYS.min || days > SCHEDULED_DAYS.max)
    return `must be 2 to 10 days ahead for payment method XA (it is ${days})`;
  return undefined;
}

function issue(ctx: z.RefinementCtx, path: PropertyKey[], message: string): void {
  ctx.addIssue({ code: 'custom', path, message });
}

function checkFullAddress(address: Address | undefined, ctx: z.RefinementCtx, why: string): void {
  if (!address) return issue(ctx, ['payer', 'address'], `is required ${why}`);
  for (const field of addressFields) {
    if (address[field] === undefined) issue(ctx, ['payer', 'address', field], `is required ${why}`);
  }
}

function checkIndia(
  payer: Payer,
  shipping: Address | undefined,
  ctx: z.RefinementCtx,
  crossBorder: boolean,
): void {
  const { payerName, emailLocalPart, phone, city, street, zipCode } = indiaLimits;
  if (
    payer.name !== undefined &&
    (payer.name.length < payerName.min || payer.name.length > payerName.max)
  ) {
    issue(
      ctx,
      ['payer', 'name'],
      `must be ${payerName.min} to ${payerName.max} characters in India`,
    );
  }
  const local = payer.email?.slice(0, payer.email.lastIndexOf('@'));
  if (local !== undefined && local.length > emailLocalPart.max)
    issue(
      ctx,
      ['payer', 'email'],
      `must have a local part of at most ${emailLocalPart.max} characters in India`,
    );
  if (payer.phone !== undefined && payer.phone.length > phone.max)
    issue(ctx, ['payer', 'phone'], `must be at most ${phone.max} characters in India`);
  const addresses: [PropertyKey[], Address | undefined][] = [
    [['payer', 'address'], payer.address],
    [['additional_risk_data', 'shipping', 'address'], shipping],
  ];
  for (const [path, address] of addresses) {
    if (!address) continue;
    if (
      address.city !== undefined &&
      (address.city.length < city.min || address.city.length > city.max)
    ) {
      issue(ctx, [...path, 'city'], `must be ${city.min} to ${city.max} characters in India`);
    }
    if (
      address.street !== undefined &&
      (address.street.length < street.min || address.street.length > street.max)
    ) {
      issue(ctx, [...path, 'street'], `must be ${street.min} to ${street.max} characters in India`);
    }
    if (address.zip_code !== undefined && !zipCode.test(address.zip_code))
      issue(ctx, [...path, 'zip_code'], 'must be exactly 6 digits in India');
  }
  if (!crossBorder) return;
  const why = 'for cross-border payments in India';
  for (const field of indiaCrossBorderPayerFields) {
    if (field === 'address') checkFullAddress(payer.address, ctx, why);
    else if (payer[field] === undefined) issue(ctx, ['payer', field], `is required ${why}`);
  }
}

function checkRules(
  req: PaymentRequestShape,
  ctx: z.RefinementCtx,
  rules: Required<PaymentRequestRules>,
): void {
  const { card, wallet } = req;

  // Flows.
  if (req.payment_method_flow === 'DIRECT' && req.payment_method_id === undefined)
    issue(ctx, ['payment_method_id'], 'is required for the DIRECT flow');
  if (req.payment_method_flow === 'REDIRECT' && req.callback_url === undefined)
    issue(ctx, ['callback_url'], 'is required for the REDIRECT flow');

  // Card.
  if (card) {
    checkCard(card, ctx, ['card'], req.country);
    const raw = card.number !== undefined;
    if (raw && card.cvv === undefined) {
      if (req.country === 'IN')
        issue(ctx, ['card', 'cvv'], 'is required for card payments in India');
      else if (card.save === true)
        issue(ctx, ['card', 'cvv'], 'is required when card.save is true');
    }
    if (card.verify === true && card.capture === true)
      issue(
        ctx,
        ['card', 'capture'],
        'must not be true with card.verify: a verification captures nothing',
      );
  }

  // 3-D Secure: asked of the API, or done by the merchant's MPI and its result sent.
  const tds = req.three_dsecure;
  if (tds) {
    if (tds.mpi === true) {
      if (tds.force === true)
        issue(
          ctx,
          ['three_dsecure', 'force'],
          "must not be true with three_dsecure.mpi: the merchant's MPI has done 3-D Secure",
        );
      for (const field of ['eci', 'cavv'] as const)
        if (tds[field] === undefined)
          issue(ctx, ['three_dsecure', field], 'is required with three_dsecure.mpi');
      // The API reads a missing version as 1.0.
      const v2 = tds.three_dsecure_version?.startsWith('2.') === true;
      if (v2 && tds.ds_transaction_id === undefined)
        issue(
          ctx,
          ['three_dsecure', 'ds_transaction_id'],
          'is required with three_dsecure.mpi for 3-D Secure 2.x',
        );
      if (!v2 && tds.xid === undefined)
        issue(
          ctx,
          ['three_dsecure', 'xid'],
          'is required with three_dsecure.mpi for 3-D Secure 1.x',
        );
    } else {
      for (const field of mpiFields)
        if (tds[field] !== undefined)
          issue(ctx, ['three_dsecure', field], 'is only sent with three_dsecure.mpi: true');
    }
  }

  // Zero amounts are verifications, and verifications are zero amounts.
  if (card?.verify === true && req.amount !== 0)
    issue(ctx, ['amount'], 'must be 0 with card.verify');
  if (wallet?.verify === true && req.amount !== 0)
    issue(ctx, ['amount'], 'must be 0 with wallet.verify');
  if (req.amount === 0) {
    if (card) {
      if (card.verify !== true) issue(ctx, ['card', 'verify'], 'must be true when amount is 0');
    } else if (wallet) {
      if (wallet.verify !== true) issue(ctx, ['wallet', 'verify'], 'must be true when amount is 0');
    } else {
      issue(
        ctx,
        ['amount'],
        'must be greater than 0 (0 is only for a card or wallet verification)',
      );
    }
  }

  // Wallets.
  if (wallet) {
    if (req.payer.phone === undefined)
      issue(ctx, ['payer', 'phone'], 'is required for wallet payments');
    if (req.payment_method_flow === 'DIRECT' && wallet.token === undefined)
      issue(ctx, ['wallet', 'token'], 'is required for direct wallet payments');
  }

  // Saving a payment method on the hosted page.
  if (req.save_payment_method) {
    if (req.payment_method_flow !== 'REDIRECT')
      issue(ctx, ['save_payment_method'], 'is only accepted with payment_method_flow REDIRECT');
    else if (req.payment_method_id !== undefined)
      issue(ctx, ['save_payment_method'], 'is only accepted without payment_method_id');
    if (req.subscription) issue(ctx, ['subscription'], 'must not be sent with save_payment_method');
  }

  // Remittances: all four fields or none.
  const sent = remittanceFields.filter((f) => req[f] !== undefined);
  if (sent.length > 0) {
    for (const f of remittanceFields)
      if (req[f] === undefined)
        issue(ctx, [f], `is required for remittances (with ${sent.join(', ')})`);
  }

  // Enrollment created with the payment: its callback is for the REDIRECT flow.
  if (req.enrollment?.callback_url !== undefined && req.payment_method_flow !== 'REDIRECT') {
    issue(
      ctx,
      ['enrollment', 'callback_url'],
      'is only accepted with payment_method_flow REDIRECT',
    );
  }

  // The instant-payment recurring scheme: scheduled 2 to 10 days ahead.
  if (req.payment_method_id === 'XA') {
    if (req.scheduled_date === undefined) {
      issue(ctx, ['scheduled_date'], 'is required for payment method XA');
    } else {
      const problem = scheduledDateProblem(req.scheduled_date, rules.now());
      if (problem) issue(ctx, ['scheduled_date'], problem);
    }
  }

  // Countries.
  checkPayerInCountry(
    req.country,
    req.payer,
    req.additional_risk_data?.shipping?.address,
    ctx,
    rules.indiaCrossBorder,
  );
}

/**
 * The rules of the payment's country on its payer (and, in India, on the shipping address):
 * the document, India's limits, the full address and the IP where the country needs them.
 * Paths are `payer.…` as in a payment request.
 */
function checkPayerInCountry(
  country: string,
  payer: Payer,
  shipping: Address | undefined,
  ctx: z.RefinementCtx,
  indiaCrossBorder: boolean,
): void {
  checkPayerName(country, payer, ctx);
  checkPayerDocument(country, payer, ctx);
  if (country === 'IN') checkIndia(payer, shipping, ctx, indiaCrossBorder);
  if (addressRequiredCountries.includes(country))
    checkFullAddress(payer.address, ctx, `for payments in ${country}`);
  if (ipRequiredCountries.includes(country) && payer.ip === undefined)
    issue(ctx, ['payer', 'ip'], `is required for payments in ${country}`);
}

/**
 * A payer as a payment in `country` holds it: `payerSchema` and the country's rules of the
 * payment request on the payer, the same function the payment request runs (India's read as
 * cross-border, the stricter). For a server that checks the payer before it builds the
 * request: `{country, payer}`, issues at `payer.…`. Built once, here.
 */
export const payerInCountrySchema = z
  .object({ country, payer: payerSchema })
  .superRefine((value, ctx) =>
    checkPayerInCountry(value.country, value.payer, undefined, ctx, true),
  );

/**
 * `payerInCountrySchema`'s rules alone, for a payer `payerSchema` has already parsed and a
 * country already checked: what is wrong (paths `payer.…`), or nothing. The same function the
 * payment request runs, without parsing the payer a second time.
 */
export function payerInCountryIssues(country: string, payer: Payer): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const ctx = {
    addIssue: (issue: { path?: PropertyKey[]; message?: string }) => {
      issues.push({ path: formatPath(issue.path ?? []), message: issue.message ?? 'is invalid' });
    },
  } as unknown as z.RefinementCtx;
  checkPayerInCountry(country, payer, undefined, ctx, true);
  return issues;
}

/**
 * The payment request schema with its rules. `paymentRequestSchema` is this with the
 * system clock; the sandbox makes its own with its clock.
 */
export function createPaymentRequestSchema(options: PaymentRequestRules = {}) {
  const rules: Required<PaymentRequestRules> = {
    now: options.now ?? (() => new Date()),
    indiaCrossBorder: options.indiaCrossBorder ?? true,
  };
  return paymentRequestShape.superRefine((req, ctx) => checkRules(req, ctx, rules));
}

export const paymentRequestSchema = createPaymentRequestSchema();
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;
/** What the schema takes: the wire dialect (an amount as a decimal string, `null` for absent). */
export type PaymentRequestInput = z.input<typeof paymentRequestSchema>;

/**
 * True when the request holds card data (raw, encrypted or a network token) and so goes to
 * `/secure_payments`; a `card_id`, a token or no card go to `/payments`. Reads a request
 * before or after parsing (a `null` is absent).
 */
export function needsSecureEndpoint(req: {
  card?: { readonly [field: string]: unknown } | null | undefined;
}): boolean {
  const card = req.card;
  return (
    card != null &&
    (card.number != null || card.encrypted_data != null || card.network_token != null)
  );
}
