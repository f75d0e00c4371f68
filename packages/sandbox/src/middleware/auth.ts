/**
 * Authentication as the spec has it: `X-Login` and `X-Trans-Key` match, `X-Date` is within
 * five minutes of the sandbox clock, and `Authorization` carries the V2-HMAC-SHA256
 * signature of login + X-Date + the exact body (403 / 3001 otherwise); `X-Version` absent
 * or 2.1 (else 5017); the other headers of the spec present and within their limits.
 */
import type { MiddlewareHandler } from 'hono';
import { API_VERSION, isXDateFresh, parseAuthorizationHeader, verifySignature, type Credentials } from '@paylit/core/crypto';
import type { Clock } from '../clock.js';
import { ApiFailure } from '../errors.js';
import type { SandboxEnv } from '../env.js';

export interface AuthOptions {
  credentials: Credentials;
  clock: Clock;
  /** When set, requests from other addresses are refused with 403 / 3002. */
  allowedIps?: readonly string[];
  /**
   * The route ignores its body (a cancel: "no body", yet clients send one). The body is still
   * signed, but its Content-Type is not checked: a body sent with no type (fetch labels it
   * text/plain) is accepted.
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

export function authentication(options: AuthOptions): MiddlewareHandler<SandboxEnv> {
  const { credentials, clock, allowedIps, ignoresBody = false } = options;
  return async (c, next) => {
    if (allowedIps) {
      const ip = clientIp(c.env?.incoming?.socket?.remoteAddress);
      if (ip === undefined || !allowedIps.includes(ip)) throw new ApiFailure(3002);
    }
    // Read and limited by the body-limit middleware, before anything else.
    const body = c.get('rawBody');
    const login = c.req.header('X-Login');
    const date = c.req.header('X-Date');
    const signature = parseAuthorizationHeader(c.req.header('Authorization'));
    const valid =
      same(login, credentials.login) &&
      same(c.req.header('X-Trans-Key'), credentials.transKey) &&
      isXDateFresh(date, clock.now()) &&
      signature !== undefined &&
      (await verifySignature({ login: login!, date: date!, body, secretKey: credentials.secretKey, signature }));
    if (!valid) throw new ApiFailure(3001);
    c.set('login', login!);

    const version = c.req.header('X-Version');
    if (version !== undefined && version !== API_VERSION) throw new ApiFailure(5017);
    if (!c.req.header('User-Agent')) throw new ApiFailure(5001, 'User-Agent');
    if (body !== '' && !ignoresBody && !/^application\/json\s*(;|$)/i.test(c.req.header('Content-Type') ?? '')) throw new ApiFailure(5001, 'Content-Type');
    for (const [name, value] of Object.entries(c.req.header())) {
      if (/^x-.+-payment-source$/i.test(name) && value.length > 100) throw new ApiFailure(5001, name);
    }
    await next();
  };
}
