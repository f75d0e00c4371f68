// How long a test may wait: one rule for the whole suite (issue 39).
//
// Every timeout of the suite (Playwright's per test and per assertion, web-test-runner's per
// test, each spec's test.setTimeout and each `{ timeout }` on a wait) is written as the work's
// own budget on a quiet machine, passed through `scaled()`. The machine sets the factor, not the
// spec: a spec names what its work takes, and a loaded machine gives it more time in proportion.
//
// The factor: PAYLIT_TEST_TIME_SCALE if set (a positive number, e.g. 1 to see how a quiet
// budget holds, or 6 under a heavy load), else QUIET_CORES / cores, never under 1. `npm test`
// keeps each core busy many times over (Playwright's workers, one more than the cores, each with
// its Chromium, sandbox and servers, beside web-test-runner's Chromium and the type checks), and
// CI's machine has 2 cores and meets two suites side by side: its work runs about three times
// slower than on a machine of 6 cores or more, where each worker's work has a core of its own.
// So a 2-core machine gets 3, 4 cores 1.5, and 6 or more 1.
//
// In Node the cores are `os.availableParallelism()`; in a browser test (web-test-runner) the
// factor is the one the runner's config computed in Node, handed to the page as
// `globalThis.PAYLIT_TEST_TIME_SCALE` (web-test-runner.config.mjs), so both runners use the same.

/** A machine of this many cores or more runs each worker's work as fast as a quiet one. */
export const QUIET_CORES = 6;

/**
 * The factor for a machine of `cores` cores, or the one `override` names (the value of
 * PAYLIT_TEST_TIME_SCALE). A bad override is an error that names it, not a silent 1.
 * @param {{ cores: number, override?: string | number | undefined }} machine
 * @returns {number}
 */
export function timeScaleFor({ cores, override }) {
  if (override !== undefined && override !== '') {
    const factor = Number(override);
    if (!Number.isFinite(factor) || factor <= 0)
      throw new Error(
        `PAYLIT_TEST_TIME_SCALE must be a positive number (e.g. 1, 1.5, 3), not ${JSON.stringify(override)}`,
      );
    return factor;
  }
  if (!Number.isFinite(cores) || cores < 1) return QUIET_CORES;
  return Math.max(1, QUIET_CORES / cores);
}

function machine() {
  const node = globalThis.process;
  const os = node?.getBuiltinModule?.('node:os');
  if (os) return { cores: os.availableParallelism(), override: node.env.PAYLIT_TEST_TIME_SCALE };
  // A browser page: the runner's factor, else the page's own count of cores.
  return {
    cores: globalThis.navigator?.hardwareConcurrency ?? 1,
    override: globalThis.PAYLIT_TEST_TIME_SCALE,
  };
}

/** This machine's factor. */
export const timeScale = timeScaleFor(machine());

/**
 * A quiet machine's budget for some work, in ms, as long as this machine needs for it.
 * @param {number} quietMs
 * @returns {number}
 */
export function scaled(quietMs) {
  if (!Number.isFinite(quietMs) || quietMs <= 0)
    throw new Error(`scaled() takes a quiet machine's budget in ms, not ${quietMs}`);
  return Math.round(quietMs * timeScale);
}

/** How the factor was found, for a runner to print once. */
export function describeTimeScale() {
  const { cores, override } = machine();
  return override !== undefined && override !== ''
    ? `timeouts ×${timeScale} (PAYLIT_TEST_TIME_SCALE)`
    : `timeouts ×${Number(timeScale.toFixed(2))} (${cores} cores; PAYLIT_TEST_TIME_SCALE to change)`;
}
