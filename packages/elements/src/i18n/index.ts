/**
 * The elements' strings in 13 languages, and how a `lang` finds its catalog: the language,
 * then Latin American Spanish for any Spanish of the Americas (es-AR → es-419 → es),
 * Brazilian Portuguese for any Portuguese, simplified Chinese for any Chinese, then English.
 *
 * English is built in (every other catalog must match it, and it is the fallback); the
 * others load as their own chunk the first time an element needs them (`loadCatalog`).
 */
import { DEV, issueWarning } from '../internal/dev.js';
import { en, type Messages } from './en.js';
import { resolveLocale, rightToLeft, type Locale } from './locales.js';

export type { Messages } from './en.js';
export { locales, resolveLocale, type Locale } from './locales.js';
export { format } from './format.js';

/** Where the catalogs but English come from: each entry hands its loader in (`provideCatalogs`). */
export type CatalogLoader = (locale: Exclude<Locale, 'en'>) => Promise<Messages>;
let importCatalog: CatalogLoader = (locale) =>
  Promise.reject(new Error(`no entry of @paylit/elements handed in a loader for ${locale}`));

/**
 * Called by each entry beside its other loaders (internal/lazy.ts): the ES modules' and the
 * script-tag file's `import()`s (internal/imports.ts), the card frame's catalog sent by the page.
 */
export function provideCatalogs(loader: CatalogLoader): void {
  importCatalog = loader;
}

const loaded = new Map<Locale, Messages>([['en', en]]);
const loading = new Map<Locale, Promise<void>>();
/** When a catalog last failed to load: English until a later try succeeds. */
const failed = new Map<Locale, number>();
const RETRY_AFTER_MS = 10_000;

/** The catalog's messages if loaded, else English's. */
export function messages(locale: Locale): Messages {
  return loaded.get(locale) ?? en;
}

/**
 * Starts loading `locale`'s catalog; the promise settles once `messages(locale)` has it
 * (or, if it cannot be loaded, once English will stand in). Nothing to wait for: undefined.
 */
export function loadCatalog(locale: Locale): Promise<void> | undefined {
  if (loaded.has(locale) || locale === 'en') return undefined;
  if (Date.now() - (failed.get(locale) ?? -Infinity) < RETRY_AFTER_MS) return undefined;
  let pending = loading.get(locale);
  if (!pending) {
    pending = importCatalog(locale).then(
      (catalog) => void loaded.set(locale, catalog),
      (error: unknown) => {
        failed.set(locale, Date.now());
        if (DEV)
          issueWarning(
            `catalog-${locale}`,
            `the ${locale} messages could not be loaded (${String(error)}), so English is shown. With the script-tag file, serve paylit.${locale}.js beside paylit.js.`,
            'languages',
          );
      },
    );
    pending.finally(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

/** `rtl` for a language written right to left. */
export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return rightToLeft.has(locale) ? 'rtl' : 'ltr';
}

/** The messages for a BCP 47 tag, once its catalog has loaded (English if it cannot be). */
export async function messagesFor(tag: string | null | undefined): Promise<Messages> {
  const locale = resolveLocale(tag);
  await loadCatalog(locale);
  return messages(locale);
}
