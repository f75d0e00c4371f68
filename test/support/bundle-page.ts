/**
 * A merchant's page with paylit's script-tag bundle beside it, on 127.0.0.1 as a developer's
 * machine serves one: `/paylit.js` and its chunks from the built bundle (and the same files below
 * each prefix in `copies`: another copy of paylit, as the browser sees one), `/page.js` the page's
 * own script, and every other path the page `page` writes for that URL.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Served } from './shop-front.js';

const bundle = fileURLToPath(new URL('../../packages/elements/dist/bundle/', import.meta.url));

export async function serveBundlePage(
  page: (url: URL) => string,
  pageScript: string,
  { copies = [] }: { copies?: string[] } = {},
): Promise<Served> {
  const prefixes = ['/', ...copies.map((prefix) => `/${prefix.replace(/^\/|\/$/g, '')}/`)];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const prefix = prefixes.filter((p) => url.pathname.startsWith(p)).pop();
    const file = prefix && /^paylit(\.[\w.-]+)?\.js$/.exec(url.pathname.slice(prefix.length))?.[0];
    if (file && existsSync(bundle + file))
      return void res
        .writeHead(200, { 'Content-Type': 'text/javascript' })
        .end(readFileSync(bundle + file));
    if (url.pathname === '/page.js')
      return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(pageScript);
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(page(url));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
