/**
 * Limits of the companion server (issue 11, parts 6, 7 and 9): bodies counted as they
 * stream on every route, log lines a client cannot forge, rate limits on the API's routes.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { formatXDate } from '@paylit/core/crypto';
import { MemoryStore, createCheckoutHandler, type LogEntry } from '@paylit/server';
import { serveNode } from '@paylit/server/node';
import { expect, test } from '@playwright/test';
import { payer, startShop, uid, type Shop } from '../../packages/server/test/support/harness.js';
import { bytes, report, stream } from './support.js';
import { scaled } from '../support/time.mjs';

const MB = 1024 * 1024;
const LIMIT = 64 * 1024;
const token = 'test-token-0123456789abcdef';
const fixture = fileURLToPath(new URL('./fixtures/limits-server.mjs', import.meta.url));
const cli = fileURLToPath(new URL('../../packages/server/dist/cli.js', import.meta.url));

/** Writes raw bytes to the server and reads until it closes (or `ms` pass). */
function raw(
  port: number,
  bytesToSend: Buffer | string,
  ms = 5_000,
): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, ms);
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    socket.write(
      typeof bytesToSend === 'string' ? Buffer.from(bytesToSend, 'latin1') : bytesToSend,
    );
  });
}

const statusLines = (text: string) =>
  [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));

interface ServerChild {
  child: ChildProcess;
  url: string;
  rss(): Promise<{ rss: number; maxRss: number }>;
  stop(): Promise<void>;
}

/** The companion server in its own process (test/attacks/fixtures/limits-server.mjs), to read its memory. */
async function startChild(): Promise<ServerChild> {
  const child = fork(fixture, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { url } = await new Promise<{ url: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string }));
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return {
    child,
    url,
    rss: () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('the server did not answer its RSS in time')),
          scaled(2_000), // a child process answering one IPC message
        );
        child.once('message', (m) => {
          clearTimeout(timer);
          resolve(m as { rss: number; maxRss: number });
        });
        child.send('rss');
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

