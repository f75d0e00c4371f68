/**
 * A merchant's notification endpoint for the specs: records every POST (headers and raw
 * body) and answers with the statuses it is told to, then 200.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export class Receiver {
  readonly received: Received[] = [];
  /** Statuses to answer with, in order, before answering 200. */
  failWith: number[] = [];
  #server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        });
        res.writeHead(this.failWith.shift() ?? 200, { 'Content-Type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    const address = this.#server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    this.url = `http://127.0.0.1:${address.port}`;
    return this;
  }

  /** Posts received on `path` whose body is a record with this id. */
  for(path: string, id?: string): (Received & { record: any })[] {
    return this.received
      .filter((r) => r.path === path)
      .map((r) => ({ ...r, record: JSON.parse(r.body) }))
      .filter((r) => id === undefined || r.record.id === id);
  }

  async waitFor(
    count: number,
    path: string,
    id?: string,
    timeoutMs = 5000,
  ): Promise<(Received & { record: any })[]> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const found = this.for(path, id);
      if (found.length >= count) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(
      `expected ${count} notifications on ${path}${id ? ` for ${id}` : ''}, got ${this.for(path, id).length}`,
    );
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise((resolve) => this.#server?.close(resolve));
  }
}
