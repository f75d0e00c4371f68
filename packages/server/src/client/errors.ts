/**
 * One error type for everything the PaymentsClient refuses or the API answers with: the
 * API's `code`, `message` and `param`, the HTTP status, and whether retrying could help.
 * A `PaylitError`, whose `kind` follows `type`.
 */
import { SIGNATURE_NOT_MATCH } from '@paylit/core/codes';
import { PaylitError, type PaylitErrorKind } from '@paylit/core/errors';

export type PaymentsErrorType =
  | 'validation_error'
  | 'invalid_request_error'
  | 'authentication_error'
  | 'not_found'
  | 'rate_limit_error'
  | 'api_error'
  | 'connection_error'
  | 'timeout'
  | 'invalid_response';

export interface PaymentsApiErrorInit {
  type: PaymentsErrorType;
  message: string;
  /** HTTP status of the API's answer; 0 when there was none (local check, network). */
  status: number;
  code?: number;
  param?: string;
  retryable: boolean;
  idempotencyKey?: string;
  cause?: unknown;
}

const kinds: Record<PaymentsErrorType, PaylitErrorKind> = {
  validation_error: 'validation',
  invalid_request_error: 'validation',
  authentication_error: 'configuration',
  not_found: 'validation',
  rate_limit_error: 'server',
  api_error: 'server',
  connection_error: 'network',
  timeout: 'network',
  invalid_response: 'server',
};

/** `code`: the API's error code, when there is one. */
export class PaymentsApiError extends PaylitError<number | undefined> {
  override name = 'PaymentsApiError';
  readonly type: PaymentsErrorType;
  readonly status: number;
  readonly param: string | undefined;
  /** True when the same request (same idempotency key) may succeed if sent again. */
  readonly retryable: boolean;
  readonly idempotencyKey: string | undefined;

  constructor(init: PaymentsApiErrorInit) {
    super(init.code, init.message, {
      kind: kinds[init.type],
      ...(init.cause === undefined ? {} : { cause: init.cause }),
    });
    this.type = init.type;
    this.status = init.status;
    this.param = init.param;
    this.retryable = init.retryable;
    this.idempotencyKey = init.idempotencyKey;
  }

  /**
   * The error the API's answer stands for: its JSON error body, or the text of an answer
   * that is no JSON (the API answers a path it does not have with 404 and `NOT_FOUND`). A
   * signature that does not match is the credentials' fault, though the API answers it 400 /
   * 5000 `Signature not match`: an `authentication_error`, as 403 / 3001.
   */
  static fromResponse(status: number, body: unknown, idempotencyKey?: string): PaymentsApiError {
    const b = (body && typeof body === 'object' ? body : {}) as {
      code?: unknown;
      message?: unknown;
      param?: unknown;
    };
    // A short plain text only: a proxy's HTML page is not worth repeating.
    const text =
      typeof body === 'string' && /^[\w .,:;'()/-]{1,100}$/.test(body.trim()) ? body.trim() : '';
    // A redirect is never followed (the transports): what the API did with the request is not known.
    const type: PaymentsErrorType =
      status >= 300 && status < 400
        ? 'invalid_response'
        : status === 401 || status === 403 || (b.code === 5000 && b.message === SIGNATURE_NOT_MATCH)
          ? 'authentication_error'
          : status === 404
            ? 'not_found'
            : status === 429
              ? 'rate_limit_error'
              : status >= 500
                ? 'api_error'
                : 'invalid_request_error';
    return new PaymentsApiError({
      type,
      status,
      message:
        typeof b.message === 'string'
          ? b.message
          : status >= 300 && status < 400
            ? `the API answered ${status}, a redirect, which is not followed: check the base URL`
            : text !== ''
              ? `the API answered ${status} ${text}`
              : `the API answered ${status}`,
      // The code is an integer on the wire; read one printed as a string too.
      ...(typeof b.code === 'number'
        ? { code: b.code }
        : typeof b.code === 'string' && /^\d+$/.test(b.code)
          ? { code: Number(b.code) }
          : {}),
      ...(typeof b.param === 'string' ? { param: b.param } : {}),
      retryable: status >= 500 || status === 429,
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
  }
}
