/**
 * Node: serve a handler with `@hono/node-server`, and a transport that forwards over a
 * keep-alive pool, several times faster than Node 20's global fetch.
 *
 * @example
 * import { serveNode, nodeTransport } from '@paylit/server/node';
 * const client = new PaymentsClient({ ...credentials, transport: nodeTransport(), hmac: nodeHmac });
 * const { url } = await serveNode(createCheckoutHandler({ client, … }), { port: 4000 });
 */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest, type RequestOptions } from 'node:http';
import { urlToHttpOptions } from 'node:url';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { serve } from '@hono/node-server';
import type { HmacSha256, TextHmacSha256 } from '@paylit/core/crypto';
import type { Transport } from '../client/transport.js';

/**
 * HMAC-SHA256 with `node:crypto`, for `PaymentsClient({ hmac: nodeHmac })`: synchronous,
 * several times faster than WebCrypto for a request body. What is signed stays core's.
 * Its `text` takes the message as text (signed as its UTF-8 bytes): the client signs
 * with it through core's `signedHeadersSync`, without a copy of the body as bytes or a promise.
 */
export const nodeHmac: HmacSha256 & { readonly text: TextHmacSha256 } = Object.assign(nodeHmacBytes, { text: nodeHmacText });

function nodeHmacBytes(secretKey: string, message: Uint8Array): string {
  return createHmac('sha256', secretKeyObject(secretKey)).update(message).digest('hex');
}

function nodeHmacText(secretKey: string, message: string): string {
  return createHmac('sha256', secretKeyObject(secretKey)).update(message, 'utf8').digest('hex');
}

// The key made from a secret, once per secret (a process signs with one or a few; cleared if many).
const keyObjects = new Map<string, KeyObject>();
function secretKeyObject(secretKey: string): KeyObject {
  let key = keyObjects.get(secretKey);
  if (key === undefined) {
    if (keyObjects.size >= 16) keyObjects.clear();
    key = createSecretKey(Buffer.from(secretKey, 'utf8'));
    keyObjects.set(secretKey, key);
  }
  return key;
}

interface Target {
  /** The Host header: the host, and the port unless it is the protocol's own. */
  host: string;
  secure: boolean;
  options: RequestOptions;
}

export interface NodeTransportOptions {
  /** Sockets kept per host. Default 128. */
  maxSockets?: number;
}

/** Sends over `node:http`/`node:https` with keep-alive agents. */
export function nodeTransport(options: NodeTransportOptions = {}): Transport {
  const maxSockets = options.maxSockets ?? 128;
  const http = new HttpAgent({ keepAlive: true, maxSockets });
  const https = new HttpsAgent({ keepAlive: true, maxSockets });
  // A client sends to one API: its URLs, parsed once each (a few, as the paths carry ids:
  // bounded), and turned once into node:http's options (what it would do for each request).
  const targets = new Map<string, Target>();
  const parse = (url: string): Target => {
    let target = targets.get(url);
    if (target === undefined) {
      if (targets.size >= 256) targets.clear();
      const parsed = new URL(url);
      const secure = parsed.protocol === 'https:';
      // Plain HTTP has no TLS server name: '' spares node:http working one out per request.
      target = { host: parsed.host, secure, options: { ...urlToHttpOptions(parsed), ...(secure ? {} : { servername: '' }) } };
      targets.set(url, target);
    }
    return target;
  };
  return ({ method, url, headers, body, timeoutMs, signal }) =>
    new Promise((resolve, reject) => {
      const target = parse(url);
      const { secure } = target;
      const send = secure ? httpsRequest : httpRequest;
      // The whole exchange within timeoutMs, as fetch's AbortSignal.timeout: one timer, cheaper
      // than a socket idle timeout set and cleared on every request.
      const timer = setTimeout(() => {
        const error = new Error(`no answer within ${timeoutMs} ms`);
        error.name = 'TimeoutError';
        req.destroy(error);
      }, timeoutMs);
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      // The headers as a flat list, which node:http writes as they are (each name and value
      // still checked) rather than setting them one by one: the Host it would add, then the caller's.
      const list: string[] = [];
      let host = false;
      for (const name in headers) {
        const lower = name.toLowerCase();
        if (lower === 'content-length' && body !== undefined) continue;
        if (lower === 'host') host = true;
        list.push(name, headers[name]!);
      }
      if (!host) list.push('Host', target.host);
      if (body !== undefined) list.push('Content-Length', String(Buffer.byteLength(body)));
      const agent = secure ? https : http;
      const req = send(signal ? { ...target.options, method, headers: list, agent, signal } : { ...target.options, method, headers: list, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          clearTimeout(timer);
          const flat: Record<string, string | undefined> = {};
          const raw = res.headers;
          for (const name in raw) {
            const value = raw[name];
            flat[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({ status: res.statusCode ?? 0, headers: flat, text: chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', fail);
      });
      req.on('error', fail);
      req.end(body);
    });
}

export interface ServeOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Default `127.0.0.1`. */
  hostname?: string;
  /**
   * Let `@hono/node-server` put its lightweight `Request` and `Response` in the globals, as it
   * does by default: answers then go to the socket without a stream, about twice as fast
   * per request. Default true; false leaves the globals alone.
   */
  overrideGlobalObjects?: boolean;
  /**
   * How long a client may take to send the request's headers, in ms (Node's
   * `headersTimeout`); then the connection is closed. Default 10 s.
   */
  headersTimeout?: number;
  /**
   * How long a client may take to send the whole request, headers and body, in ms (Node's
   * `requestTimeout`): a slow body cannot hold a connection for longer. Default 30 s; 0 turns it off.
   */
  requestTimeout?: number;
}

export interface Served {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves any `fetch` handler (a Hono app) over HTTP. */
export function serveNode(app: { fetch: (request: Request, env?: any) => Response | Promise<Response> }, options: ServeOptions = {}): Promise<Served> {
  const requestTimeout = options.requestTimeout ?? 30_000;
  const headersTimeout = options.headersTimeout ?? 10_000;
  for (const [name, value] of [['headersTimeout', headersTimeout], ['requestTimeout', requestTimeout]] as const) {
    if (!Number.isInteger(value) || value < 0) throw new TypeError(`serveNode: ${name} must be a whole number of milliseconds (0 or more)`);
  }
  // Node requires headersTimeout <= requestTimeout (when the latter is on).
  const serverOptions = {
    headersTimeout: requestTimeout > 0 ? Math.min(headersTimeout, requestTimeout) : headersTimeout,
    requestTimeout,
    // Node checks both timeouts on this interval (default 30 s, too coarse for a 10 s limit).
    connectionsCheckingInterval: 1_000,
  };
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: options.hostname ?? '127.0.0.1', overrideGlobalObjects: options.overrideGlobalObjects ?? true, serverOptions }, (info) => {
      resolve({
        url: `http://${info.family === 'IPv6' ? `[${info.address}]` : info.address}:${info.port}`,
        port: info.port,
        close: () =>
          new Promise((done) => {
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
    server.once('error', reject);
  });
}
