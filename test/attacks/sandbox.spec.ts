/**
 * The sandbox under attack (issue 11, "One order, one charge", parts 6, 8 and 9): an
 * idempotency key bound to its operation, bounded records, bodies limited as they stream,
 * slow clients cut off. Each attack drives a real sandbox over HTTP with real credentials
 * and counts what happened from the sandbox's ledger.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { cardPayment, type Call } from '../../packages/sandbox/test/support/client.js';
import {
  startSandbox,
  stopSandbox,
  type SandboxFixture,
} from '../../packages/sandbox/test/support/fixture.js';
import { bytes, report, stream } from './support.js';
import { scaled } from '../support/time.mjs';

const MB = 1024 * 1024;
const keyError = {
  code: 5001,
  message: 'Invalid parameter: X-Idempotency-Key',
  param: 'X-Idempotency-Key',
};
const tooLarge = { code: 5000, message: 'Invalid request' };
const childScript = fileURLToPath(
  new URL('../../packages/sandbox/test/support/child-sandbox.mjs', import.meta.url),
);

let sbx: SandboxFixture;
test.beforeEach(async () => {
  sbx = await startSandbox();
});
test.afterEach(async () => {
  await stopSandbox(sbx);
});

/** Every entry of the ledger, of every order: what an attack must leave unchanged. */
const ledgerSize = () => sbx.sandbox.ledger().entries.length;
const moved = (order_id: string) => sbx.sandbox.ledger({ order_id }).money_moved;

