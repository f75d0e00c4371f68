/** The Node adapter: node:crypto's HMAC agrees with OpenSSL's vectors; the keep-alive transport times out cleanly; slow clients are cut off. */
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { createSignature } from '@paylit/core/crypto';
import { nodeHmac, nodeTransport, serveNode } from '@paylit/server/node';
import { expect, test } from '@playwright/test';
import { Hono } from 'hono';
import { signatureVectors } from '../../core/test/fixtures/signature-vectors.js';

test('nodeHmac gives the signatures OpenSSL gives', async () => {
  for (const v of signatureVectors)
    expect(await createSignature({ ...v, hmac: nodeHmac }), v.name).toBe(v.signature);
  // Its text form signs the UTF-8 of login + date + body: the same signature.
  for (const v of signatureVectors)
    expect(nodeHmac.text(v.secretKey, v.login + v.date + v.body), v.name).toBe(v.signature);
});

test('nodeTransport reuses connections and times out with a TimeoutError', async () => {
  const sockets = new Set<unknown>();
  const server = createServer((req, res) => {
    sockets.add(req.socket);
    if (req.url === '/slow') return void setTimeout(() => res.end('late'), 500);
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const transport = nodeTransport();
  try {
    for (let i = 0; i < 5; i++)
      expect(
        (await transport({ method: 'GET', url: `${url}/`, headers: {}, timeoutMs: 1000 })).text,
      ).toBe('{"ok":true}');
    expect(sockets.size).toBe(1);
    await expect(
      transport({ method: 'GET', url: `${url}/slow`, headers: {}, timeoutMs: 50 }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

/** Raw bytes in, what comes back and how long until the server closed the connection. */
function slowClient(port: number, first: string): Promise<{ text: string; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => resolve({ text, ms: performance.now() - started }));
    socket.write(first);
  });
}

test('serveNode closes a request that is sent too slowly: requestTimeout for the body, headersTimeout for the headers', async () => {
  const app = new Hono();
  app.post('/', async (c) => c.text(`read ${(await c.req.text()).length}`));
  app.onError((_, c) => c.text('cut off', 400));
  const served = await serveNode(app, { requestTimeout: 1_000, headersTimeout: 500 });
  try {
    // The body announced and never finished.
    const body = await slowClient(
      served.port,
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123456789',
    );
    expect(body.text).toMatch(/^HTTP\/1\.1 408/);
    expect(body.ms).toBeGreaterThan(900);
    expect(body.ms).toBeLessThan(3_500);
    // The headers never finished.
    const headers = await slowClient(served.port, 'POST / HTTP/1.1\r\nHost: x\r\n');
    expect(headers.text).toMatch(/^HTTP\/1\.1 408/);
    expect(headers.ms).toBeLessThan(3_000);
    // A request sent in time is answered.
    expect(await (await fetch(served.url, { method: 'POST', body: 'hello' })).text()).toBe(
      'read 5',
    );
  } finally {
    await served.close();
  }
  expect(() => serveNode(app, { requestTimeout: -1 })).toThrow(
    'serveNode: requestTimeout must be a whole number of milliseconds (0 or more)',
  );
});
