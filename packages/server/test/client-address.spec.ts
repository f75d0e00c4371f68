/**
 * The client address the rate limits count, under each `trustProxy`: requests from real
 * loopback addresses with the `X-Forwarded-For` a client or a proxy would send, read from the
 * keys the store's counter is hit with (an IPv6 client by its /64, `addressBucket`).
 */
import { MemoryStore, createCheckoutHandler, type CheckoutHandlerOptions } from '@paylit/server';
import { expect, test } from '@playwright/test';
import { startSandbox, startShop, submitCard, type Harness } from './support/harness.js';
import { send } from './support/proxy.js';
import { addressBucket } from '../src/middleware/client-address.js';

/** A MemoryStore that records the keys its counter is hit with. */
class CountingStore extends MemoryStore {
  readonly hits: string[] = [];
  override async hit(key: string, windowMs: number) {
    this.hits.push(key);
    return super.hit(key, windowMs);
  }
}

let h: Harness;
test.beforeAll(async () => {
  h = await startSandbox();
});
test.afterAll(() => h.close());

/** The address each request was counted under, for a handler with `trustProxy`. */
async function countedAs(
  trustProxy: CheckoutHandlerOptions['trustProxy'],
  requests: { from: string; xff?: string }[],
): Promise<string[]> {
  const store = new CountingStore();
  const shop = await startShop(
    { store, trustProxy, rateLimit: { windowMs: 60_000, max: 1_000 } },
    h,
  );
  try {
    const seen: string[] = [];
    for (const { from, xff } of requests) {
      const res = await send(`${shop.base}/checkout?order=nope`, {
        from,
        headers: xff === undefined ? {} : { 'X-Forwarded-For': xff },
      });
      expect(res.status).toBe(404);
      seen.push(store.hits.at(-1)!.replace(/^rate:/, ''));
    }
    expect(store.hits).toHaveLength(requests.length);
    return seen;
  } finally {
    await shop.close();
  }
}

test("without trustProxy X-Forwarded-For is ignored: each request counts under its socket's address", async () => {
  expect(
    await countedAs(undefined, [
      { from: '127.0.0.5', xff: '198.51.100.7' },
      { from: '127.0.0.5', xff: '198.51.100.8, 127.0.0.9' },
      { from: '127.0.0.6' },
    ]),
  ).toEqual(['127.0.0.5', '127.0.0.5', '127.0.0.6']);
  expect(await countedAs(false, [{ from: '127.0.0.5', xff: '198.51.100.7' }])).toEqual([
    '127.0.0.5',
  ]);
  expect(await countedAs(0, [{ from: '127.0.0.5', xff: '198.51.100.7' }])).toEqual(['127.0.0.5']);
});

test("a hop count believes the entries proxies appended, from the right; the client's own entries on the left are never read", async () => {
  expect(
    await countedAs(1, [
      { from: '127.0.0.5', xff: '198.51.100.7' },
      { from: '127.0.0.5', xff: '203.0.113.1, 198.51.100.7' },
      { from: '127.0.0.5', xff: ' 203.0.113.1 ,, 198.51.100.7 ' },
      // Reached without its proxy appending anything: the socket.
      { from: '127.0.0.5' },
    ]),
  ).toEqual(['198.51.100.7', '198.51.100.7', '198.51.100.7', '127.0.0.5']);
  expect(
    await countedAs(2, [
      { from: '127.0.0.5', xff: '203.0.113.1, 198.51.100.7, 10.0.0.2' },
      { from: '127.0.0.5', xff: '198.51.100.7, 10.0.0.2' },
      // Fewer entries than proxies: the leftmost there is.
      { from: '127.0.0.5', xff: '10.0.0.2' },
    ]),
  ).toEqual(['198.51.100.7', '198.51.100.7', '10.0.0.2']);
});

test('a list of proxies: the rightmost address not among them, and only when the socket is one of them', async () => {
  const trusted = ['127.0.0.0/24', '10.0.0.0/8', '2001:db8::/32', '192.0.2.1'];
  expect(
    await countedAs(trusted, [
      { from: '127.0.0.5', xff: '203.0.113.1, 198.51.100.7, 192.0.2.1, 10.1.2.3' },
      { from: '127.0.0.5', xff: '203.0.113.1, 198.51.100.7, 2001:db8::1, ::ffff:10.9.9.9' },
      { from: '127.0.0.5', xff: '203.0.113.1, 2001:db9::5, 10.1.2.3' },
      // Entries with ports, as some proxies write them: one client is one address.
      { from: '127.0.0.5', xff: '203.0.113.1, 198.51.100.7:51234, 10.1.2.3:443' },
      { from: '127.0.0.5', xff: '[2001:db9::5]:51234, [2001:db8::1]:443' },
      // Every entry a proxy of ours: the leftmost.
      { from: '127.0.0.5', xff: '10.0.0.1, 10.0.0.2' },
      { from: '127.0.0.5' },
      // A socket outside the list: a client that reached the server around its proxies.
      { from: '127.0.1.5', xff: '198.51.100.7' },
      { from: '127.0.1.5', xff: '198.51.100.8, 10.0.0.1' },
    ]),
  ).toEqual([
    '198.51.100.7',
    '198.51.100.7',
    // An IPv6 client is counted by its /64, as the decline limit counts it.
    addressBucket('2001:db9::5'),
    '198.51.100.7',
    addressBucket('2001:db9::5'),
    '10.0.0.1',
    '127.0.0.5',
    '127.0.1.5',
    '127.0.1.5',
  ]);
  // 192.0.2.1 alone is one address, not its /24.
  expect(await countedAs(trusted, [{ from: '127.0.0.5', xff: '192.0.2.2' }])).toEqual([
    '192.0.2.2',
  ]);
});

