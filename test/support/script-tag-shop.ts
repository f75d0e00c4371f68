/**
 * A merchant's shop as a script-tag integration writes it: a Hono app on 127.0.0.1 serving the
 * built script-tag file and its chunks beside its own pages, the companion server's handler at
 * `/paylit` (the real one, development mode, no rate limit), and the sandbox over HTTP behind it.
 * The page's own script (`/recorder.js`) keeps every `paylit-*` event named in `events`, its
 * detail copied as JSON, in `window.seen`, as the merchant's code would see them.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { Hono } from 'hono';
import { createSandbox, type Sandbox, type SandboxOptions } from '@paylit/sandbox';
import { PaymentsClient, createCheckoutHandler, type CheckoutStore } from '@paylit/server';
import { nodeHmac, nodeTransport, serveNode } from '@paylit/server/node';
import { runKeyOption } from '../../packages/sandbox/test/support/run-key.js';

const bundle = fileURLToPath(new URL('../../packages/elements/dist/bundle/', import.meta.url));

export interface ScriptTagShopOptions {
  /** The order API's bearer token. */
  token: string;
  /** `/checkout.html?order=<client secret>`: the page, given the secret and the query. */
  page: (secret: string, query: URLSearchParams) => string;
  /** The events `/recorder.js` keeps in `window.seen`. */
  events: readonly string[];
  /** The handler's store; default its own in-memory store. */
  store?: CheckoutStore;
  sandbox?: SandboxOptions;
}

export interface ScriptTagShop {
  sandbox: Sandbox;
  /** The shop's origin, where `/checkout.html` and `/paylit` are. */
  origin: string;
  close(): Promise<void>;
}

export async function startScriptTagShop(options: ScriptTagShopOptions): Promise<ScriptTagShop> {
  // The run's card key (read from its file), not a 2048-bit pair generated for each shop.
  const sandbox = await createSandbox({ ...runKeyOption(), ...options.sandbox });
  const api = await sandbox.listen({ port: 0 });
  const client = new PaymentsClient({
    baseUrl: api.url,
    ...sandbox.credentials,
    transport: nodeTransport(),
    hmac: nodeHmac,
  });
  const app = new Hono();
  const shop = await serveNode(app, { port: 0, hostname: '127.0.0.1' });
  const origin = shop.url;
  app.route(
    '/paylit',
    createCheckoutHandler({
      client,
      publicKey: sandbox.publicJwk,
      publicUrl: `${origin}/paylit`,
      // The return page is the checkout's page: the checkout there resumes from ?payment_id=.
      returnUrl: `${origin}/checkout.html`,
      allowedOrigins: [origin],
      apiToken: options.token,
      ...(options.store ? { store: options.store } : {}),
      rateLimit: false,
      development: true,
    }),
  );
  const recorder = `window.seen = [];
for (const type of ${JSON.stringify(options.events)}) {
  document.addEventListener(type, (e) => seen.push({ type, detail: JSON.parse(JSON.stringify(e.detail)) }));
}`;
  app.get('/recorder.js', (c) => c.body(recorder, 200, { 'Content-Type': 'text/javascript' }));
  app.get('/favicon.ico', (c) => c.body(null, 204));
  // The script-tag file and its chunks (languages, marks, the outcome's look), beside the pages.
  app.get('/*', async (c, next) => {
    const file = /^\/(paylit(\.[\w.-]+)?\.js)$/.exec(c.req.path)?.[1];
    if (!file) return next();
    return c.body(await readFile(bundle + file), 200, { 'Content-Type': 'text/javascript' });
  });
  app.get('/checkout.html', (c) => {
    const secret = c.req.query('order') ?? '';
    if (!/^[\w\-.:]+$/.test(secret)) return c.text('no order', 400);
    return c.html(options.page(secret, new URL(c.req.url).searchParams));
  });
  return {
    sandbox,
    origin,
    close: async () => {
      await shop.close();
      await sandbox.close();
    },
  };
}

/** What `/recorder.js` has kept so far on `page`: each event's type and detail, in order. */
export const seen = (page: Page) =>
  page.evaluate(() => (window as unknown as { seen: { type: string; detail: any }[] }).seen);
