// `node bench/steps.mjs` (after `npm run build`): where a first card payment after its order's
// checkout view spends its CPU and its allocations inside the server, without sockets. CPU is
// process.cpuUsage (user + system); bytes allocated are the heap used before and after plus what
// the collections in between freed; each figure is the median of 5 loops of 1,000 (after 3,000
// to warm up), everything in this one process, the inputs the bench's (fixture.mjs, load.mjs).
//
// 1. The whole route, POST /payments through `toNodeListener` (the direct Node route, every
//    layer), handed a Node request and response over a socket that drops what is written, the
//    API a stub answering at once: paylit's own work per payment, which `forward.mjs` cannot
//    tell apart from Node's sockets and the other processes. Then its phases (phases.mjs's) from
//    a CPU profile of such a loop, the shares applied to the unprofiled figure.
// 2. Each step of it alone, called as the route calls it: what a step costs when it is hot.
// `forward.mjs` measures the whole, sockets and all, against the floor.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Session } from 'node:inspector/promises';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Duplex } from 'node:stream';
import { GCProfiler } from 'node:v8';
import { createHmac, randomUUID } from 'node:crypto';
import {
  MemoryStore,
  PaymentsClient,
  clientSecretFor,
  createCheckoutHandler,
} from '@paylit/server';
import { nodeHmac, toNodeListener } from '@paylit/server/node';
import { submissionSchema } from '@paylit/core/checkout';
import { paymentRecordSchema, paymentRequestSchema, safeParse } from '@paylit/core/schemas';
import { quoteUnsafeNumbers } from '@paylit/core/body';
import { generateCardKeyPair, signedHeadersSync } from '@paylit/core/crypto';
import { compiled } from '../dist/compiled.js';
import { loadOrder } from '../dist/context.js';
import { orderOfClientSecret, rememberedOrderOf } from '../dist/client-secret.js';
import { payerOfSubmission } from '../dist/payer.js';
import { paymentRequest, riskSignals } from '../dist/routes/payments.js';
import { publicPayment, nextActionFor } from '../dist/routes/public-payment.js';
import { chargeOnce } from '../dist/charges.js';
import { declineLimit } from '../dist/middleware/decline-limit.js';
import { addressBucket, clientAddressResolver } from '../dist/middleware/client-address.js';
import { credentials, order as fixtureOrder, notFound, record } from './fixture.mjs';
import { phases } from './phases.mjs';

const N = Number(process.env.STEPS_N ?? 1000);
const WARM = 3 * N;

const jwe =
  'eyJhbGciOiJSU0EtT0FFUC0yNTYiLCJlbmMiOiJBMjU2R0NNIn0.a2V5a2V5a2V5.aXZpdml2.Y2lwaGVydGV4dA.dGFndGFn';

const methods = JSON.stringify([
  { id: 'CARD', type: 'CARD', name: 'Card', allowed_flows: ['DIRECT'] },
]);
/** The API as the bench's upstream answers it (servers.mjs), at once. */
const transport = async ({ method, url }) =>
  method === 'GET' && url.includes('/orders/')
    ? { status: 404, headers: {}, text: notFound }
    : url.includes('/payments-methods')
      ? { status: 200, headers: {}, text: methods }
      : { status: 200, headers: {}, text: record };
const client = new PaymentsClient({
  baseUrl: 'http://127.0.0.1:9',
  ...credentials,
  transport,
  hmac: nodeHmac,
  maxRetries: 0,
});
const store = new MemoryStore();
const dbOrder = (id) => ({
  id,
  amount: fixtureOrder.amount,
  currency: fixtureOrder.currency,
  country: fixtureOrder.country,
  payer: { ...fixtureOrder.payer },
  intent: 'capture',
  installments: true,
});
const ctx = {
  client,
  store,
  publicUrl: 'http://127.0.0.1/paylit',
  resolveOrder: async (id) => dbOrder(id),
  ordersInStore: false,
  logError: () => {},
  clientAddress: () => '198.51.100.7',
  charge: { inFlightMs: 60_000, outcomeWindowMs: 60_000, pollMs: 50 },
};
const headers = { 'x-forwarded-for': '198.51.100.7', 'content-type': 'application/json' };
const c = { req: { header: (name) => headers[name.toLowerCase()] } };

