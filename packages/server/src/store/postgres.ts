/**
 * `PostgresStore`: the checkout store in PostgreSQL, durable across restarts and crashes and
 * shared by any number of server instances.
 *
 * Tables (created if missing, prefix `paylit_`): `orders`, `payments` (payment to order),
 * `charges` (each order's charge state, written by compare-and-set on `rev`), `made` (the
 * payment each order's settled state names, one per order and one order per payment), `bound`,
 * `claims` and `hits` (with expiry by the database's clock), and `subscriptions` (each
 * subscription's record, by compare-and-set on `rev` as charges are). The compare-and-set on `rev` decides
 * who writes: a writer that read an older state writes nothing. A `settled` state written over
 * the state it read takes the order's row in `made` with it, in the same transaction, whichever
 * payment the row named before (the API says which payment was made, e.g. an older Pix code paid
 * after a newer one was issued); the row goes with the state that says the API rejected or
 * expired that payment.
 *
 * Every call answers or throws `StoreUnavailableError` within `timeoutMs` (default 1 s): the
 * pool waits that long for a connection at most, the server cancels a statement or lock wait
 * past it, and a call still waiting at its deadline has its connection dropped, so nothing it
 * sent runs later (an open transaction is rolled back by the server).
 *
 * @example
 * import { createPostgresStore } from '@paylit/server/postgres';
 * const store = await createPostgresStore({ url: process.env.DATABASE_URL });
 * createCheckoutHandler({ client, store, … });
 */
