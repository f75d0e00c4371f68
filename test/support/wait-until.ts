/**
 * open-wc's `waitUntil` for the browser tests, its default timeout a quiet machine's second
 * through scaled() (test/support/time.mjs), as every timeout of the suite: open-wc's own default
 * is a raw 1000 ms, which a loaded machine's chunk or answer can outlast.
 */
import * as openWc from '@open-wc/testing';
import { scaled } from './time.mjs';

export function waitUntil(
  predicate: () => unknown | Promise<unknown>,
  message?: string,
  options: { interval?: number; timeout?: number } = {},
): Promise<void> {
  return openWc.waitUntil(predicate, message, {
    ...options,
    timeout: options.timeout ?? scaled(1_000),
  });
}
