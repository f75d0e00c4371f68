/**
 * Every language the elements speak, by BCP 47 tag, which of them are written right to left,
 * and how a `lang` finds its catalog (`resolveLocale`): plain data and one function, for the
 * chunks too.
 */
export const locales = [
  'en',
  'es',
  'es-419',
  'pt-BR',
  'fr',
  'tr',
  'id',
  'ms',
  'vi',
  'th',
  'zh-CN',
  'hi',
  'ar',
] as const;
export type Locale = (typeof locales)[number];
export const rightToLeft: ReadonlySet<Locale> = new Set(['ar']);

/** Regions of the Americas, whose Spanish is es-419. */
const americas = new Set([
  '419',
  'AR',
  'BO',
  'CL',
  'CO',
  'CR',
  'CU',
  'DO',
  'EC',
  'GT',
  'HN',
  'MX',
  'NI',
  'PA',
  'PE',
  'PR',
  'PY',
  'SV',
  'US',
  'UY',
  'VE',
]);
/** Languages whose catalog is the bare language code. */
const byLanguage = new Set<string>(['en', 'fr', 'tr', 'id', 'ms', 'vi', 'th', 'hi', 'ar']);

/** The catalog for a BCP 47 tag, following the fallback chain. */
export function resolveLocale(tag: string | null | undefined): Locale {
  const [language = '', region = ''] = (tag ?? '').replace(/_/g, '-').split('-');
  const lang = language.toLowerCase();
  if (lang === 'es') return americas.has(region.toUpperCase()) ? 'es-419' : 'es';
  if (lang === 'pt') return 'pt-BR';
  if (lang === 'zh') return 'zh-CN';
  // `in` is Indonesian's old code, still sent by some Android WebViews.
  if (lang === 'in') return 'id';
  return byLanguage.has(lang) ? (lang as Locale) : 'en';
}
