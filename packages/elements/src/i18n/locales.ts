/** Every language the elements speak, by BCP 47 tag, and which of them are written right to left. */
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
