/**
 * The React wrapper (`@paylit/elements/react`) has one typed prop per event of each element,
 * as custom-elements.json lists them (the components' `@fires`): an event added to an
 * element's JSDoc and not to the wrapper fails here.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { reactEvents } from '../src/react-events.js';

const manifest = JSON.parse(
  readFileSync(fileURLToPath(new URL('../custom-elements.json', import.meta.url)), 'utf8'),
) as {
  modules: {
    declarations?: { tagName?: string; events?: { name?: string; description?: string }[] }[];
  }[];
};
const camel = (event: string) =>
  `on${event.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())}`;

test('each element of the manifest has a wrapper, with an on<Event> prop for each event its JSDoc names', () => {
  const fromManifest = Object.fromEntries(
    manifest.modules
      .flatMap((m) => m.declarations ?? [])
      .filter((d) => d.tagName)
      .map((d) => [
        d.tagName!,
        Object.fromEntries(
          (d.events ?? [])
            .filter((e) => e.name && e.description)
            .map((e) => [camel(e.name!), e.name!]),
        ),
      ]),
  );
  expect(Object.keys(fromManifest).sort()).toEqual([
    'paylit-card-fields',
    'paylit-checkout',
    'paylit-installments',
    'paylit-wallet-select',
  ]);
  expect(reactEvents).toEqual(fromManifest);
  expect(reactEvents['paylit-checkout'].onPaylitPaid).toBe('paylit-paid');
});
