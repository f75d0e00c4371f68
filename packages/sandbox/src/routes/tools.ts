/**
 * `/sandbox-tools/`: what tests and the demo need beyond the API. The public key (JWK
 * with `kid`, or `?format=pem`), method logos, the ledger, what fraud prevention received
 * with a payment (`risk`), the notification log, faults,
 * the clock, card tokens as hosted fields make them, chargebacks, and a payer authorizing,
 * refusing or cancelling an enrollment. Only the API's own tool (`POST /sandbox-tools/payments`) is signed; it
 * lives with the API routes.
 */
import type { Context, Hono } from 'hono';
import { apiErrorBody } from '@paylit/core/codes';
import { currencySchema, safeParse } from '@paylit/core/schemas';
import { z } from 'zod';
import type { SandboxEnv } from '../env.js';
import type { SandboxInternals } from '../internals.js';
import { ApiFailure } from '../errors.js';
import { faultSchema } from '../middleware/faults.js';
import { parseBody, parseJson } from '../parse.js';
import { paymentMethods, logoSvg } from '../catalogs/payment-methods.js';
import { createCardToken } from '../state/cards.js';
import { chargeBack } from '../state/refunds.js';
import { answerEnrollment, cancelEnrollmentByPayer } from '../state/enrollments.js';
import { recordCounts } from '../records.js';

const clockSchema = z.union([
  z.strictObject({ now: z.iso.datetime({ offset: true }) }),
  z.strictObject({ advance_ms: z.number().int() }),
]);

async function body(c: Context<SandboxEnv>): Promise<unknown> {
  return parseJson(c.get('rawBody'));
}

export function mountTools(app: Hono<SandboxEnv>, sandbox: SandboxInternals): void {
  const { store, clock } = sandbox;

  app.get('/sandbox-tools/public-key', (c) => {
    if (c.req.query('format') === 'pem')
      return c.text(sandbox.publicPem, 200, { 'Content-Type': 'application/x-pem-file' });
    return c.json(sandbox.publicJwk);
  });

  app.get('/sandbox-tools/logos/:file', (c) => {
    const id = c.req.param('file').replace(/\.svg$/, '');
    const method = Object.values(paymentMethods)
      .flat()
      .find((m) => m.id === id);
    if (!method) return c.json(apiErrorBody(5001, 'logo'), 404);
    return c.body(logoSvg(method), 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=3600',
    });
  });

  app.get('/sandbox-tools/ledger', (c) => {
    const filter: { order_id?: string; payment_id?: string } = {};
    const order = c.req.query('order_id');
    const payment = c.req.query('payment_id');
    if (order !== undefined) filter.order_id = order;
    if (payment !== undefined) filter.payment_id = payment;
    return c.json(store.ledger.summary(filter));
  });

  // What fraud prevention received with a payment: the payer (its IP and reference among the
  // rest), the device, the additional risk data and the retry's original order, as sent.
  app.get('/sandbox-tools/risk', (c) => {
    const id = c.req.query('payment_id') ?? '';
    const p = store.payments.get(id);
    if (!p) return c.json(apiErrorBody(5001, 'payment_id'), 404);
    return c.json({
      payer: p.payer ?? {},
      ...p.risk,
      ...(p.original_order_id !== undefined ? { original_order_id: p.original_order_id } : {}),
    });
  });

  app.get('/sandbox-tools/records', (c) => c.json(recordCounts(sandbox)));

  app.get('/sandbox-tools/notifications', async (c) => {
    await store.notifier.idle();
    const record = c.req.query('record_id');
    return c.json(store.notifier.log(record === undefined ? {} : { record_id: record }));
  });

  app.get('/sandbox-tools/faults', (c) => c.json(sandbox.faults.list()));
  app.post('/sandbox-tools/faults', async (c) =>
    c.json(sandbox.faults.add(parseBody(faultSchema, await body(c))), 201),
  );
  app.delete('/sandbox-tools/faults', (c) => {
    sandbox.faults.clear();
    return c.json([]);
  });

  app.get('/sandbox-tools/clock', (c) => c.json({ now: clock.now().toISOString() }));
  app.post('/sandbox-tools/clock', async (c) => {
    const result = safeParse(clockSchema, await body(c));
    if (!result.success) throw new ApiFailure(5001, result.error.param ?? 'now');
    if ('now' in result.data) clock.set(new Date(result.data.now));
    else clock.advance(result.data.advance_ms);
    return c.json({ now: clock.now().toISOString() });
  });

  app.post('/sandbox-tools/card-tokens', async (c) =>
    c.json(await createCardToken(store, await body(c)), 201),
  );

  // A chargeback disputes money moved: a PAID payment or capture, not an authorization or a pending one.
  app.post('/sandbox-tools/chargebacks', async (c) => {
    const req = parseBody(z.strictObject({ payment_id: z.string().min(1) }), await body(c));
    return c.json(chargeBack(store, req.payment_id));
  });

  app.get('/sandbox-tools/balance', (c) => c.json(Object.fromEntries(store.balances)));
  app.post('/sandbox-tools/balance', async (c) => {
    const req = parseBody(
      z.strictObject({ currency: currencySchema, available: z.number().min(0) }),
      await body(c),
    );
    store.balances.set(req.currency, req.available);
    return c.json(Object.fromEntries(store.balances));
  });

  app.post('/sandbox-tools/enrollments/:id/cancel-by-payer', (c) =>
    c.json(cancelEnrollmentByPayer(store, c.req.param('id'))),
  );
  // The payer, in their bank's app, authorizes or refuses a PENDING enrollment (a Pix Automático mandate).
  app.post('/sandbox-tools/enrollments/:id/authorize', (c) =>
    c.json(answerEnrollment(store, c.req.param('id'), 'ACTIVE')),
  );
  app.post('/sandbox-tools/enrollments/:id/reject', (c) =>
    c.json(answerEnrollment(store, c.req.param('id'), 'REJECTED')),
  );
}
