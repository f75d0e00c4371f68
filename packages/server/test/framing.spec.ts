/**
 * What the server fetches to decide whether the bank's 3-D Secure page may be shown in a frame
 * (framing.ts `frameable`: a `HEAD` of the page the API named), against small local servers on
 * 127.0.0.1 that answer as a hostile or broken page would: a redirect to another host, an
 * answer that never comes or trickles, huge headers, a body on a HEAD, garbage header values.
 * Each time the probe ends within its time limit and says "not framed", so the shopper goes to
 * the page by the redirect flow and the payment is never held up; it never follows a redirect.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer, type Socket } from 'node:net';
import { expect, test } from '@playwright/test';
import { frameable } from '../src/framing.js';

const shopPage = 'https://shop.example';

interface Local {
  url: string;
  /** The requests it received (method and path). */
  seen: string[];
  close(): Promise<void>;
}

/** A raw TCP server on 127.0.0.1 (`host`) that answers each connection with `answer`. */
async function raw(answer: (socket: Socket) => void, host = '127.0.0.1'): Promise<Local> {
  const sockets = new Set<Socket>();
  const seen: string[] = [];
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.once('data', (d) => {
      seen.push(d.toString('latin1').split('\r\n')[0]!);
      answer(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as { port: number }).port}/acs/challenge`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A plain HTTP server on `host` answering every request with `status` and `headers`. */
async function http(
  status: number,
  headers: Record<string, string>,
  host = '127.0.0.1',
): Promise<Local> {
  const seen: string[] = [];
  const server = createHttpServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(status, headers).end();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as { port: number }).port}/acs/challenge`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The probe's answer and how long it took. */
async function probe(url: string, timeoutMs?: number) {
  const started = Date.now();
  const framed = await frameable(url, shopPage, globalThis.fetch, timeoutMs);
  return { framed, ms: Date.now() - started };
}

test('the probe is sound: a page that lets the shop frame it is framed', async () => {
  const page = await http(200, { 'Content-Security-Policy': `frame-ancestors ${shopPage}` });
  try {
    expect((await probe(page.url)).framed).toBe(true);
    expect(page.seen).toEqual(['HEAD /acs/challenge']);
  } finally {
    await page.close();
  }
});

test('a redirect to another host is not followed: the other host is never asked, and the page is not framed', async () => {
  // The other host would let anyone frame it: following the redirect would judge its headers.
  const other = await http(200, {}, '127.0.0.2');
  const page = await http(302, { Location: other.url });
  const samePlace = await http(307, { Location: '/acs/elsewhere' });
  try {
    expect((await probe(page.url)).framed).toBe(false);
    expect((await probe(samePlace.url)).framed).toBe(false);
    expect(other.seen).toEqual([]);
    expect(page.seen).toEqual(['HEAD /acs/challenge']);
    expect(samePlace.seen).toEqual(['HEAD /acs/challenge']);
  } finally {
    await Promise.all([other.close(), page.close(), samePlace.close()]);
  }
});

test('an answer that never comes, or comes a byte at a time, ends at the time limit (3 s by default): not framed', async () => {
  const silent = await raw(() => {});
  const trickle = await raw((socket) => {
    socket.write('HTTP/1.1 200 OK\r\n');
    const timer = setInterval(() => socket.write('X-Slow: a\r\n'), 100);
    socket.on('close', () => clearInterval(timer));
  });
  try {
    // The handler's own call: the default limit.
    const [a, b] = await Promise.all([probe(silent.url), probe(trickle.url)]);
    for (const { framed, ms } of [a, b]) {
      expect(framed).toBe(false);
      expect(ms).toBeGreaterThanOrEqual(2_900);
      // Never much longer than the limit, even on a loaded machine.
      expect(ms).toBeLessThan(10_000);
    }
    const shorter = await probe(silent.url, 300);
    expect([shorter.framed, shorter.ms < 5_000]).toEqual([false, true]);
  } finally {
    await Promise.all([silent.close(), trickle.close()]);
  }
});

test('hostile answers: huge headers, a huge body on a HEAD, garbage header values, not HTTP at all: each not framed, at once', async () => {
  const framingHeader = `Content-Security-Policy: frame-ancestors ${shopPage}\r\n`;
  const pages = {
    // 1 MiB of headers, then the policy that would allow it.
    hugeHeaders: await raw((socket) => {
      socket.write(`HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(1024 * 1024)}\r\n${framingHeader}\r\n`);
    }),
    manyHeaders: await raw((socket) => {
      socket.write(`HTTP/1.1 200 OK\r\n${'X-N: 1\r\n'.repeat(20_000)}${framingHeader}\r\n`);
    }),
    // A HEAD has no body; this one sends 64 MiB anyway, announcing 64 GiB, with a policy
    // that refuses the shop: judged by its headers at once, the body never read.
    hugeBody: await raw((socket) => {
      socket.write(
        `HTTP/1.1 200 OK\r\nContent-Security-Policy: frame-ancestors 'none'\r\nContent-Length: 68719476736\r\n\r\n`,
      );
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const more = () => {
        while (sent < 1024 && socket.writable && socket.write(chunk)) sent++;
        if (sent < 1024 && socket.writable) socket.once('drain', more);
      };
      more();
    }),
    controlBytes: await raw((socket) => {
      socket.end(
        `HTTP/1.1 200 OK\r\nContent-Security-Policy: frame-ancestors \x00\x01 ${shopPage}\r\nContent-Length: 0\r\n\r\n`,
      );
    }),
    notHttp: await raw((socket) => socket.end('\x16\x03\x01 hello, this is not HTTP\r\n\r\n')),
    resetMidway: await raw((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Secu');
      socket.destroy();
    }),
  };
  // Values that parse but say nothing a browser would read as allowing the shop: not framed.
  const garbage = [
    'frame-ancestors',
    'frame-ancestors ;;;,,,',
    `frame-ancestors ${shopPage}\u00ff`,
    `frame-ancestors *.${'a'.repeat(8000)}`,
    `frame-ancestors ${shopPage}, frame-ancestors 'none'`,
  ];
  const garbled: Local[] = [];
  for (const value of garbage) garbled.push(await http(200, { 'Content-Security-Policy': value }));
  // X-Frame-Options as browsers read it (HTML's "X-Frame-Options" check): several different
  // values with DENY, SAMEORIGIN or ALLOWALL among them are a conflict, which blocks the frame;
  // only unknown values refuse nothing.
  const xfoCases: [string, boolean][] = [
    ['DENY, garbage', false],
    ['garbage, SAMEORIGIN', false],
    ['ALLOWALL, DENY', false],
    ['SAMEORIGIN, sameorigin', false],
    ['deny', false],
    ['garbage', true],
    ['garbage, more garbage', true],
    ['ALLOWALL', true],
  ];
  const xfo: Local[] = [];
  for (const [value] of xfoCases) xfo.push(await http(200, { 'X-Frame-Options': value }));
  try {
    for (const [name, page] of Object.entries(pages)) {
      const { framed, ms } = await probe(page.url);
      expect(framed, name).toBe(false);
      // An error, not the time limit: the payment goes on at once.
      expect(ms, name).toBeLessThan(2_900);
    }
    for (const [i, page] of garbled.entries())
      expect((await probe(page.url)).framed, garbage[i]).toBe(false);
    for (const [i, page] of xfo.entries())
      expect((await probe(page.url)).framed, xfoCases[i]![0]).toBe(xfoCases[i]![1]);
  } finally {
    await Promise.all([...Object.values(pages), ...garbled, ...xfo].map((p) => p.close()));
  }
});
