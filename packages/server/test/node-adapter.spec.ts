/** The Node adapter: node:crypto's HMAC agrees with OpenSSL's vectors; the keep-alive transport times out cleanly. */
import { createServer } from 'node:http';
import { createSignature } from '@paylit/core/crypto';
import { nodeHmac, nodeTransport } from '@paylit/server/node';
import { expect, test } from '@playwright/test';
import { signatureVectors } from '../../core/test/fixtures/signature-vectors.js';

test('nodeHmac gives the signatures OpenSSL gives', async () => {
  for (const v of signatureVectors) expect(await createSignature({ ...v, hmac: nodeHmac }), v.name).toBe(v.signature);
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
    for (let i = 0; i < 5; i++) expect((await transport({ method: 'GET', url: `${url}/`, headers: {}, timeoutMs: 1000 })).text).toBe('{"ok":true}');
    expect(sockets.size).toBe(1);
    await expect(transport({ method: 'GET', url: `${url}/slow`, headers: {}, timeoutMs: 50 })).rejects.toMatchObject({ name: 'TimeoutError' });
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});
