/**
 * The merchant's hooks (`payers.onChange`, `onSubscription`) hear a change after it is stored.
 * A hook that throws is logged and the change stands; one that does not return in time (a
 * webhook call without a time limit, a database lock) is not waited for past `waitMs`: the
 * payer's request is answered and a run goes on, `onError` hears a `HookTimeoutError`, and the
 * hook runs on (a late failure of it is logged too).
 */
import { PaylitError } from '@paylit/core/errors';

/** How long a request or a run waits for a merchant's hook by default. */
export const DEFAULT_HOOK_WAIT_MS = 5_000;

/** A merchant's hook still running after the time the change waits for it. */
export class HookTimeoutError extends PaylitError<'hook_timeout'> {
  override name = 'HookTimeoutError';
  /** The hook, as its option is named: `payers.onChange`, `onSubscription`. */
  readonly hook: string;
  constructor(hook: string, waitMs: number) {
    super(
      'hook_timeout',
      `paylit: ${hook} had not returned after ${waitMs} ms; the change is stored and the payer or the run was not held longer (the hook runs on: give its own calls a time limit, or raise hookWaitMs)`,
      { kind: 'server' },
    );
    this.hook = hook;
  }
}

/** Runs `hook()`, waiting for it at most `waitMs`; whatever goes wrong goes to `onError`. */
export async function callHook(
  name: string,
  hook: () => void | Promise<void>,
  waitMs: number,
  onError: (error: unknown) => void,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const running = Promise.resolve()
      .then(hook)
      .catch((error: unknown) => onError(error));
    await Promise.race([
      running,
      new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          onError(new HookTimeoutError(name, waitMs));
          resolve();
        }, waitMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
