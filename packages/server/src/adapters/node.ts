/**
 * Node: the handler as a Node request listener for Express, Fastify or `node:http`
 * (`toNodeListener`), served on its own (`serveNode`), and a transport that forwards over a
 * keep-alive pool, several times faster than Node 20's global fetch.
 *
 * @example
 * import { serveNode, nodeTransport, toNodeListener } from '@paylit/server/node';
 * const client = new PaymentsClient({ ...credentials, transport: nodeTransport(), hmac: nodeHmac });
 * const handler = createCheckoutHandler({ client, … });
 * expressApp.use('/paylit', toNodeListener(handler));
 * // or on its own: const { url } = await serveNode(handler, { port: 4000 });
 */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import {
  createServer,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type RequestOptions,
  type ServerResponse,
} from 'node:http';
import { urlToHttpOptions } from 'node:url';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { getRequestListener, serve } from '@hono/node-server';
import type { HmacSha256, TextHmacSha256 } from '@paylit/core/crypto';
import { continueWhenRead, type ContinueServer } from '@paylit/core/body';
import { answerTooLarge, MAX_ANSWER_BYTES, type Transport } from '../client/transport.js';
import { normalizeBasePath, underBase, type FetchApp } from './fetch.js';
import { directRouteFor } from '../direct.js';
import { LIVE_STREAM } from '../live.js';

/**
 * HMAC-SHA256 with `node:crypto`, for `PaymentsClient({ hmac: nodeHmac })`: synchronous,
 * several times faster than WebCrypto for a request body. What is signed stays core's.
 * Its `text` takes the message as text (signed as its UTF-8 bytes): the client signs
 * with it through core's `signedHeadersSync`, without a copy of the body as bytes or a promise.
 */
export const nodeHmac: HmacSha256 & { readonly text: TextHmacSha256 } = Object.assign(
  nodeHmacBytes,
  { text: nodeHmacText },
);

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
  /** What node:http reads of the URL, and the TLS server name ('' for plain HTTP: none to work out). */
  options: Pick<RequestOptions, 'protocol' | 'hostname' | 'port' | 'path' | 'auth'> & {
    servername?: string;
  };
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
      const { protocol, hostname, port, path, auth } = urlToHttpOptions(parsed);
      target = {
        host: parsed.host,
        secure,
        // What node:http reads of a URL's options (as it would take them from the URL itself).
        options: {
          protocol,
          hostname,
          ...(port !== undefined ? { port } : {}),
          path,
          ...(auth !== undefined ? { auth } : {}),
          ...(secure ? {} : { servername: '' }),
        },
      };
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
      // Copied field by field: a spread of the options costs more, once per request.
      const o = target.options;
      const req = send(
        {
          protocol: o.protocol,
          hostname: o.hostname,
          port: o.port,
          path: o.path,
          auth: o.auth,
          servername: o.servername,
          method,
          headers: list,
          agent,
          signal,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) req.destroy(answerTooLarge());
            else chunks.push(chunk);
          });
          res.on('end', () => {
            clearTimeout(timer);
            // The answer's headers by lower-case name, repeated ones joined with `, ` (as
            // `Headers` has them), read from Node's raw list: its `headers` object would be
            // built first, then copied.
            const flat: Record<string, string | undefined> = {};
            const raw = res.rawHeaders;
            for (let i = 0; i < raw.length; i += 2) {
              const name = raw[i]!.toLowerCase();
              if (name === '__proto__') continue;
              const was = flat[name];
              flat[name] = was === undefined ? raw[i + 1]! : `${was}, ${raw[i + 1]!}`;
            }
            resolve({
              status: res.statusCode ?? 0,
              headers: flat,
              text:
                chunks.length === 1
                  ? chunks[0]!.toString('utf8')
                  : Buffer.concat(chunks).toString('utf8'),
            });
          });
          res.on('error', fail);
        },
      );
      req.on('error', fail);
      req.end(body);
    });
}

