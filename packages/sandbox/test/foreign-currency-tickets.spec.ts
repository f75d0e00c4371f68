/**
 * A Pix or a Boleto is paid in reais: the BR Code's currency (field 53) is 986 and a Boleto's
 * currency digit is 9. Each country takes USD as well as its own currency, and the payer is
 * charged in the local currency unless `currency_to_charge: USD` says otherwise (the spec), so a
 * USD payment's ticket is converted: the record keeps the amount asked (120 USD), while the
 * ticket states, in the local currency, what its code charges. Before, a USD Pix charged the
 * USD figure as reais (R$ 120.00 for US$ 120.00).
 */
import { cardPayment, orderId, payerIn } from './support/client.js';
import { expect, test } from './support/fixture.js';

/** A BR Code's top-level fields (EMV: two-digit tag, two-digit length, value). */
function brCodeFields(code: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let i = 0; i < code.length;) {
    const tag = code.slice(i, i + 2);
    const length = Number(code.slice(i + 2, i + 4));
    fields[tag] = code.slice(i + 4, i + 4 + length);
    i += 4 + length;
  }
  return fields;
}

const inUsd = (country: string, method: string, prefix: string) => ({
  amount: 120,
  currency: 'USD',
  country,
  payment_method_id: method,
  payment_method_flow: 'DIRECT',
  payer: payerIn(country),
  order_id: orderId(prefix),
});

test('a Pix for a USD payment in Brazil charges reais: the code, the ticket and its amount agree, and the record keeps the USD asked', async ({
  sbx,
}) => {
  const res = await sbx.api.post('/payments', inUsd('BR', 'PQ', 'usd-pix'));
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ amount: 120, currency: 'USD', status: 'PENDING' });
  const ticket = res.body.ticket;
  const fields = brCodeFields(ticket.number);
  expect([fields['53'], ticket.currency, fields['54']]).toEqual([
    '986',
    'BRL',
    Number(ticket.amount).toFixed(2),
  ]);
  // Converted, not the USD figure read as reais.
  expect(ticket.amount).toBeGreaterThan(120);
});

test('a Boleto for a USD payment in Brazil charges reais: the typed line holds the ticket amount in centavos', async ({
  sbx,
}) => {
  const res = await sbx.api.post('/payments', inUsd('BR', 'BL', 'usd-boleto'));
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ amount: 120, currency: 'USD' });
  const ticket = res.body.ticket;
  // The typed line ends with the amount in centavos (10 digits).
  expect([ticket.currency, Number(ticket.number.slice(-10)) / 100]).toEqual([
    'BRL',
    Number(ticket.amount),
  ]);
  expect(ticket.amount).toBeGreaterThan(120);
});

test('an OXXO voucher for a USD payment in Mexico is in pesos, on the ticket and on its printable page', async ({
  sbx,
}) => {
  const res = await sbx.api.post('/payments', inUsd('MX', 'OX', 'usd-oxxo'));
  expect(res.status).toBe(200);
  const ticket = res.body.ticket;
  expect(ticket.currency).toBe('MXN');
  expect(ticket.amount).toBeGreaterThan(120);
  const page = await (await fetch(ticket.image_url)).text();
  const shown = (n: number) => n.toLocaleString('en', { minimumFractionDigits: 2 });
  expect(page).toContain(shown(ticket.amount));
  expect(page).not.toContain(shown(120));
});

test('a payment in the local currency keeps its amount on the ticket', async ({ sbx }) => {
  const res = await sbx.api.post('/payments', { ...inUsd('BR', 'PQ', 'brl-pix'), currency: 'BRL' });
  expect(res.body.ticket).toMatchObject({ amount: 120, currency: 'BRL' });
  expect(brCodeFields(res.body.ticket.number)['54']).toBe('120.00');
});

test('a USD Boleto whose amount in reais does not fit 10,2 (a line has 10 digits of centavos) is refused naming amount, and nothing is made', async ({
  sbx,
}) => {
  const body = { ...inUsd('BR', 'BL', 'usd-boleto-max'), amount: 99_999_999.99 };
  const res = await sbx.api.post('/payments', body);
  expect([res.status, res.body]).toEqual([
    400,
    { code: 5001, message: 'Invalid parameter: amount', param: 'amount' },
  ]);
  expect(sbx.sandbox.ledger({ order_id: body.order_id }).entries).toEqual([]);
  // By card the same amount is charged in USD as asked.
  const card = await sbx.api.post(
    '/secure_payments',
    cardPayment({ amount: 99_999_999.99, currency: 'USD', order_id: orderId('usd-card-max') }),
  );
  expect(card.body).toMatchObject({ status: 'PAID', amount: 99_999_999.99, currency: 'USD' });
});
