/**
 * The API's endpoints, each behind authentication and
 * idempotency. Handlers parse the raw body the signature covered and call the state.
 */
import type { Context, Hono } from 'hono';
import { forceStatusRequestSchema } from '@paylit/core/schemas';
import { ApiFailure } from '../errors.js';
import type { SandboxEnv } from '../env.js';
import type { SandboxInternals } from '../internals.js';
import { authentication } from '../middleware/auth.js';
import { idempotency } from '../middleware/idempotency.js';
import { parseBody, parseJson } from '../parse.js';
import { isSupportedCountry } from '../catalogs/countries.js';
import { paymentMethods } from '../catalogs/payment-methods.js';
import { deleteCard, getCard, saveCard } from '../state/cards.js';
import { cancelEnrollment, createEnrollment } from '../state/enrollments.js';
import {
  cancelPayment,
  capturePayment,
  createPayment,
  forcePaymentStatus,
  orderRecord,
  paymentStatus,
  retrievePayment,
} from '../state/payments.js';
import { createPlan } from '../state/plans.js';
import { createRefund, forceRefundStatus, refundStatus, retrieveRefund } from '../state/refunds.js';

/** The JSON body exactly as signed. */
function jsonBody(c: Context<SandboxEnv>): unknown {
  return parseJson(c.get('rawBody'));
}

export function origin(c: Context<SandboxEnv>, sandbox: SandboxInternals): string {
  return sandbox.publicUrl ?? new URL(c.req.url).origin;
}

export function mountApi(app: Hono<SandboxEnv>, sandbox: SandboxInternals): void {
  const { store } = sandbox;
  const auth = authentication({ credentials: sandbox.credentials, allowedIps: sandbox.allowedIps });
  // A cancel has no body; one sent anyway is ignored, but it is signed like any other.
  const authCancel = authentication({
    credentials: sandbox.credentials,
    allowedIps: sandbox.allowedIps,
    ignoresBody: true,
  });
  const once = idempotency(sandbox.idempotency, sandbox.clock);
  const paymentContext = (c: Context<SandboxEnv>, secure: boolean) => ({
    secure,
    origin: origin(c, sandbox),
    noDuplicateCheck: c.get('noDuplicateCheck') === true,
  });

  app.post('/payments', auth, once, async (c) => {
    const body = jsonBody(c);
    // A body with an authorization_id is a capture; null or "" is absent (the wire dialect), a payment.
    const authorizationId =
      body && typeof body === 'object'
        ? (body as Record<string, unknown>).authorization_id
        : undefined;
    if (authorizationId !== undefined && authorizationId !== null && authorizationId !== '')
      return c.json(capturePayment(store, body));
    return c.json(await createPayment(store, body, paymentContext(c, false)));
  });
  app.post('/secure_payments', auth, once, async (c) =>
    c.json(await createPayment(store, jsonBody(c), paymentContext(c, true))),
  );
  // An empty id is a payment route with an empty id, not an unknown path (seen on the wire:
  // `POST /payments//cancel` answers JSON 404 / 4000): no payment has it.
  const noSuchPayment = () => {
    throw new ApiFailure(4000, undefined, 404);
  };
  app.post('/payments//cancel', authCancel, noSuchPayment);
  app.get('/payments//status', auth, noSuchPayment);
  app.get('/refunds//status', auth, () => {
    throw new ApiFailure(4001, undefined, 404);
  });
  app.post('/payments/:id/cancel', authCancel, once, (c) =>
    c.json(cancelPayment(store, c.req.param('id'))),
  );
  app.get('/payments/:id/status', auth, (c) => c.json(paymentStatus(store, c.req.param('id'))));
  app.get('/payments/:id', auth, (c) => c.json(retrievePayment(store, c.req.param('id'))));
  app.get('/orders/:order_id', auth, (c) => c.json(orderRecord(store, c.req.param('order_id'))));

  app.post('/refunds', auth, once, (c) => c.json(createRefund(store, jsonBody(c))));
  app.get('/refunds/:id/status', auth, (c) => c.json(refundStatus(store, c.req.param('id'))));
  app.get('/refunds/:id', auth, (c) => c.json(retrieveRefund(store, c.req.param('id'))));

  app.post('/secure_cards', auth, once, async (c) => c.json(await saveCard(store, jsonBody(c))));
  app.get('/cards/:card_id', auth, (c) => c.json(getCard(store, c.req.param('card_id'))));
  app.delete('/secure_cards/:card_id', auth, (c) =>
    c.json(deleteCard(store, c.req.param('card_id'))),
  );

  app.post('/installments-plans', auth, once, (c) => c.json(createPlan(store, jsonBody(c))));

  app.get('/payments-methods', auth, (c) => {
    const country = c.req.query('country');
    if (country === undefined || !/^[A-Z]{2}$/.test(country)) throw new ApiFailure(5001, 'country');
    if (!isSupportedCountry(country)) throw new ApiFailure(5003, 'country');
    const base = origin(c, sandbox);
    // Exactly the API's five fields: what the catalog keeps besides (colours, wallet codes) stays here.
    return c.json(
      paymentMethods[country]!.map((m) => ({
        id: m.id,
        type: m.type,
        name: m.name,
        logo: `${base}/sandbox-tools/logos/${m.id}.svg`,
        allowed_flows: m.allowed_flows,
      })),
    );
  });

  app.post('/enrollments', auth, once, (c) =>
    c.json(createEnrollment(store, jsonBody(c), origin(c, sandbox))),
  );
  app.post('/enrollments/:id/cancel', authCancel, once, (c) =>
    c.json(cancelEnrollment(store, c.req.param('id'))),
  );

  // The production sandbox's own tool: force a pending payment or refund to a final state.
  app.post('/sandbox-tools/payments', auth, async (c) => {
    const req = parseBody(forceStatusRequestSchema, jsonBody(c));
    const payment = store.payments.get(req.payment_id);
    const refund = store.refunds.get(req.payment_id);
    if (payment) forcePaymentStatus(store, payment, req.status);
    else if (refund) forceRefundStatus(store, refund, req.status);
    else throw new ApiFailure(req.payment_id.startsWith('REF-') ? 4001 : 4000, 'payment_id');
    return c.json(payment ? retrievePayment(store, payment.id) : retrieveRefund(store, refund!.id));
  });
}
