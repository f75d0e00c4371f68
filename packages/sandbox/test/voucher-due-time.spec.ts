/**
 * A voucher's `expiration_date` "falls at 23:59 local time" (markets: Expiry). Chile keeps
 * summer time from September to April (UTC−3; UTC−4 in its winter): a Servipag voucher due in
 * December is due at 23:59:59−03:00, not at 23:59:59−04:00, which is 00:59:59 the next day in
 * Santiago. Mexico has kept one offset all year since 2022. The expected times are written out.
 */
import { orderId, payerIn } from './support/client.js';
import { expect, test, withSandbox } from './support/fixture.js';

const cases = [
  { country: 'CL', currency: 'CLP', method: 'SP', issued: '2026-11-29T12:00:00Z', due: '2026-12-03T23:59:59-03:00' },
  { country: 'CL', currency: 'CLP', method: 'SP', issued: '2026-07-01T12:00:00Z', due: '2026-07-05T23:59:59-04:00' },
  { country: 'MX', currency: 'MXN', method: 'OX', issued: '2026-11-29T12:00:00Z', due: '2026-12-03T23:59:59-06:00' },
]; // prettier-ignore

for (const { country, currency, method, issued, due } of cases) {
  test(`${method} in ${country} issued ${issued} is due ${due}, and is still pending a minute before`, async () => {
    await withSandbox({ now: new Date(issued) }, async ({ api, sandbox }) => {
      const res = await api.post('/payments', {
        amount: 5000,
        currency,
        country,
        payment_method_id: method,
        payment_method_flow: 'DIRECT',
        payer: payerIn(country),
        order_id: orderId('due'),
      });
      expect(res.body.ticket.expiration_date).toBe(due);
      sandbox.clock.set(new Date(Date.parse(due) - 60_000));
      expect((await api.get(`/payments/${res.body.id}/status`)).body.status).toBe('PENDING');
    });
  });
}
