/**
 * The request machinery under every client method: sign the exact bytes, give every POST
 * an idempotency key, retry what can be retried with the same key and backoff within a
 * deadline, and read the answer leniently.
 */
import { safeParse } from '@paylit/core/schemas';
import {
  signedHeaders,
  signedHeadersSync,
  type Credentials,
  type HmacSha256,
  type TextHmacSha256,
} from '@paylit/core/crypto';
import type { z } from 'zod';
import { VERSION } from '../version.js';
import { IDEMPOTENCY_KEY_MAX } from '@paylit/core/codes';
import { compiled } from '../compiled.js';
import { PaymentsApiError } from './errors.js';
import type { Transport, TransportRequest } from './transport.js';

/** The API's limit on `X-Idempotency-Key`, from core. */
export { IDEMPOTENCY_KEY_MAX };

export interface RequestOptions {
  /** Your idempotency key for this POST (at most 42 characters). Default: a new one per call, kept across its retries. */
  idempotencyKey?: string;
  /** Abort the whole call, retries included. */
  signal?: AbortSignal;
  /**
   * Check the params with core's schemas before sending. Default true. The checkout handler
   * turns it off for requests it assembles from parts it has already checked; the API
   * still validates everything.
   */
  validate?: boolean;
}

export interface RequesterConfig {
  baseUrl: string;
  credentials: Credentials;
  transport: Transport;
  /** `X-<VENDOR>-Payment-Source`: header name and value, for orchestrators. */
  paymentSource?: { header: string; value: string };
  timeoutMs: number;
  maxRetries: number;
  deadlineMs: number;
  userAgent: string;
  /** The HMAC-SHA256 primitive (default WebCrypto; `nodeHmac` in Node). */
  hmac?: HmacSha256;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
}

export interface Operation<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  response: S;
}

export const defaultUserAgent = `paylit-server/${VERSION} (+https://github.com/paylit/paylit)`;

/** A fresh idempotency key: `paylit-` and 32 hex digits (39 characters). */
export function newIdempotencyKey(): string {
  return `paylit-${crypto.randomUUID().replace(/-/g, '')}`;
}

function backoff(attempt: number): number {
  const base = Math.min(200 * 2 ** attempt, 5000);
  return base / 2 + Math.random() * (base / 2);
}

function retryAfter(headers: Record<string, string | undefined>): number | undefined {
  const value = headers['retry-after'];
  if (value === undefined) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) ? seconds * 1000 : undefined;
}

export class Requester {
  readonly config: RequesterConfig;

  /** The HMAC's synchronous text form, when it has one (`nodeHmac.text`): signing then needs no promise. */
  readonly #textHmac: TextHmacSha256 | undefined;

  constructor(config: RequesterConfig) {
    this.config = config;
    const text = (config.hmac as { text?: unknown } | undefined)?.text;
    this.#textHmac = typeof text === 'function' ? (text as TextHmacSha256) : undefined;
  }

