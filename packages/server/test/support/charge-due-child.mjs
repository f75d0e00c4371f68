/**
 * `subscriptions.chargeDue` in a process of its own, on a Redis or PostgreSQL store, for a spec
 * to kill (SIGKILL) while a charge is with the API. Configured by the JSON in PAYLIT_TEST_CHILD:
 * {baseUrl, credentials, redisUrl | databaseUrl, asOf, leaseMs}. Sends {ready} once its store is
 * open, then {result} if it ever finishes.
 */
import { PaymentsClient, createSubscriptions } from '@paylit/server';
import { nodeTransport } from '@paylit/server/node';

const config = JSON.parse(process.env.PAYLIT_TEST_CHILD ?? '{}');
const client = new PaymentsClient({
  baseUrl: config.baseUrl,
  ...config.credentials,
  transport: nodeTransport(),
});
const store = config.redisUrl
  ? await (await import('@paylit/server/redis')).createRedisStore({ url: config.redisUrl })
  : await (
      await import('@paylit/server/postgres')
    ).createPostgresStore({ url: config.databaseUrl });
const subscriptions = createSubscriptions({
  client,
  store,
  leaseMs: config.leaseMs,
  onError: () => {},
});
process.send?.({ ready: true });
const result = await subscriptions.chargeDue(new Date(config.asOf));
process.send?.({ result });
await store.close();
