// What a server of the forwarding benchmark sends upstream and answers, byte for byte, for
// its payments (a tool `npm run bench` does not run): `node packages/server/bench/probe.mjs
// <floor|handler|handler-no-view> [n]`. TCP relays between the load and the server and between
// the server and the upstream count the connections opened during the payments (a keep-alive
// pool reuses its sockets: 0), and the bytes and reads each way per payment (one read per
// message: each was written in one piece). SHOW=1 prints the first messages each way;
// RELAY=0 leaves the relays out (CPU figures without them); STRACE=1 attaches
// `strace -f -c -e trace=network,write,writev,read` to the server for the payments only;
// PROFILE=<file> writes a CPU profile of them. `handler`: n orders viewed first, then paid.
import { fork, spawn } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { ask } from './ipc.mjs';

const [kind = 'handler', nArg = '1000'] = process.argv.slice(2);
const n = Number(nArg);
const here = (file) => fileURLToPath(new URL(file, import.meta.url));

function child(script, args) {
  const proc = fork(here(script), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve) => proc.once('message', (info) => resolve({ proc, ...info })));
}

/** A relay's counts, from nothing. */
const zero = () => ({
  connections: 0,
  up: 0,
  down: 0,
  upReads: 0,
  downReads: 0,
  first: [],
  firstDown: [],
});

/** A relay to `port` that counts. */
function relay(port, name) {
  const stats = { name, ...zero() };
  const server = createServer((a) => {
    stats.connections++;
    const b = connect(port, '127.0.0.1');
    a.setNoDelay(true);
    b.setNoDelay(true);
    a.on('data', (d) => {
      stats.up += d.length;
      stats.upReads++;
      if (stats.on && stats.first.length < 3) stats.first.push(d.toString('latin1'));
      b.write(d);
    });
    b.on('data', (d) => {
      stats.down += d.length;
      stats.downReads++;
      if (stats.on && stats.firstDown.length < 3) stats.firstDown.push(d.toString('latin1'));
      a.write(d);
    });
    a.on('close', () => b.destroy());
    b.on('close', () => a.destroy());
    a.on('error', () => {});
    b.on('error', () => {});
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, stats, port: server.address().port })),
  );
}

const upstream = await child('./servers.mjs', ['upstream']);
const noRelay = process.env.RELAY === '0';
const up = await relay(new URL(upstream.url).port, 'server→upstream');
const serverKind = kind === 'handler-no-view' ? 'handler' : kind;
const server = await child('./servers.mjs', [
  serverKind,
  noRelay ? upstream.url : `http://127.0.0.1:${up.port}`,
]);
const front = await relay(new URL(server.url).port, 'load→server');
const url = noRelay ? server.url : `http://127.0.0.1:${front.port}`;
const loader = await child('./load.mjs', []);
// Warm
await ask(loader.proc, { url, seconds: 1, concurrency: 32, run: 1 }, 'rps');
if (kind === 'handler')
  await ask(loader.proc, { url, orders: n, concurrency: 32, run: 2 }, 'viewed');
const reset = (s) => Object.assign(s, zero(), { on: true });
reset(up.stats);
reset(front.stats);
let tracer;
if (process.env.STRACE) {
  tracer = spawn(
    'strace',
    [
      '-f',
      '-c',
      '-o',
      '/tmp/probe-strace.txt',
      '-e',
      'trace=network,write,writev,read',
      '-p',
      String(server.proc.pid),
    ],
    { stdio: 'inherit' },
  );
  await new Promise((r) => setTimeout(r, 1000));
}
if (process.env.PROFILE) await ask(server.proc, { profile: 'start' }, 'profiling');
const before = (await ask(server.proc, 'cpu', 'cpu')).cpu;
const result = await ask(
  loader.proc,
  kind === 'handler'
    ? { url, seconds: 1000, concurrency: 32, run: 2, paid: 'viewed' }
    : { url, seconds: 3, concurrency: 32, run: 3 },
  'rps',
);
const after = (await ask(server.proc, 'cpu', 'cpu')).cpu;
if (process.env.PROFILE)
  await ask(server.proc, { profile: 'stop', path: process.env.PROFILE }, 'profiled');
if (tracer) {
  tracer.kill('SIGINT');
  await new Promise((r) => tracer.once('exit', r));
}
const paid = result.requests;
console.log(
  `${kind}: ${paid} payments, errors ${result.errors}, CPU ${((after - before) / paid).toFixed(0)} µs/payment${noRelay ? '' : ' (behind the relays)'}`,
);
for (const s of noRelay ? [] : [up.stats, front.stats])
  console.log(
    `${s.name}: connections ${s.connections}, per payment: ${(s.up / paid).toFixed(0)} B up in ${(s.upReads / paid).toFixed(2)} reads, ${(s.down / paid).toFixed(0)} B down in ${(s.downReads / paid).toFixed(2)} reads`,
  );
if (process.env.SHOW) {
  console.log('--- first upstream request chunks:\n' + up.stats.first.join('\n<<CHUNK>>\n'));
  console.log('--- first upstream answer chunks:\n' + up.stats.firstDown.join('\n<<CHUNK>>\n'));
  console.log('--- first answer to the load:\n' + front.stats.firstDown.join('\n<<CHUNK>>\n'));
}
if (tracer) console.log(readFileSync('/tmp/probe-strace.txt', 'utf8'));
for (const p of [server.proc, upstream.proc, loader.proc]) p.kill();
up.server.close();
front.server.close();
process.exit(0);