  async send<S extends z.ZodType>(
    op: Operation<S>,
    options: RequestOptions = {},
  ): Promise<z.output<S>> {
    const { config } = this;
    const body = op.body === undefined ? '' : JSON.stringify(op.body);
    let key: string | undefined;
    if (op.method === 'POST') {
      key = options.idempotencyKey ?? newIdempotencyKey();
      if (typeof key !== 'string' || key === '' || key.length > IDEMPOTENCY_KEY_MAX) {
        throw new PaymentsApiError({
          type: 'validation_error',
          status: 0,
          code: 5001,
          param: 'idempotencyKey',
          message: `idempotencyKey must be 1 to ${IDEMPOTENCY_KEY_MAX} characters`,
          retryable: false,
        });
      }
    }
    const deadline = Date.now() + config.deadlineMs;
    let last: PaymentsApiError | undefined;
    for (let attempt = 0; attempt <= config.maxRetries; attempt++) {
      if (options.signal?.aborted)
        throw new PaymentsApiError({
          type: 'connection_error',
          status: 0,
          message: 'the request was aborted',
          retryable: false,
          ...(key ? { idempotencyKey: key } : {}),
        });
      const headers = this.#textHmac
        ? this.#headersSync(body, key, this.#textHmac)
        : await this.#headers(body, key);
      const timeoutMs = Math.max(1, Math.min(config.timeoutMs, deadline - Date.now()));
      let wait: number | undefined;
      try {
        // Set field by field: spreads of object literals here made a dictionary-mode object per send.
        const request: TransportRequest = {
          method: op.method,
          url: `${config.baseUrl}${op.path}`,
          headers,
          timeoutMs,
        };
        if (body !== '') request.body = body;
        if (options.signal) request.signal = options.signal;
        const res = await config.transport(request);
        const parsed = parseJson(res.text);
        if (res.status >= 200 && res.status < 300) return this.#read(op.response, parsed, key);
        // An answer that is no JSON (`404 NOT_FOUND` for a path the API does not have) keeps its text.
        last = PaymentsApiError.fromResponse(res.status, parsed ?? res.text, key);
        wait = retryAfter(res.headers);
      } catch (error) {
        if (error instanceof PaymentsApiError) throw error;
        // An answer too large to read: what the API did is not known, and asking again would read it again.
        if ((error as Error).name === 'AnswerTooLargeError')
          throw new PaymentsApiError({
            type: 'invalid_response',
            status: 0,
            message: (error as Error).message,
            retryable: false,
            cause: error,
            ...(key ? { idempotencyKey: key } : {}),
          });
        const timedOut = (error as Error).name === 'TimeoutError' && !options.signal?.aborted;
        last = new PaymentsApiError({
          type: timedOut ? 'timeout' : 'connection_error',
          status: 0,
          message: timedOut
            ? 'the API did not answer in time'
            : `could not reach the API: ${(error as Error).message}`,
          retryable: !options.signal?.aborted,
          cause: error,
          ...(key ? { idempotencyKey: key } : {}),
        });
      }
      if (!last.retryable || attempt === config.maxRetries) break;
      const pause = wait ?? backoff(attempt);
      if (Date.now() + pause >= deadline) break;
      await config.sleep(pause);
    }
    throw last!;
  }

  async #headers(body: string, key: string | undefined): Promise<Record<string, string>> {
    const { config } = this;
    return this.#complete(
      await signedHeaders({
        ...config.credentials,
        body,
        date: config.now(),
        ...(config.hmac ? { hmac: config.hmac } : {}),
      }),
      body,
      key,
    );
  }

  #headersSync(
    body: string,
    key: string | undefined,
    hmac: TextHmacSha256,
  ): Record<string, string> {
    const { credentials, now } = this.config;
    return this.#complete(
      signedHeadersSync({
        login: credentials.login,
        transKey: credentials.transKey,
        secretKey: credentials.secretKey,
        body,
        date: now(),
        hmac,
      }),
      body,
      key,
    );
  }

  /** The signed headers, with what the client adds to them. */
  #complete(
    headers: Record<string, string>,
    body: string,
    key: string | undefined,
  ): Record<string, string> {
    const { config } = this;
    headers['User-Agent'] = config.userAgent;
    // Requests without a body (GET, cancel) send no Content-Type, as the spec shows them.
    if (body === '') delete headers['Content-Type'];
    if (key) headers['X-Idempotency-Key'] = key;
    if (config.paymentSource) headers[config.paymentSource.header] = config.paymentSource.value;
    return headers;
  }

  #read<S extends z.ZodType>(schema: S, body: unknown, key: string | undefined): z.output<S> {
    const result = safeParse(compiled(schema), body);
    if (result.success) return result.data;
    throw new PaymentsApiError({
      type: 'invalid_response',
      status: 200,
      message: `the API's answer is not the expected shape: ${result.error.message}`,
      retryable: false,
      cause: result.error,
      ...(key ? { idempotencyKey: key } : {}),
    });
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
