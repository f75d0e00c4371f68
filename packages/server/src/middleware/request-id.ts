/**
 * The request id: the client's `X-Request-Id` when it is short and made of safe characters
 * (so that it can be written in a log line as it is), else a fresh UUID; set as
 * `c.get('requestId')` and sent back in `X-Request-Id`, so the caller learns which was used.
 *
 * hono/request-id does the same with a fixed character check (`[\w=-]`) that refuses the
 * `.` and `:` of common trace ids; otherwise alike.
 */
import type { MiddlewareHandler } from 'hono';
import type { RequestIdVariables } from 'hono/request-id';

/** Letters, digits and `_ . : = -`, 1 to 64 of them. */
export const SAFE_REQUEST_ID = /^[\w.:=-]{1,64}$/;

export function requestId({
  headerName = 'X-Request-Id',
}: { headerName?: string } = {}): MiddlewareHandler<{ Variables: RequestIdVariables }> {
  // Not async: it only sets the id before the rest runs, so it hands on next()'s promise.
  return function requestId(c, next) {
    const sent = c.req.header(headerName);
    const id = sent !== undefined && SAFE_REQUEST_ID.test(sent) ? sent : crypto.randomUUID();
    c.set('requestId', id);
    c.header(headerName, id);
    return next();
  };
}
