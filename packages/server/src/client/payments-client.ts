/**
 * `PaymentsClient`: one method per operation of the Payments API v2.1, resources with
 * verbs, the id first where there is one, then one params object.
 *
 * @example
 * const client = new PaymentsClient({ baseUrl, login, transKey, secretKey });
 * const payment = await client.payments.create({ amount: 120, currency: 'BRL', … });
 * await client.payments.capture(payment.id, { amount: 50, currency: 'BRL' });
 * await client.refunds.create({ payment_id: capture.id, notification_url });
 *
 * Params are what the API takes, its wire dialect included (the sandbox's README lists it):
 * an amount as a number or a decimal string, a card's month and year as strings of digits
 * (a two-digit year is 20xx), `"true"` / `"false"` for a card's flags, `null` for an absent
 * field, a refund without `notification_url`. They are checked by core's schemas and sent
 * as parsed (numbers and booleans typed, years of four digits, nulls and unknown fields left out);
 * `{validate: false}` sends them as given. Answers are read leniently: an answer the API
 * gives is never an error (an unknown status comes through as its string).
 */
import { z } from 'zod';
import {
  captureRequestSchema,
  deletedCardRecordSchema,
  enrollmentRecordSchema,
  enrollmentRequestSchema,
  installmentsPlanRecordSchema,
  installmentsPlanRequestSchema,
  needsSecureEndpoint,
  orderRecordSchema,
  paymentMethodListSchema,
  paymentRecordSchema,
  paymentRequestSchema,
  paymentStatusRecordSchema,
  refundRecordSchema,
  refundRequestSchema,
  refundStatusRecordSchema,
  safeParse,
  saveCardRequestSchema,
  savedCardRecordSchema,
  type CaptureRequestInput,
  type EnrollmentRequestInput,
  type InstallmentsPlanRequestInput,
  type PaymentRequestInput,
  type RefundRequestInput,
  type SaveCardRequestInput,
} from '@paylit/core/schemas';
import {
  MAX_CLOCK_SKEW_MS,
  isXDateFresh,
  parseAuthorizationHeader,
  verifyCallbackSignature,
  verifySignature,
  webCryptoHmac,
  type HmacSha256,
} from '@paylit/core/crypto';
import { compiled } from '../compiled.js';
import { PaymentsApiError } from './errors.js';
import { Requester, defaultUserAgent, type Operation, type RequestOptions } from './requester.js';
import { fetchTransport, type Transport } from './transport.js';

export interface PaymentsClientOptions {
  /** The API's base address, e.g. `https://api.example.com`. */
  baseUrl: string;
  login: string;
  transKey: string;
  secretKey: string;
  /** For orchestrators: the `X-<VENDOR>-Payment-Source` header (name and value, at most 100 characters). */
  paymentSource?: { header: string; value: string };
  /** Per attempt. Default 15 s. */
  timeoutMs?: number;
  /** Retries of network failures, timeouts, 5xx and 429. Default 3. */
  maxRetries?: number;
  /** For the whole call, retries included. Default 30 s. */
  deadlineMs?: number;
  /** How bytes are sent. Default: global fetch; in Node use `nodeTransport()` from `@paylit/server/node`. */
  transport?: Transport;
  userAgent?: string;
  /** The clock X-Date is taken from. Default: the system's. */
  now?: () => Date;
  /** The HMAC-SHA256 primitive. Default: WebCrypto; in Node, `nodeHmac` from `@paylit/server/node` is several times faster. */
  hmac?: HmacSha256;
}

const optionsSchema = z.object({
  baseUrl: z.url({
    protocol: /^https?$/,
    error: 'must be an absolute http(s) URL such as https://api.example.com',
  }),
  login: z
    .string({ error: 'is required: the X-Login from the merchant dashboard (PAYLIT_X_LOGIN)' })
    .min(1, 'must not be empty'),
  transKey: z
    .string({
      error: 'is required: the X-Trans-Key from the merchant dashboard (PAYLIT_X_TRANS_KEY)',
    })
    .min(1, 'must not be empty'),
  secretKey: z
    .string({
      error: 'is required: the secret key from the merchant dashboard (PAYLIT_SECRET_KEY)',
    })
    .min(1, 'must not be empty'),
  paymentSource: z
    .object({
      header: z
        .string()
        .regex(/^X-[A-Za-z0-9]+-Payment-Source$/, 'must be named X-<VENDOR>-Payment-Source'),
      value: z.string().min(1).max(100),
    })
    .optional(),
  timeoutMs: z.number().int().positive().optional(),
  maxRetries: z.number().int().min(0).max(10).optional(),
  deadlineMs: z.number().int().positive().optional(),
});

