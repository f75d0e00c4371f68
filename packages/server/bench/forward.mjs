// npm run bench (server part): signing and forwarding a create-payment to a fixed upstream, for the
// checkout handler and, in the same run, the floor (bare node:http with node:crypto and a keep-alive
// agent), the floor's work on Hono, and express + axios. Four kinds of process, none sharing one:
// the upstream, the server under test, the load generator (load.mjs) and this one, which only
// starts them and reads their figures. Each request is a new order's first payment: for the
// handler, of an order whose checkout view was loaded before (the browser's path; the view's
// CPU is not counted), and again of orders paid without a view (the API asked first).
//
// The target (issues 15 and 38) is the server's CPU per payment after a view against the
// floor's, at most 2×; the floor with a forwarder's musts (`floor-fair`: a body limit, the
// order read, a deadline and the upstream's failure answered, the answer parsed and cut to what
// a browser may see) is printed beside it, as what any server put before shoppers must do.
// CPU per request is steadier than requests per second when the load, the upstream and the
// server share 2 cores. Then a handler is profiled while it takes such payments (the
// inspector's profiler, started after the views), and its CPU is split by phase.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finish, target } from '../../../bench/report.mjs';
import { phases } from './phases.mjs';
import { ask } from './ipc.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const warmRequests = Number(process.env.BENCH_WARM_REQUESTS ?? 6000);
const here = (file) => fileURLToPath(new URL(file, import.meta.url));

function child(script, args, execArgv = []) {
  const proc = fork(here(script), args, {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    proc.once('message', (info) => resolve({ proc, ...info }));
    proc.once('error', reject);
    proc.once('exit', (code) => reject(new Error(`${script} ${args.join(' ')} exited ${code}`)));
  });
}

const loader = await child('./load.mjs', []);
let runs = 0;
const load = (url, paid) =>
  ask(loader.proc, { url, seconds, concurrency, run: ++runs, paid }, 'rps');
const view = (url, orders) => ask(loader.proc, { url, orders, concurrency, run: ++runs }, 'viewed');
const usage = (proc) => ask(proc, 'cpu', 'cpu');

// `handler`: the browser's path, each order's checkout view loaded before its payment (the
// view's lookup of `<order>.1` serves the payment); `handler-no-view`: orders paid straight
// away, each asked of the API first. Both are the same server; only what the load does differs.
// BENCH_OLD_VIEWED=1: the older build's orders viewed first too (a build that knows client secrets).
const viewedFirst = (kind) =>
  kind === 'handler' ||
  kind === 'handler-hono' ||
  (kind === 'handler-old' &&
    process.env.BENCH_OLD_VIEWED === '1' &&
    servers[kind]?.ordersById === false);
/** How many orders to view before a run: more than a run pays, from the runs before. */
const toView = {};

/** The server's CPU time around one run of the load, per request (a view before it is not counted). */
async function run(server, kind) {
  if (viewedFirst(kind)) {
    const viewed = await view(server.url, toView[kind]);
    // A view that failed would leave the payment its lookup: the path measured would not be the browser's.
    if (viewed.errors > 0)
      throw new Error(`${kind}: ${viewed.errors} checkout views did not answer 200`);
  }
  const before = await usage(server.proc);
  const result = await load(
    server.url,
    viewedFirst(kind) ? 'viewed' : server.ordersById ? 'plain' : undefined,
  );
  const after = await usage(server.proc);
  result.cpuPerRequest = (after.cpu - before.cpu) / result.requests;
  if (before.threads && after.threads)
    result.threads = Object.fromEntries(
      Object.keys(after.threads).map((k) => [
        k,
        (after.threads[k] - before.threads[k]) / result.requests,
      ]),
    );
  if (viewedFirst(kind)) toView[kind] = Math.max(toView[kind], Math.ceil(result.requests * 1.5));
  return result;
}

/**
 * A server warmed by a count of requests, not a time: V8 optimizes a function after it has run
 * enough times, so on a busy machine, where a few seconds serve few requests, the rounds would
 * otherwise measure the handler's code still being compiled (its compiler threads' CPU, and
 * unoptimized code on the main thread), which the floor's few lines finish at once. The last
 * warming load's figures.
 */
