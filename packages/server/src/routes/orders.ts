/**
 * The order API of standalone mode (README, "The order API"): `POST /orders` stores an order
 * the checkout trusts, `GET /orders/:id` shows it with its payments; both behind the bearer
 * token. A body is checked whole, and a refusal names every missing or wrong field at once,
 * so a merchant's integration is fixed in one round, not one field per request. Beside the
 * order's own shape, the payer is held to the rules a payment in the order's country is held
 * to (a CPF or CNPJ in Brazil, the full address in South Africa, the IP in Turkey, India's),
 * when the order is made rather than when a shopper pays.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { ValidationIssue } from '@paylit/core/errors';
import { chargedAmount, orderIntentSchema } from '@paylit/core/checkout';
import { addressSchema, amountSchema, safeParse } from '@paylit/core/schemas';
import { clientSecretFor } from '../client-secret.js';
import { compiled } from '../compiled.js';
import { attempted, attemptOrderId, learnFromApi, noAttemptYet } from '../charges.js';
import { PaymentsApiError } from '../client/errors.js';
import { fromApiError, loadOrder, type HandlerContext } from '../context.js';
import type { HandlerEnv } from '../env.js';
import { CheckoutError } from '../middleware/errors.js';
import { readJson, validate } from '../middleware/input.js';
import { payerRuleIssues } from '../payer.js';
import {
  merchantOrderSchema,
  merchantPayerSchema,
  unchargeableAmount,
  type MerchantOrder,
} from '../order.js';

const id = z.string().min(1).max(200);

/** Every problem of an order body, in the order of its fields; none for an order the checkout can charge. */
export function orderIssues(
  body: unknown,
): { order: MerchantOrder; issues: [] } | { order: undefined; issues: ValidationIssue[] } {
  const parsed = safeParse(compiled(merchantOrderSchema), body);
  const issues = parsed.success ? [] : [...parsed.error.issues];
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const fields = body as Record<string, unknown>;
    // Read as the schema reads them ("0.00" is 0), also when other fields stop the schema's own check.
    const amount = amountSchema.safeParse(fields.amount);
    const intent = orderIntentSchema.default('capture').safeParse(fields.intent);
    const problem =
      amount.success && intent.success
        ? unchargeableAmount(amount.data, fields.currency, intent.data)
        : undefined;
    if (problem) issues.push({ path: 'amount', message: problem });
    issues.push(...payerRuleIssues(fields.country, fields.payer));
  }
  const seen = new Set<string>();
  const unique = issues.filter((issue) => {
    const key = `${issue.path}\u0000${issue.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  if (unique.length === 0 && parsed.success) return { order: parsed.data, issues: [] };
  return { order: undefined, issues: unique };
}

/**
 * The one error shape (`{error: {type, message, param?}}`) naming them all: `param` is the
 * first field, `message` each field with its problem (`3 problems: amount must be …; …`).
 */
function refusal(issues: ValidationIssue[]): CheckoutError {
  const named = issues.map((issue) => `${issue.path || 'body'} ${issue.message}`);
  const message = named.length === 1 ? named[0]! : `${named.length} problems: ${named.join('; ')}`;
  return new CheckoutError(400, {
    type: 'invalid_request',
    message,
    ...(issues[0]?.path ? { param: issues[0].path } : {}),
  });
}

/** What a payment charged, named first when an order changes; then its other fields, in the schema's order. */
const CHARGED = ['amount', 'currency', 'country', 'intent', 'payer'];
const FIELDS = [
  ...CHARGED,
  ...Object.keys(merchantOrderSchema.shape).filter((k) => k !== 'id' && !CHARGED.includes(k)),
] as (keyof MerchantOrder)[];
const SHOWN = new Set<string>(['amount', 'currency', 'country', 'intent']);

/** One text per value, whatever the order of its object keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

const differ = (a: unknown, b: unknown) => canonical(a) !== canonical(b);

/** The fields of `next` that differ from `stored`; the payer's and its address's by their own names (`payer.email`). */
export function changedFields(stored: MerchantOrder, next: MerchantOrder): string[] {
  const changed: string[] = [];
  for (const field of FIELDS) {
    if (!differ(stored[field], next[field])) continue;
    if (field !== 'payer') {
      changed.push(field);
      continue;
    }
    for (const key of Object.keys(merchantPayerSchema.shape) as (keyof MerchantOrder['payer'])[]) {
      const [a, b] = [stored.payer[key], next.payer[key]];
      if (!differ(a, b)) continue;
      if (key === 'address' && typeof a === 'object' && typeof b === 'object') {
        for (const part of Object.keys(addressSchema.shape) as (keyof typeof a)[])
          if (differ(a[part], b[part])) changed.push(`payer.address.${part}`);
      } else {
        changed.push(`payer.${key}`);
      }
    }
  }
  return changed;
}

/** 409 `order_has_payment`, naming each change (and the value it had for the fields a payment charged). */
function hasPayment(stored: MerchantOrder, next: MerchantOrder, changed: string[]): CheckoutError {
  const named = changed.map((field) =>
    SHOWN.has(field)
      ? `${field} ${String(stored[field as keyof MerchantOrder])} → ${String(next[field as keyof MerchantOrder])}`
      : field,
  );
  return new CheckoutError(409, {
    type: 'order_has_payment',
    param: changed[0]!,
    message: `order ${stored.id} has a payment attempt, so it cannot change (${named.join(', ')}); post it unchanged, or make a new order`,
  });
}

/**
 * Whether the order has had a payment attempt: as the store knows it, or, when the store has
 * no payment state of it (an evicted key, a store restored from an older snapshot), as the API
 * does (asked once, and recorded).
 */
async function hasAttempt(ctx: HandlerContext, id: string): Promise<boolean> {
  const state = (await ctx.store.getCharge(id)) ?? (await learnFromApi(ctx, id));
  return attempted(state) || (await ctx.store.paymentsOfOrder(id)).length > 0;
}

/**
 * For an order the store does not hold (never posted, or a store that lost it: a restart of
 * the memory store, an evicted key), what the API says of its first attempt (`<order>.1`): a
 * payment made for another amount or currency is the order's, and the order cannot become
 * something else (409). Answers nothing for an order the API has never seen.
 */
async function checkWithApi(ctx: HandlerContext, order: MerchantOrder): Promise<void> {
  let first: { amount: number; currency: string } | undefined;
  try {
    first = await ctx.client.orders.retrieve(attemptOrderId(order.id, 1));
  } catch (error) {
    if (error instanceof PaymentsApiError && error.type === 'not_found')
      return noAttemptYet(ctx, order.id);
    throw fromApiError(error);
  }
  const changed = [
    chargedAmount(order) === first.amount ? [] : ['amount'],
    order.currency === first.currency ? [] : ['currency'],
  ].flat();
  // Posted back as it was: its attempts are recorded now, or the next post could change it.
  if (changed.length === 0) {
    await learnFromApi(ctx, order.id);
    return;
  }
  throw new CheckoutError(409, {
    type: 'order_has_payment',
    param: changed[0]!,
    message: `order ${order.id} has a payment attempt of ${first.amount} ${first.currency} at the payments API, so it cannot be ${chargedAmount(order)} ${order.currency}; post it as it was, or make a new order`,
  });
}

/**
 * Stores `order` and answers what the order is now: the same order posted again is answered
 * as stored (`created: false`), and an order with no payment attempt may be replaced; one
 * with an attempt cannot change (409 `order_has_payment`). One the store does not hold is
 * checked with the API first (`checkWithApi`), and what the API has of it recorded.
 *
 * The store has no transaction over an order and its charge state, so the check is made again
 * after writing: an attempt that began while the order was being replaced most likely read the
 * order as it was (a payment reads the order well before it records its attempt), so the
 * order is put back and the change refused.
 */
async function storeOrder(
  ctx: HandlerContext,
  order: MerchantOrder,
): Promise<{ order: MerchantOrder; created: boolean }> {
  const before = await ctx.store.getOrder(order.id);
  if (before) {
    const changed = changedFields(before, order);
    if (changed.length === 0) return { order: before, created: false };
    if (await hasAttempt(ctx, order.id)) throw hasPayment(before, order, changed);
  } else {
    await checkWithApi(ctx, order);
  }
  await ctx.store.putOrder(order);
  if (before && (await hasAttempt(ctx, order.id))) {
    await ctx.store.putOrder(before);
    throw hasPayment(before, order, changedFields(before, order));
  }
  return { order, created: true };
}

export function mountOrders(
  app: Hono<HandlerEnv>,
  ctx: HandlerContext,
  auth: MiddlewareHandler<HandlerEnv>,
): void {
  app.post('/orders', auth, async (c) => {
    const { order: posted, issues } = orderIssues(await readJson(c));
    if (!posted) throw refusal(issues);
    const { order, created } = await storeOrder(ctx, posted);
    return c.json(
      { order, clientSecret: await clientSecretFor(ctx.client, order.id) },
      created ? 201 : 200,
    );
  });
  app.get('/orders/:id', auth, async (c) => {
    const order = await loadOrder(ctx, validate(id, c.req.param('id'), 'id'));
    return c.json({
      order,
      clientSecret: await clientSecretFor(ctx.client, order.id),
      payments: await ctx.store.paymentsOfOrder(order.id),
    });
  });
}
