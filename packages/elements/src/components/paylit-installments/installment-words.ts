/**
 * The installments' words (`i18n/installments/installments-<locale>.ts`): English's in the
 * installments' rules' chunk (internal/installment-plans.ts, which re-exports these), each other
 * language a chunk of its own (`WordChunks`, i18n/word-chunks.ts), loaded with the rules for the
 * shopper's language. An order that takes no installments, and a checkout whose shopper never
 * chooses a plan, downloads none of them.
 */
import type { Locale } from '../../i18n/locales.js';
import {
  installmentsEn,
  type InstallmentMessages,
} from '../../i18n/installments/installments-en.js';
import { WordChunks, type WordLoaders } from '../../i18n/word-chunks.js';

export type { InstallmentMessages };

const loaders: WordLoaders<InstallmentMessages> = {
  es: () => import('../../i18n/installments/installments-es.js'),
  'es-419': () => import('../../i18n/installments/installments-es-419.js'),
  'pt-BR': () => import('../../i18n/installments/installments-pt-BR.js'),
  fr: () => import('../../i18n/installments/installments-fr.js'),
  tr: () => import('../../i18n/installments/installments-tr.js'),
  id: () => import('../../i18n/installments/installments-id.js'),
  ms: () => import('../../i18n/installments/installments-ms.js'),
  vi: () => import('../../i18n/installments/installments-vi.js'),
  th: () => import('../../i18n/installments/installments-th.js'),
  'zh-CN': () => import('../../i18n/installments/installments-zh-CN.js'),
  hi: () => import('../../i18n/installments/installments-hi.js'),
  ar: () => import('../../i18n/installments/installments-ar.js'),
};

const chunks = new WordChunks<InstallmentMessages>(installmentsEn, loaders);

/** The words of `locale` when loaded (English until then). */
export const installmentWords = (locale: Locale): InstallmentMessages => chunks.words(locale);

/** Loads the words of `locale`, once; undefined when they are here already. */
export const loadInstallmentWords = (locale: Locale): Promise<void> | undefined =>
  chunks.load(locale);