test.describe('an idempotency key is bound to its operation', () => {
  test('the same key and the same body twice: one payment, the same id', async () => {
    const body = cardPayment();
    const key = `twice-${body.order_id}`;
    const first = await sbx.api.post('/secure_payments', body, { idempotencyKey: key });
    const again = await sbx.api.post('/secure_payments', body, { idempotencyKey: key });
    expect(first.body.status).toBe('PAID');
    expect([again.status, again.body, again.headers.get('idempotent-replayed')]).toEqual([
      200,
      first.body,
      'true',
    ]);
    const ledger = sbx.sandbox.ledger({ order_id: body.order_id });
    expect([ledger.entries.length, ledger.money_moved, ledger.charged]).toEqual([1, 1, 120]);
    report(
      'POST /secure_payments twice with one key and the same body (re-signed, new X-Date)',
      `same id both times, replayed: true; ledger: ${ledger.entries.length} payment, money moved ${ledger.money_moved} time(s), charged ${ledger.charged}`,
    );
  });

  test('the same key with another body: 400 / 5001 X-Idempotency-Key, nothing done', async () => {
    const body = cardPayment();
    const key = `swap-${body.order_id}`;
    await sbx.api.post('/secure_payments', body, { idempotencyKey: key });
    const before = ledgerSize();
    const variants = [
      { ...body, amount: 1200 },
      { ...body, order_id: `${body.order_id}-2` },
      { ...body, card: { ...body.card, number: '5031433215406351' } },
    ];
    const answers: Call[] = [];
    for (const variant of variants)
      answers.push(await sbx.api.post('/secure_payments', variant, { idempotencyKey: key }));
    for (const a of answers)
      expect([a.status, a.body, a.headers.get('idempotent-replayed')]).toEqual([
        400,
        keyError,
        null,
      ]);
    expect(ledgerSize()).toBe(before);
    expect(sbx.sandbox.ledger({ order_id: `${body.order_id}-2` }).entries).toEqual([]);
    expect(sbx.sandbox.ledger({ order_id: body.order_id })).toMatchObject({
      money_moved: 1,
      charged: 120,
    });
    report(
      `one key, then ${variants.length} other bodies (amount ×10, another order id, another card)`,
      `each 400 / 5001 X-Idempotency-Key; ledger ${before} → ${ledgerSize()} entries, the order charged once (${moved(body.order_id)})`,
    );
  });

  test('the same key on another path: 400 / 5001, nothing done', async () => {
    const body = cardPayment();
    const key = `path-${body.order_id}`;
    const paid = await sbx.api.post('/secure_payments', body, { idempotencyKey: key });
    const before = ledgerSize();
    const onPayments = await sbx.api.post('/payments', body, { idempotencyKey: key });
    const onRefunds = await sbx.api.post(
      '/refunds',
      { payment_id: paid.body.id, notification_url: `${sbx.receiver.url}/n` },
      { idempotencyKey: key },
    );
    const onCancel = await sbx.api.post(`/payments/${paid.body.id}/cancel`, undefined, {
      idempotencyKey: key,
    });
    for (const a of [onPayments, onRefunds, onCancel])
      expect([a.status, a.body]).toEqual([400, keyError]);

    // And the other way round: a key first used for a refund cannot make a payment.
    const refundKey = `refund-${body.order_id}`;
    const refund = await sbx.api.post(
      '/refunds',
      {
        payment_id: paid.body.id,
        notification_url: `${sbx.receiver.url}/n`,
        amount: 20,
        currency: 'BRL',
      },
      { idempotencyKey: refundKey },
    );
    expect(refund.body.status).toBe('SUCCESS');
    const other = cardPayment();
    const payWithRefundKey = await sbx.api.post('/secure_payments', other, {
      idempotencyKey: refundKey,
    });
    expect([payWithRefundKey.status, payWithRefundKey.body]).toEqual([400, keyError]);
    expect(sbx.sandbox.ledger({ order_id: other.order_id }).entries).toEqual([]);
    const ledger = sbx.sandbox.ledger({ order_id: body.order_id });
    expect(ledger).toMatchObject({ charged: 120, refunded: 20, money_moved: 2 });
    expect(ledgerSize()).toBe(before + 1);
    report(
      'a payment key replayed on /payments, /refunds and /payments/{id}/cancel; a refund key replayed on /secure_payments',
      `all 400 / 5001; ledger: the one payment (charged ${ledger.charged}) and the one refund asked for (refunded ${ledger.refunded}), nothing else`,
    );
  });

  test('a trailing slash is the same operation: replayed', async () => {
    const body = cardPayment();
    const key = `slash-${body.order_id}`;
    const plain = await sbx.api.post('/secure_payments', body, { idempotencyKey: key });
    const slashed = await sbx.api.post('/secure_payments/', body, { idempotencyKey: key });
    expect([slashed.status, slashed.body.id, slashed.headers.get('idempotent-replayed')]).toEqual([
      200,
      plain.body.id,
      'true',
    ]);

    const refundBody = {
      payment_id: plain.body.id,
      notification_url: `${sbx.receiver.url}/n`,
      amount: 10,
      currency: 'BRL',
    };
    const r1 = await sbx.api.post('/refunds/', refundBody, { idempotencyKey: `r-${key}` });
    const r2 = await sbx.api.post('/refunds', refundBody, { idempotencyKey: `r-${key}` });
    expect([r1.body.status, r2.body.id]).toEqual(['SUCCESS', r1.body.id]);
    const ledger = sbx.sandbox.ledger({ order_id: body.order_id });
    expect([ledger.entries.length, ledger.charged, ledger.refunded]).toEqual([2, 120, 10]);
    report(
      'POST /secure_payments then /secure_payments/, POST /refunds/ then /refunds, each pair with one key',
      `each pair answered one id; ledger: ${ledger.entries.length} entries (charged ${ledger.charged}, refunded ${ledger.refunded})`,
    );
  });

  test('20 concurrent requests with one key and one body: one payment', async () => {
    const body = cardPayment();
    const key = `race-${body.order_id}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        sbx.api.post('/secure_payments', body, { idempotencyKey: key }),
      ),
    );
    const ids = new Set(answers.map((a) => a.body.id));
    const replayed = answers.filter((a) => a.headers.get('idempotent-replayed') === 'true').length;
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(ids.size).toBe(1);
    expect(replayed).toBe(19);
    const ledger = sbx.sandbox.ledger({ order_id: body.order_id });
    expect([ledger.entries.length, ledger.money_moved, ledger.charged]).toEqual([1, 1, 120]);
    report(
      '20 concurrent POST /secure_payments, one key, one body',
      `${ids.size} payment id, ${replayed} answers replayed; ledger: ${ledger.entries.length} entry, money moved ${ledger.money_moved} time(s)`,
    );
  });

  test('a key reused after a 5xx runs again and charges once', async () => {
    const fault = await fetch(`${sbx.running.url}/sandbox-tools/faults`, {
      method: 'POST',
      body: JSON.stringify({ path: '/secure_payments', kind: 'status', status: 500, count: 1 }),
    });
    expect(fault.status).toBe(201);
    const body = cardPayment();
    const key = `5xx-${body.order_id}`;
    const failed = await sbx.api.post('/secure_payments', body, { idempotencyKey: key });
    expect([failed.status, failed.body.code]).toEqual([500, 7000]);
    expect(sbx.sandbox.ledger({ order_id: body.order_id }).entries).toEqual([]);
    const retried = await sbx.api.post('/secure_payments', body, { idempotencyKey: key });
    const again = await sbx.api.post('/secure_payments', body, { idempotencyKey: key });
    expect([
      retried.status,
      retried.body.status,
      retried.headers.get('idempotent-replayed'),
    ]).toEqual([200, 'PAID', null]);
    expect([again.body.id, again.headers.get('idempotent-replayed')]).toEqual([
      retried.body.id,
      'true',
    ]);
    const ledger = sbx.sandbox.ledger({ order_id: body.order_id });
    expect([ledger.entries.length, ledger.money_moved]).toEqual([1, 1]);
    report(
      'a 500 / 7000 on the first try, then the same key twice',
      `the retry ran (PAID), the third was a replay; ledger: ${ledger.entries.length} payment, money moved ${ledger.money_moved} time(s)`,
    );
  });
});

interface ChildSandbox {
  url: string;
  /** Resident size now and its peak since the last `reset`, in bytes. */
  memory(message?: 'memory' | 'reset'): Promise<{ rss: number; peak: number }>;
  stop(): Promise<void>;
}

/** A sandbox in its own process (packages/sandbox/test/support/child-sandbox.mjs), so that its memory is its own. */
async function startChild(): Promise<ChildSandbox> {
  const child: ChildProcess = fork(childScript, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (m: { url?: string }) => m.url && resolve(m.url));
  });
  return {
    url,
    memory: (message = 'memory') =>
      new Promise((resolve) => {
        const on = (m: { rss?: number; peak?: number }) => {
          if (m.rss === undefined) return;
          child.off('message', on);
          resolve({ rss: m.rss, peak: m.peak! });
        };
        child.on('message', on);
        child.send(message);
      }),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

test.describe('bodies are limited while they stream', () => {
  test('a chunked 50 MB body with no Content-Length: 413 quickly, and the sandbox does not hold it', async () => {
    test.setTimeout(scaled(20_000)); // a 50 MB chunked body sent to the sandbox
    const child = await startChild();
    try {
      // Settle the child first, so that the peak measures the attack alone.
      await fetch(`${child.url}/sandbox-tools/ledger`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { rss: before } = await child.memory('reset');
      const res = await stream(`${child.url}/secure_payments`, bytes(50 * MB));
      const { peak } = await child.memory();
      const ledger = (await (await fetch(`${child.url}/sandbox-tools/ledger`)).json()) as {
        entries: unknown[];
        money_moved: number;
      };
      expect([res.status, JSON.parse(res.body)]).toEqual([413, tooLarge]);
      expect(res.ms).toBeLessThan(2_000);
      // The answer came while the client was still sending: the sandbox stopped at the limit (1 MB), not at the end.
      expect(res.sent).toBeLessThan(20 * MB);
      const grew = peak - before;
      expect(grew).toBeLessThan(12 * MB);
      expect([ledger.entries.length, ledger.money_moved]).toEqual([0, 0]);
      report(
        'an unsigned 50 MB JSON body, chunked, no Content-Length, to POST /secure_payments of a sandbox in its own process',
        `413 / 5000 after ${res.ms} ms, when the client had sent ${(res.sent / MB).toFixed(1)} MB; the sandbox's resident size grew by at most ${(grew / MB).toFixed(1)} MB; ledger: ${ledger.entries.length} entries`,
      );
    } finally {
      await child.stop();
    }
  });

  test('every route counts a chunked body: API, pages, tools, DELETE', async () => {
    const routes: [method: string, path: string][] = [
      ['POST', '/payments'],
      ['POST', '/refunds/'],
      ['POST', '/payments/D-1-x/cancel'],
      ['DELETE', '/secure_cards/x'],
      ['POST', '/sandbox-tools/clock'],
      ['POST', '/sandbox-tools/faults'],
      ['POST', '/sandbox-pages/3ds/x'],
      ['POST', '/nothing/here'],
    ];
    const before = ledgerSize();
    const clock = sbx.sandbox.clock.now().getTime();
    const results: string[] = [];
    for (const [method, path] of routes) {
      const res = await stream(`${sbx.running.url}${path}`, bytes(8 * MB), {}, method);
      expect([res.status, JSON.parse(res.body)], `${method} ${path}`).toEqual([413, tooLarge]);
      expect(res.sent, `${method} ${path}`).toBeLessThan(8 * MB);
      results.push(`${method} ${path} ${res.status} after ${(res.sent / MB).toFixed(1)} MB`);
    }
    // A body at the limit still goes through to the route (here: the clock's own 400 for a wrong value).
    const atLimit = await fetch(`${sbx.running.url}/sandbox-tools/clock`, {
      method: 'POST',
      body: JSON.stringify({ now: 'x'.repeat(MB - 20) }),
    });
    expect(atLimit.status).toBe(400);
    expect(ledgerSize()).toBe(before);
    expect(Math.abs(sbx.sandbox.clock.now().getTime() - clock)).toBeLessThan(60_000);
    report(
      `8 MB chunked bodies to ${routes.length} routes`,
      `${results.join('; ')}; ledger unchanged (${ledgerSize()} entries)`,
    );
  });
});

