// Where a server's CPU goes, from a V8 CPU profile (`node --cpu-prof`): each sample is put in
// the phase of the innermost frame on its stack that names one (zod called by `validate` is the
// submission's validation, zod called by the requester's `#read` is the answer's parse, and so
// on); a sample no frame names is the framework's when its leaf is Hono's, else Node's own
// (sockets, streams, timers) or V8's (GC, compiled code). Idle samples are left out.
import { readFileSync } from 'node:fs';

/** [phase, test of one call frame], innermost match wins; the order only breaks ties within a frame. */
const rules = [
  // A socket write's syscall, named apart from whoever wrote: the profile samples by the clock,
  // so a write that woke its peer on a busy machine is counted here while the thread waited
  // for a core (the kernel's count of the main thread's system time is the truth of it).
  [
    'socket writes (writev and the like: the syscall, waits included)',
    (f) =>
      f.url === '' &&
      /^(writev|writeBuffer|writeUtf8String|writeLatin1String)$/.test(f.functionName),
  ],
  [
    'answer parse (JSON.parse + zod of the record)',
    (f) => /client\/requester\.js$/.test(f.url) && /#read|parseJson|\bread\b/.test(f.functionName),
  ],
  // node:crypto's HMAC (nodeHmacBytes, nodeHmacText) is named by its caller: core's signature or the idempotency key.
  [
    'signing (V2-HMAC-SHA256 + headers)',
    (f) =>
      /crypto\/signature\.js$/.test(f.url) ||
      (/client\/requester\.js$/.test(f.url) && /headers/i.test(f.functionName)),
  ],
  ['idempotency key (HMAC derivation)', (f) => f.functionName === 'idempotencyKeyFor'],
  [
    'validation: the payment request (zod)',
    (f) => /payments-client\.js$/.test(f.url) && f.functionName === 'check',
  ],
  [
    'validation: the submission (zod)',
    (f) => /middleware\/input\.js$/.test(f.url) && f.functionName === 'validate',
  ],
  [
    "payer checks (the payer's own schema and the country's rules)",
    (f) => /server\/dist\/payer\.js$/.test(f.url),
  ],
  [
    'order read and check (resolveOrder + zod)',
    (f) =>
      (/\/context\.js$/.test(f.url) && f.functionName === 'loadOrder') ||
      /bench\/servers\.mjs$/.test(f.url),
  ],
  ['charge state (store: get, swap, link)', (f) => /\/charges\.js$|store\/store\.js$/.test(f.url)],
  [
    'forward: node:http client (+ keep-alive agent)',
    (f) =>
      (/adapters\/node\.js$/.test(f.url) &&
        !/^(serveNode|nodeHmac\w*|secretKeyObject)$/.test(f.functionName)) ||
      /^node:_http_client$|^node:_http_agent$/.test(f.url),
  ],
  [
    'body read (limit, stream, JSON.parse)',
    (f) =>
      /middleware\/body-limit\.js$|core\/dist\/body\.js$|^node:internal\/webstreams/.test(f.url) ||
      (/middleware\/input\.js$/.test(f.url) && f.functionName === 'readJson'),
  ],
  ['request id, log, CORS check', (f) => /middleware\/(request-id|log)\.js$/.test(f.url)],
  ['route: build request and answer', (f) => /routes\/(payments|public-payment)\.js$/.test(f.url)],
  [
    'the direct Node route (direct.ts: context, layers, answer)',
    (f) => /server\/dist\/direct\.js$/.test(f.url),
  ],
  [
    'framework (Hono + @hono/node-server)',
    (f) =>
      /node_modules\/(hono|@hono\/node-server)\//.test(f.url) ||
      /server\/dist\/handler\.js$/.test(f.url),
  ],
  ['node:http server', (f) => /^node:_http_server$/.test(f.url)],
];
const GC = 'V8: garbage collection';
const OTHER = 'Node and V8: sockets, streams, timers, microtasks';

/** Phase → share of the busy samples (0..1), for the profile at `path`. */
export function phases(path) {
  const profile = JSON.parse(readFileSync(path, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const phaseOf = new Map();
  const classify = (id) => {
    if (phaseOf.has(id)) return phaseOf.get(id);
    const frame = byId.get(id).callFrame;
    let phase;
    if (frame.functionName === '(idle)') phase = null;
    else if (frame.functionName === '(garbage collector)') phase = GC;
    else {
      for (const [name, test] of rules)
        if (test(frame)) {
          phase = name;
          break;
        }
      if (phase === undefined) phase = parent.has(id) ? classify(parent.get(id)) : OTHER;
    }
    phaseOf.set(id, phase);
    return phase;
  };
  const counts = new Map();
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const phase = classify(profile.samples[i]);
    if (phase === null) continue;
    const dt = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
    counts.set(phase, (counts.get(phase) ?? 0) + dt);
    busy += dt;
  }
  return new Map([...counts].map(([k, v]) => [k, v / busy]).sort((a, b) => b[1] - a[1]));
}
