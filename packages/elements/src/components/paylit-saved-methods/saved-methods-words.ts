/**
 * A returning payer's saved methods' words (`i18n/saved-methods/saved-methods-<locale>.ts`),
 * loaded by `<paylit-saved-methods>`'s chunk alone (`WordChunks`, i18n/word-chunks.ts): a
 * checkout without a payer session downloads none of them.
 */
import type { Locale } from '../../i18n/locales.js';
import en, { type SavedMethodsMessages } from '../../i18n/saved-methods/saved-methods-en.js';
import { WordChunks, type WordLoaders } from '../../i18n/word-chunks.js';

export type { SavedMethodsMessages };

const loaders: WordLoaders<SavedMethodsMessages> = {
  es: () => import('../../i18n/saved-methods/saved-methods-es.js'),
  'es-419': () => import('../../i18n/saved-methods/saved-methods-es-419.js'),
  'pt-BR': () => import('../../i18n/saved-methods/saved-methods-pt-BR.js'),
  fr: () => import('../../i18n/saved-methods/saved-methods-fr.js'),
  tr: () => import('../../i18n/saved-methods/saved-methods-tr.js'),
  id: () => import('../../i18n/saved-methods/saved-methods-id.js'),
  ms: () => import('../../i18n/saved-methods/saved-methods-ms.js'),
  vi: () => import('../../i18n/saved-methods/saved-methods-vi.js'),
  th: () => import('../../i18n/saved-methods/saved-methods-th.js'),
  'zh-CN': () => import('../../i18n/saved-methods/saved-methods-zh-CN.js'),
  hi: () => import('../../i18n/saved-methods/saved-methods-hi.js'),
  ar: () => import('../../i18n/saved-methods/saved-methods-ar.js'),
};

const chunks = new WordChunks<SavedMethodsMessages>(en, loaders);

/** The words of `locale` when loaded (English until then). */
export const savedMethodsWords = (locale: Locale): SavedMethodsMessages => chunks.words(locale);

/** Loads the words of `locale`, once; undefined when they are here already. */
export const loadSavedMethodsWords = (locale: Locale): Promise<void> | undefined =>
  chunks.load(locale);