test('a client that sends its headers or body slowly is cut off (headersTimeout, requestTimeout)', async () => {
  const running = await sbx.sandbox.listen({ headersTimeoutMs: 500, requestTimeoutMs: 1_000 });
  try {
    const slow = (opening: string, drip: string) =>
      new Promise<{ text: string; ms: number }>((resolve) => {
        const started = performance.now();
        const socket = connect(running.port, '127.0.0.1');
        let text = '';
        const timer = setInterval(() => socket.writable && socket.write(drip), 100);
        socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
        socket.on('error', () => {});
        socket.on('close', () => {
          clearInterval(timer);
          resolve({ text, ms: Math.round(performance.now() - started) });
        });
        socket.write(opening);
      });
    const headers = await slow('POST /secure_payments HTTP/1.1\r\nHost: x\r\n', 'X-Slow: 1\r\n');
    const body = await slow(
      'POST /secure_payments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
      ' ',
    );
    for (const r of [headers, body]) {
      expect(r.text).toMatch(/^HTTP\/1\.1 408/);
      expect(r.ms).toBeLessThan(5_000);
    }
    expect(ledgerSize()).toBe(0);
    report(
      'headers, then a body, trickled one line or byte per 100 ms',
      `408 and closed after ${headers.ms} ms (headers) and ${body.ms} ms (body); ledger: ${ledgerSize()} entries`,
    );
  } finally {
    await running.close();
  }
});

