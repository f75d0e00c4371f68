/**
 * Dev-mode warnings, after Lit's `issueWarning`: a misuse a merchant can fix is explained
 * once per page, on the console, with a link to the README section that fixes it.
 *
 * `DEV` is true when the sources run as they are (the demo, Storybook, tests, a merchant's
 * bundler on the `source` condition). The published builds set `__PAYLIT_DEV__` to `false`
 * (packages/elements/vite.config.ts), which folds every `if (DEV)` branch away: the
 * script-tag file and the ES modules carry none of the warnings' text
 * (packages/elements/test/bundle.spec.ts greps for it).
 */
declare const __PAYLIT_DEV__: boolean | undefined;

export const DEV: boolean = typeof __PAYLIT_DEV__ === 'undefined' || __PAYLIT_DEV__;

/** Where each warning's fix is explained: a heading of the repository's README. */
export const README = 'https://github.com/paylit/paylit#';

/** Shared by every copy of the elements on the page, as Lit shares `litIssuedWarnings`. */
const g = globalThis as { paylitIssuedWarnings?: Set<string> };

/** Prints `message` once per `key` for the page, followed by the README link for `anchor`. */
export function issueWarning(key: string, message: string, anchor: string): void {
  const warned = (g.paylitIssuedWarnings ??= new Set());
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(`paylit: ${message}\nSee ${README}${anchor}`);
}

/** Prints `message` once per `key` for the page with `console.info`: what a developer may want to know, not a misuse. */
export function issueNote(key: string, message: string): void {
  const told = (g.paylitIssuedWarnings ??= new Set());
  if (told.has(key)) return;
  told.add(key);
  console.info(`paylit: ${message}`);
}
