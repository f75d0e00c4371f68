// The processes of the forwarding benchmark; `node servers.mjs <kind> [upstream]` prints {url} over IPC.
//   upstream  a fixed-JSON payment record, as the API would answer (404 to GET /orders/…: an
//             order it has never seen, which the handler asks once per new order, at its checkout
//             view or before its first payment; and the card alone to GET /payments-methods)
//   handler   @paylit/server's checkout handler: validate, resolve the order, sign, forward (nodeTransport);
//             served as serveNode(handler), POST /payments on the direct Node route
//   handler-hono  the same handler mounted in a Hono app, every route through Hono (the fetch path)
//   floor     bare node:http: parse, build, sign with node:crypto, forward over a keep-alive http.Agent
//   floor-fair  the floor with what a forwarder in front of shoppers must do and the floor skips:
//             the body bounded, its type and fields checked, the order read, a deadline on the
//             upstream call and its failure answered, the answer bounded, parsed and cut to what
//             the browser may see (the floor sends the API's whole record back, payer and all)
//   express   what merchants write by hand: express.json() + node:crypto + axios
//   hono-forward  the floor's work on Hono: what the framework costs before paylit does anything
//   handler-old   the checkout handler of an older build, for scale: BENCH_OLD_SERVER names its
//             packages/server directory (built, with its own core beside it), e.g. commit b7a041f's
import { createHmac, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';
import { credentials, notFound, order, record } from './fixture.mjs';

const [kind, upstream] = process.argv.slice(2);
// Exit cleanly on SIGINT or when asked, so a --cpu-prof run writes its profile.
process.on('SIGINT', () => process.exit(0));
// BENCH_CPU=1: report this process's CPU time when it is stopped, to compare servers per request.
if (process.env.BENCH_CPU)
  process.on('SIGTERM', () => {
    const { user, system } = process.cpuUsage();
    console.error(`${process.argv[2]} cpu ${((user + system) / 1000).toFixed(0)} ms`);
    process.exit(0);
  });

// The bench asks for this process's CPU time around each measured run: CPU per request is
// steadier than requests per second when the load, the upstream and the server share 2 cores.
process.on('message', async (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send({ cpu: user + system, threads: threadTimes() });
  }
  if (message === 'stop') process.exit(0);
  // A CPU profile of a stretch of steady work only (not start-up, not the views before the
  // payments), written to `message.path`: {profile: 'start'}, then {profile: 'stop', path}.
  if (message?.profile === 'start') {
    profiler ??= new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
    await profiler.post('Profiler.start');
    process.send({ profiling: true });
  }
  // Promises made while counting ({promises: 'start'}, then {promises: 'stop'}): each is at
  // least one microtask hop; the count per request is steadier than any timing.
  if (message?.promises === 'start') {
    const { createHook } = await import('node:async_hooks');
    promises = 0;
    promiseHook ??= createHook({
      init: (_id, type) => {
        if (type === 'PROMISE') promises++;
      },
    });
    promiseHook.enable();
    process.send({ counting: true });
  }
  if (message?.promises === 'stop') {
    promiseHook.disable();
    process.send({ promises });
  }
  if (message?.profile === 'stop') {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(message.path, JSON.stringify(profile));
    profiler.disconnect();
    process.send({ profiled: message.path });
  }
});
let profiler;
let promiseHook;
let promises = 0;

/**
 * This process's CPU time by thread, in µs, where Linux tells it (/proc; else undefined): the
 * main thread's user and system (syscalls: the sockets' reads and writes) time, and the other
 * threads' (V8's: parallel and concurrent GC, concurrent compilation; libuv's pool). A CPU
 * profile samples the main thread by the clock, so a syscall during which the process waits
 * for a core (a loopback write wakes its peer) is counted there as if it were CPU: these are
 * the kernel's own counts. /proc counts in ticks of 10 ms: read over a run, not a request.
 */
function threadTimes() {
  const tick = 10_000;
  const times = { mainUser: 0, mainSystem: 0, others: 0 };
  let tasks;
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return undefined;
  }
  for (const task of tasks) {
    let stat;
    try {
      stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    } catch {
      continue; // a thread that ended meanwhile
    }
    // After the command's name in parentheses: state, then utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [user, system] = [Number(fields[11]) * tick, Number(fields[12]) * tick];
    if (task === String(process.pid)) {
      times.mainUser += user;
      times.mainSystem += system;
    } else times.others += user + system;
  }
  return times;
}

function listen(server) {
  server.listen(0, '127.0.0.1', () =>
    process.send({ url: `http://127.0.0.1:${server.address().port}` }),
  );
}

