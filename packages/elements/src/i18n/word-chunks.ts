/**
 * Words that only one lazy part of the checkout speaks (a subscription's sign-up, a returning
 * payer's saved methods, the payer's details, the installments), kept out of the catalogs: each language a small chunk of its own, asked
 * for once, the first time that part speaks it, so that a checkout that never draws the part
 * downloads none of them. English is in the part's own chunk and stands in for a language whose
 * words cannot be loaded (asked again next time).
 */
import type { Locale } from './locales.js';

type Loader<T> = () => Promise<{ default: T }>;
export type WordLoaders<T> = Readonly<Record<Exclude<Locale, 'en'>, Loader<T>>>;

/** How long after English failed to load it is asked again (as the catalogs do, i18n/index.ts). */
const RETRY_AFTER_MS = 10_000;

export class WordChunks<T extends object> {
  readonly #loaders: Partial<Record<Locale, Loader<T>>>;
  readonly #loaded = new Map<Locale, T>();
  readonly #loading = new Map<Locale, Promise<void>>();

  /**
   * `en`: English's words, or how to load them: then English is a chunk too, downloaded only by
   * an English shopper, or to stand in for a language that cannot be loaded.
   */
  constructor(en: T | Loader<T>, loaders: WordLoaders<T>) {
    this.#loaders = { ...loaders };
    if (typeof en === 'function') this.#loaders.en = en as Loader<T>;
    else this.#loaded.set('en', en);
  }

  /** The words of `locale` when loaded (English until then). */
  words(locale: Locale): T {
    return this.#loaded.get(locale) ?? this.#loaded.get('en')!;
  }

  /**
   * Loads the words of `locale`, once; undefined when they are here already. Words that cannot
   * be loaded are asked again next time, English standing in meanwhile (loaded then, if it is a
   * chunk: when even English cannot be, it settles only once it has, each try 10 s after the last).
   */
  load(locale: Locale): Promise<void> | undefined {
    if (this.#loaded.has(locale)) return undefined;
    let pending = this.#loading.get(locale);
    if (!pending) {
      pending = this.#loaders[locale]!()
        .then((module) => void this.#loaded.set(locale, module.default))
        .catch(() => {
          this.#loading.delete(locale);
          return locale !== 'en'
            ? this.load('en')
            : new Promise<void>((resolve) => setTimeout(resolve, RETRY_AFTER_MS)).then(() =>
                this.load('en'),
              );
        });
      this.#loading.set(locale, pending);
    }
    return pending;
  }
}
