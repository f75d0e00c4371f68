/**
 * Reading a request body while counting its bytes, with or without a declared length: the
 * one rule behind the companion server's and the sandbox's body limits. A chunked body is
 * stopped as soon as it passes `maxBytes`; nothing past the limit is kept.
 *
 * @example
 * const read = await readBodyLimited(request.body, 64 * 1024);
 * if (read.kind === 'too_large') return new Response(null, { status: 413 });
 */

export type LimitedBody =
  /** The whole body, at most `maxBytes`. */
  | { kind: 'complete'; bytes: Uint8Array<ArrayBuffer> }
  /**
   * Past the limit: reading stopped and the stream was released, not cancelled. On Node a
   * cancel destroys the socket before the answer is written, and a client still sending
   * would lose the 413 to the reset; released, the runtime drains and closes in its own time.
   */
  | { kind: 'too_large' }
  /** The stream failed before its end: the client went away or was too slow. */
  | { kind: 'incomplete'; error: unknown };

export async function readBodyLimited(
  stream: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<LimitedBody> {
  if (!stream) return { kind: 'complete', bytes: new Uint8Array(0) };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch (error) {
      return { kind: 'incomplete', error };
    }
    if (read.done) break;
    size += read.value.byteLength;
    if (size > maxBytes) {
      reader.releaseLock();
      return { kind: 'too_large' };
    }
    chunks.push(read.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { kind: 'complete', bytes };
}

/**
 * A run of digits (one point allowed among them) long enough for a number a double cannot
 * hold: an integer past 2^53, or a decimal of 16 significant digits or more. A shorter
 * number always round-trips.
 */
const LONG_DIGITS = /\d(?:\.?\d){15}/;
/** A JSON number token, from where the scan stands. */
const NUMBER_TOKEN = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y;

/**
 * The keys of the request fields that are amounts (`amount`, a split's `amount`, an
 * enrollment's `value`, `min_value` and `max_value`, a subscription plan's `value`, `min` and
 * `max`): read as their decimal text when the double would change them.
 */
const AMOUNT_KEYS: ReadonlySet<string> = new Set([
  'amount',
  'value',
  'min_value',
  'max_value',
  'min',
  'max',
]);

/** A decimal literal's value, canonical: `1.50`, `15e-1` and `1.5` give one key. */
function decimalValue(literal: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!m) return literal;
  let digits = (m[2]! + (m[3] ?? '')).replace(/^0+/, '');
  let exponent = Number(m[4] ?? 0) - (m[3]?.length ?? 0);
  if (digits === '') return '0';
  const trailing = digits.length - digits.replace(/0+$/, '').length;
  digits = digits.slice(0, digits.length - trailing);
  exponent += trailing;
  return `${m[1]}${digits}e${exponent}`;
}

/** Whether a double holds the number `token` spells, exactly as written. */
function doubleHolds(token: string): boolean {
  const value = Number(token);
  return Number.isFinite(value) && decimalValue(String(value)) === decimalValue(token);
}

/**
 * The JSON text with the numbers a double cannot hold written as strings of their text,
 * before it is parsed:
 * - each integer literal past `Number.MAX_SAFE_INTEGER`, whatever its field. A string field
 *   the API takes as a JSON number is read as its decimal text (`"order_id": 1547451845`),
 *   and a 64-bit id (a snowflake order id, an 18-digit document) would otherwise reach it
 *   rounded through a double: two orders one apart would be one order;
 * - in an amount's field (`AMOUNT_KEYS`), a decimal literal whose double is another number:
 *   `"amount": 99.99999999999999999` is 17 decimals, refused as the string
 *   `"99.99999999999999999"` is, where the double would be a valid 100. Other fields that
 *   must be numbers (a count, a year) keep the double, as before: quoted, they would refuse it.
 * The sandbox and the companion server parse request bodies with it. A field that must be a
 * number reads such a string as it would the number (an amount as a decimal string), and
 * refuses it as it would the number. Strings are skipped, escapes included; a literal JSON
 * does not allow (a leading zero) stays as it is, and is refused.
 */
export function quoteUnsafeNumbers(text: string): string {
  if (!LONG_DIGITS.test(text)) return text;
  let out = '';
  let copied = 0;
  let inString = false;
  // The last string closed: where it opened and closed, to tell the key a number follows.
  let stringStart = -1;
  let lastStart = -1;
  let lastEnd = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') {
        inString = false;
        lastStart = stringStart;
        lastEnd = i;
      }
      continue;
    }
    if (ch === '"') {
      inString = true;
      stringStart = i;
      continue;
    }
    if (ch !== '-' && (ch < '0' || ch > '9')) continue;
    NUMBER_TOKEN.lastIndex = i;
    const match = NUMBER_TOKEN.exec(text);
    if (!match) continue;
    const token = match[0];
    const integer = match[1] === undefined && match[2] === undefined;
    const unsafe = integer
      ? /^-?(0|[1-9]\d*)$/.test(token) && !Number.isSafeInteger(Number(token))
      : /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(token) &&
        !doubleHolds(token) &&
        AMOUNT_KEYS.has(keyBefore(text, i, lastStart, lastEnd) ?? '');
    if (unsafe) {
      out += `${text.slice(copied, i)}"${token}"`;
      copied = i + token.length;
    }
    i += token.length - 1;
  }
  return out + text.slice(copied);
}

