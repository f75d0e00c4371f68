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
import { countrySchema, payerSchema, paymentRequestSchema, safeParse } from '@paylit/core/schemas';
import { clientSecretFor } from '../client-secret.js';
import { loadOrder, type HandlerContext } from '../context.js';
import type { HandlerEnv } from '../env.js';
import { CheckoutError } from '../middleware/errors.js';
import { readJson, validate } from '../middleware/input.js';
import { merchantOrderSchema, type MerchantOrder } from '../order.js';

const id = z.string().min(1).max(200);

/**
 * The payer rules of the order's country, as core checks a payment request: the order is run
 * as the simplest payment (a redirect of 1 in its country) and the issues under `payer` kept.
 * Core's rules stay in one place; this asks them only when the country and the payer are
 * readable on their own, so it also runs when other fields of the order are wrong.
 */
function payerIssues(body: Record<string, unknown>): ValidationIssue[] {
  if (!countrySchema.safeParse(body.country).success || !payerSchema.safeParse(body.payer).success) return [];
  const probe = { amount: 1, currency: 'USD', payment_method_flow: 'REDIRECT', order_id: 'order-api-check', country: body.country, payer: body.payer };
  const result = safeParse(paymentRequestSchema, probe);
  return result.success ? [] : result.error.issues.filter((issue) => issue.path === 'payer' || issue.path.startsWith('payer.'));
}

/** Every problem of an order body, in the order of its fields; none for an order the checkout can charge. */
export function orderIssues(body: unknown): { order: MerchantOrder; issues: [] } | { order: undefined; issues: ValidationIssue[] } {
  const parsed = safeParse(merchantOrderSchema, body);
  const issues = parsed.success ? [] : [...parsed.error.issues];
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const fields = body as Record<string, unknown>;
    const intent = fields.intent ?? 'capture';
    if (fields.amount === 0 && intent !== 'verify') issues.push({ path: 'amount', message: 'must be greater than 0 (0 is for intent "verify", a card check)' });
    issues.push(...payerIssues(fields));
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
  return new CheckoutError(400, { type: 'invalid_request', message, ...(issues[0]?.path ? { param: issues[0].path } : {}) });
}

export function mountOrders(app: Hono<HandlerEnv>, ctx: HandlerContext, auth: MiddlewareHandler<HandlerEnv>): void {
  app.post('/orders', auth, async (c) => {
    const { order, issues } = orderIssues(await readJson(c));
    if (!order) throw refusal(issues);
    await ctx.store.putOrder(order);
    return c.json({ order, clientSecret: await clientSecretFor(ctx.client, order.id) }, 201);
  });
  app.get('/orders/:id', auth, async (c) => {
    const order = await loadOrder(ctx, validate(id, c.req.param('id'), 'id'));
    return c.json({ order, clientSecret: await clientSecretFor(ctx.client, order.id), payments: await ctx.store.paymentsOfOrder(order.id) });
  });
}
