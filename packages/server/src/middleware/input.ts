/** Reading and checking what comes in: a 4xx that names what is wrong, never a 5xx. */
import type { Context } from 'hono';
import type { z } from 'zod';
import { encodedBody, quoteUnsafeNumbers } from '@paylit/core/body';
import { safeParse } from '@paylit/core/schemas';
import type { BodyVariables } from '../env.js';
import { compiled } from '../compiled.js';
import { CheckoutError } from './errors.js';

/** The body as JSON, or the mark of a body that is not (`parsedJson`). */
export type ParsedJson = { value: unknown } | { invalid: true };

/**
 * The body parsed as JSON, whatever its Content-Type, once per request: a check that reads it
 * before the route (the decline limit) and the route share one parse. What the route accepts
 * is `readJson`'s to say. The parse itself once it is made (no promise around it, for a caller
 * after the first), else a promise of it.
 */
export function parsedJson(
  c: Context<{ Variables: BodyVariables }>,
): ParsedJson | Promise<ParsedJson> {
  const parsed = c.get('paylitJson');
  if (parsed !== undefined) return parsed;
  return c.req.text().then((text) => {
    let read: ParsedJson;
    try {
      // An integer past 2^53 is read as its digits, as the API reads a string field sent as a number.
      read = { value: JSON.parse(quoteUnsafeNumbers(text)) as unknown };
    } catch {
      read = { invalid: true };
    }
    c.set('paylitJson', read);
    return read;
  });
}

/**
 * The body as JSON; another type or a compressed body is 415, JSON that does not parse 400.
 * The value itself when the body was parsed before (by the decline limit), else a promise of
 * it: either way, `await` it. A refusal is thrown where it is found, which in the async route
 * that awaits it is that route's rejection.
 */
export function readJson(c: Context): unknown {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type))
    throw new CheckoutError(415, {
      type: 'invalid_request',
      message: 'the body must be JSON (Content-Type: application/json)',
    });
  const encoding = c.req.header('Content-Encoding');
  if (encodedBody(encoding))
    throw new CheckoutError(415, {
      type: 'invalid_request',
      message: `the body must be sent uncompressed (Content-Encoding: ${encoding} is not read)`,
    });
  const parsed = parsedJson(c);
  return parsed instanceof Promise ? parsed.then(jsonValue) : jsonValue(parsed);
}

function jsonValue(parsed: ParsedJson): unknown {
  if ('invalid' in parsed)
    throw new CheckoutError(400, {
      type: 'invalid_request',
      message: 'the body is not valid JSON',
    });
  return parsed.value;
}

/** `value` through `schema`; a failure is 400 naming the path (`param`) and the problem. */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  name?: string,
): z.output<S> {
  const result = safeParse(compiled(schema), value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const param = [name, issue?.path].filter(Boolean).join('.') || undefined;
  throw new CheckoutError(400, {
    type: 'invalid_request',
    message: `${param ?? 'body'} ${issue?.message ?? 'is invalid'}`,
    ...(param ? { param } : {}),
  });
}
