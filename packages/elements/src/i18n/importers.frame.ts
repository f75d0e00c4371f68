/**
 * The card frame's catalogs (frame/card-frame.ts): its opaque origin cannot load the language
 * chunks, so the page sends the catalog it has loaded (frame-protocol.ts `configure`), checked
 * against English's shape on arrival, and `give` keeps it for the fields to load here.
 */
import type { Locale, Messages } from './index.js';
import { locales } from './locales.js';

const given = new Map<string, Messages>();

/** The catalog of `locale`, as the page sent it. */
export function give(locale: Locale, messages: Messages): void {
  given.set(locale, messages);
}

export const importers = Object.fromEntries(
  locales
    .filter((l) => l !== 'en')
    .map((l) => [
      l,
      () =>
        given.has(l)
          ? Promise.resolve({ default: given.get(l)! })
          : Promise.reject(new Error(`the page sent no ${l} catalog`)),
    ]),
) as Readonly<Record<Exclude<Locale, 'en'>, () => Promise<{ default: Messages }>>>;
