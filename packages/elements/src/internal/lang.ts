import { resolveLocale } from '../i18n/locales.js';

/** The language an element speaks: its own `lang`, else the nearest ancestor's (across shadow roots), else the page's. */
export function inheritedLang(element: Element): string | undefined {
  let node: Node | null = element;
  while (node) {
    if (node instanceof Element && node.getAttribute('lang')) return node.getAttribute('lang')!;
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return globalThis.navigator?.language;
}

/**
 * The `lang` property of every element: reflected, so that `:lang()` and assistive
 * technology see the language chosen, but never as `lang=""`, which would declare the
 * element's text to be in an unknown language instead of inheriting the page's.
 */
export const langProperty = {
  reflect: true,
  converter: { toAttribute: (value: string | null) => value || null },
} as const;

/** The last tag `intlLang` read, and what it answered: an element asks at each drawing. */
let read: [string, string] | undefined;

/**
 * A `lang` as `Intl` reads it, for the amounts and dates: `pt_BR` (a locale as Java, PHP and
 * gettext write it, which the catalogs read as pt-BR) is `pt-BR`, and a tag `Intl` refuses is
 * its catalog's (`resolveLocale`), rather than a `RangeError` at each drawing.
 */
export function intlLang(tag: string | undefined): string | undefined {
  if (!tag) return tag;
  if (read?.[0] === tag) return read[1];
  const dashed = tag.replace(/_/g, '-');
  let usable: string;
  try {
    usable = Intl.getCanonicalLocales(dashed).length ? dashed : resolveLocale(dashed);
  } catch {
    usable = resolveLocale(dashed);
  }
  read = [tag, usable];
  return usable;
}
