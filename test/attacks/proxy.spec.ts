/**
 * Rate limits behind a real reverse proxy (issue 21, part 4): paylit-server as a child process
 * behind node:http proxies that append X-Forwarded-For as proxies do, and clients on distinct
 * loopback addresses (127.0.0.66 the attacker, 127.0.0.7 a shopper). The limits must not be
 * a weapon: one attacker cannot block other shoppers, cannot escape its own limit by writing
 * X-Forwarded-For, and cannot get the API's notifications refused.
 */
import { encryptCard } from '@paylit/core/crypto';
import { expect, test } from '@playwright/test';
import { payer, uid } from '../../packages/server/test/support/harness.js';
import { runCliToExit, startCli, type Cli } from '../../packages/server/test/support/cli.js';
import { send, startProxy, type Proxy } from '../../packages/server/test/support/proxy.js';
import { report } from './support.js';
import { scaled } from '../support/time.mjs';

const ATTACKER = '127.0.0.66';
const SHOPPER = '127.0.0.7';
const ORIGIN = 'https://shop.example';

/** The CLI behind a proxy: the proxy's URL is the shop's public one, so the API's notifications come through it too. */
async function shopBehindProxy(
  env: Record<string, string>,
  proxyOptions: { from?: string } = {},
): Promise<{ cli: Cli; proxy: Proxy; base: string; close(): Promise<void> }> {
  const proxy = await startProxy(proxyOptions);
  const cli = await startCli({
    PAYLIT_PUBLIC_URL: `${proxy.url}/paylit`,
    PAYLIT_ALLOWED_ORIGINS: ORIGIN,
    ...env,
  });
  proxy.target = cli.url;
  return {
    cli,
    proxy,
    base: `${proxy.url}/paylit`,
    close: async () => {
      await cli.stop();
      await proxy.close();
    },
  };
}

/** An order made with the order API; its client secret. */
async function order(cli: Cli, base: string): Promise<{ id: string; clientSecret: string }> {
  const id = uid('order');
  const made = await send(`${base}/orders`, {
    from: '127.0.0.1',
    headers: { Authorization: `Bearer ${cli.apiToken}` },
    body: JSON.stringify({ id, amount: 120, currency: 'BRL', country: 'BR', payer }),
  });
  expect(made.status).toBe(201);
  return { id, clientSecret: (JSON.parse(made.body) as { clientSecret: string }).clientSecret };
}

/** `count` checkout reads from `from`, with the X-Forwarded-For `xff(i)` writes (none when undefined); their statuses. */
async function flood(
  url: string,
  from: string,
  count: number,
  xff: (i: number) => string | undefined = () => undefined,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const forwarded = xff(i);
    statuses.push(
      (
        await send(url, {
          from,
          headers: {
            Origin: ORIGIN,
            ...(forwarded === undefined ? {} : { 'X-Forwarded-For': forwarded }),
          },
        })
      ).status,
    );
  }
  return statuses;
}

const summary = (statuses: number[]) => {
  const runs: string[] = [];
  for (let i = 0; i < statuses.length;) {
    let j = i;
    while (j < statuses.length && statuses[j] === statuses[i]) j++;
    runs.push(`${j - i} × ${statuses[i]}`);
    i = j;
  }
  return runs.join(', ');
};

