/** Helpers for the schema suites: build requests by path and assert acceptance or refusal by path. */
import { expect } from 'chai';
import type { z } from 'zod';
import { ValidationError } from '../src/errors.js';
import { safeParse } from '../src/schemas/parse.js';

type Json = Record<string, unknown>;

/** A deep copy of `base` with each `path: value` set (`undefined` deletes). Paths are dotted, indexes as `.0`. */
export function patch(base: Json, changes: Record<string, unknown>): Json {
  const out = structuredClone(base);
  for (const [path, value] of Object.entries(changes)) {
    const keys = path.split('.');
    let node: Record<string, unknown> = out;
    for (const key of keys.slice(0, -1)) {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    const last = keys[keys.length - 1]!;
    if (value === undefined) delete node[last];
    else node[last] = value;
  }
  return out;
}

export function expectAccepted(schema: z.ZodType, input: unknown): void {
  const result = safeParse(schema, input);
  if (!result.success)
    throw new Error(
      `expected the request to be accepted, refused: ${result.error.issues.map((i) => `${i.path} ${i.message}`).join('; ')}`,
    );
}

/** Asserts a refusal that names `path`, and returns the error for more checks. */
export function expectRefused(schema: z.ZodType, input: unknown, path: string): ValidationError {
  const result = safeParse(schema, input);
  expect(result.success, `expected a refusal at ${path}`).to.equal(false);
  if (result.success) throw new Error('unreachable');
  expect(result.error).to.be.instanceOf(ValidationError);
  expect(result.error.issues.map((i) => i.path)).to.include(path);
  return result.error;
}
