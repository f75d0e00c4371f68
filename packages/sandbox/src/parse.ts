/** Request bodies through core's schemas: a refusal becomes the API's 5000 or 5001 body. */
import type { ApiErrorCode } from '@paylit/core/codes';
import { safeParse } from '@paylit/core/schemas';
import type { z } from 'zod';
import { ApiFailure } from './errors.js';

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = safeParse(schema, body);
  if (result.success) return result.data;
  const { code, param } = result.error.toApiError();
  throw new ApiFailure(code as ApiErrorCode, param);
}

/** A run of digits long enough to pass 2^53, which no shorter JSON integer can. */
const LONG_DIGITS = /\d{16}/;
/** A JSON number token, from where the scan stands. */
const NUMBER_TOKEN = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y;

/**
 * The JSON text with each integer literal past `Number.MAX_SAFE_INTEGER` written as the string
 * of its digits. A string field the API takes as a JSON number is read as its decimal text
 * (`"order_id": 1547451845`), and a 64-bit id (a snowflake order id, an 18-digit document)
 * would otherwise reach it rounded through a double: two orders one apart would be one order.
 * A field that must be a number reads such a string as it would the number (an amount as a
 * decimal string), and refuses it as it would the number. Strings are skipped, escapes
 * included; a literal JSON does not allow (a leading zero) stays as it is, and is refused.
 */
export function quoteUnsafeIntegers(text: string): string {
  if (!LONG_DIGITS.test(text)) return text;
  let out = '';
  let copied = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      inString = true;
      continue;
    }
    if (ch !== '-' && (ch < '0' || ch > '9')) continue;
    NUMBER_TOKEN.lastIndex = i;
    const match = NUMBER_TOKEN.exec(text);
    if (!match) continue;
    const token = match[0];
    if (
      match[1] === undefined &&
      match[2] === undefined &&
      /^-?(0|[1-9]\d*)$/.test(token) &&
      !Number.isSafeInteger(Number(token))
    ) {
      out += `${text.slice(copied, i)}"${token}"`;
      copied = i + token.length;
    }
    i += token.length - 1;
  }
  return out + text.slice(copied);
}

/** A request body as JSON: `undefined` when empty; text that is not JSON is 5000. */
export function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(quoteUnsafeIntegers(text)) as unknown;
  } catch {
    throw new ApiFailure(5000);
  }
}
