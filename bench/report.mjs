/**
 * How every bench states a target: the figure, the baseline measured in the same run, the
 * ratio or limit asked for, and "met" or "NOT met", one line each, all in the same words.
 * `npm run bench -- --check` (bench/run.mjs) exits non-zero when a target is not met; without
 * it the bench only reports. `npm test` never runs the bench.
 */

/** @typedef {{ name: string, value: number, limit: number, unit: string, met: boolean, note?: string }} Target */

/** @type {Target[]} */
const targets = [];

/**
 * Prints `target: <name>: <value><unit> (<note>) <= <limit><unit>: met` (or NOT met) and keeps it
 * for the summary. Lower is better unless `higherIsBetter`.
 * @param {string} name
 * @param {number} value
 * @param {number} limit
 * @param {{ unit?: string, note?: string, higherIsBetter?: boolean, digits?: number }} [options]
 */
export function target(
  name,
  value,
  limit,
  { unit = '', note, higherIsBetter = false, digits = 2 } = {},
) {
  const met = higherIsBetter ? value >= limit : value <= limit;
  const show = (n) => (Number.isInteger(n) ? String(n) : n.toFixed(digits));
  targets.push({ name, value, limit, unit, met, note });
  console.log(
    `target: ${name}: ${show(value)}${unit}${note ? ` (${note})` : ''} ${higherIsBetter ? '>=' : '<='} ${show(limit)}${unit}: ${met ? 'met' : 'NOT met'}`,
  );
  return met;
}

/** At the end of a bench script: a count, and a non-zero exit under `--check` if any target is not met. */
export function finish() {
  const missed = targets.filter((t) => !t.met);
  console.log(
    `targets: ${targets.length - missed.length} of ${targets.length} met${missed.length ? `; NOT met: ${missed.map((t) => t.name).join(', ')}` : ''}`,
  );
  if (process.argv.includes('--check') && missed.length > 0) process.exitCode = 1;
}