test('behind a proxy with PAYLIT_TRUST_PROXY=1, 121 requests from one attacker do not block another shopper; without it, every shopper is the proxy and is blocked', async () => {
  test.setTimeout(scaled(30_000)); // paylit-server twice, 121 requests through a proxy
  const trusting = await shopBehindProxy({ PAYLIT_TRUST_PROXY: '1' });
  const blind = await shopBehindProxy({});
  try {
    const results = [];
    for (const shop of [trusting, blind]) {
      const { clientSecret } = await order(shop.cli, shop.base);
      const attack = await flood(`${shop.base}/checkout?order=nope`, ATTACKER, 121);
      const shopper = await send(
        `${shop.base}/checkout?order=${encodeURIComponent(clientSecret)}`,
        { from: SHOPPER, headers: { Origin: ORIGIN } },
      );
      results.push({ attack, shopper: shopper.status });
    }
    const [withTrust, without] = results as [
      { attack: number[]; shopper: number },
      { attack: number[]; shopper: number },
    ];
    report(
      `121 checkout reads from ${ATTACKER} through a node:http reverse proxy, then a shopper from ${SHOPPER} reads her order`,
      `with PAYLIT_TRUST_PROXY=1: ${summary(withTrust.attack)}, the shopper ${withTrust.shopper}; without it (every client is the proxy): ${summary(without.attack)}, the shopper ${without.shopper}`,
    );
    expect(withTrust.attack).toEqual([...Array(120).fill(404), 429]);
    expect(withTrust.shopper).toBe(200);
    expect(without.attack).toEqual([...Array(120).fill(404), 429]);
    expect(without.shopper).toBe(429);
    // The banner says how the client's address is read.
    expect(trusting.cli.banner).toMatch(
      /^ {2}trust proxy {3}1 hop: the client is X-Forwarded-For's entry 1 from the right$/m,
    );
    expect(blind.cli.banner).toMatch(/^ {2}trust proxy {3}none: X-Forwarded-For ignored/m);
  } finally {
    await trusting.close();
    await blind.close();
  }
});

test("a spoofed leftmost X-Forwarded-For does not escape the limit, and naming a shopper's address does not block the shopper", async () => {
  test.setTimeout(scaled(30_000)); // paylit-server, spoofed requests through a proxy
  const shop = await shopBehindProxy({ PAYLIT_TRUST_PROXY: '1' });
  try {
    const { clientSecret } = await order(shop.cli, shop.base);
    // A new address each time, as a client that believes the first entry would count it.
    const spoofed = await flood(
      `${shop.base}/checkout?order=nope`,
      ATTACKER,
      121,
      (i) => `203.0.113.${(i % 250) + 1}`,
    );
    // Another attacker writes the shopper's own address, to spend her limit.
    const framing = await flood(
      `${shop.base}/checkout?order=nope`,
      '127.0.0.67',
      121,
      () => `${SHOPPER}, ${SHOPPER}`,
    );
    const shopper = await send(`${shop.base}/checkout?order=${encodeURIComponent(clientSecret)}`, {
      from: SHOPPER,
      headers: { Origin: ORIGIN },
    });
    report(
      `121 checkout reads through the proxy, each with a new X-Forwarded-For (203.0.113.x); 121 more from 127.0.0.67 claiming to be ${SHOPPER}; then the shopper`,
      `spoofed: ${summary(spoofed)}; framing: ${summary(framing)}; the shopper ${shopper.status}`,
    );
    expect(spoofed).toEqual([...Array(120).fill(404), 429]);
    expect(framing).toEqual([...Array(120).fill(404), 429]);
    expect(shopper.status).toBe(200);
  } finally {
    await shop.close();
  }
});

