/** A Playwright fixture: one sandbox over HTTP per worker, with a signing client and a notification receiver. */
import { test as base } from '@playwright/test';
import {
  createSandbox,
  type RunningSandbox,
  type Sandbox,
  type SandboxOptions,
} from '@paylit/sandbox';
import { SandboxClient } from './client.js';
import { Receiver } from './receiver.js';

export interface SandboxFixture {
  sandbox: Sandbox;
  running: RunningSandbox;
  api: SandboxClient;
  receiver: Receiver;
}

/** Errors the sandbox did not expect (it answered 500 / 7000 for them); specs assert there are none. */
export const unexpected: unknown[] = [];

/** Sandbox options the specs use: quick settling, retries measured in milliseconds. */
export const fastOptions: SandboxOptions = {
  settleDelayMs: 50,
  notificationTimeFactor: 1 / 3_600_000,
  onError: (e) => void unexpected.push(e),
};

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxFixture> {
  const sandbox = await createSandbox({ ...fastOptions, ...options });
  const running = await sandbox.listen();
  const receiver = await new Receiver().start();
  return {
    sandbox,
    running,
    api: new SandboxClient(running.url, sandbox.credentials, () => sandbox.clock.now()),
    receiver,
  };
}

export async function stopSandbox(f: SandboxFixture): Promise<void> {
  await f.sandbox.close();
  await f.receiver.stop();
}

/** Runs `body` on a sandbox of its own, e.g. one whose refunds stay pending while a spec forces them. */
export async function withSandbox(
  options: SandboxOptions,
  body: (f: SandboxFixture) => Promise<void>,
): Promise<void> {
  const f = await startSandbox(options);
  try {
    await body(f);
  } finally {
    await stopSandbox(f);
  }
}

/** Refunds that stay pending for a minute: the shared sandbox settles them after 50 ms, which a loaded
 * machine can take between a refund and the next request (forcing it then answered 5002). */
export const slowRefunds: SandboxOptions = { settleDelayMs: 60_000 };

export const test = base.extend<{}, { sbx: SandboxFixture }>({
  sbx: [
    async ({}, use) => {
      const f = await startSandbox();
      await use(f);
      await stopSandbox(f);
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
