/**
 * `RedisStore`: the checkout store in Redis, so that several server instances behind a
 * load balancer behave as one (claims with SET NX PX, counters with INCR and PEXPIRE).
 *
 * Every call answers or throws `StoreUnavailableError` within `timeoutMs` (default 1 s):
 * nothing waits for Redis to come back, and nothing sent while it was away runs later on
 * this server's behalf (no offline queue; a connection with a command past its deadline is
 * dropped and replaced). Each call is one command or one script, so a call cut off by its
 * deadline leaves nothing half done to be finished afterwards.
 *
 * Run Redis with persistence on (`appendonly yes`; see the server's README for what
 * `appendfsync everysec` and `always` can lose).
 *
 * @example
 * import { createRedisStore } from '@paylit/server/redis';
 * const store = await createRedisStore({ url: process.env.REDIS_URL });
 * createCheckoutHandler({ client, store, … });
 */
import { createClient } from 'redis';
import { merchantOrderSchema, type MerchantOrder } from '../order.js';
import {
  StoreUnavailableError,
  unsettled,
  type ChargeState,
  type CheckoutStore,
  type PaymentLink,
  type Reservation,
  type Reserved,
} from './store.js';
import { maskUrl } from '../mask.js';
import type { Subscription } from '../subscriptions/types.js';

