/**
 * End-to-end fixtures: the demo shop (`demo/server.mjs`, built pages, embedded sandbox)
 * started once per Playwright worker on a free port, and what a shopper does on its pages.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { consoleErrors } from './console.js';

export interface Demo {
  url: string;
  sandbox: string;
}

export type Kind = 'plain' | 'react' | 'vue';
export const kinds: readonly Kind[] = ['plain', 'react', 'vue'];

export const test = base.extend<{ consoleErrors: string[] }, { demo: Demo }>({
  demo: [
    async ({}, use) => {
      const child: ChildProcess = fork(fileURLToPath(new URL('../../demo/server.mjs', import.meta.url)), [], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
      const demo = await new Promise<Demo>((resolve, reject) => {
        child.once('message', (m) => resolve(m as Demo));
        child.once('exit', (code) => reject(new Error(`the demo server exited with ${code}: is demo/dist built (npm run demo:build)?`)));
      });
      await use(demo);
      child.kill();
    },
    { scope: 'worker' },
  ],
  // Every page of every test: no console error, no CSP or Trusted Types violation.
  consoleErrors: [consoleErrors, { auto: true }],
});
export { expect };

/** Opens a checkout page for a scenario and waits until it can pay. */
export async function openCheckout(page: Page, demo: Demo, kind: Kind, scenario: string, extra = ''): Promise<string> {
  await page.goto(`${demo.url}/${kind}.html?scenario=${scenario}${extra}`);
  await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
  return (await page.locator('paylit-checkout').getAttribute('order'))!;
}

export const payButton = (page: Page) => page.locator('paylit-checkout button[part=button]');
export const log = (page: Page) => page.locator('#log li');

export async function typeCard(page: Page, card: { number?: string; expiry?: string; cvv?: string; holder?: string } = {}): Promise<void> {
  const { number = '4111111111111111', expiry = '12/30', cvv = '123', holder = 'Ana Lima' } = card;
  await page.locator('paylit-card-fields #number').pressSequentially(number);
  await page.locator('paylit-card-fields #expiry').pressSequentially(expiry.replace('/', ''));
  await page.locator('paylit-card-fields #cvv').fill(cvv);
  await page.locator('paylit-card-fields #holder').fill(holder);
}

/** The sandbox's ledger entries of one merchant order (each attempt is `<order>.<attempt>`). */
export async function ledger(demo: Demo, orderId: string): Promise<{ order_id: string; money_moved: boolean; kind?: string; amount?: number }[]> {
  const all = (await (await fetch(`${demo.sandbox}/sandbox-tools/ledger`)).json()) as { entries: { order_id: string; money_moved: boolean }[] };
  return all.entries.filter((e) => e.order_id?.startsWith(`${orderId}.`));
}
