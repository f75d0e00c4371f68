/** Request bodies through core's schemas: a refusal becomes the API's 5000 or 5001 body. */
import type { ApiErrorCode } from '@paylit/core/codes';
import { quoteUnsafeNumbers } from '@paylit/core/body';
import { safeParse } from '@paylit/core/schemas';
import type { z } from 'zod';
import { ApiFailure } from './errors.js';

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = safeParse(schema, body);
  if (result.success) return result.data;
  const { code, param } = result.error.toApiError();
  throw new ApiFailure(code as ApiErrorCode, param);
}

/** A request body as JSON: `undefined` when empty; text that is not JSON is 5000. */
export function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(quoteUnsafeNumbers(text)) as unknown;
  } catch {
    throw new ApiFailure(5000);
  }
}
