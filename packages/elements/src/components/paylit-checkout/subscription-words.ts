/**
 * The sign-up's words (`i18n/subscription/subscription-<locale>.ts`), loaded by its chunk alone
 * (`WordChunks`, i18n/word-chunks.ts): no checkout of a one-time order downloads them.
 */
import type { Locale } from '../../i18n/locales.js';
import type { SubscriptionMessages } from '../../i18n/subscription/subscription-en.js';
import en from '../../i18n/subscription/subscription-en.js';
import { WordChunks, type WordLoaders } from '../../i18n/word-chunks.js';

export type { SubscriptionMessages };

const loaders: WordLoaders<SubscriptionMessages> = {
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

const chunks = new WordChunks<SubscriptionMessages>(en, loaders);

/** The words of `locale` when loaded (English until then). */
export const subscriptionWords = (locale: Locale): SubscriptionMessages => chunks.words(locale);

/** Loads the words of `locale`, once; undefined when they are here already. */
export const loadSubscriptionWords = (locale: Locale): Promise<void> | undefined =>
  chunks.load(locale);
