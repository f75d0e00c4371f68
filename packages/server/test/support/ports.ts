/**
 * A free TCP port on 127.0.0.1, for the servers a spec starts as child processes (Redis,
 * PostgreSQL, the CLI, a proxy), which must be told their port before they listen.
 *
 * The port is taken below the kernel's ephemeral range (where `listen(0)` and every outgoing
 * connection get theirs), so that between this check and the child's listen no connection of a
 * busy machine can take it; among the specs' own choices, a random pick over some twenty thousand
 * ports, checked free, leaves little to chance. Never a port `fetch` refuses (10080).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const ephemeralStart = (() => {
  try {
    return (
      Number(
        readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
      ) || 32768
    );
  } catch {
    return 32768;
  }
})();
const lowest = 10_000;
/**
 * The ports `fetch` refuses to connect to ("bad port", the Fetch standard's list, which Node's
 * fetch applies): a spec that fetches from a server there fails before any byte is sent. Those
 * from 10,000 up; the others are below `lowest`.
 */
const refusedByFetch = new Set([10_080]);

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = lowest + Math.floor(Math.random() * Math.max(1, ephemeralStart - lowest));
    if (!refusedByFetch.has(port) && (await bindable(port))) return port;
  }
  throw new Error(`no free port between ${lowest} and ${ephemeralStart}`);
}