test('records beyond maxRecords are dropped, oldest first', async () => {
  const small = await startSandbox({ maxRecords: 5 });
  try {
    const bodies = Array.from({ length: 8 }, () => cardPayment());
    const paid: Call[] = [];
    for (const body of bodies)
      paid.push(
        await small.api.post('/secure_payments', body, { idempotencyKey: `max-${body.order_id}` }),
      );
    const ledger = small.sandbox.ledger();
    const kept = ledger.entries.map((e) => e.order_id);
    expect(kept).toEqual(bodies.slice(3).map((b) => b.order_id));
    expect(ledger.dropped).toBe(3);
    const records = small.sandbox.records();
    expect(records.payments).toEqual({ kept: 5, dropped: 3 });
    expect(records.idempotency_keys).toEqual({ kept: 5, dropped: 3 });
    expect(records.ledger_entries).toEqual({ kept: 5, dropped: 3 });
    // The oldest are gone as if never made; the newest still answer and still replay.
    const oldest = await small.api.get(`/payments/${paid[0]!.body.id}`);
    expect([oldest.status, oldest.body.code]).toEqual([404, 4000]);
    expect((await small.api.get(`/payments/${paid[7]!.body.id}`)).body.status).toBe('PAID');
    const replay = await small.api.post('/secure_payments', bodies[7], {
      idempotencyKey: `max-${bodies[7]!.order_id}`,
    });
    expect([replay.body.id, replay.headers.get('idempotent-replayed')]).toEqual([
      paid[7]!.body.id,
      'true',
    ]);
    // More of everything never grows past the bound.
    for (let i = 0; i < 20; i++)
      await small.api.post('/installments-plans', {
        country: 'BR',
        bin: '411111',
        amount: 100 + i,
        currency: 'BRL',
      });
    const after = small.sandbox.records();
    expect(after.plans).toEqual({ kept: 5, dropped: 15 });
    expect(Math.max(...Object.values(after).map((r) => r.kept))).toBeLessThanOrEqual(5);
    report(
      'a sandbox with maxRecords 5: 8 keyed payments, then 20 installment plans',
      `ledger kept the newest ${ledger.entries.length} and dropped ${ledger.dropped} (oldest first); the oldest payment answers 404 / 4000, the newest still replays; plans ${after.plans.kept} kept, ${after.plans.dropped} dropped; no kind above 5`,
    );
  } finally {
    await stopSandbox(small);
  }
});
