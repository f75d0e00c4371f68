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
