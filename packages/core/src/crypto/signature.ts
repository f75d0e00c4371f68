/**
 * The V2-HMAC-SHA256 signature of every API request, of the notifications the API
 * sends, and of the redirect callback. WebCrypto only, so it runs in Node 20+,
 * browsers and workers alike.
 *
 * signature = lowercase hex HMAC-SHA256(secretKey, X-Login + X-Date + body)
 *
 * @example
 * const headers = await signedHeaders({ login, transKey, secretKey, body: JSON.stringify(payment) });
 * await fetch(`${baseUrl}/secure_payments`, { method: 'POST', headers, body });
 */
import { InvalidArgumentError, assertObject, assertString } from '../errors.js';

export const SIGNATURE_SCHEME = 'V2-HMAC-SHA256';
export const API_VERSION = '2.1';
/** The allowed difference between `X-Date` and the receiver's clock (our choice for notifications we receive). */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

const encoder = new TextEncoder();

/** A body as sent: the exact text, or its bytes. */
export type SignedBody = string | Uint8Array;

export interface SignatureInput {
  /** The merchant's `X-Login`. */
  login: string;
  /** The `X-Date` header value, exactly as sent. */
  date: string;
  /** The exact request body; omitted or empty for requests without one (GET, cancel). */
  body?: SignedBody;
  secretKey: string;
  /** The HMAC-SHA256 primitive, as lowercase hex. Default: WebCrypto. Node can pass `node:crypto`'s, which is faster for small messages. */
  hmac?: HmacSha256;
}

/** HMAC-SHA256 of `message` under `secretKey`, as lowercase hex. */
export type HmacSha256 = (secretKey: string, message: Uint8Array) => string | Promise<string>;

function message(input: Pick<SignatureInput, 'login' | 'date' | 'body'>): Uint8Array {
  assertObject(input, 'input', 'an object {login, date, body, secretKey}');
  const { login, date, body } = input;
  assertString(login, 'login');
  assertString(date, 'date');
  const head = encoder.encode(login + date);
  if (body === undefined || body === '') return head;
  const tail = typeof body === 'string' ? encoder.encode(body) : body;
  if (!(tail instanceof Uint8Array))
    throw new InvalidArgumentError('body', 'a string or a Uint8Array', body);
  const out = new Uint8Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}

function assertSecret(secretKey: unknown): asserts secretKey is string {
  if (typeof secretKey !== 'string' || secretKey === '') {
    // Never print the value: it is a secret.
    throw new InvalidArgumentError('secretKey', 'a non-empty string', secretKey);
  }
}

/**
 * Imported keys, by secret: importing is most of WebCrypto's cost for a small HMAC. A
 * process signs with one or a few secrets; the cache is cleared if it ever holds many.
 */
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secretKey: string): Promise<CryptoKey> {
  assertSecret(secretKey);
  let key = keys.get(secretKey);
  if (!key) {
    if (keys.size >= 16) keys.clear();
    key = crypto.subtle.importKey(
      'raw',
      encoder.encode(secretKey),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secretKey, key);
    key.catch(() => keys.delete(secretKey));
  }
  return key;
}

