/**
 * The typed errors of `@paylit/core`. Every function of the package that refuses its
 * input throws a `PaylitError` subclass with a `code` a program can switch on and a
 * message a developer can act on; nothing else escapes.
 *
 * @example
 * try { await encryptCard(card, key) } catch (e) {
 *   if (e instanceof PaylitError && e.code === 'invalid_key') showConfigProblem(e.message)
 * }
 */
import { apiErrorBody, type ApiErrorBody } from './codes.js';

export type PaylitErrorCode =
  | 'invalid_argument'
  | 'validation_failed'
  | 'invalid_key'
  | 'encryption_failed'
  | 'decryption_failed';

export class PaylitError extends Error {
  override name = 'PaylitError';
  readonly code: PaylitErrorCode;

  constructor(code: PaylitErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** An argument of the wrong type or shape, e.g. a number where a string of digits was expected. */
export class InvalidArgumentError extends PaylitError {
  override name = 'InvalidArgumentError';
  readonly argument: string;

  constructor(argument: string, expected: string, received: unknown) {
    super('invalid_argument', `${argument} must be ${expected}, received ${describe(received)}`);
    this.argument = argument;
  }
}

/** One thing wrong with a request: where (`payer.address.zip_code`) and what. */
export interface ValidationIssue {
  path: string;
  message: string;
}

/**
 * A request refused by a schema. `param` is the path of the first issue, as the API
 * names it; `toApiError()` gives the 5001 body the API would answer with.
 */
export class ValidationError extends PaylitError {
  override name = 'ValidationError';
  readonly issues: readonly ValidationIssue[];

  constructor(issues: readonly ValidationIssue[]) {
    const [first] = issues;
    const summary = first ? `${first.path || '(body)'}: ${first.message}` : 'invalid input';
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    super('validation_failed', `Invalid parameter ${summary}${more}`);
    this.issues = issues;
  }

  /** The path of the first issue: the API's `param`. */
  get param(): string | undefined {
    return this.issues[0]?.path || undefined;
  }

  /** The API's error body for this failure: 5001 with `param`, or 5000 for a body that is not an object. */
  toApiError(): ApiErrorBody {
    const param = this.param;
    return param ? apiErrorBody(5001, param) : apiErrorBody(5000);
  }
}

/** A key that cannot be used: wrong type, wrong size, unparseable, or of the wrong kind for the operation. */
export class KeyError extends PaylitError {
  override name = 'KeyError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('invalid_key', message, options);
  }
}

/** A JWE that cannot be opened: tampered, made for another key, or not a JWE of `{number, cvv}`. */
export class DecryptionError extends PaylitError {
  override name = 'DecryptionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('decryption_failed', message, options);
  }
}

/** Card data that cannot be encrypted as given. */
export class EncryptionError extends PaylitError {
  override name = 'EncryptionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('encryption_failed', message, options);
  }
}

/** A short description of a value for an error message. Never prints the value of a string: it may be card data. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `a string of ${value.length} characters`;
  return `${typeof value === 'object' ? 'an object' : `a ${typeof value}`}`;
}

/** Throws an `InvalidArgumentError` unless `value` is a non-null object. */
export function assertObject(value: unknown, argument: string, expected: string): asserts value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new InvalidArgumentError(argument, expected, value);
}

/** Throws an `InvalidArgumentError` unless `value` is a string. */
export function assertString(value: unknown, argument: string): asserts value is string {
  if (typeof value !== 'string') throw new InvalidArgumentError(argument, 'a string', value);
}