test.describe('bodies are limited while they stream', () => {
  test('six concurrent 450 MB chunked bodies, one to each route that reads a body: each is 413 and the server stays under 300 MB', async () => {
    test.setTimeout(scaled(30_000)); // six 450 MB bodies sent, each refused
    const server = await startChild();
    try {
      const before = await server.rss();
      const routes = [
        '/payments',
        '/installments',
        '/callback',
        '/notifications',
        '/orders',
        '/admin/payments/D-1-x/refunds',
      ];
      let peak = before.rss;
      let sampling = true;
      let killed = false;
      // Sampled while the bodies stream; the fixture's maxRss is the peak the kernel saw.
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, (await server.rss()).rss);
          if (peak > 300 * MB) {
            // A server that buffers the bodies: stopped before the machine suffers.
            killed = true;
            server.child.kill('SIGKILL');
            return;
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const started = performance.now();
      const results = await Promise.all(
        routes.map((route) =>
          stream(`${server.url}/paylit${route}`, bytes(450 * MB), {
            Authorization: `Bearer ${token}`,
          }),
        ),
      );
      const ms = Math.round(performance.now() - started);
      sampling = false;
      await sampler;
      if (!killed) peak = Math.max(peak, (await server.rss()).maxRss);
      const sent = results.reduce((sum, r) => sum + r.sent, 0);
      report(
        `6 × 450 MB chunked (no Content-Length), at once, to ${routes.join(', ')}`,
        `${results.map((r) => r.status ?? r.error).join(', ')} in ${ms} ms; ${(sent / MB).toFixed(1)} MB written in all before the answers; server RSS ${Math.round(before.rss / MB)} MB before, peak ${Math.round(peak / MB)} MB${killed ? ' (killed at 300 MB)' : ''}`,
      );
      expect(killed, "the server's RSS passed 300 MB").toBe(false);
      for (const r of results) {
        expect(r.status).toBe(413);
        expect(JSON.parse(r.body)).toMatchObject({
          error: { type: 'payload_too_large', message: `the body must be at most ${LIMIT} bytes` },
          requestId: r.headers['x-request-id'],
        });
        expect(r.sent).toBeLessThan(64 * MB);
      }
      expect(peak).toBeLessThan(300 * MB);
      expect(ms).toBeLessThan(60_000);
      // Still serving.
      expect((await fetch(`${server.url}/paylit/checkout?order=nope`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});

test('a client still sending while it is busy reads its 413: the server drains for a moment before it closes, not a reset that throws the answer away', async () => {
  test.setTimeout(scaled(20_000)); // a large body refused while still being sent
  const server = await startChild();
  try {
    const port = Number(new URL(server.url).port);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const frame = Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from('\r\n'),
    ]);
    const outcomes: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { text, error } = await new Promise<{ text: string; error?: string }>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let text = '';
        socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
        socket.on('error', (e: NodeJS.ErrnoException) => resolve({ text, error: e.code }));
        socket.on('close', () => resolve({ text }));
        socket.write(
          `POST /paylit/payments HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
        );
        // Writes for 400 ms without reading, then stays busy for 200 ms more: a client on a loaded machine.
        const until = Date.now() + 400;
        const pump = () => {
          for (let k = 0; k < 8; k++) socket.write(frame);
          if (Date.now() < until) return setImmediate(pump);
          const busy = Date.now() + 200;
          while (Date.now() < busy);
        };
        pump();
      });
      outcomes.push(
        statusLines(text)[0] ? String(statusLines(text)[0]) : (error ?? 'closed, no answer'),
      );
    }
    report(
      '12 chunked bodies past the limit, the client writing for 400 ms without reading, then busy for 200 ms',
      outcomes.join(', '),
    );
    expect(outcomes).toEqual(Array(12).fill('413'));
  } finally {
    await server.stop();
  }
});

test.describe('limits in process', () => {
  let shop: Shop;
  test.beforeAll(async () => {
    shop = await startShop();
  });
  test.afterAll(() => shop.close());

  test('a body just under the limit still works, chunked or with Content-Length; one byte over is 413', async () => {
    const padded = (extra: number) => {
      const order = { id: uid('limit'), amount: 10, currency: 'BRL', country: 'BR', payer };
      const json = JSON.stringify(order);
      return { order, text: json + ' '.repeat(LIMIT - Buffer.byteLength(json) + extra) };
    };
    const auth = { Authorization: `Bearer ${token}` };
    const exact = padded(0);
    const chunked = await stream(
      `${shop.base}/orders`,
      (function* () {
        const buffer = Buffer.from(exact.text);
        for (let i = 0; i < buffer.length; i += 1000) yield buffer.subarray(i, i + 1000);
      })(),
      auth,
    );
    expect(chunked.status).toBe(201);
    expect((await fetch(`${shop.base}/orders/${exact.order.id}`, { headers: auth })).status).toBe(
      200,
    );
    const declared = padded(0);
    expect(
      (
        await fetch(`${shop.base}/orders`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: declared.text,
        })
      ).status,
    ).toBe(201);
    const over = padded(1);
    const overChunked = await stream(`${shop.base}/orders`, [Buffer.from(over.text)], auth);
    const overDeclared = await fetch(`${shop.base}/orders`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: over.text,
    });
    expect([overChunked.status, overDeclared.status]).toEqual([413, 413]);
    // The callback's form is read after the limit too: parsed, then refused for its signature.
    const form = new URLSearchParams({
      paymentId: 'D-1-x',
      status: 'COMPLETED',
      date: formatXDate(new Date()),
      signature: 'a'.repeat(64),
    }).toString();
    const callback = await stream(`${shop.base}/callback`, [Buffer.from(form)], {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect([callback.status, JSON.parse(callback.body).error.type]).toEqual([403, 'forbidden']);
    report(
      `bodies of exactly ${LIMIT} bytes (chunked and with Content-Length), ${LIMIT + 1} bytes, and a chunked callback form`,
      `${chunked.status} and 201 at the limit, ${overChunked.status} and ${overDeclared.status} one byte over; the form was parsed (${callback.status})`,
    );
  });

  test('GET, HEAD, OPTIONS and DELETE with no body still work; a chunked GET is refused, not drained', async () => {
    const order = await shop.order();
    const get = await fetch(`${shop.base}/checkout?order=${order.clientSecret}`);
    const head = await fetch(`${shop.base}/checkout?order=${order.clientSecret}`, {
      method: 'HEAD',
    });
    const options = await fetch(`${shop.base}/payments`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST' },
    });
    const emptyPost = await fetch(`${shop.base}/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    expect([get.status, head.status, options.status]).toEqual([200, 200, 204]);
    expect(await head.text()).toBe('');
    // No route takes DELETE: served at the root, the handler's own 404 comes after the body limit.
    const direct = await serveNode(shop.handler);
    const del = await fetch(`${direct.url}/orders/${order.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
    });
    const delWithBody = await fetch(`${direct.url}/orders/${order.id}`, {
      method: 'DELETE',
      body: '{}',
    });
    const delChunked = await stream(
      `${direct.url}/orders/${order.id}`,
      bytes(10 * MB),
      {},
      'DELETE',
    );
    await direct.close();
    expect([
      del.status,
      (await del.json()).error.type,
      delWithBody.status,
      (await delWithBody.json()).error.type,
      delChunked.status,
    ]).toEqual([404, 'not_found', 404, 'not_found', 413]);
    expect([emptyPost.status, (await emptyPost.json()).error.type]).toEqual([
      400,
      'invalid_request',
    ]);
    const chunkedGet = await stream(
      `${shop.base}/checkout?order=${order.clientSecret}`,
      bytes(10 * MB),
      {},
      'GET',
    );
    expect(chunkedGet.status).toBe(413);
    report(
      'GET, HEAD, OPTIONS, DELETE and an empty POST with no body; DELETE with a small body; GET and DELETE with a 10 MB chunked body',
      `${get.status}, ${head.status}, ${options.status}, ${del.status}, ${emptyPost.status}; ${delWithBody.status}; ${chunkedGet.status} and ${delChunked.status} after ${(chunkedGet.sent / MB).toFixed(1)} and ${(delChunked.sent / MB).toFixed(1)} MB`,
    );
  });

  test('a Content-Length that lies: a clean 4xx and a closed connection, never a crash', async () => {
    const port = shop.served.port;
    const head = (length: string, extra = '') =>
      `POST /paylit/orders HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;
    // Says 10 bytes, sends 1 MB: the 10 are the body, the rest is not a request.
    const small = await raw(port, Buffer.concat([Buffer.from(head('10')), Buffer.alloc(MB, 'x')]));
    // Content-Length and chunked together (smuggling): refused.
    const both = await raw(
      port,
      `${head('10', 'Transfer-Encoding: chunked\r\n')}5\r\nhello\r\n0\r\n\r\n`,
    );
    // Says 450 MB: refused before a byte of the body is read.
    const big = await raw(port, head(String(450 * MB)));
    const results = [small, both, big];
    for (const r of results) {
      expect(r.closed).toBe(true);
      expect(statusLines(r.text).length).toBeGreaterThan(0);
      for (const status of statusLines(r.text))
        (expect(status).toBeGreaterThanOrEqual(400), expect(status).toBeLessThan(500));
    }
    expect(statusLines(big.text)).toEqual([413]);
    expect((await fetch(`${shop.base}/checkout?order=nope`)).status).toBe(404);
    // Says 1000, sends 10 and goes away: nothing for the merchant's onError.
    const errors: unknown[] = [];
    const watched = await startShop({ onError: (e) => errors.push(e) }, shop);
    try {
      await raw(watched.served.port, `${head('1000')}0123456789`, 200);
      await new Promise((r) => setTimeout(r, 200));
      expect((await fetch(`${watched.base}/checkout?order=nope`)).status).toBe(404);
    } finally {
      await watched.close();
    }
    expect(errors).toEqual([]);
    report(
      'Content-Length 10 then 1 MB; Content-Length with chunked; Content-Length 450 MB; Content-Length 1000, 10 bytes sent, then gone',
      results.map((r) => `${statusLines(r.text).join('+')} and closed`).join('; ') +
        '; no unexpected error; the server still answers',
    );
  });
});

test.describe('compressed bodies and Expect: 100-continue, on both servers', () => {
  let shop: Shop;
  test.beforeAll(async () => {
    shop = await startShop();
  });
  test.afterAll(() => shop.close());

  test('a gzip body is 415 naming the encoding, not "not valid JSON"; nothing is charged', async () => {
    const order = { id: uid('gzip'), amount: 10, currency: 'BRL', country: 'BR', payer };
    const server = await fetch(`${shop.base}/orders`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
      },
      body: gzipSync(JSON.stringify(order)),
    });
    const serverBody = await server.json();
    expect([server.status, serverBody.error.type, serverBody.error.message]).toEqual([
      415,
      'invalid_request',
      expect.stringContaining('Content-Encoding'),
    ]);
    expect(
      (
        await fetch(`${shop.base}/orders/${order.id}`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(404);
    // The sandbox, signed over the bytes sent, as a client that compresses would sign them.
    const { login, transKey, secretKey } = shop.sandbox.credentials;
    const payment = {
      amount: 10,
      currency: 'BRL',
      country: 'BR',
      payment_method_id: 'CARD',
      payment_method_flow: 'DIRECT',
      order_id: uid('gzip-api'),
      payer: { name: 'Ana', email: 'ana@example.com', document: '530.333.155-50' },
      card: {
        holder_name: 'Ana',
        number: '4111111111111111',
        cvv: '123',
        expiration_month: 12,
        expiration_year: 2035,
      },
    };
    const body = gzipSync(JSON.stringify(payment));
    const date = formatXDate(new Date());
    const signature = createHmac('sha256', secretKey)
      .update(Buffer.concat([Buffer.from(login + date), body]))
      .digest('hex');
    const api = await fetch(`${shop.sandboxUrl}/secure_payments`, {
      method: 'POST',
      headers: {
        'X-Login': login,
        'X-Trans-Key': transKey,
        'X-Date': date,
        Authorization: `V2-HMAC-SHA256, Signature: ${signature}`,
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
        'User-Agent': 'attack',
      },
      body,
    });
    expect([api.status, await api.json()]).toEqual([
      415,
      { code: 5001, message: 'Invalid parameter: Content-Encoding', param: 'Content-Encoding' },
    ]);
    expect(shop.sandbox.ledger({ order_id: payment.order_id })).toMatchObject({ charged: 0 });
    report(
      'a gzip JSON body to the order API and, signed, to the sandbox',
      `${server.status} and ${api.status}, naming Content-Encoding; no order, nothing charged`,
    );
  });

  test('a declared length over the limit with Expect: 100-continue is 413 at once, with no 100 Continue first; one within it is 100, then its answer', async () => {
    const head = (path: string, length: number, extra = '') =>
      `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n${extra}\r\n`;
    const sandboxPort = Number(new URL(shop.sandboxUrl).port);
    const server = await raw(shop.served.port, head('/paylit/orders', 450 * MB));
    const api = await raw(sandboxPort, head('/secure_payments', 450 * MB));
    expect([statusLines(server.text), server.closed]).toEqual([[413], true]);
    expect([statusLines(api.text), api.closed]).toEqual([[413], true]);
    // Within the limit: the client is told to go on, and its order is made.
    const order = JSON.stringify({
      id: uid('expect'),
      amount: 10,
      currency: 'BRL',
      country: 'BR',
      payer,
    });
    const within = await raw(
      shop.served.port,
      head('/paylit/orders', Buffer.byteLength(order), 'Connection: close\r\n') + order,
    );
    expect(statusLines(within.text)).toEqual([100, 201]);
    report(
      'Content-Length 450 MB with Expect: 100-continue to the order API and the sandbox; a small order with it',
      `${statusLines(server.text).join('+')} and ${statusLines(api.text).join('+')}, each closed; the small order ${statusLines(within.text).join('+')}`,
    );
  });
});

// The attacker's text, and what must never start a log line.
const FORGED = 'INFO forged';
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** What a client can send to forge a log line: raw bytes (fetch refuses CR and LF in headers). */
const attacks: [string, string][] = [
  [
    'CR LF in X-Request-Id',
    `GET /paylit/checkout?order=x HTTP/1.1\r\nHost: x\r\nX-Request-Id: abc\r\n${FORGED}\r\nConnection: close\r\n\r\n`,
  ],
  [
    'a tab in X-Request-Id',
    `GET /paylit/checkout?order=x HTTP/1.1\r\nHost: x\r\nX-Request-Id: abc\t${FORGED}\r\nConnection: close\r\n\r\n`,
  ],
  [
    'an obs-text byte in X-Request-Id',
    `GET /paylit/checkout?order=x HTTP/1.1\r\nHost: x\r\nX-Request-Id: abc\x85${FORGED}\r\nConnection: close\r\n\r\n`,
  ],
  [
    '%0D%0A and other encoded controls in the path',
    `GET /paylit/orders%0D%0A${encodeURIComponent(FORGED)}%1B[2K%C2%85%E2%80%A8 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  ],
  [
    '%0A in a POST path',
    `POST /paylit/payments%0A${encodeURIComponent(FORGED)} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
  ],
  [
    'a raw control byte in the path',
    `GET /paylit/x\x01${FORGED} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  ],
  [
    'a raw CR in the path',
    `GET /paylit/x\r${FORGED} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  ],
  [
    'a safe X-Request-Id, kept',
    `GET /paylit/checkout?order=x HTTP/1.1\r\nHost: x\r\nX-Request-Id: trace.1:abc-DEF_9=\r\nConnection: close\r\n\r\n`,
  ],
];

test.describe('logs cannot be forged', () => {
  test("the handler's log entries: paths and request ids escaped, an unsafe X-Request-Id replaced by the one answered", async () => {
    const entries: LogEntry[] = [];
    const shop = await startShop({ logger: (e) => entries.push(e) });
    try {
      const answered: string[] = [];
      for (const [, bytesToSend] of attacks) {
        const { text } = await raw(shop.served.port, bytesToSend);
        const id = /x-request-id: ([^\r\n]*)/i.exec(text)?.[1];
        if (id) answered.push(id);
      }
      // Without Node in front (a Worker, app.request): Headers let other control bytes through.
      for (const id of [
        `abc\u000b${FORGED}`,
        `abc\u001b[2K${FORGED}`,
        `abc\u0085${FORGED}`,
        'x'.repeat(65),
      ]) {
        const res = await shop.handler.request(
          `/payments/%0D%0A${encodeURIComponent(FORGED)}?order=x`,
          { headers: { 'X-Request-Id': id } },
        );
        answered.push(res.headers.get('x-request-id')!);
        expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      }
      const lines = entries.map(
        (e) => `${e.method} ${e.path} ${e.status} ${e.ms}ms ${e.requestId}`,
      );
      report(
        `${attacks.length} raw requests (${attacks.map(([name]) => name).join('; ')}) and 4 through app.request with VT, ESC, NEL and 65 characters in X-Request-Id`,
        `${entries.length} entries, each one line: ${lines.slice(0, 3).join(' | ')} …`,
      );
      expect(entries.length).toBeGreaterThanOrEqual(8);
      for (const e of entries) {
        for (const field of [e.method, e.path, e.requestId]) expect(field).not.toMatch(CONTROL);
        expect(e.requestId).toMatch(/^[\w.:=-]{1,64}$/);
        expect(answered).toContain(e.requestId);
      }
      for (const line of lines.join('\n').split('\n')) expect(line.startsWith(FORGED)).toBe(false);
      expect(entries.map((e) => e.path)).toContain(
        `/paylit/orders%0D%0A${FORGED}%1B[2K%C2%85%E2%80%A8`,
      );
      expect(entries.map((e) => e.requestId)).toContain('trace.1:abc-DEF_9=');
    } finally {
      await shop.close();
    }
  });

  test("the CLI's log lines: one line per request, no control byte, the forged text never at a line start", async () => {
    const child = spawn(process.execPath, [cli], {
      env: { PATH: process.env.PATH, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString('latin1')));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString('latin1')));
    try {
      await expect.poll(() => out, { timeout: scaled(5_000) }).toMatch(/store\s+in memory[^\n]*\n/);
      const banner = out;
      const port = Number(/paylit server: http:\/\/127\.0\.0\.1:(\d+)/.exec(banner)![1]);
      for (const [, bytesToSend] of attacks) await raw(port, bytesToSend);
      await expect
        .poll(() => out.slice(banner.length).split('\n').filter(Boolean).length)
        .toBeGreaterThanOrEqual(5);
      const lines = out.slice(banner.length).split('\n').filter(Boolean);
      report(
        `the same ${attacks.length} raw requests to paylit-server`,
        `${lines.length} log lines: ${lines.join(' | ')}`,
      );
      for (const line of lines) {
        expect(line).not.toMatch(CONTROL);
        expect(line).toMatch(/^[A-Z]+ \S+ \d{3} \d+ms [\w.:=-]{1,64}$/);
        expect(line.startsWith(FORGED)).toBe(false);
      }
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^GET \/paylit\/orders%0D%0AINFO%20forged%1B\[2K%C2%85%E2%80%A8 404 \d+ms [0-9a-f-]{36}$/,
        ),
      );
    } finally {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
  });
});

/** A MemoryStore that records the keys its rate counter is asked about. */
class CountingStore extends MemoryStore {
  readonly hits: string[] = [];
  override async hit(key: string, windowMs: number) {
    this.hits.push(key);
    return super.hit(key, windowMs);
  }
}

test.describe('rate limits on /callback and /notifications', () => {
  test('a flood of forged callback forms is 429 with Retry-After after the limit, counted by the store', async () => {
    const store = new CountingStore();
    const shop = await startShop({
      store,
      rateLimit: { windowMs: 60_000, max: 120, callback: { windowMs: 60_000, max: 20 } },
    });
    const other = await startShop(
      { store, rateLimit: { windowMs: 60_000, max: 120, callback: { windowMs: 60_000, max: 20 } } },
      shop,
    );
    try {
      const forged = () =>
        new URLSearchParams({
          paymentId: 'D-1-x',
          status: 'COMPLETED',
          date: formatXDate(new Date()),
          signature: crypto.randomUUID().replaceAll('-', '').repeat(2),
        });
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 30; i++) {
        last = await fetch(`${shop.base}/callback`, {
          method: 'POST',
          body: forged(),
          redirect: 'manual',
        });
        statuses.push(last.status);
        await last.body?.cancel();
      }
      // Another instance sharing the store is limited by the same counter.
      const elsewhere = await fetch(`${other.base}/callback`, {
        method: 'POST',
        body: forged(),
        redirect: 'manual',
      });
      const body = await elsewhere.json();
      const counted = store.hits.filter((k) => k.startsWith('rate:callback:')).length;
      report(
        '31 forged callback forms from one address, the last through a second instance on the same store (limit 20 a minute)',
        `${statuses.filter((s) => s !== 429).length} × ${statuses[0]}, then ${statuses.filter((s) => s === 429).length + 1} × 429 (Retry-After ${elsewhere.headers.get('retry-after')}); the store's counter was hit ${counted} times`,
      );
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(403));
      expect(statuses.slice(20)).toEqual(Array(10).fill(429));
      expect(last!.headers.get('retry-after')).toBe('60');
      expect([elsewhere.status, body.error.type, body.error.retryable]).toEqual([
        429,
        'rate_limited',
        true,
      ]);
      expect(counted).toBe(31);
      // The browser routes count apart: the payer can still load the checkout.
      expect((await shop.browser('/checkout?order=nope')).status).toBe(404);
    } finally {
      await other.close();
      await shop.close();
    }
  });

  test('notifications that fail verification have their own, higher limit: 600 a minute by default, configurable', async () => {
    const store = new CountingStore();
    const shop = await startShop({ store, rateLimit: { windowMs: 60_000, max: 5 } });
    const configured = await startShop(
      { rateLimit: { windowMs: 60_000, max: 5, notifications: { windowMs: 1_000, max: 3 } } },
      shop,
    );
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 601; i++) {
        const res = await fetch(`${shop.base}/notifications`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{"id":"D-1-x","status":"PAID"}',
        });
        statuses.push(res.status);
        await res.body?.cancel();
      }
      const small: number[] = [];
      for (let i = 0; i < 4; i++)
        small.push(
          (await fetch(`${configured.base}/notifications`, { method: 'POST', body: '{}' })).status,
        );
      report(
        '601 unsigned notifications from one address (default limit), and 4 with a limit of 3 a second',
        `${statuses.filter((s) => s === 401).length} × 401 then ${statuses.filter((s) => s === 429).length} × 429; ${small.join(', ')}`,
      );
      expect(statuses.slice(0, 600).every((s) => s === 401)).toBe(true);
      expect(statuses[600]).toBe(429);
      expect(small).toEqual([401, 401, 401, 429]);
      expect(store.hits.filter((k) => k.startsWith('rate:notifications:')).length).toBe(601);
    } finally {
      await configured.close();
      await shop.close();
    }
  });

  test('the options are checked', async () => {
    const shop = await startShop();
    try {
      const base = {
        client: shop.client,
        publicKey: shop.sandbox.publicJwk,
        publicUrl: shop.base,
        returnUrl: `${shop.origin}/return`,
        allowedOrigins: [],
      };
      expect(() =>
        createCheckoutHandler({
          ...base,
          rateLimit: { windowMs: 60_000, max: 10, notifications: { windowMs: 0, max: 1 } },
        }),
      ).toThrow(/rateLimit\.notifications\.windowMs/);
    } finally {
      await shop.close();
    }
  });
});
