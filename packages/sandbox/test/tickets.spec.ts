/**
 * What the sandbox gives a payer for a DIRECT Pix, Boleto, OXXO or bank transfer, checked
 * against the schemes' own published examples: a BR Code's CRC, a Boleto's typed line and
 * barcode, a CLABE's and a CBU's check digits.
 */
import { expect, test } from '@playwright/test';
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