/**
 * A Node request as frameworks hand it over: `body` is what a body parser made of it
 * (Express's `express.json()`, `express.text()`, `express.raw()`, `express.urlencoded()`),
 * `rawBody` the bytes a parser kept (`verify: (req, _res, buf) => { req.rawBody = buf }`).
 */
export type NodeRequest = IncomingMessage & { body?: unknown; rawBody?: unknown };

export interface NodeListenerOptions {
  /**
   * The path the handler is mounted at, taken off the request's path before the handler
   * routes it: for a framework that hands over the whole path, such as a Fastify route
   * `/paylit/*` (`basePath: '/paylit'`). Not for Express's `app.use('/paylit', …)`, which
   * takes it off itself. A request outside it goes to `next()` when there is one, else to
   * the handler's 404. Default: none.
   */
  basePath?: string;
  /** Where a mounting mistake is reported (a body parsed before the handler could read it), once per kind. Default: `console.error`. */
  onError?: (error: Error) => void;
}

/**
 * A Node request listener, `(req, res, next?)`, that Express mounts as middleware
 * (`app.use('/paylit', listener)`) and `node:http` serves. The third argument is Express's
 * `next`, or `{ body }`: the body a framework parsed and keeps elsewhere than `req.body`
 * (Fastify's `request.body`).
 */
export type NodeListener = (
  req: NodeRequest,
  res: ServerResponse,
  nextOrBody?: ((error?: unknown) => void) | { body?: unknown },
) => Promise<void>;

/** Why a parsed body cannot be handed to the handler, and how to mount it so that it can. */
class BodyAlreadyRead extends Error {
  override name = 'BodyAlreadyRead';
  constructor(
    message: string,
    readonly kind: string,
  ) {
    super(message);
  }
}

const FIX =
  "mount paylit before the body parser (app.use('/paylit', …) above express.json()), " +
  "or give it the bytes: express.raw({ type: '*/*' }) on the paylit path, placed before the other parsers, " +
  "or keep them with the parser's verify hook (express.json({ verify: (req, _res, buf) => { req.rawBody = buf } }))";

/**
 * The bytes of a body a framework has already read, as the handler would have read them: the
 * bytes themselves when kept (a Buffer, a string), else the parsed value written back in its
 * content type (JSON; a form of single strings). A notification's signature is over the bytes
 * the API sent, which a parsed object no longer holds: that is refused, naming the fix.
 */
function bytesOfParsedBody(req: NodeRequest, body: unknown, path: string): Buffer {
  if (Buffer.isBuffer(body)) return body;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body === undefined || body === null) {
    throw new BodyAlreadyRead(
      `paylit: ${req.method} ${path}: the request's body was read before paylit got it, and not handed over (req.body is empty): ${FIX}`,
      'lost',
    );
  }
  if (path === '/notifications') {
    throw new BodyAlreadyRead(
      `paylit: POST ${path}: a body parser turned the notification into an object before paylit got it, and its signature is over the bytes the API sent, so it cannot be verified (the API will retry): ${FIX}`,
      'notification',
    );
  }
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (/^application\/json\s*(;|$)/.test(type) && typeof body === 'object')
    return Buffer.from(JSON.stringify(body), 'utf8');
  if (
    /^application\/x-www-form-urlencoded\s*(;|$)/.test(type) &&
    Object.values(body as object).every((v) => typeof v === 'string')
  ) {
    return Buffer.from(new URLSearchParams(body as Record<string, string>).toString(), 'utf8');
  }
  throw new BodyAlreadyRead(
    `paylit: ${req.method} ${path}: a body parser turned a ${type || 'body with no Content-Type'} into something paylit cannot write back: ${FIX}`,
    `parsed:${type}`,
  );
}

/** The request's `Content-Encoding` taken off, from its headers and its raw list alike. */
function withoutContentEncoding(req: NodeRequest): void {
  if (req.headers['content-encoding'] === undefined) return;
  delete req.headers['content-encoding'];
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2)
    if (raw[i]!.toLowerCase() === 'content-encoding') raw.splice(i, 2);
}

