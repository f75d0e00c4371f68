/**
 * A drain (`serveNode`'s `close(graceMs)`, the CLI's SIGTERM) while a shopper's checkout follows a
 * pending Pix: the live-status stream is ended as a stream ends (the last chunk of a chunked
 * answer, then the close), which the checkout takes as the stream's end and opens the next one,
 * to another instance, after the server's `retry`. Before, the drain cut the connection: the
 * checkout read a network failure (it waits longer after one) and a proxy logged an upstream error.
 */
import { expect, test } from '@playwright/test';
import { startShop, type Shop } from './support/harness.js';
import { scaled } from '../../../test/support/time.mjs';

let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(async () => {
  await shop?.close();
});

test('a drain ends a live-status stream cleanly, with its events read whole', async () => {
  const order = await shop.order();
  const paid = await shop.browser('/payments', {
    method: 'POST',
    body: JSON.stringify({
      order: order.clientSecret,
      attempt: crypto.randomUUID(),
      method: { type: 'redirect', methodId: 'PQ' },
    }),
  });
  expect(paid.body.payment.status).toBe('PENDING');
  const res = await fetch(
    `${shop.base}/payments/${paid.body.payment.id}/events?order=${order.clientSecret}`,
    { headers: { Accept: 'text/event-stream', Origin: shop.origin } },
  );
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = decoder.decode((await reader.read()).value, { stream: true });
  expect(text).toContain('"status":"PENDING"');
  const closed = shop.served.close(scaled(5_000));
  // Read to the end: a clean end is `done`, a cut connection rejects ("terminated").
  const end = await (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'ended';
      text += decoder.decode(value, { stream: true });
    }
  })().catch((error: Error) => `cut: ${String(error.cause ?? error)}`);
  expect(end).toBe('ended');
  expect(text.endsWith('\n\n')).toBe(true);
  await closed;
});