// Inputs, made once: a secret already verified (the view's), a body, the parsed submission…
const secret = await clientSecretFor(client, 'BENCH-1-1');
await orderOfClientSecret(client, secret);
const bodyText = JSON.stringify({
  order: secret,
  attempt: randomUUID(),
  method: {
    type: 'card',
    encryptedData: jwe,
    holderName: 'Thiago Gabriel',
    expirationMonth: 10,
    expirationYear: 2040,
  },
});
const body = JSON.parse(bodyText);
const submission = safeParse(compiled(submissionSchema), body).data;
const order = await loadOrder(ctx, 'BENCH-1-1');
const { collected, payer } = payerOfSubmission(
  order,
  'card',
  undefined,
  undefined,
  'Thiago Gabriel',
);
const signals = riskSignals(ctx, c);
const request = paymentRequest(ctx, order, submission, 1, { payer, signals });
const requestText = JSON.stringify(request);
const parsedRecord = safeParse(compiled(paymentRecordSchema), JSON.parse(record)).data;
const answer = { payment: publicPayment(parsedRecord, order.id, Date.now()), nextAction: null };

let orders = 0;
const resolveAddress = clientAddressResolver(1);
const limitStore = new MemoryStore();
const limit = declineLimit({
  store: limitStore,
  windowMs: 60 * 60_000,
  max: 10,
  address: () => resolveAddress('127.0.0.1', '198.51.100.7'),
  orderOf: (reference) => rememberedOrderOf(client, reference),
  inFlightMs: 60_000,
  pollMs: 50,
});
/** A context as the decline limit reads it: the body parsed before, the route's answer set. */
function limitContext() {
  const vars = new Map([['paylitJson', { value: body }]]);
  return {
    req: { method: 'POST', header: (name) => headers[name.toLowerCase()] },
    get: (k) => vars.get(k),
    set: (k, v) => vars.set(k, v),
    header: () => {},
    res: { status: 200 },
  };
}
const routeDone = (cx) => () => {
  cx.set('paylitPaymentAnswer', answer);
  return Promise.resolve();
};
const views = [];
const viewed = new Map();
const steps = [
  ['request id (randomUUID)', () => randomUUID()],
  ['body: JSON.parse (+ quoteUnsafeNumbers)', () => JSON.parse(quoteUnsafeNumbers(bodyText))],
  ['submission: compiled zod parse', () => safeParse(compiled(submissionSchema), body)],
  ['client secret: remembered (the view verified it)', () => rememberedOrderOf(client, secret)],
  ['client secret: verified by HMAC (no view)', () => client.clientSecretDigest('BENCH-1-1')],
  [
    'client address (X-Forwarded-For, 1 proxy) + bucket',
    () => addressBucket(resolveAddress('127.0.0.1', '198.51.100.7')),
  ],
  [
    'decline limit: reserve + give back (store, the route stubbed)',
    () => {
      const cx = limitContext();
      return limit(cx, routeDone(cx));
    },
  ],
  ['order: resolveOrder + compiled zod parse', () => loadOrder(ctx, 'BENCH-1-1')],
  ['store: getCharge (unknown order)', () => store.getCharge(`o-${++orders}`)],
  [
    'payer: payerOfSubmission (country rules)',
    () => payerOfSubmission(order, 'card', undefined, undefined, 'Thiago Gabriel'),
  ],
  ['risk signals (address, UA, locale)', () => riskSignals(ctx, c)],
  ['payment request built', () => paymentRequest(ctx, order, submission, 1, { payer, signals })],
  [
    'payment request validated (compiled zod; skipped: validate:false)',
    () => safeParse(compiled(paymentRequestSchema), request),
  ],
  [
    'idempotency key (JSON.stringify + HMAC)',
    () =>
      client.idempotencyKeyFor(
        order.id,
        submission.attempt,
        '1',
        JSON.stringify([request.payer, signals, '']),
      ),
  ],
  [
    'client.payments.create, transport stubbed (sign, send, parse answer)',
    () => client.payments.create(request, { idempotencyKey: 'pl0123', validate: false }),
  ],
  ['  in create: request body JSON.stringify', () => JSON.stringify(request)],
  [
    '  in create: signing, signedHeadersSync (X-Date, HMAC, headers)',
    () => signedHeadersSync({ ...credentials, body: requestText, hmac: nodeHmac.text }),
  ],
  ['    of which the bare HMAC', () => createHmac('sha256', 'k').update(requestText).digest('hex')],
  [
    '  in create: answer JSON.parse + compiled zod of the record',
    () => safeParse(compiled(paymentRecordSchema), JSON.parse(record)),
  ],
  [
    'charge: chargeOnce store work (create stubbed)',
    () => {
      const id = views.pop();
      return chargeOnce(ctx, id, 'a1', () => Promise.resolve(parsedRecord), {
        payer: collected,
        known: viewed.get(id),
      });
    },
    // What the view left: the order open at number 1 (its lookup at the API answered 404).
    async (n) => {
      for (let i = 0; i < n; i++) {
        const id = `c-${++orders}`;
        const state = { state: 'open', rev: randomUUID(), n: 1, declines: 0 };
        await store.swapCharge(id, undefined, state);
        viewed.set(id, state);
        views.push(id);
      }
    },
  ],
  [
    'answer built: publicPayment + nextActionFor',
    () => [
      publicPayment(parsedRecord, order.id, Date.now()),
      nextActionFor(parsedRecord, undefined),
    ],
  ],
  ['answer: JSON.stringify', () => JSON.stringify(answer)],
];