async function warmUp(kind, url, paid) {
  let warm;
  for (let served = 0; served < warmRequests; served += warm.requests) {
    warm = await load(url, paid);
    if (!warm.requests) throw new Error(`${kind}: no request answered while warming`);
  }
  return warm;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

const upstream = await child('./servers.mjs', ['upstream']);
const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
// BENCH_OLD_SERVER=<an older build's packages/server>: its handler too, in the same rounds, for scale.
const kinds = (
  process.env.BENCH_KINDS ??
  `floor,floor-fair,hono-forward,handler,handler-no-view,express${process.env.BENCH_OLD_SERVER ? ',handler-old' : ''}`
).split(',');
const serverOf = (kind) => (kind === 'handler-no-view' ? 'handler' : kind);
// BENCH_KINDS=…,handler-hono: the same handler through Hono (no direct route), in the same rounds.
// Every server runs from the start (an idle one costs nothing), warmed (warmUp); then the kinds take
// turns, round after round, so that a burst of other work on the machine lands on all of them
// alike; each kind's figures are the median of its rounds, each ratio the median of the rounds' ratios.
const servers = {};
for (const kind of kinds) {
  servers[kind] = await child('./servers.mjs', [serverOf(kind), upstream.url], extra);
  const warm = await warmUp(
    kind,
    servers[kind].url,
    servers[kind].ordersById ? 'plain' : undefined,
  );
  toView[kind] = Math.ceil(warm.rps * seconds * 1.5) + 100;
}
const byRound = Object.fromEntries(kinds.map((kind) => [kind, []]));
// The kinds' order moves on by one each round and turns round every other round, so that every
// kind takes every place in turn (first, last, in the middle) and no kind always runs right after
// the same one: a burst of other work, or what the load generator and the upstream carry over
// from the kind before, lands on each alike. Reversed alone, with three kinds or more, the first
// and the last (the floor) ran twice in a row at each round's turn and the others never did.
const orderOf = (r) => {
  const turn = kinds.map((_, i) => kinds[(i + r) % kinds.length]);
  return r % 2 === 0 ? turn : turn.reverse();
};
for (let r = 0; r < rounds; r++)
  for (const kind of orderOf(r)) byRound[kind].push(await run(servers[kind], kind));
for (const kind of kinds) servers[kind].proc.kill();
const results = {};
for (const kind of kinds) {
  const all = byRound[kind];
  results[kind] = {
    rps: Math.round(median(all.map((x) => x.rps))),
    p99: median(all.map((x) => Number(x.p99))).toFixed(2),
    requests: all.reduce((sum, x) => sum + x.requests, 0),
    errors: all.reduce((sum, x) => sum + x.errors, 0),
    statuses: all.reduce((sum, x) => {
      for (const [status, n] of Object.entries(x.statuses ?? {}))
        sum[status] = (sum[status] ?? 0) + n;
      return sum;
    }, {}),
    cpuPerRequest: median(all.map((x) => x.cpuPerRequest)),
    // By thread (Linux), each part the median of its rounds.
    threads: all.every((x) => x.threads)
      ? Object.fromEntries(
          Object.keys(all[0].threads).map((k) => [k, median(all.map((x) => x.threads[k]))]),
        )
      : undefined,
  };
}
const ratio = (a, b) =>
  median(byRound[a].map((x, i) => x.cpuPerRequest / byRound[b][i].cpuPerRequest));

// The handler again, profiled on the browser's path: the profile's shares of its busy time
// while it takes the payments of viewed orders (start-up and the views left out), applied to
// the CPU per request measured above without the profiler.
let breakdown;
if (results.handler && process.env.BENCH_PROFILE !== '0') {
  const dir = mkdtempSync(join(tmpdir(), 'paylit-prof-'));
  const file = join(dir, 'handler.cpuprofile');
  const server = await child('./servers.mjs', ['handler', upstream.url], extra);
  await warmUp('handler (profiled)', server.url);
  const viewed = await view(server.url, toView.handler);
  if (viewed.errors > 0) throw new Error(`${viewed.errors} checkout views did not answer 200`);
  await ask(server.proc, { profile: 'start' }, 'profiling');
  await load(server.url, 'viewed');
  await ask(server.proc, { profile: 'stop', path: file }, 'profiled');
  server.proc.kill();
  breakdown = phases(file);
  if (process.env.BENCH_KEEP_PROFILE) console.log(`profile: ${file}`);
  else rmSync(dir, { recursive: true, force: true });
}
upstream.proc.kill();
loader.proc.kill();

console.log(
  `\nforward a create-payment to a fixed upstream: ${concurrency} concurrent clients, ${rounds} rounds of ${seconds} s per server, taking turns (the order moved on by one each round, and reversed every other round), in one run; the load, the upstream and each server in their own process; medians of the rounds`,
);
console.log(
  'server                                                   req/s   p99 ms  requests  errors  CPU µs/req',
);
const rows = [
  ['floor: node:http + node:crypto + keep-alive http.Agent', results.floor],
  ["the floor with a forwarder's musts (floor-fair)", results['floor-fair']],
  ["the floor's work on Hono (framework cost)", results['hono-forward']],
  ['@paylit/server checkout handler, after the view', results.handler],
  ['@paylit/server checkout handler, paid without a view', results['handler-no-view']],
  ['the handler through Hono (no direct route), after a view', results['handler-hono']],
  ['express + axios (by hand)', results.express],
  ['an older build of the handler (BENCH_OLD_SERVER)', results['handler-old']],
];
for (const [label, r] of rows)
  if (r)
    console.log(
      `${label.padEnd(56)}${String(r.rps).padStart(6)}${r.p99.padStart(9)}${String(r.requests).padStart(10)}${String(r.errors).padStart(8)}${r.cpuPerRequest.toFixed(0).padStart(12)}`,
    );

// Where the CPU is spent, by thread, as the kernel counts it: the phases below are shares of a
// profile that samples the main thread by the clock, in which a syscall the process waited in
// (for a core, when a loopback write woke the peer) counts as if it were CPU.
if (rows.some(([, r]) => r?.threads)) {
  console.log(
    "\nCPU µs per request by thread (the kernel's counts, medians of the rounds): main thread user + system (syscalls), other threads (V8: GC, compilation)",
  );
  for (const [label, r] of rows)
    if (r?.threads)
      console.log(
        `  ${label.padEnd(56)}${r.threads.mainUser.toFixed(0).padStart(6)} +${r.threads.mainSystem.toFixed(0).padStart(4)}, others${r.threads.others.toFixed(0).padStart(5)}`,
      );
}

if (breakdown) {
  const total = results.handler.cpuPerRequest;
  console.log(
    `\nwhere the handler's ${total.toFixed(0)} µs of CPU per payment after a view go (shares of a CPU profile of its payments, applied to the figure above)`,
  );
  for (const [phase, share] of breakdown)
    console.log(
      `  ${phase.padEnd(52)}${(share * total).toFixed(0).padStart(6)} µs  ${(share * 100).toFixed(1).padStart(5)} %`,
    );
  if (results.floor)
    console.log(
      `  ${"the floor's whole request, for comparison".padEnd(52)}${results.floor.cpuPerRequest.toFixed(0).padStart(6)} µs`,
    );
}

if (results.floor && results.handler) {
  console.log('');
  target("server: handler CPU per payment after a view / floor's", ratio('handler', 'floor'), 2, {
    unit: '×',
    note: `median of ${rounds} rounds' ratios; ${results.handler.cpuPerRequest.toFixed(0)} µs against ${results.floor.cpuPerRequest.toFixed(0)} µs; rounds: ${byRound.handler.map((x, i) => (x.cpuPerRequest / byRound.floor[i].cpuPerRequest).toFixed(2)).join(', ')}`,
  });
  if (results['handler-no-view'])
    console.log(
      `information: handler CPU per payment without a view / floor's: ${ratio('handler-no-view', 'floor').toFixed(2)}× (${results['handler-no-view'].cpuPerRequest.toFixed(0)} µs; the API asked about the order first)`,
    );
  if (results.express) {
    console.log(
      `information: express + axios CPU per request / handler's: ${ratio('express', 'handler').toFixed(2)}×; requests per second, handler / floor ${(results.handler.rps / results.floor.rps).toFixed(2)}, handler / express + axios ${(results.handler.rps / results.express.rps).toFixed(2)}`,
    );
  }
  if (results['handler-old'])
    console.log(
      `information: the older build's handler CPU per payment / floor's: ${ratio('handler-old', 'floor').toFixed(2)}× (${results['handler-old'].cpuPerRequest.toFixed(0)} µs; paid ${viewedFirst('handler-old') ? 'after a view' : 'without a view'}${servers['handler-old'].ordersById ? ', orders named by id' : ''}); today's after a view / the older build's: ${ratio('handler', 'handler-old').toFixed(2)}×${results['handler-no-view'] ? `; today's without a view / the older build's: ${ratio('handler-no-view', 'handler-old').toFixed(2)}×` : ''}`,
    );
  if (results['handler-hono'])
    console.log(
      `information: the handler through Hono (no direct route) CPU per payment after a view / floor's: ${ratio('handler-hono', 'floor').toFixed(2)}×; direct / through Hono: ${ratio('handler', 'handler-hono').toFixed(2)}×`,
    );
  if (results['floor-fair'])
    console.log(
      `information: handler CPU per payment after a view / the floor with a forwarder's musts: ${ratio('handler', 'floor-fair').toFixed(2)}× (rounds: ${byRound.handler.map((x, i) => (x.cpuPerRequest / byRound['floor-fair'][i].cpuPerRequest).toFixed(2)).join(', ')}); that floor / the floor: ${ratio('floor-fair', 'floor').toFixed(2)}×`,
    );
  if (results['hono-forward'])
    console.log(
      `information: the floor's work on Hono / the floor, CPU per request: ${ratio('hono-forward', 'floor').toFixed(2)}×`,
    );
  finish();
}
for (const kind of ['handler', 'handler-no-view', 'handler-old'])
  if (results[kind]?.errors > 0) {
    console.log(
      `${kind}: ${results[kind].errors} requests did not answer 200 (${JSON.stringify(results[kind].statuses)})`,
    );
    process.exitCode = 1;
  }
