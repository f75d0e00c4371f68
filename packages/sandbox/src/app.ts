/**
 * The sandbox as one Hono app (one `fetch`). Every failure becomes the API's error body
 * here: a refusal with its code, anything unexpected 500 / 7000, never a crash.
 */
import { Hono } from 'hono';
import { apiErrorBody } from '@paylit/core/codes';
import { ApiFailure, DroppedConnection } from './errors.js';
import type { SandboxEnv } from './env.js';
import type { SandboxInternals } from './internals.js';
import { bodyLimit } from './middleware/body-limit.js';
import { faults } from './middleware/faults.js';
import { mountApi } from './routes/api.js';
import { mountPages } from './routes/pages.js';
import { mountTools } from './routes/tools.js';
import { expirePending } from './state/payments.js';
import { wireJson } from './wire-json.js';

const JSON_TYPE = 'application/json;charset=utf-8';

export function createApp(
  sandbox: SandboxInternals,
  onUnexpected: (error: unknown) => void,
): Hono<SandboxEnv> {
  // Not strict: `/payments/` is `/payments`, as the API takes it.
  const app = new Hono<SandboxEnv>({ strict: false });

  app.onError((error, c) => {
    if (error instanceof ApiFailure) return c.json(error.body, error.status as 400);
    if (error instanceof DroppedConnection) throw error;
    onUnexpected(error);
    return c.json(apiErrorBody(7000), 500);
  });
  // A path the API does not have: 404 with the bare text `NOT_FOUND`, before any credentials, as the API answers it.
  app.notFound((c) => c.text('NOT_FOUND', 404));

  // Every JSON answer, errors and replays too, as the API labels it, written by the API's
  // JSON writer (money with its two decimals: wire-json.ts).
  app.use('*', async (c, next) => {
    c.json = ((object: unknown, arg?: never, headers?: never) => {
      c.header('Content-Type', JSON_TYPE);
      return c.body(wireJson(object), arg, headers);
    }) as unknown as typeof c.json;
    await next();
    if (/^application\/json\s*(;|$)/i.test(c.res.headers.get('Content-Type') ?? ''))
      c.res.headers.set('Content-Type', JSON_TYPE);
  });
  app.use('*', bodyLimit());
  app.use('*', faults(sandbox.faults));
  app.use('*', async (_c, next) => {
    expirePending(sandbox.store);
    await next();
  });

  mountApi(app, sandbox);
  mountPages(app, sandbox);
  mountTools(app, sandbox);
  return app;
}
