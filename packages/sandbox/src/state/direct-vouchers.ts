/**
 * The DIRECT flow of the methods the payer pays away from the shop (markets: "Non-card methods
 * in the DIRECT flow"): PENDING 100 with a `ticket` (Pix, cash vouchers) or a `bank_transfer`
 * (SPEI, Argentina's and Peru's transfers), shaped as the API shapes each, and when it expires.
 *
 * - Pix (PQ): `CUSTOM`, `provider_name` `pix`, `number` the BR Code, `barcode` its QR as a base64
 *   PNG. Expires 24 hours after it is made (choice: the API does not publish Pix's; banks use
 *   a day for a checkout's charge).
 * - Boleto (BL): `CUSTOM`, `number` the 47-digit typed line, `barcode` the 44 digits, `ITF`.
 * - OXXO (OX): `REFERENCE_CODE`, `number` like `8500-0273-6135-11`, its digits as `CODE_128`.
 * - Efecty, PagoEfectivo, Servipag, Rapipago, Pago Fácil: `CUSTOM` with a number and a Code 128
 *   barcode; Baloto: `GS1`.
 * - SPEI (SE): a CLABE with its check digit; Argentina's transfer (IO): a CBU; Peru's (BC, IB,
 *   BP): the bank's payment reference.
 * - Vouchers and transfers expire at 23:59 local time, four days after they are made.
 * - A cash voucher's `image_url` is its printable page (`/sandbox-pages/voucher/{id}`).
 */
import { currencyDecimals } from '@paylit/core/money';
import { localMoney } from '../catalogs/countries.js';
import type { PaymentMethod } from '../catalogs/payment-methods.js';
import { qrPng, base64 } from './qr-png.js';
import { boleto, cbu, clabe, pixBrCode } from './tickets.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The time zone of each country's largest city, where its vouchers are paid (Chile keeps summer time). */
const timeZones: Readonly<Record<string, string>> = {
  AR: 'America/Argentina/Buenos_Aires',
  BR: 'America/Sao_Paulo',
  CL: 'America/Santiago',
  CO: 'America/Bogota',
  EC: 'America/Guayaquil',
  MX: 'America/Mexico_City',
  PE: 'America/Lima',
};

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The country's offset from UTC, in minutes, at the moment `at` (ms). */
function utcOffsetMinutes(country: string, at: number): number {
  const zone = timeZones[country];
  if (zone === undefined) return 0;
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormats.set(zone, format);
  }
  const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const m = /([+-])(\d{2}):(\d{2})$/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** 23:59:59 local time `days` after `now`, as the moment (ms) and as ISO 8601 with its offset. */
function endOfLocalDay(now: number, days: number, country: string): { at: number; iso: string } {
  const local = new Date(now + utcOffsetMinutes(country, now) * 60_000 + days * DAY_MS);
  const wall = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate(),
    23,
    59,
    59,
  );
  // The offset of that evening, which summer time may make other than today's.
  let offset = utcOffsetMinutes(country, wall - utcOffsetMinutes(country, now) * 60_000);
  offset = utcOffsetMinutes(country, wall - offset * 60_000);
  const at = wall - offset * 60_000;
  const sign = offset < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const mm = String(Math.abs(offset) % 60).padStart(2, '0');
  const iso = `${new Date(wall).toISOString().slice(0, 19)}${sign}${hh}:${mm}`;
  return { at, iso };
}

/** Digits made from the payment's id, so that each payment has its own and the same one each time. */
function digitsOf(seed: string, count: number): string {
  let out = '';
  let h = 2166136261;
  while (out.length < count) {
    for (const ch of seed + out.length) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
    out += String(h % 1_000_000_000).padStart(9, '0');
  }
  return out.slice(0, count);
}

export interface DirectVoucher {
  ticket?: Record<string, unknown>;
  bank_transfer?: Record<string, unknown>;
  /** When it expires (ms, the sandbox's clock). */
  expiresAt: number;
}

export interface VoucherPayment {
  id: string;
  amount: number;
  currency: string;
  country: string;
}

