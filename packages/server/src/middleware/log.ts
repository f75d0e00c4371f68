/** What goes into a log line from a request: one line, no control byte, whatever was sent. */

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators (which some log
// viewers break lines at).
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * `value` with every control byte written visibly, percent-encoded as in a URL (`\r\n` →
 * `%0D%0A`), so a client cannot start a line of its own in the log.
 */
export function escapeLog(value: string): string {
  return value.replace(UNSAFE, encodeURIComponent);
}

/**
 * What the merchant should change in the set-up, handed to `onError` though nothing failed
 * (a page on an origin not in `allowedOrigins`): written as one line, with no stack trace.
 */
export class SetupWarning extends Error {
  override name = 'SetupWarning';
}
