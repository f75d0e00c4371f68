/**
 * Runs mocha-style suites (`describe`/`it`, as @web/test-runner gives them in the browser)
 * under Playwright Test in Node, so that one suite proves the same code in both places.
 * Import it before the suites.
 */
import { test } from '@playwright/test';

type Body = () => void | Promise<void>;
const g = globalThis as Record<string, unknown>;

g.describe = (name: string, body: () => void) => test.describe(name, body);
g.it = (name: string, body: Body) =>
  test(name, async () => {
    await body();
  });
g.before = (body: Body) =>
  test.beforeAll(async () => {
    await body();
  });
g.beforeEach = (body: Body) =>
  test.beforeEach(async () => {
    await body();
  });
