/**
 * Words that only one lazy part of the checkout speaks (a subscription's sign-up, a returning
 * payer's saved methods), kept out of the catalogs: each language a small chunk of its own, asked
 * for once, the first time that part speaks it, so that a checkout that never draws the part
 * downloads none of them. English is in the part's own chunk and stands in for a language whose
 * words cannot be loaded (asked again next time).
 */
import type { Locale } from './locales.js';

export type WordLoaders<T> = Readonly<Record<Exclude<Locale, 'en'>, () => Promise<{ default: T }>>>;

export class WordChunks<T> {
  readonly #loaders: WordLoaders<T>;
  readonly #loaded: Map<Locale, T>;
  readonly #loading = new Map<Locale, Promise<void>>();

  constructor(en: T, loaders: WordLoaders<T>) {
    this.#loaders = loaders;
    this.#loaded = new Map([['en', en]]);
  }

  /** The words of `locale` when loaded (English until then). */
  words(locale: Locale): T {
    return this.#loaded.get(locale) ?? this.#loaded.get('en')!;
  }

  /** Loads the words of `locale`, once; undefined when they are here already. */
  load(locale: Locale): Promise<void> | undefined {
    if (this.#loaded.has(locale)) return undefined;
    let pending = this.#loading.get(locale);
    if (!pending) {
      pending = this.#loaders
        [locale as Exclude<Locale, 'en'>]()
        .then((module) => void this.#loaded.set(locale, module.default))
        .catch(() => {
          this.#loading.delete(locale);
        });
      this.#loading.set(locale, pending);
    }
    return pending;
  }
}