const idSchema = z.string().min(1, 'must not be empty');

function local(error: {
  param?: string | undefined;
  issues: readonly { path: string; message: string }[];
}): PaymentsApiError {
  const first = error.issues[0];
  return new PaymentsApiError({
    type: 'validation_error',
    status: 0,
    code: 5001,
    ...(error.param ? { param: error.param } : {}),
    message: first ? `${first.path || 'params'} ${first.message}` : 'invalid request',
    retryable: false,
  });
}

/** Validates with core's schema before anything is sent; a failure names the field. */
function check<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = safeParse(compiled(schema), value);
  if (!result.success) throw local(result.error);
  return result.data;
}

/** The schema of an id named `name`, built once per name (the client's few: id, cardId, orderId). */
const idSchemas = new Map<string, z.ZodType>();

/** An id for the path, checked and encoded; a bad one is a local error naming `name`. */
function path(id: unknown, name: string): string {
  let schema = idSchemas.get(name);
  if (schema === undefined) idSchemas.set(name, (schema = z.object({ [name]: idSchema })));
  return encodeURIComponent((check(schema, { [name]: id }) as Record<string, string>)[name]!);
}

const countryParamsSchema = z.object({
  country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as "BR"'),
});

export class PaymentsClient {
  readonly payments;
  readonly refunds;
  readonly cards;
  readonly installmentsPlans;
  readonly paymentMethods;
  readonly orders;
  readonly enrollments;
  readonly webhooks;
  readonly #requester: Requester;

