/**
 * A shopper and a merchant's backend talking to `paylit-server` run as a child process
 * (packages/server/test/support/cli.ts), against a sandbox the spec runs.
 */
import { encryptCard } from '@paylit/core/crypto';
import type { Sandbox } from '@paylit/sandbox';
import { expect } from '@playwright/test';
import { apiEnv, startCli, type CliOptions } from '../../packages/server/test/support/cli.js';

export { freePort } from '../../packages/server/test/support/ports.js';

export const apiToken = 'attack-token-0123456789abcdef';

export interface CliServer {
  /** `http://127.0.0.1:<port>/paylit` */
  base: string;
  /** Everything it printed, stdout and stderr. */
  output(): string;
  /** Stops it with `signal` (default SIGTERM) and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** `paylit-server` against `sandbox` (served at `sandboxUrl`), with more environment (PAYLIT_REDIS_URL…); resolves once it is up. */
export async function startServer(
  sandbox: Sandbox,
  sandboxUrl: string,
  options: CliOptions & { env?: Record<string, string> } = {},
): Promise<CliServer> {
  const cli = await startCli({ ...apiEnv(sandbox, sandboxUrl, apiToken), ...options.env }, options);
  return { base: `${cli.url}/paylit`, output: cli.output, stop: cli.stop };
}

export interface Answer {
  status: number;
  body: any;
}

async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}

/** The merchant's backend making (or making again, after a restart) an order; answers what the page is given for it. */
export async function postOrder(base: string, order: Record<string, unknown>): Promise<string> {
  const answer = await call(`${base}/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(order),
  });
  expect([201, 200]).toContain(answer.status);
  return (answer.body.clientSecret as string | undefined) ?? (order.id as string);
}

/** What the browser does: the page's origin on a same-origin request, no Origin header. */
export function browser(base: string, path: string, body?: unknown): Promise<Answer> {
  return call(
    `${base}${path}`,
    body === undefined
      ? {}
      : {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        },
  );
}

/** A card payment submitted as `<paylit-checkout>` does, with a new attempt id. */
export async function payByCard(base: string, orderRef: string): Promise<Answer> {
  const view = await browser(base, `/checkout?order=${encodeURIComponent(orderRef)}`);
  expect(view.status, JSON.stringify(view.body)).toBe(200);
  const encryptedData = await encryptCard(
    { number: '4111111111111111', cvv: '123' },
    view.body.publicKey,
  );
  return browser(base, '/payments', {
    order: orderRef,
    attempt: crypto.randomUUID(),
    method: {
      type: 'card',
      encryptedData,
      holderName: 'Thiago Gabriel',
      expirationMonth: 10,
      expirationYear: 2040,
    },
  });
}
