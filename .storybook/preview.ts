// Every story renders in a frame with the locale, direction and theme of the toolbar
// (or of the story's own `globals`). Controls and docs come from custom-elements.json,
// which the elements' JSDoc generates (`npm run manifest`).
import { setCustomElementsManifest, type Preview } from '@storybook/web-components-vite';
import { html } from 'lit';
import manifest from '../packages/elements/custom-elements.json';
import '@paylit/elements';
import './preview.css';

setCustomElementsManifest(manifest);

/** Right-to-left languages the direction follows. */
const RTL = new Set(['ar', 'he', 'fa']);

const preview: Preview = {
  tags: ['autodocs'],
  globalTypes: {
    locale: {
      description: 'The language the elements inherit from the page',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        // Every language the elements speak (packages/elements/src/i18n/locales.ts), and the
        // regional tags that resolve to Latin American Spanish.
        items: [
          { value: 'en', title: 'English (en)' },
          { value: 'es', title: 'Español (es)' },
          { value: 'es-419', title: 'Español latinoamericano (es-419)' },
          { value: 'es-AR', title: 'Español de Argentina (es-AR → es-419)' },
          { value: 'es-MX', title: 'Español de México (es-MX → es-419)' },
          { value: 'es-CO', title: 'Español de Colombia (es-CO → es-419)' },
          { value: 'es-CL', title: 'Español de Chile (es-CL → es-419)' },
          { value: 'es-PE', title: 'Español del Perú (es-PE → es-419)' },
          { value: 'pt-BR', title: 'Português do Brasil (pt-BR)' },
          { value: 'fr', title: 'Français (fr)' },
          { value: 'tr', title: 'Türkçe (tr)' },
          { value: 'id', title: 'Bahasa Indonesia (id)' },
          { value: 'ms', title: 'Bahasa Melayu (ms)' },
          { value: 'vi', title: 'Tiếng Việt (vi)' },
          { value: 'th', title: 'ไทย (th)' },
          { value: 'zh-CN', title: '简体中文 (zh-CN)' },
          { value: 'hi', title: 'हिन्दी (hi)' },
          { value: 'ar', title: 'العربية (ar), right to left' },
        ],
        dynamicTitle: true,
      },
    },
    theme: {
      description: "Light, dark, or a merchant's brand through the --paylit-* tokens",
      toolbar: {
        title: 'Theme',
        icon: 'paintbrush',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
          { value: 'custom', title: "Custom (a merchant's tokens)" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en', theme: 'light' },
  decorators: [
    (story, { globals }) => {
      const locale = String(globals.locale ?? 'en');
      return html`<div class="paylit-story" lang=${locale} dir=${RTL.has(locale.split('-')[0]!) ? 'rtl' : 'ltr'} data-theme=${String(globals.theme ?? 'light')}>${story()}</div>`;
    },
  ],
  parameters: {
    controls: { expanded: true },
    layout: 'fullscreen',
  },
};
export default preview;