  constructor(options: PaymentsClientOptions) {
    const parsed = optionsSchema.safeParse(options ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      // Never echo the values: some are secrets.
      throw new TypeError(`PaymentsClient: ${issue.path.join('.') || 'options'} ${issue.message}`);
    }
    const o = { ...options, ...parsed.data };
    const requester = new Requester({
      baseUrl: o.baseUrl.replace(/\/+$/, ''),
      credentials: { login: o.login, transKey: o.transKey, secretKey: o.secretKey },
      transport: o.transport ?? fetchTransport,
      ...(o.paymentSource ? { paymentSource: o.paymentSource } : {}),
      timeoutMs: o.timeoutMs ?? 15_000,
      maxRetries: o.maxRetries ?? 3,
      deadlineMs: o.deadlineMs ?? 30_000,
      userAgent: o.userAgent ?? defaultUserAgent,
      ...(o.hmac ? { hmac: o.hmac } : {}),
      now: o.now ?? (() => new Date()),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    });
    this.#requester = requester;
    const send = requester.send.bind(requester);

    this.payments = {
      /**
       * Creates a payment: `/secure_payments` when it carries card data (raw, `encrypted_data` or a
       * `network_token`), `/payments` otherwise (`card_id`, `token`, wallets, redirects).
       */
      // Not async: the request's own promise handed on (a payment's hot path), a refusal of the
      // params a rejected promise as before.
      create: (params: PaymentRequestInput, options?: RequestOptions) => {
        let op: Operation<typeof paymentRecordSchema>;
        try {
          const body = options?.validate === false ? params : check(paymentRequestSchema, params);
          op = {
            method: 'POST',
            path: needsSecureEndpoint(body) ? '/secure_payments' : '/payments',
            body,
            response: paymentRecordSchema,
          };
        } catch (error) {
          return Promise.reject(error as Error);
        }
        return send(op, options);
      },
      /** Captures an authorization, in full or in part: a new PAID payment carrying `authorization_id`. */
      capture: async (
        authorizationId: string,
        params: Omit<CaptureRequestInput, 'authorization_id'> = {},
        options?: RequestOptions,
      ) => {
        const body = check(captureRequestSchema, { ...params, authorization_id: authorizationId });
        return send(
          { method: 'POST', path: '/payments', body, response: paymentRecordSchema },
          options,
        );
      },
      /** Cancels an authorization not yet captured. */
      cancel: async (id: string, options?: RequestOptions) =>
        send(
          {
            method: 'POST',
            path: `/payments/${path(id, 'id')}/cancel`,
            response: paymentRecordSchema,
          },
          options,
        ),
      retrieve: async (id: string, options?: RequestOptions) =>
        send(
          { method: 'GET', path: `/payments/${path(id, 'id')}`, response: paymentRecordSchema },
          options,
        ),
      status: async (id: string, options?: RequestOptions) =>
        send(
          {
            method: 'GET',
            path: `/payments/${path(id, 'id')}/status`,
            response: paymentStatusRecordSchema,
          },
          options,
        ),
    };
    this.refunds = {
      /** Refunds a payment in full or in part. Without `notification_url`, read a pending refund's outcome with `status`. */
      create: async (params: RefundRequestInput, options?: RequestOptions) =>
        send(
          {
            method: 'POST',
            path: '/refunds',
            body: check(refundRequestSchema, params),
            response: refundRecordSchema,
          },
          options,
        ),
      retrieve: async (id: string, options?: RequestOptions) =>
        send(
          { method: 'GET', path: `/refunds/${path(id, 'id')}`, response: refundRecordSchema },
          options,
        ),
      status: async (id: string, options?: RequestOptions) =>
        send(
          {
            method: 'GET',
            path: `/refunds/${path(id, 'id')}/status`,
            response: refundStatusRecordSchema,
          },
          options,
        ),
    };
    this.cards = {
      /** Saves a card (`POST /secure_cards`). */
      create: async (params: SaveCardRequestInput, options?: RequestOptions) =>
        send(
          {
            method: 'POST',
            path: '/secure_cards',
            body: check(saveCardRequestSchema, params),
            response: savedCardRecordSchema,
          },
          options,
        ),
      retrieve: async (cardId: string, options?: RequestOptions) =>
        send(
          {
            method: 'GET',
            path: `/cards/${path(cardId, 'cardId')}`,
            response: savedCardRecordSchema,
          },
          options,
        ),
      delete: async (cardId: string, options?: RequestOptions) =>
        send(
          {
            method: 'DELETE',
            path: `/secure_cards/${path(cardId, 'cardId')}`,
            response: deletedCardRecordSchema,
          },
          options,
        ),
    };
    this.installmentsPlans = {
      create: async (params: InstallmentsPlanRequestInput, options?: RequestOptions) =>
        send(
          {
            method: 'POST',
            path: '/installments-plans',
            body: check(installmentsPlanRequestSchema, params),
            response: installmentsPlanRecordSchema,
          },
          options,
        ),
    };
    this.paymentMethods = {
      list: async (params: { country: string }, options?: RequestOptions) => {
        const { country } = check(countryParamsSchema, params);
        return send(
          {
            method: 'GET',
            path: `/payments-methods?country=${country}`,
            response: paymentMethodListSchema,
          },
          options,
        );
      },
    };
    this.orders = {
      /** Finds the payment of a merchant order id. */
      retrieve: async (orderId: string, options?: RequestOptions) =>
        send(
          {
            method: 'GET',
            path: `/orders/${path(orderId, 'orderId')}`,
            response: orderRecordSchema,
          },
          options,
        ),
    };
    this.enrollments = {
      create: async (params: EnrollmentRequestInput, options?: RequestOptions) =>
        send(
          {
            method: 'POST',
            path: '/enrollments',
            body: check(enrollmentRequestSchema, params),
            response: enrollmentRecordSchema,
          },
          options,
        ),
      cancel: async (id: string, options?: RequestOptions) =>
        send(
          {
            method: 'POST',
            path: `/enrollments/${path(id, 'id')}/cancel`,
            response: enrollmentRecordSchema,
          },
          options,
        ),
    };
    const { login, secretKey } = requester.config.credentials;
    const clock = requester.config.now;
    this.webhooks = {
      /**
       * True when a notification is the API's: its `X-Date` within 5 minutes of now (by
       * default) and its `Authorization` the signature of your login + X-Date + the raw body.
       * Pass the body's bytes as received: text decoded from them has lost a leading byte order
       * mark, which the signature covers.
       */
      verifyNotification: async (
        input: {
          date: string | null | undefined;
          authorization: string | null | undefined;
          body: string | Uint8Array;
        },
        maxSkewMs = MAX_CLOCK_SKEW_MS,
      ): Promise<boolean> => {
        const signature = parseAuthorizationHeader(input.authorization);
        if (
          !signature ||
          typeof input.date !== 'string' ||
          !isXDateFresh(input.date, clock(), maxSkewMs)
        )
          return false;
        return verifySignature({ login, date: input.date, body: input.body, secretKey, signature });
      },
      /**
       * True when a redirect callback's form is the API's and recent. Its `status` still must
       * not be trusted: confirm it with `payments.status(paymentId)`.
       */
      verifyCallback: async (
        form: { paymentId: string; status: string; date: string; signature: string },
        maxSkewMs = MAX_CLOCK_SKEW_MS,
      ): Promise<boolean> => {
        if (!isXDateFresh(form.date, clock(), maxSkewMs)) return false;
        return verifyCallbackSignature({
          login,
          secretKey,
          date: form.date,
          status: form.status,
          paymentId: form.paymentId,
          signature: form.signature,
        });
      },
    };
  }

