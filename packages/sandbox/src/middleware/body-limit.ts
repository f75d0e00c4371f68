/**
 * Every request body is read here, once, before anything else (faults, authentication,
 * routing), counting its bytes as they stream: past `maxBytes` the answer is 413 / 5000 at
 * once, with or without `Content-Length` (a chunked body is cut off at the limit, the rest
 * is never kept). The bytes read become `rawBytes`, what the signature covers, and `rawBody`,
 * their text, and feed `c.req`'s own readers (`text()`, `parseBody()`).
 *
 * Not `hono/body-limit`: it counts the same way but then re-creates the request with
 * `new Request(c.req.raw, { body })`, which the Node adapter's lightweight request does not
 * survive for a DELETE; here the request is never re-created.
 */
import type { MiddlewareHandler } from 'hono';
import { encodedBody, readBodyLimited } from '@paylit/core/body';
import { ApiFailure } from '../errors.js';
import type { SandboxEnv } from '../env.js';

/** The largest body the sandbox reads. */
export const MAX_BODY_BYTES = 1024 * 1024;

const decoder = new TextDecoder();

function tooLarge(): ApiFailure {
  return new ApiFailure(5000, undefined, 413);
}

export function bodyLimit({
  maxBytes = MAX_BODY_BYTES,
}: { maxBytes?: number } = {}): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const declared = c.req.header('Content-Length');
    if (declared !== undefined && !c.req.header('Transfer-Encoding') && Number(declared) > maxBytes)
      throw tooLarge();
    const read = await readBodyLimited(
      c.req.method === 'GET' || c.req.method === 'HEAD' ? null : c.req.raw.body,
      maxBytes,
    );
    // The client went away (or timed out) mid-body: nobody hears the answer, and it is no error of the sandbox.
    if (read.kind === 'incomplete') throw new ApiFailure(5000);
    if (read.kind === 'too_large') throw tooLarge();
    const { bytes } = read;
    // A compressed body is not inflated: 415 naming the header, before its bytes are read as JSON or signed text.
    if (bytes.byteLength > 0 && encodedBody(c.req.header('Content-Encoding')))
      throw new ApiFailure(5001, 'Content-Encoding', 415);
    // HonoRequest keeps promises of what it read in `bodyCache` (typed as values); its readers derive the others from it.
    (c.req.bodyCache as Record<string, Promise<unknown>>).arrayBuffer = Promise.resolve(
      bytes.buffer,
    );
    // The signature covers the bytes: decoding drops a leading byte order mark.
    c.set('rawBytes', bytes);
    c.set('rawBody', decoder.decode(bytes));
    await next();
  };
}