export interface RedisStoreOptions {
  /** `redis://host:port`. Default `redis://127.0.0.1:6379`. */
  url?: string;
  /** Prefix of every key. Default `paylit:`. */
  prefix?: string;
  /** How long a call may take before it throws `StoreUnavailableError`. Default 1000 ms. */
  timeoutMs?: number;
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

/** Compare-and-set on a subscription's `rev`; the first write adds its id to the index (ZADD, score 0: ordered by id). */
const SWAP_SUBSCRIPTION = `
local current = redis.call('GET', KEYS[1])
local rev = ''
if current then rev = cjson.decode(current).rev end
if rev ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
if ARGV[1] == '' then redis.call('ZADD', KEYS[2], 0, ARGV[3]) end
return 1`;

/** A value bound once: the value bound before, or nil when this call bound it. */
const BIND = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return false end
return redis.call('GET', KEYS[1])`;

/** A hit in a fixed window: the counter and its expiry are set together. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** A hit given back: down by one, never below 0, the expiry left as it is; a missing counter stays missing. */
const UNHIT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count <= 0 then return 0 end
return redis.call('DECR', KEYS[1])`;

/**
 * The decline limit's reservation (CheckoutStore.reserve): the turn (KEYS[2], when given)
 * claimed, else nothing; then a hit on KEYS[1] (in flight) and one on the counter of the window
 * of ARGV[3] ms that the server's clock is in (ARGV[4] followed by the window's number).
 */
const RESERVE = `
if KEYS[2] and not redis.call('SET', KEYS[2], '1', 'NX', 'PX', ARGV[1]) then return {0} end
local held = redis.call('INCR', KEYS[1])
if held == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
local t = redis.call('TIME')
local ms = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = math.floor(ms / tonumber(ARGV[3]))
local key = ARGV[4] .. string.format('%d', window)
local count = redis.call('INCR', key)
if count == 1 then redis.call('PEXPIRE', key, ARGV[3]) end
return {1, window, count, held}`;

/** Hits given back (KEYS[1..ARGV[1]], as UNHIT does) and claims released (the other KEYS). */
const GIVE_BACK = `
local n = tonumber(ARGV[1])
for i = 1, n do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
for i = n + 1, #KEYS do redis.call('DEL', KEYS[i]) end
return 1`;

/** A payment linked to its order once: the link and the order's list are written together. */
const LINK = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX') then redis.call('RPUSH', KEYS[2], ARGV[2]) end
return 1`;

export class RedisStore implements CheckoutStore {
  #client: Client;
  readonly #prefix: string;
  readonly #timeoutMs: number;
  /** When the current connection was made to replace one that did not answer in time. */
  #replacedAt = 0;
  #closed = false;
  /** The connections `subscribe` made, closed with the store. */
  readonly #subscribers = new Set<Client>();

  /**
   * A store on a client the caller made and connected. `createRedisStore` makes one with the
   * settings this store needs (`disableOfflineQueue`, fast reconnection); a client without
   * them still never makes a call wait longer than `timeoutMs`.
   */
  constructor(client: Client, prefix = 'paylit:', timeoutMs = 1000) {
    this.#client = client;
    this.#prefix = prefix;
    this.#timeoutMs = timeoutMs;
  }

  #key(...parts: string[]): string {
    return this.#prefix + parts.join(':');
  }

  /**
   * Runs one command with the store's deadline. A command still waiting at its deadline may
   * be held by a Redis that stopped answering: the connection is dropped (which fails every
   * command on it at once, so none is sent or retried later) and a new one is made.
   */
  async #run<T>(command: (client: Client) => Promise<T>): Promise<T> {
    if (this.#closed) throw new StoreUnavailableError('the Redis store is closed');
    const client = this.#client;
    if (
      !client.isReady &&
      this.#replacedAt &&
      performance.now() - this.#replacedAt > this.#timeoutMs * 5
    )
      this.#replace(client);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let answered = false;
    const pending = command(client);
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // One turn of the event loop more: a reply that arrived while the loop was busy is read first.
        setImmediate(() => {
          if (answered) return;
          this.#replace(client);
          reject(new StoreUnavailableError(`Redis did not answer within ${this.#timeoutMs} ms`));
        });
      }, this.#timeoutMs);
    });
    try {
      return await Promise.race([pending, late]);
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw error;
      throw new StoreUnavailableError(`Redis failed: ${(error as Error).message}`, {
        cause: error,
      });
    } finally {
      answered = true;
      clearTimeout(timer);
      pending.catch(() => {});
    }
  }

  #replace(client: Client): void {
    if (client !== this.#client || this.#closed) return;
    const next = client.duplicate({ disableOfflineQueue: true });
    next.on('error', () => {});
    this.#client = next;
    this.#replacedAt = performance.now();
    client.destroy();
    // Reconnects by the strategy the first client was made with; calls fail fast meanwhile.
    next.connect().catch(() => {});
  }

  async now() {
    const [seconds, micros] = await this.#run((c) => c.time());
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  }

  async getOrder(id: string) {
    const text = await this.#run((c) => c.get(this.#key('order', id)));
    if (text === null) return undefined;
    const parsed = merchantOrderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  }

  async putOrder(order: MerchantOrder) {
    await this.#run((c) => c.set(this.#key('order', order.id), JSON.stringify(order)));
  }

  async linkPayment({ paymentId, orderId }: PaymentLink) {
    await this.#run((c) =>
      c.eval(LINK, {
        keys: [this.#key('payment', paymentId), this.#key('order-payments', orderId)],
        arguments: [orderId, paymentId],
      }),
    );
  }

  async orderOfPayment(paymentId: string) {
    return (await this.#run((c) => c.get(this.#key('payment', paymentId)))) ?? undefined;
  }

  async paymentsOfOrder(orderId: string) {
    return this.#run((c) => c.lRange(this.#key('order-payments', orderId), 0, -1));
  }

  /** Where the last `unsettledCharges` stopped: each call goes on through the keys (SCAN), a bounded step at a time. */
  #sweepCursor = '0';

  async unsettledCharges(limit: number) {
    const match = `${this.#key('charge', '')}*`;
    const ids: string[] = [];
    // At most ten SCAN steps per call, so one call stays short however many orders there are.
    for (let step = 0; step < 10 && ids.length < limit; step++) {
      const { cursor, keys } = await this.#run((c) =>
        c.scan(this.#sweepCursor, { MATCH: match, COUNT: 200 }),
      );
      this.#sweepCursor = String(cursor);
      if (keys.length > 0) {
        const texts = await this.#run((c) => c.mGet(keys));
        texts.forEach((text, i) => {
          if (text !== null && ids.length < limit && unsettled(JSON.parse(text) as ChargeState))
            ids.push(keys[i]!.slice(match.length - 1));
        });
      }
      if (this.#sweepCursor === '0') break;
    }
    return ids;
  }

  async getCharge(orderId: string) {
    const text = await this.#run((c) => c.get(this.#key('charge', orderId)));
    return text === null ? undefined : (JSON.parse(text) as ChargeState);
  }

  async swapCharge(orderId: string, expectedRev: string | undefined, next: ChargeState) {
    const done = await this.#run((c) =>
      c.eval(SWAP_CHARGE, {
        keys: [this.#key('charge', orderId)],
        arguments: [expectedRev ?? '', JSON.stringify(next)],
      }),
    );
    return done === 1;
  }

  async getSubscription(id: string) {
    const text = await this.#run((c) => c.get(this.#key('subscription', id)));
    return text === null ? undefined : (JSON.parse(text) as Subscription);
  }

  /** Compare-and-set on `rev`; a new subscription also joins the sorted index `subscriptionIds` reads. */
  async swapSubscription(id: string, expectedRev: string | undefined, next: Subscription) {
    const done = await this.#run((c) =>
      c.eval(SWAP_SUBSCRIPTION, {
        keys: [this.#key('subscription', id), this.#key('subscriptions')],
        arguments: [expectedRev ?? '', JSON.stringify(next), id],
      }),
    );
    return done === 1;
  }

  async subscriptionIds(after: string, limit: number) {
    return this.#run((c) =>
      c.zRangeByLex(this.#key('subscriptions'), after === '' ? '-' : `(${after}`, '+', {
        LIMIT: { offset: 0, count: limit },
      }),
    );
  }

  async bind(key: string, value: string, ttlMs: number) {
    const before = await this.#run((c) =>
      c.eval(BIND, {
        keys: [this.#key('bound', key)],
        arguments: [value, String(Math.max(1, Math.ceil(ttlMs)))],
      }),
    );
    return typeof before === 'string' ? before : undefined;
  }

  async bound(key: string) {
    return (await this.#run((c) => c.get(this.#key('bound', key)))) ?? undefined;
  }

  async claim(key: string, ttlMs: number) {
    return (
      (await this.#run((c) =>
        c.set(this.#key('claim', key), '1', { NX: true, PX: Math.max(1, Math.ceil(ttlMs)) }),
      )) === 'OK'
    );
  }

  async release(key: string) {
    await this.#run((c) => c.del(this.#key('claim', key)));
  }

  async hit(key: string, windowMs: number) {
    return Number(
      await this.#run((c) =>
        c.eval(HIT, {
          keys: [this.#key('hits', key)],
          arguments: [String(Math.max(1, Math.ceil(windowMs)))],
        }),
      ),
    );
  }

  async count(key: string) {
    return Number((await this.#run((c) => c.get(this.#key('hits', key)))) ?? 0);
  }

  async unhit(key: string) {
    return Number(
      await this.#run((c) => c.eval(UNHIT, { keys: [this.#key('hits', key)], arguments: [] })),
    );
  }

  async reserve({ turn, inFlight, windowed }: Reservation): Promise<Reserved> {
    const ms = (value: number) => String(Math.max(1, Math.ceil(value)));
    const answer = (await this.#run((c) =>
      c.eval(RESERVE, {
        keys: [this.#key('hits', inFlight.key), ...(turn ? [this.#key('claim', turn.key)] : [])],
        arguments: [
          ms(turn?.ttlMs ?? 1),
          ms(inFlight.windowMs),
          ms(windowed.windowMs),
          `${this.#key('hits', windowed.prefix)}:`,
        ],
      }),
    )) as number[];
    if (Number(answer[0]) !== 1) return { turn: false };
    return {
      turn: true,
      window: Number(answer[1]),
      count: Number(answer[2]),
      inFlight: Number(answer[3]),
    };
  }

  async giveBack(hits: readonly string[], claims: readonly string[]) {
    await this.#run((c) =>
      c.eval(GIVE_BACK, {
        keys: [
          ...hits.map((key) => this.#key('hits', key)),
          ...claims.map((key) => this.#key('claim', key)),
        ],
        arguments: [String(hits.length)],
      }),
    );
  }

  /** The channel every instance's changes go through (`PUBLISH`, `SUBSCRIBE`). */
  get #channel(): string {
    return this.#key('changes');
  }

  async publish(message: string) {
    await this.#run((c) => c.publish(this.#channel, message));
  }

  /**
   * A connection of its own, in subscriber mode: node-redis subscribes again after it
   * reconnects. What is published while it is away is not heard (the live route's slow status
   * lookup finds it).
   */
  async subscribe(listener: (message: string) => void) {
    if (this.#closed) throw new StoreUnavailableError('the Redis store is closed');
    const sub = this.#client.duplicate({ disableOfflineQueue: false });
    sub.on('error', () => {});
    const connected = (async () => {
      await sub.connect();
      await sub.subscribe(this.#channel, (message) => listener(message));
    })();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        connected,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new StoreUnavailableError(`Redis did not answer within ${this.#timeoutMs} ms`),
              ),
            Math.max(this.#timeoutMs, 2000),
          );
        }),
      ]);
    } catch (error) {
      connected.catch(() => {});
      sub.destroy();
      throw error instanceof StoreUnavailableError
        ? error
        : new StoreUnavailableError(`Redis failed: ${(error as Error).message}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
    this.#subscribers.add(sub);
    return async () => {
      if (!this.#subscribers.delete(sub)) return;
      sub.destroy();
    };
  }

  /** Closes the connection: waits up to `timeoutMs` for commands under way, then drops it. */
  async close() {
    if (this.#closed) return;
    this.#closed = true;
    for (const sub of this.#subscribers) sub.destroy();
    this.#subscribers.clear();
    const client = this.#client;
    if (!client.isOpen) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      client.close().catch(() => {}),
      new Promise((resolve) => (timer = setTimeout(resolve, this.#timeoutMs))),
    ]);
    clearTimeout(timer);
    if (client.isOpen) client.destroy();
  }
}

/** Connects to Redis and answers the store; a connection failure says where it tried (the password masked). */
export async function createRedisStore(options: RedisStoreOptions = {}): Promise<RedisStore> {
  const url = options.url ?? 'redis://127.0.0.1:6379';
  const timeoutMs = options.timeoutMs ?? 1000;
  let connected = false;
  const client = createClient({
    url,
    // A command is sent only on a ready connection: one sent while Redis is away fails at once
    // instead of waiting to run when it returns, after its request has been answered.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: Math.max(timeoutMs, 2000),
      keepAlive: true,
      // At start, give up after a few tries so a wrong URL is reported; once connected, keep reconnecting, soon.
      reconnectStrategy: (retries, cause) =>
        !connected && retries >= 2 ? cause : Math.min(50 * 2 ** retries, 500),
    },
  });
  client.on('error', () => {
    // Reconnection is node-redis's; calls fail meanwhile and the handler answers 503.
  });
  try {
    await client.connect();
    connected = true;
  } catch (cause) {
    throw new Error(`paylit: could not connect to Redis at ${maskUrl(url)}`, { cause });
  }
  return new RedisStore(client, options.prefix, timeoutMs);
}
