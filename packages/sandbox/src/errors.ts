/**
 * One error type for everything the sandbox refuses, turned into the API's error body in
 * one place (app.ts). Codes, HTTP statuses and messages come from core's table (which also
 * says which codes never carry `param`); the statuses the real API answers differently for
 * some operations are passed explicitly.
 */
import {
  apiErrorBody,
  apiErrorStatus,
  type ApiErrorBody,
  type ApiErrorCode,
} from '@paylit/core/codes';
import { PaylitError, errorKindOfStatus } from '@paylit/core/errors';

/** A `PaylitError` whose `code` is the API's error code and whose `kind` follows the HTTP status. */
export class ApiFailure extends PaylitError<ApiErrorCode> {
  override name = 'ApiFailure';
  readonly body: ApiErrorBody;
  readonly status: number;

  constructor(
    code: ApiErrorCode,
    param?: string,
    status: number = apiErrorStatus(code),
    /** The API's own wording of one case of `code` (core's `SIGNATURE_NOT_MATCH`). */
    message?: string,
  ) {
    const body = apiErrorBody(code, param, message);
    super(code, body.message, { kind: errorKindOfStatus(status) });
    this.body = body;
    this.status = status;
  }
}

/** Thrown where the sandbox must drop the connection (a fault) and cannot, being in-process: the caller sees a failed fetch. */
export class DroppedConnection extends PaylitError<undefined> {
  override name = 'DroppedConnection';
  constructor() {
    super(undefined, 'the sandbox dropped the connection (fault)', { kind: 'network' });
  }
}