/** The payment request every server builds from a submission and the trusted order. */
function paymentRequest(submission) {
  return {
    amount: order.amount,
    currency: order.currency,
    country: order.country,
    payer: order.payer,
    order_id: `${submission.order}.${submission.attempt}`,
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    notification_url: 'http://127.0.0.1/paylit/notifications',
    callback_url: 'http://127.0.0.1/paylit/callback',
    card: {
      holder_name: submission.method.holderName,
      expiration_month: submission.method.expirationMonth,
      expiration_year: submission.method.expirationYear,
      encrypted_data: submission.method.encryptedData,
      capture: true,
    },
  };
}

function signedHeaders(body) {
  const date = new Date().toISOString();
  const signature = createHmac('sha256', credentials.secretKey)
    .update(credentials.login + date + body)
    .digest('hex');
  return {
    'X-Date': date,
    'X-Login': credentials.login,
    'X-Trans-Key': credentials.transKey,
    'Content-Type': 'application/json',
    'X-Version': '2.1',
    'User-Agent': 'bench',
    Authorization: `V2-HMAC-SHA256, Signature: ${signature}`,
    'X-Idempotency-Key': randomUUID(),
    'Content-Length': Buffer.byteLength(body),
  };
}

if (kind === 'upstream') {
  // The country's methods, which the checkout view lists (asked once, then cached by the handler).
  const methods = JSON.stringify([
    { id: 'CARD', type: 'CARD', name: 'Card', allowed_flows: ['DIRECT'] },
  ]);
  listen(
    createServer((req, res) => {
      req.resume();
      const [status, body] =
        req.method === 'GET' && req.url.startsWith('/orders/')
          ? [404, notFound]
          : req.method === 'GET' && req.url.startsWith('/payments-methods')
            ? [200, methods]
            : [200, record];
      req.on('end', () =>
        res
          .writeHead(status, {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
          })
          .end(body),
      );
    }),
  );
} else if (kind === 'floor') {
  const agent = new Agent({ keepAlive: true, maxSockets: 128 });
  const target = new URL('/secure_payments', upstream);
  listen(
    createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.stringify(paymentRequest(JSON.parse(Buffer.concat(chunks).toString())));
        const out = request(
          target,
          { method: 'POST', headers: signedHeaders(body), agent },
          (up) => {
            const parts = [];
            up.on('data', (c) => parts.push(c));
            up.on('end', () =>
              res
                .writeHead(up.statusCode, { 'Content-Type': 'application/json' })
                .end(Buffer.concat(parts)),
            );
          },
        );
        out.end(body);
      });
    }),
  );
} else if (kind === 'floor-fair') {
  // The floor, with what any forwarder put in front of shoppers must do and the floor skips:
  // the body bounded as it arrives and refused when it is no JSON or lacks its fields, the
  // merchant's order read (as the handler's bench reads it: a new object from an async lookup),
  // a deadline on the upstream call and its failure answered (the floor has no 'error'
  // listener: an upstream that resets ends its process), the answer bounded, parsed, and only
  // what the browser may see sent back (the API's record carries the payer and the card holder).
  const agent = new Agent({ keepAlive: true, maxSockets: 128 });
  const target = new URL('/secure_payments', upstream);
  const MAX_BODY = 64 * 1024;
  const MAX_ANSWER = 8 * 1024 * 1024;
  const lookup = async (id) => ({
    id,
    amount: order.amount,
    currency: order.currency,
    country: order.country,
    payer: { ...order.payer },
  });
  const fail = (res, status) => {
    if (res.headersSent) return;
    const body = JSON.stringify({ error: { status } });
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
  };
  listen(
    createServer((req, res) => {
      if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
        req.resume();
        return fail(res, 415);
      }
      const chunks = [];
      let size = 0;
      req.on('data', (c) => {
        size += c.length;
        if (size > MAX_BODY) req.destroy();
        else chunks.push(c);
      });
      req.on('end', () => {
        let s;
        try {
          s = JSON.parse(Buffer.concat(chunks).toString());
        } catch {
          return fail(res, 400);
        }
        const m = s?.method;
        if (
          typeof s?.order !== 'string' ||
          typeof s.attempt !== 'string' ||
          typeof m?.encryptedData !== 'string' ||
          typeof m.holderName !== 'string' ||
          !Number.isInteger(m.expirationMonth) ||
          !Number.isInteger(m.expirationYear)
        )
          return fail(res, 400);
        lookup(s.order).then((o) => {
          const built = paymentRequest(s);
          built.amount = o.amount;
          built.payer = o.payer;
          const body = JSON.stringify(built);
          const timer = setTimeout(() => out.destroy(new Error('timeout')), 10_000);
          const out = request(
            target,
            { method: 'POST', headers: signedHeaders(body), agent },
            (up) => {
              const parts = [];
              let read = 0;
              up.on('data', (c) => {
                read += c.length;
                if (read > MAX_ANSWER) out.destroy(new Error('too large'));
                else parts.push(c);
              });
              up.on('end', () => {
                clearTimeout(timer);
                let r;
                try {
                  r = JSON.parse(Buffer.concat(parts).toString());
                } catch {
                  return fail(res, 502);
                }
                if (up.statusCode !== 200 || typeof r?.id !== 'string') return fail(res, 502);
                const answer = JSON.stringify({
                  payment: {
                    id: r.id,
                    status: r.status,
                    status_detail: r.status_detail,
                    amount: r.amount,
                    currency: r.currency,
                    card: r.card && { brand: r.card.brand, last4: r.card.last4 },
                  },
                });
                res.writeHead(200, { 'Content-Type': 'application/json' }).end(answer);
              });
            },
          );
          out.on('error', () => {
            clearTimeout(timer);
            fail(res, 502);
          });
          out.end(body);
        });
      });
    }),
  );
} else if (kind === 'express') {
  const { default: express } = await import('express');
  const { default: axios } = await import('axios');
  const app = express();
  app.use(express.json());
  app.post('/payments', async (req, res) => {
    const body = JSON.stringify(paymentRequest(req.body));
    const answer = await axios.post(`${upstream}/secure_payments`, body, {
      headers: signedHeaders(body),
    });
    res.json(answer.data);
  });
  const server = app.listen(0, '127.0.0.1', () =>
    process.send({ url: `http://127.0.0.1:${server.address().port}` }),
  );
} else if (kind === 'handler' || kind === 'handler-hono') {
  await serveHandler(
    await import('@paylit/server'),
    await import('@paylit/server/node'),
    await import('@paylit/core/crypto'),
  );
}

