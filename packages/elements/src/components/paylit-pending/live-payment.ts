/**
 * The live connection to a pending payment (`GET /payments/:id/events?order=`, Server-Sent
 * Events), read with the checkout's `fetch` so that the merchant's headers and cookies go with
 * it (an `EventSource` would take neither). Each `payment` event is handed over as the server
 * sent it (`PaymentStatusAnswer`). The connection is opened again when the server ends it before
 * the payment's final status (after its `retry` hint), after a failure (waiting longer each
 * time, up to 30 s; an answer that is not `text/event-stream`, such as a sign-in page, is one),
 * and at once when the page is shown again (`visibilitychange`: the shopper
 * is back from their bank's app) or the browser is online again (`online`: the network is back).
 *
 * `LivePayment` is the same as a controller of the element that shows the payment: it follows
 * the payment its host names while the host is on the page.
 *
 * @example
 * const stop = follow({ endpoint: '/paylit' }, clientSecret, payment.id, (answer) => show(answer.payment));
 */
import type { PaymentStatusAnswer } from '@paylit/core/checkout';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { serverUrl, type CompanionServer } from '../paylit-checkout/checkout-client.js';

const MAX_WAIT_MS = 30_000;

/** The events of a `text/event-stream` body, each as its name and data, as they arrive. */
export async function* serverSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<{ event: string; data: string; retry?: number }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  /** A CR that ends a piece: half of a CRLF, maybe, until the next piece says. */
  let cr = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      let text = cr + decoder.decode(value, { stream: true });
      cr = text.endsWith('\r') ? '\r' : '';
      if (cr) text = text.slice(0, -1);
      buffer += text.replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        let retry: number | undefined;
        for (const line of block.split('\n')) {
          const colon = line.indexOf(':');
          if (colon === 0) continue; // a comment: the server keeping the connection open
          const field = colon === -1 ? line : line.slice(0, colon);
          const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event = value;
          else if (field === 'data') data.push(value);
          else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
        }
        if (data.length > 0 || retry !== undefined)
          yield { event, data: data.join('\n'), ...(retry !== undefined ? { retry } : {}) };
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Follows payment `paymentId` of the order `order` (its client secret) until its status is
 * final or the answered function is called; `heard` gets each answer the server sends.
 */
export function follow(
  server: CompanionServer,
  order: string,
  paymentId: string,
  heard: (answer: PaymentStatusAnswer) => void,
): () => void {
  return followEvents<PaymentStatusAnswer>(
    server,
    `/payments/${encodeURIComponent(paymentId)}/events?order=${encodeURIComponent(order)}`,
    'payment',
    (answer) => answer.payment.status !== 'PENDING',
    heard,
  );
}

/**
 * Follows the Server-Sent Events at `path` of the companion server: each `event` is handed to
 * `heard` as the server sent it (JSON), until `final` says one is; also what follows a mandate's
 * status (paylit-checkout/subscription-live.ts). Opened again when the server ends it first
 * (after its `retry` hint), after a failure (waiting longer each time, up to 30 s), and at once
 * when the page is shown again or the browser is online again; refused for good (a 4xx but 408 and 429), it stops.
 */
export function followEvents<T>(
  server: CompanionServer,
  path: string,
  event: string,
  final: (answer: T) => boolean,
  heard: (answer: T) => void,
): () => void {
  let stopped = false;
  let current: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waitMs = 2000;
  let failures = 0;
  const url = serverUrl(server, path);
  const connect = async () => {
    clearTimeout(timer);
    current?.abort();
    if (stopped) return;
    const controller = (current = new AbortController());
    try {
      const res = await (server.fetch ?? globalThis.fetch)(url, {
        headers: { Accept: 'text/event-stream' },
        cache: 'no-store',
        signal: controller.signal,
      });
      // Refused for good (the order's secret changed, the payment is not the order's): nothing to follow.
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429)
        return stop();
      if (!res.ok || !res.body) throw new Error(`the live connection answered ${res.status}`);
      // Something else answered (a sign-in page after a redirect, a proxy's own page): a failure,
      // tried again later each time, not the stream's end.
      const type = res.headers.get('Content-Type') ?? '';
      if (!/^text\/event-stream\s*(;|$)/i.test(type))
        throw new Error(`the live connection answered ${type || 'no Content-Type'}, not events`);
      for await (const message of serverSentEvents(res.body)) {
        if (message.retry !== undefined) waitMs = message.retry;
        if (message.event !== event) continue;
        failures = 0;
        const answer = JSON.parse(message.data) as T;
        const done = final(answer);
        if (!stopped) heard(answer);
        if (done) return stop();
      }
    } catch {
      if (controller.signal.aborted) return;
      failures++;
    }
    if (stopped || controller !== current) return;
    // Ended before the final status: again, later (and later still after each failure).
    timer = setTimeout(connect, Math.min(waitMs * 2 ** failures, MAX_WAIT_MS));
  };
  const shown = () => {
    if (document.visibilityState === 'visible') {
      failures = 0;
      void connect();
    }
  };
  // The network back (lost while the page stayed in view): at once too, not after the wait the
  // failures meanwhile started (up to 30 s).
  const online = () => {
    failures = 0;
    void connect();
  };
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    current?.abort();
    document.removeEventListener('visibilitychange', shown);
    removeEventListener('online', online);
  };
  document.addEventListener('visibilitychange', shown);
  addEventListener('online', online);
  void connect();
  return stop;
}

/** What a host follows: the payment `paymentId` of the order `order` (its client secret), through `server`. */
export interface Followed {
  readonly server: CompanionServer;
  readonly order: string;
  readonly paymentId: string;
}

/**
 * The live connection as a controller: after each update of its host it follows what `target`
 * names (a new payment, another connection; the same one, nothing new), and stops when the host
 * leaves the page (following again if it comes back). `stop()` ends it for the payment followed:
 * the same payment is not followed again until it changes.
 */
export class LivePayment implements ReactiveController {
  #key: string | undefined;
  #stop: (() => void) | undefined;

  constructor(
    host: ReactiveControllerHost,
    private readonly target: () => Followed | undefined,
    private readonly heard: (answer: PaymentStatusAnswer) => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.#follow();
  }

  hostUpdated(): void {
    this.#follow();
  }

  hostDisconnected(): void {
    this.stop();
    this.#key = undefined;
  }

  /** Stops following; the payment followed is not followed again. */
  stop(): void {
    this.#stop?.();
    this.#stop = undefined;
  }

  #follow(): void {
    const target = this.target();
    const key = target && `${target.server.endpoint}\n${target.order}\n${target.paymentId}`;
    if (key === this.#key) return;
    this.stop();
    this.#key = key;
    if (target)
      this.#stop = follow(target.server, target.order, target.paymentId, (answer) =>
        this.heard(answer),
      );
  }
}
