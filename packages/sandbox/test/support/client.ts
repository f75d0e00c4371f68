/**
 * A signing client for the specs, built on core: every header of the spec, the signature
 * over the exact body sent, and knobs to break each of them on purpose.
 */
import { signedHeaders, type Credentials } from '@paylit/core/crypto';
import { documentExample } from '@paylit/core/documents';

export interface Call {
  status: number;
  body: any;
  headers: Headers;
}

export interface CallOptions {
  idempotencyKey?: string;
  /** Replace or remove (`undefined`) headers after signing. */
  headers?: Record<string, string | undefined>;
  /** Sign with this date instead of now. */
  date?: Date;
  /** Send this text as the body, signed as it is (for invalid JSON). */
  rawBody?: string;
}

export class SandboxClient {
  /** `now` is the client's clock; the fixture sets it to the sandbox's, as if both agreed on the time. */
  constructor(
    readonly baseUrl: string,
    readonly credentials: Credentials,
    readonly now: () => Date = () => new Date(),
  ) {}

  async call(
    method: string,
    path: string,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<Call> {
    const text = options.rawBody ?? (body === undefined ? '' : JSON.stringify(body));
    const headers: Record<string, string> = {
      ...(await signedHeaders({
        ...this.credentials,
        body: text,
        date: options.date ?? this.now(),
      })),
      'User-Agent': 'paylit-sandbox-specs/1.0',
    };
    if (text === '') delete headers['Content-Type'];
    if (options.idempotencyKey !== undefined) headers['X-Idempotency-Key'] = options.idempotencyKey;
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === undefined) delete headers[name];
      else headers[name] = value;
    }
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(text === '' ? {} : { body: text }),
    });
    const raw = await response.text();
    let parsed: unknown = raw;
    try {
      parsed = JSON.parse(raw);
    } catch {
      // HTML pages and PEM text stay text.
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  post(path: string, body?: unknown, options?: CallOptions) {
    return this.call('POST', path, body, options);
  }

  get(path: string, options?: CallOptions) {
    return this.call('GET', path, undefined, options);
  }

  delete(path: string, options?: CallOptions) {
    return this.call('DELETE', path, undefined, options);
  }
}

/** A payer, a Brazilian card payment, and variations of them. */
export const payer = {
  name: 'Thiago Gabriel',
  email: 'thiago@example.com',
  document: '53033315550',
};
export const visa = {
  holder_name: 'Thiago Gabriel',
  expiration_month: 10,
  expiration_year: 2040,
  number: '4111111111111111',
  cvv: '123',
};

let orders = 0;
export function orderId(prefix = 'order'): string {
  return `${prefix}-${Date.now().toString(36)}-${++orders}`;
}

/** The payer with a valid document of `country` (its CPF in Brazil). */
export function payerIn(country: string) {
  return country === 'BR'
    ? payer
    : { ...payer, document: documentExample(country) ?? payer.document };
}

export function cardPayment(overrides: Record<string, unknown> = {}) {
  return {
    amount: 120,
    currency: 'BRL',
    country: 'BR',
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    payer: payerIn(typeof overrides.country === 'string' ? overrides.country : 'BR'),
    card: visa,
    order_id: orderId(),
    ...overrides,
  };
}
