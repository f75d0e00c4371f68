/**
 * The lazy parts as `import()`s, one list for both entries that load them from a code-split build:
 * the ES modules (`module-loaders.ts`, split again by the merchant's bundler) and the script-tag
 * file (`script-loaders.ts`, split by our own build into `paylit.<name>.js` beside it). The
 * card frame hands in its own (`frame/frame-loaders.ts`).
 */
import type { Messages } from '../i18n/en.js';
import type { Locale } from '../i18n/locales.js';
import type { Chunks } from './lazy.js';

export const chunks: { readonly [K in keyof Chunks]: () => Promise<Chunks[K]> } = {
  marks: () => import('./marks.js'),
  methodMarks: () => import('./method-marks.js'),
  crypto: () => import('./encryption.js'),
  installments: () => import('./installment-plans.js'),
  installmentsPicker: () => import('../components/paylit-installments/paylit-installments.js'),
  walletPicker: () => import('../components/paylit-wallet-select/paylit-wallet-select.js'),
  isolation: () => import('./frame-host.js'),
  frameBox: () => import('../components/paylit-card-fields/frame-box.js'),
  payment: () => import('../components/paylit-checkout/checkout-payment.js'),
  loadFailure: () => import('../components/paylit-checkout/checkout-load-failure.js'),
  payer: () => import('../components/paylit-payer-fields/paylit-payer-fields.js'),
  pending: () => import('../components/paylit-pending/paylit-pending.js'),
  subscription: () => import('../components/paylit-checkout/subscription-signup.js'),
  challenge: () => import('../components/paylit-challenge-dialog/paylit-challenge-dialog.js'),
  savedMethods: () => import('../components/paylit-saved-methods/paylit-saved-methods.js'),
};

export const catalogs: Readonly<
  Record<Exclude<Locale, 'en'>, () => Promise<{ default: Messages }>>
> = {
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
