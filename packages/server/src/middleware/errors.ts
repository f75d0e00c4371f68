/**
 * One error type for everything the checkout handler refuses, and one JSON shape for it:
 * `{error: {type, message, param?, code?, retryable?}, requestId}`.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type CheckoutErrorType =
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'order_mismatch'
  | 'method_not_allowed'
  | 'payment_refused'
  | 'payment_in_progress'
  | 'idempotency_key_reused'
  | 'rate_limited'
  | 'payload_too_large'
  | 'upstream_unavailable'
  | 'internal_error';

export interface CheckoutErrorBody {
  type: CheckoutErrorType;
  message: string;
  param?: string;
  /** The API's error code, when the API refused. */
  code?: number;
  /** Whether sending the same submission again (same attempt) could succeed. */
  retryable?: boolean;
}

export class CheckoutError extends Error {
  override name = 'CheckoutError';
  readonly status: ContentfulStatusCode;
  readonly body: CheckoutErrorBody;

  constructor(status: ContentfulStatusCode, body: CheckoutErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}