  /**
   * A client from the environment: `PAYLIT_BASE_URL`, `PAYLIT_X_LOGIN`,
   * `PAYLIT_X_TRANS_KEY`, `PAYLIT_SECRET_KEY`. The `TypeError` thrown for a missing one names,
   * after the first problem, every variable not set (and not given in `options`).
   */
  static fromEnv(
    env: Readonly<Record<string, string | undefined>> = globalThis.process?.env ?? {},
    options: Partial<PaymentsClientOptions> = {},
  ): PaymentsClient {
    const unset = (
      [
        ['PAYLIT_BASE_URL', 'baseUrl'],
        ['PAYLIT_X_LOGIN', 'login'],
        ['PAYLIT_X_TRANS_KEY', 'transKey'],
        ['PAYLIT_SECRET_KEY', 'secretKey'],
      ] as const
    ).filter(([name, option]) => !env[name] && options[option] === undefined);
    const given = {
      baseUrl: env.PAYLIT_BASE_URL as string,
      login: env.PAYLIT_X_LOGIN as string,
      transKey: env.PAYLIT_X_TRANS_KEY as string,
      secretKey: env.PAYLIT_SECRET_KEY as string,
      ...options,
    };
    try {
      return new PaymentsClient(given as PaymentsClientOptions);
    } catch (error) {
      // The first problem, as the constructor words it, and then every variable missing at once.
      if (!unset.length || !(error instanceof TypeError)) throw error;
      const names = unset.map(([name]) => name).join(', ');
      throw new TypeError(`${error.message}; ${names} ${unset.length > 1 ? 'are' : 'is'} not set`);
    }
  }

  /**
   * A deterministic idempotency key (42 characters) for `parts`, keyed with the merchant's
   * secret so no one else can make or predict it: the same order and attempt always give
   * the same key, so a double submit or a retried request charges once.
   */
  idempotencyKeyFor(...parts: string[]): Promise<string> {
    const keyed = this.#keyed('paylit-idempotency', parts);
    // With a synchronous HMAC (nodeHmac) the key is made now: one settled promise, no async frame.
    return typeof keyed === 'string'
      ? Promise.resolve(`pl${keyed.slice(0, 40)}`)
      : keyed.then((hex) => `pl${hex.slice(0, 40)}`);
  }

  /**
   * The 32 hex characters that end an order's client secret, keyed with the merchant's secret
   * under a label of their own (no idempotency key is ever one): use `clientSecretFor` of
   * `@paylit/server`, which builds the whole secret.
   */
  async clientSecretDigest(orderId: string): Promise<string> {
    return (await this.#keyed('paylit-client-secret', [orderId])).slice(0, 32);
  }

  /** The 32 hex digits of a payer session (payer-session.ts): its customer id and expiry, keyed under their own label. */
  async payerSessionDigest(customerId: string, expires: string): Promise<string> {
    return (await this.#keyed('paylit-payer-session', [customerId, expires])).slice(0, 32);
  }

  /** HMAC-SHA256 (hex) of `label` and `parts`, one a line, under the secret key. */
  #keyed(label: string, parts: readonly string[]): string | Promise<string> {
    const { credentials, hmac } = this.#requester.config;
    const text = `${label}\n${parts.join('\n')}`;
    // A synchronous text form (nodeHmac.text) signs the same UTF-8 bytes without the copy.
    const textHmac = (hmac as { text?: unknown } | undefined)?.text;
    try {
      return typeof textHmac === 'function'
        ? (textHmac as (key: string, message: string) => string)(credentials.secretKey, text)
        : (hmac ?? webCryptoHmac)(credentials.secretKey, new TextEncoder().encode(text));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** How long one call may take, retries included. */
  get deadlineMs(): number {
    return this.#requester.config.deadlineMs;
  }

  /** The base address requests go to. */
  get baseUrl(): string {
    return this.#requester.config.baseUrl;
  }
}
