/**
 * A client written the way a payment orchestrator's connector writes its requests, against the
 * sandbox over HTTP: plain fetch and node:crypto's HMAC, its own JSON (month, year and capture as
 * strings, a two-digit year, amounts as decimal strings), trailing slashes on every path, no
 * refund `notification_url`, and lookups and cancels signed over login + X-Date + `"{}"` (the
 * four characters: it serializes the empty body as a JSON string). Each operation succeeds, the
 * ledger counts the money; a wrong signature (400 / 5000 on a POST, 403 / 3001 on a GET), an
 * unknown login and a bad CPF are still refused, each differing from an accepted request only
 * in what is checked.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createSandbox, type Sandbox } from '@paylit/sandbox';
import { expect, test } from '@playwright/test';

let sandbox: Sandbox;
let url: string;

test.beforeAll(async () => {
  sandbox = await createSandbox({ settleDelayMs: 50 });
  url = (await sandbox.listen()).url;
});
test.afterAll(() => sandbox?.close());

interface ConnectorOptions {
  login?: string;
  secretKey?: string;
}

/** The connector: what it signs and sends, nothing of paylit's. */
async function connector(
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
  options: ConnectorOptions = {},
) {
  const login = options.login ?? sandbox.credentials.login;
  const secretKey = options.secretKey ?? sandbox.credentials.secretKey;
  const date = sandbox.clock.now().toISOString();
  const text = body === undefined ? '' : JSON.stringify(body);
  // The connector signs a call without a body over "{}", quotes included: the four characters.
  const signature = createHmac('sha256', secretKey)
    .update(`${login}${date}${text === '' ? '"{}"' : text}`)
    .digest('hex');
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'X-Date': date,
      'X-Login': login,
      'X-Trans-Key': sandbox.credentials.transKey,
      'X-Version': '2.1',
      'X-Idempotency-Key': randomUUID(),
      'User-Agent': 'orchestrator-connector/1.0',
      Authorization: `V2-HMAC-SHA256, Signature: ${signature}`,
    },
    ...(text === '' ? {} : { body: text }),
  });
  const raw = await res.text();
  let parsed: any = raw;
  try {
    parsed = JSON.parse(raw);
  } catch {}
  return { status: res.status, body: parsed };
}

let orders = 0;
const orderId = () => `connector-${Date.now().toString(36)}-${++orders}`;

const brazil = {
  country: 'BR',
  currency: 'BRL',
  payer: { name: 'Thiago Gabriel', email: 'thiago@example.com', document: '530.333.155-50' },
};
const panama = {
  country: 'PA',
  currency: 'USD',
  payer: { name: 'Ana Castillo', email: 'ana@example.com' },
};

/** A card as the connector writes it: strings for month and year (two digits), and for capture. */
function payment(
  market: typeof brazil | typeof panama,
  amount: string,
  capture: 'true' | 'false',
  order = orderId(),
) {
  return {
    amount,
    currency: market.currency,
    country: market.country,
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    payer: market.payer,
    order_id: order,
    description: 'Connector order',
    card: {
      holder_name: market.payer.name,
      number: '4111111111111111',
      cvv: '123',
      expiration_month: '10',
      expiration_year: '30',
      capture,
    },
  };
}