// An older build's handler, set up as today's: BENCH_OLD_SERVER names its packages/server, its
// core beside it (orders named by id in a build from before client secrets).
if (kind === 'handler-old') {
  const root = pathToFileURL(`${process.env.BENCH_OLD_SERVER.replace(/\/+$/, '')}/`);
  const from = (path) => import(new URL(path, root).href);
  await serveHandler(
    await from('dist/index.js'),
    await from('dist/adapters/node.js'),
    await from('../core/dist/crypto/index.js'),
  );
}

/** The checkout handler of a build (its server, Node adapter and core crypto modules), served. */
async function serveHandler(server, node, crypto) {
  const { Hono } = await import('hono');
  const { PaymentsClient, createCheckoutHandler, MemoryStore, clientSecretFor } = server;
  const { nodeHmac, nodeTransport, serveNode } = node;
  const client = new PaymentsClient({
    baseUrl: upstream,
    ...credentials,
    transport: nodeTransport(),
    hmac: nodeHmac,
    maxRetries: 0,
  });
  const handler = createCheckoutHandler({
    // The merchant's order lookup, as a database read gives it: a new object each time, for
    // each of the load's orders (one charge per order, so every request creates a payment),
    // its fields named as a row's are. Not a spread of the fixture with keys it lacks
    // (intent, installments): V8 (Node 20) gives each such object a hidden class of its own,
    // which made every read of the order (its check by the schema above all) megamorphic:
    // 5 µs to build it and about 20 µs more to check it than an object a driver or
    // JSON.parse gives (bench/zod microbenchmark, 2026-11-29).
    resolveOrder: async (id) =>
      id.startsWith('BENCH-')
        ? {
            id,
            amount: order.amount,
            currency: order.currency,
            country: order.country,
            payer: { ...order.payer },
            intent: 'capture',
            installments: true,
          }
        : undefined,
    client,
    store: new MemoryStore(),
    publicKey: (await crypto.generateCardKeyPair()).publicJwk,
    publicUrl: 'http://127.0.0.1/paylit',
    returnUrl: 'http://127.0.0.1/return',
    allowedOrigins: [],
    rateLimit: false,
    // The load's shoppers come through one proxy (load.mjs): each is counted by its own address
    // (a build that does not know the option ignores it).
    trustProxy: 1,
  });
  // As the README mounts it on Node on its own: serveNode(handler), whose POST /payments is the
  // direct Node route. `handler-hono`: the same handler inside a Hono app (no direct route), as
  // a fetch runtime or the merchant's own Hono app runs it.
  const { url } = await serveNode(
    kind === 'handler-hono' ? new Hono().route('/', handler) : handler,
  );
  // A build from before client secrets takes the order's id.
  process.send({ url, ordersById: typeof clientSecretFor !== 'function' });
}

// The framework's share: the same forwarding as the floor, on Hono and @hono/node-server.
if (kind === 'hono-forward') {
  const { Hono } = await import('hono');
  const { nodeTransport, serveNode } = await import('@paylit/server/node');
  const transport = nodeTransport();
  const app = new Hono();
  app.post('/payments', async (c) => {
    const body = JSON.stringify(paymentRequest(JSON.parse(await c.req.text())));
    const res = await transport({
      method: 'POST',
      url: `${upstream}/secure_payments`,
      headers: signedHeaders(body),
      body,
      timeoutMs: 10_000,
    });
    return c.body(res.text, 200, { 'Content-Type': 'application/json' });
  });
  const { url } = await serveNode(app);
  process.send({ url });
}
