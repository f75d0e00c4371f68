/**
 * The ES modules' loaders (lazy.ts), handed in by their entries (`index.ts`, `paylit-*.ts`)
 * before the elements are defined: `import()`s, which the merchant's bundler splits into
 * chunks of its own, and the card frame's script as an asset beside the modules. The build
 * writes that script to `frame/` at the package's root and to `dist/frame/`, so that this one
 * path finds it from `src/internal/`, `dist/internal/` and `dist/development/internal/`.
 */
import type { Messages } from '../i18n/en.js';
import type { Locale } from '../i18n/locales.js';
import { provideLoaders, type Chunks } from './lazy.js';

const catalogs: Readonly<Record<Exclude<Locale, 'en'>, () => Promise<{ default: Messages }>>> = {
  es: () => import('../i18n/es.js'),
  'es-419': () => import('../i18n/es-419.js'),
  'pt-BR': () => import('../i18n/pt-BR.js'),
  fr: () => import('../i18n/fr.js'),
  tr: () => import('../i18n/tr.js'),
  id: () => import('../i18n/id.js'),
  ms: () => import('../i18n/ms.js'),
  vi: () => import('../i18n/vi.js'),
  th: () => import('../i18n/th.js'),
  'zh-CN': () => import('../i18n/zh-CN.js'),
  hi: () => import('../i18n/hi.js'),
  ar: () => import('../i18n/ar.js'),
};

const chunks: { readonly [K in keyof Chunks]: () => Promise<Chunks[K]> } = {
  marks: () => import('./marks.js'),
  crypto: () => import('./encryption.js'),
  installments: () => import('./installment-plans.js'),
  outcome: () => import('../components/paylit-checkout/paylit-checkout-outcome.styles.js'),
  isolation: () => import('./frame-host.js'),
  payment: () => import('../components/paylit-checkout/checkout-payment.js'),
  payer: () => import('../components/paylit-payer-fields/paylit-payer-fields.js'),
  pending: () => import('../components/paylit-checkout/pending-view.js'),
};

provideLoaders({
  chunk: (name) => chunks[name](),
  frameScript: () => new URL('../../frame/paylit.frame.js', import.meta.url).href,
  catalog: (locale) => catalogs[locale]().then((module) => module.default),
});