test("junk notifications, from the API's own address or claiming it, do not get the API's real notification refused", async () => {
  test.setTimeout(scaled(30_000)); // paylit-server, junk and real notifications
  const shop = await shopBehindProxy({ PAYLIT_TRUST_PROXY: '1' });
  try {
    const junk = (from: string, xff?: string) =>
      send(`${shop.base}/notifications`, {
        from,
        headers: {
          'X-Date': new Date().toISOString(),
          Authorization: `V2-HMAC-SHA256, Signature: ${'0'.repeat(64)}`,
          ...(xff ? { 'X-Forwarded-For': xff } : {}),
        },
        body: JSON.stringify({
          id: uid('D-1-junk'),
          amount: 1,
          currency: 'BRL',
          status: 'PAID',
          status_code: '200',
        }),
      });
    // The sandbox's notifications reach the proxy from 127.0.0.1: the attacker claims that address, then sends from it too.
    const claiming: number[] = [];
    for (let i = 0; i < 601; i++) claiming.push((await junk(ATTACKER, '127.0.0.1')).status);
    const fromApi: number[] = [];
    for (let i = 0; i < 601; i++) fromApi.push((await junk('127.0.0.1')).status);
    // A real payment: its notification comes from the API through the proxy, from the address the junk came from.
    const { clientSecret } = await order(shop.cli, shop.base);
    const view = JSON.parse(
      (
        await send(`${shop.base}/checkout?order=${encodeURIComponent(clientSecret)}`, {
          from: SHOPPER,
          headers: { Origin: ORIGIN },
        })
      ).body,
    ) as { publicKey: JsonWebKey };
    const encryptedData = await encryptCard(
      { number: '4111111111111111', cvv: '123' },
      view.publicKey,
    );
    const paid = await send(`${shop.base}/payments`, {
      from: SHOPPER,
      headers: { Origin: ORIGIN },
      body: JSON.stringify({
        order: clientSecret,
        attempt: crypto.randomUUID(),
        method: {
          type: 'card',
          encryptedData,
          holderName: 'Thiago Gabriel',
          expirationMonth: 10,
          expirationYear: 2040,
        },
      }),
    });
    expect(paid.status).toBe(200);
    const payment = (JSON.parse(paid.body) as { payment: { id: string; status: string } }).payment;
    const deliveries = async () =>
      (await (
        await fetch(`${shop.cli.sandboxUrl}/sandbox-tools/notifications?record_id=${payment.id}`)
      ).json()) as { url: string; attempts: { status?: number }[] }[];
    await expect
      .poll(async () => (await deliveries())[0]?.attempts[0]?.status, { timeout: scaled(5_000) })
      .toBeDefined();
    const [delivery] = await deliveries();
    report(
      `601 unsigned notifications from ${ATTACKER} with X-Forwarded-For 127.0.0.1 (the API's address), 601 from 127.0.0.1 itself, then a real payment's notification through the proxy`,
      `claiming: ${summary(claiming)}; from the API's address: ${summary(fromApi)}; the API's notification of ${payment.status}: ${delivery!.attempts.map((a) => a.status).join(', ')}`,
    );
    expect(delivery!.url).toBe(`${shop.base}/notifications`);
    expect(claiming).toEqual([...Array(600).fill(401), 429]);
    expect(fromApi).toEqual([...Array(600).fill(401), 429]);
    expect(delivery!.attempts.map((a) => a.status)).toEqual([200]);
  } finally {
    await shop.close();
  }
});

test('without PAYLIT_TRUST_PROXY, requests that each carry a new X-Forwarded-For from one socket are still limited; with the proxies listed, so are those that go around them', async () => {
  test.setTimeout(scaled(30_000)); // paylit-server twice, requests around the proxies
  const bare = await startCli({ PAYLIT_ALLOWED_ORIGINS: ORIGIN });
  // Two proxies in a chain, connecting onwards from 127.0.0.21 (the edge) and 127.0.0.20 (the inner one), both listed.
  const inner = await startProxy({ from: '127.0.0.20' });
  const edge = await startProxy({ from: '127.0.0.21', target: inner.url });
  const listed = await startCli({
    PAYLIT_PUBLIC_URL: `${edge.url}/paylit`,
    PAYLIT_ALLOWED_ORIGINS: ORIGIN,
    PAYLIT_TRUST_PROXY: '127.0.0.20, 127.0.0.21/32',
  });
  inner.target = listed.url;
  try {
    const direct = await flood(
      `${bare.url}/paylit/checkout?order=nope`,
      ATTACKER,
      121,
      (i) => `198.51.100.${(i % 250) + 1}`,
    );
    const around = await flood(
      `${listed.url}/paylit/checkout?order=nope`,
      ATTACKER,
      121,
      (i) => `198.51.100.${(i % 250) + 1}, 127.0.0.20`,
    );
    const { clientSecret } = await order(listed, `${edge.url}/paylit`);
    // Through both proxies the attacker is itself, the shopper herself.
    const chained = await flood(
      `${edge.url}/paylit/checkout?order=nope`,
      '127.0.0.68',
      121,
      () => SHOPPER,
    );
    const shopper = await send(
      `${edge.url}/paylit/checkout?order=${encodeURIComponent(clientSecret)}`,
      { from: SHOPPER, headers: { Origin: ORIGIN } },
    );
    report(
      `121 checkout reads straight to paylit-server without PAYLIT_TRUST_PROXY, each with a new X-Forwarded-For; 121 around two listed proxies (socket ${ATTACKER}, X-Forwarded-For naming a proxy); 121 through both from 127.0.0.68 claiming ${SHOPPER}; then the shopper through both`,
      `no trust: ${summary(direct)}; around the proxies: ${summary(around)}; through them: ${summary(chained)}; the shopper ${shopper.status}`,
    );
    expect(direct).toEqual([...Array(120).fill(404), 429]);
    expect(around).toEqual([...Array(120).fill(404), 429]);
    expect(chained).toEqual([...Array(120).fill(404), 429]);
    expect(shopper.status).toBe(200);
    expect(listed.banner).toMatch(
      /^ {2}trust proxy {3}127\.0\.0\.20, 127\.0\.0\.21\/32: the client is the rightmost X-Forwarded-For entry not among them$/m,
    );
  } finally {
    await bare.stop();
    await listed.stop();
    await edge.close();
    await inner.close();
  }
});

