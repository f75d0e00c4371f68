/**
 * The direct Node route: `POST /payments` answered straight from Node's request and response,
 * without building a web `Request` and `Response` or running Hono's router and composition,
 * which cost about a quarter of a payment's CPU. It runs the very functions the Hono app runs
 * for that route, in the same order (taken from the app's own router, `layersOf`): request id,
 * log, body limit, CORS, rate limit, decline limit, the route. Only the context they are handed
 * differs: `DirectContext` gives them the part of Hono's `Context` they use, read from the
 * `IncomingMessage`. So the rules stay in one place; this file is an adapter, as
 * `@hono/node-server` is for every other route.
 *
 * A request takes it only where the two ways are alike byte for byte: HTTP/1, a body of
 * declared length (no chunked body, which the body limit counts from a web stream), the path
 * `/payments` exactly. Everything else (other routes, `OPTIONS`, HTTP/2, a chunked body,
 * `/payments/` or a percent-encoded path) goes through Hono. Reached through
 * `toNodeListener` and `serveNode` (`adapters/node.ts`), and the CLI; a fetch runtime
 * (`toFetchHandler`, `app.route` in the merchant's own Hono app) always goes through Hono.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HandlerEnv } from './env.js';
import { normalizeBasePath, underBase } from './adapters/fetch.js';

/**
 * A request a direct route answers: its promise settles once the answer is written (a stream's
 * head, its events then written by the route's own code). `params`: the route's path parameters.
 */
export type DirectRoute = (
  req: IncomingMessage,
  res: ServerResponse,
  params?: Readonly<Record<string, string>>,
) => Promise<void>;

/** Where an app keeps its direct routes: `(method, path) => route`, for a request eligible (`eligible`). */
export const DIRECT_ROUTES = Symbol.for('paylit.directRoutes');

export type DirectRoutes = (method: string, path: string) => DirectRoute | undefined;

/** The direct route `app` has for this request at `path` (its path under the mount), if any. */
export function directRouteFor(
  app: unknown,
  req: IncomingMessage,
  path: string,
): DirectRoute | undefined {
  const routes = (app as { [DIRECT_ROUTES]?: DirectRoutes } | null)?.[DIRECT_ROUTES];
  if (typeof routes !== 'function') return undefined;
  // HTTP/1 with a declared length and no chunked body: the body limit reads it as text from
  // the socket on both ways (middleware/body-limit.ts); a GET with no body at all. Anything
  // else goes through Hono.
  if (
    req.httpVersionMajor !== 1 ||
    req.headers['transfer-encoding'] !== undefined ||
    (req.headers['content-length'] === undefined) !== (req.method === 'GET')
  )
    return undefined;
  return routes(req.method ?? 'GET', path);
}

/**
 * Gives `app` (a Hono app the checkout handler is mounted in at `basePath`, with
 * `app.route(basePath, handler)` and nothing of its own in front of it) the handler's direct
 * routes under that path, for `serveNode(app)`: how the CLI serves its handler.
 */
export function mountDirectRoutes(app: object, basePath: string, handler: object): void {
  const base = normalizeBasePath(basePath, 'mountDirectRoutes');
  const routes = (handler as { [DIRECT_ROUTES]?: DirectRoutes })[DIRECT_ROUTES];
  if (typeof routes !== 'function') return;
  const mounted: DirectRoutes = (method, path) => {
    const under = underBase(path, base);
    return under === undefined ? undefined : routes(method, under);
  };
  Object.assign(app, { [DIRECT_ROUTES]: mounted });
}

/**
 * The handlers Hono runs for `method path` in `app`, in its order: the same function objects,
 * so that the direct route cannot miss a check the app makes (or make one it does not).
 */
export function layersOf(app: Hono<HandlerEnv>, method: string, path: string): MiddlewareHandler[] {
  const [matched] = app.router.match(method, path);
  return (matched as unknown as [[MiddlewareHandler, unknown], unknown][]).map(
    ([[handler]]) => handler,
  );
}

/**
 * What a layer answers: the status, and the body as text (the headers are the context's); or,
 * for a stream (`directStream`), what writes its body once the head is written.
 */
interface DirectAnswer {
  status: number;
  body: string | null;
  headers: HeaderView;
  stream?: (outgoing: ServerResponse) => void;
}

/** The headers of the answer in the making, as `c.res.headers` shows them (set, append, delete, get, has). */
class HeaderView {
  readonly map = new Map<string, string>();
  set(name: string, value: string): void {
    this.map.set(name.toLowerCase(), value);
  }
  append(name: string, value: string): void {
    const key = name.toLowerCase();
    const was = this.map.get(key);
    this.map.set(key, was === undefined ? value : `${was}, ${value}`);
  }
  delete(name: string): void {
    this.map.delete(name.toLowerCase());
  }
  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null;
  }
  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }
}

