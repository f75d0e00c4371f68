/**
 * A reverse proxy as the world runs them (node:http): it forwards each request to its target
 * and appends the address it was reached from to `X-Forwarded-For`, keeping what the client
 * sent on the left. Its target can change while it runs (a load balancer moving to another
 * instance). And `send`, a request from a chosen loopback address (127.0.0.2 … 127.255.255.254
 * are all this machine's), so that a test has several clients on one machine.
 */
import { request, createServer, type IncomingHttpHeaders } from 'node:http';

export interface Proxy {
  url: string;
  /** Where requests go, e.g. http://127.0.0.1:4000; unset: 502. */
  target: string | undefined;
  close(): Promise<void>;
}

export { freePort } from './ports.js';

const canonical = (address: string | undefined) =>
  (address ?? '').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

/**
 * Starts a proxy on 127.0.0.1. `from` is the address it connects to its target from (the
 * address the target sees), 127.0.0.1 unless set.
 */
export async function startProxy(options: { target?: string; from?: string } = {}): Promise<Proxy> {
  const proxy: Proxy = { url: '', target: options.target, close: async () => {} };
  const server = createServer((req, res) => {
    const target = proxy.target;
    if (target === undefined) {
      res.writeHead(502, { 'Content-Type': 'text/plain' }).end('no upstream');
      return;
    }
    const headers: IncomingHttpHeaders = { ...req.headers };
    const forwarded = req.headers['x-forwarded-for'];
    const peer = canonical(req.socket.remoteAddress);
    headers['x-forwarded-for'] = forwarded
      ? `${Array.isArray(forwarded) ? forwarded.join(', ') : forwarded}, ${peer}`
      : peer;
    const url = new URL(req.url ?? '/', target);
    const upstream = request(
      url,
      { method: req.method, headers, ...(options.from ? { localAddress: options.from } : {}) },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent)
        res.writeHead(502, { 'Content-Type': 'text/plain' }).end('upstream failed');
      else res.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

export interface Sent {
  status: number;
  body: string;
  headers: IncomingHttpHeaders;
}

/** One request from the loopback address `from`; the whole answer read. */
export function send(
  url: string,
  init: { from: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const body = init.body;
    const req = request(
      url,
      {
        method: init.method ?? (body === undefined ? 'GET' : 'POST'),
        localAddress: init.from,
        agent: false,
        headers: {
          ...(body === undefined
            ? {}
            : {
                'Content-Type': 'application/json',
                'Content-Length': String(Buffer.byteLength(body)),
              }),
          ...init.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
