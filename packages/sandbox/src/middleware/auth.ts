/**
 * Authentication as the API answers it. A missing `X-Login` or `X-Date` (or an `X-Date`
 * that is no ISO 8601 UTC time) is 400 / 5001 naming the header; an `X-Login` or
 * `X-Trans-Key` that is not the merchant's is 403 / 3001. `Authorization` must carry the
 * V2-HMAC-SHA256 signature of login + X-Date + the exact body; a POST whose signature does not
 * match is 400 / 5000 `Signature not match`, as recorded on the wire, and any other call
 * (GET, DELETE: no such answer was recorded) keeps 403 / 3001. A call without a body (a GET, a
 * DELETE, a cancel) verifies when signed over login + X-Date or over login + X-Date + `"{}"`:
 * the four characters quote, brace, brace, quote, as one widely used connector signs it (it
 * serializes the empty body as a JSON string); the two characters `{}` alone are no signature
 * of it. The API refuses no clock skew: an `X-Date` a year old is served. `X-Version` absent
 * or 2.1 (else 5017); the other headers of the spec present and within their limits.
 */
import type { MiddlewareHandler } from 'hono';
import {
  API_VERSION,
  parseAuthorizationHeader,
  parseXDate,
  verifySignature,
  type Credentials,
} from '@paylit/core/crypto';
import { SIGNATURE_NOT_MATCH } from '@paylit/core/codes';
import { ApiFailure } from '../errors.js';
import type { SandboxEnv } from '../env.js';

export interface AuthOptions {
  credentials: Credentials;
  /** When set, requests from other addresses are refused with 403 / 3002. */
  allowedIps?: readonly string[];
  /**
   * The route ignores its body (a cancel: "no body", yet clients send one). The body is still
   * signed, but its Content-Type is not checked: a body sent with no type (fetch labels it
   * text/plain) is accepted; sent without one, it may be signed over `"{}"`.
   */
  ignoresBody?: boolean;
}

const encoder = new TextEncoder();

/** Compares two strings in time that depends only on their lengths. */
function same(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

function clientIp(address: string | undefined): string | undefined {
  return address?.replace(/^::ffff:/, '');
}

/** The methods whose requests carry no body. */
const BODYLESS_METHODS: readonly string[] = ['GET', 'HEAD', 'DELETE'];

/**
 * What a connector signs a call without a body over, after login + X-Date: the empty body
 * serialized as a JSON string, `"{}"` (four characters, quotes included).
 */
export const BODYLESS_SIGNED_TEXT = '"{}"';

export function authentication(options: AuthOptions): MiddlewareHandler<SandboxEnv> {
  const { credentials, allowedIps, ignoresBody = false } = options;
  return async (c, next) => {
    if (allowedIps) {
      const ip = clientIp(c.env?.incoming?.socket?.remoteAddress);
      if (ip === undefined || !allowedIps.includes(ip)) throw new ApiFailure(3002);
    }
    // Read and limited by the body-limit middleware, before anything else.
    const body = c.get('rawBody');
    const bytes = c.get('rawBytes');
    const login = c.req.header('X-Login');
    const date = c.req.header('X-Date');
    if (!login) throw new ApiFailure(5001, 'X-Login');
    if (!date || parseXDate(date) === undefined) throw new ApiFailure(5001, 'X-Date');
    const signature = parseAuthorizationHeader(c.req.header('Authorization'));
    const signedOver = (signed: string | Uint8Array) =>
      verifySignature({
        login,
        date,
        body: signed,
        secretKey: credentials.secretKey,
        signature: signature!,
      });
    const bodyless = body === '' && (ignoresBody || BODYLESS_METHODS.includes(c.req.method));
    const known =
      same(login, credentials.login) && same(c.req.header('X-Trans-Key'), credentials.transKey);
    if (!known) throw new ApiFailure(3001);
    const signed =
      signature !== undefined &&
      ((await signedOver(bytes)) || (bodyless && (await signedOver(BODYLESS_SIGNED_TEXT))));
    if (!signed) {
      if (c.req.method === 'POST') throw new ApiFailure(5000, undefined, 400, SIGNATURE_NOT_MATCH);
      throw new ApiFailure(3001);
    }
    c.set('login', login);

    const version = c.req.header('X-Version');
    if (version !== undefined && version !== API_VERSION) throw new ApiFailure(5017);
    if (!c.req.header('User-Agent')) throw new ApiFailure(5001, 'User-Agent');
    if (
      body !== '' &&
      !ignoresBody &&
      !/^application\/json\s*(;|$)/i.test(c.req.header('Content-Type') ?? '')
    )
      throw new ApiFailure(5001, 'Content-Type');
    for (const [name, value] of Object.entries(c.req.header())) {
      if (/^x-.+-payment-source$/i.test(name) && value.length > 100)
        throw new ApiFailure(5001, name);
    }
    await next();
  };
}