import pg from 'pg';
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

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database`. */
  url: string;
  /** Prefix of every table: lower-case letters, digits and `_`. Default `paylit_`. */
  tablePrefix?: string;
  /** How long a call may take before it throws `StoreUnavailableError`. Default 1000 ms. */
  timeoutMs?: number;
  /** Connections kept at most. Default 10. */
  poolSize?: number;
}

/** Errors of the database being away, busy or cut off, as opposed to a wrong statement. */
const UNAVAILABLE_CLASSES = new Set(['08', '40', '53', '55', '57', '58']);

function unavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    !(typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) ||
    UNAVAILABLE_CLASSES.has(code.slice(0, 2))
  );
}

/**
 * The pool's connection: an `error` listener of its own from the moment it is made, for its
 * whole life. node-postgres emits `error` on a connection the server ends (FATAL 57P01 from a
 * fast shutdown, `pg_terminate_backend` or a postmaster that died) whenever no query is under
 * way on it, and an `error` event nobody hears ends the process. The pool listens only while a
 * connection is idle, and a caller only once `connect()` has answered and until it releases it,
 * which leaves moments heard by nobody. Heard here, the connection is marked broken (not
 * queryable): the pool drops it when it is released, and the call that held it fails.
 */
class StoreClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => {});
  }
}

/** A charge state that still waits on the API (store.ts `unsettled`), as SQL: the predicate of a partial index. */
const UNSETTLED = `(state->>'state' = 'charging' OR state ? 'late' OR state ? 'cancels')`;

/** A timestamp `ms` milliseconds after the database's `now()`. */
const after = (param: string) => `now() + ${param}::float8 * interval '1 millisecond'`;

export class PostgresStore implements CheckoutStore {
  readonly #pool: pg.Pool;
  readonly #t: Record<
    'orders' | 'payments' | 'charges' | 'made' | 'bound' | 'claims' | 'hits' | 'subscriptions',
    string
  >;
  readonly #timeoutMs: number;
  readonly #prefix: string;
  #writes = 0;
  #sweeping: Promise<void> | undefined;
  #closed = false;
  /** What stops each `subscribe`, called when the store closes. */
  readonly #listening = new Set<() => Promise<void>>();

  private constructor(pool: pg.Pool, prefix: string, timeoutMs: number) {
    this.#pool = pool;
    this.#prefix = prefix;
    this.#timeoutMs = timeoutMs;
    const t = (name: string) => `"${prefix}${name}"`;
    this.#t = {
      orders: t('orders'),
      payments: t('payments'),
      charges: t('charges'),
      made: t('made'),
      bound: t('bound'),
      claims: t('claims'),
      hits: t('hits'),
      subscriptions: t('subscriptions'),
    };
  }

  /** Connects, creates the tables if missing, and answers the store. */
  static async connect(options: PostgresStoreOptions): Promise<PostgresStore> {
    const prefix = options.tablePrefix ?? 'paylit_';
    if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix))
      throw new TypeError(
        'createPostgresStore: tablePrefix must be lower-case letters, digits and _ (at most 41), starting with a letter or _',
      );
    const timeoutMs = options.timeoutMs ?? 1000;
    const pool = new pg.Pool({
      Client: StoreClient,
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: timeoutMs,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      statement_timeout: timeoutMs,
      lock_timeout: timeoutMs,
      idle_in_transaction_session_timeout: Math.max(5 * timeoutMs, 5000),
      application_name: 'paylit',
    });
    pool.on('error', () => {
      // An idle connection that dropped: the pool removes it, the next call connects anew.
    });
    const store = new PostgresStore(pool, prefix, timeoutMs);
    try {
      await store.#migrate();
    } catch (cause) {
      await pool.end().catch(() => {});
      throw new Error(
        `paylit: could not set up the PostgreSQL store at ${maskUrl(options.url)}: ${(cause as Error).message}`,
        { cause },
      );
    }
    return store;
  }

  async #migrate(): Promise<void> {
    const t = this.#t;
    const client = await this.#pool.connect().catch((cause: Error) => {
      throw new Error(`could not connect (${cause.message})`, { cause });
    });
    const heard = () => {};
    client.on('error', heard);
    try {
      // Creation can take longer than a call: a few statements, on a database just started.
      await client.query('SET statement_timeout = 30000; SET lock_timeout = 30000');
      await client.query('BEGIN');
      // Instances starting together: one creates, the others wait and find the tables.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `paylit-store:${t.orders}`,
      ]);
      await client.query(`
        CREATE TABLE IF NOT EXISTS ${t.orders} (id text PRIMARY KEY, body jsonb NOT NULL);
        CREATE TABLE IF NOT EXISTS ${t.payments} (payment_id text PRIMARY KEY, order_id text NOT NULL, attempt text NOT NULL, seq bigserial NOT NULL);
        CREATE INDEX IF NOT EXISTS ${t.payments.slice(0, -1)}_order" ON ${t.payments} (order_id, seq);
        CREATE TABLE IF NOT EXISTS ${t.charges} (order_id text PRIMARY KEY, rev text NOT NULL, state jsonb NOT NULL);
        CREATE INDEX IF NOT EXISTS ${t.charges.slice(0, -1)}_unsettled" ON ${t.charges} (order_id) WHERE ${UNSETTLED};
        CREATE TABLE IF NOT EXISTS ${t.made} (order_id text PRIMARY KEY, payment_id text NOT NULL UNIQUE);
        CREATE TABLE IF NOT EXISTS ${t.bound} (key text PRIMARY KEY, value text NOT NULL, expires_at timestamptz NOT NULL);
        CREATE INDEX IF NOT EXISTS ${t.bound.slice(0, -1)}_expiry" ON ${t.bound} (expires_at);
        CREATE TABLE IF NOT EXISTS ${t.claims} (key text PRIMARY KEY, expires_at timestamptz NOT NULL);
        CREATE INDEX IF NOT EXISTS ${t.claims.slice(0, -1)}_expiry" ON ${t.claims} (expires_at);
        CREATE TABLE IF NOT EXISTS ${t.hits} (key text PRIMARY KEY, count integer NOT NULL, expires_at timestamptz NOT NULL);
        CREATE INDEX IF NOT EXISTS ${t.hits.slice(0, -1)}_expiry" ON ${t.hits} (expires_at);
        CREATE TABLE IF NOT EXISTS ${t.subscriptions} (id text PRIMARY KEY, rev text NOT NULL, state jsonb NOT NULL);
      `);
      await client.query('COMMIT');
      await client.query(
        `SET statement_timeout = ${this.#timeoutMs}; SET lock_timeout = ${this.#timeoutMs}`,
      );
      client.release();
    } catch (error) {
      client.release(true);
      throw error;
    } finally {
      client.removeListener('error', heard);
    }
  }

  /**
   * Runs `work` on a pooled connection within the store's deadline. At the deadline the
   * connection is dropped: whatever `work` has not sent is never sent, and a transaction it
   * left open is rolled back by the server.
   */
  async #run<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    if (this.#closed) throw new StoreUnavailableError('the PostgreSQL store is closed');
    let client: pg.PoolClient | undefined;
    let late = false;
    let released = false;
    // A checked-out connection that drops emits `error`, which must be heard (the pool listens only to idle ones).
    const heard = () => {};
    const release = (destroy: boolean) => {
      if (!client || released) return;
      released = true;
      client.release(destroy);
      client.removeListener('error', heard);
      if (destroy) client.connection.stream.destroy();
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // One turn of the event loop more: an answer that arrived while the loop was busy is read first.
        setImmediate(() => {
          late = true;
          release(true);
          reject(
            new StoreUnavailableError(`PostgreSQL did not answer within ${this.#timeoutMs} ms`),
          );
        });
      }, this.#timeoutMs);
    });
    const job = (async () => {
      const connected = await this.#pool.connect();
      if (late) {
        connected.release();
        throw new StoreUnavailableError('PostgreSQL did not answer in time');
      }
      client = connected;
      connected.on('error', heard);
      try {
        const result = await work(connected);
        release(false);
        return result;
      } catch (error) {
        release(true);
        throw error;
      }
    })();
    try {
      return await Promise.race([job, deadline]);
    } catch (error) {
      if (error instanceof StoreUnavailableError || !unavailable(error)) throw error;
      throw new StoreUnavailableError(`PostgreSQL failed: ${(error as Error).message}`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
      job.catch(() => {});
    }
  }

  #query<R extends pg.QueryResultRow>(
    text: string,
    values: unknown[] = [],
  ): Promise<pg.QueryResult<R>> {
    return this.#run((client) => client.query<R>(text, values));
  }

  async now() {
    const { rows } = await this.#query<{ ms: number }>(
      'SELECT floor(extract(epoch FROM now()) * 1000)::float8 AS ms',
    );
    return rows[0]!.ms;
  }

  async getOrder(id: string) {
    const { rows } = await this.#query<{ body: unknown }>(
      `SELECT body FROM ${this.#t.orders} WHERE id = $1`,
      [id],
    );
    if (!rows[0]) return undefined;
    const parsed = merchantOrderSchema.safeParse(rows[0].body);
    return parsed.success ? parsed.data : undefined;
  }

  async putOrder(order: MerchantOrder) {
    await this.#query(
      `INSERT INTO ${this.#t.orders} (id, body) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET body = EXCLUDED.body`,
      [order.id, JSON.stringify(order)],
    );
  }

  async linkPayment({ paymentId, orderId, attempt }: PaymentLink) {
    await this.#query(
      `INSERT INTO ${this.#t.payments} (payment_id, order_id, attempt) VALUES ($1, $2, $3) ON CONFLICT (payment_id) DO NOTHING`,
      [paymentId, orderId, attempt],
    );
  }

  async orderOfPayment(paymentId: string) {
    const { rows } = await this.#query<{ order_id: string }>(
      `SELECT order_id FROM ${this.#t.payments} WHERE payment_id = $1`,
      [paymentId],
    );
    return rows[0]?.order_id;
  }

  async paymentsOfOrder(orderId: string) {
    const { rows } = await this.#query<{ payment_id: string }>(
      `SELECT payment_id FROM ${this.#t.payments} WHERE order_id = $1 ORDER BY seq`,
      [orderId],
    );
    return rows.map((r) => r.payment_id);
  }

  async unsettledCharges(limit: number) {
    const { rows } = await this.#query<{ order_id: string; state: ChargeState }>(
      `SELECT order_id, state FROM ${this.#t.charges} WHERE ${UNSETTLED} LIMIT $1`,
      [limit],
    );
    return rows.filter((r) => unsettled(r.state)).map((r) => r.order_id);
  }

  async getSubscription(id: string) {
    const { rows } = await this.#query<{ state: Subscription }>(
      `SELECT state FROM ${this.#t.subscriptions} WHERE id = $1`,
      [id],
    );
    return rows[0]?.state;
  }

  async swapSubscription(id: string, expectedRev: string | undefined, next: Subscription) {
    const state = JSON.stringify(next);
    const written =
      expectedRev === undefined
        ? await this.#query(
            `INSERT INTO ${this.#t.subscriptions} (id, rev, state) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
            [id, next.rev, state],
          )
        : await this.#query(
            `UPDATE ${this.#t.subscriptions} SET rev = $2, state = $3 WHERE id = $1 AND rev = $4`,
            [id, next.rev, state, expectedRev],
          );
    return written.rowCount === 1;
  }

  async subscriptionIds(after: string, limit: number) {
    const { rows } = await this.#query<{ id: string }>(
      `SELECT id FROM ${this.#t.subscriptions} WHERE id COLLATE "C" > $1 ORDER BY id COLLATE "C" LIMIT $2`,
      [after, limit],
    );
    return rows.map((r) => r.id);
  }

  async getCharge(orderId: string) {
    const { rows } = await this.#query<{ state: ChargeState }>(
      `SELECT state FROM ${this.#t.charges} WHERE order_id = $1`,
      [orderId],
    );
    return rows[0]?.state;
  }

  /**
   * Compare-and-set on `rev`, in one transaction with the order's row in `made`: a `settled`
   * state written over the rev it was read with replaces the order's row by its payment (refused
   * only when that payment is recorded for another order), and an `open` state that names the
   * payment as its last (rejected or expired) removes it. False when not written.
   */
  async swapCharge(orderId: string, expectedRev: string | undefined, next: ChargeState) {
    const t = this.#t;
    return this.#run(async (client) => {
      await client.query('BEGIN');
      try {
        const state = JSON.stringify(next);
        const written =
          expectedRev === undefined
            ? await client.query(
                `INSERT INTO ${t.charges} (order_id, rev, state) VALUES ($1, $2, $3) ON CONFLICT (order_id) DO NOTHING`,
                [orderId, next.rev, state],
              )
            : await client.query(
                `UPDATE ${t.charges} SET rev = $2, state = $3 WHERE order_id = $1 AND rev = $4`,
                [orderId, next.rev, state, expectedRev],
              );
        if (written.rowCount !== 1) {
          await client.query('ROLLBACK');
          return false;
        }
        if (next.state === 'settled') {
          // The row follows the state the compare-and-set let through.
          await client.query(`DELETE FROM ${t.made} WHERE order_id = $1 AND payment_id <> $2`, [
            orderId,
            next.paymentId,
          ]);
          await client.query(
            `INSERT INTO ${t.made} (order_id, payment_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
            [orderId, next.paymentId],
          );
          const { rows } = await client.query<{ payment_id: string }>(
            `SELECT payment_id FROM ${t.made} WHERE order_id = $1`,
            [orderId],
          );
          // The payment is another order's.
          if (rows[0]?.payment_id !== next.paymentId) {
            await client.query('ROLLBACK');
            return false;
          }
        } else if (next.state === 'open' && next.lastPaymentId !== undefined) {
          await client.query(`DELETE FROM ${t.made} WHERE order_id = $1 AND payment_id = $2`, [
            orderId,
            next.lastPaymentId,
          ]);
        }
        await client.query('COMMIT');
        return true;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
    });
  }

  async bind(key: string, value: string, ttlMs: number) {
    const t = this.#t.bound;
    this.#wrote();
    // An expired value is replaced; otherwise the value bound before is read, in a statement
    // of its own so that it sees a value another call has just committed. One deadline for both.
    return this.#run(async (client) => {
      for (let tries = 0; tries < 5; tries++) {
        const bound = await client.query(
          `INSERT INTO ${t} (key, value, expires_at) VALUES ($1, $2, ${after('$3')})
           ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at WHERE ${t}.expires_at <= now()`,
          [key, value, ttlMs],
        );
        if (bound.rowCount === 1) return undefined;
        const { rows } = await client.query<{ value: string }>(
          `SELECT value FROM ${t} WHERE key = $1 AND expires_at > now()`,
          [key],
        );
        if (rows[0]) return rows[0].value;
      }
      throw new StoreUnavailableError('PostgreSQL: a bound value kept changing');
    });
  }

  async bound(key: string) {
    const { rows } = await this.#query<{ value: string }>(
      `SELECT value FROM ${this.#t.bound} WHERE key = $1 AND expires_at > now()`,
      [key],
    );
    return rows[0]?.value;
  }

  async claim(key: string, ttlMs: number) {
    const t = this.#t.claims;
    this.#wrote();
    const { rowCount } = await this.#query(
      `INSERT INTO ${t} (key, expires_at) VALUES ($1, ${after('$2')})
       ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE ${t}.expires_at <= now()`,
      [key, ttlMs],
    );
    return rowCount === 1;
  }

  async release(key: string) {
    await this.#query(`DELETE FROM ${this.#t.claims} WHERE key = $1`, [key]);
  }

  async hit(key: string, windowMs: number) {
    const t = this.#t.hits;
    this.#wrote();
    const { rows } = await this.#query<{ count: number }>(
      `INSERT INTO ${t} (key, count, expires_at) VALUES ($1, 1, ${after('$2')})
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN ${t}.expires_at <= now() THEN 1 ELSE ${t}.count + 1 END,
         expires_at = CASE WHEN ${t}.expires_at <= now() THEN EXCLUDED.expires_at ELSE ${t}.expires_at END
       RETURNING count`,
      [key, windowMs],
    );
    return rows[0]!.count;
  }

  async count(key: string) {
    const { rows } = await this.#query<{ count: number }>(
      `SELECT count FROM ${this.#t.hits} WHERE key = $1 AND expires_at > now()`,
      [key],
    );
    return rows[0]?.count ?? 0;
  }

  async unhit(key: string) {
    const { rows } = await this.#query<{ count: number }>(
      `UPDATE ${this.#t.hits} SET count = count - 1 WHERE key = $1 AND count > 0 AND expires_at > now() RETURNING count`,
      [key],
    );
    return rows[0]?.count ?? 0;
  }

  /**
   * One statement: the turn claimed as `claim` does (when named), and only then the two hits
   * as `hit` does, the window numbered by the database's clock as `now()` reads it.
   */
  async reserve({ turn, inFlight, windowed }: Reservation): Promise<Reserved> {
    const { claims, hits } = this.#t;
    this.#wrote();
    const hit = (key: string, windowMs: string, from: string) =>
      `INSERT INTO ${hits} (key, count, expires_at) SELECT ${key}, 1, ${after(windowMs)} FROM ${from}
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN ${hits}.expires_at <= now() THEN 1 ELSE ${hits}.count + 1 END,
         expires_at = CASE WHEN ${hits}.expires_at <= now() THEN EXCLUDED.expires_at ELSE ${hits}.expires_at END
       RETURNING count`;
    const { rows } = await this.#query<{
      ok: boolean;
      n: string;
      count: number | null;
      held: number | null;
    }>(
      `WITH turn AS (
         INSERT INTO ${claims} (key, expires_at) SELECT $1::text, ${after('$2')} WHERE $1::text IS NOT NULL
         ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE ${claims}.expires_at <= now()
         RETURNING 1
       ),
       go AS (SELECT ($1::text IS NULL OR EXISTS (SELECT 1 FROM turn)) AS ok,
                     floor(floor(extract(epoch FROM now()) * 1000) / $5::float8)::bigint AS n),
       held AS (${hit('$3::text', '$4', 'go WHERE go.ok')}),
       win AS (${hit("$6::text || ':' || go.n", '$5', 'go WHERE go.ok')})
       SELECT go.ok, go.n::text AS n, (SELECT count FROM win) AS count, (SELECT count FROM held) AS held FROM go`,
      [
        turn?.key ?? null,
        turn?.ttlMs ?? 1,
        inFlight.key,
        inFlight.windowMs,
        windowed.windowMs,
        windowed.prefix,
      ],
    );
    const row = rows[0]!;
    if (!row.ok) return { turn: false };
    return { turn: true, window: Number(row.n), count: row.count!, inFlight: row.held! };
  }

  /** One statement: the hits given back as `unhit` does, the claims released. */
  async giveBack(hits: readonly string[], claims: readonly string[]) {
    await this.#query(
      `WITH given AS (
         UPDATE ${this.#t.hits} SET count = count - 1
         WHERE key = ANY($1::text[]) AND count > 0 AND expires_at > now() RETURNING 1
       ),
       released AS (DELETE FROM ${this.#t.claims} WHERE key = ANY($2::text[]) RETURNING 1)
       SELECT (SELECT count(*) FROM given) AS given, (SELECT count(*) FROM released) AS released`,
      [hits, claims],
    );
  }

  /** Deletes every expired claim, bound value and counter. Runs by itself every 1,000 writes of them. */
  async sweep(): Promise<void> {
    for (const t of [this.#t.claims, this.#t.bound, this.#t.hits])
      await this.#query(`DELETE FROM ${t} WHERE expires_at <= now()`);
  }

  #wrote(): void {
    if (++this.#writes % 1000 !== 0 || this.#sweeping) return;
    this.#sweeping = this.sweep()
      .catch(() => {})
      .finally(() => (this.#sweeping = undefined));
  }

  /** The channel of every instance's changes (`NOTIFY`, `LISTEN`): the table prefix's. */
  get #channel(): string {
    return `${this.#prefix}changes`;
  }

  async publish(message: string) {
    await this.#run((c) => c.query('SELECT pg_notify($1, $2)', [this.#channel, message]));
  }

  /**
   * A pooled connection of its own, held while it listens (`LISTEN`). One that drops (a crash, a
   * shutdown, a restart, `pg_terminate_backend`) is replaced, and one that cannot be made is
   * tried again, 250 ms after the drop and then twice as long each time up to every 3 s, for as
   * long as PostgreSQL is away, until the subscription is stopped or the store closed. What was
   * published meanwhile is not heard (the live route's slow status lookup finds it). The first
   * `LISTEN` answers within the store's timeout or throws `StoreUnavailableError`.
   */
  async subscribe(listener: (message: string) => void) {
    if (this.#closed) throw new StoreUnavailableError('the PostgreSQL store is closed');
    let stopped = false;
    let held: pg.PoolClient | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const ended = () => stopped || this.#closed;
    const heard = (n: pg.Notification) => {
      if (n.channel === this.#channel && n.payload !== undefined) listener(n.payload);
    };
    /** Lets the connection go (and the server end its LISTEN with it). */
    const drop = (client: pg.PoolClient) => {
      if (held !== client) return false;
      held = undefined;
      client.removeListener('notification', heard);
      client.release(true);
      client.connection.stream.destroy();
      return true;
    };
    const again = () => {
      if (ended() || retry) return;
      const delay = Math.min(250 * 2 ** failures, 3000);
      failures++;
      retry = setTimeout(() => {
        retry = undefined;
        listen().catch(again);
      }, delay);
    };
    const listen = async (): Promise<void> => {
      const client = await this.#pool.connect();
      if (ended()) {
        client.release(true);
        return;
      }
      held = client;
      const dropped = () => {
        client.removeListener('error', dropped);
        client.removeListener('end', dropped);
        if (drop(client)) again();
      };
      client.on('error', dropped);
      client.on('end', dropped);
      client.on('notification', heard);
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        // A paused server would hold it for ever: past the store's timeout the connection is dropped.
        await Promise.race([
          client.query(`LISTEN "${this.#channel}"`),
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () =>
                reject(
                  new StoreUnavailableError(
                    `PostgreSQL did not answer LISTEN within ${this.#timeoutMs} ms`,
                  ),
                ),
              this.#timeoutMs,
            );
          }),
        ]);
      } catch (error) {
        client.removeListener('error', dropped);
        client.removeListener('end', dropped);
        drop(client);
        throw error;
      } finally {
        clearTimeout(timer);
      }
      failures = 0;
    };
    try {
      await listen();
    } catch (error) {
      stopped = true;
      clearTimeout(retry);
      throw error instanceof StoreUnavailableError
        ? error
        : new StoreUnavailableError(`PostgreSQL failed: ${(error as Error).message}`, {
            cause: error,
          });
    }
    const stop = async () => {
      stopped = true;
      clearTimeout(retry);
      retry = undefined;
      this.#listening.delete(stop);
      if (held) drop(held);
    };
    this.#listening.add(stop);
    return stop;
  }

  async close() {
    if (this.#closed) return;
    this.#closed = true;
    for (const stop of [...this.#listening]) await stop();
    await this.#sweeping;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      this.#pool.end().catch(() => {}),
      new Promise((resolve) => (timer = setTimeout(resolve, this.#timeoutMs))),
    ]);
    clearTimeout(timer);
  }
}

/**
 * Connects to PostgreSQL, creates the store's tables if they are missing (safe to run from
 * several instances at once) and answers the store. A failure says where it tried, the
 * password masked.
 */
export function createPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  return PostgresStore.connect(options);
}
