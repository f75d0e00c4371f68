/**
 * The elements' strings in 13 languages, and how a `lang` finds its catalog: the language,
 * then Latin American Spanish for any Spanish of the Americas (es-AR → es-419 → es),
 * Brazilian Portuguese for any Portuguese, simplified Chinese for any Chinese, then English.
 *
 * Each catalog, English's too, is its own chunk, loaded the first time an element speaks it
 * (`loadCatalog`): a shopper downloads their language alone. English's is the reference every
 * other must match (`Messages`) and the one that stands in when another cannot be loaded.
 */
import { DEV, issueWarning } from '../internal/dev.js';
import type { Messages } from './en.js';
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

/** English, the same way in every build: one `import()`, a chunk of its own. */
const importEnglish = (): Promise<Messages> => import('./en.js').then((module) => module.en);

const loaded = new Map<Locale, Messages>();
const loading = new Map<Locale, Promise<void>>();
/** When a catalog last failed to load: English until a later try succeeds. */
const failed = new Map<Locale, number>();
const RETRY_AFTER_MS = 10_000;

/** No catalog is here yet: an element read its words before `loadCatalog` settled. */
export class CatalogNotLoadedError extends Error {
  override name = 'CatalogNotLoadedError';
  constructor(locale: Locale) {
    super(`@paylit/elements read the ${locale} messages before any catalog had loaded`);
  }
}

/** The catalog's messages if loaded, else English's (loaded before any render that reads them). */
export function messages(locale: Locale): Messages {
  const catalog = loaded.get(locale) ?? loaded.get('en');
  if (!catalog) throw new CatalogNotLoadedError(locale);
  return catalog;
}

/**
 * Starts loading `locale`'s catalog; the promise settles once `messages(locale)` has it, or,
 * if it cannot be loaded, once English stands in. When no catalog at all can be loaded (the
 * network is gone), it settles only once one has: nothing can be said without words, and each
 * try comes `RETRY_AFTER_MS` after the last. Nothing to wait for: undefined.
 */
export function loadCatalog(locale: Locale): Promise<void> | undefined {
  if (loaded.has(locale)) return undefined;
  const english = locale === 'en';
  if (Date.now() - (failed.get(locale) ?? -Infinity) < RETRY_AFTER_MS)
    return english
      ? new Promise<void>((resolve) => setTimeout(resolve, RETRY_AFTER_MS)).then(() =>
          loadCatalog('en'),
        )
      : loadCatalog('en');
  let pending = loading.get(locale);
  if (!pending) {
    pending = (english ? importEnglish() : importCatalog(locale)).then(
      (catalog) => void loaded.set(locale, catalog),
      (error: unknown) => {
        failed.set(locale, Date.now());
        if (DEV)
          issueWarning(
            `catalog-${locale}`,
            english
              ? `the English messages could not be loaded (${String(error)}): the elements wait to draw until they can be. With the script-tag file, serve paylit.en.js beside paylit.js.`
              : `the ${locale} messages could not be loaded (${String(error)}), so English is shown. With the script-tag file, serve paylit.${locale}.js beside paylit.js.`,
            'languages',
          );
        return loadCatalog(locale);
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
