/**
 * A Playwright fixture for every page of a test: it collects console errors and page
 * errors (CSP and Trusted Types violations log as errors too) and fails the test on any.
 * Use it as `consoleErrors: [consoleErrors, { auto: true }]`.
 */
import { expect, type Page } from '@playwright/test';

export async function consoleErrors(
  { page }: { page: Page },
  use: (errors: string[]) => Promise<void>,
): Promise<void> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await use(errors);
  expect(errors, 'console errors').toEqual([]);
}
