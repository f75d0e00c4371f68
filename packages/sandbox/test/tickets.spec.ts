/**
 * What the sandbox gives a payer for a DIRECT Pix, Boleto, OXXO or bank transfer, checked
 * against the schemes' own published examples: a BR Code's CRC, a Boleto's typed line and
 * barcode, a CLABE's and a CBU's check digits.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { orderId, payerIn } from './support/client.js';
import { expect, test } from './support/fixture.js';
import {
  boleto,
  boletoDueFactor,
  boletoProblem,
  cbu,
  clabe,
  clabeCheckDigit,
  crc16,
  isCbu,
  pixBrCode,
  readBrCode,
} from '../src/state/tickets.js';

test("a BR Code's CRC16 is the Pix manual's: its own example checks, and a changed amount does not", () => {
  // The central bank's example of a static BR Code.
  const example =
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
  expect(crc16(example.slice(0, -4))).toBe(example.slice(-4));
  const made = pixBrCode({
    key: '123e4567-e12b-12d1-a456-426655440000',
    amount: 120,
    merchantName: 'Loja Paylit Ltda — São Paulo',
    city: 'São Paulo',
    txid: 'D-1-abc_def',
  });
  expect(crc16(made.slice(0, -4))).toBe(made.slice(-4));
  expect(readBrCode(made)).toEqual({
    '00': '01',
    '26': { '00': 'br.gov.bcb.pix', '01': '123e4567-e12b-12d1-a456-426655440000' },
    '52': '0000',
    '53': '986',
    '54': '120.00',
    '58': 'BR',
    '59': 'LOJA PAYLIT LTDA SAO PAUL',
    '60': 'SAO PAULO',
    '62': { '05': 'D1abcdef' },
    '63': made.slice(-4),
  });
  const tampered = made.replace('120.00', '920.00');
  expect(crc16(tampered.slice(0, -4))).not.toBe(tampered.slice(-4));
});

test("a Boleto's typed line and barcode: a bank's published example checks; one made here checks and agrees", () => {
  // Banco do Brasil's example, as boleto libraries test it.
  expect(
    boletoProblem(
      '00190500954014481606906809350314337370000000100',
      '00193373700000001000500940144816060680935031',
    ),
  ).toBeUndefined();
  const made = boleto(
    '341',
    1234.56,
    new Date('2026-11-30T12:00:00Z'),
    '1090000012345678901234567',
  );
  expect(made.line).toMatch(/^\d{47}$/);
  expect(made.barcode).toMatch(/^\d{44}$/);
  expect(boletoProblem(made.line, made.barcode)).toBeUndefined();
  expect(made.barcode.slice(9, 19)).toBe('0000123456');
  // The due factor restarted at 1000 on 2025-02-22.
  expect([
    boletoDueFactor(new Date('2025-02-21T12:00:00Z')),
    boletoDueFactor(new Date('2025-02-22T12:00:00Z')),
  ]).toEqual(['9999', '1000']);
  // One digit changed anywhere is caught.
  for (const at of [3, 12, 25, 40])
    expect(
      boletoProblem(
        made.line.slice(0, at) + ((Number(made.line[at]) + 1) % 10) + made.line.slice(at + 1),
        made.barcode,
      ),
      `digit ${at}`,
    ).toBeDefined();
});

test("a CLABE's and a CBU's check digits: published examples check, and one made here does", () => {
  expect(clabeCheckDigit('03218000011835971')).toBe(9);
  const made = clabe('646', '180', '1234567');
  expect(made).toMatch(/^646180\d{12}$/);
  expect(clabeCheckDigit(made.slice(0, 17))).toBe(Number(made[17]));
  expect(isCbu('2850590940090418135201')).toBe(true);
  expect(isCbu('2850590940090418135202')).toBe(false);
  const account = cbu('285', '0590', '9041813520');
  expect(isCbu(account)).toBe(true);
});

/** The text of the QR code in a base64 PNG, read as a phone's camera would. */
function readQr(base64: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

test.describe('the DIRECT flow: PENDING 100 with what the payer pays with', () => {
  const direct = (country: string, currency: string, amount: number, method: string) => ({
    amount,
    currency,
    country,
    payment_method_id: method,
    payment_method_flow: 'DIRECT',
    payer: payerIn(country),
    order_id: orderId(method.toLowerCase()),
  });

  test("Pix: the BR Code and its QR, which reads as the code; the amount is the payment's; a day to pay", async ({
    sbx,
  }) => {
    const res = await sbx.api.post('/payments', direct('BR', 'BRL', 120.5, 'PQ'));
    expect(res.body).toMatchObject({
      status: 'PENDING',
      status_code: '100',
      payment_method_type: 'TICKET',
      ticket: { type: 'CUSTOM', provider_name: 'pix' },
    });
    expect(res.body).not.toHaveProperty('redirect_url');
    const { number, barcode, expiration_date } = res.body.ticket;
    expect(number).toMatch(/^000201/);
    expect(crc16(number.slice(0, -4))).toBe(number.slice(-4));
    expect(readBrCode(number)['54']).toBe('120.50');
    expect(readQr(barcode)).toBe(number);
    expect(Date.parse(expiration_date) - Date.parse(res.body.created_date)).toBeGreaterThan(
      23 * 3600_000,
    );
    // The status lookup says the same, and the force route settles it.
    expect((await sbx.api.get(`/payments/${res.body.id}`)).body.ticket.number).toBe(number);
  });

  test("Boleto, OXXO, SPEI and Argentina's transfer: each its scheme's shape, due at 23:59 local time four days on", async ({
    sbx,
  }) => {
    const bl = (await sbx.api.post('/payments', direct('BR', 'BRL', 99.9, 'BL'))).body;
    expect(bl.ticket).toMatchObject({ type: 'CUSTOM', format: 'ITF' });
    expect(boletoProblem(bl.ticket.number, bl.ticket.barcode)).toBeUndefined();
    expect(bl.ticket.barcode.slice(9, 19)).toBe('0000009990');
    expect(bl.ticket.expiration_date).toMatch(/T23:59:59-03:00$/);

    const ox = (await sbx.api.post('/payments', direct('MX', 'MXN', 500, 'OX'))).body;
    expect(ox.ticket).toMatchObject({ type: 'REFERENCE_CODE', format: 'CODE_128' });
    expect(ox.ticket.number).toMatch(/^8500-\d{4}-\d{4}-\d{2}$/);
    expect(ox.ticket.barcode).toBe(ox.ticket.number.replace(/-/g, ''));
    expect(ox.ticket.expiration_date).toMatch(/T23:59:59-06:00$/);
    // Its printable voucher: the reference, the amount, the date.
    const printed = await fetch(ox.ticket.image_url);
    expect(printed.status).toBe(200);
    const html = await printed.text();
    expect(html).toContain(ox.ticket.number);
    expect(html).toContain('MX$500.00');

    const se = (await sbx.api.post('/payments', direct('MX', 'MXN', 500, 'SE'))).body;
    expect(se.payment_method_type).toBe('BANK_TRANSFER');
    expect(se.bank_transfer).toMatchObject({
      bank_account_label: 'CLABE',
      user_payment_amount: 500,
    });
    const account: string = se.bank_transfer.bank_account;
    expect(account).toMatch(/^\d{18}$/);
    expect(clabeCheckDigit(account.slice(0, 17))).toBe(Number(account[17]));

    const io = (await sbx.api.post('/payments', direct('AR', 'ARS', 5000, 'IO'))).body;
    expect(io.bank_transfer.bank_account_label).toBe('CBU');
    expect(isCbu(io.bank_transfer.bank_account)).toBe(true);
    // Each payment its own code.
    const again = (await sbx.api.post('/payments', direct('MX', 'MXN', 500, 'OX'))).body;
    expect(again.ticket.number).not.toBe(ox.ticket.number);
  });

  test('past its time by the sandbox clock, a voucher is EXPIRED 500, and its notification says so', async ({
    sbx,
  }) => {
    const res = await sbx.api.post('/payments', {
      ...direct('MX', 'MXN', 80, 'OX'),
      notification_url: `${sbx.receiver.url}/expired`,
    });
    const due = Date.parse(res.body.ticket.expiration_date);
    const ahead = due - sbx.sandbox.clock.now().getTime() + 1000;
    sbx.sandbox.clock.advance(ahead - 2000);
    try {
      expect((await sbx.api.get(`/payments/${res.body.id}/status`)).body.status).toBe('PENDING');
      sbx.sandbox.clock.advance(2000);
      expect((await sbx.api.get(`/payments/${res.body.id}/status`)).body).toMatchObject({
        status: 'EXPIRED',
        status_code: '500',
      });
      const notes = await sbx.receiver.waitFor(2, '/expired', res.body.id);
      expect(notes.map((n) => n.record.status)).toEqual(['PENDING', 'EXPIRED']);
    } finally {
      sbx.sandbox.clock.advance(-ahead);
    }
  });
});
