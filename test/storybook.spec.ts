/**
 * Storybook, as built by `npm run build-storybook` (storybook-static/): every story and
 * every docs page renders, and its play function reaches its state, with no console
 * error. Served by a bare static server, with nothing else running: the stories' sandbox
 * and companion server live in the page.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { consoleErrors } from './support/console.js';

const root = fileURLToPath(new URL('../storybook-static/', import.meta.url));
const index = JSON.parse(readFileSync(join(root, 'index.json'), 'utf8')) as { entries: Record<string, { id: string; title: string; name: string; type: 'story' | 'docs' }> };
const entries = Object.values(index.entries);

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.png': 'image/png' };

const test = base.extend<{ consoleErrors: string[] }, { storybook: string }>({
  storybook: [
    async ({}, use) => {
      const server: Server = createServer(async (req, res) => {
        const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
        try {
          const body = await readFile(join(root, path.endsWith('/') ? `${path}index.html` : path));
          res.writeHead(200, { 'Content-Type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
        } catch {
          res.writeHead(404).end();
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as { port: number };
      await use(`http://127.0.0.1:${port}`);
      server.close();
    },
    { scope: 'worker' },
  ],
  consoleErrors: [consoleErrors, { auto: true }],
});

test('the build has a story for every element and state the designers asked for', () => {
  const stories = entries.filter((e) => e.type === 'story');
  for (const title of ['Elements/Checkout', 'Elements/Card fields', 'Elements/Installments', 'Elements/Wallet select']) {
    expect(stories.filter((s) => s.title === title).length, title).toBeGreaterThan(2);
  }
  const names = stories.map((s) => `${s.title}/${s.name}`).join('\n');
  for (const state of ['Empty', 'Typing', 'Every field in error', 'Busy', 'Declined', '3-D Secure pending', 'Saved card', 'Dark', 'Custom theme', 'Right to left', 'American Express', 'interest-free', 'with interest']) {
    expect(names, state).toContain(state);
  }
  expect(entries.filter((e) => e.type === 'docs').map((e) => e.title)).toEqual(expect.arrayContaining(['Introduction', 'Elements/Checkout', 'Elements/Card fields']));
});

test('the toolbar offers every language the elements speak, and each element has a story per language group (left to right, right to left, CJK, Thai script)', async () => {
  const { locales } = await import('../packages/elements/src/i18n/locales.js');
  const preview = readFileSync(fileURLToPath(new URL('../.storybook/preview.ts', import.meta.url)), 'utf8');
  for (const locale of locales) expect(preview, locale).toContain(`{ value: '${locale}',`);
  const stories = entries.filter((e) => e.type === 'story');
  for (const title of ['Elements/Checkout', 'Elements/Card fields', 'Elements/Installments', 'Elements/Wallet select']) {
    const names = stories.filter((s) => s.title === title).map((s) => s.name);
    for (const group of [/Spanish|Portuguese|Español|Brazil|Argentina|Mexico/i, /Right to left|Arabic/i, /Chinese|zh-CN/i, /Thai/i]) expect(names.some((n) => group.test(n)), `${title}: ${group}`).toBe(true);
  }
  expect(stories.map((s) => `${s.title}/${s.name}`)).toEqual(expect.arrayContaining([expect.stringMatching(/^Elements\/Installments\/.*Argentina.*rates/i)]));
});

for (const entry of entries) {
  test(`${entry.type === 'docs' ? 'docs' : 'story'}: ${entry.title} / ${entry.name}`, async ({ page, storybook }) => {
    await page.goto(`${storybook}/iframe.html?id=${entry.id}&viewMode=${entry.type === 'docs' ? 'docs' : 'story'}`);
    const phase = await page.waitForFunction(
      () => {
        const render = (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }).__STORYBOOK_PREVIEW__?.currentRender;
        const phase = render?.phase;
        // Docs renders have no phase: they are done when the docs root has content.
        if (phase === undefined) return document.querySelector('#storybook-docs .sbdocs-content') ? 'docs' : false;
        return ['finished', 'completed', 'errored', 'aborted'].includes(phase) ? phase : false;
      },
      undefined,
      { timeout: 20_000 },
    );
    expect(await phase.jsonValue()).not.toMatch(/errored|aborted/);
    await expect(page.locator('.sb-show-errordisplay')).toHaveCount(0);
    // An element's docs page: its attributes, events, custom properties and parts, read from custom-elements.json.
    const documented: Record<string, string[]> = {
      'Elements/Checkout': ['endpoint', 'paylit-declined', '--paylit-button-background', 'button'],
      'Elements/Card fields': ['disabled', '--paylit-card-fields-gap', 'number-input'],
      'Elements/Installments': ['--paylit-installments-gap', 'total'],
      'Elements/Wallet select': ['--paylit-wallet-select-gap', 'logo'],
    };
    if (entry.type === 'docs' && documented[entry.title]) {
      const text = await page.locator('#storybook-docs').innerText();
      for (const name of documented[entry.title]!) expect(text, `${entry.title} documents ${name}`).toContain(name);
    }
    if (entry.type === 'story') {
      await expect(page.locator('#storybook-root paylit-checkout, #storybook-root paylit-card-fields, #storybook-root paylit-installments, #storybook-root paylit-wallet-select').first()).toBeAttached();
      const axe = await new AxeBuilder({ page }).include('#storybook-root').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  });
}
