// npm run bench (server part): requests per second and p99 of signing and forwarding a create-payment
// to a fixed upstream, for the checkout handler and, in the same run, the floor (bare node:http with
// node:crypto and a keep-alive agent) and express + axios. Each server runs in its own process.
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const script = fileURLToPath(new URL('./servers.mjs', import.meta.url));

function start(kind, upstream) {
  const child = fork(script, [kind, ...(upstream ? [upstream] : [])], { execArgv: (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', ({ url }) => resolve({ child, url }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${kind} exited ${code}`)));
  });
}

const jwe = 'eyJhbGciOiJSU0EtT0FFUC0yNTYiLCJlbmMiOiJBMjU2R0NNIn0.a2V5a2V5a2V5.aXZpdml2.Y2lwaGVydGV4dA.dGFndGFn';
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });

function post(url, body) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function load(url) {
  const latencies = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const body = JSON.stringify({ order: 'BENCH-1', attempt: crypto.randomUUID(), method: { type: 'card', encryptedData: jwe, holderName: 'Thiago Gabriel', expirationMonth: 10, expirationYear: 2040 } });
      const t0 = performance.now();
      const status = await post(`${url}/payments`, body);
      latencies.push(performance.now() - t0);
      if (status !== 200) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: Math.round(latencies.length / elapsed), p99: latencies[Math.floor(0.99 * latencies.length)].toFixed(2), requests: latencies.length, errors };
}

/** The child's CPU time in microseconds. */
function cpu(child) {
  return new Promise((resolve) => {
    child.once('message', ({ cpu: used }) => resolve(used));
    child.send('cpu');
  });
}

const upstream = await start('upstream');
const results = {};
for (const kind of (process.env.BENCH_KINDS ?? 'floor,hono-forward,handler,express').split(',')) {
  const server = await start(kind, upstream.url);
  await load(server.url); // warm-up
  const before = await cpu(server.child);
  results[kind] = await load(server.url);
  results[kind].cpuPerRequest = ((await cpu(server.child)) - before) / results[kind].requests;
  server.child.kill();
}
upstream.child.kill();

if (!results.floor || !results.handler || !results.express) {
  for (const [kind, r] of Object.entries(results)) console.log(kind.padEnd(20), r.rps, 'req/s, p99', r.p99, 'ms,', r.cpuPerRequest.toFixed(0), 'CPU µs/req');
  process.exit(0);
}
console.log(`\nforward a create-payment to a fixed upstream, ${concurrency} concurrent clients, ${seconds} s each, same run`);
console.log('server                                                   req/s   p99 ms  requests  errors  CPU µs/req');
const rows = [
  ['floor: node:http + node:crypto + keep-alive http.Agent', results.floor],
  ...(results['hono-forward'] ? [['the floor\'s work on Hono (framework cost)', results['hono-forward']]] : []),
  ['@paylit/server checkout handler', results.handler],
  ['express + axios (by hand)', results.express],
];
for (const [label, r] of rows) console.log(`${label.padEnd(56)}${String(r.rps).padStart(6)}${r.p99.padStart(9)}${String(r.requests).padStart(10)}${String(r.errors).padStart(8)}${r.cpuPerRequest.toFixed(0).padStart(12)}`);
const vsFloor = results.handler.rps / results.floor.rps;
const vsExpress = results.handler.rps / results.express.rps;
console.log(`handler / floor: ${vsFloor.toFixed(2)} (target 0.8)   handler / express+axios: ${vsExpress.toFixed(2)} (target 5)   floor / express+axios: ${(results.floor.rps / results.express.rps).toFixed(2)}`);
console.log(`by server CPU per request: handler / floor ${(results.floor.cpuPerRequest / results.handler.cpuPerRequest).toFixed(2)}   handler / express+axios ${(results.express.cpuPerRequest / results.handler.cpuPerRequest).toFixed(2)}`);
if (results.handler.errors > 0) process.exitCode = 1;
