/**
 * How the client sends bytes. The default is the global `fetch`, which every runtime has;
 * in Node, `nodeTransport()` from `@paylit/server/node` forwards over a keep-alive pool,
 * several times faster.
 */
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
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
};
