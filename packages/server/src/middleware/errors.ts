/**
 * One error type for everything the checkout handler refuses, and one JSON shape for it:
 * `{error: {type, message, param?, code?, retryable?}, requestId}`, defined in core
 * (`checkoutErrorAnswerSchema` of `@paylit/core/checkout`).
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  checkoutErrorKinds,
  type CheckoutErrorBody,
  type CheckoutErrorType,
} from '@paylit/core/checkout';
import { PaylitError } from '@paylit/core/errors';

export type { CheckoutErrorBody, CheckoutErrorType };

/** A `PaylitError` whose `code` is the API's error code when the API refused (`body.code`), and whose `kind` follows `body.type`. */
export class CheckoutError extends PaylitError<number | undefined> {
  override name = 'CheckoutError';
  readonly status: ContentfulStatusCode;
  readonly body: CheckoutErrorBody;

  constructor(status: ContentfulStatusCode, body: CheckoutErrorBody) {
    super(body.code, body.message, { kind: checkoutErrorKinds[body.type] });
    this.status = status;
    this.body = body;
  }
}