/** The default HMAC-SHA256 primitive: WebCrypto, in every runtime. */
export const webCryptoHmac: HmacSha256 = async (secretKey, message) =>
  toHex(
    await crypto.subtle.sign('HMAC', await hmacKey(secretKey), message as Uint8Array<ArrayBuffer>),
  );

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array | undefined {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return undefined;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** The lowercase hex V2-HMAC-SHA256 signature over `login + date + body`. */
export async function createSignature(input: SignatureInput): Promise<string> {
  const data = message(input);
  assertSecret(input.secretKey);
  return (input.hmac ?? webCryptoHmac)(input.secretKey, data);
}

/**
 * True when `signature` is the signature of `login + date + body`. The comparison is
 * WebCrypto's HMAC verify, which takes the same time wherever the first difference is.
 * A signature that is not 64 lowercase hex digits is simply false.
 */
export async function verifySignature(
  input: SignatureInput & { signature: string },
): Promise<boolean> {
  assertObject(input, 'input', 'an object {login, date, body, secretKey, signature}');
  if (typeof input.signature !== 'string') return false;
  const expected = fromHex(input.signature);
  const data = message(input);
  const key = await hmacKey(input.secretKey);
  // Verify even a malformed signature against a dummy, so the time taken does not tell which it was.
  const ok = await crypto.subtle.verify(
    'HMAC',
    key,
    (expected ?? new Uint8Array(32)) as Uint8Array<ArrayBuffer>,
    data as Uint8Array<ArrayBuffer>,
  );
  return ok && expected !== undefined;
}

/** `V2-HMAC-SHA256, Signature: <signature>`. */
export function authorizationHeader(signature: string): string {
  assertString(signature, 'signature');
  return `${SIGNATURE_SCHEME}, Signature: ${signature}`;
}

/**
 * The signature inside an `Authorization` header, or `undefined` when the header is not
 * of the V2-HMAC-SHA256 scheme. Spacing around the comma and colon is forgiven.
 */
export function parseAuthorizationHeader(header: string | null | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const m = /^\s*V2-HMAC-SHA256\s*,\s*Signature\s*:\s*([0-9a-fA-F]+)\s*$/.exec(header);
  return m?.[1];
}

/** `X-Date` for `date`: ISO 8601 UTC with milliseconds and `Z`. */
export function formatXDate(date: Date = new Date()): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime()))
    throw new InvalidArgumentError('date', 'a valid Date', date);
  // `toISOString`'s text, its second written once: every request signed within the same second
  // as the last takes that text up to the dot and writes only its milliseconds (a server signs
  // each payment it forwards; the whole text costs about ten times as much).
  const time = date.getTime();
  const second = Math.floor(time / 1000);
  if (second !== lastSecond) {
    const iso = date.toISOString();
    lastSecond = second;
    secondText = iso.slice(0, -4);
    return iso;
  }
  const ms = time - second * 1000;
  return `${secondText}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
}
/** The last second `formatXDate` wrote (ms since the epoch / 1000) and its text up to the dot. */
let lastSecond = NaN;
let secondText = '';

/**
 * Reads an `X-Date`: ISO 8601 UTC, with or without a fraction of a second, ending in `Z`.
 * The fraction has up to nine digits, as clients' libraries write it: milliseconds, micro-,
 * .NET's seven, Go's and Java's nanoseconds (read to the millisecond). Answers `undefined`
 * for anything else.
 */
export function parseXDate(value: string | null | undefined): Date | undefined {
  if (typeof value !== 'string') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** True when `xDate` is a valid `X-Date` within `maxSkewMs` (±5 minutes) of `now`. */
export function isXDateFresh(
  xDate: string | null | undefined,
  now: Date = new Date(),
  maxSkewMs = MAX_CLOCK_SKEW_MS,
): boolean {
  const date = parseXDate(xDate);
  return date !== undefined && Math.abs(date.getTime() - now.getTime()) <= maxSkewMs;
}

export interface Credentials {
  login: string;
  transKey: string;
  secretKey: string;
}

/** The headers of a signed request, for its `X-Date` and signature. */
function requestHeaders(
  input: Credentials,
  date: string,
  signature: string,
): Record<string, string> {
  return {
    'X-Date': date,
    'X-Login': input.login,
    'X-Trans-Key': input.transKey,
    'Content-Type': 'application/json',
    'X-Version': API_VERSION,
    Authorization: authorizationHeader(signature),
  };
}

/**
 * Every header the spec requires on a request, signed over the exact `body` to be sent.
 * The caller adds `User-Agent`, `X-Idempotency-Key` and the payment-source header.
 */
export async function signedHeaders(
  input: Credentials & { body?: SignedBody; date?: Date; hmac?: HmacSha256 },
): Promise<Record<string, string>> {
  assertObject(input, 'input', 'an object {login, transKey, secretKey, body}');
  assertString(input.transKey, 'transKey');
  const date = formatXDate(input.date ?? new Date());
  const signature = await createSignature({
    login: input.login,
    date,
    body: input.body,
    secretKey: input.secretKey,
    ...(input.hmac ? { hmac: input.hmac } : {}),
  });
  return requestHeaders(input, date, signature);
}

/**
 * HMAC-SHA256 of `message`'s UTF-8 bytes under `secretKey`, as lowercase hex, answered
 * synchronously (node:crypto's `createHmac` takes text as it is).
 */
export type TextHmacSha256 = (secretKey: string, message: string) => string;

/**
 * `signedHeaders` for a text body and an HMAC that answers synchronously and takes text:
 * the same headers, signed over the same bytes (the UTF-8 of `login + date + body`),
 * without a promise or a copy of the body as bytes.
 */
export function signedHeadersSync(
  input: Credentials & { body?: string; date?: Date; hmac: TextHmacSha256 },
): Record<string, string> {
  assertObject(input, 'input', 'an object {login, transKey, secretKey, body, hmac}');
  const { login, body = '' } = input;
  assertString(login, 'login');
  assertString(input.transKey, 'transKey');
  assertString(body, 'body');
  assertSecret(input.secretKey);
  if (typeof input.hmac !== 'function')
    throw new InvalidArgumentError('hmac', 'a function (secretKey, text) => hex', input.hmac);
  const date = formatXDate(input.date ?? new Date());
  return requestHeaders(input, date, input.hmac(input.secretKey, login + date + body));
}

/** The redirect callback's signed text: `{status:<status>,paymentId:<id>}`, literally, unquoted. */
export function callbackSignatureText(fields: { status: string; paymentId: string }): string {
  assertObject(fields, 'fields', 'an object {status, paymentId}');
  assertString(fields.status, 'status');
  assertString(fields.paymentId, 'paymentId');
  return `{status:${fields.status},paymentId:${fields.paymentId}}`;
}

export interface CallbackSignatureInput {
  login: string;
  /** The `date` field of the callback form. */
  date: string;
  status: string;
  paymentId: string;
  secretKey: string;
}

/** The `signature` field the API puts in the form it POSTs to `callback_url`. */
export function createCallbackSignature(input: CallbackSignatureInput): Promise<string> {
  return createSignature({
    login: input.login,
    date: input.date,
    body: callbackSignatureText(input),
    secretKey: input.secretKey,
  });
}

/** True when a callback form's `signature` is genuine. Still confirm `status` with a status lookup. */
export function verifyCallbackSignature(
  input: CallbackSignatureInput & { signature: string },
): Promise<boolean> {
  return verifySignature({
    login: input.login,
    date: input.date,
    body: callbackSignatureText(input),
    secretKey: input.secretKey,
    signature: input.signature,
  });
}
