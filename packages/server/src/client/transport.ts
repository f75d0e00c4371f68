/**
 * How the client sends bytes. The default is the global `fetch`, which every runtime has;
 * in Node, `nodeTransport()` from `@paylit/server/node` forwards over a keep-alive pool,
 * several times faster.
 *
 * Both send the request where it is addressed and nowhere else: a redirect is answered as it is
 * (the requester refuses a 3xx), never followed, so the credentials in the headers (`X-Login`,
 * `X-Trans-Key`, the signature) cannot be carried to another host; and an answer larger than
 * `MAX_ANSWER_BYTES` is cut off, not held in memory.
 */
import { readBodyLimited } from '@paylit/core/body';

/** The largest answer read from the API: its records are a few kilobytes, its lists far less than this. */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** The API answered more than `MAX_ANSWER_BYTES`: read no further. */
export function answerTooLarge(): Error {
  const error = new Error(`the API's answer is larger than ${MAX_ANSWER_BYTES} bytes`);
  error.name = 'AnswerTooLargeError';
  return error;
}

export interface TransportRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Give up after this long, rejecting with an error named `TimeoutError`. */
  timeoutMs: number;
  /** The caller's own abort signal, if any. */
  signal?: AbortSignal;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string | undefined>;
  text: string;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export const fetchTransport: Transport = async ({
  method,
  url,
  headers,
  body,
  timeoutMs,
  signal,
}) => {
  const timeout = AbortSignal.timeout(timeoutMs);
  const res = await fetch(url, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
    redirect: 'manual',
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const read = await readBodyLimited(res.body, MAX_ANSWER_BYTES);
  if (read.kind === 'too_large') {
    await res.body?.cancel().catch(() => {});
    throw answerTooLarge();
  }
  if (read.kind === 'incomplete') throw read.error;
  return {
    status: res.status,
    headers: Object.fromEntries(res.headers),
    text: new TextDecoder().decode(read.bytes),
  };
};
