/**
 * A Boleto's due date as its barcode carries it: the due factor (FEBRABAN's days since
 * 1997-10-07, 1000 again from 2025-02-22) names the local calendar day of `expiration_date`,
 * the day the payer's bank shows and accepts it until. The factors below are written out,
 * counted by hand from that rule: 2025-02-22 is 1000, so 2026-12-03 is 1000 + 649.
 */
import { orderId, payerIn } from './support/client.js';
import { expect, test, withSandbox } from './support/fixture.js';

const cases = [
  // Issued at noon UTC (09:00 in São Paulo), due at 23:59:59 local time four days on.
  { issued: '2026-11-29T12:00:00Z', due: '2026-12-03T23:59:59-03:00', factor: '1649' },
  { issued: '2025-02-18T12:00:00Z', due: '2025-02-22T23:59:59-03:00', factor: '1000' },
];

for (const { issued, due, factor } of cases) {
  test(`a Boleto issued ${issued} is due ${due.slice(0, 10)}: its barcode and typed line say factor ${factor}`, async () => {
    await withSandbox({ now: new Date(issued) }, async ({ api }) => {
      const res = await api.post('/payments', {
        amount: 99.9,
        currency: 'BRL',
        country: 'BR',
        payment_method_id: 'BL',
        payment_method_flow: 'DIRECT',
        payer: payerIn('BR'),
        order_id: orderId('bl'),
      });
      const { number, barcode, expiration_date } = res.body.ticket;
      // Barcode: bank (3), currency (1), check digit (1), due factor (4), amount (10), free field (25).
      // Typed line: three fields with their check digits (10, 11, 11), the barcode's check digit, the factor, the amount.
      expect([expiration_date, barcode.slice(5, 9), number.slice(33, 37)]).toEqual([
        due,
        factor,
        factor,
      ]);
    });
  });
}
