/**
 * The work one payment costs the companion server, counted, so that a regression fails here
 * rather than in a timing (`npm run bench` measures the time; this holds what can be counted):
 *
 * - zod schemas built and compiled: none after the first payment (schemas are built once, at
 *   module load; a schema built per call is also compiled per call, zod's fast path), and
 *   none of a payment's schemas walked by zod's runtime parser (each parsed by its `z.compile`
 *   code, several times faster);
 * - calls to the API, counted where the sandbox receives them (a counting relay in front of it):
 *   a first payment after the checkout view asks nothing more than the payment itself (the
 *   view's lookup of `<order>.1` serves it), and an order paid without a view asks once;
 * - the store's round trips per view and per payment;
 * - promises made per payment (each one a hop through the microtask queue at least);
 * - the payment's I/O: one socket write for its answer to the browser and one for its request
 *   to the API (headers and body in one), no socket opened to the API (the keep-alive pool's),
 *   at most one timer (the API call's deadline);
 * - bytes allocated per payment, in a loop of 1,000, with a generous ceiling.
 *
 * The sandbox runs in a process of its own (its CLI), so that only the handler's work (and this
 * spec's requests) is in this process's count of allocations.
 */
import { expect, test } from '@playwright/test';
import { AsyncLocalStorage, createHook } from 'node:async_hooks';
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, createServer, request, type Server } from 'node:http';
import { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { GCProfiler } from 'node:v8';
import { z } from 'zod';
import { Doc, globalConfig } from 'zod/v4/core';
import { encryptCard } from '@paylit/core/crypto';
import { submissionSchema } from '@paylit/core/checkout';
import { payerSchema, paymentRecordSchema, paymentRequestSchema } from '@paylit/core/schemas';
import {
  MemoryStore,
  PaymentsClient,
  clientSecretFor,
  createCheckoutHandler,
  merchantOrderSchema,
  type CheckoutStore,
} from '@paylit/server';
import {
  nodeHmac,
  nodeTransport,
  toNodeListener,
  type NodeListener,
  type Served,
} from '@paylit/server/node';
import { payer } from './support/harness.js';
import { scaled } from '../../../test/support/time.mjs';

test.describe.configure({ mode: 'serial' });
/** Ceilings on the promises a payment after a view makes in the handler (measured, then rounded up a little). */
// 98 and 102 while Hono wrapped each of the mounted handler's layers to answer its errors (handler.ts `answeringErrors`).
// Counted from the Node listener on since the direct route (src/direct.ts): 81 and 85 there; the
// same payment through Hono and @hono/node-server, counted the same way, makes 122. 76 and 80
// since the direct route follows each layer's promise with `then` (no async frame per layer).
// 70 and 74 since the store's reservation, its giving back and the answer's next action are
// handed on without an async function of their own around them; 68 and 72 since the
// idempotency key is made without one. 58 and 61 since the body's parse is handed to the route
// without a promise once the decline limit made it (input.ts), the decline limit's reading of
// the submission and its giving back make none of their own, and the order's lookup and the
// number's lease follow the promise they wait for with `then` (context.ts, charges.ts). 51 and
// 55 (ceilings 53 and 57) since the body limit, the payment's create callback, the client's
// payments.create, the decline limit's look at the answer and the charge's writing down of a
// payment made hand on the promises they wait for instead of awaiting them in async functions.
const PROMISES_MERCHANT = 53;
const PROMISES_ORDER_API = 57;
test.setTimeout(scaled(40_000)); // each test: payments counted on Redis and PostgreSQL

// ---- Counting zod's work in this process: every schema or check built (zod's post-processor
// hook, run once per instance it constructs) and every schema compiled (its JIT fast path).
let built = 0;
let compiled = 0;
(globalConfig as { postProcessor?: (inst: unknown) => void }).postProcessor = (inst) => {
  const traits = (inst as { _zod?: { traits?: Set<string> } })._zod?.traits;
  if (traits?.has('$ZodType') || traits?.has('$ZodCheck')) built++;
};
const compile = Doc.prototype.compile;
Doc.prototype.compile = function (this: Doc, ...args: []) {
  compiled++;
  return compile.apply(this, args);
};
// ---- zod's runtime parser on the schemas a payment parses: each parse that walks the schema
// rather than running its compiled code (`z.compile`, src/compiled.ts; an invalid input falls
// back to the walk, for zod's own messages). Counted on the schema itself from the first
// payment on: a compiled twin is code generated from the schema as it was when first parsed.
let walked = 0;
let countingWalks = false;
function countWalks(): void {
  if (countingWalks) return;
  countingWalks = true;
  for (const schema of [
    submissionSchema,
    merchantOrderSchema,
    payerSchema,
    paymentRequestSchema,
    paymentRecordSchema,
  ] as z.ZodType[]) {
    const run = schema._zod.run;
    schema._zod.run = (payload, ctx) => {
      walked++;
      return run(payload, ctx);
    };
  }
}

// ---- The sandbox, in its own process, and a relay in front of it that counts what reaches it.
const cli = fileURLToPath(new URL('../../sandbox/dist/cli.js', import.meta.url));
let sandbox: ChildProcess;
let sandboxUrl: string;
let credentials: { login: string; transKey: string; secretKey: string };
let publicJwk: JsonWebKey;
let relay: Server;
let relayUrl: string;
/** What the API received, `METHOD /path` (the query left out), in order. */
const received: string[] = [];

async function startSandboxProcess(): Promise<void> {
  sandbox = spawn(process.execPath, [cli, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { PATH: process.env.PATH ?? '' },
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    sandbox.once('exit', (code) => reject(new Error(`the sandbox exited ${code}`)));
    sandbox.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/tools\s/.test(out)) resolve();
    });
  });
  const field = (name: RegExp) => name.exec(out)?.[1] ?? '';
  sandboxUrl = field(/paylit sandbox: (\S+)/);
  credentials = {
    login: field(/X-Login\s+(\S+)/),
    transKey: field(/X-Trans-Key\s+(\S+)/),
    secretKey: field(/secret key\s+(\S+)/),
  };
  publicJwk = (await (await fetch(`${sandboxUrl}/sandbox-tools/public-key`)).json()) as JsonWebKey;
}

