/**
 * What the PaymentsClient fetches, against hostile answers from 127.0.0.1: a redirect to another
 * host (never followed, so the credentials in its headers stay with the API), an answer larger
 * than the client reads, and one that trickles in slower than the deadline. With both
 * transports: the global fetch and the Node transport.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PaymentsApiError, PaymentsClient, fetchTransport, type Transport } from '@paylit/server';
import { nodeTransport } from '@paylit/server/node';
import { expect, test } from '@playwright/test';

const credentials = {
  login: 'outbound-login',
  transKey: 'outbound-trans-key-secret',
  secretKey: 'outbound-secret-key-0123456789',
};

async function serve(
  handler: Parameters<typeof createServer>[1],
): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

async function failure(promise: Promise<unknown>): Promise<PaymentsApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentsApiError);
    return error as PaymentsApiError;
  }
  throw new Error('expected a PaymentsApiError');
}

const transports: [string, () => Transport][] = [
  ['fetch', () => fetchTransport],
  ['node', () => nodeTransport()],
];

for (const [name, transport] of transports) {
  test(`${name} transport: a redirect to another host is not followed, and the other host sees no credential`, async () => {
    const heard: IncomingHttpHeaders[] = [];
    const elsewhere = await serve((req, res) => {
      heard.push(req.headers);
      res.end('{}');
    });
    const api = await serve((req, res) => {
      res.writeHead(req.method === 'POST' ? 307 : 302, { Location: `${elsewhere.url}${req.url}` });
      res.end();
    });
    try {
      const client = new PaymentsClient({
        baseUrl: api.url,
        ...credentials,
        transport: transport(),
        maxRetries: 2,
      });
      const lookup = await failure(client.payments.retrieve('D-1-x'));
      expect([lookup.type, lookup.status, lookup.retryable]).toEqual([
        'invalid_response',
        302,
        false,
      ]);
      expect(lookup.message).toMatch(/redirect/);
      const create = await failure(
        client.refunds.create({ payment_id: 'D-1-x', notification_url: 'https://shop.example/n' }),
      );
      expect([create.type, create.status]).toEqual(['invalid_response', 307]);
      expect(heard).toEqual([]);
    } finally {
      await close(api.server);
      await close(elsewhere.server);
    }
  });

  test(`${name} transport: an answer larger than the client reads is cut off, once, with an error that says so`, async () => {
    let asked = 0;
    const api = await serve((_req, res) => {
      asked++;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, ' ');
      let sent = 0;
      const more = () => {
        while (sent < 64 && res.write(chunk)) sent++;
        if (sent >= 64) res.end('{}');
        else res.once('drain', more);
      };
      res.on('error', () => {});
      more();
    });
    try {
      const client = new PaymentsClient({
        baseUrl: api.url,
        ...credentials,
        transport: transport(),
        maxRetries: 2,
      });
      const error = await failure(client.payments.retrieve('D-1-x'));
      expect([error.type, error.retryable]).toEqual(['invalid_response', false]);
      expect(error.message).toMatch(/larger than/);
      expect(asked).toBe(1);
    } finally {
      await close(api.server);
    }
  });

  test(`${name} transport: an answer that trickles in past the deadline ends in a timeout, not a hang`, async () => {
    const api = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 100);
      res.on('close', () => clearInterval(timer));
    });
    try {
      const client = new PaymentsClient({
        baseUrl: api.url,
        ...credentials,
        transport: transport(),
        timeoutMs: 500,
        deadlineMs: 1500,
        maxRetries: 1,
      });
      const started = performance.now();
      const error = await failure(client.payments.retrieve('D-1-x'));
      expect(error.type).toBe('timeout');
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      await close(api.server);
    }
  });
}
