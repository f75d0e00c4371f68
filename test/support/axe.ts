/** axe on an end-to-end page, as the specs run it. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Frame, Page } from '@playwright/test';

/**
 * axe's script as the runs below give it to a page: the axe-core that @axe-core/playwright
 * depends on, minified, and evaluated only where that axe is not already (AxeBuilder evaluates
 * its script in the page and again in every frame at each run: the 1.5 MB readable build, parsed
 * twice or more a run, was half of storybook.spec's time, whose stories share one page).
 */
const axeCore = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const { version } = axeCore('axe-core/package.json') as { version: string };
const axeSource = `if (typeof window.axe === 'undefined' || window.axe.version !== ${JSON.stringify(version)}) {\n${readFileSync(axeCore.resolve('axe-core/axe.min.js'), 'utf8')}\n}`;

/**
 * axe's violations on `page` (within `include` when given), one line each: rule and targets.
 * Run in the page itself (legacy mode): these pages have no cross-origin frame, and the
 * default mode opens a blank page for every run to check such frames, which took several
 * seconds a run on a loaded machine and pushed demo.spec's four runs past a test's timeout.
 * Only violations are collected in full (axe lists one node of each passing rule instead of
 * every one: less work in the page, the same violations).
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // AxeBuilder sends its script (0.55 MB) to the page and to each frame at every run, where the
  // guard above then skips it: sent and parsed for nothing on a page checked before (a story's
  // shared page, a checkout checked at each step). Sent here once, where this axe is missing;
  // AxeBuilder's own sends are then an empty statement. The same builder, mode and options.
  const present = (frame: Frame) =>
    frame
      .evaluate(
        `typeof window.axe !== 'undefined' && window.axe.version === ${JSON.stringify(version)}`,
      )
      .catch(() => false);
  if (!(await present(page.mainFrame()))) await page.evaluate(axeSource);
  const everywhere = (await Promise.all(page.frames().map(present))).every(Boolean);
  const builder = new AxeBuilder({ page, axeSource: everywhere ? ';' : axeSource })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * axe on a page whose card fields are in frame isolation. The card frame's origin is opaque, so
 * axe runs in every frame (axe.runPartial() there, axe.finishRun() in a blank page: not legacy
 * mode, which leaves cross-origin frames out). The card frame is a part of the page, not a page:
 * the rules of a whole page (a main landmark, a first-level heading, all content in landmarks)
 * are the merchant's page's to answer, not the frame's, and are not checked in it.
 *
 * @axe-core/playwright gives axe's script one second to load in a frame and leaves out, silently,
 * a frame where it took longer (a busy machine passes that second): axe runs again then, up to
 * twice, and the answer says whether it reached inside the card frame.
 */
export async function axeWithCardFrame(
  page: Page,
  include?: string,
): Promise<{ violations: string[]; inCardFrame: boolean }> {
  const run = () => {
    const builder = new AxeBuilder({ page, axeSource }).disableRules([
      'landmark-one-main',
      'page-has-heading-one',
      'region',
    ]);
    return (include ? builder.include(include) : builder).analyze();
  };
  // A node's target has one selector per frame: a target of two is in the card frame.
  const inCardFrame = (results: Awaited<ReturnType<typeof run>>) =>
    results.passes.some((rule) => rule.nodes.some((node) => node.target.length > 1));
  let results = await run();
  for (let attempt = 2; !inCardFrame(results) && attempt <= 3; attempt++) results = await run();
  return {
    violations: results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
    inCardFrame: inCardFrame(results),
  };
}
