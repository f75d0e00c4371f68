/**
 * A SPEI transfer is paid in pesos: a USD payment in Mexico by SPEI must tell the payer the
 * amount to send in MXN (converted like a ticket), not "Pay 120.00 USD to the CLABE".
 * Needs: the transfer's amount converted, and the pending view to carry its currency
 * (core's bankTransferViewSchema has none; the elements show user_payment_amount in the
 * payment's currency).
 */
import { orderId, payerIn } from './support/client.js';
import { expect, test } from './support/fixture.js';

test('a SPEI transfer for a USD payment in Mexico asks for pesos', async ({ sbx }) => {
  const res = await sbx.api.post('/payments', {
    amount: 120,
    currency: 'USD',
    country: 'MX',
    payment_method_id: 'SE',
    payment_method_flow: 'DIRECT',
    payer: payerIn('MX'),
    order_id: orderId('usd-spei'),
  });
  expect(res.status).toBe(200);
  const transfer = res.body.bank_transfer;
  expect(transfer.payment_instruction).toContain('MXN');
  expect(transfer.user_payment_amount).toBeGreaterThan(120);
});
