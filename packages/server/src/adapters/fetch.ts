/**
 * The handler where a framework hands it a web `Request` with the whole URL: a Next.js route
 * handler, a Worker, Deno, Bun.
 *
 * @example
 * // app/paylit/[...path]/route.ts
 * const paylit = toFetchHandler(handler, { basePath: '/paylit' });
 * export const GET = paylit;
 * export const POST = paylit;
 */

/** Anything with Hono's `fetch`: the checkout handler, or an app it is mounted in. */
export interface FetchApp {
  fetch(request: Request, env?: any): Response | Promise<Response>;
}

export interface FetchHandlerOptions {
  /**
   * The path the handler is mounted at, such as `/paylit`: taken off the request's path before
   * the handler routes it (`/paylit/checkout` is its `/checkout`). Default: none.
   */
  basePath?: string;
}

/** `basePath` checked and without its trailing slash (`''` for none). */
export function normalizeBasePath(basePath: string | undefined, caller: string): string {
  if (basePath === undefined) return '';
  if (typeof basePath !== 'string' || !/^\/[\w.~%!$&'()*+,;=:@/-]*$/.test(basePath)) {
    throw new TypeError(`${caller}: basePath must be a path such as /paylit`);
  }
  return basePath.replace(/\/+$/, '');
}

/** The path under `base`, or undefined when `path` is not under it. */
export function underBase(path: string, base: string): string | undefined {
  if (base === '') return path;
  if (path === base) return '/';
  return path.startsWith(`${base}/`) ? path.slice(base.length) : undefined;
}

/**
 * `(request) => Promise<Response>` for a runtime that hands over the whole URL: the request is
 * routed by its path under `basePath`. A path outside it is answered by the handler's own 404.
 */
export function toFetchHandler(
  handler: FetchApp,
  options: FetchHandlerOptions = {},
): (request: Request) => Promise<Response> {
  const base = normalizeBasePath(options.basePath, 'toFetchHandler');
  return async (request) => {
    if (base === '') return handler.fetch(request);
    const url = new URL(request.url);
    const path = underBase(url.pathname, base);
    if (path === undefined) return handler.fetch(request);
    url.pathname = path;
    const init: RequestInit & { duplex?: 'half' } = {
      method: request.method,
      headers: request.headers,
      signal: request.signal,
    };
    if (request.body !== null) {
      init.body = request.body;
      init.duplex = 'half';
    }
    return handler.fetch(new Request(url, init));
  };
}