test('trustProxy is checked: true, a negative or fractional count, a bad address or range are refused, naming what is wrong', async () => {
  const base = {
    client: h.client,
    publicKey: h.sandbox.publicJwk,
    publicUrl: 'http://127.0.0.1:1/paylit',
    returnUrl: 'http://127.0.0.1:1/return',
    allowedOrigins: [],
  };
  const refused = (trustProxy: unknown) => {
    try {
      createCheckoutHandler({ ...base, trustProxy } as CheckoutHandlerOptions);
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  };
  expect(refused(true)).toMatch(
    /^createCheckoutHandler: trustProxy must be the number of proxies in front of this server \(1 for one\) or their addresses .*not true/,
  );
  expect(refused(-1)).toBe('createCheckoutHandler: trustProxy must be a hop count from 0 to 32');
  expect(refused(1.5)).toBe('createCheckoutHandler: trustProxy must be a hop count from 0 to 32');
  expect(refused(['10.0.0.0/33'])).toMatch(
    /trustProxy holds "10\.0\.0\.0\/33", which is not an IP address or CIDR range/,
  );
  expect(refused(['10.0.0.1', 'proxy.internal'])).toMatch(/trustProxy holds "proxy\.internal"/);
  expect(refused(['2001:db8::/129'])).toMatch(/trustProxy holds "2001:db8::\/129"/);
  expect(refused(['1:2:3:4:5:6:7:8:9'])).toMatch(/trustProxy holds/);
  expect(refused('10.0.0.1')).toMatch(/trustProxy must be a hop count or a list/);
  for (const good of [
    false,
    0,
    1,
    3,
    [],
    [
      '10.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
      '::ffff:10.0.0.1',
      '1:2:3:4:5:6:7:8',
      '::',
      '2001:db8::1.2.3.4',
    ],
  ])
    expect(refused(good)).toBe('accepted');
});

test('the decline limit counts an IPv6 address by its prefix (/64 by default), whatever its spelling; IPv4 by itself; IPv4-mapped IPv6 as its IPv4 address', () => {
  const one64 = '2001:0db8:0001:0002:0000:0000:0000:0000/64';
  for (const spelling of [
    '2001:db8:1:2::1',
    '2001:0db8:0001:0002:0000:0000:0000:0001',
    '2001:DB8:1:2:FFFF:FFFF:FFFF:FFFF',
    '2001:db8:1:2:abcd::9',
    '[2001:db8:1:2::7]:443',
    '2001:db8:1:2::1%eth0',
  ])
    expect([spelling, addressBucket(spelling)]).toEqual([spelling, one64]);
  expect(addressBucket('2001:db8:1:3::1')).not.toBe(one64);
  expect(addressBucket('2001:db8:1:3::1', 48)).toBe(addressBucket('2001:db8:1:ffff::1', 48));
  expect(addressBucket('2001:db8:1:3::1', 48)).toBe('2001:0db8:0001:0000:0000:0000:0000:0000/48');
  expect(addressBucket('2001:db8:1:2::1', 128)).not.toBe(addressBucket('2001:db8:1:2::2', 128));
  expect(addressBucket('2001:db8:1:2::1', 56)).toBe(addressBucket('2001:db8:1:ff::1', 56));
  expect(addressBucket('2001:db8:1:2::1', 56)).not.toBe(addressBucket('2001:db8:1:100::1', 56));
  for (const v4 of ['192.0.2.44', '::ffff:192.0.2.44', '::FFFF:c000:22c', '192.0.2.44:5678'])
    expect([v4, addressBucket(v4)]).toEqual([v4, '192.0.2.44']);
  expect(addressBucket('192.0.2.45')).toBe('192.0.2.45');
  expect(addressBucket('unknown')).toBe('unknown');
});

test("a client's IPv6 address written out in full (39 characters, the most payer.ip holds) is sent as the payment's payer.ip", async () => {
  const full = '2001:0db8:85a3:0000:0000:8a2e:0370:7334';
  const shop = await startShop({ clientAddress: () => full }, h);
  try {
    const order = await shop.order();
    const paid = (await submitCard(shop, order.clientSecret)).res.body.payment;
    expect(paid.status).toBe('PAID');
    expect((await shop.client.payments.retrieve(paid.id)).payer?.ip).toBe(full);
  } finally {
    await shop.close();
  }
});
