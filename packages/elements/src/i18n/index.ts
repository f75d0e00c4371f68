/**
 * The elements' strings in en, es, es-419 and pt-BR, and how a `lang` finds its catalog:
 * the exact tag, then Latin American Spanish for any Spanish of the Americas
 * (es-AR → es-419 → es), Brazilian Portuguese for any Portuguese, then English.
 */
import { en, type Messages } from './en.js';
import { es } from './es.js';
import { es419 } from './es-419.js';
import { ptBR } from './pt-BR.js';

export type { Messages } from './en.js';

export const catalogs: Readonly<Record<string, Messages>> = { en, es, 'es-419': es419, 'pt-BR': ptBR };
export type Locale = 'en' | 'es' | 'es-419' | 'pt-BR';

/** Regions of the Americas, whose Spanish is es-419. */
const americas = new Set(['419', 'AR', 'BO', 'CL', 'CO', 'CR', 'CU', 'DO', 'EC', 'GT', 'HN', 'MX', 'NI', 'PA', 'PE', 'PR', 'PY', 'SV', 'US', 'UY', 'VE']);

/** The catalog for a BCP 47 tag, following the fallback chain. */
export function resolveLocale(tag: string | null | undefined): Locale {
  const [language = '', region = ''] = (tag ?? '').replace(/_/g, '-').split('-');
  const lang = language.toLowerCase();
  const reg = region.toUpperCase();
  if (lang === 'es') return americas.has(reg) ? 'es-419' : 'es';
  if (lang === 'pt') return 'pt-BR';
  return 'en';
}

/** A message with `{name}` placeholders filled. */
export function format(message: string, params: Readonly<Record<string, string | number>> = {}): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function messages(locale: Locale): Messages {
  return catalogs[locale] ?? en;
}