/**
 * The handler as a Node request listener, for Express (`app.use('/paylit', toNodeListener(handler))`),
 * Fastify (a route that hands over `request.raw`, `reply.raw` and `{ body: request.body }`) or
 * `node:http`. A body a framework already read is taken from it: the bytes when kept
 * (`express.raw()`, `express.text()`, a parser's `req.rawBody`), else the parsed JSON or form
 * written back. The handler then holds it to its own limit (`maxBodyBytes`) and checks it as
 * it would have: nothing is trusted for having been parsed. The one body that must be the
 * bytes sent is a notification's, whose signature is over them: parsed, it is answered 500
 * (the API retries) and reported once to `onError` with the fix.
 */
export function toNodeListener(handler: FetchApp, options: NodeListenerOptions = {}): NodeListener {
  const base = normalizeBasePath(options.basePath, 'toNodeListener');
  // The merchant's process: its global Request and Response are left alone.
  const listener = getRequestListener(handler.fetch, { overrideGlobalObjects: false });
  const report = options.onError ?? ((error: Error) => console.error(error.message));
  const reported = new Set<string>();
  return async (req, res, nextOrBody) => {
    const next = typeof nextOrBody === 'function' ? nextOrBody : undefined;
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    const path = underBase(pathname, base);
    if (path === undefined && next) return next();
    if (path !== undefined && base !== '')
      req.url = path + (queryAt === -1 ? '' : url.slice(queryAt));
    // A body already read from the socket (readableDidRead) is handed over as `rawBody`,
    // which the Node adapter reads instead of the stream.
    const hasBody =
      req.headers['transfer-encoding'] !== undefined ||
      Number(req.headers['content-length'] ?? 0) > 0;
    // A framework's parser inflates what it reads (body-parser does by default): the bytes
    // handed over are no longer what Content-Encoding says, so the header goes with them.
    if (hasBody && req.readableDidRead) withoutContentEncoding(req);
    if (hasBody && req.readableDidRead && !Buffer.isBuffer(req.rawBody)) {
      const body =
        nextOrBody !== undefined && typeof nextOrBody === 'object' ? nextOrBody.body : req.body;
      try {
        req.rawBody = bytesOfParsedBody(req, body, path ?? pathname);
      } catch (error) {
        if (!(error instanceof BodyAlreadyRead)) throw error;
        if (!reported.has(error.kind)) {
          reported.add(error.kind);
          report(error);
        }
        const requestId = crypto.randomUUID();
        res.writeHead(500, { 'Content-Type': 'application/json', 'X-Request-Id': requestId });
        res.end(
          JSON.stringify({ error: { type: 'internal_error', message: error.message }, requestId }),
        );
        return;
      }
    }
    // POST /payments straight from the Node request (direct.ts), the rest through Hono.
    const direct = path === undefined ? undefined : directRouteFor(handler, req, path);
    await (direct ?? listener)(req, res);
  };
}

/**
 * `listener`, with the direct routes of `app` (direct.ts) first: what `serveNode` serves.
 * `app` is read at each request, so that routes attached after the server started are taken.
 */
function directFirst(
  app: unknown,
  listener: (req: IncomingMessage, res: ServerResponse) => unknown,
): (req: IncomingMessage, res: ServerResponse) => unknown {
  return (req, res) => {
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const direct = directRouteFor(app, req, queryAt === -1 ? url : url.slice(0, queryAt));
    return direct ? direct(req, res) : listener(req, res);
  };
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
  /**
   * Stops listening and closes the connections. With `graceMs` (a SIGTERM's drain), requests
   * other than GET and HEAD already in flight (a payment waiting on the API, a notification)
   * are answered first, for at most that long; live-status streams are ended at once as a
   * stream ends (the checkout opens the next one), and idle connections closed. Default 0:
   * every connection cut at once.
   */
  close(graceMs?: number): Promise<void>;
}

