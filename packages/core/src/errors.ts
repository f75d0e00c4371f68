/**
 * The typed errors of paylit. Every error class of every package extends `PaylitError`:
 * a `kind` from one vocabulary (who can act on it) and a `code` a program can switch on.
 * Core's own functions throw the subclasses below, with a message a developer can act on;
 * nothing else escapes.
 *
 * @example
 * try { await encryptCard(card, key) } catch (e) {
 *   if (e instanceof PaylitError && e.code === 'invalid_key') showConfigProblem(e.message)
 * }
 */
import { apiErrorBody, type ApiErrorBody } from './codes.js';

/**
 * What kind of failure an error is, the same words everywhere (core, the server, the
 * sandbox, and the elements' `paylit-error` event):
 * - `validation`: the input was refused; correcting it can succeed;
 * - `configuration`: the set-up is wrong (a key, credentials, an origin, a missing element);
 * - `network`: no answer came; the outcome is unknown, the same request may be sent again;
 * - `server`: the other side failed or is busy;
 * - `rate_limited`: this client sent too many requests (429); the same request can succeed
 *   after the time its answer's `Retry-After` gives;
 * - `integrity`: a file of the checkout did not match the SHA-384 its script-tag file pins
 *   (Subresource Integrity), so the browser refused to run it: nothing was sent with it; the
 *   files served are not the ones published (an altered copy, a stale cache).
 */
export const errorKinds = [
  'validation',
  'configuration',
  'network',
  'server',
  'rate_limited',
  'integrity',
] as const;
export type PaylitErrorKind = (typeof errorKinds)[number];

/** The kind of an HTTP answer's failure by its status: 0 (no answer) network, 401/403 configuration, 429 rate_limited, 5xx server, other 4xx validation. */
export function errorKindOfStatus(status: number): PaylitErrorKind {
  if (status === 0) return 'network';
  if (status === 401 || status === 403) return 'configuration';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  return 'validation';
}

export type PaylitErrorCode =
  | 'invalid_argument'
  | 'validation_failed'
  | 'invalid_key'
  | 'encryption_failed'
  | 'decryption_failed';

export interface PaylitErrorOptions {
  cause?: unknown;
  /** Default: `validation`. */
  kind?: PaylitErrorKind;
}

/**
 * The one base of paylit's errors. `Code` is what `code` holds: core's `PaylitErrorCode`
 * by default; another package's errors keep theirs (the API's numeric code for the server's
 * and the sandbox's).
 */
export class PaylitError<Code = PaylitErrorCode> extends Error {
  override name = 'PaylitError';
  readonly code: Code;
  readonly kind: PaylitErrorKind;

  constructor(code: Code, message: string, options?: PaylitErrorOptions) {
    // Error reads `cause` from the options (only when present) and ignores `kind`.
    super(message, options);
    this.code = code;
    this.kind = options?.kind ?? 'validation';
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
    super('invalid_key', message, { ...options, kind: 'configuration' });
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
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Throws an `InvalidArgumentError` unless `value` is a non-null object. */
export function assertObject(
  value: unknown,
  argument: string,
  expected: string,
): asserts value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new InvalidArgumentError(argument, expected, value);
}

/** Throws an `InvalidArgumentError` unless `value` is a string. */
export function assertString(value: unknown, argument: string): asserts value is string {
  if (typeof value !== 'string') throw new InvalidArgumentError(argument, 'a string', value);
}
