/**
 * How a catalog other than English is loaded: as its own module, when first needed. The ES
 * modules keep these `import()`s for the merchant's bundler to split; the script-tag build
 * replaces this file with importers.chunks.ts (packages/elements/vite.config.ts).
 */
import type { Locale, Messages } from './index.js';

type Importer = () => Promise<{ default: Messages }>;

export const importers: Readonly<Record<Exclude<Locale, 'en'>, Importer>> = {
  es: () => import('./es.js'),
  'es-419': () => import('./es-419.js'),
  'pt-BR': () => import('./pt-BR.js'),
  fr: () => import('./fr.js'),
  tr: () => import('./tr.js'),
  id: () => import('./id.js'),
  ms: () => import('./ms.js'),
  vi: () => import('./vi.js'),
  th: () => import('./th.js'),
  'zh-CN': () => import('./zh-CN.js'),
  hi: () => import('./hi.js'),
  ar: () => import('./ar.js'),
};