/** Serves any `fetch` handler (a Hono app) over HTTP. */
export function serveNode(
  app: { fetch: (request: Request, env?: any) => Response | Promise<Response> },
  options: ServeOptions = {},
): Promise<Served> {
  const requestTimeout = options.requestTimeout ?? 30_000;
  const headersTimeout = options.headersTimeout ?? 10_000;
  for (const [name, value] of [
    ['headersTimeout', headersTimeout],
    ['requestTimeout', requestTimeout],
  ] as const) {
    if (!Number.isInteger(value) || value < 0)
      throw new TypeError(`serveNode: ${name} must be a whole number of milliseconds (0 or more)`);
  }
  // Node requires headersTimeout <= requestTimeout (when the latter is on).
  const serverOptions = {
    headersTimeout: requestTimeout > 0 ? Math.min(headersTimeout, requestTimeout) : headersTimeout,
    requestTimeout,
    // Node checks both timeouts on this interval (default 30 s, too coarse for a 10 s limit).
    connectionsCheckingInterval: 1_000,
  };
  let changing = 0;
  let drained: (() => void) | undefined;
  // GET and HEAD answers under way: among them the live streams a drain ends (LIVE_STREAM).
  const reading = new Set<ServerResponse>();
  /** Ends the live streams as a stream ends; answers when their connections are done with them. */
  const endStreams = () =>
    Promise.all(
      [...reading]
        .filter((r) => (r as { [LIVE_STREAM]?: true })[LIVE_STREAM] && r.headersSent)
        .filter((r) => !r.writableEnded && !r.destroyed)
        .map(
          (r) =>
            new Promise<void>((resolve) => {
              r.once('close', () => resolve());
              r.end();
            }),
        ),
    );
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: app.fetch,
        // The handler's direct routes (POST /payments) first, then @hono/node-server's listener.
        // Expect: 100-continue answered when the body is read, not before a 413 (core's continueWhenRead).
        createServer: ((serverOptions: object, listener: Parameters<typeof directFirst>[1]) => {
          const server = createServer(serverOptions, directFirst(app, listener));
          continueWhenRead(server as unknown as ContinueServer);
          // The requests a drain waits for: those that change something (GETs are retried safely).
          server.on('request', (request, response) => {
            if (request.method === 'GET' || request.method === 'HEAD') {
              reading.add(response);
              response.once('close', () => reading.delete(response));
              return;
            }
            changing++;
            response.once('close', () => {
              changing--;
              if (changing === 0) drained?.();
            });
          });
          return server;
        }) as never,
        port: options.port ?? 0,
        hostname: options.hostname ?? '127.0.0.1',
        overrideGlobalObjects: options.overrideGlobalObjects ?? true,
        serverOptions,
      },
      (info) => {
        resolve({
          url: `http://${info.family === 'IPv6' ? `[${info.address}]` : info.address}:${info.port}`,
          port: info.port,
          close: (graceMs = 0) =>
            new Promise((done) => {
              const http = server as ReturnType<typeof createServer>;
              let timer: ReturnType<typeof setTimeout> | undefined;
              const now = () => {
                clearTimeout(timer);
                drained = undefined;
                http.closeAllConnections();
              };
              http.close(() => done());
              if (graceMs <= 0) return now();
              // Live streams end first, as a stream ends (the checkout opens the next one
              // elsewhere); cut, they read as a failure. At most graceMs, as the rest.
              const ending = endStreams();
              const all = () => {
                drained = undefined;
                void ending.then(now);
              };
              timer = setTimeout(now, graceMs);
              if (changing === 0) return all();
              drained = all;
              // Idle keep-alive connections now, then each as its answer goes out.
              http.closeIdleConnections();
              http.on('request', (_request, response) => (response.shouldKeepAlive = false));
            }),
        });
      },
    );
    server.once('error', reject);
  });
}
