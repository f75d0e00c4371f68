/**
 * The payer's details' words (`i18n/payer/payer-<locale>.ts`), loaded by
 * `<paylit-payer-fields>`'s chunk alone (`WordChunks`, i18n/word-chunks.ts): a checkout whose
 * order lacks nothing of the payer (most card orders, a Pix with the payer's CPF) downloads
 * none of them.
 */
import type { Locale } from '../../i18n/locales.js';
import type { PayerMessages } from '../../i18n/payer/payer-en.js';
import { WordChunks, type WordLoaders } from '../../i18n/word-chunks.js';

export type { PayerMessages };

const loaders: WordLoaders<PayerMessages> = {
  es: () => import('../../i18n/payer/payer-es.js'),
  'es-419': () => import('../../i18n/payer/payer-es-419.js'),
  'pt-BR': () => import('../../i18n/payer/payer-pt-BR.js'),
  fr: () => import('../../i18n/payer/payer-fr.js'),
  tr: () => import('../../i18n/payer/payer-tr.js'),
  id: () => import('../../i18n/payer/payer-id.js'),
  ms: () => import('../../i18n/payer/payer-ms.js'),
  vi: () => import('../../i18n/payer/payer-vi.js'),
  th: () => import('../../i18n/payer/payer-th.js'),
  'zh-CN': () => import('../../i18n/payer/payer-zh-CN.js'),
  hi: () => import('../../i18n/payer/payer-hi.js'),
  ar: () => import('../../i18n/payer/payer-ar.js'),
};

// English a chunk too: a shopper of another language does not download it.
const chunks = new WordChunks<PayerMessages>(() => import('../../i18n/payer/payer-en.js'), loaders);

/** The words of `locale` when loaded (English until then). */
export const payerWords = (locale: Locale): PayerMessages => chunks.words(locale);

/** Loads the words of `locale`, once; undefined when they are here already. */
export const loadPayerWords = (locale: Locale): Promise<void> | undefined => chunks.load(locale);
