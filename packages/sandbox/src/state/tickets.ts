/**
 * What a payer is given to pay a DIRECT Pix, cash voucher or bank transfer, made as each scheme
 * makes it, so that the parsers of the real things read what the sandbox answers: Pix's "BR
 * Code" (EMV QRCPS with its CRC16), a Boleto's 44-digit barcode and 47-digit typed line (with
 * their modulo 11 and modulo 10 check digits), OXXO's reference, SPEI's CLABE and Argentina's
 * CBU (with their check digits). Pure functions: the sandbox's payments call them.
 */

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as the Pix standard checks a BR Code; four upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One EMV field: its id, its length in two digits, its value. */
const field = (id: string, value: string): string =>
  `${id}${String(value.length).padStart(2, '0')}${value}`;

/** Letters without accents, upper-cased, for the BR Code's merchant name and city (ASCII only). */
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .toUpperCase()
    .trim()
    .slice(0, max);
}

export interface PixCharge {
  /** The receiver's Pix key (an EVP key is a UUID). */
  key: string;
  amount: number;
  merchantName: string;
  city: string;
  /** The charge's id, at most 25 letters and digits. */
  txid: string;
}

/**
 * Pix "copia e cola": the EMV payload a banking app reads from the QR or the clipboard. Fields:
 * 00 payload format, 26 the merchant account (GUI `br.gov.bcb.pix` and the key), 52 category,
 * 53 currency (986, the real), 54 amount, 58 country, 59 name, 60 city, 62 the txid, 63 the CRC.
 */
export function pixBrCode(charge: PixCharge): string {
  const body =
    field('00', '01') +
    field('26', field('00', 'br.gov.bcb.pix') + field('01', charge.key)) +
    field('52', '0000') +
    field('53', '986') +
    field('54', charge.amount.toFixed(2)) +
    field('58', 'BR') +
    field('59', plain(charge.merchantName, 25) || 'PAYLIT') +
    field('60', plain(charge.city, 15) || 'SAO PAULO') +
    field('62', field('05', charge.txid.replace(/[^0-9A-Za-z]/g, '').slice(0, 25) || '***')) +
    '6304';
  return body + crc16(body);
}

/** The fields of a BR Code, by id (the merchant account's and the additional data's as nested records). */
export function readBrCode(payload: string): Record<string, string | Record<string, string>> {
  const read = (text: string, nested: boolean): Record<string, string | Record<string, string>> => {
    const out: Record<string, string | Record<string, string>> = {};
    for (let at = 0; at < text.length;) {
      const id = text.slice(at, at + 2);
      const length = Number(text.slice(at + 2, at + 4));
      const value = text.slice(at + 4, at + 4 + length);
      if (!/^\d{2}$/.test(id) || Number.isNaN(length) || value.length !== length)
        throw new Error(`not a BR Code: field ${id} at ${at}`);
      out[id] = !nested && (id === '26' || id === '62') ? (read(value, true) as never) : value;
      at += 4 + length;
    }
    return out;
  };
  return read(payload, false);
}

/** Modulo 10 as FEBRABAN computes a typed line's field check digit: weights 2, 1 from the right, digits of each product summed. */
function mod10(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    const product = Number(d) * (i % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  });
  return (10 - (sum % 10)) % 10;
}

/** Modulo 11 of a Boleto's barcode: weights 2 to 9 from the right; 0, 10 and 11 are written 1. */
function mod11(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => (sum += Number(d) * (2 + (i % 8))));
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A Boleto's due-date factor: days since 1997-10-07, four digits; past 9999 it starts again at
 * 1000 (2025-02-22), as FEBRABAN's rule says. `due`'s UTC calendar day is the one counted: give
 * the local due date (its midnight UTC), not the instant 23:59:59 at -03:00.
 */
