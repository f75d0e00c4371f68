// The load generator of the forwarding benchmark, in a process of its own (forked by forward.mjs),
// so that its own work never lands on the server's or the upstream's event loop or CPU count.
// Asked over IPC: {url, seconds, concurrency, run, paid}; answers {rps, p99, requests, errors}.
// Each request is a fresh card submission for a fresh order (`BENCH-<run>-<n>`), named by its
// client secret as a page would: a checkout charges each order once, so every request is a
// create-payment, never a replay. (The baselines take the same body and do not check the secret.)
// With `paid: 'viewed'` the orders are those whose checkout views {url, orders, concurrency, run}
// loaded just before (answers {viewed, errors}): the browser's path, the view's work left out of
// the payments' count. With `paid: 'plain'` the order is named by its id, as the handler of
// 2026-11-23 (the old build, BENCH_OLD_SERVER) took it, before client secrets.
import { Agent, request } from 'node:http';
import { PaymentsClient, clientSecretFor } from '@paylit/server';
import { credentials } from './fixture.mjs';

const keys = new PaymentsClient({ baseUrl: 'http://127.0.0.1', ...credentials });

const jwe =
  'eyJhbGciOiJSU0EtT0FFUC0yNTYiLCJlbmMiOiJBMjU2R0NNIn0.a2V5a2V5a2V5.aXZpdml2.Y2lwaGVydGV4dA.dGFndGFn';

function post(agent, url, body, address) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        // Each worker is a shopper of its own, behind the one proxy the handler trusts (the
        // baselines ignore the header): a shop's payments come from many addresses, and the
        // decline limit holds at most its max attempts of one address with the API at once.
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'X-Forwarded-For': address,
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

/** Orders whose checkout view was loaded (`view`), in the order they were viewed; paid first. */
const viewed = [];

function get(agent, url, address) {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { 'X-Forwarded-For': address } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The browser's path before a payment: `orders` new orders' checkout views loaded
 * (`GET /checkout?order=`), for the payments of the next run (`paid: 'viewed'`) to pay.
 */
async function view({ url, orders, concurrency, run }) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  viewed.length = 0;
  let n = 0;
  let errors = 0;
  let workers = 0;
  const worker = async () => {
    const address = `198.51.100.${++workers}`;
    while (n < orders) {
      const secret = await clientSecretFor(keys, `BENCH-${run}-${++n}`);
      const status = await get(
        agent,
        `${url}/checkout?order=${encodeURIComponent(secret)}`,
        address,
      );
      if (status !== 200) errors++;
      viewed.push(secret);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return { viewed: viewed.length, errors };
}

async function load({ url, seconds, concurrency, run, paid }) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let errors = 0;
  /** The statuses other than 200, counted: what went wrong is said, not only how often. */
  const statuses = {};
  let n = 0;
  const until = performance.now() + seconds * 1000;
  let workers = 0;
  const worker = async () => {
    const address = `198.51.100.${++workers}`;
    while (performance.now() < until) {
      // The orders viewed before (the browser's path), one each, or new orders never viewed.
      if (paid === 'viewed' && viewed.length === 0) break;
      const body = JSON.stringify({
        order:
          paid === 'viewed'
            ? viewed.shift()
            : paid === 'plain'
              ? `BENCH-${run}-${++n}`
              : await clientSecretFor(keys, `BENCH-${run}-${++n}`),
        attempt: crypto.randomUUID(),
        method: {
          type: 'card',
          encryptedData: jwe,
          holderName: 'Thiago Gabriel',
          expirationMonth: 10,
          expirationYear: 2040,
        },
      });
      const t0 = performance.now();
      const status = await post(agent, `${url}/payments`, body, address);
      latencies.push(performance.now() - t0);
      if (status !== 200) {
        errors++;
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(latencies.length / elapsed),
    p99: latencies[Math.floor(0.99 * latencies.length)].toFixed(2),
    requests: latencies.length,
    errors,
    statuses,
  };
}

process.on('message', async (job) => {
  process.send(job.orders !== undefined ? await view(job) : await load(job));
});
process.send({ ready: true });
