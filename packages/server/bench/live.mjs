// npm run bench (server part): live status, a notification at the server → the event at the
// shopper's open connection (`GET /payments/:id/events`), for the checkout handler and, in the
// same run, a bare node:http SSE relay that re-reads the payment from the API when notified (the
// floor of this work: what any server must do). Four kinds of process, none sharing one: the
// API (a fixed upstream whose payments are PENDING until settled), the server under test, the
// clients (open the connections, send the API's signed notifications, time the events) and
// this one, which starts them and reads their figures.
//
// The handler's store holds each order as paying it through the handler left it (settled on its
// pending payment, the payment linked), seeded before its connections open and not counted.
// Each round, per server: `BENCH_LIVE_PAYMENTS` connections, one per pending payment, then one
// notification after another, each timed from its POST to its event at the connection, and the
// server's CPU counted around them. Then memory: `BENCH_LIVE_CONNECTIONS` (2,000) connections
// held open at once, the server's memory (after a full collection) before and after, per
// connection. Targets (issue 38): notification → event at most 2× the relay's, and memory per
// open connection (JS heap and buffers) at most 1.5× the relay's.
import { fork } from 'node:child_process';
import { Agent, createServer, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { finish, target } from '../../../bench/report.mjs';
import { credentials, order } from './fixture.mjs';
import { ask } from './ipc.mjs';

const [role, upstreamUrl] = process.argv.slice(2);
const here = fileURLToPath(import.meta.url);

/** The payment id and API order_id of payment `k` of run `run`. */
const paymentId = (run, k) => `LIVE-${run}-${k}`;
const orderIdOf = (id) => `ORDER-${id}`;

function listen(server) {
  server.listen(0, '127.0.0.1', () =>
    process.send({ url: `http://127.0.0.1:${server.address().port}` }),
  );
}

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
  });
}

/** A GET over a keep-alive agent: the answer's text. */
function get(agent, url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      const parts = [];
      res.on('data', (c) => parts.push(c));
      res.on('end', () => resolve(Buffer.concat(parts).toString()));
    });
    req.on('error', reject);
    req.end();
  });
}

function post(agent, url, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

// Every server process answers its CPU time and its memory (after a full collection) over IPC.
if (role === 'upstream' || role === 'handler' || role === 'handler-hono' || role === 'relay')
  process.on('message', async (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send({ cpu: user + system });
    }
    if (message?.snapshot) {
      const { writeHeapSnapshot } = await import('node:v8');
      process.send({ snapshot: writeHeapSnapshot(message.snapshot) });
    }
    if (message === 'memory') {
      globalThis.gc?.();
      globalThis.gc?.();
      const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
      process.send({ memory: { rss, heap: heapUsed, external: external + arrayBuffers } });
    }
  });

/** The payment record the API has for `id` (PAID once settled). */
function record(id, settled) {
  return {
    id,
    amount: order.amount,
    currency: order.currency,
    payment_method_id: 'PX',
    payment_method_type: 'BANK_TRANSFER',
    payment_method_flow: 'DIRECT',
    country: order.country,
    created_date: '2026-11-22T00:00:00.000+0000',
    status: settled ? 'PAID' : 'PENDING',
    status_detail: settled ? 'The payment was paid.' : 'The payment is pending.',
    status_code: settled ? '200' : '100',
    order_id: `${orderIdOf(id)}.1`,
  };
}

