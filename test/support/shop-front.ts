/**
 * A shop's own server in front of the demo, on 127.0.0.1 as a developer's machine serves it: the
 * demo's script-tag page (`/plain.html`) as a shop that pins `paylit.js` writes it (its tag with
 * the release's `integrity`, `crossorigin` and the page's nonce; its policy with that nonce),
 * everything else as the demo answers. No test tool answers the page in the browser's place:
 * Chromium sees it come from the server's address, as a shopper's browser does.
 *
 * A CDN of paylit's files (`cdn()`): the built bundle with `Access-Control-Allow-Origin: *`, as a
 * CDN serves a library (a module script or a pinned script from another origin needs CORS).
 */
import { readFile } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../../packages/elements/dist/bundle/', import.meta.url));

/** The nonce a pinned page gives `paylit.js`'s tag (and its policy), which its import map takes. */
export const NONCE = 'c2hvcC1ub25jZQ';

export interface Served {
  url: string;
  close(): Promise<void>;
}

export interface FrontOptions {
  /** The page's `<script src=paylit.js>` pinned with this SRI value; none: the page as served. */
  pin?: string;
  /** Where paylit's files come from (an origin); default the page's own (`/paylit.js`). */
  files?: string;
  /** The page's policy from the demo's (default: with the nonce added when pinned). */
  csp?: (demo: string) => string;
  /** Whether the pinned tag carries the page's nonce (and the default policy allows it); default true. */
  nonce?: boolean;
  /** Listen on this address; default 127.0.0.1. */
  host?: string;
  /**
   * A request whose path this answers a promise for is passed on once it settles: the server
   * holds what a test cannot hold in the browser (the card frame's own requests, made by a
   * process of its own).
   */
  hold?: (path: string) => Promise<void> | undefined;
  /**
   * A request whose path this answers true for gets the demo's status and headers and half of
   * its body, then the connection is cut (a network that drops mid-answer).
   */
  cut?: (path: string) => boolean;
}

async function listen(server: ReturnType<typeof createServer>, host: string): Promise<Served> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The shop's server in front of `upstream` (the demo, or a proxy in front of it). `origin` is the
 * origin the demo's companion server allows (its own): the front passes the page's requests on
 * as the demo's own origin's, as a merchant's server names its public origin.
 */
export async function shopFront(
  upstream: string,
  origin: string,
  options: FrontOptions = {},
): Promise<Served> {
  const up = new URL(upstream);
  const server = createServer(async (req, res) => {
    await options.hold?.(new URL(req.url ?? '/', upstream).pathname);
    const headers: IncomingHttpHeaders = { ...req.headers, host: up.host };
    if (headers.origin) headers.origin = origin;
    const forward = request(
      { host: up.hostname, port: up.port, path: req.url, method: req.method, headers },
      (answer) => {
        const path = new URL(req.url ?? '/', upstream).pathname;
        if (options.cut?.(path)) {
          const parts: Buffer[] = [];
          answer.on('data', (part: Buffer) => parts.push(part));
          answer.on('end', () => {
            const body = Buffer.concat(parts);
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.write(body.subarray(0, body.length >> 1), () => res.destroy());
          });
          return;
        }
        if (path !== '/plain.html') {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          return void answer.pipe(res);
        }
        const parts: Buffer[] = [];
        answer.on('data', (part: Buffer) => parts.push(part));
        answer.on('end', () => {
          const html = Buffer.concat(parts).toString('utf8');
          const tag = /<script\s+src="\/paylit\.js"><\/script>/;
          if (!tag.test(html))
            return void res.writeHead(500).end("the demo's page has no <script src=/paylit.js>");
          // Read at each request: a test may change them between two visits of one shop.
          const { pin, files, csp, nonce = true } = options;
          const src = `${files ?? ''}/paylit.js`;
          const written = pin
            ? `<script src="${src}" integrity="${pin}" crossorigin="anonymous"${nonce ? ` nonce="${NONCE}"` : ''}></script>`
            : `<script src="${src}"${files ? ' crossorigin="anonymous"' : ''}></script>`;
          const policy = String(answer.headers['content-security-policy']);
          const out = { ...answer.headers };
          delete out['content-length'];
          out['content-security-policy'] = csp
            ? csp(policy)
            : pin && nonce
              ? policy.replace("script-src 'self'", `script-src 'self' 'nonce-${NONCE}'`)
              : policy;
          res.writeHead(answer.statusCode ?? 502, out).end(html.replace(tag, written));
        });
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  return listen(server, options.host ?? '127.0.0.1');
}

export interface HoldingFront extends Served {
  /** Whether the browser has asked for `path` (held or not). */
  asked(path: string): boolean;
  /** Lets the held request of `path` through. */
  release(path: string): void;
}

/**
 * The shop's server in front of the demo at `demo`, holding the requests of `paths` (a slow CDN,
 * as a test cannot hold the card frame's own requests in the browser) until each is let go.
 */
export async function holdingFront(demo: string, paths: readonly string[]): Promise<HoldingFront> {
  const asked = new Set<string>();
  const gates = new Map<string, () => void>();
  const held = new Map(paths.map((p) => [p, new Promise<void>((go) => gates.set(p, go))] as const));
  const shop = await shopFront(demo, demo, {
    hold: (path) => (asked.add(path), held.get(path)),
  });
  return { ...shop, asked: (path) => asked.has(path), release: (path) => gates.get(path)!() };
}

/** paylit's built files, with CORS, as a CDN serves them. */
export async function cdn(): Promise<Served> {
  const server = createServer((req, res) => {
    const file = /^\/(paylit(?:\.[\w-]+)*\.js(?:on)?)$/.exec(
      new URL(req.url ?? '/', 'http://x').pathname,
    )?.[1];
    const cors = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' };
    if (!file) return void res.writeHead(404, cors).end();
    readFile(`${bundle}${file}`).then(
      (body) =>
        res
          .writeHead(200, {
            ...cors,
            'Content-Type': file.endsWith('.json') ? 'application/json' : 'text/javascript',
          })
          .end(body),
      () => res.writeHead(404, cors).end(),
    );
  });
  return listen(server, '127.0.0.1');
}
