/**
 * The run's card key for the sandboxes the specs start (issue 39). A sandbox given no key
 * generates a 2048-bit RSA pair, about 0.15 s of CPU (0.005 s to read one from a file), and many
 * tests start a sandbox of their own: CPU spent on keys no test compares (measured on a whole run,
 * about 20 s of its 1,400 s of CPU: small, and within that run's noise). Playwright's global setup (test/support/global-setup.ts) generates one
 * per run and names its PKCS#8 PEM file in PAYLIT_TEST_KEY_FILE; the specs' sandboxes read it as
 * their `keyFile` (as `paylit-sandbox --key-file` reads one). The PEM names no key id, so each
 * sandbox still draws a `kid` of its own, and keeps its own state, credentials and clock: only the
 * key's bits are shared. A spec that needs a key of its own passes its own `keyFile`; under
 * another runner (no PAYLIT_TEST_KEY_FILE), each sandbox generates its key as before.
 */
export function runKeyOption(): { keyFile?: string } {
  const keyFile = process.env.PAYLIT_TEST_KEY_FILE;
  return keyFile ? { keyFile } : {};
}