if (role === 'upstream') {
  const settled = new Set();
  const notFound = JSON.stringify({ code: 4000, message: 'Order not found', param: 'order_id' });
  listen(
    createServer(async (req, res) => {
      await readBody(req);
      const answer = (status, body) =>
        res
          .writeHead(status, {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
          })
          .end(body);
      const settle = /^\/bench\/settle\/(.+)$/.exec(req.url);
      if (settle) {
        settled.add(settle[1]);
        return answer(200, '{}');
      }
      const payment = /^\/payments\/([^/?]+)$/.exec(req.url);
      if (req.method === 'GET' && payment)
        return answer(200, JSON.stringify(record(payment[1], settled.has(payment[1]))));
      return answer(404, notFound);
    }),
  );
} else if (role === 'handler' || role === 'handler-hono') {
  const { Hono } = await import('hono');
  const { PaymentsClient, createCheckoutHandler, MemoryStore } = await import('@paylit/server');
  const { nodeHmac, nodeTransport, serveNode } = await import('@paylit/server/node');
  const { generateCardKeyPair } = await import('@paylit/core/crypto');
  const client = new PaymentsClient({
    baseUrl: upstreamUrl,
    ...credentials,
    transport: nodeTransport(),
    hmac: nodeHmac,
    maxRetries: 0,
  });
  const store = new MemoryStore();
  // What paying the orders through this handler leaves in its store (each order settled on its
  // pending payment, the payment linked to it), as the checkout had made them: {seed: {run, payments}}.
  process.on('message', async (message) => {
    if (!message?.seed) return;
    const { run, payments } = message.seed;
    for (let k = 0; k < payments; k++) {
      const id = paymentId(run, k);
      const orderId = orderIdOf(id);
      await store.linkPayment({ paymentId: id, orderId, attempt: crypto.randomUUID() });
      await store.swapCharge(orderId, undefined, {
        state: 'settled',
        rev: crypto.randomUUID(),
        n: 1,
        attempt: crypto.randomUUID(),
        paymentId: id,
        declines: 0,
      });
    }
    process.send({ seeded: payments });
  });
  const handler = createCheckoutHandler({
    resolveOrder: async (id) =>
      id.startsWith('ORDER-') ? { ...order, id, payer: { ...order.payer } } : undefined,
    client,
    store,
    publicKey: (await generateCardKeyPair()).publicJwk,
    publicUrl: 'http://127.0.0.1/paylit',
    returnUrl: 'http://127.0.0.1/return',
    allowedOrigins: [],
    rateLimit: false,
    // The bench's shoppers all come from this machine's one address.
    live: { maxPerAddress: 100_000 },
  });
  // As the README mounts it on Node on its own: serveNode(handler), whose live route is the
  // direct Node route (direct.ts). `handler-hono`: the same handler inside a Hono app (no direct
  // route), as a merchant's own Hono app on Node runs it.
  const { url } = await serveNode(
    role === 'handler-hono' ? new Hono().route('/', handler) : handler,
  );
  process.send({ url });
} else if (role === 'relay') {
  // The floor: an SSE relay on bare node:http. A connection gets the payment as the API has it
  // now; a notification makes it read the payment again and write it to the payment's connections.
  const agent = new Agent({ keepAlive: true, maxSockets: 128 });
  const open = new Map();
  const event = (text) => `event: payment\ndata: ${text}\n\n`;
  listen(
    createServer(async (req, res) => {
      const path = req.url.split('?')[0];
      const events = /^\/payments\/([^/]+)\/events$/.exec(path);
      if (req.method === 'GET' && events) {
        const id = events[1];
        const text = await get(agent, `${upstreamUrl}/payments/${id}`);
        res.writeHead(200, {
          'Content-Type': 'text/event-stream',
          'Cache-Control': 'no-store',
        });
        res.write(event(text));
        let set = open.get(id);
        if (!set) open.set(id, (set = new Set()));
        set.add(res);
        res.on('close', () => {
          set.delete(res);
          if (set.size === 0) open.delete(id);
        });
        return;
      }
      if (req.method === 'POST' && path === '/notifications') {
        const { id } = JSON.parse(await readBody(req));
        const text = await get(agent, `${upstreamUrl}/payments/${id}`);
        const status = JSON.parse(text).status;
        for (const stream of open.get(id) ?? []) {
          stream.write(event(text));
          if (status !== 'PENDING') stream.end();
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
        return;
      }
      res.writeHead(404).end();
    }),
  );
} else if (role === 'clients') {
  // The shoppers (and the API's notifications): asked {url, run, payments, timed} → opens one
  // connection per payment and waits for each first event; with `timed`, then settles each payment
  // at the API and sends its notification, one after another, timing it to its event; answers
  // {latencies}. {close: true} ends every connection.
  const { PaymentsClient, clientSecretFor } = await import('@paylit/server');
  const { signedHeaders } = await import('@paylit/core/crypto');
  const keys = new PaymentsClient({ baseUrl: 'http://127.0.0.1', ...credentials });
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const sockets = new Set();

  /** Opens payment `id`'s connection: resolves when its first event came; `next()` waits for the next. */
  async function connect(url, id) {
    const secret = await clientSecretFor(keys, orderIdOf(id));
    return new Promise((resolve, reject) => {
      let buffer = '';
      const waiting = [];
      const req = request(`${url}/payments/${id}/events?order=${encodeURIComponent(secret)}`, {
        agent: false,
      });
      req.on('error', reject);
      req.on('response', (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`${id}: ${res.statusCode}`));
          res.resume();
          return;
        }
        sockets.add(res.socket);
        res.setEncoding('utf8');
        let first = true;
        res.on('data', (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!/^event: payment$/m.test(block)) continue;
            if (first) {
              first = false;
              resolve({ next: () => new Promise((r) => waiting.push(r)), socket: res.socket });
            } else waiting.shift()?.(block);
          }
        });
      });
      req.end();
    });
  }

  process.on('message', async (job) => {
    if (job === 'go') return; // the timed round's start, awaited below
    if (job.close) {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      process.send({ closed: true });
      return;
    }
    const { url, run, payments, timed } = job;
    const ids = Array.from({ length: payments }, (_, k) => paymentId(run, k));
    const connections = [];
    // Opened 50 at a time: a burst of 2,000 at once measures the accept queue, not the server.
    for (let i = 0; i < ids.length; i += 50)
      connections.push(...(await Promise.all(ids.slice(i, i + 50).map((id) => connect(url, id)))));
    if (!timed) return process.send({ opened: connections.length });
    process.send({ ready: true });
    await new Promise((resolve) => process.once('message', resolve));
    const latencies = [];
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k];
      await post(agent, `${upstreamUrl}/bench/settle/${id}`, '{}');
      const body = JSON.stringify(record(id, true));
      const headers = await signedHeaders({ ...credentials, body });
      const heard = connections[k].next();
      const t0 = performance.now();
      const status = await post(agent, `${url}/notifications`, body, headers);
      if (status !== 200) throw new Error(`notification ${id}: ${status}`);
      const event = await heard;
      latencies.push(performance.now() - t0);
      if (!/"status":"PAID"/.test(event)) throw new Error(`${id}: the event is not PAID: ${event}`);
      connections[k].socket.destroy();
    }
    process.send({ latencies });
  });
  process.send({ ready: true });
} else {
  // The driver.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const payments = Number(process.env.BENCH_LIVE_PAYMENTS ?? 200);
  const held = Number(process.env.BENCH_LIVE_CONNECTIONS ?? 2000);

  function child(args, execArgv = []) {
    const proc = fork(here, args, { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    return new Promise((resolve, reject) => {
      proc.once('message', (info) => resolve({ proc, ...info }));
      proc.once('error', reject);
      proc.once('exit', (code) => reject(new Error(`live.mjs ${args.join(' ')} exited ${code}`)));
    });
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

  const upstream = await child(['upstream']);
  const clients = await child(['clients', upstream.url]);
  const kinds = ['relay', 'handler', 'handler-hono'];
  const servers = {};
  for (const kind of kinds) servers[kind] = await child([kind, upstream.url], ['--expose-gc']);
  let runs = 0;

  /** One timed round on `kind`: median latency (ms) and server CPU (µs) per notification → event. */
  async function timedRound(kind) {
    const server = servers[kind];
    const ready = new Promise((resolve) => {
      const on = (m) => {
        if (m.ready) {
          clients.proc.off('message', on);
          resolve();
        }
      };
      clients.proc.on('message', on);
    });
    const run = ++runs;
    if (kind !== 'relay') await ask(server.proc, { seed: { run, payments } }, 'seeded');
    clients.proc.send({ url: server.url, run, payments, timed: true });
    await ready;
    const before = (await ask(server.proc, 'cpu', 'cpu')).cpu;
    const { latencies } = await ask(clients.proc, 'go', 'latencies');
    const cpu = ((await ask(server.proc, 'cpu', 'cpu')).cpu - before) / payments;
    return { latency: median(latencies), cpu };
  }

  /** Memory per open connection on `kind`, with `held` connections open at once. */
  async function memoryRound(kind) {
    const server = servers[kind];
    const run = ++runs;
    if (kind !== 'relay') await ask(server.proc, { seed: { run, payments: held } }, 'seeded');
    const before = (await ask(server.proc, 'memory', 'memory')).memory;
    await ask(clients.proc, { url: server.url, run, payments: held }, 'opened');
    const after = (await ask(server.proc, 'memory', 'memory')).memory;
    await ask(clients.proc, { close: true }, 'closed');
    const per = (field) => (after[field] - before[field]) / held;
    return {
      rss: per('rss'),
      heap: per('heap'),
      external: per('external'),
      retained: per('heap') + per('external'),
    };
  }

  for (const kind of kinds) await timedRound(kind); // warm
  const timed = Object.fromEntries(kinds.map((k) => [k, []]));
  for (let r = 0; r < rounds; r++)
    for (const kind of kinds) timed[kind].push(await timedRound(kind));
  const memory = Object.fromEntries(kinds.map((k) => [k, []]));
  for (let r = 0; r < Math.max(1, Math.min(rounds, 2)); r++)
    for (const kind of kinds) memory[kind].push(await memoryRound(kind));
  for (const p of [upstream, clients, ...Object.values(servers)]) p.proc.kill();

  const ratio = (field, list) =>
    median(list.handler.map((x, i) => x[field] / list.relay[i][field]));
  const kib = (bytes) => (bytes / 1024).toFixed(1);
  console.log(
    `\nlive status: a notification at the server → its event at the open connection; ${payments} payments per round, ${rounds} rounds, taking turns; memory with ${held} connections open at once; medians`,
  );
  console.log(
    'server                                         notification → event ms   CPU µs   memory per connection: RSS KiB  JS heap KiB',
  );
  const rows = [
    ['bare node:http SSE relay (re-reads the payment)', 'relay'],
    ['@paylit/server live route (serveNode(handler))', 'handler'],
    ['  the same in a Hono app (no direct route)', 'handler-hono'],
  ];
  for (const [label, kind] of rows)
    console.log(
      `${label.padEnd(48)}${median(timed[kind].map((x) => x.latency))
        .toFixed(2)
        .padStart(22)}${median(timed[kind].map((x) => x.cpu))
        .toFixed(0)
        .padStart(
          9,
        )}${kib(median(memory[kind].map((x) => x.rss))).padStart(33)}${kib(median(memory[kind].map((x) => x.heap))).padStart(13)}`,
    );
  console.log('');
  target('live: notification → event, handler / relay', ratio('latency', timed), 2, {
    unit: '×',
    note: `median of ${rounds} rounds' ratios; rounds: ${timed.handler.map((x, i) => (x.latency / timed.relay[i].latency).toFixed(2)).join(', ')}; CPU per notification ${ratio('cpu', timed).toFixed(2)}×`,
  });
  // What a connection keeps after a full collection: JS heap and buffers. Not RSS: the handler's
  // heap has grown already (its store seeded, its rounds run), so 2,000 connections fit in the
  // pages it holds, and its RSS moved by about nothing (even less than nothing, -0.1 KiB, once),
  // while the relay's small heap grows for them: a ratio of RSS compared the heaps' sizes before
  // the connections, not what each connection costs.
  target(
    'live: memory per open connection (JS heap and buffers), handler / relay',
    ratio('retained', memory),
    1.5,
    {
      unit: '×',
      note: `${held} connections; ${kib(median(memory.handler.map((x) => x.retained)))} KiB against ${kib(median(memory.relay.map((x) => x.retained)))} KiB; RSS ${ratio('rss', memory).toFixed(2)}× (information: see above)`,
    },
  );
  finish();
}
