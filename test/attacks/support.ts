/**
 * What every attack spec shares: one line per attack saying what was tried and what held,
 * so that `npm run test:attacks` reads as a report (counts from the sandbox's ledger, never
 * from the server's own bookkeeping).
 */
import { request } from 'node:http';
import { test } from '@playwright/test';

/** Prints `attack: <what was tried> → held: <what held>` and attaches it to the test's report. */
export function report(tried: string, held: string): void {
  const line = `attack: ${tried}\n  held: ${held}`;
  console.log(line);
  test.info().annotations.push({ type: 'attack', description: `${tried} → ${held}` });
}

/** `total` bytes in 64 KiB chunks, the same buffer each time: the test never holds a body. */
export function* bytes(total: number, fill = 'a'): Generator<Buffer> {
  const chunk = Buffer.alloc(64 * 1024, fill);
  for (let sent = 0; sent < total; sent += chunk.length)
    yield total - sent >= chunk.length ? chunk : chunk.subarray(0, total - sent);
}

export interface Streamed {
  status?: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  /** Bytes handed to the socket before the answer came or the connection closed. */
  sent: number;
  ms: number;
  error?: string;
}

/**
 * Sends `body` chunked (no Content-Length) with node:http, honouring backpressure, and
 * stops as soon as an answer arrives or the connection closes.
 */
export function stream(
  url: string,
  body: Iterable<Buffer>,
  headers: Record<string, string> = {},
  method = 'POST',
): Promise<Streamed> {
  const started = performance.now();
  // Named, or node:http sends GET and DELETE bodies unframed.
  const req = request(url, {
    method,
    headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', ...headers },
  });
  let sent = 0;
  let stop = false;
  const answered = new Promise<Omit<Streamed, 'sent' | 'ms'>>((resolve) => {
    req.once('response', (res) => {
      stop = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.once('end', () => resolve({ status: res.statusCode, body: text, headers: res.headers }));
      res.once('error', () =>
        resolve({ status: res.statusCode, body: text, headers: res.headers }),
      );
    });
    req.once('error', (error: NodeJS.ErrnoException) => {
      stop = true;
      resolve({ body: '', headers: {}, error: error.code ?? error.message });
    });
    req.once('close', () => {
      stop = true;
      resolve({ body: '', headers: {}, error: 'closed' });
    });
  });
  req.on('error', () => {}); // EPIPE or a reset after the answer: the server stopped reading.
  return (async () => {
    for (const chunk of body) {
      if (stop || req.destroyed) break;
      sent += chunk.length;
      if (!req.write(chunk)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            req.off('drain', done);
            req.off('close', done);
            resolve();
          };
          req.on('drain', done);
          req.on('close', done);
          void answered.then(done);
        });
      }
    }
    if (!stop && !req.destroyed) req.end();
    const answer = await answered;
    req.destroy();
    return { ...answer, sent, ms: Math.round(performance.now() - started) };
  })();
}

/**
 * A decline limit's window of about an hour that will not turn in the next `room` ms. The
 * limiter numbers its windows by the store's clock (the window is `floor(now / windowMs)`), so
 * an hour's window turns at every xx:00:00, and a test that counts its declines across that
 * instant sees the count start again (seen once in CI: 11 declines let through where the limit
 * was 10, the run crossing 14:00:00). The first length from 60 minutes on, a minute at a time,
 * whose current window has more than `room` left.
 */
export function steadyWindowMs(room = 10 * 60_000): number {
  const now = Date.now();
  for (let minutes = 60; ; minutes++) {
    const windowMs = minutes * 60_000;
    if (windowMs - (now % windowMs) > room) return windowMs;
  }
}