test('an IPv6 client is one client across its /64: 121 reads, each from a new address of one /64 (as its proxy writes them), are limited, as the decline limit counts it; another /64 is served', async () => {
  test.setTimeout(scaled(30_000)); // paylit-server, 123 requests
  // The edge proxy (127.0.0.30, listed) reached over IPv6 writes each client's own address.
  const PROXY = '127.0.0.30';
  const shop = await startCli({ PAYLIT_ALLOWED_ORIGINS: ORIGIN, PAYLIT_TRUST_PROXY: PROXY });
  try {
    const url = `${shop.url}/paylit/checkout?order=nope`;
    // One subscriber's /64: a new interface identifier each time, as privacy addresses are.
    const rotating = await flood(url, PROXY, 121, (i) => `2001:db8:1:2::${(i + 1).toString(16)}`);
    const neighbour = await send(url, {
      from: PROXY,
      headers: { Origin: ORIGIN, 'X-Forwarded-For': '2001:db8:1:3::1' },
    });
    report(
      `121 checkout reads through a listed proxy, each from a new address of 2001:db8:1:2::/64; then one from 2001:db8:1:3::1`,
      `the /64: ${summary(rotating)}; the next /64: ${neighbour.status}`,
    );
    expect(rotating).toEqual([...Array(120).fill(404), 429]);
    expect(neighbour.status).toBe(404);
  } finally {
    await shop.stop();
  }
});

test('PAYLIT_TRUST_PROXY=true, a negative count and a bad address are refused at start, naming the variable and what to write', async () => {
  const refusals = [];
  for (const value of ['true', '-1', '10.0.0.1,proxy.internal'])
    refusals.push({ value, ...(await runCliToExit({ PAYLIT_TRUST_PROXY: value })) });
  report(
    `paylit-server started with PAYLIT_TRUST_PROXY=${refusals.map((r) => JSON.stringify(r.value)).join(', ')}`,
    refusals.map((r) => `exit ${r.code}: ${r.output.trim()}`).join(' | '),
  );
  expect(refusals.map((r) => r.code)).toEqual([2, 2, 2]);
  expect(refusals[0]!.output).toMatch(
    /^paylit-server: PAYLIT_TRUST_PROXY must be the number of proxies in front of this server \(1 for one\) or their addresses, comma-separated \(10\.0\.0\.1,10\.0\.0\.0\/8\), not true/,
  );
  expect(refusals[1]!.output).toMatch(
    /^paylit-server: PAYLIT_TRUST_PROXY holds "-1", which is not an IP address or CIDR range/,
  );
  expect(refusals[2]!.output).toMatch(
    /^paylit-server: PAYLIT_TRUST_PROXY holds "proxy\.internal", which is not an IP address or CIDR range/,
  );
});
