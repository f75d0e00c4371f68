/**
 * The handler where a framework hands it a web `Request` with the whole URL: a Next.js route
 * handler, a Worker, Deno, Bun. There is no socket there: `clientAddress` reads the client's
 * address from the platform (see the README's recipes).
 *
 * @example
 * // app/paylit/[...path]/route.ts, on Vercel
 * const paylit = toFetchHandler(handler, {
 *   basePath: '/paylit',
 *   clientAddress: (request) => request.headers.get('x-real-ip'),
 * });
 * export const GET = (request: Request) => paylit(request);
 * export const POST = (request: Request) => paylit(request);
 */
import type { ClientAddressRecipe } from '../middleware/client-address.js';

/** Anything with Hono's `fetch`: the checkout handler, or an app it is mounted in. */
export interface FetchApp {
  fetch(request: Request, env?: any): Response | Promise<Response>;
}

export interface FetchHandlerOptions {
  /**
   * The path the handler is mounted at, such as `/paylit`: taken off the request's path before
   * the handler routes it (`/paylit/checkout` is its `/checkout`). Written as the route names it,
   * letters outside ASCII too (`/cobrança`). Default: none.
   */
  basePath?: string;
  /**
   * The client's address as the platform tells it: `(request, platform) => address`, where
   * `platform` is the second argument the returned function was called with (SvelteKit's
   * `event`, Deno's `info`). Handed to the handler beside the request; the handler's own
   * `clientAddress` option, when given, is asked first. Read only when a request comes.
   */
  clientAddress?: ClientAddressRecipe;
}

/**
 * `basePath` checked and without its trailing slash (`''` for none), its letters outside ASCII
 * written as a request's path carries them (`/cobrança` is `/cobran%C3%A7a`, UTF-8
 * percent-encoded, as browsers send it), which is what it is compared with.
 */
export function normalizeBasePath(basePath: string | undefined, caller: string): string {
  if (basePath === undefined) return '';
  let path: string | undefined;
  try {
    path =
      typeof basePath === 'string'
        ? basePath.replace(/[^\x00-\x7f]+/g, (letters) => encodeURIComponent(letters))
        : undefined;
  } catch {
    // A lone surrogate: no path at all.
  }
  if (path === undefined || !/^\/[\w.~%!$&'()*+,;=:@/-]*$/.test(path)) {
    throw new TypeError(`${caller}: basePath must be a path such as /paylit`);
  }
  return path.replace(/\/+$/, '');
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
): (request: Request, platform?: unknown) => Promise<Response> {
  const base = normalizeBasePath(options.basePath, 'toFetchHandler');
  const recipe = options.clientAddress;
  if (recipe !== undefined && typeof recipe !== 'function')
    throw new TypeError(
      "toFetchHandler: clientAddress must be a function (request, platform) => the client's address",
    );
  return async (request, platform) => {
    const address = recipe?.(request, platform);
    const env =
      typeof address === 'string' && address !== '' ? { paylitClientAddress: address } : undefined;
    if (base === '') return handler.fetch(request, env);
    const url = new URL(request.url);
    const path = underBase(url.pathname, base);
    if (path === undefined) return handler.fetch(request, env);
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
    return handler.fetch(new Request(url, init), env);
  };
}
