/**
 * The vouchers' barcodes as the pending view draws them (barcodes.ts), read back by an
 * independent reader (`@zxing/library`), as a cashier's scanner would: Boleto's 44 digits in
 * ITF, OXXO's and the other vouchers' references in Code 128 (digits in set C, text in set B,
 * odd runs), GS1-128 with its FNC1.
 */
import { expect, test } from '@playwright/test';
import { barcodeBars, code128, itf } from '../src/components/paylit-pending/barcodes.js';
import { barsPng, readBarcode } from '../../../test/support/barcodes.js';

const read = (bars: { widths: readonly number[]; quiet: number }) =>
  readBarcode(barsPng(bars.widths, bars.quiet));

test("ITF: a Boleto's 44-digit barcode, and other even counts of digits", () => {
  const boleto = '00193373700000001000500940144816060680935031';
  expect(read(itf(boleto))).toEqual({ text: boleto, format: 'ITF' });
  for (const digits of ['1234567890', '99001122', '990011223344556677889900'])
    expect(read(itf(digits)).text).toBe(digits);
  expect(() => itf('123')).toThrow(/even/);
  expect(() => itf('12a4')).toThrow(/even/);
});

test("Code 128: OXXO's reference, digits of any count, text, and text with digits", () => {
  for (const text of [
    '85000273613511',
    '8500027361351',
    '1',
    '12',
    '123',
    'PAGO-EFECTIVO 2026',
    'AB1234567CD',
    'x9',
    '~ !"#$%&()*+,-./:;<=>?@[\\]^_`{|}',
  ])
    expect(read(code128(text)), text).toEqual({ text, format: 'CODE_128' });
  expect(() => code128('ñ')).toThrow(/ASCII/);
});

test('GS1-128: FNC1 first, which the reader reports as the GS1 symbology', () => {
  const baloto = '41577099980000018020123456789012';
  const bars = code128(baloto, true);
  // zxing reports a leading FNC1 as "]C1" only when asked; the data itself reads back whole.
  expect(read(bars).text).toBe(baloto);
  // FNC1 (value 102) is the second symbol, after start C (105).
  expect(bars.widths.slice(6, 12)).toEqual([4, 1, 1, 1, 3, 1]);
});

test('a format the view does not draw, or content its format cannot hold, draws nothing', () => {
  expect(barcodeBars('QR', '123')).toBeUndefined();
  expect(barcodeBars(undefined, '123')).toBeUndefined();
  expect(barcodeBars('ITF', '123')).toBeUndefined();
  expect(barcodeBars('CODE_128', 'ação')).toBeUndefined();
  expect(barcodeBars('ITF', '1234')?.widths.length).toBe(4 + 20 + 3);
});
