/**
 * The card frame's loaders (lazy.ts), handed in by its script (card-frame.ts, built as
 * `paylit.frame.js`): the frame's opaque origin cannot load the script-tag file's ES module
 * chunks (test/frame-platform.spec.ts), so the marks and the encryption are inside the frame
 * script, and the catalog is the one the page sent (frame-protocol.ts `configure`), checked
 * against English's shape on arrival and kept here by `give`. The frame's fields are in page
 * mode: no installments, outcome or frame of their own.
 */
import type { Messages } from '../i18n/en.js';
import type { Locale } from '../i18n/locales.js';
import { provideCatalogs } from '../i18n/index.js';
import { provideLoaders, type Chunks } from '../internal/lazy.js';
import { brandMark, cvvMark } from '../internal/marks.js';
import * as encryption from '../internal/encryption.js';

const given = new Map<string, Messages>();

/** The catalog of `locale`, as the page sent it. */
export function give(locale: Locale, messages: Messages): void {
  given.set(locale, messages);
}

// The card fields draw brand marks and the CVV hint; the wallet picker's marks and look stay out.
const chunks: Partial<{ readonly [K in keyof Chunks]: Chunks[K] }> = {
  marks: { brandMark, cvvMark } as Partial<Chunks['marks']> as Chunks['marks'],
  crypto: encryption,
};

provideLoaders({
  chunk: (name) =>
    chunks[name]
      ? Promise.resolve(chunks[name])
      : Promise.reject(new Error(`the card frame has no ${name}`)),
  frameScript: () => {
    throw new Error('the card frame has no frame of its own');
  },
});
provideCatalogs((locale) =>
  given.has(locale)
    ? Promise.resolve(given.get(locale)!)
    : Promise.reject(new Error(`the page sent no ${locale} catalog`)),
);