for (const [name, market, total, part, refund] of [
  ['a Brazilian payer', brazil, '120.00', '80.00', '15.50'],
  ['a Panamanian payer, in USD', panama, '45.00', '30.00', '5.00'],
] as const) {
  test(`${name}: authorize, capture, refund, both status lookups and a void, each succeeding`, async () => {
    const order = orderId();
    const auth = await connector(
      'POST',
      '/secure_payments/',
      payment(market, total, 'false', order),
    );
    expect(
      [auth.status, auth.body.status, auth.body.card?.expiration_year, auth.body.card?.country],
      JSON.stringify(auth.body),
    ).toEqual([200, 'AUTHORIZED', 2030, market.country]);

    const capture = await connector('POST', '/payments/', {
      authorization_id: auth.body.id,
      amount: part,
      currency: market.currency,
      order_id: order,
    });
    expect(
      [capture.status, capture.body.status, capture.body.amount],
      JSON.stringify(capture.body),
    ).toEqual([200, 'PAID', Number(part)]);

    const refunded = await connector('POST', '/refunds/', {
      payment_id: capture.body.id,
      amount: refund,
      currency: market.currency,
      description: 'Returned item',
    });
    expect(
      [refunded.status, refunded.body.status, refunded.body.amount],
      JSON.stringify(refunded.body),
    ).toEqual([200, 'SUCCESS', Number(refund)]);

    const paymentStatus = await connector('GET', `/payments/${capture.body.id}/status/`);
    expect([paymentStatus.status, paymentStatus.body.status]).toEqual([200, 'PAID']);
    const refundStatus = await connector('GET', `/refunds/${refunded.body.id}/status/`);
    expect([refundStatus.status, refundStatus.body.status, refundStatus.body.status_code]).toEqual([
      200,
      'SUCCESS',
      200,
    ]);

    const other = await connector('POST', '/secure_payments/', payment(market, total, 'false'));
    const voided = await connector('POST', `/payments/${other.body.id}/cancel/`);
    expect([voided.status, voided.body.status], JSON.stringify(voided.body)).toEqual([
      200,
      'CANCELLED',
    ]);
    expect((await connector('GET', `/payments/${other.body.id}/status/`)).body.status).toBe(
      'CANCELLED',
    );

    // A sale in one step.
    const sale = await connector('POST', '/secure_payments/', payment(market, '10.00', 'true'));
    expect([sale.status, sale.body.status]).toEqual([200, 'PAID']);

    expect(sandbox.ledger({ order_id: order })).toMatchObject({
      charged: Number(part),
      refunded: Number(refund),
    });
    expect(sandbox.ledger({ order_id: other.body.order_id })).toMatchObject({ charged: 0 });
  });
}

test('a wrong signature, an unknown login and a bad CPF are still refused, and charge nothing', async () => {
  const before = sandbox.ledger().entries.length;
  const body = payment(brazil, '25.00', 'true');

  const forged = await connector('POST', '/secure_payments/', body, {
    secretKey: 'not-the-merchant-secret',
  });
  expect([forged.status, forged.body]).toEqual([
    400,
    { code: 5000, message: 'Signature not match' },
  ]);
  const stranger = await connector('POST', '/secure_payments/', body, { login: 'someone-else' });
  expect([stranger.status, stranger.body]).toEqual([
    403,
    { code: 3001, message: 'Invalid credentials' },
  ]);
  const badCpf = await connector('POST', '/secure_payments/', {
    ...body,
    payer: { ...brazil.payer, document: '111.111.111-12' },
  });
  expect([badCpf.status, badCpf.body]).toEqual([
    400,
    { code: 5001, message: 'Invalid parameter: payer.document', param: 'payer.document' },
  ]);
  // The lookups too: signed with another secret, or by a stranger.
  const auth = await connector('POST', '/secure_payments/', payment(brazil, '25.00', 'false'));
  expect(
    (
      await connector('GET', `/payments/${auth.body.id}/status/`, undefined, {
        secretKey: 'not-the-merchant-secret',
      })
    ).status,
  ).toBe(403);
  expect(
    (
      await connector('POST', `/payments/${auth.body.id}/cancel/`, undefined, {
        login: 'someone-else',
      })
    ).status,
  ).toBe(403);
  expect((await connector('GET', `/payments/${auth.body.id}/status/`)).body.status).toBe(
    'AUTHORIZED',
  );
  expect(sandbox.ledger().entries.length, 'only the authorization reached the ledger').toBe(
    before + 1,
  );

  // The same payment, signed right, by the merchant, with a valid CPF, is paid.
  const paid = await connector('POST', '/secure_payments/', body);
  expect([paid.status, paid.body.status]).toEqual([200, 'PAID']);
});