async function startRelay(): Promise<void> {
  const agent = new Agent({ keepAlive: true });
  relay = createServer((req, res) => {
    received.push(`${req.method} ${(req.url ?? '').split('?')[0]}`);
    const out = request(
      new URL(req.url ?? '/', sandboxUrl),
      { method: req.method, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(out);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${(relay.address() as { port: number }).port}`;
}

test.beforeAll(async () => {
  await startSandboxProcess();
  await startRelay();
});

test.afterAll(async () => {
  relay?.close();
  relay?.closeAllConnections();
  if (sandbox && sandbox.exitCode === null) {
    const exited = new Promise((resolve) => sandbox.once('exit', resolve));
    sandbox.kill('SIGTERM');
    await exited;
  }
});

// ---- The store, counted: each call of its interface is one round trip for a shared store. A
// call is put down to the route whose request made it (the work it left running included), so
// that the sandbox's notifications of earlier payments, heard meanwhile, are not a view's.
const route = new AsyncLocalStorage<string>();
/** Store calls by route (`/checkout`, `/payments`, `/notifications`…) and method. */
const storeCalls = new Map<string, Map<string, number>>();
function countedStore(store: CheckoutStore): CheckoutStore {
  return new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function' || typeof key !== 'string') return value;
      return (...args: unknown[]) => {
        const path = route.getStore() ?? '(none)';
        let calls = storeCalls.get(path);
        if (!calls) storeCalls.set(path, (calls = new Map()));
        calls.set(key, (calls.get(key) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
const storeOf = (path: string) => Object.fromEntries(storeCalls.get(path) ?? []);

// ---- Promises made by the work for a route, from the moment the Node listener has the request
// (the adapter's work counted too: for POST /payments, the direct route's whole path), by route,
// while `counted` runs.
const promisesBy = new Map<string, number>();
const promiseHook = createHook({
  init(_id, type) {
    if (type !== 'PROMISE') return;
    const path = route.getStore();
    if (path !== undefined) promisesBy.set(path, (promisesBy.get(path) ?? 0) + 1);
  },
});
// ---- UUIDs made by the work for a route (crypto.randomUUID, as the handler calls it), while
// `counted` runs: Node 20 writes one's text as a tree of some thirty joined pieces, about 500
// bytes, which a string only ever compared (a charge state's rev) keeps for as long as it is held.
const uuidsBy = new Map<string, number>();
let countingUuids = false;
const randomUUID = crypto.randomUUID.bind(crypto);
crypto.randomUUID = (() => {
  const path = countingUuids ? route.getStore() : undefined;
  if (path !== undefined) uuidsBy.set(path, (uuidsBy.get(path) ?? 0) + 1);
  return randomUUID();
}) as typeof crypto.randomUUID;
// ---- The payment's I/O, while `counted` runs: socket writes by side (node:net's
// `_writeGeneric`, which a corked `writev` goes through too: one call, one write syscall), the
// shop's server sockets (the browser's side) and its client's sockets to the API (the relay's
// port); sockets connected to the API; timers set. Each put down to the route whose request
// made it, as the store's calls are (the sandbox's notifications heard meanwhile are not a payment's).
const shopPorts = new Set<number>();
const io = { browser: 0, api: 0, connected: 0, timers: 0 };
let countingIo = false;
const relayPort = () => Number(new URL(relayUrl).port);
const writeGeneric = (
  Socket.prototype as unknown as { _writeGeneric: (...a: unknown[]) => unknown }
)._writeGeneric;
(Socket.prototype as unknown as { _writeGeneric: (...a: unknown[]) => unknown })._writeGeneric =
  function (this: Socket, ...args: unknown[]) {
    if (countingIo && route.getStore() === '/payments') {
      if (shopPorts.has(this.localPort ?? -1)) io.browser++;
      else if (this.remotePort === relayPort()) io.api++;
    }
    return writeGeneric.apply(this, args);
  };
const connect = Socket.prototype.connect;
Socket.prototype.connect = function (this: Socket, ...args: unknown[]) {
  if (countingIo && route.getStore() === '/payments') {
    // node:net hands its own connections the normalized [options, callback] pair.
    const options = (Array.isArray(args[0]) ? args[0][0] : args[0]) as { port?: unknown } | null;
    if (typeof options === 'object' && Number(options?.port) === relayPort()) io.connected++;
  }
  return (connect as (...a: unknown[]) => Socket).apply(this, args);
} as typeof Socket.prototype.connect;
const setTimer = globalThis.setTimeout;
globalThis.setTimeout = function (this: unknown, ...args: Parameters<typeof setTimeout>) {
  if (countingIo && route.getStore() === '/payments') io.timers++;
  return setTimer.apply(this, args);
} as typeof setTimeout;
// As setTimeout is (util.promisify's form of it), while it is counted.
Object.assign(globalThis.setTimeout, {
  [promisify.custom]: (setTimer as unknown as Record<symbol, unknown>)[promisify.custom],
});
// Node's own back when this file is done (a worker may run other specs after it).
test.afterAll(() => {
  (Socket.prototype as unknown as { _writeGeneric: unknown })._writeGeneric = writeGeneric;
  Socket.prototype.connect = connect;
  globalThis.setTimeout = setTimer;
});
const tripsOf = (path: string) =>
  [...(storeCalls.get(path)?.values() ?? [])].reduce((a, b) => a + b, 0);

// ---- A shop, as a merchant mounts it: the merchant's own order lookup (`resolveOrder`, a
// database read: a new object each time) or the standalone order API.
interface CountedShop {
  base: string;
  client: PaymentsClient;
  served: Served;
  apiToken: string;
}

async function startShop(orders: 'merchant' | 'order-api'): Promise<CountedShop> {
  const client = new PaymentsClient({
    baseUrl: relayUrl,
    ...credentials,
    transport: nodeTransport(),
    hmac: nodeHmac,
  });
  // Mounted on node:http with toNodeListener, as the README mounts it (POST /payments on the
  // direct Node route, src/direct.ts), each request's work counted under its path.
  let listener: NodeListener | undefined;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!.replace(/^\/paylit/, '');
    void route.run(path, () => listener!(req, res));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  shopPorts.add(port);
  const served: Served = {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
  const base = `${served.url}/paylit`;
  const apiToken = 'counts-token-0123456789abcdef';
  const handler = createCheckoutHandler({
    client,
    store: countedStore(new MemoryStore()),
    publicKey: publicJwk,
    publicUrl: base,
    returnUrl: `${served.url}/return`,
    allowedOrigins: [],
    apiToken,
    rateLimit: false,
    ...(orders === 'merchant'
      ? {
          resolveOrder: async (id: string) =>
            id.startsWith('count-')
              ? { id, amount: 120, currency: 'BRL', country: 'BR', payer: { ...payer } }
              : undefined,
        }
      : {}),
  });
  listener = toNodeListener(handler, { basePath: '/paylit' });
  return { base, client, served, apiToken };
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 4 });

/** One request over a keep-alive node:http agent (light, so the allocation count is the handler's). */
function send(
  url: string,
  method: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent: keepAlive,
        headers: {
          ...(body !== undefined
            ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }
            : {}),
          ...headers,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString() }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let orders = 0;
async function newOrder(shop: CountedShop, kind: 'merchant' | 'order-api'): Promise<string> {
  const id = `count-${process.pid}-${Date.now().toString(36)}-${++orders}`;
  if (kind === 'order-api') {
    const res = await send(
      `${shop.base}/orders`,
      'POST',
      JSON.stringify({ id, amount: 120, currency: 'BRL', country: 'BR', payer }),
      { Authorization: `Bearer ${shop.apiToken}` },
    );
    expect(res.status, res.text).toBe(201);
  }
  return clientSecretFor(shop.client, id);
}

async function view(shop: CountedShop, secret: string): Promise<void> {
  const res = await send(`${shop.base}/checkout?order=${encodeURIComponent(secret)}`, 'GET');
  expect(res.status, res.text).toBe(200);
}

/** A card submission's body, the card encrypted as the checkout's card fields do. */
async function submission(secret: string): Promise<string> {
  return JSON.stringify({
    order: secret,
    attempt: crypto.randomUUID(),
    method: {
      type: 'card',
      encryptedData: await encryptCard({ number: '4111111111111111', cvv: '123' }, publicJwk),
      holderName: 'Thiago Gabriel',
      expirationMonth: 10,
      expirationYear: 2040,
    },
  });
}

async function pay(shop: CountedShop, body: string): Promise<{ status: string; replayed?: true }> {
  const res = await send(`${shop.base}/payments`, 'POST', body);
  expect(res.status, res.text).toBe(200);
  const answer = JSON.parse(res.text) as {
    payment: { status: string };
    replayed?: true;
  };
  return { status: answer.payment.status, ...(answer.replayed ? { replayed: true } : {}) };
}

/** What `work` made the API receive, the store do, and zod build and compile. */
async function counted(work: () => Promise<void>) {
  received.length = 0;
  storeCalls.clear();
  promisesBy.clear();
  uuidsBy.clear();
  const [b, c, w] = [built, compiled, walked];
  Object.assign(io, { browser: 0, api: 0, connected: 0, timers: 0 });
  promiseHook.enable();
  countingUuids = true;
  countingIo = true;
  try {
    await work();
  } finally {
    promiseHook.disable();
    countingUuids = false;
    countingIo = false;
  }
  return {
    api: [...received],
    /** Round trips to the store of the checkout view's and the payment's requests. */
    view: tripsOf('/checkout'),
    pay: tripsOf('/payments'),
    store: { view: storeOf('/checkout'), pay: storeOf('/payments') },
    built: built - b,
    compiled: compiled - c,
    /** Parses of a payment's schemas by zod's runtime parser (the schema walked, not its compiled code). */
    walked: walked - w,
    /** Promises made by the payment's request in the handler. */
    promises: promisesBy.get('/payments') ?? 0,
    /** UUIDs made by the payment's request in the handler. */
    uuids: uuidsBy.get('/payments') ?? 0,
    /** The payment's socket writes by side, sockets connected to the API, and timers set. */
    io: { ...io },
  };
}

test('the counters count: a zod schema built and parsed here is one build and one compilation more', () => {
  const [b, c] = [built, compiled];
  z.object({ a: z.string() }).parse({ a: 'x' });
  expect(built - b).toBeGreaterThanOrEqual(2);
  expect(compiled - c).toBe(1);
});

for (const kind of ['merchant', 'order-api'] as const) {
  test(`${kind === 'merchant' ? "the merchant's resolveOrder" : 'the order API'}: after the first payment, a view and a payment build and compile no schema, and the API hears the payment alone`, async () => {
    const shop = await startShop(kind);
    try {
      // The first view and payment build what is built lazily (zod compiles a schema at its first parse).
      const first = await newOrder(shop, kind);
      await view(shop, first);
      expect((await pay(shop, await submission(first))).status).toBe('PAID');
      countWalks();

      for (let i = 0; i < 3; i++) {
        const secret = await newOrder(shop, kind);
        const body = await submission(secret);
        const looked = await counted(() => view(shop, secret));
        // The view asks the API what <order>.1 did once for an order the store does not know (the
        // merchant's own orders); an order the order API made was recorded as unpaid when it was made.
        expect(looked.api).toEqual(
          kind === 'merchant' ? [expect.stringMatching(/^GET \/orders\//)] : [],
        );
        const paid = await counted(async () => {
          expect(await pay(shop, body)).toEqual({ status: 'PAID' });
        });
        expect(
          paid.api,
          'the view answered what <order>.1 did: the payment asks nothing more',
        ).toEqual(['POST /secure_payments']);
        expect(looked.built + paid.built, 'zod schemas built after the first payment').toBe(0);
        expect(
          looked.compiled + paid.compiled,
          'zod schemas compiled after the first payment',
        ).toBe(0);
        // The submission, the order, the payer, the request sent and the API's answer, each parsed
        // by its compiled code: zod walking one of them costs several times as much.
        expect(paid.walked, "a payment's schemas walked by zod's runtime parser").toBe(0);
        // Round trips to the store, as they are now: more is a regression, fewer a target to lower.
        // A payment: the decline limit's reservation and its giving back (one each), the charge
        // state read once, the store's clock, the attempt recorded and settled, the number's
        // lease and the payment's link (and with the order API, the order read twice).
        expect(looked.view, JSON.stringify(looked.store.view)).toBeLessThanOrEqual(3);
        expect(paid.pay, JSON.stringify(paid.store.pay)).toBeLessThanOrEqual(
          kind === 'merchant' ? 8 : 10,
        );
        console.log(`work-counts: ${kind}: ${paid.promises} promises in a payment after a view`);
        // Promises made by the payment in the handler, as they are now: each is at least one
        // microtask hop (and an allocation); an await chain added on the path shows here.
        expect(paid.promises, 'promises made by a payment after a view').toBeLessThanOrEqual(
          kind === 'merchant' ? PROMISES_MERCHANT : PROMISES_ORDER_API,
        );
        // The request id alone: a charge state's rev is not a UUID (src/rev.ts; the two the
        // attempt and its outcome wrote were, and a MemoryStore held one per order paid).
        expect(paid.uuids, 'UUIDs made by a payment after a view').toBeLessThanOrEqual(1);
        // The payment's I/O, as the floor's (a bare node:http forwarder, bench/servers.mjs): its
        // answer written to the browser in one write (headers and body together), its request to
        // the API in one, over a socket the keep-alive pool kept (the view's lookup left it
        // there), and one timer (the API call's deadline). A header flushed apart, an answer
        // streamed in pieces or a pool per request (a socket connected per payment) shows here.
        expect(paid.io, 'socket writes, sockets connected and timers of a payment').toEqual({
          browser: 1,
          api: 1,
          connected: 0,
          timers: 1,
        });
      }

      // Paid without a view (a merchant's page that posts straight away): one lookup, then the payment.
      if (kind === 'merchant') {
        const secret = await newOrder(shop, kind);
        const body = await submission(secret);
        const paid = await counted(async () => {
          expect((await pay(shop, body)).status).toBe('PAID');
        });
        expect(paid.api).toEqual([
          expect.stringMatching(/^GET \/orders\//),
          'POST /secure_payments',
        ]);
        expect(paid.built + paid.compiled).toBe(0);
      }

      // Remembering that the API had no attempt never lets a second payment through: the same
      // order paid again (another tab, a new attempt id) answers the payment made, and the API
      // is asked only for that payment, never sent a second one.
      const secret = await newOrder(shop, kind);
      await view(shop, secret);
      expect((await pay(shop, await submission(secret))).status).toBe('PAID');
      const again = await counted(async () => {
        expect(await pay(shop, await submission(secret))).toEqual({
          status: 'PAID',
          replayed: true,
        });
      });
      expect(again.api.filter((call) => call.startsWith('POST'))).toEqual([]);
    } finally {
      await shop.served.close();
    }
  });
}

test('a payment allocates at most 1 MiB in a loop of 1,000 (the handler, in this process; the API in its own)', async () => {
  const shop = await startShop('merchant');
  try {
    const warm = await newOrder(shop, 'merchant');
    await view(shop, warm);
    await pay(shop, await submission(warm));
    // The orders viewed and their submissions made beforehand: the loop holds the payments alone.
    const n = 1_000;
    const bodies: string[] = [];
    for (let i = 0; i < n; i++) {
      const secret = await newOrder(shop, 'merchant');
      await view(shop, secret);
      bodies.push(await submission(secret));
    }
    const profiler = new GCProfiler();
    profiler.start();
    const before = process.memoryUsage().heapUsed;
    for (const body of bodies) await pay(shop, body);
    const after = process.memoryUsage().heapUsed;
    const { statistics } = profiler.stop();
    // Allocated = what is still on the heap + what the collections in between freed.
    const freed = statistics.reduce(
      (sum, gc) =>
        sum + gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize,
      0,
    );
    const perPayment = (after - before + freed) / n;
    console.log(
      `work-counts: ${(perPayment / 1024).toFixed(1)} KiB allocated per payment (${statistics.length} collections)`,
    );
    expect(perPayment).toBeGreaterThan(0);
    expect(perPayment).toBeLessThan(1024 * 1024);
  } finally {
    await shop.served.close();
  }
});