async function measure(fn, n) {
  const profiler = new GCProfiler();
  profiler.start();
  const heap = process.memoryUsage().heapUsed;
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const r = fn();
    if (r instanceof Promise) await r;
  }
  const used = process.cpuUsage(cpu);
  const after = process.memoryUsage().heapUsed;
  const { statistics } = profiler.stop();
  const freed = statistics.reduce(
    (sum, gc) =>
      sum + gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize,
    0,
  );
  return { us: (used.user + used.system) / n, bytes: (after - heap + freed) / n };
}

// ---- 1. The whole route, in this process.
const handler = createCheckoutHandler({
  resolveOrder: async (id) => (id.startsWith('BENCH-') ? dbOrder(id) : undefined),
  client,
  store: new MemoryStore(),
  publicKey: (await generateCardKeyPair()).publicJwk,
  publicUrl: 'http://127.0.0.1/paylit',
  returnUrl: 'http://127.0.0.1/return',
  allowedOrigins: [],
  rateLimit: false,
  trustProxy: 1,
});
const listener = toNodeListener(handler);
/** A socket that takes whatever is written and drops it. */
class Sink extends Duplex {
  _read() {}
  _write(_chunk, _encoding, done) {
    done();
  }
  _writev(_chunks, done) {
    done();
  }
}
/** One request through the listener, as node:http would hand it over (HTTP/1.1, through one proxy). */
function call(method, url, text) {
  const socket = new Sink();
  socket.remoteAddress = '127.0.0.1';
  const req = new IncomingMessage(socket);
  req.method = method;
  req.url = url;
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.httpVersion = '1.1';
  const raw = ['Host', '127.0.0.1', 'X-Forwarded-For', '198.51.100.7', 'Connection', 'keep-alive'];
  if (text !== undefined)
    raw.push('Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(text)));
  req.rawHeaders = raw;
  req.headers = {};
  for (let i = 0; i < raw.length; i += 2) req.headers[raw[i].toLowerCase()] = raw[i + 1];
  if (text !== undefined) req.push(Buffer.from(text));
  req.push(null);
  req.complete = true;
  const res = new ServerResponse(req);
  res.assignSocket(socket);
  return new Promise((resolve, reject) => {
    res.on('finish', () => resolve(res.statusCode));
    Promise.resolve(listener(req, res)).catch(reject);
  });
}
let bought = 0;
/** `n` new orders' submissions, each order's checkout view loaded first (`viewed`) or not. */
async function submissions(n, viewed) {
  const bodies = [];
  for (let i = 0; i < n; i++) {
    const secret = await clientSecretFor(client, `BENCH-steps-${++bought}`);
    if (viewed) {
      const status = await call('GET', `/checkout?order=${encodeURIComponent(secret)}`);
      if (status !== 200) throw new Error(`a checkout view answered ${status}`);
    }
    bodies.push(
      JSON.stringify({
        order: secret,
        attempt: randomUUID(),
        method: {
          type: 'card',
          encryptedData: jwe,
          holderName: 'Thiago Gabriel',
          expirationMonth: 10,
          expirationYear: 2040,
        },
      }),
    );
  }
  return bodies;
}
const pays = (bodies) => {
  let i = 0;
  return async () => {
    const status = await call('POST', '/payments', bodies[i++]);
    if (status !== 200) throw new Error(`a payment answered ${status}`);
  };
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
async function routeFigures(viewed) {
  await measure(pays(await submissions(WARM, viewed)), WARM);
  const runs = [];
  for (let i = 0; i < 5; i++) runs.push(await measure(pays(await submissions(N, viewed)), N));
  return { us: median(runs.map((r) => r.us)), bytes: median(runs.map((r) => r.bytes)) };
}
const afterView = await routeFigures(true);
const noView = await routeFigures(false);
console.log(
  `POST /payments whole, in this process (no sockets, the API a stub), medians of 5 loops of ${N}`,
);
console.log(`${''.padEnd(68)}   µs/call  bytes/call`);
for (const [label, r] of [
  ["a first payment after its checkout view (the browser's path)", afterView],
  ['a first payment without a view (the API asked about the order)', noView],
])
  console.log(
    `${label.padEnd(68)}${r.us.toFixed(1).padStart(10)}${r.bytes.toFixed(0).padStart(12)}`,
  );

const dir = mkdtempSync(join(tmpdir(), 'paylit-steps-'));
const file = join(dir, 'route.cpuprofile');
const bodies = await submissions(5 * N, true);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 50 });
await session.post('Profiler.start');
await measure(pays(bodies), bodies.length);
const { profile } = await session.post('Profiler.stop');
session.disconnect();
writeFileSync(file, JSON.stringify(profile));
console.log(
  `\nits phases after a view (shares of a CPU profile of ${bodies.length} such payments, applied to ${afterView.us.toFixed(1)} µs)`,
);
for (const [phase, share] of phases(file))
  console.log(
    `  ${phase.padEnd(66)}${(share * afterView.us).toFixed(1).padStart(10)}  ${(share * 100).toFixed(1).padStart(5)} %`,
  );
rmSync(dir, { recursive: true, force: true });

// ---- 2. Each step alone.
console.log(
  `\nthe steps of a payment after a view, each alone in a loop of ${N} (medians of 5 loops)`,
);
console.log(`${'step'.padEnd(68)}   µs/call  bytes/call`);
let sumUs = 0;
let sumBytes = 0;
for (const [name, fn, prepare] of steps) {
  await prepare?.(WARM);
  await measure(fn, WARM);
  const runs = [];
  for (let i = 0; i < 5; i++) {
    await prepare?.(N);
    runs.push(await measure(fn, N));
  }
  const med = (k) => runs.map((r) => r[k]).sort((a, b) => a - b)[2];
  const us = med('us');
  const bytes = med('bytes');
  if (!name.startsWith(' ') && !name.includes('no view') && !name.includes('skipped')) {
    sumUs += us;
    sumBytes += bytes;
  }
  console.log(`${name.padEnd(68)}${us.toFixed(1).padStart(10)}${bytes.toFixed(0).padStart(12)}`);
}
console.log(
  `${'sum of the steps a payment after a view runs (indented: parts of one above)'.padEnd(68)}${sumUs.toFixed(1).padStart(10)}${sumBytes.toFixed(0).padStart(12)}`,
);
