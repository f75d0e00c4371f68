/** The language an element speaks: its own `lang`, else the nearest ancestor's (across shadow roots), else the page's. */
export function inheritedLang(element: Element): string | undefined {
  let node: Node | null = element;
  while (node) {
    if (node instanceof Element && node.getAttribute('lang')) return node.getAttribute('lang')!;
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return globalThis.navigator?.language;
}
