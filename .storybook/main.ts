// Storybook for designers: every element in every state, in each locale and theme.
//   npm run storybook        (dev server on http://127.0.0.1:6006, offline)
//   npm run build-storybook  (static site in storybook-static/)
// Written by hand (no `storybook init`); telemetry is off, so nothing is sent anywhere.
import type { StorybookConfig } from '@storybook/web-components-vite';
import { mergeConfig } from 'vite';
import base from '../vite.config.js';

const config: StorybookConfig = {
  framework: { name: '@storybook/web-components-vite', options: {} },
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.ts'],
  addons: ['@storybook/addon-docs'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // The preview frame names its icon, so browsers do not ask for a /favicon.ico that is not there.
  previewHead: (head) => `${head}<link rel="icon" href="./favicon.svg" />`,
  // Workspace packages resolve to their TypeScript sources, as in the demo and the tests.
  // The sandbox and the companion server run in the page (stories/support/backend.ts): the
  // Node modules they load only to listen or read a file stay out of the bundle, and that
  // in-page backend makes the preview larger than Vite's default warning size.
  viteFinal: async (config) =>
    mergeConfig(config, {
      resolve: base.resolve,
      logLevel: 'warn',
      build: {
        chunkSizeWarningLimit: 4096,
        rolldownOptions: { external: [/^node:/, '@hono/node-server'] },
      },
    }),
};
export default config;
