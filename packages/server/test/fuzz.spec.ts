/**
 * Property-based fuzzing of every browser-facing route with 10,000 malformed requests
 * (in-process, `handler.request`, the fetch path; POST /payments also over HTTP, on its direct
 * Node route): no 5xx, no crash, every answer a 4xx that says what is wrong. Each body is malformed by construction: not JSON, JSON of the wrong shape, or a
 * valid submission with a required field removed, a field of the wrong type, or an unknown field.
 */
import fc from 'fast-check';
import { expect, test } from '@playwright/test';
import { startShop, type Shop } from './support/harness.js';
import { scaled } from '../../../test/support/time.mjs';

let shop: Shop;
let orderId: string;
const unexpected: unknown[] = [];
test.beforeAll(async () => {
  shop = await startShop({ onError: (e) => void unexpected.push(e) });
  orderId = (await shop.order()).clientSecret;
});
test.afterAll(() => shop.close());

const origin = { Origin: 'https://shop.example' };

/**
 * In process through Hono (`handler.request`: the fetch path), or, `over: 'node'`, over HTTP to
 * the shop, whose POST /payments is the direct Node route (src/direct.ts).
 */
async function call(
  method: string,
  path: string,
  body?: string,
  contentType = 'application/json',
  over: 'fetch' | 'node' = 'fetch',
) {
  const init = {
    method,
    headers: { ...origin, ...(body === undefined ? {} : { 'Content-Type': contentType }) },
    ...(body === undefined ? {} : { body }),
  };
  const res = await (over === 'node'
    ? fetch(`${shop.base}${path}`, init)
    : shop.handler.request(path, init));
  const text = await res.text();
  return { status: res.status, text };
}

/** Plain checks, not expect(): Playwright records a step per expect, too slow for 10,000 runs. */
function expectClear4xx(res: { status: number; text: string }, what: string) {
  const fail = (why: string) => {
    throw new Error(`${why}: ${res.status} ${res.text.slice(0, 300)} for ${what}`);
  };
  if (res.status < 400 || res.status >= 500) fail('expected a 4xx');
  let body: { error?: { type?: unknown; message?: unknown } };
  try {
    body = JSON.parse(res.text);
  } catch {
    return fail('expected a JSON error body');
  }
  if (
    typeof body.error?.type !== 'string' ||
    typeof body.error.message !== 'string' ||
    body.error.message.length < 4
  )
    fail('expected {error: {type, message}}');
}

const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double({ noNaN: false }),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
);

function validSubmission() {
  return {
    order: orderId,
    attempt: crypto.randomUUID(),
    method: {
      type: 'card',
      encryptedData: 'aGVhZA.a2V5.aXY.Y2lwaGVy.dGFn',
      holderName: 'Thiago Gabriel',
      expirationMonth: 10,
      expirationYear: 2040,
      installments: '3',
    },
  };
}

type Mutation = (s: Record<string, any>) => void;
const fields = [
  'order',
  'attempt',
  'method',
  'method.type',
  'method.encryptedData',
  'method.holderName',
  'method.expirationMonth',
  'method.expirationYear',
  'method.installments',
];
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc
    .constantFrom(...fields.filter((f) => f !== 'method.installments'))
    .map((f): Mutation => (s) => {
      const [a, b] = f.split('.');
      if (b) delete s[a!][b];
      else delete s[a!];
    }),
  fc
    .tuple(fc.constantFrom(...fields), wrongType)
    .filter(
      ([f, v]) => !(typeof v === 'object' && v !== null && !Array.isArray(v) && f === 'method'),
    )
    .map(([f, v]): Mutation => (s) => {
      const [a, b] = f.split('.');
      if (b) s[a!][b] = typeof v === 'string' ? 7 : v === undefined ? null : v;
      else s[a!] = v === undefined ? null : v;
    }),
  fc
    .tuple(
      fc.constantFrom('', 'method'),
      fc
        .string({ minLength: 1 })
        .filter(
          (k) =>
            ![
              'order',
              'attempt',
              'method',
              'amount',
              'currency',
              'country',
              'type',
              'encryptedData',
              'holderName',
              'expirationMonth',
              'expirationYear',
              'installments',
              'installmentsId',
              'save',
              '__proto__',
            ].includes(k),
        ),
      fc.jsonValue(),
    )
    .map(([where, key, value]): Mutation => (s) => {
      (where ? s[where] : s)[key] = value;
    }),
);

const malformedSubmission = fc.oneof(
  {
    weight: 3,
    arbitrary: mutation.map((m) => {
      const s = validSubmission();
      m(s);
      return JSON.stringify(s);
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .jsonValue()
      .filter((v) => typeof v !== 'object' || v === null || Array.isArray(v) || !('order' in v))
      .map((v) => JSON.stringify(v)),
  },
  {
    weight: 1,
    arbitrary: fc.string().filter((t) => {
      try {
        const v = JSON.parse(t);
        return typeof v !== 'object' || v === null;
      } catch {
        return true;
      }
    }),
  },
);

for (const over of ['fetch', 'node'] as const)
  test(`POST /payments ${over === 'node' ? 'over HTTP, the direct Node route' : 'in process, through Hono'}: 5,000 malformed submissions, each a clear 4xx`, async () => {
    test.setTimeout(scaled(over === 'node' ? 80_000 : 40_000)); // 5,000 submissions through the handler
    await fc.assert(
      fc.asyncProperty(malformedSubmission, async (body) =>
        expectClear4xx(await call('POST', '/payments', body, undefined, over), body.slice(0, 300)),
      ),
      { numRuns: 4500 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          '',
        ),
        fc.string(),
        async (type, body) =>
          expectClear4xx(await call('POST', '/payments', body, type, over), type),
      ),
      { numRuns: 500 },
    );
    expect(unexpected).toEqual([]);
  });

test('POST /installments: 2,500 malformed bodies, each a clear 4xx', async () => {
  test.setTimeout(scaled(40_000)); // 2,500 bodies through the handler
  const body = fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc
      .record({
        order: fc.oneof(fc.constant(orderId), fc.string(), wrongType),
        bin: fc.oneof(fc.string(), fc.stringMatching(/^\d{1,5}$|^\d{7}$|^\d{9,20}$/), wrongType),
      })
      .map((v) => JSON.stringify(v)),
    fc.string(),
  );
  await fc.assert(
    fc.asyncProperty(body, async (b) =>
      expectClear4xx(await call('POST', '/installments', b), b.slice(0, 300)),
    ),
    { numRuns: 2500 },
  );
  expect(unexpected).toEqual([]);
});

test('GET /checkout and GET /payments/:id: 2,500 malformed queries and ids, each a clear 4xx', async () => {
  test.setTimeout(scaled(40_000)); // 2,500 queries and ids through the handler
  const text = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.constantFrom('', '..', '%00', '<script>', 'a'.repeat(300)),
  );
  await fc.assert(
    fc.asyncProperty(text, async (order) =>
      expectClear4xx(await call('GET', `/checkout?order=${encodeURIComponent(order)}`), order),
    ),
    { numRuns: 1500 },
  );
  await fc.assert(
    fc.asyncProperty(text, fc.oneof(text, fc.constant(orderId)), async (id, order) =>
      expectClear4xx(
        await call(
          'GET',
          `/payments/${encodeURIComponent(id) || 'x'}?order=${encodeURIComponent(order)}`,
        ),
        `${id} ${order}`,
      ),
    ),
    { numRuns: 1000 },
  );
  expect(unexpected).toEqual([]);
});