export function boletoDueFactor(due: Date): string {
  let factor = Math.floor((Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate()) - Date.UTC(1997, 9, 7)) / DAY_MS); // prettier-ignore
  while (factor > 9999) factor -= 9000;
  return String(factor).padStart(4, '0');
}

export interface Boleto {
  /** The 44 digits printed as an ITF barcode. */
  barcode: string;
  /** The 47 digits the payer types (the "linha digitável"), without its dots and spaces. */
  line: string;
}

/**
 * A Boleto of `amount` reais due on `due`, issued by `bank` (three digits) with a 25-digit free
 * field: the barcode (bank, currency 9, its check digit, the due factor, the amount in cents,
 * the free field) and the typed line made from it (three fields with their modulo 10 digits,
 * the barcode's check digit, the due factor and the amount).
 */
export function boleto(bank: string, amount: number, due: Date, free: string): Boleto {
  const cents = String(Math.round(amount * 100)).padStart(10, '0');
  const factor = boletoDueFactor(due);
  const body = `${bank}9${factor}${cents}${free}`;
  const dv = mod11(body);
  const barcode = `${bank}9${dv}${factor}${cents}${free}`;
  const f1 = `${bank}9${free.slice(0, 5)}`;
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  const line = `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${dv}${factor}${cents}`;
  return { barcode, line };
}

/** Whether a typed line and a barcode hold valid check digits and agree (what a bank's app checks). */
export function boletoProblem(line: string, barcode: string): string | undefined {
  if (!/^\d{47}$/.test(line)) return 'the typed line is not 47 digits';
  if (!/^\d{44}$/.test(barcode)) return 'the barcode is not 44 digits';
  for (const [from, to] of [
    [0, 9],
    [10, 20],
    [21, 31],
  ] as const)
    if (mod10(line.slice(from, to)) !== Number(line[to]))
      return `the typed line's field ending at ${to} has a wrong check digit`;
  if (mod11(barcode.slice(0, 4) + barcode.slice(5)) !== Number(barcode[4]))
    return "the barcode's check digit is wrong";
  const rebuilt =
    line.slice(0, 4) +
    line[32] +
    line.slice(33) +
    line.slice(4, 9) +
    line.slice(10, 20) +
    line.slice(21, 31);
  return rebuilt === barcode ? undefined : 'the typed line and the barcode disagree';
}

/** A CLABE's check digit: weights 3, 7, 1 over the first 17 digits, each product modulo 10, then (10 − sum mod 10) mod 10. */
export function clabeCheckDigit(first17: string): number {
  let sum = 0;
  [...first17].forEach((d, i) => (sum += (Number(d) * [3, 7, 1][i % 3]!) % 10));
  return (10 - (sum % 10)) % 10;
}

/** An 18-digit CLABE: bank (3), plaza (3), account (11) and its check digit. */
export function clabe(bank: string, plaza: string, account: string): string {
  const first17 = `${bank}${plaza}${account.padStart(11, '0').slice(-11)}`;
  return `${first17}${clabeCheckDigit(first17)}`;
}

/** A CBU block's check digit: the weights 3, 1, 7, 9 from the right, (10 − sum mod 10) mod 10. */
function cbuCheckDigit(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => (sum += Number(d) * [3, 1, 7, 9][i % 4]!));
  return (10 - (sum % 10)) % 10;
}

/** A 22-digit CBU: bank (3) and branch (4) with their check digit, then the account (13) with its own. */
export function cbu(bank: string, branch: string, account: string): string {
  const first = `${bank}${branch}`;
  const second = account.padStart(13, '0').slice(-13);
  return `${first}${cbuCheckDigit(first)}${second}${cbuCheckDigit(second)}`;
}

/** Whether a CBU's two check digits hold. */
export function isCbu(value: string): boolean {
  return (
    /^\d{22}$/.test(value) &&
    cbuCheckDigit(value.slice(0, 7)) === Number(value[7]) &&
    cbuCheckDigit(value.slice(8, 21)) === Number(value[21])
  );
}