/** The key a value at `at` belongs to: the string closed at `lastEnd`, when only a colon and spaces lie between. */
function keyBefore(
  text: string,
  at: number,
  lastStart: number,
  lastEnd: number,
): string | undefined {
  if (lastEnd < 0) return undefined;
  const between = text.slice(lastEnd + 1, at);
  if (!/^[ \t\n\r]*:[ \t\n\r]*$/.test(between)) return undefined;
  const raw = text.slice(lastStart + 1, lastEnd);
  if (!raw.includes('\\')) return raw;
  // An escaped key (`"\u0061mount"`) is the key it spells.
  try {
    return JSON.parse(text.slice(lastStart, lastEnd + 1)) as string;
  } catch {
    return undefined;
  }
}

/**
 * Whether a request's `Content-Encoding` says its body is compressed (`gzip`, `deflate`, `br`,
 * anything but `identity`): neither server inflates a body, so such a body is refused as
 * 415 naming the header rather than read as bytes that are not JSON.
 */
export function encodedBody(contentEncoding: string | undefined): boolean {
  if (contentEncoding === undefined) return false;
  return contentEncoding
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .some((coding) => coding !== '' && coding !== 'identity');
}

/** The part of Node's `IncomingMessage` that `continueWhenRead` uses. */
interface ContinueRequest {
  _read(size: number): void;
}

/** The part of Node's `ServerResponse` that `continueWhenRead` uses. */
interface ContinueResponse {
  readonly headersSent: boolean;
  writeContinue(): void;
  setHeader(name: string, value: string): unknown;
  removeHeader(name: string): void;
}

/** The part of Node's `http.Server` that `continueWhenRead` uses. */
export interface ContinueServer {
  on(
    event: 'checkContinue',
    listener: (req: ContinueRequest, res: ContinueResponse) => void,
  ): unknown;
  emit(event: 'request', req: ContinueRequest, res: ContinueResponse): boolean;
}

/**
 * `Expect: 100-continue` answered as the body is first read, not before the request is seen:
 * Node's default sends `100 Continue` at once, so a client declaring a body over the limit
 * was told to send it and then refused (413). Here a request refused before its body is read
 * gets its answer alone, and its connection is closed (the body it holds back would otherwise
 * be read as the next request); one whose body is read is told to go on at that moment.
 * Structural types only: core imports no Node module.
 */
export function continueWhenRead(server: ContinueServer): void {
  server.on('checkContinue', (req, res) => {
    const read = req._read;
    let told = false;
    req._read = function (this: ContinueRequest, size: number) {
      if (!told) {
        told = true;
        if (!res.headersSent) {
          res.removeHeader('Connection');
          res.writeContinue();
        }
      }
      return read.call(this, size);
    };
    res.setHeader('Connection', 'close');
    server.emit('request', req, res);
  });
}
