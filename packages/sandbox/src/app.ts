/**
 * The sandbox as one Hono app (one `fetch`). Every failure becomes the API's error body
 * here: a refusal with its code, anything unexpected 500 / 7000, never a crash.
 */
import { Hono } from 'hono';
import { apiErrorBody } from '@paylit/core/codes';
import { ApiFailure, DroppedConnection } from './errors.js';
import type { SandboxEnv } from './env.js';
import type { SandboxInternals } from './internals.js';
import { authentication } from './middleware/auth.js';
import { bodyLimit } from './middleware/body-limit.js';
import { faults } from './middleware/faults.js';
import { mountApi } from './routes/api.js';
import { mountPages } from './routes/pages.js';
import { mountTools } from './routes/tools.js';
import { expirePending } from './state/payments.js';


const JSON_TYPE = 'application/json;charset=utf-8';

export function createApp(sandbox: SandboxInternals, onUnexpected: (error: unknown) => void): Hono<SandboxEnv> {
  // Not strict: `/payments/` is `/payments` (api-behaviour.md, "The wire dialect").
  const app = new Hono<SandboxEnv>({ strict: false });

  app.onError((error, c) => {
    if (error instanceof ApiFailure) return c.json(error.body, error.status as 400);
    if (error instanceof DroppedConnection) throw error;
    onUnexpected(error);
    return c.json(apiErrorBody(7000), 500);
  });
  // Unknown routes are answered by the catch-all below, after the credentials; this is for safety only.
  app.notFound((c) => c.json(apiErrorBody(5000), 400));

  // Every JSON answer, errors and replays too, as the API labels it (api-behaviour.md, "The wire dialect").
  app.use('*', async (c, next) => {
    await next();
    if (/^application\/json\s*(;|$)/i.test(c.res.headers.get('Content-Type') ?? '')) c.res.headers.set('Content-Type', JSON_TYPE);
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
  // Any other method or path: the credentials first (bad ones are 403 / 3001 on any path), then 400 / 5000.
  const auth = authentication({ credentials: sandbox.credentials, clock: sandbox.clock, allowedIps: sandbox.allowedIps });
  app.all('*', auth, (c) => c.json(apiErrorBody(5000), 400));
  return app;
}
