/**
 * The sign-up's words (`i18n/subscription/subscription-<locale>.ts`), loaded by its chunk alone:
 * each language its own small chunk, asked for once, the first time a sign-up speaks it, so that
 * no checkout of a one-time order downloads them. English stands in for a language whose words
 * cannot be loaded.
 */
import type { Locale } from '../../i18n/locales.js';
import type { SubscriptionMessages } from '../../i18n/subscription/subscription-en.js';
import en from '../../i18n/subscription/subscription-en.js';

export type { SubscriptionMessages };

const loaders: Readonly<
  Record<Exclude<Locale, 'en'>, () => Promise<{ default: SubscriptionMessages }>>
> = {
  es: () => import('../../i18n/subscription/subscription-es.js'),
  'es-419': () => import('../../i18n/subscription/subscription-es-419.js'),
  'pt-BR': () => import('../../i18n/subscription/subscription-pt-BR.js'),
  fr: () => import('../../i18n/subscription/subscription-fr.js'),
  tr: () => import('../../i18n/subscription/subscription-tr.js'),
  id: () => import('../../i18n/subscription/subscription-id.js'),
  ms: () => import('../../i18n/subscription/subscription-ms.js'),
  vi: () => import('../../i18n/subscription/subscription-vi.js'),
  th: () => import('../../i18n/subscription/subscription-th.js'),
  'zh-CN': () => import('../../i18n/subscription/subscription-zh-CN.js'),
  hi: () => import('../../i18n/subscription/subscription-hi.js'),
  ar: () => import('../../i18n/subscription/subscription-ar.js'),
};

const loaded = new Map<Locale, SubscriptionMessages>([['en', en]]);
const loading = new Map<Locale, Promise<void>>();

/** The words of `locale` when loaded (English until then). */
export function subscriptionWords(locale: Locale): SubscriptionMessages {
  return loaded.get(locale) ?? en;
}

/** Loads the words of `locale`, once; undefined when they are here already. */
export function loadSubscriptionWords(locale: Locale): Promise<void> | undefined {
  if (loaded.has(locale)) return undefined;
  let pending = loading.get(locale);
  if (!pending) {
    pending = loaders[locale as Exclude<Locale, 'en'>]()
      .then((module) => void loaded.set(locale, module.default))
      .catch(() => {
        // English stands in; asked again next time.
        loading.delete(locale);
      });
    loading.set(locale, pending);
  }
  return pending;
}