/**
 * `c.req` of a `DirectContext`: `header` (repeated headers joined with `, `, as `Headers` does,
 * where Node would keep the first of some), `method`, `path`, `text()` (read once, kept),
 * `query`, `param`, `raw` (a web `Request` of the method, URL and headers, made only if a
 * `clientAddress` recipe asks). Methods of a class, not closures made for each request.
 */
class DirectRequest {
  readonly method: string;
  readonly path: string;
  readonly #incoming: IncomingMessage;
  readonly #url: string;
  readonly #queryAt: number;
  readonly #params: Readonly<Record<string, string>> | undefined;
  #text: Promise<string> | undefined;
  #raw: Request | undefined;

  constructor(incoming: IncomingMessage, params: Readonly<Record<string, string>> | undefined) {
    const url = incoming.url ?? '/';
    const queryAt = url.indexOf('?');
    this.#incoming = incoming;
    this.#url = url;
    this.#queryAt = queryAt;
    this.#params = params;
    this.method = incoming.method ?? 'GET';
    this.path = queryAt === -1 ? url : url.slice(0, queryAt);
  }

  header(name: string): string | undefined {
    return headerOf(this.#incoming.rawHeaders, name);
  }

  text(): Promise<string> {
    return (this.#text ??= readText(this.#incoming));
  }

  query(name: string): string | undefined {
    return this.#queryAt === -1
      ? undefined
      : (new URLSearchParams(this.#url.slice(this.#queryAt + 1)).get(name) ?? undefined);
  }

  param(name: string): string | undefined {
    return this.#params?.[name];
  }

  get raw(): Request {
    return (this.#raw ??= requestOf(this.#incoming));
  }
}

/**
 * The part of Hono's `Context` the payment's layers use, over a Node request: `req`
 * (`DirectRequest`), `env.incoming`/`env.outgoing` (as `@hono/node-server` binds them),
 * `get`/`set`, `header`, `json`, `res`, `error`, `finalized`. Headers set before an answer is
 * made are the answer's, as Hono's are. Its methods are the class's (Hono's context makes them
 * closures per request; no layer here takes one off the context).
 */
class DirectContext {
  readonly env: { incoming: IncomingMessage; outgoing: ServerResponse };
  readonly req: DirectRequest;
  finalized = false;
  error: Error | undefined;
  readonly headers = new HeaderView();
  #vars: Map<string, unknown> | undefined;
  #res: DirectAnswer | undefined;

  constructor(
    incoming: IncomingMessage,
    outgoing: ServerResponse,
    params: Readonly<Record<string, string>> | undefined,
  ) {
    this.env = { incoming, outgoing };
    this.req = new DirectRequest(incoming, params);
  }

  get(key: string): unknown {
    return this.#vars?.get(key);
  }

  set(key: string, value: unknown): void {
    (this.#vars ??= new Map()).set(key, value);
  }

  header(name: string, value: string | undefined, options?: { append?: boolean }): void {
    if (value === undefined) this.headers.delete(name);
    else if (options?.append) this.headers.append(name, value);
    else this.headers.set(name, value);
  }

  json(object: unknown, status = 200): DirectAnswer {
    this.headers.set('Content-Type', 'application/json');
    return { status, body: JSON.stringify(object), headers: this.headers };
  }

  stream(status: number, write: (outgoing: ServerResponse) => void): DirectAnswer {
    return { status, body: null, headers: this.headers, stream: write };
  }

  get res(): DirectAnswer {
    return (this.#res ??= { status: 200, body: null, headers: this.headers });
  }

  set res(answer: DirectAnswer) {
    this.#res = answer;
    this.finalized = true;
  }
}

/**
 * On a direct route, the answer of a stream: its head (status, the context's headers, no
 * length: Node frames it) written once every layer is done with it, as the Hono path's is,
 * then `write(outgoing)` called to write its body and end it, holding nothing of the context.
 * Undefined on Hono's path (`c` is Hono's context).
 */
export function directStream(
  c: Context<HandlerEnv>,
  status: number,
  write: (outgoing: ServerResponse) => void,
): Response | undefined {
  const direct: unknown = c;
  return direct instanceof DirectContext
    ? (direct.stream(status, write) as unknown as Response)
    : undefined;
}

/**
 * A request header as `Headers.get` answers it: every line of that name (any case) joined with
 * `, `, in the order sent; undefined when there is none. Read from Node's raw list, a few
 * entries long, rather than from `headers` or `headersDistinct`, which Node builds whole (every
 * name lowered, an object, an array per header) for the first header asked.
 */
function headerOf(raw: readonly string[], name: string): string | undefined {
  const lower = name.toLowerCase();
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length === lower.length && key.toLowerCase() === lower)
      value = value === undefined ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
  }
  return value;
}

/**
 * The bytes as `Request.text()` decodes them on the fetch path: UTF-8, a leading byte order
 * mark dropped (RFC 8259 8.1 lets a parser ignore it), so both routes read one body alike.
 */
function utf8Text(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The body as text: the bytes a framework kept (`rawBody`), else read from the socket. */
function readText(incoming: IncomingMessage): Promise<string> {
  const kept = (incoming as { rawBody?: unknown }).rawBody;
  if (Buffer.isBuffer(kept)) return Promise.resolve(utf8Text(kept));
  return new Promise((resolve, reject) => {
    // The listeners stay on the request, which is read once and then dropped: taking them off
    // costs more than they do (what comes after the end or an error is a settled promise's).
    const chunks: Buffer[] = [];
    const data = (chunk: Buffer) => chunks.push(chunk);
    const end = () => resolve(utf8Text(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    const fail = (error: Error) => reject(error);
    const closed = () => {
      if (!incoming.readableEnded) fail(new Error('the request was closed before its body ended'));
    };
    incoming.on('data', data);
    incoming.on('end', end);
    incoming.on('error', fail);
    incoming.on('close', closed);
  });
}

/** A web `Request` of the method, URL and headers (no body: it is read as text), for a `clientAddress` recipe. */
function requestOf(incoming: IncomingMessage): Request {
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    // HTTP/1 only here: no pseudo-headers to skip.
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // A value Headers refuses is left out, as @hono/node-server would fail it.
    }
  }
  const host = incoming.headers.host ?? 'localhost';
  const secure = (incoming.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  return new Request(`${secure ? 'https' : 'http'}://${host}${incoming.url ?? '/'}`, {
    method: incoming.method ?? 'GET',
    headers,
  });
}

/**
 * A direct route running `layers` (a middleware chain ending with the route), each layer
 * answering its own errors with `recover` as the Hono app's do (handler.ts `answeringErrors`).
 */
export function directRoute(
  layers: readonly MiddlewareHandler<HandlerEnv>[],
  recover: (error: unknown, c: Context<HandlerEnv>) => Response,
): DirectRoute {
  return async (incoming, outgoing, params) => {
    const c = new DirectContext(incoming, outgoing, params);
    const hono = c as unknown as Context<HandlerEnv>;
    // As Hono's compose: a layer's answer becomes the context's unless one was made already.
    const settle = (result: unknown): DirectContext => {
      if (result && !c.finalized) c.res = result as DirectAnswer;
      return c;
    };
    const failed = (error: unknown): DirectContext => settle(recover(error, hono));
    // A layer's promise is followed with `then` rather than awaited in an async function of
    // its own: one promise per layer instead of two. Whatever a layer throws or rejects with
    // is answered by `recover`; what `recover` throws rejects the layer's `next()`, as in Hono.
    const dispatch = (i: number): Promise<DirectContext> => {
      const layer = layers[i];
      if (layer === undefined) return Promise.resolve(c);
      let result: unknown;
      try {
        result = layer(hono, () => dispatch(i + 1) as unknown as Promise<void>);
      } catch (error) {
        try {
          return Promise.resolve(failed(error));
        } catch (unanswered) {
          return Promise.reject(unanswered);
        }
      }
      return typeof (result as { then?: unknown } | null)?.then === 'function'
        ? Promise.resolve(result).then(settle, failed)
        : Promise.resolve(settle(result));
    };
    try {
      await dispatch(0);
    } catch {
      // What no layer answered (not an Error, or the error answer itself threw): 500, empty,
      // as @hono/node-server answers a fetch that throws. Never a rejection: the Node server
      // has no one to hand it to, and an unhandled rejection ends the process.
      if (!outgoing.headersSent) outgoing.writeHead(500);
      outgoing.end();
      return;
    }
    const { status, body, stream } = c.res;
    // A flat list, which Node writes as it is (each name and value still checked).
    const headers: string[] = [];
    c.headers.map.forEach((value, name) => headers.push(name, value));
    if (stream) {
      // A GET (no body to drain); Node sends the head with the first write.
      outgoing.writeHead(status, headers);
      stream(outgoing);
      return;
    }
    if (body !== null) headers.push('content-length', String(Buffer.byteLength(body)));
    // A body left unread (refused before it was read: too large) is drained for a while, as
    // @hono/node-server does, so that the client reads the refusal rather than a reset.
    if (!incoming.readableEnded)
      outgoing.once('finish', () => {
        if (!incoming.readableEnded) drain(incoming);
      });
    outgoing.writeHead(status, headers);
    outgoing.end(body ?? undefined);
  };
}

const DRAIN_MS = 500;
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/** Reads and drops what still comes of a body for 500 ms (at most 64 MB), then closes the socket. */
function drain(incoming: IncomingMessage): void {
  let read = 0;
  const cleanup = () => {
    clearTimeout(timer);
    incoming.off('data', data);
    incoming.off('end', cleanup);
    incoming.off('error', cleanup);
  };
  const close = () => {
    cleanup();
    const socket = incoming.socket;
    if (socket && !socket.destroyed) socket.destroySoon();
  };
  const timer = setTimeout(close, DRAIN_MS);
  timer.unref();
  const data = (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_MAX_BYTES) close();
  };
  incoming.on('data', data);
  incoming.on('end', cleanup);
  incoming.on('error', cleanup);
  incoming.resume();
}