/** What the payer is given for `method` in the DIRECT flow; undefined for a method that has none. */
export async function directVoucher(
  method: PaymentMethod,
  p: VoucherPayment,
  now: number,
  merchant: string,
  /** The sandbox's origin, for the printable voucher's page (`image_url`). */
  origin: string,
): Promise<DirectVoucher | undefined> {
  const due = endOfLocalDay(now, 4, p.country);
  // What the ticket charges: in the local currency (a USD payment converted).
  const money = localMoney(p.amount, p.currency, p.country);
  const printable = { image_url: `${origin}/sandbox-pages/voucher/${encodeURIComponent(p.id)}` };
  const custom = (number: string, barcode: string, format = 'CODE_128') => ({
    ticket: {
      type: 'CUSTOM',
      id: p.id,
      number,
      barcode,
      format,
      expiration_date: due.iso,
      company_name: merchant,
      provider_name: method.name,
      ...printable,
      ...money,
    },
    expiresAt: due.at,
  });
  switch (method.id) {
    case 'PQ': {
      const at = now + DAY_MS;
      const number = pixBrCode({
        key: uuidFrom(p.id),
        amount: money.amount,
        merchantName: merchant,
        city: 'Sao Paulo',
        txid: p.id,
      });
      const png = await qrPng(number);
      return {
        ticket: {
          type: 'CUSTOM',
          id: p.id,
          number,
          barcode: base64(png),
          expiration_date: new Date(at).toISOString(),
          company_name: merchant,
          provider_name: 'pix',
          ...money,
        },
        expiresAt: at,
      };
    }
    case 'BL': {
      // The factor names the local day it is due (the payer's bank shows it), not the UTC day
      // of 23:59:59 at -03:00, which is the next one.
      const day = new Date(`${due.iso.slice(0, 10)}T00:00:00Z`);
      const made = boleto('341', money.amount, day, digitsOf(p.id, 25));
      return custom(made.line, made.barcode, 'ITF');
    }
    case 'OX': {
      const digits = `8500${digitsOf(p.id, 10)}`;
      return {
        ticket: {
          type: 'REFERENCE_CODE',
          id: p.id,
          number: digits.replace(/^(\d{4})(\d{4})(\d{4})(\d{2})$/, '$1-$2-$3-$4'),
          barcode: digits,
          format: 'CODE_128',
          expiration_date: due.iso,
          company_name: merchant,
          provider_name: 'OXXO',
          ...printable,
          ...money,
        },
        expiresAt: due.at,
      };
    }
    case 'BU':
      return custom(digitsOf(p.id, 12), `415${digitsOf(p.id, 13)}8020${digitsOf(p.id, 12)}`, 'GS1');
    case 'SE':
      return transfer(method, p, due, {
        bank_name: 'STP',
        bank_code: '646',
        bank_account: clabe('646', '180', digitsOf(p.id, 11)),
        bank_account_label: 'CLABE',
        merchant,
      });
    case 'IO':
      return transfer(method, p, due, {
        bank_name: 'Banco de la Nación Argentina',
        bank_code: '011',
        bank_account: cbu('011', '0599', digitsOf(p.id, 13)),
        bank_account_label: 'CBU',
        merchant,
      });
    case 'BC':
    case 'IB':
    case 'BP':
      return transfer(method, p, due, {
        bank_name: method.name,
        bank_code: method.id,
        bank_account: digitsOf(p.id, 8),
        bank_account_label: 'CIP',
        merchant,
      });
    default:
      return method.type === 'TICKET' ? custom(digitsOf(p.id, 14), digitsOf(p.id, 14)) : undefined;
  }
}

function transfer(
  method: PaymentMethod,
  p: VoucherPayment,
  due: { at: number; iso: string },
  bank: {
    bank_name: string;
    bank_code: string;
    bank_account: string;
    bank_account_label: string;
    merchant: string;
  },
): DirectVoucher {
  const { merchant, ...account } = bank;
  // What the payer sends: in the local currency (a USD payment converted), as a ticket.
  const money = localMoney(p.amount, p.currency, p.country);
  return {
    bank_transfer: {
      ...account,
      beneficiary_name: merchant,
      reference: digitsOf(`${p.id}:ref`, 7),
      user_payment_amount: money.amount,
      payment_instruction: `Pay ${money.amount.toFixed(currencyDecimals(money.currency))} ${money.currency} to the ${bank.bank_account_label} above with the reference, by ${due.iso.slice(0, 10)} (${method.name}).`,
      expiration_date: due.iso,
    },
    expiresAt: due.at,
  };
}

/** An EVP Pix key (a UUID) of the merchant's, the same for a payment each time. */
function uuidFrom(seed: string): string {
  const hex = [...digitsOf(`${seed}:key`, 32)].map((d) => 'abcdef0123456789'[Number(d)]).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
