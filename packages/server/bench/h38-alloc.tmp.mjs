// temp: in-process allocation profile of payments after views
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { credentials, order } from './fixture.mjs';
const up = fork(new URL('./servers.mjs', import.meta.url).pathname, ['upstream'], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const upstream = await new Promise((r) => up.once('message', (m) => r(m.url)));
const { Hono } = await import('hono');
const { PaymentsClient, createCheckoutHandler, MemoryStore, clientSecretFor } =
  await import('@paylit/server');
const { nodeHmac, nodeTransport, serveNode } = await import('@paylit/server/node');
const { generateCardKeyPair } = await import('@paylit/core/crypto');
const client = new PaymentsClient({
  baseUrl: upstream,
  ...credentials,
  transport: nodeTransport(),
  hmac: nodeHmac,
  maxRetries: 0,
});
const handler = createCheckoutHandler({
  resolveOrder: async (id) =>
    id.startsWith('BENCH-')
      ? { ...order, id, payer: { ...order.payer }, intent: 'capture', installments: true }
      : undefined,
  client,
  store: new MemoryStore(),
  publicKey: (await generateCardKeyPair()).publicJwk,
  publicUrl: 'http://127.0.0.1/paylit',
  returnUrl: 'http://127.0.0.1/return',
  allowedOrigins: [],
  rateLimit: false,
  trustProxy: 1,
});
const app = process.env.DIRECT ? handler : new Hono().route('/', handler);
const { url, close } = await serveNode(app);
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const send = (method, path, body) =>
  new Promise((resolve, reject) => {
    const req = request(
      url + path,
      {
        method,
        agent,
        headers: {
          'X-Forwarded-For': '198.51.100.7',
          ...(body
            ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }
            : {}),
        },
      },
      (res) => {
        const p = [];
        res.on('data', (c) => p.push(c));
        res.on('end', () => resolve([res.statusCode, Buffer.concat(p).toString()]));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
const jwe =
  'eyJhbGciOiJSU0EtT0FFUC0yNTYiLCJlbmMiOiJBMjU2R0NNIn0.a2V5a2V5a2V5.aXZpdml2.Y2lwaGVydGV4dA.dGFndGFn';
const N = Number(process.env.N ?? 2000);
const secrets = [];
for (let i = 0; i < N + 200; i++) {
  const s = await clientSecretFor(client, `BENCH-a-${i}`);
  secrets.push(s);
  const [st] = await send('GET', `/checkout?order=${encodeURIComponent(s)}`);
  if (st !== 200) throw new Error('view ' + st);
}
const body = (s) =>
  JSON.stringify({
    order: s,
    attempt: crypto.randomUUID(),
    method: {
      type: 'card',
      encryptedData: jwe,
      holderName: 'Thiago Gabriel',
      expirationMonth: 10,
      expirationYear: 2040,
    },
  });
for (let i = 0; i < 200; i++) {
  const [st, t] = await send('POST', '/payments', body(secrets[i]));
  if (st !== 200) throw new Error(t);
}
const bodies = secrets.slice(200).map(body);
const session = new Session();
session.connect();
if (process.env.HEAP) {
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
} else {
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  await session.post('Profiler.start');
}
const t0 = process.cpuUsage();
await Promise.all(
  Array.from({ length: 8 }, async (_, w) => {
    for (let i = w; i < N; i += 8) {
      const [st, t] = await send('POST', '/payments', bodies[i]);
      if (st !== 200) throw new Error(t);
    }
  }),
);
const cpu = process.cpuUsage(t0);
if (process.env.HEAP) {
  const { profile } = await session.post('HeapProfiler.stopSampling');
  writeFileSync('/tmp/h38/alloc.heapprofile', JSON.stringify(profile));
} else {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync('/tmp/h38/inproc.cpuprofile', JSON.stringify(profile));
}
console.log(
  `in-process (client + server) CPU µs per payment: ${((cpu.user + cpu.system) / N).toFixed(0)}`,
);
await close();
up.kill();
agent.destroy();
process.exit(0);
