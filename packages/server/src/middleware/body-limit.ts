/**
 * A body limit that counts the bytes as they arrive, with or without `Content-Length`, and
 * refuses as soon as the limit is passed: a chunked body cannot walk past it.
 *
 * hono/body-limit does the same counting, but re-creates the `Request` from the old one
 * (`new Request(c.req.raw, …)`), which the Node adapter's lightweight request does not
 * survive when the global `Request` is not the adapter's; here the new `Request` is made
 * from the URL, method and headers, whatever runtime serves the handler.
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import { readBodyLimited } from '@paylit/core/body';

export interface BodyLimitOptions {
  /** The largest body read, in bytes. */
  maxBytes: number;
  /** The answer (or the thrown error) once the limit is passed. */
  onTooLarge: (c: Context) => Response | Promise<Response>;
  /** The answer when the body stops short: the client went away or was too slow. */
  onIncomplete: (c: Context, error: unknown) => Response | Promise<Response>;
}

export function bodyLimit({
  maxBytes,
  onTooLarge,
  onIncomplete,
}: BodyLimitOptions): MiddlewareHandler {
  // Not async: each way below hands on the promise it has (the body's read followed with
  // `then` on Node's path, which every payment takes); what a check throws is its rejection.
  return function bodyLimit(c, next) {
    try {
      const answer = limited(c, next);
      return answer instanceof Promise ? answer : Promise.resolve(answer);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  };

  async function readWhole(c: Context, next: Next): Promise<Response | void> {
    const raw = c.req.raw;
    if (!raw.body) return next();
    // A framework's middleware read it first (`await request.json()`): say so, as the Node adapter does.
    if (raw.bodyUsed)
      throw new Error(
        `paylit: ${raw.method} ${c.req.path}: the request's body was read before paylit got it: hand paylit the request before reading its body, or read a clone (request.clone()) and hand paylit the original`,
      );
    const read = await readBodyLimited(raw.body, maxBytes);
    if (read.kind === 'incomplete') return onIncomplete(c, read.error);
    if (read.kind === 'too_large') return onTooLarge(c);
    const { bytes } = read;
    c.req.raw = new Request(raw.url, {
      method: raw.method,
      headers: raw.headers,
      body: bytes.byteLength > 0 ? bytes : null,
      signal: raw.signal,
    });
    return next();
  }

  function limited(c: Context, next: Next): Promise<Response | void> | Response | void {
    const declared = c.req.header('Content-Length');
    const chunked = c.req.header('Transfer-Encoding') !== undefined;
    // A declared length over the limit is refused before a byte is read.
    if (declared !== undefined && !(Number(declared) <= maxBytes)) return onTooLarge(c);
    // GET and HEAD bodies are never read (and a runtime gives them no stream to count):
    // one of unknown length is refused rather than left for the runtime to drain.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return chunked ? onTooLarge(c) : next();
    // Node, HTTP/1 (@hono/node-server hands the IncomingMessage over as `c.env.incoming`): a
    // body with a declared length cannot run past it, as Node's parser hands over exactly that
    // many bytes, and the length is within the limit. The adapter's own reader takes it
    // straight from the socket (no web stream, no second Request), kept for the route; its size
    // is checked again, in case a middleware before this one swapped the Request. Hono's request
    // keeps it as its bytes, not as text: decoding drops a leading byte order mark, and a
    // notification's signature is over the bytes received (`c.req.text()` decodes the kept
    // bytes). The direct route's stand-in (direct.ts, `POST /payments` alone) keeps its text.
    if (
      declared !== undefined &&
      !chunked &&
      (c.env as { incoming?: { httpVersionMajor?: number } } | undefined)?.incoming
        ?.httpVersionMajor === 1
    ) {
      if (typeof (c.req as Partial<typeof c.req>).arrayBuffer !== 'function')
        return c.req.text().then<Response | void, Response>(
          (text) =>
            text.length > maxBytes ||
            (text.length * 3 > maxBytes && Buffer.byteLength(text) > maxBytes)
              ? onTooLarge(c)
              : next(),
          (error: unknown) => onIncomplete(c, error),
        );
      return c.req.arrayBuffer().then<Response | void, Response>(
        (bytes) => (bytes.byteLength > maxBytes ? onTooLarge(c) : next()),
        (error: unknown) => onIncomplete(c, error),
      );
    }
    return readWhole(c, next);
  }
}
