/** axe on an end-to-end page, as the specs run it. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's violations on `page` (within `include` when given), one line each: rule and targets.
 * Run in the page itself (legacy mode): these pages have no cross-origin frame, and the
 * default mode opens a blank page for every run to check such frames, which took several
 * seconds a run on a loaded machine and pushed demo.spec's four runs past a test's timeout.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
