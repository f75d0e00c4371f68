// npm run bench: the sandbox's requests per second for signed create-payment calls, next to a bare
// node:http server answering fixed JSON, measured in the same run with the same client work (each
// request signed with core's signature). Not a test: it reports, it does not judge.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { signedHeaders } from '@paylit/core/crypto';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const serverScript = fileURLToPath(new URL('./server.mjs', import.meta.url));

function start(kind) {
  const child = fork(serverScript, [kind], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (info) => resolve({ child, ...info }));
    child.once('error', reject);
  });
}

let seq = 0;
function payment() {
  return JSON.stringify({
    amount: 120,
    currency: 'BRL',
    country: 'BR',
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    payer: { name: 'Thiago Gabriel', email: 'thiago@example.com', document: '53033315550' },
    card: {
      holder_name: 'Thiago Gabriel',
      expiration_month: 10,
      expiration_year: 2040,
      number: '4111111111111111',
      cvv: '123',
    },
    order_id: `bench-${process.pid}-${++seq}`,
  });
}

async function load(url, credentials) {
  const latencies = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const body = payment();
      const headers = {
        ...(await signedHeaders({ ...credentials, body })),
        'User-Agent': 'paylit-bench',
      };
      const t0 = performance.now();
      const res = await fetch(`${url}/secure_payments`, { method: 'POST', headers, body });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status !== 200) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2);
  return {
    rps: Math.round(latencies.length / elapsed),
    p50: at(0.5),
    p99: at(0.99),
    requests: latencies.length,
    errors,
  };
}

const dummy = { login: 'bench', transKey: 'bench', secretKey: 'bench-secret' };
const results = [];
for (const kind of ['bare', 'sandbox']) {
  const server = await start(kind);
  await load(server.url, server.credentials ?? dummy); // warm-up
  const r = await load(server.url, server.credentials ?? dummy);
  server.child.kill();
  results.push({ kind, ...r });
}

const [bare, sandbox] = results;
console.log(
  `create payment, ${concurrency} concurrent clients, ${seconds} s each, same machine, same run`,
);
console.log(
  'server                                      req/s   p50 ms   p99 ms  requests  errors',
);
for (const [label, r] of [
  ['bare node:http, fixed JSON (baseline)', bare],
  ['@paylit/sandbox, signed POST /secure_payments', sandbox],
]) {
  console.log(
    `${label.padEnd(44)}${String(r.rps).padStart(6)}${r.p50.padStart(9)}${r.p99.padStart(9)}${String(r.requests).padStart(10)}${String(r.errors).padStart(8)}`,
  );
}
// No target: issue 15 states none for the sandbox (a simulator for development and tests), so the
// ratio is printed as information, in the words bench/report.mjs uses for its targets.
console.log(
  `information: sandbox / baseline, requests per second: ${(sandbox.rps / bare.rps).toFixed(2)} (no target)`,
);
if (sandbox.errors > 0) process.exitCode = 1;
