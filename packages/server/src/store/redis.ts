/**
 * `RedisStore`: the checkout store in Redis, so that several server instances behind a
 * load balancer behave as one (claims with SET NX PX, counters with INCR and PEXPIRE).
 *
 * @example
 * import { createRedisStore } from '@paylit/server/redis';
 * const store = await createRedisStore({ url: process.env.REDIS_URL });
 * createCheckoutHandler({ client, store, … });
 */
import { createClient } from 'redis';
import { merchantOrderSchema, type MerchantOrder } from '../order.js';
import type { ChargeState, CheckoutStore, PaymentLink } from './store.js';

export interface RedisStoreOptions {
  /** `redis://host:port`. Default `redis://127.0.0.1:6379`. */
  url?: string;
  /** Prefix of every key. Default `paylit:`. */
  prefix?: string;
}

type Client = ReturnType<typeof createClient>;

/** Compare-and-set on the charge state's `rev`, in one step on the server. */
const SWAP_CHARGE = `
local current = redis.call('GET', KEYS[1])
local rev = ''
if current then rev = cjson.decode(current).rev end
if rev ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
return 1`;

export class RedisStore implements CheckoutStore {
  readonly #client: Client;
  readonly #prefix: string;

  constructor(client: Client, prefix = 'paylit:') {
    this.#client = client;
    this.#prefix = prefix;
  }

  #key(...parts: string[]): string {
    return this.#prefix + parts.join(':');
  }

  async now() {
    const [seconds, micros] = await this.#client.time();
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  }

  async getOrder(id: string) {
    const text = await this.#client.get(this.#key('order', id));
    if (text === null) return undefined;
    const parsed = merchantOrderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  }

  async putOrder(order: MerchantOrder) {
    await this.#client.set(this.#key('order', order.id), JSON.stringify(order));
  }

  async linkPayment({ paymentId, orderId }: PaymentLink) {
    const added = await this.#client.set(this.#key('payment', paymentId), orderId, { NX: true });
    if (added === 'OK') await this.#client.rPush(this.#key('order-payments', orderId), paymentId);
  }

  async orderOfPayment(paymentId: string) {
    return (await this.#client.get(this.#key('payment', paymentId))) ?? undefined;
  }

  async paymentsOfOrder(orderId: string) {
    return this.#client.lRange(this.#key('order-payments', orderId), 0, -1);
  }

  async getCharge(orderId: string) {
    const text = await this.#client.get(this.#key('charge', orderId));
    return text === null ? undefined : (JSON.parse(text) as ChargeState);
  }

  async swapCharge(orderId: string, expectedRev: string | undefined, next: ChargeState) {
    const done = await this.#client.eval(SWAP_CHARGE, { keys: [this.#key('charge', orderId)], arguments: [expectedRev ?? '', JSON.stringify(next)] });
    return done === 1;
  }

  async bind(key: string, value: string, ttlMs: number) {
    const k = this.#key('bound', key);
    // A bound value never changes until it expires, so reading it after a refused SET NX is safe.
    if ((await this.#client.set(k, value, { NX: true, PX: ttlMs })) === 'OK') return undefined;
    return (await this.#client.get(k)) ?? undefined;
  }

  async bound(key: string) {
    return (await this.#client.get(this.#key('bound', key))) ?? undefined;
  }

  async claim(key: string, ttlMs: number) {
    return (await this.#client.set(this.#key('claim', key), '1', { NX: true, PX: ttlMs })) === 'OK';
  }

  async release(key: string) {
    await this.#client.del(this.#key('claim', key));
  }

  async hit(key: string, windowMs: number) {
    const k = this.#key('hits', key);
    const count = await this.#client.incr(k);
    if (count === 1) await this.#client.pExpire(k, windowMs);
    return count;
  }

  async count(key: string) {
    return Number((await this.#client.get(this.#key('hits', key))) ?? 0);
  }

  async close() {
    await this.#client.quit();
  }
}

/** Connects to Redis and answers the store; a connection failure says where it tried. */
export async function createRedisStore(options: RedisStoreOptions = {}): Promise<RedisStore> {
  const url = options.url ?? 'redis://127.0.0.1:6379';
  let connected = false;
  // At start, give up after a few tries so a wrong URL is reported; once connected, keep reconnecting.
  const client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: (retries, cause) => (!connected && retries >= 2 ? cause : Math.min(100 * 2 ** retries, 2000)) } });
  client.on('error', () => {
    // Reconnection is node-redis's; commands fail meanwhile and the handler answers 503.
  });
  try {
    await client.connect();
    connected = true;
  } catch (cause) {
    throw new Error(`paylit: could not connect to Redis at ${url.replace(/\/\/[^@/]*@/, '//***@')}`, { cause });
  }
  return new RedisStore(client, options.prefix);
}
