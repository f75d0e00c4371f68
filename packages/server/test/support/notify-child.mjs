/**
 * A checkout handler in a process of its own, on a Redis store, whose notification hook tells
 * the parent (IPC) what it was handed and then never returns: the parent kills it during the
 * hook. Configured by the JSON in PAYLIT_TEST_CHILD: {baseUrl, credentials, publicKey,
 * publicUrl, redisUrl, apiToken, leaseMs}. Sends {url} once it listens.
 */
import { PaymentsClient, createCheckoutHandler } from '@paylit/server';
import { nodeTransport, serveNode } from '@paylit/server/node';
import { createRedisStore } from '@paylit/server/redis';
import { Hono } from 'hono';

const config = JSON.parse(process.env.PAYLIT_TEST_CHILD ?? '{}');
const client = new PaymentsClient({
  baseUrl: config.baseUrl,
  ...config.credentials,
  transport: nodeTransport(),
});
const store = await createRedisStore({ url: config.redisUrl });
const handler = createCheckoutHandler({
  client,
  publicKey: config.publicKey,
  publicUrl: config.publicUrl,
  returnUrl: `${config.publicUrl}/return`,
  allowedOrigins: ['https://shop.example'],
  apiToken: config.apiToken,
  store,
  rateLimit: false,
  notificationLeaseMs: config.leaseMs,
  onNotification: ({ kind, record, orderId, latest }) => {
    process.send?.({ hook: { kind, id: record.id, status: record.status, orderId, latest } });
    return new Promise(() => {});
  },
  onError: () => {},
});
const app = new Hono();
app.route('/paylit', handler);
const served = await serveNode(app);
process.send?.({ url: served.url });
