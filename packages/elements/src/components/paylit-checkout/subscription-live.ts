/**
 * A mandate's status live (`GET /subscriptions/events?order=`, Server-Sent Events), read with the
 * checkout's `fetch` as a pending payment's is (`live-payment.ts`): each `subscription` event is
 * handed over as the server sent it, until a final status; the connection is opened again when
 * the server ends it first (after its `retry` hint), after a failure (waiting longer each time,
 * up to 30 s), and at once when the page is shown again (the payer back from their bank's app).
 */
import type { SubscriptionAnswer } from '@paylit/core/checkout';
import { serverSentEvents } from '../paylit-pending/live-payment.js';
import { serverUrl, type CompanionServer } from './checkout-client.js';

const MAX_WAIT_MS = 30_000;

/** Follows the subscription of the order `order` (its client secret) until a final status or the answered function is called. */
export function followSubscription(
  server: CompanionServer,
  order: string,
  heard: (answer: SubscriptionAnswer) => void,
): () => void {
  let stopped = false;
  let current: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waitMs = 2000;
  let failures = 0;
  const url = serverUrl(server, `/subscriptions/events?order=${encodeURIComponent(order)}`);
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
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429)
        return stop();
      if (!res.ok || !res.body) throw new Error(`the live connection answered ${res.status}`);
      for await (const message of serverSentEvents(res.body)) {
        if (message.retry !== undefined) waitMs = message.retry;
        if (message.event !== 'subscription') continue;
        failures = 0;
        const answer = JSON.parse(message.data) as SubscriptionAnswer;
        if (!stopped) heard(answer);
        if (answer.subscription.status !== 'PENDING') return stop();
      }
    } catch {
      if (controller.signal.aborted) return;
      failures++;
    }
    if (stopped || controller !== current) return;
    timer = setTimeout(connect, Math.min(waitMs * 2 ** failures, MAX_WAIT_MS));
  };
  const shown = () => {
    if (document.visibilityState === 'visible') {
      failures = 0;
      void connect();
    }
  };
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    current?.abort();
    document.removeEventListener('visibilitychange', shown);
  };
  document.addEventListener('visibilitychange', shown);
  void connect();
  return stop;
}
